import { REJECTION_CATALOGUE, type RejectionCode } from '../domain/errors.ts';
import type { RoutableVenue } from '../venues/createVenueRegistry.ts';
import { CallAbandoned, VenueRejection, type VenueQuote, type VenueQuoteRequest } from '../venues/Venue.ts';
import { VenueHttpError, VenueTransportError } from '../venues/venueHttpClient.ts';

export interface PricedVenue {
  readonly venue: string;
  readonly quote: VenueQuote;
}

export interface Rejection {
  readonly venue: string;
  readonly code: RejectionCode;
  readonly message: string;
  readonly details: Record<string, unknown> | null;
}

export interface FanOutResult {
  readonly priced: PricedVenue[];
  readonly rejected: Rejection[];
}

export interface FanOutTiming {
  /** The hard deadline: no venue is waited for past it. */
  readonly deadlineMs: number;
  /** No early answer before this, so fast venues all get in. */
  readonly minWaitMs: number;
}

export interface FanOutOptions {
  readonly requestId?: string;
  /** Whether a priced answer is good enough to answer early with (e.g. the row is executable). */
  readonly isUseful?: (priced: PricedVenue) => boolean;
}

/**
 * Asks every candidate venue at once. It never fails as a whole: each venue ends as a priced row or
 * exactly one typed rejection.
 *
 * When to answer: as soon as every venue has answered; otherwise, once a useful row is in, the
 * number of venues still out that the answer may leave behind grows from none at `minWaitMs` to all
 * of them at the deadline (along a square-root curve, so the early cut stays patient at first); and
 * at the latest at the deadline. Without a useful row it waits for the deadline: it never answers
 * empty while a venue that could still answer is out. A venue left out is `venue_timeout`.
 */
export async function fanOutQuotes(
  candidates: readonly RoutableVenue[],
  request: VenueQuoteRequest,
  timing: FanOutTiming,
  options: FanOutOptions = {},
): Promise<FanOutResult> {
  const controller = new AbortController();
  const priced: PricedVenue[] = [];
  const rejected: Rejection[] = [];
  const pending = new Set(candidates.map((c) => c.id));
  const isUseful = options.isUseful ?? (() => true);
  const started = performance.now();
  let useful = false;
  let timer: NodeJS.Timeout | undefined;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });

  const reconsider = (): void => {
    clearTimeout(timer);
    const elapsed = performance.now() - started;
    const answerAt = pending.size === 0 ? 0 : useful ? earliestAnswerAt(pending.size, candidates.length, timing) : timing.deadlineMs;
    if (elapsed >= answerAt) return finish();
    timer = setTimeout(reconsider, Math.max(1, Math.ceil(answerAt - elapsed)));
  };

  for (const candidate of candidates) {
    const call = { signal: controller.signal, ...(options.requestId ? { requestId: options.requestId } : {}) };
    candidate.venue.quote(request, call).then(
      (quote) => {
        if (!pending.delete(candidate.id)) return;
        if (quote.amountOut <= 0n) {
          rejected.push(reject(candidate.id, 'below_min', `${candidate.id} would deliver nothing for this amount`, { amountOutAtomic: quote.amountOut.toString() }));
        } else {
          const row = { venue: candidate.id, quote };
          priced.push(row);
          useful ||= isUseful(row);
        }
        reconsider();
      },
      (error: unknown) => {
        if (!pending.delete(candidate.id)) return;
        rejected.push(classify(candidate.id, error));
        reconsider();
      },
    );
  }
  reconsider();
  await finished;
  clearTimeout(timer);
  const waitedMs = Math.round(performance.now() - started);
  // The quote's deadline is Strait's budget, not the venue's failure: a venue still out is listed as
  // venue_timeout but not counted against its breaker, which is for venues that fail (refuse, reset,
  // 5xx, wrong shape, or exceed the per-attempt timeout). Slow venues thus stay in the next quote.
  controller.abort(new CallAbandoned(waitedMs < timing.deadlineMs ? 'the quote answered without this venue' : 'the quote deadline passed'));
  for (const id of pending) {
    const early = waitedMs < timing.deadlineMs;
    rejected.push(
      reject(id, 'venue_timeout', early ? `${id} had not answered after ${waitedMs} ms, when ${priced.length} other venues had priced; the quote did not wait for it` : `${id} did not answer within the ${timing.deadlineMs} ms quote deadline`, {
        waitedMs,
        deadlineMs: timing.deadlineMs,
      }),
    );
  }
  pending.clear();
  return { priced, rejected };
}

/**
 * Milliseconds after the start at which an answer may leave `outstanding` of `total` venues
 * behind: the deadline when all are out, `minWaitMs` as the count approaches zero.
 */
export function earliestAnswerAt(outstanding: number, total: number, timing: FanOutTiming): number {
  if (outstanding <= 0) return 0;
  const window = Math.max(0, timing.deadlineMs - timing.minWaitMs);
  return timing.minWaitMs + window * Math.sqrt(Math.min(1, outstanding / Math.max(1, total)));
}

/** Translates whatever an adapter threw into one rejection; adapters translate venue errors first. */
export function classify(venue: string, error: unknown): Rejection {
  if (error instanceof VenueRejection) return { venue, code: error.code, message: error.message, details: error.details ?? null };
  if (error instanceof VenueTransportError) return reject(venue, error.timedOut ? 'venue_timeout' : 'venue_error', error.message);
  if (error instanceof VenueHttpError) {
    if (error.status === 429) return reject(venue, 'venue_rate_limited', `${venue} refused the call for its rate limit`);
    return reject(venue, 'venue_error', error.message);
  }
  return reject(venue, 'venue_error', `${venue} failed: ${(error as Error)?.message ?? String(error)}`);
}

export function reject(venue: string, code: RejectionCode, message: string, details: Record<string, unknown> | null = null): Rejection {
  return { venue, code, message, details };
}

const NOT_SERVING: ReadonlySet<RejectionCode> = new Set(['privacy_venue_required', 'route_not_served', 'token_not_supported']);

/**
 * The most useful reason when nothing priced: `no_private_route` when privacy left no venue serving
 * the corridor (spec §1 rule 2), else the catalogue's priority ("too small" beats "upstream 500").
 */
export function emptyReasonOf(rejected: readonly Rejection[], privacy: boolean): string | null {
  if (privacy && rejected.every((r) => NOT_SERVING.has(r.code))) return 'no_private_route';
  let best: RejectionCode | null = null;
  for (const r of rejected) {
    if (best === null || REJECTION_CATALOGUE[r.code].priority < REJECTION_CATALOGUE[best].priority) best = r.code;
  }
  return best;
}
