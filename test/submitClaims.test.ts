import { keccak256, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { fundsDeadline, UNKNOWN_DEADLINE_GRACE_MS } from '../src/engine/fundsDeadline.ts';
import { createStatusWorker, PROVISIONAL_CLAIM_TTL_MS, type StatusWorker } from '../src/engine/statusWorker.ts';
import type { VenueStatusRequest } from '../src/venues/Venue.ts';
import { startClaimsChain, type ClaimsChain } from './claimsChain.ts';
import { buildDoubleTransfer, DOUBLE_TARGET_ADDRESS, RACE_USER, raceOneTransactionOverTwoTransfers, raceSpeedUpVariants, signDoubleMain } from './sourceClaimRace.ts';
import { createTestStrait } from './testStrait.ts';
import { PENDING, venueDouble } from './venueDouble.ts';

/**
 * Issue 12 items 1, 2, 3, 4, 6 on a real local chain (anvil with Base's chain id): one source
 * transaction pays for one transfer; a hash nobody has seen never shuts the owner out and expires;
 * a speed-up (same signer and nonce) is followed; a reverted source transaction fails the transfer;
 * the main step waits for the fee steps.
 */

const FEE_WALLET = '0x000000000000000000000000000000000000FEE1';
const REFERRER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
let clock = Date.now();
const asked: VenueStatusRequest[] = [];
let chain: ClaimsChain;
let strait: Strait;
let worker: StatusWorker;

beforeAll(async () => {
  chain = await startClaimsChain();
  strait = await createTestStrait({ STRAIT_RPC_BASE: chain.url, STRAIT_FEE_WALLET_BASE: FEE_WALLET, STRAIT_QUOTE_MIN_WAIT_MS: '0' }, [
    venueDouble({
      status: async (request) => {
        asked.push(request);
        return PENDING;
      },
    }),
  ]);
  (strait.deps as { now: () => number }).now = () => clock;
  worker = createStatusWorker(strait.deps, { leaseMs: 60_000, batchSize: 50 });
});
afterAll(async () => {
  await strait?.close();
  await chain?.stop();
});

interface Answer {
  status: number;
  body: { accepted?: boolean; status?: string; txHash?: string; verification?: string | null; error?: { code: string; retryAfterMs?: number; details?: Record<string, unknown> } };
}
interface TransferView {
  status: string;
  statusDetail: string | null;
  sourceTxHash: string | null;
  sourceTxVerification: string | null;
  feeTxHash: string | null;
  fees: { kind: string; status: string; txHash: string | null }[];
}

async function submit(id: string, payload: object): Promise<Answer> {
  const response = await strait.app.inject({ method: 'POST', url: `/v1/bridge/transfers/${id}/submit`, payload });
  return { status: response.statusCode, body: response.json() as Answer['body'] };
}
const read = async (id: string) => (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${id}` })).json() as TransferView;
const invented = (n: number) => `0x${n.toString(16).padStart(8, '0')}${'5e'.repeat(28)}` as Hex;
const history = (id: string) => strait.deps.store.db.selectFrom('submission_history').select(['tx_hash', 'reason', 'verification']).where('transfer_id', '=', id).orderBy('ended_at').execute();
const nonce = () => chain.nonceOf(RACE_USER.address);

/** Sends signed bytes to the chain directly, as a wallet does before submitting only the hash. */
async function sendDirectly(signed: Hex): Promise<Hex> {
  const hash = (await chain.call('eth_sendRawTransaction', [signed])) as Hex;
  return hash;
}

/** A referred transfer through the double: a referral `fee` step (an ERC-20 transfer of Base USDC) and the main call. */
async function referredTransfer(): Promise<{ id: string; fee: { to: Hex; data: Hex } }> {
  const quote = (await strait.app.inject({ method: 'POST', url: '/v1/bridge/quote', payload: { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '5000000', sender: RACE_USER.address, recipient: RACE_USER.address, referralWallet: REFERRER, referralBps: 10 } })).json() as { decisionId: string };
  const build = (await strait.app.inject({ method: 'POST', url: '/v1/bridge/build', payload: { decisionId: quote.decisionId } })).json() as { transferId: string; steps: { step: string; to: Hex; data: Hex }[] };
  expect(build.steps.map((s) => s.step)).toEqual(['fee', 'main']);
  return { id: build.transferId, fee: build.steps[0]! };
}
const signFee = async (fee: { to: Hex; data: Hex }, n: number) => RACE_USER.signTransaction({ type: 'eip1559', chainId: 8453, to: fee.to, data: fee.data, value: 0n, nonce: n, gas: 100_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 10n ** 9n });

describe('item 1: one source transaction completes one transfer', () => {
  it('accepts one signed transaction for exactly one of two transfers with identical calldata, submitted at once', async () => {
    await raceOneTransactionOverTwoTransfers([strait, strait], chain);
  });

  it('answers twenty different speed-up variants of one main step, submitted at once, with one accepted and no 5xx', async () => {
    await chain.automine(false);
    try {
      await raceSpeedUpVariants([strait], chain);
    } finally {
      await chain.automine(true);
    }
  });

  it('refuses a hash another step of the same transfer already holds: 409 source_tx_claimed, not a 500', async () => {
    const { id, fee } = await referredTransfer();
    expect((await submit(id, { step: 'fee', signedTransaction: await signFee(fee, await nonce()) })).body).toMatchObject({ accepted: true, verification: 'verified' });
    // Another step of this transfer (an approve, say) holds a hash no node knows.
    const hash = invented(9);
    await strait.deps.store.db.insertInto('submissions').values({ transfer_id: id, step_index: 99, kind: 'approve', tx_hash: hash, signed_tx: null, verification: 'pending', user_ip: null, created_at: clock, chain: 'base', tx_key: hash, nonce: null } as never).execute();
    const again = await submit(id, { step: 'main', txHash: hash });
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 'source_tx_claimed', details: { chain: 'base', txHash: hash } } });
  });
});

describe('item 2: a hash nobody has seen cannot take a step hostage', () => {
  it('lets the owner\'s signed bytes supersede a stranger\'s unmined hash, and broadcasts them', async () => {
    const id = await buildDoubleTransfer(strait);
    const stranger = await submit(id, { step: 'main', txHash: invented(1) });
    expect(stranger.body).toMatchObject({ accepted: true, verification: 'pending', status: 'SUBMITTED' });

    const signed = await signDoubleMain(await nonce());
    const owner = await submit(id, { step: 'main', signedTransaction: signed });
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(owner.body).toMatchObject({ accepted: true, verification: 'verified', txHash: keccak256(signed), status: 'SUBMITTED' });
    expect((await chain.client.getTransactionReceipt({ hash: keccak256(signed) })).status).toBe('success');
    expect(await read(id)).toMatchObject({ status: 'SUBMITTED', sourceTxHash: keccak256(signed), sourceTxVerification: 'verified' });
    expect(await history(id)).toEqual([{ tx_hash: invented(1), reason: 'superseded', verification: 'pending' }]);
    // The stranger's hash again is now history, not a claim: answered with the owner's transaction.
    expect((await submit(id, { step: 'main', txHash: invented(1) })).body).toMatchObject({ accepted: false, txHash: keccak256(signed) });
  });

  it('lets a hash that is found and verifies supersede an unmined one; another unmined hash does not', async () => {
    const id = await buildDoubleTransfer(strait);
    expect((await submit(id, { step: 'main', txHash: invented(2) })).body).toMatchObject({ accepted: true, verification: 'pending' });
    expect((await submit(id, { step: 'main', txHash: invented(3) })).body).toMatchObject({ accepted: false, txHash: invented(2) });
    const hash = await sendDirectly(await signDoubleMain(await nonce()));
    expect((await submit(id, { step: 'main', txHash: hash })).body).toMatchObject({ accepted: true, verification: 'verified', txHash: hash, status: 'SUBMITTED' });
    expect(await read(id)).toMatchObject({ sourceTxHash: hash, sourceTxVerification: 'verified' });
  });

  it('releases a main claim whose hash never appears, and the step takes the real transaction after', async () => {
    const id = await buildDoubleTransfer(strait);
    expect((await submit(id, { step: 'main', txHash: invented(4) })).body).toMatchObject({ accepted: true, status: 'SUBMITTED' });
    await worker.tick();
    expect(await read(id)).toMatchObject({ status: 'SUBMITTED', statusDetail: 'source transaction not found on chain yet' });
    clock += PROVISIONAL_CLAIM_TTL_MS + 60_000;
    await worker.tick();
    expect(await read(id)).toMatchObject({ status: 'PENDING_SIGNATURE', sourceTxHash: null, statusDetail: expect.stringContaining('never appeared on chain') });
    expect(await history(id)).toEqual([{ tx_hash: invented(4), reason: 'expired', verification: 'pending' }]);
    const hash = await sendDirectly(await signDoubleMain(await nonce()));
    expect((await submit(id, { step: 'main', txHash: hash })).body).toMatchObject({ accepted: true, verification: 'verified', status: 'SUBMITTED' });
  });
});

describe('a signed main with a nonce gap', () => {
  it('is refused 409 nonce_too_high with nothing recorded or broadcast, and the right nonce after it is accepted and mined', async () => {
    const id = await buildDoubleTransfer(strait);
    const next = await nonce();
    const gapped = await signDoubleMain(next + 1);
    const refused = await submit(id, { step: 'main', signedTransaction: gapped });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'nonce_too_high', retryAfterMs: 3000, details: { nonce: next + 1, expectedNonce: next } });
    expect(await read(id)).toMatchObject({ status: 'PENDING_SIGNATURE', sourceTxHash: null, sourceTxVerification: null });
    expect(await strait.deps.store.db.selectFrom('submissions').select('tx_hash').where('transfer_id', '=', id).execute()).toEqual([]);
    expect(await chain.call('eth_getTransactionByHash', [keccak256(gapped)])).toBeNull();
    expect(await nonce()).toBe(next);

    const right = await signDoubleMain(next);
    const accepted = await submit(id, { step: 'main', signedTransaction: right });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ accepted: true, verification: 'verified', txHash: keccak256(right), status: 'SUBMITTED' });
    expect((await chain.client.getTransactionReceipt({ hash: keccak256(right) })).status).toBe('success');
    expect(await read(id)).toMatchObject({ status: 'SUBMITTED', sourceTxHash: keccak256(right), sourceTxVerification: 'verified' });
  });
});

/** Signed bytes of a stranger's own transaction (funded to pay for it), not yet sent: its hash is unknown to the chain. */
async function strangersTransaction(to: Hex, data: Hex): Promise<{ signed: Hex; hash: Hex }> {
  const stranger = privateKeyToAccount(generatePrivateKey());
  await chain.call('anvil_setBalance', [stranger.address, '0xde0b6b3a7640000']);
  const signed = await stranger.signTransaction({ type: 'eip1559', chainId: 8453, to, data, value: 0n, nonce: 0, gas: 100_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 10n ** 9n });
  return { signed, hash: keccak256(signed) };
}

describe('a provisional claim (a hash not on chain yet) and the transfer\'s public state', () => {
  // docs/states.md: a provisional main claim moves the transfer to SUBMITTED and its venue-collected
  // cuts to `expected`, and a released one moves them back; what a stranger's junk may not do is
  // leave them there, or end the transfer.
  it('moves a transfer back to PENDING_SIGNATURE when the stranger\'s hash appears and is not the built step, instead of failing it', async () => {
    const id = await buildDoubleTransfer(strait);
    const junk = await strangersTransaction(DOUBLE_TARGET_ADDRESS, '0x12345678');
    expect((await submit(id, { step: 'main', txHash: junk.hash })).body).toMatchObject({ accepted: true, verification: 'pending', status: 'SUBMITTED' });
    await sendDirectly(junk.signed);
    await worker.tick();
    expect(await read(id)).toMatchObject({ status: 'PENDING_SIGNATURE', sourceTxHash: null, sourceTxVerification: null, statusDetail: expect.stringContaining(`${junk.hash} is not the built step (signer)`) });
    expect(await history(id)).toEqual([{ tx_hash: junk.hash, reason: 'refuted', verification: 'pending' }]);
    // The owner's transaction takes the step as if the junk had never been sent.
    const signed = await signDoubleMain(await nonce());
    expect((await submit(id, { step: 'main', signedTransaction: signed })).body).toMatchObject({ accepted: true, verification: 'verified', txHash: keccak256(signed), status: 'SUBMITTED' });
  });

  it('keeps a wallet\'s own hash submitted before it propagated: SUBMITTED, and verified once the worker sees it', async () => {
    const id = await buildDoubleTransfer(strait);
    const signed = await signDoubleMain(await nonce());
    const hash = keccak256(signed);
    expect((await submit(id, { step: 'main', txHash: hash })).body).toMatchObject({ accepted: true, verification: 'pending', status: 'SUBMITTED' });
    await worker.tick();
    expect(await read(id)).toMatchObject({ status: 'SUBMITTED', sourceTxHash: hash, sourceTxVerification: 'pending', statusDetail: 'source transaction not found on chain yet' });
    await sendDirectly(signed);
    clock += 5 * 60_000;
    await worker.tick();
    const verified = await read(id);
    expect(verified).toMatchObject({ sourceTxHash: hash, sourceTxVerification: 'verified' });
    expect(['SUBMITTED', 'PENDING']).toContain(verified.status);
    expect(await history(id)).toEqual([]);
  });

  it('offers a fee row again when the stranger\'s fee hash it was expected on turns out not to be the fee step', async () => {
    const { id, fee } = await referredTransfer();
    const junk = await strangersTransaction(fee.to, fee.data);
    expect((await submit(id, { step: 'fee', txHash: junk.hash })).body).toMatchObject({ accepted: true, verification: 'pending' });
    expect((await read(id)).fees.map((f) => [f.status, f.txHash])).toEqual([['expected', junk.hash]]);
    await sendDirectly(junk.signed);
    const n = await nonce();
    const refused = await submit(id, { step: 'main', signedTransaction: await signDoubleMain(n + 1) });
    expect(refused.body.error).toMatchObject({ code: 'fee_steps_required', details: { missingSteps: [{ reason: 'refuted' }] } });
    const reopened = await read(id);
    expect(reopened).toMatchObject({ status: 'PENDING_SIGNATURE', feeTxHash: null });
    expect(reopened.fees.map((f) => [f.status, f.txHash])).toEqual([['offered', null]]);
    // The owner's own fee and main then go through, and the row names the owner's fee transaction.
    const feeBytes = await signFee(fee, n);
    expect((await submit(id, { step: 'fee', signedTransaction: feeBytes })).body).toMatchObject({ accepted: true, verification: 'verified' });
    expect((await read(id)).fees.map((f) => [f.status, f.txHash])).toEqual([['expected', keccak256(feeBytes)]]);
    expect((await submit(id, { step: 'main', signedTransaction: await signDoubleMain(n + 1) })).body).toMatchObject({ accepted: true, status: 'SUBMITTED' });
  });
});

describe('a main txHash of a transaction queued behind a nonce gap', () => {
  it('is refused 409 nonce_too_high with nothing recorded, and the same hash is accepted once the gap is filled', async () => {
    const id = await buildDoubleTransfer(strait);
    const next = await nonce();
    const queued = await signDoubleMain(next + 1);
    const hash = await sendDirectly(queued);
    const refused = await submit(id, { step: 'main', txHash: hash });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'nonce_too_high', details: { nonce: next + 1, expectedNonce: next } });
    expect(await strait.deps.store.db.selectFrom('submissions').select('tx_hash').where('transfer_id', '=', id).execute()).toEqual([]);
    expect(await read(id)).toMatchObject({ status: 'PENDING_SIGNATURE', sourceTxHash: null });
    // The wallet sends the transaction its queued one waits for (any, at the missing nonce): both are mined.
    await sendDirectly(await RACE_USER.signTransaction({ type: 'eip1559', chainId: 8453, to: RACE_USER.address, value: 0n, nonce: next, gas: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 10n ** 9n }));
    await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect((await submit(id, { step: 'main', txHash: hash })).body).toMatchObject({ accepted: true, verification: 'verified', txHash: hash, status: 'SUBMITTED' });
  });
});

describe('item 3: replaced transactions are followed', () => {
  it('accepts a speed-up (same signer and nonce, same step) and follows it; different calldata is still a mismatch; an underpriced one leaves the claim as it was', async () => {
    await chain.automine(false);
    try {
      const id = await buildDoubleTransfer(strait);
      const n = await nonce();
      const slow = await signDoubleMain(n, 10n ** 10n);
      expect((await submit(id, { step: 'main', signedTransaction: slow })).body).toMatchObject({ accepted: true, verification: 'verified', txHash: keccak256(slow) });

      const cheaper = await RACE_USER.signTransaction({ type: 'eip1559', chainId: 8453, to: DOUBLE_TARGET_ADDRESS, data: '0x12345678', value: 0n, nonce: n, gas: 100_001n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 10n ** 9n });
      const refused = await submit(id, { step: 'main', signedTransaction: cheaper });
      expect(refused.status, JSON.stringify(refused.body)).toBeGreaterThanOrEqual(400);
      expect(await read(id)).toMatchObject({ sourceTxHash: keccak256(slow) });

      const other = await RACE_USER.signTransaction({ type: 'eip1559', chainId: 8453, to: DOUBLE_TARGET_ADDRESS, data: '0x12345679', value: 0n, nonce: n, gas: 100_000n, maxFeePerGas: 3n * 10n ** 10n, maxPriorityFeePerGas: 3n * 10n ** 9n });
      expect((await submit(id, { step: 'main', signedTransaction: other })).body).toMatchObject({ error: { code: 'transaction_mismatch' } });

      const fast = await signDoubleMain(n, 3n * 10n ** 10n);
      const replaced = await submit(id, { step: 'main', signedTransaction: fast });
      expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
      expect(replaced.body).toMatchObject({ accepted: true, verification: 'verified', txHash: keccak256(fast), status: 'SUBMITTED' });
      expect(await read(id)).toMatchObject({ sourceTxHash: keccak256(fast) });
      expect(await history(id)).toEqual([{ tx_hash: keccak256(slow), reason: 'replaced', verification: 'verified' }]);

      await chain.mine();
      expect((await chain.client.getTransactionReceipt({ hash: keccak256(fast) })).status).toBe('success');
      asked.length = 0;
      await worker.tick();
      expect(asked.map((r) => r.sourceTxHash)).toContain(keccak256(fast));
      expect(await read(id)).toMatchObject({ status: 'PENDING' });
    } finally {
      await chain.automine(true);
    }
  });

  it('follows the replaced transaction when it, not its replacement, is the one mined', async () => {
    await chain.automine(false);
    try {
      const id = await buildDoubleTransfer(strait);
      const n = await nonce();
      const first = await signDoubleMain(n, 10n ** 10n);
      expect((await submit(id, { step: 'main', signedTransaction: first })).body).toMatchObject({ accepted: true });
      const second = await signDoubleMain(n, 3n * 10n ** 10n);
      expect((await submit(id, { step: 'main', signedTransaction: second })).body).toMatchObject({ accepted: true, txHash: keccak256(second) });
      // The network ends up mining the first after all (the replacement never reached the miner).
      await chain.call('anvil_dropTransaction', [keccak256(second)]);
      await sendDirectly(first);
      await chain.mine();
      expect((await chain.client.getTransactionReceipt({ hash: keccak256(first) })).status).toBe('success');
      asked.length = 0;
      clock += 120_000;
      await worker.tick();
      expect(await read(id)).toMatchObject({ sourceTxHash: keccak256(first), statusDetail: expect.any(String) });
      expect(asked.map((r) => r.sourceTxHash)).toContain(keccak256(first));
    } finally {
      await chain.automine(true);
    }
  });
});

describe('item 4: a reverted source transaction fails the transfer', () => {
  it('at submit by hash: FAILED, fee rows void, statusDetail names the block', async () => {
    const { id, fee } = await referredTransfer();
    expect((await submit(id, { step: 'fee', signedTransaction: await signFee(fee, await nonce()) })).body).toMatchObject({ accepted: true, verification: 'verified' });
    await chain.targetReverts(true);
    try {
      const hash = await sendDirectly(await signDoubleMain(await nonce()));
      const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      expect(receipt.status).toBe('reverted');
      const answer = await submit(id, { step: 'main', txHash: hash });
      expect(answer.body).toMatchObject({ accepted: true, status: 'FAILED', txHash: hash });
      const t = await read(id);
      expect(t).toMatchObject({ status: 'FAILED', sourceTxHash: hash, statusDetail: `the source transaction ${hash} reverted in block ${receipt.blockNumber}; no funds moved` });
      expect(t.fees.map((f) => f.status)).toEqual(['void']);
    } finally {
      await chain.targetReverts(false);
    }
  });

  it('in the worker: signed bytes broadcast by Strait that revert fail the transfer before the venue is asked', async () => {
    const id = await buildDoubleTransfer(strait);
    await chain.targetReverts(true);
    const signed = await signDoubleMain(await nonce());
    try {
      expect((await submit(id, { step: 'main', signedTransaction: signed })).body).toMatchObject({ accepted: true, status: 'SUBMITTED' });
      expect((await chain.client.getTransactionReceipt({ hash: keccak256(signed) })).status).toBe('reverted');
    } finally {
      await chain.targetReverts(false);
    }
    asked.length = 0;
    clock += 120_000;
    await worker.tick();
    expect(await read(id)).toMatchObject({ status: 'FAILED', statusDetail: expect.stringMatching(/reverted in block \d+; no funds moved$/) });
    expect(asked.filter((r) => r.sourceTxHash === keccak256(signed))).toEqual([]);
  });
});

describe('item 6: fees cannot be skipped silently', () => {
  it('refuses signed main bytes until the fee step is in, naming it, and broadcasts nothing', async () => {
    const { id, fee } = await referredTransfer();
    const before = await nonce();
    const main = await signDoubleMain(before + 1);
    const refused = await submit(id, { step: 'main', signedTransaction: main });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'fee_steps_required', details: { missingSteps: [{ stepIndex: 0, kind: 'fee', feeKind: 'referral', reason: 'not_submitted' }] } });
    expect(await nonce()).toBe(before);
    expect(await read(id)).toMatchObject({ status: 'PENDING_SIGNATURE', fees: [{ kind: 'referral', status: 'offered' }] });

    // A fee "submitted" by a hash no node has seen does not count either.
    expect((await submit(id, { step: 'fee', txHash: invented(6) })).body).toMatchObject({ accepted: true, verification: 'pending' });
    expect((await submit(id, { step: 'main', signedTransaction: main })).body.error).toMatchObject({ code: 'fee_steps_required', details: { missingSteps: [{ reason: 'not_found_on_chain' }] } });

    const feeBytes = await signFee(fee, before);
    expect((await submit(id, { step: 'fee', signedTransaction: feeBytes })).body).toMatchObject({ accepted: true, verification: 'verified', txHash: keccak256(feeBytes) });
    expect((await submit(id, { step: 'main', signedTransaction: main })).body).toMatchObject({ accepted: true, status: 'SUBMITTED' });
    expect((await read(id)).fees).toEqual([expect.objectContaining({ kind: 'referral', status: 'expected', txHash: keccak256(feeBytes) })]);
  });
});

describe('a reverted fee transaction paid nothing', () => {
  it('is not taken for the fee step (422 broadcast_rejected, nothing recorded), and the main step still waits for it', async () => {
    const { id, fee } = await referredTransfer();
    const n = await nonce();
    await chain.usdcReverts(true);
    let hash: Hex;
    try {
      hash = await sendDirectly(await signFee(fee, n));
      expect((await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('reverted');
    } finally {
      await chain.usdcReverts(false);
    }
    const refused = await submit(id, { step: 'fee', txHash: hash });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'broadcast_rejected', details: { txHash: hash, reverted: true } });
    expect((await read(id)).fees).toEqual([expect.objectContaining({ status: 'offered', txHash: null })]);
    expect((await submit(id, { step: 'main', signedTransaction: await signDoubleMain(n + 1) })).body.error).toMatchObject({ code: 'fee_steps_required' });
  });
});

describe('item 13: when a transfer may be abandoned', () => {
  it('is the venue\'s own deadline (Across fillDeadline, a deposit address\'s deadline), else a day past the build\'s expiry', () => {
    const buildExpiresAt = 1_800_000_000_000;
    expect(fundsDeadline({ buildExpiresAt, venueContext: { fillDeadline: '1800021600' }, build: {} }, 600_000)).toBe(1_800_021_600_000);
    expect(fundsDeadline({ buildExpiresAt, venueContext: {}, build: { deposit: { deadlineMs: buildExpiresAt + 3_600_000 } } }, 600_000)).toBe(buildExpiresAt + 3_600_000);
    expect(fundsDeadline({ buildExpiresAt, venueContext: { order: 'o-1' }, build: {} }, 600_000)).toBe(buildExpiresAt + UNKNOWN_DEADLINE_GRACE_MS);
    // Never before the build's own expiry and grace.
    expect(fundsDeadline({ buildExpiresAt, venueContext: { fillDeadline: '1' }, build: {} }, 600_000)).toBe(buildExpiresAt + 600_000);
  });
});
