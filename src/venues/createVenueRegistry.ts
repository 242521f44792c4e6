import type { PublicClient } from 'viem';
import type { ChainKey } from '../domain/chains.ts';
import { EMPTY_ALLOW_LIST, type VenueAllowList } from './allowList.ts';
import type { Venue } from './Venue.ts';
import { takesIntegratorFee, type VenueCapabilities } from './venueCapabilities.ts';
import type { VenueConfig } from './VenueConfig.ts';
import { createVenueInstance } from './createVenueInstance.ts';
import type { VenueHealth } from './venueHealth.ts';
import type { VenueAttemptObserver } from './venueHttpClient.ts';
import { isBuilt, type VenueEntry } from './VenueModule.ts';

/** One listed venue as the service sees it: its adapter when built, and why it cannot route when not. */
export interface RegisteredVenue {
  readonly id: string;
  /** What the venue's module declares, published by `GET /bridge/venues`. */
  readonly capabilities: VenueCapabilities;
  readonly requiredCredentials: readonly string[];
  /** The adapter, or `null` when the venue is only planned (no adapter yet). */
  readonly venue: Venue | null;
  readonly health: VenueHealth | null;
  readonly enabled: boolean;
  readonly notRoutableReason: string | null;
  /** What the venue's steps may call and pay, checked at build and again at submit. */
  readonly allowList: VenueAllowList;
  /** The venue collects Strait's platform fee through its own integrator-fee parameter (`feeCapture: venue-param`). */
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
  /** The venue list, `VENUE_MODULES` in the service: built modules and planned entries. */
  readonly modules: readonly VenueEntry[];
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
  const all = options.modules.map((entry): RegisteredVenue => {
    const listing = { id: entry.id, capabilities: entry.capabilities, requiredCredentials: entry.requiredCredentials };
    if (!isBuilt(entry)) {
      return { ...listing, venue: null, health: null, enabled: false, notRoutableReason: 'not implemented yet: no adapter is registered for this venue', allowList: EMPTY_ALLOW_LIST, takesIntegratorFee: false };
    }
    const config = options.venues[entry.id] ?? { enabled: true, baseUrl: undefined, credentials: {} };
    const prefix = `STRAIT_VENUE_${entry.id.toUpperCase()}_`;
    const missing = entry.requiredCredentials.filter((name) => !config.credentials[name]);
    const noBaseUrl = entry.requiresBaseUrl === true && !config.baseUrl;
    const enabled = config.enabled && missing.length === 0 && !noBaseUrl;
    const notRoutableReason = !config.enabled
      ? `switched off (${prefix}ENABLED=false)`
      : missing.length > 0
        ? `missing credential ${missing.map((m) => `${prefix}${m}`).join(', ')}`
        : noBaseUrl
          ? `missing ${prefix}BASE_URL: the venue publishes no API of its own; point it at the server you run`
          : null;
    const { venue, health } = createVenueInstance(entry, {
      baseUrl: config.baseUrl ?? entry.defaultBaseUrl,
      credentials: config.credentials,
      evm: options.evm,
      now: options.now ?? Date.now,
      attemptTimeoutMs: options.attemptTimeoutMs ?? 5_000,
      breaker: options.breaker ?? { failuresToOpen: 5, halfOpenAfterMs: 30_000 },
      observe: options.observe,
    });
    // Rows, transfers and config all key on the module's id: an adapter answering under another name would split them.
    if (venue.id !== entry.id) throw new Error(`venue module '${entry.id}' built an adapter with id '${venue.id}'`);
    return { ...listing, venue, health, enabled, notRoutableReason, allowList: entry.allowList ?? EMPTY_ALLOW_LIST, takesIntegratorFee: takesIntegratorFee(entry.capabilities) };
  });
  const byId = new Map(all.map((v) => [v.id, v]));
  if (byId.size !== all.length) throw new Error('the venue list names a venue twice');
  const routable = all.filter((v): v is RoutableVenue => v.venue !== null && v.health !== null && v.enabled);
  return { all, get: (id) => byId.get(id), routable: () => routable };
}
