/**
 * The transfer state machine (spec §3; the moves the spec leaves open are documented in
 * docs/states.md). Every write of a status goes through {@link canMove}, so an illegal move is a bug
 * caught at the write, not a corrupt record found later.
 */

export const TRANSFER_STATUSES = ['PENDING_SIGNATURE', 'SUBMITTED', 'PENDING', 'COMPLETED', 'PARTIAL', 'REFUNDED', 'FAILED', 'ABANDONED'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const TERMINAL_STATUSES: ReadonlySet<TransferStatus> = new Set(['COMPLETED', 'PARTIAL', 'REFUNDED', 'FAILED', 'ABANDONED']);

const MOVES: Readonly<Record<TransferStatus, readonly TransferStatus[]>> = {
  PENDING_SIGNATURE: ['SUBMITTED', 'ABANDONED'],
  // A venue may report the end before Strait ever saw the intermediate state. Back to
  // PENDING_SIGNATURE only when the main claim was a provisional hash that expired unseen, or was
  // found not to be the built step: no funds moved, and the step is open to the wallet again
  // (docs/states.md).
  SUBMITTED: ['PENDING', 'COMPLETED', 'PARTIAL', 'REFUNDED', 'FAILED', 'PENDING_SIGNATURE'],
  PENDING: ['COMPLETED', 'PARTIAL', 'REFUNDED', 'FAILED'],
  COMPLETED: [],
  PARTIAL: [],
  REFUNDED: [],
  FAILED: [],
  // Terminal like the others: it is reached only once the built steps can no longer move funds
  // (their venue deadlines passed), so a late submission is refused (`transfer_abandoned`).
  ABANDONED: [],
};

export function isTerminal(status: TransferStatus): boolean {
  return TERMINAL_STATUSES.has(status);
}

export function canMove(from: TransferStatus, to: TransferStatus): boolean {
  return MOVES[from].includes(to);
}

export type FeeRowStatus = 'offered' | 'expected' | 'settled' | 'void';

/** Where a fee row goes when its transfer reaches `status` (spec §3 fee row moves). */
export function feeRowStatusOnTransfer(current: FeeRowStatus, status: TransferStatus): FeeRowStatus {
  if (current === 'settled' || current === 'void') return current;
  if (status === 'COMPLETED' || status === 'PARTIAL') return current === 'expected' ? 'settled' : 'void';
  if (status === 'REFUNDED' || status === 'FAILED' || status === 'ABANDONED') return 'void';
  return current;
}
