import { isIP } from 'node:net';
import type { Address, Hex } from 'viem';
import type { EvmRpc } from '../chains/evm/createEvmRpc.ts';
import { compareEvmTransaction } from '../chains/evm/compareEvmTransaction.ts';
import { decodeSignedEvmTransaction } from '../chains/evm/decodeSignedEvmTransaction.ts';
import { verifyEvmTransactionByHash } from '../chains/evm/verifyEvmTransactionByHash.ts';
import type { ChainKey } from '../domain/chains.ts';
import { AppError } from '../domain/errors.ts';
import type { StepKind } from '../domain/steps.ts';
import { chainInfo } from '../domain/chains.ts';
import { giveUpAfterMs } from '../domain/pollSchedule.ts';
import { resolveStoredToken } from './tokens/resolveStoredToken.ts';
import { executionOfTransfer } from './hyperCore/relayedExecution.ts';
import {
  endClaim,
  findClaim,
  findTransfer,
  insertSubmission,
  listClaims,
  listFeeRows,
  listSteps,
  restoreClaim,
  setFeeRowStatus,
  setSubmissionVerification,
  txKeyOf,
  updateTransfer,
  type ClaimRecord,
  type StoredStep,
  type SubmissionRecord,
  type TransferRecord,
} from '../store/transferRepository.ts';
import { isSvmSignature } from '../chains/svm/isSvmSignature.ts';
import { verifySignedSvmTransaction } from '../chains/svm/verifySignedSvmTransaction.ts';
import { verifySvmTransactionBySignature } from '../chains/svm/verifySvmTransactionBySignature.ts';
import { storedSvmStep } from './storedSvmStep.ts';
import { whyNotAllowed, whyNotAllowedSvm, type StepRules } from './vetSteps.ts';
import type { EngineDeps } from './EngineDeps.ts';
import { finishTransfer } from './finishTransfer.ts';
import { acceptDepositFunding } from './acceptDepositFunding.ts';
import { storedEvmStep } from './storedEvmStep.ts';
import { storedEip712Step } from './storedEip712Step.ts';
import { submitSignatureStep } from './submitSignatureStep.ts';
import { whyNotAllowedEip712 } from './vetEip712Step.ts';
import { whyNotAllowedMessage } from './vetMessageStep.ts';
import { storedMessageStep } from './storedMessageStep.ts';
import { signatureFormOf } from './signatureForms.ts';
import { compareTronTransaction, decodeSignedTronTransaction } from '../chains/tron/verifySignedTronTransaction.ts';
import { verifyTronTransactionById } from '../chains/tron/verifyTronTransactionById.ts';
import { tronRawDataJson } from '../chains/tron/tronRawData.ts';
import { builtTronOf, storedTronStep, whyNotAllowedTron } from './tronSteps.ts';
import { acceptUtxoSubmission } from './acceptUtxoSubmission.ts';
import { markRedeemSubmitted } from './claims/markRedeemSubmitted.ts';
import { storedUtxoStep, whyNotAllowedUtxo } from './utxoSteps.ts';

export interface SubmitBody {
  readonly signedTransaction?: string | undefined;
  readonly txHash?: string | undefined;
  readonly step: StepKind;
  readonly userIp?: string | undefined;
  /** For an `eip712` step: the typed data the wallet signed, compared with the stored one. */
  readonly typedData?: unknown;
  /** For a `message` step: the messages the wallet signed, compared with the stored ones. */
  readonly messages?: unknown;
}

export interface SubmitView {
  transferId: string;
  status: string;
  txHash: string;
  step: StepKind;
  accepted: boolean;
  verification: string | null;
}

/**
 * A claim by a hash the chain has not shown yet (or could not be asked about): it holds its step
 * only until signed bytes that verify, or a hash that is found and verifies, supersede it; a main
 * claim that never appears, or appears and is not the step, is released by the worker, a fee one
 * found so at the next main submit (docs/states.md, "Source claims").
 */
export const PROVISIONAL: ReadonlySet<string> = new Set(['pending', 'unverified_rpc_error']);

/**
 * POST /bridge/transfers/{id}/submit: the signed transaction (or the one the wallet already sent) is
 * decoded and compared field by field with the step Strait built; any difference refuses the whole
 * submission and nothing is broadcast. Only the `main` step moves the order, and only once every
 * `fee` step is in (docs/steps.md, "Submit"). One transaction claims one step of one transfer. A
 * repeat answers the hash on record with `accepted: false`.
 */
export async function submitTransfer(deps: EngineDeps, transferId: string, body: SubmitBody): Promise<SubmitView> {
  if ((body.signedTransaction === undefined) === (body.txHash === undefined)) {
    throw new AppError('invalid_submission', 'give exactly one of signedTransaction and txHash');
  }
  if (body.userIp !== undefined && isIP(body.userIp) === 0) throw new AppError('invalid_user_ip', 'userIp must be an IPv4 or IPv6 address');
  const db = deps.store.db;
  const transfer = await findTransfer(db, transferId);
  if (!transfer) throw new AppError('transfer_not_found', `no transfer ${transferId}`);
  if (transfer.status === 'ABANDONED') {
    throw new AppError('transfer_abandoned', `transfer ${transferId} is ABANDONED: its built steps can no longer move funds; request a new quote. Nothing was broadcast or recorded`);
  }
  const steps = await listSteps(db, transferId);
  if (body.step === 'redeem') refuseLandedClaim(transfer);
  const ofKind = steps.filter((s) => s.kind === body.step);
  if (ofKind.length === 0) throw new AppError('step_not_built', `transfer ${transferId} has no ${body.step} step`, { details: { builtSteps: steps.map((s) => s.kind) } });

  // Idempotent: the same transaction again, or a kind whose every step is firmly claimed.
  const claims = await listClaims(db, transferId);
  const form = signatureFormOf(ofKind[0]!.vm);
  if (body.typedData !== undefined && form?.vm !== 'eip712') throw new AppError('invalid_submission', '`typedData` goes with an eip712 step only');
  if (body.messages !== undefined && form?.vm !== 'message') throw new AppError('invalid_submission', '`messages` goes with a message step only');
  if (form) {
    return submitSignatureStep({ deps, transfer, form, ofKind, claims, body, requireFeeSteps: () => requireFeeSteps(deps, transfer, steps, claims), refuseUnlessAllowed: async (step) => refuseUnlessAllowed(step, await stepRulesOf(deps, transfer)), settle: (submission) => settleSubmission(deps, transfer, steps, submission) });
  }
  const submissions = claims.filter((s) => s.kind === body.step);
  const claimOf = (step: StoredStep) => claims.find((c) => c.stepIndex === step.index);
  const open = ofKind.filter((step) => claimOf(step) === undefined || PROVISIONAL.has(claimOf(step)!.verification));
  // A main step already claimed by a transaction of known nonce may take that transaction's
  // replacement, while the transfer is still in flight (a terminal one keeps the transaction it ended on).
  const inFlight = transfer.status === 'SUBMITTED' || transfer.status === 'PENDING';
  const replaceable = body.step === 'main' && inFlight ? ofKind.filter((step) => !open.includes(step) && claimOf(step)?.nonce != null) : [];
  const repeat = body.txHash !== undefined ? submissions.find((s) => sameTxHash(s.txHash, body.txHash as string)) : undefined;
  const latest = repeat ?? (open.length === 0 && replaceable.length === 0 ? submissions.at(-1) : undefined);
  if (latest) return { transferId, status: await settleSubmission(deps, transfer, steps, latest), txHash: latest.txHash, step: body.step, accepted: false, verification: latest.verification };

  const vm = ofKind[0]!.vm;
  if (ofKind.some((s) => s.vm !== vm) || (vm !== 'evm' && vm !== 'svm' && vm !== 'tron' && vm !== 'utxo' && vm !== 'deposit')) throw new AppError('invalid_signed_transaction', `submitting ${vm} steps is not supported yet`);
  const chain = ofKind[0]!.chain as ChainKey;
  if (body.step === 'main' && open.some((step) => claimOf(step) === undefined)) await requireFeeSteps(deps, transfer, steps, claims);
  const attempt: Attempt = { deps, transfer, steps, claims, candidates: [...open, ...replaceable], submissions, body, chain };
  const accepted =
    vm === 'deposit'
      ? // A deposit funded on a chain Strait builds nothing for: taken by hash (acceptDepositFunding.ts).
        await acceptDepositFunding({ deps, open: attempt.candidates, body }, async (built, txHash, verification): Promise<Accepted> => {
          const takeover = takeoverOf(attempt, built, verification === 'verified', null);
          return takeover === 'refuse' ? { repeat: await repeatAnswer(attempt) } : claimOnly(attempt, built, takeover, txHash, verification, null, undefined);
        })
      : vm === 'evm'
        ? await acceptEvm(attempt)
        : vm === 'tron'
          ? await acceptTron(attempt)
        : vm === 'utxo'
          ? await acceptUtxo(attempt)
          : await acceptSvm(attempt);
  if ('repeat' in accepted) return accepted.repeat;
  const { built, txHash, verification, ended } = accepted;

  let status = await settleSubmission(deps, transfer, steps, { stepIndex: built.index, kind: body.step, txHash, verification }, ended?.txHash);
  if (body.step === 'main' && accepted.reverted) status = await failReverted(deps, transferId, txHash, accepted.reverted.block);
  return { transferId, status, txHash, step: body.step, accepted: true, verification };
}

/** A source transaction mined and reverted: nothing moved, so the transfer fails at once (fee rows void). */
async function failReverted(deps: EngineDeps, transferId: string, txHash: string, block: number | null): Promise<TransferRecord['status']> {
  const current = await findTransfer(deps.store.db, transferId);
  if (!current) return 'FAILED';
  const where = block === null ? '' : ` in block ${block}`;
  const moved = await finishTransfer(deps, current, 'FAILED', { statusDetail: `the source transaction ${txHash} reverted${where}; no funds moved`, ...(block !== null ? { sourceTxBlock: block } : {}) });
  return moved ? 'FAILED' : current.status;
}

/**
 * The fee policy (docs/steps.md, "Submit"): the `main` step is accepted only once every built `fee`
 * step has a submission that verified, or that cannot be checked (no RPC for the chain). A fee claim
 * still pending is asked about again first, so a wallet that sent fee and main back to back is held
 * up only until the node sees the fee transaction. Refused with nothing broadcast or recorded.
 */
async function requireFeeSteps(deps: EngineDeps, transfer: TransferRecord, steps: readonly StoredStep[], claims: readonly ClaimRecord[]): Promise<void> {
  const missing: { stepIndex: number; kind: 'fee'; feeKind: string | null; reason: 'not_submitted' | 'not_found_on_chain' | 'refuted' | 'reverted' }[] = [];
  for (const step of steps.filter((s) => s.kind === 'fee')) {
    const feeKind = typeof step.payload.feeKind === 'string' ? step.payload.feeKind : null;
    const claim = claims.find((c) => c.stepIndex === step.index);
    if (!claim) {
      missing.push({ stepIndex: step.index, kind: 'fee', feeKind, reason: 'not_submitted' });
      continue;
    }
    if (!PROVISIONAL.has(claim.verification)) continue;
    const again = await verifyClaim(deps, transfer, step, claim.txHash);
    if (again.verification === 'verified' && !again.reverted) {
      await setSubmissionVerification(deps.store.db, transfer.id, step.index, 'verified');
      continue;
    }
    // A fee transaction that reverted paid nothing, and one that is not the step is anyone's junk:
    // its claim ends, the step is open again, and its fee row is offered again.
    const dead = again.verification === 'refuted' || (again.verification === 'verified' && again.reverted);
    if (dead && (await endClaim(deps.store.db, transfer.id, step.index, claim.txHash, 'refuted', deps.now()))) await reofferFeeRows(deps, transfer, claim.txHash);
    missing.push({ stepIndex: step.index, kind: 'fee', feeKind, reason: again.verification === 'refuted' ? 'refuted' : dead ? 'reverted' : 'not_found_on_chain' });
  }
  if (missing.length === 0) return;
  const named = missing.map((m) => `step ${m.stepIndex} (${m.feeKind ?? 'fee'}: ${m.reason.replaceAll('_', ' ')})`).join(', ');
  throw new AppError('fee_steps_required', `submit the fee steps before the main step: ${named}; nothing was broadcast`, { details: { missingSteps: missing } });
}

/** The fee rows (and `feeTxHash`) a released fee claim made `expected` are `offered` again, naming no transaction. */
async function reofferFeeRows(deps: EngineDeps, transfer: TransferRecord, txHash: string): Promise<void> {
  const db = deps.store.db;
  for (const row of await listFeeRows(db, transfer.id)) {
    if (row.status === 'expected' && row.txHash !== null && sameTxHash(row.txHash, txHash)) await setFeeRowStatus(db, transfer.id, row.kind, 'offered', null);
  }
  const current = await findTransfer(db, transfer.id);
  if (current?.feeTxHash != null && sameTxHash(current.feeTxHash, txHash)) await updateTransfer(db, transfer.id, { feeTxHash: null }, deps.now());
}

/** Asks the chain about a claimed hash again, against the step it claims. */
async function verifyClaim(deps: EngineDeps, transfer: TransferRecord, step: StoredStep, txHash: string): Promise<{ verification: string; reverted: boolean }> {
  const chain = step.chain as ChainKey;
  if (step.vm === 'svm') return verifySvmTransactionBySignature(deps.svmRpc(chain), txHash, storedSvmStep(step), transfer.requesterWallet);
  if (step.vm === 'evm') return verifyEvmTransactionByHash(deps.rpc(chain), txHash as Hex, storedEvmStep(step), transfer.requesterWallet);
  if (step.vm === 'tron') return verifyTronTransactionById(deps.tronRpc?.(chain) ?? null, txHash, builtTronOf(storedTronStep(step)));
  return { verification: 'unverified_no_rpc', reverted: false };
}

/**
 * A cut with no `fee` step of its own is collected by the venue inside the main transaction
 * (`venue-param`): it is in a signed transaction as soon as the main step is.
 */
async function expectVenueCollectedFees(deps: EngineDeps, transferId: string, steps: readonly StoredStep[], txHash: string): Promise<void> {
  const paidBySteps = new Set(steps.map((s) => s.payload.feeKind).filter((kind): kind is string => typeof kind === 'string'));
  let collected = false;
  for (const row of await listFeeRows(deps.store.db, transferId)) {
    if (row.status !== 'offered' || paidBySteps.has(row.kind)) continue;
    await setFeeRowStatus(deps.store.db, transferId, row.kind, 'expected', txHash);
    collected = true;
  }
  if (collected && paidBySteps.size === 0) await updateTransfer(deps.store.db, transferId, { feeTxHash: txHash }, deps.now());
}

/** A claim that landed (whoever sent it) leaves nothing to redeem: a new redeem transaction would only revert. */
function refuseLandedClaim(transfer: TransferRecord): void {
  if (transfer.claim?.status !== 'claimed') return;
  throw new AppError('claim_already_made', `the claim of transfer ${transfer.id} already landed${typeof transfer.claim.txHash === 'string' ? ` in ${transfer.claim.txHash}` : ''}; nothing was broadcast or recorded`, { details: { txHash: transfer.claim.txHash ?? null } });
}

/**
 * Who may sign a step: the requester, and for a claim's `redeem` also the recipient (the claim is
 * theirs on the destination chain). A contract that lets anyone redeem still completes the transfer
 * when someone else sends it: the venue's status sees the claim land.
 */
function signersOf(step: StepKind, transfer: TransferRecord): string | readonly string[] {
  return step === 'redeem' ? [transfer.requesterWallet, transfer.recipientWallet] : transfer.requesterWallet;
}

/** EVM hashes are hex (any case); Solana signatures are base58, where case matters. */
function sameTxHash(a: string, b: string): boolean {
  return txKeyOf(a) === txKeyOf(b);
}

interface Attempt {
  readonly deps: EngineDeps;
  readonly transfer: TransferRecord;
  readonly steps: readonly StoredStep[];
  /** Every claim of the transfer, all kinds. */
  readonly claims: readonly ClaimRecord[];
  /**
   * Built steps of the submitted kind this submission may claim, in order: unclaimed ones, ones held
   * by a provisional claim, then (main only) ones whose transaction it may replace.
   */
  readonly candidates: readonly StoredStep[];
  readonly submissions: readonly SubmissionRecord[];
  readonly body: SubmitBody;
  readonly chain: ChainKey;
}

interface Claimed {
  readonly built: StoredStep;
  readonly txHash: string;
  readonly verification: string;
  /** The claim this one took the step from (a provisional hash, or the transaction it replaces). */
  readonly ended?: ClaimRecord | undefined;
  /** The transaction is mined and reverted. */
  readonly reverted?: { readonly block: number | null } | undefined;
}

type Accepted = Claimed | { readonly repeat: SubmitView };

/** What a new claim would do to the step's current one, or why it may not. */
type Takeover = { readonly ended: ClaimRecord | undefined; readonly reason: 'superseded' | 'replaced' } | 'refuse';

/**
 * A step is taken from a provisional claim by a transaction that verified; from a firm main claim
 * only by its replacement (same signer, already checked, and the same nonce). Anything else
 * answers the claim on record.
 */
function takeoverOf(attempt: Attempt, step: StoredStep, verified: boolean, nonce: number | null): Takeover {
  const current = attempt.claims.find((c) => c.stepIndex === step.index);
  if (!current) return { ended: undefined, reason: 'superseded' };
  if (!verified) return 'refuse';
  if (PROVISIONAL.has(current.verification)) return { ended: current, reason: 'superseded' };
  if (step.kind === 'main' && current.nonce !== null && nonce !== null && current.nonce === nonce) return { ended: current, reason: 'replaced' };
  return 'refuse';
}

const repeatOf = async (attempt: Attempt, previous: SubmissionRecord): Promise<Accepted> => ({
  repeat: { transferId: attempt.transfer.id, status: await settleSubmission(attempt.deps, attempt.transfer, attempt.steps, previous), txHash: previous.txHash, step: attempt.body.step, accepted: false, verification: previous.verification },
});

function refuseExpired(attempt: Attempt): void {
  if (attempt.deps.now() > attempt.transfer.buildExpiresAt) throw new AppError('build_expired', 'the build has expired; request a new quote (a txHash of a transaction already sent is still accepted)');
}

function noRpc(chain: ChainKey): AppError {
  return new AppError('no_rpc_for_chain', `no RPC is configured for ${chain}; broadcast the transaction yourself and submit its txHash`);
}

/**
 * The other transfer is not named: a hash is public on chain, and answering with the id of the
 * transfer it pays would hand that id (and so its record and submit) to whoever looked it up.
 */
function claimedElsewhere(chain: string, txHash: string): AppError {
  return new AppError('source_tx_claimed', `transaction ${txHash} on ${chain} already pays another step (of this or another transfer); one on-chain transaction pays for one step of one transfer. Nothing was broadcast or recorded`, { details: { chain, txHash } });
}

/**
 * Claims the step, then broadcasts, so a concurrent repeat cannot broadcast twice. When the chain
 * refuses, the claim is released (a provisional or replaced one it took over holds the step again),
 * unless the chain turns out to hold these very bytes already.
 */
async function claimAndBroadcast(attempt: Attempt, built: StoredStep, takeover: Exclude<Takeover, 'refuse'>, id: string, nonce: number | null, broadcast: () => Promise<string>, alreadyOnChain: (error: unknown) => Promise<boolean>): Promise<Accepted> {
  const { deps, transfer, body } = attempt;
  const claimed = await claimStep(attempt, built, takeover, id, body.signedTransaction ?? null, 'verified', nonce);
  if (!claimed) return { repeat: await repeatAnswer(attempt) };
  try {
    return { built, txHash: await broadcast(), verification: 'verified', ended: takeover.ended };
  } catch (error) {
    if (!(await alreadyOnChain(error))) {
      // Another request may have taken the step meanwhile: its claim stands, and this one's refusal is the answer.
      if (takeover.ended) await restoreClaim(deps.store.db, transfer.id, built.index, id, takeover.ended).catch((restoreError: unknown) => { if (!isUniqueViolation(restoreError)) throw restoreError; });
      else await deps.store.db.deleteFrom('submissions').where('transfer_id', '=', transfer.id).where('step_index', '=', built.index).where('tx_hash', '=', id).execute();
      throw error;
    }
    return { built, txHash: id, verification: 'verified', ended: takeover.ended };
  }
}

async function acceptEvm(attempt: Attempt): Promise<Accepted> {
  const { deps, transfer, candidates, submissions, body, chain } = attempt;
  const rpc = deps.rpc(chain);
  const rules = await stepRulesOf(deps, transfer);
  const signers = signersOf(body.step, transfer);
  if (body.signedTransaction !== undefined) {
    const signed = body.signedTransaction;
    const decoded = await decodeSignedEvmTransaction(signed);
    const again = submissions.find((s) => sameTxHash(s.txHash, decoded.hash));
    if (again) return repeatOf(attempt, again);
    const matched = candidates.find((candidate) => compareEvmTransaction(decoded, storedEvmStep(candidate), signers).length === 0);
    if (!matched) {
      const mismatches = compareEvmTransaction(decoded, storedEvmStep(candidates[0]!), signers);
      throw new AppError('transaction_mismatch', `the signed transaction differs from the built ${body.step} step in ${mismatches.map((m) => m.field).join(', ')}; nothing was broadcast`, { details: { mismatches } });
    }
    const takeover = takeoverOf(attempt, matched, true, decoded.nonce);
    if (takeover === 'refuse') return { repeat: await repeatAnswer(attempt) };
    refuseUnlessAllowed(matched, rules);
    // A claim comes long after the build: its redeem steps expire only with the venue's proof.
    if (body.step !== 'redeem') refuseExpired(attempt);
    if (!rpc) throw noRpc(chain);
    await refuseNonceGap(rpc, decoded.from, decoded.nonce);
    return claimAndBroadcast(
      attempt,
      matched,
      takeover,
      decoded.hash,
      decoded.nonce,
      () => rpc.broadcast(signed as Hex),
      // "Already known" and a timed-out send may still mean the chain has these very bytes.
      async (error) => error instanceof AppError && (error.code === 'nonce_too_low' || error.code === 'chain_unavailable') && (await rpc.findTransaction(decoded.hash).catch(() => null)) !== null,
    );
  }
  const txHash = body.txHash as Hex;
  if (!/^0x[0-9a-fA-F]{64}$/.test(txHash)) throw new AppError('invalid_submission', '`txHash` of an EVM step must be 0x and 64 hex digits');
  // The first candidate step the transaction matches; one not on chain yet is taken to be the first.
  let built = candidates[0]!;
  let result = await verifyEvmTransactionByHash(rpc, txHash, storedEvmStep(built), signers);
  for (const candidate of candidates.slice(1)) {
    if (result.verification !== 'refuted') break;
    built = candidate;
    result = await verifyEvmTransactionByHash(rpc, txHash, storedEvmStep(built), signers);
  }
  if (result.verification === 'refuted') {
    throw new AppError('transaction_mismatch', `transaction ${txHash} is not the built ${body.step} step (${result.mismatches.map((m) => m.field).join(', ')})`, { details: { mismatches: result.mismatches, verification: 'refuted' } });
  }
  refuseRevertedStep(body.step, txHash, result.reverted, result.found?.blockNumber ?? null);
  // A transaction the wallet sent itself can wait behind a gap just the same, in the node's queue.
  if (rpc && result.verification === 'verified' && result.found?.status === 'pending') await refuseNonceGap(rpc, result.found.from, result.found.nonce);
  const takeover = takeoverOf(attempt, built, result.verification === 'verified', result.found?.nonce ?? null);
  if (takeover === 'refuse') return { repeat: await repeatAnswer(attempt) };
  refuseUnlessAllowed(built, rules);
  const found = result.found;
  const reverted = result.reverted ? { block: found?.blockNumber !== null && found?.blockNumber !== undefined ? Number(found.blockNumber) : null } : undefined;
  return claimOnly(attempt, built, takeover, txHash, result.verification, found?.nonce ?? null, reverted);
}

/**
 * Signed bytes (or an unmined transaction submitted by hash) whose nonce is above the signer's next
 * one are refused before they are claimed: a node queues them behind the gap and they are never
 * mined, while their claim, verified, would hold the step against the wallet's corrected retry (a
 * claim is replaced only at the same nonce, so that two main transactions can never both be mined).
 * A failed read refuses nothing: the check must not make a flaky RPC block submits.
 */
async function refuseNonceGap(rpc: EvmRpc, from: Address, nonce: number): Promise<void> {
  const expectedNonce = await rpc.pendingNonce(from).catch(() => null);
  if (expectedNonce === null || nonce <= expectedNonce) return;
  throw new AppError('nonce_too_high', `the signed transaction's nonce ${nonce} is above ${from}'s next nonce ${expectedNonce}: it would wait behind the gap and never be mined. Sign it again with nonce ${expectedNonce}, or send the transactions before it first; nothing was broadcast or recorded`, {
    retryAfterMs: NONCE_GAP_RETRY_MS,
    details: { nonce, expectedNonce },
  });
}

/** How long a wallet whose earlier transactions are still propagating is asked to wait before retrying a gapped nonce. */
const NONCE_GAP_RETRY_MS = 3_000;

/**
 * Solana: the signed bytes must keep every built instruction byte-identical (compute-budget
 * additions and, with `refreshBlockhash`, a fresh blockhash allowed) and be signed by the requester
 * as fee payer (docs/steps.md). Solana has no nonce to replace a transaction by: one that never
 * lands expires with its blockhash, and its provisional claim with it.
 */
async function acceptSvm(attempt: Attempt): Promise<Accepted> {
  const { deps, transfer, candidates, submissions, body, chain } = attempt;
  const rpc = deps.svmRpc(chain);
  if (body.signedTransaction !== undefined) {
    const checks = candidates.map((candidate) => ({ candidate, check: verifySignedSvmTransaction(body.signedTransaction as string, storedSvmStep(candidate), transfer.requesterWallet) }));
    const id = checks[0]!.check.transaction.id;
    const again = submissions.find((s) => s.txHash === id);
    if (again) return repeatOf(attempt, again);
    const matched = checks.find((c) => c.check.mismatches.length === 0);
    if (!matched) {
      const mismatches = checks[0]!.check.mismatches;
      throw new AppError('transaction_mismatch', `the signed transaction differs from the built ${body.step} step in ${[...new Set(mismatches.map((m) => m.field))].join(', ')}; nothing was broadcast`, { details: { mismatches } });
    }
    const takeover = takeoverOf(attempt, matched.candidate, true, null);
    if (takeover === 'refuse') return { repeat: await repeatAnswer(attempt) };
    refuseUnlessAllowed(matched.candidate, await stepRulesOf(deps, transfer));
    refuseExpired(attempt);
    if (!rpc) throw noRpc(chain);
    const wire = matched.check.transaction.wireBase64;
    return claimAndBroadcast(attempt, matched.candidate, takeover, id, null, () => rpc.broadcast(wire), async (error) => error instanceof AppError && error.code === 'chain_unavailable' && (await rpc.findSignatureStatus(id).catch(() => null)) !== null);
  }
  const signature = body.txHash as string;
  if (!isSvmSignature(signature)) throw new AppError('invalid_submission', '`txHash` of a Solana step must be a base58 transaction signature');
  let built = candidates[0]!;
  let result = await verifySvmTransactionBySignature(rpc, signature, storedSvmStep(built), transfer.requesterWallet);
  for (const candidate of candidates.slice(1)) {
    if (result.verification !== 'refuted') break;
    built = candidate;
    result = await verifySvmTransactionBySignature(rpc, signature, storedSvmStep(built), transfer.requesterWallet);
  }
  if (result.verification === 'refuted') {
    throw new AppError('transaction_mismatch', `transaction ${signature} is not the built ${body.step} step`, { details: { mismatches: result.mismatches, verification: 'refuted' } });
  }
  refuseRevertedStep(body.step, signature, result.reverted, null);
  const takeover = takeoverOf(attempt, built, result.verification === 'verified', null);
  if (takeover === 'refuse') return { repeat: await repeatAnswer(attempt) };
  refuseUnlessAllowed(built, await stepRulesOf(deps, transfer));
  return claimOnly(attempt, built, takeover, signature, result.verification, null, result.reverted ? { block: null } : undefined);
}

/** Bitcoin-family: verified in acceptUtxoSubmission.ts, claimed here on the same terms as the others (no nonce, no revert). */
async function acceptUtxo(attempt: Attempt): Promise<Accepted> {
  const { deps, transfer } = attempt;
  return acceptUtxoSubmission<Accepted>(attempt, {
    repeat: (previous) => repeatOf(attempt, previous),
    async refuseUnlessAllowed(built, signedBytes) {
      refuseUnlessAllowed(built, await stepRulesOf(deps, transfer));
      if (signedBytes) refuseExpired(attempt);
    },
    async claimAndBroadcast(built, txid, broadcast, alreadySent) {
      const takeover = takeoverOf(attempt, built, true, null);
      if (takeover === 'refuse') return { repeat: await repeatAnswer(attempt) };
      return claimAndBroadcast(attempt, built, takeover, txid, null, broadcast, alreadySent);
    },
    async claimOnly(built, txid, verification) {
      const takeover = takeoverOf(attempt, built, verification === 'verified', null);
      if (takeover === 'refuse') return { repeat: await repeatAnswer(attempt) };
      return claimOnly(attempt, built, takeover, txid, verification, null, undefined);
    },
  });
}

/**
 * Tron: the signed transaction's raw data must be the built bytes and its one signature the sender's
 * (docs/steps.md, "Submit"). Tron has no nonce: a transaction that never lands expires with the
 * build, and its provisional claim with it.
 */
async function acceptTron(attempt: Attempt): Promise<Accepted> {
  const { deps, transfer, candidates, submissions, body, chain } = attempt;
  const rpc = deps.tronRpc?.(chain) ?? null;
  const sender = transfer.requesterWallet;
  if (body.signedTransaction !== undefined) {
    const signed = decodeSignedTronTransaction(body.signedTransaction);
    const again = submissions.find((s) => sameTxHash(s.txHash, signed.txID));
    if (again) return repeatOf(attempt, again);
    const matched = candidates.find((candidate) => compareTronTransaction(signed, builtTronOf(storedTronStep(candidate))).length === 0);
    if (!matched) {
      const mismatches = compareTronTransaction(signed, builtTronOf(storedTronStep(candidates[0]!)));
      throw new AppError('transaction_mismatch', `the signed transaction differs from the built ${body.step} step in ${mismatches.map((m) => m.field).join(', ')}; nothing was broadcast`, { details: { mismatches } });
    }
    const takeover = takeoverOf(attempt, matched, true, null);
    if (takeover === 'refuse') return { repeat: await repeatAnswer(attempt) };
    refuseUnlessAllowed(matched, await stepRulesOf(deps, transfer), sender);
    refuseExpired(attempt);
    if (!rpc) throw noRpc(chain);
    // The node is sent the built raw data (as JSON and hex) and the signature, never the wallet's own JSON.
    const wire = { visible: false, txID: signed.txID, raw_data: tronRawDataJson(signed.raw), raw_data_hex: signed.rawDataHex, signature: [signed.signature] };
    return claimAndBroadcast(attempt, matched, takeover, signed.txID, null, () => rpc.broadcast(wire), async (error) => error instanceof AppError && (error.details?.refusal === 'duplicate' || error.code === 'chain_unavailable') && (await rpc.findTransaction(signed.txID).catch(() => null)) !== null);
  }
  const txID = (body.txHash as string).toLowerCase().replace(/^0x/, '');
  if (!/^[0-9a-f]{64}$/.test(txID)) throw new AppError('invalid_submission', '`txHash` of a Tron step must be its txID: 64 hex digits');
  let built = candidates[0]!;
  let result = await verifyTronTransactionById(rpc, txID, builtTronOf(storedTronStep(built)));
  for (const candidate of candidates.slice(1)) {
    if (result.verification !== 'refuted') break;
    built = candidate;
    result = await verifyTronTransactionById(rpc, txID, builtTronOf(storedTronStep(built)));
  }
  if (result.verification === 'refuted') {
    throw new AppError('transaction_mismatch', `transaction ${txID} is not the built ${body.step} step (${result.mismatches.map((m) => m.field).join(', ')})`, { details: { mismatches: result.mismatches, verification: 'refuted' } });
  }
  const block = result.found?.blockNumber ?? null;
  refuseRevertedStep(body.step, txID, result.reverted, block === null ? null : BigInt(block));
  const takeover = takeoverOf(attempt, built, result.verification === 'verified', null);
  if (takeover === 'refuse') return { repeat: await repeatAnswer(attempt) };
  refuseUnlessAllowed(built, await stepRulesOf(deps, transfer), sender);
  return claimOnly(attempt, built, takeover, txID, result.verification, null, result.reverted ? { block } : undefined);
}

/**
 * An approve or fee transaction that reverted did nothing (a fee paid no one): it cannot stand for
 * its step, so it is not recorded and the wallet signs the step again. A reverted main transaction
 * is recorded instead, and fails the transfer.
 */
function refuseRevertedStep(step: StepKind, txHash: string, reverted: boolean, block: bigint | null): void {
  if (!reverted || step === 'main') return;
  const where = block === null ? '' : ` in block ${block}`;
  throw new AppError('broadcast_rejected', `transaction ${txHash} reverted${where}, so it cannot stand for the ${step} step; sign the step again. Nothing was recorded`, { details: { txHash, reverted: true } });
}

async function claimOnly(attempt: Attempt, built: StoredStep, takeover: Exclude<Takeover, 'refuse'>, txHash: string, verification: string, nonce: number | null, reverted: Claimed['reverted']): Promise<Accepted> {
  const claimed = await claimStep(attempt, built, takeover, txHash, null, verification, nonce);
  if (!claimed) return { repeat: await repeatAnswer(attempt) };
  return { built, txHash, verification, ended: takeover.ended, reverted };
}

/**
 * Records the claim (taking the step over from the claim it ends, in one transaction). The store's
 * unique claim on (chain, transaction) decides races between transfers: the loser is told which
 * transfer holds the transaction. False when another request claimed this step first.
 */
async function claimStep(attempt: Attempt, step: StoredStep, takeover: Exclude<Takeover, 'refuse'>, txHash: string, signedTx: string | null, verification: string, nonce: number | null): Promise<boolean> {
  const { deps, transfer, body } = attempt;
  const db = deps.store.db;
  // A hash pays for one step of one transfer: held by another transfer, or by another step of this one, it is refused.
  const refuseIfClaimedElsewhere = async (): Promise<void> => {
    const holder = await findClaim(db, step.chain, txHash);
    if (holder && (holder.transferId !== transfer.id || holder.stepIndex !== step.index)) throw claimedElsewhere(step.chain, txHash);
  };
  await refuseIfClaimedElsewhere();
  const record = { stepIndex: step.index, kind: body.step, txHash, signedTx, verification, userIp: body.userIp ?? null, createdAt: deps.now(), nonce };
  try {
    if (takeover.ended) return await endClaim(db, transfer.id, step.index, takeover.ended.txHash, takeover.reason, deps.now(), record);
    await insertSubmission(db, transfer.id, record);
    return true;
  } catch (error) {
    // The store's unique rules decide a race: the answer is what the winner's record says.
    await refuseIfClaimedElsewhere();
    const again = (await listClaims(db, transfer.id)).some((s) => s.stepIndex === step.index);
    if (again || isUniqueViolation(error)) return false;
    throw error;
  }
}

/** A unique violation (the submissions table's primary key or its source claim index): PGlite and PostgreSQL both say 23505. */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/** The allow-list check of build, again, on what is about to be broadcast or recorded (and on a claim's redeem steps). */
export async function stepRulesOf(deps: EngineDeps, transfer: TransferRecord): Promise<StepRules | null> {
  // The relayer route's steps are its leg's (or a transfer to the relayer): checked on those terms.
  const execution = executionOfTransfer(deps, transfer);
  const sourceToken = await resolveStoredToken(deps, transfer.fromChain, transfer.fromAsset);
  const chainId = chainInfo(transfer.fromChain as ChainKey).chainId;
  if (!execution || !sourceToken) return null;
  const deposit = (transfer.build as { deposit?: { address?: string } }).deposit;
  const feeRows = await listFeeRows(deps.store.db, transfer.id);
  // The venue's native fee as the build bounded and stated it; a build before it existed states none.
  const nativeFee = BigInt((transfer.build as { nativeFeeAtomic?: string }).nativeFeeAtomic ?? '0');
  // The platform cut the venue takes itself (venue-param): its call must still pay exactly that.
  const viaVenue = (transfer.build as { feeCapture?: string }).feeCapture === 'venue-param';
  const venueCut = viaVenue ? feeRows.find((row) => row.kind === 'platform' && row.wallet) : undefined;
  return {
    venue: transfer.venue,
    allowList: execution.allowList,
    // Non-EVM chains have no chain id; their steps are checked by program (whyNotAllowedSvm).
    chainId: chainId ?? -1,
    sourceToken,
    amountIn: transfer.amountIn,
    depositAddress: deposit?.address ?? null,
    feeRecipients: feeRows.flatMap((row) => (row.wallet ? [row.wallet] : [])),
    nativeFee,
    // What the venue step moves: the amount less the cuts paid as fee steps (not a platform fee the venue takes).
    intent: {
      sourceChainId: chainId ?? -1,
      sourceToken: sourceToken.address,
      amount: transfer.amountIn - feeRows.reduce((sum, row) => (row.kind === 'platform' && viaVenue ? sum : sum + row.amount), 0n),
      recipient: execution.recipient,
      destinationChainId: chainInfo(execution.toChain).chainId,
      nativeFee,
      venueFee: venueCut?.wallet ? { recipient: venueCut.wallet, amount: venueCut.amount } : null,
    },
    sender: transfer.requesterWallet,
  };
}

function refuseUnlessAllowed(step: StoredStep, rules: StepRules | null, sender = ''): void {
  const reason =
    rules === null ? 'cannot be checked: the venue or source asset is unknown'
    : step.vm === 'svm' ? whyNotAllowedSvm(storedSvmStep(step), rules.allowList, rules.venue, rules.intent)
    : step.vm === 'eip712' ? whyNotAllowedEip712(storedEip712Step(step), rules)
    : step.vm === 'message' ? whyNotAllowedMessage(storedMessageStep(step), rules)
    : step.vm === 'tron' ? whyNotAllowedTron(storedTronStep(step), rules, sender)
    : step.vm === 'utxo' ? whyNotAllowedUtxo(storedUtxoStep(step), rules)
    : whyNotAllowed(storedEvmStep(step), rules);
  if (reason !== null) throw new AppError('step_not_allowed', `the built ${step.kind} step ${reason}; nothing was broadcast`, { details: { step: step.kind, stepIndex: step.index } });
}

/** The answer to a submission another request recorded first (a concurrent repeat), or a step firmly held. */
async function repeatAnswer(attempt: Attempt): Promise<SubmitView> {
  const { deps, transfer, steps, body } = attempt;
  const previous = (await listClaims(deps.store.db, transfer.id)).findLast((s) => s.kind === body.step);
  if (!previous) return { transferId: transfer.id, status: transfer.status, txHash: '', step: body.step, accepted: false, verification: null };
  return { transferId: transfer.id, status: await settleSubmission(deps, transfer, steps, previous), txHash: previous.txHash, step: body.step, accepted: false, verification: previous.verification };
}

/**
 * What a recorded submission implies, applied idempotently: its fee row is `expected`, and a `main`
 * step moves the transfer to SUBMITTED. Repeats apply it again, so a submission cut off between its
 * record and this update (a crash, a dropped connection) is completed by the client's retry. When
 * the submission took its step over from `endedTxHash` (a provisional hash, a replaced
 * transaction), whatever named that hash names the new one.
 */
async function settleSubmission(deps: EngineDeps, transfer: TransferRecord, steps: readonly StoredStep[], submission: Pick<SubmissionRecord, 'stepIndex' | 'kind' | 'txHash' | 'verification'>, endedTxHash?: string): Promise<TransferRecord['status']> {
  const db = deps.store.db;
  if (endedTxHash !== undefined) await renameEnded(deps, transfer, endedTxHash, submission);
  const feeKind = steps.find((s) => s.index === submission.stepIndex)?.payload.feeKind;
  if (submission.kind === 'fee' && typeof feeKind === 'string') {
    const row = (await listFeeRows(db, transfer.id)).find((f) => f.kind === feeKind);
    if (row?.status === 'offered') await setFeeRowStatus(db, transfer.id, feeKind, 'expected', submission.txHash);
    // The transfer's `feeTxHash` names the transaction paying the platform fee (or the first fee step).
    if (transfer.feeTxHash === null && (feeKind === 'platform' || !steps.some((s) => s.payload.feeKind === 'platform'))) await updateTransfer(db, transfer.id, { feeTxHash: submission.txHash }, deps.now());
  }
  if (submission.kind === 'redeem') await markRedeemSubmitted(deps, transfer.id, steps.find((s) => s.index === submission.stepIndex) ?? null, submission.txHash);
  if (submission.kind !== 'main') return transfer.status;
  await expectVenueCollectedFees(deps, transfer.id, steps, submission.txHash);
  if (transfer.status !== 'PENDING_SIGNATURE') return transfer.status;
  const now = deps.now();
  await updateTransfer(db, transfer.id, { status: 'SUBMITTED', statusDetail: 'source transaction submitted; waiting for the venue', completedAt: null, sourceTxHash: submission.txHash, sourceTxVerification: submission.verification, sourceTxBlock: null, submittedAt: now, nextPollAt: now, pollAttempts: 0, giveUpAt: now + giveUpAfterMs(transfer.etaSeconds) }, now);
  return 'SUBMITTED';
}

/** The fee rows, `feeTxHash` and `sourceTxHash` that named an ended claim's hash name its successor. */
async function renameEnded(deps: EngineDeps, transfer: TransferRecord, endedTxHash: string, next: Pick<SubmissionRecord, 'kind' | 'txHash' | 'verification'>): Promise<void> {
  const db = deps.store.db;
  for (const row of await listFeeRows(db, transfer.id)) {
    if (row.txHash !== null && sameTxHash(row.txHash, endedTxHash)) await setFeeRowStatus(db, transfer.id, row.kind, row.status, next.txHash);
  }
  const patch: Parameters<typeof updateTransfer>[2] = {};
  if (transfer.feeTxHash !== null && sameTxHash(transfer.feeTxHash, endedTxHash)) Object.assign(patch, { feeTxHash: next.txHash });
  if (next.kind === 'main' && transfer.sourceTxHash !== null && sameTxHash(transfer.sourceTxHash, endedTxHash)) {
    Object.assign(patch, { sourceTxHash: next.txHash, sourceTxVerification: next.verification, sourceTxBlock: null, statusDetail: `source transaction ${endedTxHash} was superseded by ${next.txHash}; waiting for the venue` });
  }
  if (Object.keys(patch).length > 0) await updateTransfer(db, transfer.id, patch, deps.now());
}
