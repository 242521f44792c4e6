import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import type { EvmStep } from '../src/domain/steps.ts';
import { createStatusWorker } from '../src/engine/statusWorker.ts';
import type { ClaimProgress, Venue, VenueStatus } from '../src/venues/Venue.ts';
import type { VenueStandIn } from '../src/venues/VenueModule.ts';
import { createTestStrait } from './testStrait.ts';
import { DOUBLE_TARGET } from './venueDouble.ts';

/**
 * The worker's and submit's part of a claim, on a venue double that announces a two-step claim (an
 * L2 withdrawal's prove, then finalize) and reports whatever the test scripts. No chain: submissions
 * are hashes recorded `unverified_no_rpc`; the claim's moves are what is under test.
 */

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const CLAIM_TARGET = '0x00000000000000000000000000000000000C1A1A';
const PROVE = '0xabcdef01';
const FINALIZE = '0xabcdef02';
let clock = 1_800_000_000_000;
let hashes = 0;
const nextHash = () => `0x${(++hashes).toString(16).padStart(64, 'cd')}`;

const redeem = (data: `0x${string}`, to: `0x${string}` = CLAIM_TARGET): EvmStep => ({ vm: 'evm', step: 'redeem', chainId: 42161, to, data, value: 0n });
const pending = (claim: ClaimProgress): VenueStatus => ({ state: 'pending', venueStatus: 'withdrawal', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: claim.detail, claim });
let nextStatus: VenueStatus = pending({ status: 'waiting', claimableAt: null, steps: [], detail: 'waiting for the output root' });

const claimingVenue: VenueStandIn = {
  id: 'across',
  defaultBaseUrl: 'http://127.0.0.1:1',
  allowList: { calls: [{ chainId: 8453, to: DOUBLE_TARGET, selectors: ['0x12345678'] }], transferRecipients: [], redeemCalls: [{ chainId: 42161, to: CLAIM_TARGET, selectors: [PROVE, FINALIZE] }] },
  create(): Venue {
    return {
      id: 'across',
      supports: () => ({ served: true }),
      coverage: () => ({ origins: ['base'], tokenSymbols: () => ['USDC'] }),
      quote: async (r) => ({ amountIn: r.amountIn, amountOut: r.amountIn, minAmountOut: r.amountIn, estimatedSeconds: 60, expiresAt: null, context: {}, claim: { chain: 'arbitrum', actions: ['prove', 'finalize'], signer: 'anyone' } }),
      build: async (r) => ({
        shape: 'steps',
        steps: [{ vm: 'evm', step: 'main', chainId: 8453, to: DOUBLE_TARGET, data: '0x12345678', value: 0n }],
        approval: null,
        amountOut: r.quote.amountOut,
        minAmountOut: r.quote.minAmountOut,
        context: {},
        claim: { chain: 'arbitrum', actions: ['prove', 'finalize'], signer: 'anyone', reason: 'a withdrawal is proven, then finalized after the challenge period' },
      }),
      status: async () => nextStatus,
    };
  },
};

let strait: Strait;
beforeAll(async () => {
  strait = await createTestStrait({}, [claimingVenue]);
  (strait.deps as { now: () => number }).now = () => clock;
});
afterAll(async () => {
  await strait.close();
});

const read = async (id: string) => (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${id}` })).json();
const submit = async (id: string, payload: Record<string, unknown>) => strait.app.inject({ method: 'POST', url: `/v1/bridge/transfers/${id}/submit`, payload });

describe('a two-step claim through the worker and submit', () => {
  it('walks prove then finalize: waiting (countdown) → ready → submitted → waiting → ready → submitted → claimed', async () => {
    const worker = createStatusWorker(strait.deps, { leaseMs: 60_000, batchSize: 50 });
    const quote = (await strait.app.inject({ method: 'POST', url: '/v1/bridge/quote', payload: { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '5000000', sender: USER, recipient: USER } })).json();
    expect(quote.best.claim).toEqual({ chain: 'arbitrum', actions: ['prove', 'finalize'], signer: 'anyone' });
    const build = (await strait.app.inject({ method: 'POST', url: '/v1/bridge/build', payload: { decisionId: quote.decisionId } })).json();
    const id = build.transferId as string;
    expect((await read(id)).claim).toMatchObject({ status: 'waiting', actions: ['prove', 'finalize'], steps: [] });
    expect((await submit(id, { txHash: nextHash(), step: 'main' })).json()).toMatchObject({ accepted: true });

    // Waiting for the output root, with a known time: the countdown is measured at the read.
    nextStatus = pending({ status: 'waiting', claimableAt: clock + 3_600_000, steps: [], detail: 'waiting for the output root' });
    await worker.tick();
    expect(await read(id)).toMatchObject({ status: 'PENDING', substatus: 'bridging', claim: { status: 'waiting', secondsUntilClaimable: 3600 } });
    clock += 600_000;
    expect((await read(id)).claim.secondsUntilClaimable).toBe(3000);

    // A venue answering a claim outside its redeemCalls hands out nothing.
    nextStatus = pending({ status: 'ready', claimableAt: null, steps: [redeem(PROVE, DOUBLE_TARGET)], detail: 'prove now' });
    clock += 600_000;
    await worker.tick();
    const refused = await read(id);
    expect(refused.claim).toMatchObject({ status: 'waiting', steps: [] });
    expect(refused.claim.detail).toMatch(/not on across's allow-list for chain 42161; Strait will not hand it out/);
    expect((await submit(id, { txHash: nextHash(), step: 'redeem' })).json().error.code).toBe('step_not_built');

    nextStatus = pending({ status: 'ready', claimableAt: null, steps: [redeem(`${PROVE}01`)], detail: 'prove now' });
    clock += 600_000;
    await worker.tick();
    const ready = await read(id);
    expect(ready).toMatchObject({ substatus: 'claim_ready', claim: { status: 'ready', secondsUntilClaimable: 0, steps: [{ vm: 'evm', step: 'redeem', chainId: 42161, to: CLAIM_TARGET, data: `${PROVE}01`, value: '0' }] } });

    // A fresher proof before anything was signed replaces the step.
    nextStatus = pending({ status: 'ready', claimableAt: null, steps: [redeem(`${PROVE}02`)], detail: 'prove now' });
    clock += 600_000;
    await worker.tick();
    expect((await read(id)).claim.steps).toEqual([{ vm: 'evm', step: 'redeem', chainId: 42161, to: CLAIM_TARGET, data: `${PROVE}02`, value: '0' }]);

    const prove = nextHash();
    expect((await submit(id, { txHash: prove, step: 'redeem' })).json()).toMatchObject({ accepted: true, status: 'PENDING', step: 'redeem', verification: 'unverified_no_rpc' });
    expect((await read(id)).claim).toMatchObject({ status: 'submitted', steps: [], txHash: prove });
    expect((await submit(id, { txHash: prove, step: 'redeem' })).json()).toMatchObject({ accepted: false, txHash: prove });

    // Proven: the challenge period runs; the proven step stays as it was signed.
    nextStatus = pending({ status: 'waiting', claimableAt: clock + 7 * 86_400_000, steps: [], detail: 'proven; waiting for the challenge period' });
    clock += 600_000;
    await worker.tick();
    expect((await read(id)).claim).toMatchObject({ status: 'waiting', secondsUntilClaimable: 7 * 86_400 - 600 });

    nextStatus = pending({ status: 'ready', claimableAt: null, steps: [redeem(`${PROVE}02`), redeem(`${FINALIZE}01`)], detail: 'finalize now' });
    clock += 7 * 86_400_000;
    await worker.tick();
    expect((await read(id)).claim).toMatchObject({ status: 'ready', steps: [{ data: `${FINALIZE}01` }] });
    // The proof's hash cannot stand for the finalize step, and another hash is taken only for it.
    const finalize = nextHash();
    expect((await submit(id, { txHash: finalize, step: 'redeem' })).json()).toMatchObject({ accepted: true });
    expect((await read(id)).claim).toMatchObject({ status: 'submitted', steps: [], txHash: finalize });

    nextStatus = { state: 'completed', venueStatus: 'finalized', destinationTxHash: finalize, receivedAmount: 5_000_000n, receivedAsset: null, detail: null };
    clock += 600_000;
    await worker.tick();
    const done = await read(id);
    expect(done).toMatchObject({ status: 'COMPLETED', destinationTxHash: finalize, claim: { status: 'claimed', txHash: finalize, steps: [] } });
    expect((await submit(id, { txHash: nextHash(), step: 'redeem' })).json().error.code).toBe('claim_already_made');
  });
});
