import { getAddress, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../../createStrait.ts';
import { createTestStrait } from '../../../test/testStrait.ts';
import { DLN_SOURCE } from './debridgeChains.ts';
import { startDebridgeFake, type DebridgeFake } from './debridgeFake.ts';
import { whyNotDebridgeCall } from './debridgeOrderCalls.ts';

/**
 * deBridge through the whole service: quote, build and submit against its loopback fake. A build whose
 * order pays another receiver or chain is refused (502 unsafe_venue_answer, the venue marked
 * degraded), and a stored step that no longer matches the transfer is refused at submit.
 */

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const RECIPIENT = getAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
const EVIL = getAddress('0x00000000000000000000000000000000000bad00');

let fake: DebridgeFake;
let strait: Strait;
beforeAll(async () => {
  fake = await startDebridgeFake();
  strait = await createTestStrait({ STRAIT_VENUE_DEBRIDGE_BASE_URL: fake.url, STRAIT_QUOTE_MIN_WAIT_MS: '0' });
});
afterAll(async () => {
  await strait.close();
  await fake.close();
});

const post = async <T>(url: string, payload: object) => {
  const response = await strait.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() as T };
};

interface Build {
  transferId: string;
  venue: string;
  steps: { step: string; to: Hex; data: Hex; value: string; chainId: number }[];
  error?: { code: string; message: string };
}

async function build(): Promise<{ status: number; body: Build }> {
  const quote = await post<{ decisionId: string; best: { venue: string } | null; rejected: unknown }>('/v1/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken: 'ETH', toToken: 'ETH', amountAtomic: '1000000000000000000', sender: USER, recipient: RECIPIENT });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  expect(quote.body.best?.venue, JSON.stringify(quote.body.rejected)).toBe('debridge');
  return post<Build>('/v1/bridge/build', { decisionId: quote.body.decisionId });
}

describe('deBridge end to end against its fake', () => {
  it('builds one checked DlnSource call carrying the amount (give plus flat fee), no approval', async () => {
    fake.setOptions({});
    const { status, body } = await build();
    expect(status, JSON.stringify(body)).toBe(200);
    const main = body.steps.find((s) => s.step === 'main')!;
    expect(main.to).toBe(DLN_SOURCE);
    expect(body.steps.some((s) => s.step === 'approve')).toBe(false);
    expect(whyNotDebridgeCall(main.data, BigInt(main.value), { sourceChainId: 8453, sourceToken: null, amount: BigInt(main.value), recipient: RECIPIENT, destinationChainId: 42161 })).toBeNull();
  });

  it.each([
    ['another receiver', { receiverDst: EVIL as Hex }],
    ['another destination chain', { takeChainId: 10n }],
    ['a hook', { externalCall: '0x01' as Hex }],
  ])('refuses a built order with %s: 502 unsafe_venue_answer, nothing built', async (_name, tamper) => {
    fake.setOptions({ tamper });
    const refusalsBefore = strait.deps.venues.get('debridge')?.health?.refusals ?? 0;
    const { status, body } = await build();
    expect(status, JSON.stringify(body)).toBe(502);
    expect(body.error?.code).toBe('unsafe_venue_answer');
    expect(strait.deps.venues.get('debridge')?.health?.refusals).toBe(refusalsBefore + 1);
  });

  it('checks the stored order again at submit and broadcasts nothing when it pays someone else', async () => {
    fake.setOptions({});
    const { body } = await build();
    const main = body.steps.find((s) => s.step === 'main')!;
    const evilData = main.data.replace(new RegExp(RECIPIENT.slice(2), 'gi'), EVIL.slice(2).toLowerCase()) as Hex;
    expect(evilData).not.toBe(main.data);
    await strait.deps.store.db
      .updateTable('transfer_steps')
      .set({ payload: JSON.stringify({ vm: 'evm', step: 'main', chainId: 8453, to: DLN_SOURCE, data: evilData, value: main.value }) })
      .where('transfer_id', '=', body.transferId)
      .where('kind', '=', 'main')
      .execute();
    const submit = await post<{ error: { code: string; message: string } }>(`/v1/bridge/transfers/${body.transferId}/submit`, { step: 'main', txHash: `0x${'05'.repeat(32)}` });
    expect(submit.status, JSON.stringify(submit.body)).toBe(409);
    expect(submit.body.error.code).toBe('step_not_allowed');
    expect(submit.body.error.message).toMatch(/not the recipient/);
  });

  it('an honest stored call passes the submit check', async () => {
    fake.setOptions({});
    const { body } = await build();
    const submit = await post<{ accepted: boolean }>(`/v1/bridge/transfers/${body.transferId}/submit`, { step: 'main', txHash: `0x${'06'.repeat(32)}` });
    expect(submit.status, JSON.stringify(submit.body)).toBe(200);
  });
});
