import type { TransferStatus } from './transferStatus.ts';

/**
 * Where a transfer stands, for a person (docs/events.md, "Progress"): finer than `status`, derived
 * from the stored record only, so every replica and every event agrees. Terminal statuses map to
 * themselves in lower case.
 */
export const TRANSFER_SUBSTATUSES = [
  'waiting_for_signature',
  'waiting_for_source_confirmation',
  'bridging',
  'waiting_for_destination',
  'waiting_for_credit',
  'claim_ready',
  'refund_in_progress',
  'delayed',
  'completed',
  'partial',
  'refunded',
  'failed',
  'abandoned',
] as const;
export type TransferSubstatus = (typeof TRANSFER_SUBSTATUSES)[number];

export interface ProgressFacts {
  readonly status: TransferStatus;
  readonly statusDetail: string | null;
  readonly sourceTxVerification: string | null;
  readonly destinationTxHash: string | null;
  readonly claim: { readonly status?: unknown } | null;
  readonly postStep: Readonly<Record<string, unknown>> | null;
}

/** Verifications under which no node has shown the source transaction yet (docs/states.md). */
const UNCONFIRMED = new Set(['pending', 'unverified_rpc_error']);

export function substatusOf(t: ProgressFacts): TransferSubstatus {
  switch (t.status) {
    case 'PENDING_SIGNATURE':
      return 'waiting_for_signature';
    case 'COMPLETED':
    case 'PARTIAL':
    case 'REFUNDED':
    case 'FAILED':
    case 'ABANDONED':
      return t.status.toLowerCase() as TransferSubstatus;
    case 'SUBMITTED':
    case 'PENDING':
      break;
  }
  // SUBMITTED: the venue has not yet acknowledged the transfer, so its source side is still settling.
  if (t.status === 'SUBMITTED' || (t.sourceTxVerification !== null && UNCONFIRMED.has(t.sourceTxVerification))) return 'waiting_for_source_confirmation';
  if (t.statusDetail?.startsWith('overdue:')) return 'delayed';
  // Venues' refund states are non-terminal statuses whose value (kept in statusDetail) names the refund.
  if (t.statusDetail !== null && /\brefund/i.test(t.statusDetail)) return 'refund_in_progress';
  // Only a claim with steps to sign now is ready; waiting for it (or for the redeem to land) is bridging.
  if (t.claim !== null && t.claim.status === 'ready') return 'claim_ready';
  if (t.postStep !== null && typeof t.postStep.txHash !== 'string') return 'waiting_for_credit';
  if (t.destinationTxHash !== null) return 'waiting_for_destination';
  return 'bridging';
}

/** Seconds since the source transaction was submitted, until completion; `null` before submission. */
export function elapsedSecondsOf(submittedAt: number | null, completedAt: number | null, now: number): number | null {
  if (submittedAt === null) return null;
  return Math.max(0, Math.floor(((completedAt ?? now) - submittedAt) / 1000));
}
