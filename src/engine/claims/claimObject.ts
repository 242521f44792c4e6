import { CLAIM_STATUSES, secondsUntilClaimable, type ClaimSigner, type ClaimStatus } from '../../domain/claimState.ts';
import type { Json, JsonObject } from '../../domain/steps.ts';
import type { ClaimTerms } from '../../venues/Venue.ts';

/**
 * The transfer's `claim` as the store keeps it (JSON on the transfer row, so every change is an event).
 * The view adds `secondsUntilClaimable`, a countdown measured at the read.
 */
export interface StoredClaim {
  readonly status: ClaimStatus;
  /** The chain the redeem steps are sent on. */
  readonly chain: string;
  /** Names of the redeem steps in order (`receiveMessage`; `prove`, `finalize`). */
  readonly actions: readonly string[];
  readonly signer: ClaimSigner;
  /** When the next step becomes (or became) sendable, epoch ms; `null` when unknown. */
  readonly claimableAt: number | null;
  /** The unsigned `redeem` steps to sign now, in the build's step format; empty unless `ready`. */
  readonly steps: readonly JsonObject[];
  /** The latest redeem transaction recorded (submitted, or the one the venue saw land). */
  readonly txHash: string | null;
  readonly reason: string;
  /** What is awaited, for people. */
  readonly detail: string;
}

/** The claim a build announces: waiting for the venue's part. */
export function initialClaim(terms: ClaimTerms): JsonObject {
  return toJson({ status: 'waiting', chain: terms.chain, actions: terms.actions, signer: terms.signer, claimableAt: null, steps: [], txHash: null, reason: terms.reason, detail: 'waiting for the source transaction and the venue' });
}

export function toJson(claim: StoredClaim): JsonObject {
  return { ...claim, actions: [...claim.actions], steps: [...claim.steps] } as unknown as JsonObject;
}

/** Reads a stored claim back; `null` for none, or for JSON that is not one (never trusted blindly). */
export function readClaim(json: JsonObject | null): StoredClaim | null {
  if (json === null) return null;
  const status = json.status;
  if (typeof status !== 'string' || !CLAIM_STATUSES.includes(status as ClaimStatus)) return null;
  const text = (v: Json | undefined, fallback: string): string => (typeof v === 'string' ? v : fallback);
  return {
    status: status as ClaimStatus,
    chain: text(json.chain, ''),
    actions: Array.isArray(json.actions) ? json.actions.filter((a): a is string => typeof a === 'string') : [],
    signer: json.signer === 'recipient' ? 'recipient' : 'anyone',
    claimableAt: typeof json.claimableAt === 'number' ? json.claimableAt : null,
    steps: Array.isArray(json.steps) ? json.steps.filter((s): s is JsonObject => typeof s === 'object' && s !== null && !Array.isArray(s)) : [],
    txHash: typeof json.txHash === 'string' ? json.txHash : null,
    reason: text(json.reason, ''),
    detail: text(json.detail, ''),
  };
}

export type ClaimView = NonNullable<ReturnType<typeof claimView>>;

/** A cached view's countdown measured again at `now` (everything else of it is as fresh as the cache). */
export function recountClaim(view: ClaimView | null, now: number): ClaimView | null {
  if (!view || view.status !== 'waiting' || view.claimableAt === null) return view;
  return { ...view, secondsUntilClaimable: secondsUntilClaimable(Date.parse(view.claimableAt), now) };
}

/** The `claim` of `GET /bridge/transfers/{id}`; `now` is when the countdown is measured. */
export function claimView(json: JsonObject | null, now: number) {
  const claim = readClaim(json);
  if (!claim) return null;
  return {
    status: claim.status,
    chain: claim.chain,
    actions: [...claim.actions],
    signer: claim.signer,
    claimableAt: claim.claimableAt === null ? null : new Date(claim.claimableAt).toISOString(),
    secondsUntilClaimable: claim.status === 'waiting' ? secondsUntilClaimable(claim.claimableAt, now) : claim.status === 'claimed' ? null : 0,
    steps: [...claim.steps],
    txHash: claim.txHash,
    reason: claim.reason,
    detail: claim.detail,
  };
}
