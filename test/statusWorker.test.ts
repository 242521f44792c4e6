import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { UNKNOWN_DEADLINE_GRACE_MS } from '../src/engine/fundsDeadline.ts';
import { createStatusWorker } from '../src/engine/statusWorker.ts';
import type { VenueStatus } from '../src/venues/Venue.ts';
import { createTestStrait } from './testStrait.ts';
import { venueDouble } from './venueDouble.ts';

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
// One transaction pays for one transfer, so every transfer here gets a hash of its own.
let hashes = 0;
const nextHash = () => `0x${(++hashes).toString(16).padStart(64, 'ab')}`;
let clock = 1_800_000_000_000;
let nextStatus: VenueStatus | Error = { state: 'pending', venueStatus: 'pending', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: null };

/** A venue double speaking the Venue interface directly: the worker is what is under test here. */
const scripted = venueDouble({
  status: async () => {
    if (nextStatus instanceof Error) throw nextStatus;
    return nextStatus;
  },
});

let strait: Strait;
beforeAll(async () => {
  strait = await createTestStrait({}, [scripted]);
  (strait.deps as { now: () => number }).now = () => clock;
});
afterAll(async () => {
  await strait.close();
});

async function submittedTransfer(): Promise<string> {
  const quote = await strait.app.inject({ method: 'POST', url: '/v1/bridge/quote', payload: { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '5000000', sender: USER, recipient: USER } });
  const build = await strait.app.inject({ method: 'POST', url: '/v1/bridge/build', payload: { decisionId: quote.json().decisionId } });
  const transferId = build.json().transferId as string;
  const submit = await strait.app.inject({ method: 'POST', url: `/v1/bridge/transfers/${transferId}/submit`, payload: { txHash: nextHash(), step: 'main' } });
  expect(submit.json()).toMatchObject({ accepted: true, status: 'SUBMITTED', verification: 'unverified_no_rpc' });
  return transferId;
}

const read = async (id: string) => (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${id}` })).json();

describe('status worker', () => {
  it('moves SUBMITTED → PENDING → COMPLETED with the delivery fields', async () => {
    const worker = createStatusWorker(strait.deps, { leaseMs: 60_000, batchSize: 50 });
    const id = await submittedTransfer();
    nextStatus = { state: 'pending', venueStatus: 'pending', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: null };
    await worker.tick();
    expect(await read(id)).toMatchObject({ status: 'PENDING', statusDetail: 'across reports pending' });
    clock += 60_000;
    nextStatus = { state: 'completed', venueStatus: 'filled', destinationTxHash: `0x${'cd'.repeat(32)}`, receivedAmount: 4_999_000n, receivedAsset: null, detail: null };
    await worker.tick();
    const done = await read(id);
    expect(done).toMatchObject({ status: 'COMPLETED', destinationTxHash: `0x${'cd'.repeat(32)}`, receivedAmountAtomic: '4999000', completedAt: clock });
    clock += 60_000;
    expect(await worker.tick()).toBe(0);
  });

  it('keeps a transfer non-terminal through venue outages and marks it overdue past the give-up deadline', async () => {
    const worker = createStatusWorker(strait.deps, { leaseMs: 60_000, batchSize: 50 });
    const id = await submittedTransfer();
    nextStatus = new Error('venue down');
    for (let i = 0; i < 30; i++) {
      await worker.tick();
      clock += 5 * 60_000;
    }
    const t = await read(id);
    expect(t.status).toBe('SUBMITTED');
    expect(t.statusDetail, JSON.stringify(t)).toMatch(/^overdue: /);
    nextStatus = { state: 'refunded', venueStatus: 'refunded', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'refunded to depositor' };
    await worker.tick();
    expect(await read(id)).toMatchObject({ status: 'REFUNDED', statusDetail: 'refunded to depositor' });
  });

  it('abandons an unsigned build only once its steps can no longer move funds, and refuses a late submission (ABANDONED is terminal)', async () => {
    const worker = createStatusWorker(strait.deps, { leaseMs: 60_000, batchSize: 50 });
    const quote = await strait.app.inject({ method: 'POST', url: '/v1/bridge/quote', payload: { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '5000000', sender: USER, recipient: USER } });
    const build = (await strait.app.inject({ method: 'POST', url: '/v1/bridge/build', payload: { decisionId: quote.json().decisionId } })).json();
    // Past the build's expiry and grace, the double's steps carry no venue deadline: a signed
    // transaction could still be broadcast, so the transfer still waits (a day's bound).
    clock = build.expiresAt + 11 * 60_000;
    await worker.tick();
    expect(await read(build.transferId)).toMatchObject({ status: 'PENDING_SIGNATURE' });
    clock = build.expiresAt + UNKNOWN_DEADLINE_GRACE_MS + 1;
    await worker.tick();
    expect(await read(build.transferId)).toMatchObject({ status: 'ABANDONED', statusDetail: expect.stringContaining('could no longer move funds') });
    const late = await strait.app.inject({ method: 'POST', url: `/v1/bridge/transfers/${build.transferId}/submit`, payload: { txHash: nextHash(), step: 'main' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('transfer_abandoned');
    expect(await read(build.transferId)).toMatchObject({ status: 'ABANDONED', sourceTxHash: null });
  });
});
