import { concat, keccak256, type Hex } from 'viem';
import type { SubmitView } from './submitTransfer.ts';
import type { TypedDataMismatch } from '../chains/eip712/compareTypedData.ts';
import { AppError } from '../domain/errors.ts';
import type { StepKind } from '../domain/steps.ts';
import { dropSignatureClaim, renameSignatureClaim } from '../store/signatureClaims.ts';
import { findClaim, insertSubmission, listClaims, type ClaimRecord, type StoredStep, type SubmissionRecord, type TransferRecord } from '../store/transferRepository.ts';
import { sanitizeVenueMessage } from './sanitizeVenueMessage.ts';
import { ownerOf, type SignatureForm } from './signatureForms.ts';
import type { EngineDeps } from './EngineDeps.ts';

/** What submit hands the signature path: the transfer as read, and the shared steps it must run. */
export interface SignatureSubmission {
  readonly deps: EngineDeps;
  readonly transfer: TransferRecord;
  /** How the built steps of this kind are signed (`eip712` typed data or `message` bytes). */
  readonly form: SignatureForm;
  /** Built signature steps of the submitted kind, all of `form`'s vm. */
  readonly ofKind: readonly StoredStep[];
  readonly claims: readonly ClaimRecord[];
  readonly body: { readonly signedTransaction?: string | undefined; readonly txHash?: string | undefined; readonly typedData?: unknown; readonly messages?: unknown; readonly step: StepKind; readonly userIp?: string | undefined };
  /** The fee policy of submit (`409 fee_steps_required`), run before a `main` signature is forwarded. */
  readonly requireFeeSteps: () => Promise<void>;
  /** The allow-list check of build, again, on the stored step (`409 step_not_allowed`). */
  readonly refuseUnlessAllowed: (step: StoredStep) => Promise<void>;
  /** What a recorded submission implies (fee rows, SUBMITTED), idempotent; answers the transfer's status. */
  readonly settle: (submission: Pick<SubmissionRecord, 'stepIndex' | 'kind' | 'txHash' | 'verification'>) => Promise<TransferRecord['status']>;
}


/** Printable and bounded: it becomes the transfer's `sourceTxHash` and the claim's key. */
const ORDER_ID = /^[\x21-\x7e]{1,256}$/;
const FORWARD_TIMEOUT_MS = 15_000;

/**
 * Submit of a signature step (docs/steps.md, "Submit a signature"): `signedTransaction` carries the
 * signature(s) — of `eip712` typed data, or of each `message` step's bytes. The client's copy of what
 * it signed, when sent (`typedData` / `messages`), must equal the stored step; every signature must
 * recover, over the stored step, to the transfer's requester. Only then is the step claimed, the
 * signatures forwarded to the venue once, and the claim named by the venue's order id. A repeat of
 * the same signatures answers the order on record; other signatures for a signed step are refused.
 * A refused submission consumes nothing.
 */
export async function submitSignatureStep(s: SignatureSubmission): Promise<SubmitView> {
  const { deps, transfer, body, form } = s;
  if (body.signedTransaction === undefined) throw new AppError('invalid_submission', `${form.vm === 'eip712' ? 'an' : 'a'} ${form.vm} step is submitted as its signature in \`signedTransaction\`; it has no transaction hash`);
  const parsed = form.parse(body.signedTransaction, s.ofKind[0]!);
  if (!parsed.ok) throw new AppError('invalid_signed_transaction', `${parsed.reason}; nothing was forwarded`);
  const { signatures } = parsed;

  const copy = form.copyField === 'typedData' ? body.typedData : body.messages;
  if (copy !== undefined) {
    const equal = s.ofKind.filter((step) => form.compareCopy(step, copy).length === 0);
    if (equal.length === 0) refuseMismatch(body.step, form.compareCopy(s.ofKind[0]!, copy), `the ${form.copyField === 'typedData' ? 'typed data' : 'messages'} sent differ from the built`);
  }
  const owner = ownerOf(transfer.requesterWallet);
  let signed: StoredStep | undefined;
  let wrong: TypedDataMismatch | null = null;
  for (const step of s.ofKind) {
    const mismatch = await form.wrongSigner(step, signatures, owner);
    wrong ??= mismatch;
    if (mismatch === null) {
      signed = step;
      break;
    }
  }
  if (!signed) refuseMismatch(body.step, [wrong!], 'the signature is not the requester\'s over the built');

  // One spelling per set of signatures: the record's key and what a repeat is compared with.
  const record = signatures.join(',');
  const onRecord = s.claims.find((c) => c.stepIndex === signed.index);
  if (onRecord) return answerOnRecord(s, onRecord, record);
  if (deps.now() > transfer.buildExpiresAt) throw new AppError('build_expired', 'the build has expired; its signature is no longer forwarded. Request a new quote');
  if (body.step === 'main') await s.requireFeeSteps();
  await s.refuseUnlessAllowed(signed);
  const venue = deps.venues.get(transfer.venue)?.venue;
  if (!venue || !form.canForward(venue)) throw new AppError('venue_unavailable', `${transfer.venue} cannot take the signature now; nothing was recorded`, { retryAfterMs: 5_000 });

  const signatureId = keccak256(concat(signatures as Hex[]));
  const claimed = await claim(s, signed, signatureId, record);
  if (claimed !== true) return answerOnRecord(s, claimed, record);
  let orderId: string;
  try {
    const receipt = await form.forward(
      venue,
      { step: body.step, stored: signed, signatures, signer: owner, context: transfer.venueContext },
      { signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS), requestId: `transfer-${transfer.id}`, purpose: 'build' },
    );
    orderId = receipt.orderId;
    if (typeof orderId !== 'string' || !ORDER_ID.test(orderId)) throw new Error(`the venue answered an order id Strait cannot record: ${JSON.stringify(orderId)?.slice(0, 80)}`);
  } catch (error) {
    await dropSignatureClaim(deps.store.db, transfer.id, signed.index, signatureId);
    const raw = (error as Error)?.message ?? String(error);
    deps.logger.warn({ transferId: transfer.id, venue: transfer.venue, venueMessage: raw }, 'venue did not take the signature');
    throw new AppError('venue_unavailable', `${transfer.venue} did not take the signature (${sanitizeVenueMessage(raw)}); nothing was recorded, submit it again`, { cause: error, retryAfterMs: 2_000 });
  }
  try {
    await renameSignatureClaim(deps.store.db, transfer.id, signed.index, signatureId, orderId);
  } catch (error) {
    // Another transfer already holds this order id: the venue answered one order for two transfers.
    throw new AppError('unsafe_venue_answer', `${transfer.venue} answered order ${orderId}, which another transfer already holds; the signature is recorded under its own id`, { cause: error, details: { venue: transfer.venue } });
  }
  const status = await s.settle({ stepIndex: signed.index, kind: body.step, txHash: orderId, verification: 'verified' });
  return { transferId: transfer.id, status, txHash: orderId, step: body.step, accepted: true, verification: 'verified' };
}

function refuseMismatch(step: StepKind, mismatches: readonly TypedDataMismatch[], what: string): never {
  throw new AppError('transaction_mismatch', `${what} ${step} step in ${mismatches.map((m) => m.field).join(', ')}; nothing was forwarded`, { details: { mismatches } });
}

/** The same signatures again answer the order on record; different ones for a signed step are refused. */
async function answerOnRecord(s: SignatureSubmission, onRecord: ClaimRecord, record: string): Promise<SubmitView> {
  if (onRecord.signedTx !== record) {
    throw new AppError('step_already_signed', `the ${s.body.step} step already has an accepted signature (order ${onRecord.txHash}); another signature is not forwarded`, { details: { txHash: onRecord.txHash, stepIndex: onRecord.stepIndex } });
  }
  const status = await s.settle(onRecord);
  return { transferId: s.transfer.id, status, txHash: onRecord.txHash, step: s.body.step, accepted: false, verification: onRecord.verification };
}

/** Claims the step under the signatures' id; the claim another request recorded first when it lost the race. */
async function claim(s: SignatureSubmission, step: StoredStep, signatureId: string, record: string): Promise<true | ClaimRecord> {
  const db = s.deps.store.db;
  const claimRecord = { stepIndex: step.index, kind: s.body.step, txHash: signatureId, signedTx: record, verification: 'verified', userIp: s.body.userIp ?? null, createdAt: s.deps.now(), nonce: null };
  try {
    await insertSubmission(db, s.transfer.id, claimRecord);
    return true;
  } catch (error) {
    const winner = (await listClaims(db, s.transfer.id)).find((c) => c.stepIndex === step.index);
    if (winner) return winner;
    const holder = await findClaim(db, step.chain, signatureId);
    if (holder && holder.transferId !== s.transfer.id) {
      throw new AppError('source_tx_claimed', `this signature already opened an order for another transfer; one signature completes one transfer. Nothing was forwarded`, { details: { chain: step.chain, txHash: signatureId } });
    }
    throw error;
  }
}
