import { findTransfer, updateTransfer, type StoredStep } from '../../store/transferRepository.ts';
import type { EngineDeps } from '../EngineDeps.ts';
import { readClaim, toJson } from './claimObject.ts';

/**
 * A redeem step was accepted: the claim names the transaction, drops the step from those left to
 * sign, and the worker looks at the destination at once. Applied again on a repeat, harmlessly.
 */
export async function markRedeemSubmitted(deps: EngineDeps, transferId: string, step: StoredStep | null, txHash: string): Promise<void> {
  const transfer = await findTransfer(deps.store.db, transferId);
  const claim = transfer ? readClaim(transfer.claim) : null;
  if (!transfer || !claim || claim.status === 'claimed') return;
  const signed = step ? JSON.stringify(step.payload) : null;
  const left = claim.steps.filter((s) => JSON.stringify(s) !== signed);
  const next = toJson({ ...claim, status: left.length === 0 ? 'submitted' : 'ready', steps: left, txHash, detail: `redeem transaction ${txHash} sent; waiting for it to land on ${claim.chain}` });
  if (JSON.stringify(next) === JSON.stringify(transfer.claim)) return;
  const now = deps.now();
  await updateTransfer(deps.store.db, transferId, { claim: next, ...(transfer.status === 'PENDING' || transfer.status === 'SUBMITTED' ? { nextPollAt: now } : {}) }, now);
}
