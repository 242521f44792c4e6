import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { createStatusWorker, type StatusWorker } from '../src/engine/statusWorker.ts';
import type { Venue, VenueStatus } from '../src/venues/Venue.ts';
import type { VenueStandIn } from '../src/venues/VenueModule.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * Every terminal move of spec §3 and the fee rows beside it, driven through the worker with a venue
 * double on a controlled clock: refund, partial fill, failure, an unknown venue status, a long outage.
 */

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const REFERRER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const FEE_WALLET = '0x000000000000000000000000000000000000FEE1';
const TARGET = '0x00000000000000000000000000000000000B00C1';
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
let clock = 1_800_000_000_000;
let counter = 0;
const statuses = new Map<string, VenueStatus | Error>();
const polls = new Map<string, number>();
const pending = (venueStatus = 'pending', detail: string | null = null): VenueStatus => ({ state: 'pending', venueStatus, destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail });

const double: VenueStandIn = {
  id: 'relay',
  defaultBaseUrl: 'http://127.0.0.1:1',
  allowList: { calls: [{ chainId: 8453, to: TARGET, selectors: ['0x12345678'] }], transferRecipients: [] },
  create(): Venue {
    return {
      id: 'relay',
      supports: () => ({ served: true }),
      coverage: () => ({ origins: ['base'], tokenSymbols: () => ['USDC'] }),
      quote: async (r) => ({ amountIn: r.amountIn, amountOut: r.amountIn - 1_000n, minAmountOut: r.amountIn - 2_000n, estimatedSeconds: 20, expiresAt: null, context: {} }),
      build: async (r) => ({ shape: 'steps', steps: [{ vm: 'evm', step: 'main', chainId: 8453, to: TARGET, data: '0x12345678', value: 0n }], approval: null, amountOut: r.quote.amountOut, minAmountOut: r.quote.minAmountOut, context: { order: `o-${++counter}` } }),
      status: async (request) => {
        const order = String(request.context.order);
        polls.set(order, (polls.get(order) ?? 0) + 1);
        const next = statuses.get(order) ?? pending();
        if (next instanceof Error) throw next;
        return next;
      },
    };
  },
};

let strait: Strait;
let worker: StatusWorker;
beforeAll(async () => {
  strait = await createTestStrait({ STRAIT_FEE_WALLET_BASE: FEE_WALLET, STRAIT_RATE_LIMIT_PER_MINUTE: '0', STRAIT_QUOTE_MIN_WAIT_MS: '0' }, [double]);
  (strait.deps as { now: () => number }).now = () => clock;
  worker = createStatusWorker(strait.deps, { leaseMs: 60_000, batchSize: 50 });
});
afterAll(async () => {
  await strait.close();
});

const post = (url: string, payload: object) => strait.app.inject({ method: 'POST', url, payload });
interface TransferView {
  status: string;
  statusDetail: string | null;
  receivedAmountAtomic: string | null;
  receivedAsset: string | null;
  destinationTxHash: string | null;
  fees: { kind: string; status: string; txHash: string | null }[];
}
const read = async (id: string) => (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${id}` })).json() as TransferView;

/** A referred transfer (so it carries a referral fee row), built and, unless told, with its fee step and main step submitted. */
async function transfer(options: { signFee?: boolean } = {}): Promise<{ id: string; order: string }> {
  const quote = (await post('/v1/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '5000000', sender: USER, recipient: USER, referralWallet: REFERRER, referralBps: 10 })).json() as { decisionId: string };
  const build = (await post('/v1/bridge/build', { decisionId: quote.decisionId })).json() as { transferId: string; steps: { step: string }[] };
  expect(build.steps.map((s) => s.step)).toEqual(['fee', 'main']);
  const id = build.transferId;
  if (options.signFee !== false) expect((await post(`/v1/bridge/transfers/${id}/submit`, { step: 'fee', txHash: hash(++counter) })).statusCode).toBe(200);
  expect((await post(`/v1/bridge/transfers/${id}/submit`, { step: 'main', txHash: hash(++counter) })).json()).toMatchObject({ status: 'SUBMITTED' });
  const order = `o-${counter - (options.signFee !== false ? 2 : 1)}`;
  return { id, order };
}

describe('transfer lifecycle', () => {
  it('completes: the signed fee row settles with the transaction that paid it', async () => {
    const { id, order } = await transfer();
    statuses.set(order, pending('waiting'));
    await worker.tick();
    expect(await read(id)).toMatchObject({ status: 'PENDING', statusDetail: 'relay reports waiting' });
    statuses.set(order, { state: 'completed', venueStatus: 'success', destinationTxHash: hash(99), receivedAmount: 4_990_000n, receivedAsset: null, detail: null });
    clock += 60_000;
    await worker.tick();
    const done = await read(id);
    expect(done).toMatchObject({ status: 'COMPLETED', receivedAmountAtomic: '4990000', destinationTxHash: hash(99) });
    expect(done.fees).toEqual([expect.objectContaining({ kind: 'referral', status: 'settled', txHash: expect.stringMatching(/^0x/) })]);
  });

  it('refuses the main step while a fee step is unsigned (fee_steps_required), so no referral is voided by omission', async () => {
    const quote = (await post('/v1/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '5000000', sender: USER, recipient: USER, referralWallet: REFERRER, referralBps: 10 })).json() as { decisionId: string };
    const build = (await post('/v1/bridge/build', { decisionId: quote.decisionId })).json() as { transferId: string; steps: { step: string }[] };
    const refused = await post(`/v1/bridge/transfers/${build.transferId}/submit`, { step: 'main', txHash: hash(++counter) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'fee_steps_required', details: { missingSteps: [{ stepIndex: 0, kind: 'fee', feeKind: 'referral', reason: 'not_submitted' }] } });
    expect(await read(build.transferId)).toMatchObject({ status: 'PENDING_SIGNATURE', fees: [{ kind: 'referral', status: 'offered', txHash: null }] });
    // Once the fee step is in, the same main transaction is accepted.
    expect((await post(`/v1/bridge/transfers/${build.transferId}/submit`, { step: 'fee', txHash: hash(++counter) })).statusCode).toBe(200);
    expect((await post(`/v1/bridge/transfers/${build.transferId}/submit`, { step: 'main', txHash: hash(counter - 1) })).json()).toMatchObject({ accepted: true, status: 'SUBMITTED' });
  });

  it('refunds: fee rows void, the venue detail kept', async () => {
    const { id, order } = await transfer();
    statuses.set(order, { state: 'refunded', venueStatus: 'refund', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'refunded to the sender on base' });
    await worker.tick();
    const t = await read(id);
    expect(t).toMatchObject({ status: 'REFUNDED', statusDetail: 'refunded to the sender on base' });
    expect(t.fees.map((f) => f.status)).toEqual(['void']);
  });

  it('records a partial fill with what and how much arrived', async () => {
    const { id, order } = await transfer();
    const weth = '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1';
    statuses.set(order, { state: 'partial', venueStatus: 'success', destinationTxHash: hash(97), receivedAmount: 1_000n, receivedAsset: weth, detail: 'delivered WETH instead of USDC' });
    await worker.tick();
    expect(await read(id)).toMatchObject({ status: 'PARTIAL', receivedAmountAtomic: '1000', receivedAsset: weth, statusDetail: 'delivered WETH instead of USDC' });
  });

  it('fails when the venue says so', async () => {
    const { id, order } = await transfer();
    statuses.set(order, { state: 'failed', venueStatus: 'failure', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: null });
    await worker.tick();
    expect(await read(id)).toMatchObject({ status: 'FAILED', statusDetail: 'relay reports failure' });
  });

  it('treats an unknown venue status as still pending, never terminal', async () => {
    const { id, order } = await transfer();
    statuses.set(order, pending('teleporting', 'relay reported an unknown status "teleporting"; still waiting'));
    await worker.tick();
    expect(await read(id)).toMatchObject({ status: 'PENDING', statusDetail: expect.stringContaining('teleporting') });
  });

  it('rides out a venue outage of hours of simulated time with few polls, overdue but never failed', async () => {
    const { id, order } = await transfer();
    statuses.set(order, new Error('relay is down'));
    const start = clock;
    while (clock - start < 3 * 3_600_000) {
      await worker.tick();
      clock += 30_000;
    }
    const t = await read(id);
    expect(t.status).toBe('SUBMITTED');
    expect(t.statusDetail).toMatch(/^overdue: relay status unavailable/);
    // Backoff: far fewer polls than ticks (360 ticks over three hours).
    expect(polls.get(order)).toBeLessThan(60);
    statuses.set(order, { state: 'completed', venueStatus: 'success', destinationTxHash: hash(96), receivedAmount: 4_990_000n, receivedAsset: null, detail: null });
    clock += 5 * 60_000;
    await worker.tick();
    expect((await read(id)).status).toBe('COMPLETED');
  });
});
