import type { Hex } from 'viem';
import { compareEvmTransaction } from '../chains/evm/compareEvmTransaction.ts';
import { decodeSignedEvmTransaction } from '../chains/evm/decodeSignedEvmTransaction.ts';
import { verifyEvmTransactionByHash } from '../chains/evm/verifyEvmTransactionByHash.ts';
import type { ChainKey } from '../domain/chains.ts';
import { AppError } from '../domain/errors.ts';
import type { StepKind } from '../domain/steps.ts';
import { findTransfer, insertSubmission, listSteps, listSubmissions, updateTransfer, type TransferRecord } from '../store/transferRepository.ts';
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
  const db = deps.store.db;
  const transfer = await findTransfer(db, transferId);
  if (!transfer) throw new AppError('transfer_not_found', `no transfer ${transferId}`);
  const steps = await listSteps(db, transferId);
  const built = steps.find((s) => s.kind === body.step);
  if (!built) throw new AppError('step_not_built', `transfer ${transferId} has no ${body.step} step`, { details: { builtSteps: steps.map((s) => s.kind) } });

  const previous = (await listSubmissions(db, transferId)).find((s) => s.kind === body.step);
  if (previous) return { transferId, status: transfer.status, txHash: previous.txHash, step: body.step, accepted: false, verification: previous.verification };

  if (built.vm !== 'evm') throw new AppError('invalid_signed_transaction', `submitting ${built.vm} steps is not supported yet`);
  const step = storedEvmStep(built);
  const chain = built.chain as ChainKey;
  const rpc = deps.rpc(chain);
  let txHash: Hex;
  let verification: string;

  if (body.signedTransaction !== undefined) {
    const decoded = await decodeSignedEvmTransaction(body.signedTransaction);
    const mismatches = compareEvmTransaction(decoded, step, transfer.requesterWallet);
    if (mismatches.length > 0) {
      throw new AppError('transaction_mismatch', `the signed transaction differs from the built ${body.step} step in ${mismatches.map((m) => m.field).join(', ')}; nothing was broadcast`, { details: { mismatches } });
    }
    if (deps.now() > transfer.buildExpiresAt) throw new AppError('build_expired', 'the build has expired; request a new quote (a txHash of a transaction already sent is still accepted)');
    if (!rpc) throw new AppError('no_rpc_for_chain', `no RPC is configured for ${chain}; broadcast the transaction yourself and submit its txHash`);
    // Claim the step first so a concurrent repeat cannot broadcast twice; released if the chain refuses.
    const claimed = await claimStep(deps, transfer, body, decoded.hash, body.signedTransaction, 'verified');
    if (!claimed) return repeatAnswer(deps, transferId, body.step);
    try {
      txHash = await rpc.broadcast(body.signedTransaction as Hex);
    } catch (error) {
      // "Already known" and a timed-out send may still mean the chain has these very bytes.
      const reached = error instanceof AppError && (error.code === 'nonce_too_low' || error.code === 'chain_unavailable') && (await rpc.findTransaction(decoded.hash).catch(() => null)) !== null;
      if (!reached) {
        await db.deleteFrom('submissions').where('transfer_id', '=', transferId).where('kind', '=', body.step).execute();
        throw error;
      }
      txHash = decoded.hash;
    }
    verification = 'verified';
  } else {
    txHash = body.txHash as Hex;
    const result = await verifyEvmTransactionByHash(rpc, txHash, step, transfer.requesterWallet);
    if (result.verification === 'refuted') {
      throw new AppError('transaction_mismatch', `transaction ${txHash} is not the built ${body.step} step (${result.mismatches.map((m) => m.field).join(', ')})`, { details: { mismatches: result.mismatches, verification: 'refuted' } });
    }
    verification = result.verification;
    const claimed = await claimStep(deps, transfer, body, txHash, null, verification);
    if (!claimed) return repeatAnswer(deps, transferId, body.step);
  }

  const now = deps.now();
  let status = transfer.status;
  if (body.step === 'main' && transfer.status === 'PENDING_SIGNATURE') {
    status = 'SUBMITTED';
    await updateTransfer(db, transferId, { status, statusDetail: 'source transaction submitted; waiting for the venue', sourceTxHash: txHash, sourceTxVerification: verification, submittedAt: now, nextPollAt: now, pollAttempts: 0, giveUpAt: null }, now);
  }
  return { transferId, status, txHash, step: body.step, accepted: true, verification };
}

async function claimStep(deps: EngineDeps, transfer: TransferRecord, body: SubmitBody, txHash: string, signedTx: string | null, verification: string): Promise<boolean> {
  try {
    await insertSubmission(deps.store.db, transfer.id, { kind: body.step, txHash, signedTx, verification, userIp: body.userIp ?? null, createdAt: deps.now() });
    return true;
  } catch (error) {
    const again = (await listSubmissions(deps.store.db, transfer.id)).some((s) => s.kind === body.step);
    if (again) return false;
    throw error;
  }
}

async function repeatAnswer(deps: EngineDeps, transferId: string, step: StepKind): Promise<SubmitView> {
  const transfer = await findTransfer(deps.store.db, transferId);
  const previous = (await listSubmissions(deps.store.db, transferId)).find((s) => s.kind === step);
  return { transferId, status: transfer?.status ?? 'PENDING_SIGNATURE', txHash: previous?.txHash ?? '', step, accepted: false, verification: previous?.verification ?? null };
}
