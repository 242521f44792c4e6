import type { TransferRecord } from '../store/transferRepository.ts';

/** With no venue deadline known, built steps are taken to stay executable this long after the build expires. */
export const UNKNOWN_DEADLINE_GRACE_MS = 24 * 3_600_000;

/**
 * The moment after which the transfer's built steps can no longer move funds, so an unsigned
 * transfer may be `ABANDONED` (docs/states.md):
 * - Across: the deposit's `fillDeadline` (the SpokePool refuses a deposit past it);
 * - a deposit address: the desk's own `deadlineMs`;
 * - anything else: the build's expiry plus a day, since a signed EVM transaction can be broadcast
 *   whenever its nonce is still free and the venue's own cut-off is not known to Strait.
 * Never before the build's expiry plus `graceMs`.
 */
export function fundsDeadline(transfer: Pick<TransferRecord, 'buildExpiresAt' | 'venueContext' | 'build'>, graceMs: number): number {
  const floor = transfer.buildExpiresAt + graceMs;
  const fillDeadline = Number(transfer.venueContext.fillDeadline);
  if (Number.isSafeInteger(fillDeadline) && fillDeadline > 0) return Math.max(floor, fillDeadline * 1000);
  const deposit = (transfer.build as { deposit?: { deadlineMs?: unknown } }).deposit;
  if (typeof deposit?.deadlineMs === 'number' && Number.isSafeInteger(deposit.deadlineMs)) return Math.max(floor, deposit.deadlineMs);
  return Math.max(floor, transfer.buildExpiresAt + UNKNOWN_DEADLINE_GRACE_MS);
}
