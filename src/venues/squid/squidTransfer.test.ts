import { getAddress, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../../createStrait.ts';
import { createTestStrait } from '../../../test/testStrait.ts';
import { startSquidFake, type SquidFake } from './squidFake.ts';
import { whyNotSquidRouterCall } from './squidRouterCalls.ts';

/**
 * Squid through the whole service: quote, build and submit against its loopback fake. A build whose
 * router call pays another recipient, chain, token or amount is refused (502 unsafe_venue_answer, the
 * venue marked degraded), and a stored step that no longer matches the transfer is refused at submit.
 */

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const RECIPIENT = getAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
const EVIL = getAddress('0x00000000000000000000000000000000000bad00');
const ROUTER = '0xce16F69375520ab01377ce7B88f5BA8C48F8D666';
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

let fake: SquidFake;
let strait: Strait;
beforeAll(async () => {
  fake = await startSquidFake();
  strait = await createTestStrait({ STRAIT_VENUE_SQUID_BASE_URL: fake.url, STRAIT_VENUE_SQUID_INTEGRATOR_ID: 'strait-test', STRAIT_QUOTE_MIN_WAIT_MS: '0' });
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
  const quote = await post<{ decisionId: string; best: { venue: string } | null; rejected: unknown }>('/v1/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '250000000', sender: USER, recipient: RECIPIENT });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  expect(quote.body.best?.venue, JSON.stringify(quote.body.rejected)).toBe('squid');
  return post<Build>('/v1/bridge/build', { decisionId: quote.body.decisionId });
}

describe('Squid end to end against its fake', () => {
  it('builds an exact approve plus one checked router call', async () => {
    fake.setOptions({});
    const { status, body } = await build();
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.steps.map((s) => s.step)).toEqual(['approve', 'main']);
    const [approve, main] = body.steps;
    expect(approve!.to).toBe(BASE_USDC);
    expect(main!.to).toBe(ROUTER);
    expect(whyNotSquidRouterCall(main!.data, 0n, { sourceChainId: 8453, sourceToken: BASE_USDC, amount: 250_000_000n, recipient: RECIPIENT, destinationChainId: 42161 })).toBeNull();
  });

  it.each([
    ['another recipient', { recipient: EVIL }],
    ['another destination chain', { destinationChain: 'optimism' }],
    ['another token', { token: '0x0000000000000000000000000000000000000001' as Hex }],
    ['another amount', { amount: 1n }],
  ])('refuses a built call that pays %s: 502 unsafe_venue_answer, nothing built', async (_name, tamper) => {
    fake.setOptions({ tamper });
    const refusalsBefore = strait.deps.venues.get('squid')?.health?.refusals ?? 0;
    const { status, body } = await build();
    expect(status, JSON.stringify(body)).toBe(502);
    expect(body.error?.code).toBe('unsafe_venue_answer');
    expect(strait.deps.venues.get('squid')?.health?.refusals).toBe(refusalsBefore + 1);
  });

  it('checks the stored router call again at submit and broadcasts nothing when it pays someone else', async () => {
    fake.setOptions({});
    const { body } = await build();
    const main = body.steps.find((s) => s.step === 'main')!;
    // The same call with the recipient swapped in the destination payload (sweep and refund recipient).
    const evilData = main.data.replaceAll(RECIPIENT.slice(2).toLowerCase(), EVIL.slice(2).toLowerCase()) as Hex;
    expect(evilData).not.toBe(main.data);
    await strait.deps.store.db
      .updateTable('transfer_steps')
      .set({ payload: JSON.stringify({ vm: 'evm', step: 'main', chainId: 8453, to: ROUTER, data: evilData, value: '0' }) })
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
