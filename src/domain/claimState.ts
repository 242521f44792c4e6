/**
 * The `claim` of a transfer (docs/transfer-fields.md, "claim"): a second transaction on the
 * destination chain a venue needs before the funds are the recipient's (a CCTP mint without
 * forwarding, an L2 withdrawal's prove and finalize). Pure rules; the engine stores the object as
 * JSON on the transfer and the worker moves it.
 *
 *   waiting ──▶ ready ──▶ submitted ──▶ claimed
 *      ▲                     │
 *      └─────────────────────┘  (a multi-step claim: proven, now waiting for the finalize window;
 *                                 or the redeem transaction reverted, so its step is open again)
 */

export type ClaimStatus = 'waiting' | 'ready' | 'submitted' | 'claimed';
export const CLAIM_STATUSES: readonly ClaimStatus[] = ['waiting', 'ready', 'submitted', 'claimed'];

/** Who may sign the redeem steps: anyone (the contract checks the proof, not the caller) or the recipient only. */
export type ClaimSigner = 'anyone' | 'recipient';

const MOVES: Readonly<Record<ClaimStatus, readonly ClaimStatus[]>> = {
  waiting: ['ready', 'claimed'],
  ready: ['submitted', 'waiting', 'claimed'],
  submitted: ['claimed', 'waiting', 'ready'],
  claimed: [],
};

/** Whether the claim may move from `from` to `to` (staying put is always allowed). */
export function canMoveClaim(from: ClaimStatus, to: ClaimStatus): boolean {
  return from === to || MOVES[from].includes(to);
}

/**
 * Where a claim stands, from what the venue said this poll and what the wallet submitted:
 * - the venue reports the transfer delivered → `claimed` (whoever sent the redeem);
 * - a step is due and every due step has a submission → `submitted`;
 * - a step is due and not all are submitted → `ready`;
 * - nothing is due yet → `waiting`.
 */
export function nextClaimStatus(facts: { readonly delivered: boolean; readonly dueSteps: number; readonly submittedDueSteps: number }): ClaimStatus {
  if (facts.delivered) return 'claimed';
  if (facts.dueSteps === 0) return 'waiting';
  return facts.submittedDueSteps >= facts.dueSteps ? 'submitted' : 'ready';
}

/** Whole seconds until `claimableAt` from `now`, never negative; `null` when the time is unknown. */
export function secondsUntilClaimable(claimableAt: number | null, now: number): number | null {
  if (claimableAt === null) return null;
  return Math.max(0, Math.ceil((claimableAt - now) / 1000));
}
