import type { TSchema } from 'typebox';
import type { PublicClient } from 'viem';
import type { ChainKey } from '../domain/chains.ts';
import type { RejectionCode } from '../domain/errors.ts';
import type { VenueAllowList } from './allowList.ts';
import type { FakeSettlement } from './fake/FakeSettlement.ts';
import type { FakeServer } from './fake/startFakeServer.ts';
import type { Venue } from './Venue.ts';
import type { VenueCapabilities } from './venueCapabilities.ts';
import type { VenueHttpClient } from './venueHttpClient.ts';

/** What a venue adapter is built from; everything comes from the composition root. */
export interface VenueDeps {
  /** The shared client, bound to this venue's base URL, credentials headers, breaker and deadlines. */
  readonly http: VenueHttpClient;
  /**
   * The same client (headers, breaker, health, deadlines) bound to another host of the same venue,
   * for a venue whose APIs live on two hosts (Mayan's price and explorer APIs). Absent in doubles.
   */
  readonly httpAt?: (baseUrl: string) => VenueHttpClient;
  readonly baseUrl: string;
  /** Credentials by name (`STRAIT_VENUE_<ID>_<NAME>`), absent when unset. */
  readonly credentials: Readonly<Record<string, string | undefined>>;
  /** Read-only RPC of an EVM chain, or `null` when none is configured (venues priced or tracked on chain). */
  readonly evm: (chain: ChainKey) => PublicClient | null;
  readonly now: () => number;
}

/** What Strait publishes of every venue it knows, built or not (`GET /bridge/venues`). */
export interface VenueListing {
  /** The one spelling of the venue's id: config names, rows, transfers and the adapter all use it. */
  readonly id: string;
  readonly capabilities: VenueCapabilities;
  /** Names of the credentials the venue cannot work without, read as `STRAIT_VENUE_<ID>_<NAME>`; absent ⇒ `enabled: false`. */
  readonly requiredCredentials: readonly string[];
}

/**
 * A built venue, self-describing: everything the service, the config, the sandbox and the contract
 * test need to know of it lives here, in the venue's own folder (docs/adding-a-venue.md). Adding a
 * venue is its folder plus one line in `venueModules.ts`.
 */
export interface VenueModule extends VenueListing {
  /** Where the venue's API lives unless `STRAIT_VENUE_<ID>_BASE_URL` says otherwise. */
  readonly defaultBaseUrl: string;
  /**
   * The venue publishes no API of its own (the operator runs it, e.g. Allbridge Core's REST server):
   * until `STRAIT_VENUE_<ID>_BASE_URL` names it, the venue is `enabled: false` with that reason.
   */
  readonly requiresBaseUrl?: boolean;
  /** Headers every call carries, built from credentials (e.g. `Authorization: Bearer …`). */
  headers?(credentials: Readonly<Record<string, string | undefined>>): Record<string, string>;
  /**
   * The contracts and transfer recipients this venue's steps may name (src/venues/allowList.ts),
   * checked at build and again at submit. A venue without one may only answer with deposit addresses.
   */
  readonly allowList?: VenueAllowList;
  /**
   * The venue's own error codes → our rejection codes: the table the adapter's mapping translates
   * with, published here so the table is read in one place. Unlisted codes map to `venue_error`.
   */
  readonly errorCodes?: Readonly<Record<string, RejectionCode>>;
  /**
   * The venue's published request budget for the credentials given (e.g. 20 per minute without an API
   * key), or null when it publishes none. The shared client refuses a call locally, at once, as
   * `venue_rate_limited` when the budget is spent (it never queues a quote past its deadline), and
   * keeps a fifth of the budget for build and status calls.
   */
  rateLimit?(credentials: Readonly<Record<string, string | undefined>>): PublishedRateLimit | null;
  /**
   * The shape of the JSON context the adapter stores with a quote and its build (ids, deadlines) and
   * reads back in build and status, so that stored context is read through one typed schema.
   */
  readonly contextSchema: TSchema;
  /** How `npm run sandbox` starts a loopback fake of this venue; a venue without one is switched off there. */
  readonly sandboxFake?: SandboxFakeFactory;
  create(deps: VenueDeps): Venue;
  readonly planned?: never;
}

/** A catalogue venue without an adapter yet: listed with `registered: false`, never routed. */
export interface PlannedVenue extends VenueListing {
  readonly planned: true;
}

/** One line of `VENUE_MODULES`. */
export type VenueEntry = VenueModule | PlannedVenue;

export function isBuilt(entry: VenueEntry): entry is VenueModule {
  return entry.planned !== true;
}

/** A venue's published request budget: at most `requests` calls in any window of `perMs`. */
export interface PublishedRateLimit {
  readonly requests: number;
  readonly perMs: number;
}

/** What a sandbox fake is started with. */
export interface SandboxFakeContext {
  /** Settles transfers for real on the sandbox chains from the solver account, as the venue's solvers would. */
  readonly settlement: FakeSettlement;
  /** The sandbox's anvil chains, with their real chain ids. */
  readonly chains: readonly { readonly key: ChainKey; readonly chainId: number; readonly rpcUrl: string }[];
  /** The Esplora stand-ins of the sandbox's Bitcoin-family chains, by chain key (a venue observing inbounds reads them). */
  readonly utxoIndexers?: Readonly<Partial<Record<ChainKey, string>>>;
}

/** A running fake: its base URL (becomes `STRAIT_VENUE_<ID>_BASE_URL`) and its server, for fault injection. */
export interface SandboxFake {
  readonly url: string;
  readonly server: FakeServer;
  close(): Promise<void>;
  /** `STRAIT_*` settings the venue needs beside its base URL in the sandbox (e.g. a required integrator id). */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Starts the venue's loopback fake for the sandbox. Modules import their fake lazily inside the
 * factory, so the service never loads fake code unless the sandbox runs.
 */
export type SandboxFakeFactory = (context: SandboxFakeContext) => Promise<SandboxFake>;

/**
 * A double standing in for the listed venue of its id (tests, bench): its own adapter, with the
 * listing's capabilities and credentials unless it states some of its own. See `withStandIns`.
 */
export type VenueStandIn = Omit<VenueModule, 'capabilities' | 'requiredCredentials' | 'contextSchema'> & {
  readonly capabilities?: Partial<VenueCapabilities>;
  readonly requiredCredentials?: readonly string[];
  /** A double's context is whatever the test stores; any JSON object unless it says otherwise. */
  readonly contextSchema?: TSchema;
};
