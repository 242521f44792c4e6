import { isIP } from 'node:net';
import type { Hex } from 'viem';
import { compareEvmTransaction } from '../chains/evm/compareEvmTransaction.ts';
import { decodeSignedEvmTransaction } from '../chains/evm/decodeSignedEvmTransaction.ts';
import { verifyEvmTransactionByHash } from '../chains/evm/verifyEvmTransactionByHash.ts';
import type { ChainKey } from '../domain/chains.ts';
import { AppError } from '../domain/errors.ts';
import type { StepKind } from '../domain/steps.ts';
import { chainInfo } from '../domain/chains.ts';
import { giveUpAfterMs } from '../domain/pollSchedule.ts';
import { resolveToken } from '../domain/tokens.ts';
import { findTransfer, insertSubmission, listFeeRows, listSteps, listSubmissions, setFeeRowStatus, updateTransfer, type StoredStep, type SubmissionRecord, type TransferRecord } from '../store/transferRepository.ts';
import { isSvmSignature } from '../chains/svm/isSvmSignature.ts';
import { verifySignedSvmTransaction } from '../chains/svm/verifySignedSvmTransaction.ts';
import { verifySvmTransactionBySignature } from '../chains/svm/verifySvmTransactionBySignature.ts';
import { storedSvmStep } from './storedSvmStep.ts';
import { whyNotAllowed, whyNotAllowedSvm, type StepRules } from './vetSteps.ts';
import type { EngineDeps } from './EngineDeps.ts';
import { storedEvmStep } from './storedEvmStep.ts';

export interface SubmitBody {
  readonly signedTransaction?: string | undefined;
  readonly txHash?: string | undefined;
  readonly step: StepKind;
  readonly userIp?: string | undefined;
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
 * POST /bridge/transfers/{id}/submit: the signed transaction (or the one the wallet already sent) is
 * decoded and compared field by field with the step Strait built; any difference refuses the whole
 * submission and nothing is broadcast. Only the `main` step moves the order. A repeat answers the
 * hash on record with `accepted: false`.
 */
export async function submitTransfer(deps: EngineDeps, transferId: string, body: SubmitBody): Promise<SubmitView> {
  if ((body.signedTransaction === undefined) === (body.txHash === undefined)) {
    throw new AppError('invalid_submission', 'give exactly one of signedTransaction and txHash');
  }
  if (body.userIp !== undefined && isIP(body.userIp) === 0) throw new AppError('invalid_user_ip', 'userIp must be an IPv4 or IPv6 address');
  const db = deps.store.db;
  const transfer = await findTransfer(db, transferId);
  if (!transfer) throw new AppError('transfer_not_found', `no transfer ${transferId}`);
  const steps = await listSteps(db, transferId);
  const ofKind = steps.filter((s) => s.kind === body.step);
  if (ofKind.length === 0) throw new AppError('step_not_built', `transfer ${transferId} has no ${body.step} step`, { details: { builtSteps: steps.map((s) => s.kind) } });

  // Idempotent: the same transaction again, or a kind whose every step is already submitted.
  const submissions = (await listSubmissions(db, transferId)).filter((s) => s.kind === body.step);
  const open = ofKind.filter((step) => !submissions.some((s) => s.stepIndex === step.index));
  const repeat = body.txHash !== undefined ? submissions.find((s) => sameTxHash(s.txHash, body.txHash as string)) : undefined;
  const latest = repeat ?? (open.length === 0 ? submissions.at(-1) : undefined);
  if (latest) return { transferId, status: await settleSubmission(deps, transfer, steps, latest), txHash: latest.txHash, step: body.step, accepted: false, verification: latest.verification };

  const vm = ofKind[0]!.vm;
  if (ofKind.some((s) => s.vm !== vm) || (vm !== 'evm' && vm !== 'svm')) throw new AppError('invalid_signed_transaction', `submitting ${vm} steps is not supported yet`);
  const attempt: Attempt = { deps, transfer, steps, open, submissions, body, chain: ofKind[0]!.chain as ChainKey };
  const accepted = vm === 'evm' ? await acceptEvm(attempt) : await acceptSvm(attempt);
  if ('repeat' in accepted) return accepted.repeat;
  const { built, txHash, verification } = accepted;

  const status = await settleSubmission(deps, transfer, steps, { stepIndex: built.index, kind: body.step, txHash, verification });
  return { transferId, status, txHash, step: body.step, accepted: true, verification };
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

/** EVM hashes are hex (any case); Solana signatures are base58, where case matters. */
function sameTxHash(a: string, b: string): boolean {
  return a.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b;
}

interface Attempt {
  readonly deps: EngineDeps;
  readonly transfer: TransferRecord;
  readonly steps: readonly StoredStep[];
  /** Built steps of the submitted kind that have no submission yet, in order. */
  readonly open: readonly StoredStep[];
  readonly submissions: readonly SubmissionRecord[];
  readonly body: SubmitBody;
  readonly chain: ChainKey;
}

type Accepted = { readonly built: StoredStep; readonly txHash: string; readonly verification: string } | { readonly repeat: SubmitView };

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
 * Claims the step, then broadcasts, so a concurrent repeat cannot broadcast twice. When the chain
 * refuses, the claim is released, unless the chain turns out to hold these very bytes already.
 */
async function claimAndBroadcast(attempt: Attempt, built: StoredStep, id: string, broadcast: () => Promise<string>, alreadyOnChain: (error: unknown) => Promise<boolean>): Promise<Accepted> {
  const { deps, transfer, body } = attempt;
  const claimed = await claimStep(deps, transfer, built, body, id, body.signedTransaction ?? null, 'verified');
  if (!claimed) return { repeat: await repeatAnswer(attempt) };
  try {
    return { built, txHash: await broadcast(), verification: 'verified' };
  } catch (error) {
    if (!(await alreadyOnChain(error))) {
      await deps.store.db.deleteFrom('submissions').where('transfer_id', '=', transfer.id).where('step_index', '=', built.index).execute();
      throw error;
    }
    return { built, txHash: id, verification: 'verified' };
  }
}

async function acceptEvm(attempt: Attempt): Promise<Accepted> {
  const { deps, transfer, open, submissions, body, chain } = attempt;
  const rpc = deps.rpc(chain);
  const rules = await stepRulesOf(deps, transfer);
  if (body.signedTransaction !== undefined) {
    const signed = body.signedTransaction;
    const decoded = await decodeSignedEvmTransaction(signed);
    const again = submissions.find((s) => s.txHash.toLowerCase() === decoded.hash.toLowerCase());
    if (again) return repeatOf(attempt, again);
    const matched = open.find((candidate) => compareEvmTransaction(decoded, storedEvmStep(candidate), transfer.requesterWallet).length === 0);
    if (!matched) {
      const mismatches = compareEvmTransaction(decoded, storedEvmStep(open[0]!), transfer.requesterWallet);
      throw new AppError('transaction_mismatch', `the signed transaction differs from the built ${body.step} step in ${mismatches.map((m) => m.field).join(', ')}; nothing was broadcast`, { details: { mismatches } });
    }
    refuseUnlessAllowed(matched, rules);
    refuseExpired(attempt);
    if (!rpc) throw noRpc(chain);
    return claimAndBroadcast(
      attempt,
      matched,
      decoded.hash,
      () => rpc.broadcast(signed as Hex),
      // "Already known" and a timed-out send may still mean the chain has these very bytes.
      async (error) => error instanceof AppError && (error.code === 'nonce_too_low' || error.code === 'chain_unavailable') && (await rpc.findTransaction(decoded.hash).catch(() => null)) !== null,
    );
  }
  const txHash = body.txHash as Hex;
  if (!/^0x[0-9a-fA-F]{64}$/.test(txHash)) throw new AppError('invalid_submission', '`txHash` of an EVM step must be 0x and 64 hex digits');
  // The first open step the transaction matches; one not on chain yet is taken to be the first open step.
  let built = open[0]!;
  let result = await verifyEvmTransactionByHash(rpc, txHash, storedEvmStep(built), transfer.requesterWallet);
  for (const candidate of open.slice(1)) {
    if (result.verification !== 'refuted') break;
    built = candidate;
    result = await verifyEvmTransactionByHash(rpc, txHash, storedEvmStep(built), transfer.requesterWallet);
  }
  if (result.verification === 'refuted') {
    throw new AppError('transaction_mismatch', `transaction ${txHash} is not the built ${body.step} step (${result.mismatches.map((m) => m.field).join(', ')})`, { details: { mismatches: result.mismatches, verification: 'refuted' } });
  }
  refuseUnlessAllowed(built, rules);
  return claimOnly(attempt, built, txHash, result.verification);
}

/**
 * Solana: the signed bytes must keep every built instruction byte-identical (compute-budget
 * additions and, with `refreshBlockhash`, a fresh blockhash allowed) and be signed by the requester
 * as fee payer (docs/steps.md).
 */
async function acceptSvm(attempt: Attempt): Promise<Accepted> {
  const { deps, transfer, open, submissions, body, chain } = attempt;
  const rpc = deps.svmRpc(chain);
  if (body.signedTransaction !== undefined) {
    const checks = open.map((candidate) => ({ candidate, check: verifySignedSvmTransaction(body.signedTransaction as string, storedSvmStep(candidate), transfer.requesterWallet) }));
    const id = checks[0]!.check.transaction.id;
    const again = submissions.find((s) => s.txHash === id);
    if (again) return repeatOf(attempt, again);
    const matched = checks.find((c) => c.check.mismatches.length === 0);
    if (!matched) {
      const mismatches = checks[0]!.check.mismatches;
      throw new AppError('transaction_mismatch', `the signed transaction differs from the built ${body.step} step in ${[...new Set(mismatches.map((m) => m.field))].join(', ')}; nothing was broadcast`, { details: { mismatches } });
    }
    refuseUnlessAllowed(matched.candidate, await stepRulesOf(deps, transfer));
    refuseExpired(attempt);
    if (!rpc) throw noRpc(chain);
    const wire = matched.check.transaction.wireBase64;
    return claimAndBroadcast(attempt, matched.candidate, id, () => rpc.broadcast(wire), async (error) => error instanceof AppError && error.code === 'chain_unavailable' && (await rpc.findSignatureStatus(id).catch(() => null)) !== null);
  }
  const signature = body.txHash as string;
  if (!isSvmSignature(signature)) throw new AppError('invalid_submission', '`txHash` of a Solana step must be a base58 transaction signature');
  let built = open[0]!;
  let result = await verifySvmTransactionBySignature(rpc, signature, storedSvmStep(built), transfer.requesterWallet);
  for (const candidate of open.slice(1)) {
    if (result.verification !== 'refuted') break;
    built = candidate;
    result = await verifySvmTransactionBySignature(rpc, signature, storedSvmStep(built), transfer.requesterWallet);
  }
  if (result.verification === 'refuted') {
    throw new AppError('transaction_mismatch', `transaction ${signature} is not the built ${body.step} step`, { details: { mismatches: result.mismatches, verification: 'refuted' } });
  }
  refuseUnlessAllowed(built, await stepRulesOf(deps, transfer));
  return claimOnly(attempt, built, signature, result.verification);
}

async function claimOnly(attempt: Attempt, built: StoredStep, txHash: string, verification: string): Promise<Accepted> {
  const claimed = await claimStep(attempt.deps, attempt.transfer, built, attempt.body, txHash, null, verification);
  if (!claimed) return { repeat: await repeatAnswer(attempt) };
  return { built, txHash, verification };
}

async function claimStep(deps: EngineDeps, transfer: TransferRecord, step: StoredStep, body: SubmitBody, txHash: string, signedTx: string | null, verification: string): Promise<boolean> {
  try {
    await insertSubmission(deps.store.db, transfer.id, { stepIndex: step.index, kind: body.step, txHash, signedTx, verification, userIp: body.userIp ?? null, createdAt: deps.now() });
    return true;
  } catch (error) {
    const again = (await listSubmissions(deps.store.db, transfer.id)).some((s) => s.stepIndex === step.index);
    if (again) return false;
    throw error;
  }
}

/** The allow-list check of build, again, on what is about to be broadcast or recorded. */
async function stepRulesOf(deps: EngineDeps, transfer: TransferRecord): Promise<StepRules | null> {
  const registered = deps.venues.get(transfer.venue);
  const sourceToken = resolveToken(transfer.fromChain, transfer.fromAsset === 'native' ? null : transfer.fromAsset);
  const chainId = chainInfo(transfer.fromChain as ChainKey).chainId;
  if (!registered || !sourceToken) return null;
  const deposit = (transfer.build as { deposit?: { address?: string } }).deposit;
  const feeRows = await listFeeRows(deps.store.db, transfer.id);
  return {
    venue: transfer.venue,
    allowList: registered.allowList,
    // Non-EVM chains have no chain id; their steps are checked by program (whyNotAllowedSvm).
    chainId: chainId ?? -1,
    sourceToken,
    amountIn: transfer.amountIn,
    depositAddress: deposit?.address ?? null,
    feeRecipients: feeRows.flatMap((row) => (row.wallet ? [row.wallet] : [])),
  };
}

function refuseUnlessAllowed(step: StoredStep, rules: StepRules | null): void {
  const reason = rules === null ? 'cannot be checked: the venue or source asset is unknown' : step.vm === 'svm' ? whyNotAllowedSvm(storedSvmStep(step), rules.allowList, rules.venue) : whyNotAllowed(storedEvmStep(step), rules);
  if (reason !== null) throw new AppError('step_not_allowed', `the built ${step.kind} step ${reason}; nothing was broadcast`, { details: { step: step.kind, stepIndex: step.index } });
}

/** The answer to a submission another request recorded first (a concurrent repeat). */
async function repeatAnswer(attempt: Attempt): Promise<SubmitView> {
  const { deps, transfer, steps, body } = attempt;
  const previous = (await listSubmissions(deps.store.db, transfer.id)).findLast((s) => s.kind === body.step);
  if (!previous) return { transferId: transfer.id, status: transfer.status, txHash: '', step: body.step, accepted: false, verification: null };
  return { transferId: transfer.id, status: await settleSubmission(deps, transfer, steps, previous), txHash: previous.txHash, step: body.step, accepted: false, verification: previous.verification };
}

/**
 * What a recorded submission implies, applied idempotently: its fee row is `expected`, and a `main`
 * step moves the transfer to SUBMITTED. Repeats apply it again, so a submission cut off between its
 * record and this update (a crash, a dropped connection) is completed by the client's retry.
 */
async function settleSubmission(deps: EngineDeps, transfer: TransferRecord, steps: readonly StoredStep[], submission: Pick<SubmissionRecord, 'stepIndex' | 'kind' | 'txHash' | 'verification'>): Promise<TransferRecord['status']> {
  const db = deps.store.db;
  const feeKind = steps.find((s) => s.index === submission.stepIndex)?.payload.feeKind;
  if (submission.kind === 'fee' && typeof feeKind === 'string') {
    const row = (await listFeeRows(db, transfer.id)).find((f) => f.kind === feeKind);
    if (row?.status === 'offered') await setFeeRowStatus(db, transfer.id, feeKind, 'expected', submission.txHash);
    // The transfer's `feeTxHash` names the transaction paying the platform fee (or the first fee step).
    if (transfer.feeTxHash === null && (feeKind === 'platform' || !steps.some((s) => s.payload.feeKind === 'platform'))) await updateTransfer(db, transfer.id, { feeTxHash: submission.txHash }, deps.now());
  }
  if (submission.kind !== 'main') return transfer.status;
  await expectVenueCollectedFees(deps, transfer.id, steps, submission.txHash);
  if (transfer.status !== 'PENDING_SIGNATURE' && transfer.status !== 'ABANDONED') return transfer.status;
  const now = deps.now();
  const detail = transfer.status === 'ABANDONED' ? 'source transaction submitted after the build was abandoned; tracking resumed' : 'source transaction submitted; waiting for the venue';
  await updateTransfer(db, transfer.id, { status: 'SUBMITTED', statusDetail: detail, completedAt: null, sourceTxHash: submission.txHash, sourceTxVerification: submission.verification, submittedAt: now, nextPollAt: now, pollAttempts: 0, giveUpAt: now + giveUpAfterMs(transfer.etaSeconds) }, now);
  return 'SUBMITTED';
}
