import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { createTestStrait } from '../../../test/testStrait.ts';
import { itChecksTheStoredCallAtSubmit, itRefusesTamperedCalls, serviceTransferHarness, TRANSFER_EVIL, TRANSFER_EXPECTED, TRANSFER_RECIPIENT, TRANSFER_USER, type BuiltTransfer } from '../fake/serviceTransferHarness.ts';
import { startRubicFake } from './rubicFake.ts';
import { whyNotRubicEntryCall } from './rubicProxyCalls.ts';

/**
 * Rubic through the whole service: quote, build and submit against its loopback fake. A build whose
 * proxy call pays another recipient, chain, token or amount is refused (502 unsafe_venue_answer, the
 * venue marked degraded), and a stored step that no longer matches the transfer is refused at submit.
 */

const ERC20_PROXY = '0x3335733c454805df6a77f825f266e136FB4a3333';
const BASE_DIAMOND = '0xAf14797CcF963B1e3d028a9d51853acE16aedBA1';
const REFERRER = '0x5555555555555555555555555555555555555555';
/** The recorded quote's fixed fee on Base (0.0012 ETH). */
const FIXED_FEE = 1_200_797_329_426_739n;

const harness = serviceTransferHarness({
  venue: 'rubic',
  startFake: () => startRubicFake(),
  // A key lifts Rubic's keyless budget (10 calls a minute), which these tests would spend.
  startStrait: (url) => createTestStrait({ STRAIT_FEE_WALLET_BASE: '0x9999999999999999999999999999999999999999', STRAIT_VENUE_RUBIC_BASE_URL: url, STRAIT_VENUE_RUBIC_API_KEY: 'test-key', STRAIT_QUOTE_MIN_WAIT_MS: '0' }),
});

describe('rubic end to end against its fake', () => {
  it('builds an exact approve of the ERC20Proxy plus one checked startViaRubic call', async () => {
    const { main } = await harness.buildHonestly();
    expect(main.to).toBe(ERC20_PROXY);
    expect(whyNotRubicEntryCall(main.data, 0n, TRANSFER_EXPECTED)).toBeNull();
  });

  itRefusesTamperedCalls(harness, [
    ['another recipient', { receiver: TRANSFER_EVIL }],
    ['another destination chain', { destinationChainId: 10n }],
    ['another token', { sendingAssetId: '0x0000000000000000000000000000000000000000' as Hex }],
    ['another amount', { minAmount: 1n }],
  ]);

  itChecksTheStoredCallAtSubmit(harness, { callName: 'call', to: ERC20_PROXY });

  it("builds a route with Rubic's fixed fee: the main call's value is the fee, stated as nativeFeeAtomic; a larger stored value is refused at submit", async () => {
    harness.fake.setOptions({ fixedFeeWei: FIXED_FEE });
    const { status, body } = await harness.build();
    expect(status, JSON.stringify(body)).toBe(200);
    expect((body as { nativeFeeAtomic?: string }).nativeFeeAtomic).toBe(FIXED_FEE.toString());
    const main = body.steps.find((s) => s.step === 'main')!;
    expect(main.value).toBe(FIXED_FEE.toString());
    await harness.strait.deps.store.db
      .updateTable('transfer_steps')
      .set({ payload: JSON.stringify({ vm: 'evm', step: 'main', chainId: 8453, to: ERC20_PROXY, data: main.data, value: (FIXED_FEE + 1n).toString() }) })
      .where('transfer_id', '=', body.transferId)
      .where('kind', '=', 'main')
      .execute();
    const submit = await harness.post<{ error: { code: string; message: string } }>(`/v1/bridge/transfers/${body.transferId}/submit`, { step: 'main', txHash: `0x${'09'.repeat(32)}` });
    expect(submit.status, JSON.stringify(submit.body)).toBe(409);
    expect(submit.body.error.code).toBe('step_not_allowed');
    expect(submit.body.error.message).toMatch(/native fee/);
  });

  it("requires at submit exactly the value built for a native source: a stored value raised by the referral cut (still within the input plus the fee) is refused", async () => {
    harness.fake.setOptions({ fixedFeeWei: FIXED_FEE, nativeDirect: true });
    const amountIn = 10n ** 17n;
    const quote = await harness.post<{ decisionId: string; best: { venue: string } | null; fees: { referral: { amountAtomic: string } | null } }>('/v1/bridge/quote', {
      fromChain: 'base', toChain: 'arbitrum', fromToken: 'ETH', toToken: 'ETH', amountAtomic: amountIn.toString(), sender: TRANSFER_USER, recipient: TRANSFER_RECIPIENT, referralWallet: REFERRER, referralBps: 10,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.best?.venue).toBe('rubic');
    const referral = BigInt(quote.body.fees.referral?.amountAtomic ?? '0');
    expect(referral).toBeGreaterThan(0n);
    const { status, body } = await harness.post<BuiltTransfer>('/v1/bridge/build', { decisionId: quote.body.decisionId });
    expect(status, JSON.stringify(body)).toBe(200);
    const main = body.steps.find((s) => s.step === 'main')!;
    expect(main.to).toBe(BASE_DIAMOND);
    expect(BigInt(main.value)).toBe(amountIn - referral + FIXED_FEE);
    const storeValue = (value: bigint) =>
      harness.strait.deps.store.db
        .updateTable('transfer_steps')
        .set({ payload: JSON.stringify({ vm: 'evm', step: 'main', chainId: 8453, to: BASE_DIAMOND, data: main.data, value: value.toString() }) })
        .where('transfer_id', '=', body.transferId)
        .where('kind', '=', 'main')
        .execute();
    const fee = await harness.post<{ accepted: boolean }>(`/v1/bridge/transfers/${body.transferId}/submit`, { step: 'fee', txHash: `0x${'0b'.repeat(32)}` });
    expect(fee.status, JSON.stringify(fee.body)).toBe(200);
    // The user would pay the referral twice: once in its fee step, once more inside Rubic's call.
    await storeValue(amountIn + FIXED_FEE);
    const raised = await harness.post<{ error: { code: string; message: string } }>(`/v1/bridge/transfers/${body.transferId}/submit`, { step: 'main', txHash: `0x${'0a'.repeat(32)}` });
    expect(raised.status, JSON.stringify(raised.body)).toBe(409);
    expect(raised.body.error.code).toBe('step_not_allowed');
    expect(raised.body.error.message).toMatch(/fixed fees of 1200797329426739/);
    await storeValue(amountIn - referral + FIXED_FEE);
    const honest = await harness.post<{ accepted: boolean }>(`/v1/bridge/transfers/${body.transferId}/submit`, { step: 'main', txHash: `0x${'0c'.repeat(32)}` });
    expect(honest.status, JSON.stringify(honest.body)).toBe(200);
  });
});
