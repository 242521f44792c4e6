import { canMove, feeRowStatusOnTransfer, type TransferStatus } from '../domain/transferStatus.ts';
import { listFeeRows, setFeeRowStatus, transferWritten, updateTransfer, type TransferPatch, type TransferRecord } from '../store/transferRepository.ts';
import type { EngineDeps } from './EngineDeps.ts';

/**
 * Moves a transfer to a terminal status with its fee rows beside it (settled or void, spec §3), in
 * one transaction. An illegal move is refused and logged, never written. Returns whether it moved.
 */
export async function finishTransfer(deps: EngineDeps, transfer: TransferRecord, status: TransferStatus, patch: TransferPatch): Promise<boolean> {
  if (!canMove(transfer.status, status)) {
    deps.logger.error({ transferId: transfer.id, from: transfer.status, to: status }, 'illegal status move refused');
    return false;
  }
  const now = deps.now();
  await deps.store.db.transaction().execute(async (tx) => {
    await updateTransfer(tx, transfer.id, { ...patch, status, nextPollAt: null, completedAt: status === 'ABANDONED' ? null : now }, now);
    for (const fee of await listFeeRows(tx, transfer.id)) {
      const next = feeRowStatusOnTransfer(fee.status, status);
      if (next !== fee.status) await setFeeRowStatus(tx, transfer.id, fee.kind, next);
    }
  });
  transferWritten(transfer.id);
  deps.observer?.transferFinished({ venue: transfer.venue, status, seconds: Math.max(0, now - (transfer.submittedAt ?? transfer.createdAt)) / 1000 });
  return true;
}
