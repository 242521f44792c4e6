import type { TSchema } from 'typebox';
import type { PublicClient } from 'viem';
import type { ChainKey } from '../domain/chains.ts';
import type { VenueAllowList } from './allowList.ts';
import type { Venue } from './Venue.ts';
import type { VenueHttpClient } from './venueHttpClient.ts';

/** What a venue adapter is built from; everything comes from the composition root. */
export interface VenueDeps {
  /** The shared client, bound to this venue's base URL, credentials headers, breaker and deadlines. */
  readonly http: VenueHttpClient;
  readonly baseUrl: string;
  /** Credentials by name (`STRAIT_VENUE_<ID>_<NAME>`), absent when unset. */
  readonly credentials: Readonly<Record<string, string | undefined>>;
  /** Read-only RPC of an EVM chain, or `null` when none is configured (venues priced or tracked on chain). */
  readonly evm: (chain: ChainKey) => PublicClient | null;
  readonly now: () => number;
}

/** One registry line: a venue's id, where its API lives by default, and how to build its adapter. */
export interface VenueModule {
  readonly id: string;
  readonly defaultBaseUrl: string;
  /** Headers every call carries, built from credentials (e.g. `Authorization: Bearer …`). */
  headers?(credentials: Readonly<Record<string, string | undefined>>): Record<string, string>;
  /**
   * The contracts and transfer recipients this venue's steps may name (src/venues/allowList.ts).
   * A venue without one may only answer with deposit addresses.
   */
  readonly allowList?: VenueAllowList;
  /**
   * Whether the adapter passes `integratorFee` to the venue, which then takes Strait's platform fee
   * itself and pays it to the fee wallet (`feeCapture: venue-param`).
   */
  readonly takesIntegratorFee?: boolean;
  /**
   * The shape of the JSON context the adapter stores with a quote and its build (ids, deadlines) and
   * reads back in build and status, so that stored context is read through one typed schema.
   */
  readonly contextSchema?: TSchema;
  create(deps: VenueDeps): Venue;
}
