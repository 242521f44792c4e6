import type { PublicClient } from 'viem';
import type { ChainKey } from '../domain/chains.ts';
import type { Venue } from './Venue.ts';
import { createVenueHttpClient, isVenueFault, type VenueAttemptObserver } from './venueHttpClient.ts';
import { VenueHealth } from './venueHealth.ts';
import type { VenueModule } from './VenueModule.ts';

export interface VenueInstanceOptions {
  readonly baseUrl: string;
  readonly credentials: Readonly<Record<string, string | undefined>>;
  readonly evm: (chain: ChainKey) => PublicClient | null;
  readonly now: () => number;
  /** Deadline of one HTTP attempt; the quote or build deadline bounds the whole call. */
  readonly attemptTimeoutMs: number;
  readonly breaker: { readonly failuresToOpen: number; readonly halfOpenAfterMs: number };
  /** Told of every HTTP attempt (metrics). */
  readonly observe?: VenueAttemptObserver;
  /** Longest wait a venue's 429 imposes on later calls (5 min by default; `0` asks the venue every time). */
  readonly maxRetryAfterMs?: number;
}

/**
 * Builds one adapter the way every venue is built, in the service and in adapter tests alike: the
 * shared HTTP client bound to the venue's base URL and credential headers, with its own circuit
 * breaker and health record.
 */
export function createVenueInstance(module: VenueModule, options: VenueInstanceOptions): { venue: Venue; health: VenueHealth } {
  const health = new VenueHealth(module.id, options.breaker, isVenueFault);
  const clientAt = (baseUrl: string) => createVenueHttpClient({
    venueId: module.id,
    baseUrl,
    headers: module.headers?.(options.credentials) ?? {},
    attemptTimeoutMs: options.attemptTimeoutMs,
    maxAttempts: 2,
    health,
    observe: options.observe,
    budget: module.rateLimit?.(options.credentials) ?? null,
    ...(options.maxRetryAfterMs !== undefined ? { maxRetryAfterMs: options.maxRetryAfterMs } : {}),
  });
  const http = clientAt(options.baseUrl);
  const venue = module.create({ http, httpAt: clientAt, baseUrl: options.baseUrl, credentials: options.credentials, evm: options.evm, now: options.now });
  return { venue, health };
}
