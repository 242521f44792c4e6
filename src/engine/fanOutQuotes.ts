import { REJECTION_CATALOGUE, type RejectionCode } from '../domain/errors.ts';
import type { RoutableVenue } from '../venues/createVenueRegistry.ts';
import { VenueRejection, type VenueQuote, type VenueQuoteRequest } from '../venues/Venue.ts';
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

/**
 * Asks every candidate venue at once under one deadline. It never fails as a whole: each venue ends
 * as a priced row or exactly one typed rejection, and a venue still out at the deadline is
 * `venue_timeout` — the answer never waits for the slowest venue.
 */
export async function fanOutQuotes(
  candidates: readonly RoutableVenue[],
  request: VenueQuoteRequest,
  deadlineMs: number,
  requestId?: string,
): Promise<FanOutResult> {
  const controller = new AbortController();
  const priced: PricedVenue[] = [];
  const rejected: Rejection[] = [];
  const pending = new Set(candidates.map((c) => c.id));
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, deadlineMs);
  });

  const calls = candidates.map(async (candidate) => {
    try {
      const quote = await candidate.venue.quote(request, { signal: controller.signal, ...(requestId ? { requestId } : {}) });
      if (!pending.delete(candidate.id)) return;
      if (quote.amountOut <= 0n) rejected.push(reject(candidate.id, 'below_min', 'the venue would deliver nothing for this amount'));
      else priced.push({ venue: candidate.id, quote });
    } catch (error) {
      if (!pending.delete(candidate.id)) return;
      rejected.push(classify(candidate.id, error));
    }
  });

  await Promise.race([Promise.allSettled(calls), deadline]);
  clearTimeout(timer);
  controller.abort();
  for (const id of pending) rejected.push(reject(id, 'venue_timeout', `${id} did not answer within ${deadlineMs} ms`));
  return { priced, rejected };
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
