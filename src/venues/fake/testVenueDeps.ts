import type { PublicClient } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';
import { createVenueInstance } from '../createVenueInstance.ts';
import type { VenueModule } from '../VenueModule.ts';

/**
 * Builds a venue adapter exactly as the registry does (real shared HTTP client, breaker, schema
 * checks), pointed at a fake's base URL. For adapter tests.
 */
export function createTestVenue(
  module: VenueModule,
  baseUrl: string,
  options: { credentials?: Record<string, string | undefined>; evm?: (chain: ChainKey) => PublicClient | null; now?: () => number; attemptTimeoutMs?: number } = {},
) {
  return createVenueInstance(module, {
    baseUrl,
    credentials: options.credentials ?? {},
    evm: options.evm ?? (() => null),
    now: options.now ?? Date.now,
    attemptTimeoutMs: options.attemptTimeoutMs ?? 2_000,
    breaker: { failuresToOpen: 5, halfOpenAfterMs: 30_000 },
  });
}

/** A call context with a generous deadline, for tests. */
export function testCall(ms = 5_000) {
  return { signal: AbortSignal.timeout(ms) };
}
