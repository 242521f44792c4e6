import type { PublicClient } from 'viem';
import type { VenueConfig } from '../config.ts';
import type { ChainKey } from '../domain/chains.ts';
import { EMPTY_ALLOW_LIST, type VenueAllowList } from './allowList.ts';
import { VENUE_CATALOG, type CatalogEntry } from './catalog.ts';
import type { Venue } from './Venue.ts';
import { createVenueInstance } from './createVenueInstance.ts';
import type { VenueHealth } from './venueHealth.ts';
import type { VenueAttemptObserver } from './venueHttpClient.ts';
import type { VenueModule } from './VenueModule.ts';

/** One catalogue venue as the service sees it: its adapter when registered, and why it cannot route when not. */
export interface RegisteredVenue {
  readonly id: string;
  readonly catalog: CatalogEntry;
  /** The adapter, or `null` when Strait has no adapter for the venue yet. */
  readonly venue: Venue | null;
  readonly health: VenueHealth | null;
  readonly enabled: boolean;
  readonly notRoutableReason: string | null;
  /** What the venue's steps may call and pay, checked at build and again at submit. */
  readonly allowList: VenueAllowList;
  /** The venue collects Strait's platform fee through its own integrator-fee parameter. */
  readonly takesIntegratorFee: boolean;
}

/** A registered, enabled venue: a candidate of every quote. */
export type RoutableVenue = RegisteredVenue & { readonly venue: Venue; readonly health: VenueHealth };

export interface VenueRegistry {
  readonly all: readonly RegisteredVenue[];
  get(id: string): RegisteredVenue | undefined;
  /** Registered, enabled venues: the candidates of a quote. */
  routable(): readonly RoutableVenue[];
}

export interface VenueRegistryOptions {
  readonly modules: readonly VenueModule[];
  readonly venues: Readonly<Record<string, VenueConfig>>;
  readonly evm: (chain: ChainKey) => PublicClient | null;
  readonly now?: () => number;
  /** Deadline of one HTTP attempt to a venue; the quote or build deadline bounds the whole call. */
  readonly attemptTimeoutMs?: number;
  readonly breaker?: { failuresToOpen: number; halfOpenAfterMs: number };
  /** Told of every HTTP attempt at every venue (metrics). */
  readonly observe?: VenueAttemptObserver;
}

/**
 * Builds every adapter the same way: the shared HTTP client bound to the venue's base URL and
 * credential headers, one circuit breaker and health record per venue. A venue whose required
 * credential is absent is `enabled: false`, never a crash.
 */
export function createVenueRegistry(options: VenueRegistryOptions): VenueRegistry {
  const modules = new Map(options.modules.map((m) => [m.id, m]));
  const all = VENUE_CATALOG.map((catalog): RegisteredVenue => {
    const module = modules.get(catalog.id);
    const config = options.venues[catalog.id] ?? { enabled: true, baseUrl: undefined, credentials: {} };
    if (!module) {
      return { id: catalog.id, catalog, venue: null, health: null, enabled: false, notRoutableReason: 'not implemented yet: no adapter is registered for this venue', allowList: EMPTY_ALLOW_LIST, takesIntegratorFee: false };
    }
    const missing = catalog.requiredCredentials.filter((name) => !config.credentials[name]);
    const enabled = config.enabled && missing.length === 0;
    const notRoutableReason = !config.enabled
      ? `switched off (STRAIT_VENUE_${catalog.id.toUpperCase()}_ENABLED=false)`
      : missing.length > 0
        ? `missing credential ${missing.map((m) => `STRAIT_VENUE_${catalog.id.toUpperCase()}_${m}`).join(', ')}`
        : null;
    const { venue, health } = createVenueInstance(module, {
      baseUrl: config.baseUrl ?? module.defaultBaseUrl,
      credentials: config.credentials,
      evm: options.evm,
      now: options.now ?? Date.now,
      attemptTimeoutMs: options.attemptTimeoutMs ?? 5_000,
      breaker: options.breaker ?? { failuresToOpen: 5, halfOpenAfterMs: 30_000 },
      observe: options.observe,
    });
    return { id: catalog.id, catalog, venue, health, enabled, notRoutableReason, allowList: module.allowList ?? EMPTY_ALLOW_LIST, takesIntegratorFee: module.takesIntegratorFee === true && catalog.capabilities.feeCapture === 'venue-param' };
  });
  const byId = new Map(all.map((v) => [v.id, v]));
  const routable = all.filter((v): v is RoutableVenue => v.venue !== null && v.health !== null && v.enabled);
  return { all, get: (id) => byId.get(id), routable: () => routable };
}
