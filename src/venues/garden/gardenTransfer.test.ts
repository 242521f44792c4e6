import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { createTestStrait } from '../../../test/testStrait.ts';
import { BASE_USDC, itRefusesTamperedCalls, serviceTransferHarness, TRANSFER_EXPECTED } from '../fake/serviceTransferHarness.ts';
import { gardenAssetOf } from './gardenChains.ts';
import { startGardenFake } from './gardenFake.ts';
import { decodeInitiate, initiateCheckOf } from './gardenInitiateCall.ts';

/**
 * Garden through the whole service, 250 USDC Base → Arbitrum against its loopback fake: the build is
 * Strait's exact approval of the pinned Base USDC HTLC and that HTLC's `initiate` of exactly the
 * amount. An order whose initiate lies (amount, contract, chain, lock, function) is refused with
 * 502 unsafe_venue_answer and the venue marked degraded; a stored initiate rewritten to lock another
 * amount is refused at submit with nothing broadcast.
 */

const HTLC = gardenAssetOf({ chain: 'base', address: BASE_USDC })!.htlc!;

const harness = serviceTransferHarness({
  venue: 'garden',
  startFake: () => startGardenFake(),
  startStrait: (url) => createTestStrait({ STRAIT_VENUE_GARDEN_BASE_URL: url, STRAIT_VENUE_GARDEN_APP_ID: 'test-app-id', STRAIT_QUOTE_MIN_WAIT_MS: '0' }),
});

describe('Garden end to end against its fake', () => {
  it('builds an exact approve of the Base USDC HTLC plus its checked initiate of the amount', async () => {
    const { approve, main } = await harness.buildHonestly();
    expect(approve.to).toBe(BASE_USDC);
    expect(approve.data.toLowerCase()).toContain(HTLC.slice(2).toLowerCase());
    expect(main.to).toBe(HTLC);
    expect(BigInt(main.value)).toBe(0n);
    expect(decodeInitiate(main.data)?.amount).toBe(TRANSFER_EXPECTED.amount);
    expect(initiateCheckOf(gardenAssetOf({ chain: 'base', address: BASE_USDC })!)(main.data, 0n, TRANSFER_EXPECTED)).toBeNull();
  });

  it('asked the fake with the app id, for the one-click order of the quoted pair', () => {
    const order = harness.fake.server.requests.findLast((r) => r.method === 'POST' && r.path === '/v2/orders')!;
    expect(order.headers['garden-app-id']).toBe('test-app-id');
    expect(order.body).toMatchObject({ source: { asset: 'base:usdc', amount: '250000000' }, destination: { asset: 'arbitrum:usdc' } });
  });

  itRefusesTamperedCalls(harness, [
    ['another amount', 'amount'],
    ['into another contract', 'htlc'],
    ['on another chain', 'chain'],
    ['under a lock of months', 'timelock'],
    ['through another function', 'selector'],
  ]);

  it('checks the stored initiate again at submit and broadcasts nothing when it locks another amount', async () => {
    harness.fake.setOptions({});
    const { body } = await harness.build();
    const main = body.steps.find((s) => s.step === 'main')!;
    const word = TRANSFER_EXPECTED.amount.toString(16).padStart(64, '0');
    const more = (TRANSFER_EXPECTED.amount * 10n).toString(16).padStart(64, '0');
    const lying = main.data.replace(word, more) as Hex;
    expect(lying).not.toBe(main.data);
    await harness.strait.deps.store.db
      .updateTable('transfer_steps')
      .set({ payload: JSON.stringify({ vm: 'evm', step: 'main', chainId: 8453, to: HTLC, data: lying, value: '0' }) })
      .where('transfer_id', '=', body.transferId)
      .where('kind', '=', 'main')
      .execute();
    const submit = await harness.post<{ error: { code: string; message: string } }>(`/v1/bridge/transfers/${body.transferId}/submit`, { step: 'main', txHash: `0x${'07'.repeat(32)}` });
    expect(submit.status, JSON.stringify(submit.body)).toBe(409);
    expect(submit.body.error.code).toBe('step_not_allowed');
    expect(submit.body.error.message).toMatch(/locks 2500000000/);
  });

  it('from Bitcoin: builds the deposit of exactly the amount to the order\'s HTLC address', async () => {
    harness.fake.setOptions({});
    const quote = await harness.post<{ decisionId: string; best: { venue: string; amountOutAtomic: string } | null; rejected: unknown }>('/v1/bridge/quote', { fromChain: 'bitcoin', toChain: 'base', fromToken: 'BTC', toToken: 'USDC', amountAtomic: '100000', sender: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', recipient: TRANSFER_EXPECTED.recipient });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.best?.venue, JSON.stringify(quote.body.rejected)).toBe('garden');
    const built = await harness.post<{ deposit?: { address: string; amountAtomic: string; deadlineMs: number }; steps?: unknown[] }>('/v1/bridge/build', { decisionId: quote.body.decisionId });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const order = harness.fake.server.requests.findLast((r) => r.method === 'POST' && r.path === '/v2/orders')!;
    expect(order.body).toMatchObject({ source: { asset: 'bitcoin:btc', amount: '100000' }, destination: { asset: 'base:usdc', owner: TRANSFER_EXPECTED.recipient } });
    expect(built.body.deposit?.address).toMatch(/^bc1p/);
    expect(built.body.deposit?.amountAtomic).toBe('100000');
  });

  it('an honest stored initiate passes the submit check', async () => {
    harness.fake.setOptions({});
    const { body } = await harness.build();
    const submit = await harness.post<{ accepted: boolean }>(`/v1/bridge/transfers/${body.transferId}/submit`, { step: 'main', txHash: `0x${'08'.repeat(32)}` });
    expect(submit.status, JSON.stringify(submit.body)).toBe(200);
  });
});
