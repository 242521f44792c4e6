import { setMaxListeners } from 'node:events';
import { REJECTION_CATALOGUE, type RejectionCode } from '../domain/errors.ts';
import type { RoutableVenue } from '../venues/createVenueRegistry.ts';
import { CallAbandoned, VenueRejection, type VenueQuote, type VenueQuoteRequest } from '../venues/Venue.ts';
import { VenueHttpError, VenueTransportError, countedAsFault } from '../venues/venueHttpClient.ts';
import { sanitizeVenueMessage } from './sanitizeVenueMessage.ts';

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
  /** Where the venue's raw error text goes (callers see it sanitised). */
  readonly logger?: { warn(details: object, message: string): void };
  /** Told of each venue's outcome the moment it is known (the quote stream, per-venue metrics); never awaited. */
  readonly onOutcome?: (outcome: VenueOutcome) => void;
}

/**
 * One venue's part in a fan-out: its row or its rejection, when it ended (seconds since the start),
 * and whether the quote left it out (still pending when the answer went) rather than it refusing.
 */
export type VenueOutcome = VenueAnswer & { readonly seconds: number; readonly leftOut: boolean };

export type VenueAnswer = { readonly priced: PricedVenue } | { readonly rejected: Rejection };

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
  // Every candidate's call listens to this one signal (the venue client keeps each attempt's own
  // deadline on a plain timer beside it): 36 listeners are the design, not a leak to warn of.
  setMaxListeners(0, controller.signal);
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

  const refuse = (candidate: RoutableVenue, error: unknown): void => {
    // An answer the adapter refused at mapping level (the client counted transport and shape faults).
    if (error instanceof VenueRejection && error.code === 'venue_bad_response' && !countedAsFault(error)) void candidate.health.recordMappingFault(error.message, 'quote');
    const rejection = classify(candidate.id, error);
    // Callers see the sanitised text; the raw one is logged when it differs or the venue failed.
    const raw = error instanceof Error ? error.message : String(error);
    if (raw !== rejection.message || FAILED.has(rejection.code)) options.logger?.warn({ venue: candidate.id, requestId: options.requestId, code: rejection.code, venueMessage: raw }, 'venue quote failed');
    settleRejected(rejection);
  };
  const seconds = (): number => (performance.now() - started) / 1000;
  const settleRejected = (rejection: Rejection, leftOut = false): void => {
    rejected.push(rejection);
    options.onOutcome?.({ rejected: rejection, seconds: seconds(), leftOut });
  };

  for (const candidate of candidates) {
    const call = { signal: controller.signal, purpose: 'quote' as const, ...(options.requestId ? { requestId: options.requestId } : {}) };
    candidate.venue.quote(request, call).then(
      (quote) => {
        if (!pending.delete(candidate.id)) return;
        const impossible = impossibleQuote(quote, request);
        if (impossible !== null) {
          refuse(candidate, new VenueRejection('venue_bad_response', `${candidate.id} ${impossible}`, { path: '' }));
        } else if (quote.amountOut <= 0n) {
          settleRejected(reject(candidate.id, 'below_min', `${candidate.id} would deliver nothing for this amount`, { amountOutAtomic: quote.amountOut.toString() }));
        } else {
          const row = { venue: candidate.id, quote };
          priced.push(row);
          useful ||= isUseful(row);
          options.onOutcome?.({ priced: row, seconds: seconds(), leftOut: false });
        }
        reconsider();
      },
      (error: unknown) => {
        if (!pending.delete(candidate.id)) return;
        refuse(candidate, error);
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
  // With every venue answered there is nothing to stop (and an Error's stack costs a quote's CPU).
  if (pending.size > 0) controller.abort(new CallAbandoned(waitedMs < timing.deadlineMs ? 'the quote answered without this venue' : 'the quote deadline passed'));
  for (const id of pending) {
    const early = waitedMs < timing.deadlineMs;
    settleRejected(
      reject(id, 'venue_timeout', early ? `${id} had not answered after ${waitedMs} ms, when ${priced.length} other venues had priced; the quote did not wait for it` : `${id} did not answer within the ${timing.deadlineMs} ms quote deadline`, {
        waitedMs,
        deadlineMs: timing.deadlineMs,
      }),
      true,
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

/**
 * What makes a priced answer impossible (the adapter passed it on, but no venue can mean it), or
 * `null`: such an answer is refused as `venue_bad_response` and counts against the venue.
 */
export function impossibleQuote(quote: VenueQuote, request: VenueQuoteRequest): string | null {
  if (quote.amountOut < 0n || quote.minAmountOut < 0n) return 'quoted a negative amount';
  if (quote.minAmountOut > quote.amountOut) return `guarantees a minimum (${quote.minAmountOut}) above its own expected output (${quote.amountOut})`;
  if (request.exactOut !== undefined) {
    // An exact output is a promise: the recipient gets exactly that, and the sender pays something.
    if (quote.minAmountOut < request.exactOut) return `promises ${quote.minAmountOut} for an exact output of ${request.exactOut}`;
    if (quote.amountIn <= 0n) return 'asked no input for an exact output';
    if (quote.amountIn > MAX_UINT256) return 'asked an input no balance can hold for an exact output';
  }
  // Taking more than the user offers is impossible to build; taking less is a venue's rounding.
  if (quote.amountIn > request.amountIn) return `priced ${quote.amountIn}, more than the ${request.amountIn} offered`;
  return null;
}

/**
 * Translates whatever an adapter threw into one rejection; adapters translate venue errors first.
 * The message is the venue's text sanitised (no hosts, ports, paths or keys); callers log the raw one.
 */
export function classify(venue: string, error: unknown): Rejection {
  if (error instanceof VenueRejection) return { venue, code: error.code, message: sanitizeVenueMessage(error.message), details: error.details ?? null };
  if (error instanceof VenueTransportError) return reject(venue, error.timedOut ? 'venue_timeout' : 'venue_error', sanitizeVenueMessage(error.message));
  if (error instanceof VenueHttpError) {
    if (error.status === 429) return reject(venue, 'venue_rate_limited', `${venue} refused the call for its rate limit`);
    return reject(venue, 'venue_error', sanitizeVenueMessage(error.message));
  }
  return reject(venue, 'venue_error', sanitizeVenueMessage(`${venue} failed: ${(error as Error)?.message ?? String(error)}`));
}

export function reject(venue: string, code: RejectionCode, message: string, details: Record<string, unknown> | null = null): Rejection {
  return { venue, code, message, details };
}

const MAX_UINT256 = 2n ** 256n - 1n;

const FAILED: ReadonlySet<RejectionCode> = new Set(['venue_error', 'venue_bad_response']);

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
