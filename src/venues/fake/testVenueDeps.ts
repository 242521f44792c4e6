import type { PublicClient } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';
import { createVenueHttpClient, isVenueFault } from '../venueHttpClient.ts';
import { VenueHealth } from '../venueHealth.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';

/**
 * Builds a venue adapter the way the registry does (real shared HTTP client, breaker, schema checks),
 * pointed at a fake's base URL. For adapter tests.
 */
export function createTestVenue(
  module: VenueModule,
  baseUrl: string,
  options: { credentials?: Record<string, string | undefined>; evm?: (chain: ChainKey) => PublicClient | null; now?: () => number; attemptTimeoutMs?: number } = {},
) {
  const credentials = options.credentials ?? {};
  const health = new VenueHealth(module.id, { failuresToOpen: 5, halfOpenAfterMs: 30_000 }, isVenueFault);
  const http = createVenueHttpClient({
    venueId: module.id,
    baseUrl,
    headers: module.headers?.(credentials) ?? {},
    attemptTimeoutMs: options.attemptTimeoutMs ?? 2_000,
    maxAttempts: 2,
    health,
  });
  const deps: VenueDeps = { http, baseUrl, credentials, evm: options.evm ?? (() => null), now: options.now ?? Date.now };
  return { venue: module.create(deps), health, deps };
}

/** A call context with a generous deadline, for tests. */
export function testCall(ms = 5_000) {
  return { signal: AbortSignal.timeout(ms) };
}
