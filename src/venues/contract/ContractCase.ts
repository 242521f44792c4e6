import type { ChainKey } from '../../domain/chains.ts';
import type { RejectionCode } from '../../domain/errors.ts';
import type { VenueBuildPlan, VenueBuildRequest, VenueQuote, VenueQuoteRequest, VenueStatus, VenueStatusRequest, VenueTransferState } from '../Venue.ts';

/**
 * The real-answer contract every venue module is proven by (docs/adding-a-venue.md).
 *
 * Each venue folder holds `fixtures/real/`: answers the real venue API really gave (its docs
 * examples, its official SDK's test data, integrators' recorded traffic), kept byte for byte, and
 * `fixtures/real/SOURCES.json` naming where each came from. A synthetic variant (a status nobody
 * recorded, an answer with an id substituted) lives in `fixtures/synthetic/` with its own
 * SOURCES.json saying what it was derived from.
 *
 * `src/venues/<id>/<id>.contract.ts` exports `contract: VenueContract`: cases that serve those files
 * from a loopback server, run the adapter's whole stack (shared HTTP client, schema, mapping) and
 * state what must come out. `test/venueContract.test.ts` runs them for every registered module and
 * fails a module without a quote case and a status case.
 */

/** Where a served answer comes from: a file of the venue's `fixtures/real/` (or `fixtures/synthetic/`). */
export interface RecordedAnswer {
  /** Path relative to the venue folder's `fixtures/`, e.g. `real/status-pending.json`. */
  readonly file: string;
  /** The HTTP status the venue answered with (default 200). */
  readonly status?: number;
  /** Extra response headers the venue sent (e.g. `retry-after`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** One route of the loopback server: every request whose method and path match gets the file's bytes. */
export interface ServedRoute {
  readonly method: 'GET' | 'POST';
  /** The request path without query string; a RegExp for paths that carry ids. */
  readonly path: string | RegExp;
  readonly answer: RecordedAnswer;
}

/**
 * A node's recorded JSON-RPC answer, for venues priced on chain: served on `POST /rpc/<chain>`
 * (`contract/rpcReplay.ts`) to a request with this `method` and, for `eth_call`, this contract and
 * data selector. The file holds the node's whole JSON-RPC response body.
 */
export interface RecordedRpcCall {
  readonly chain: ChainKey;
  readonly method: string;
  /** The contract an `eth_call` names (any when absent). */
  readonly to?: string;
  /** The 4-byte selector the call's data starts with, `0x`-prefixed (any when absent). */
  readonly selector?: string;
  /**
   * The leading params the answer was recorded for, e.g. `[txHash]` of an `eth_getTransactionReceipt`
   * (strings compared case-insensitively; any params when absent): the answer is served only to that question.
   */
  readonly params?: readonly unknown[];
  readonly answer: RecordedAnswer;
}

export type ContractCall =
  | { readonly kind: 'quote'; readonly request: VenueQuoteRequest }
  | { readonly kind: 'build'; readonly request: VenueBuildRequest }
  | { readonly kind: 'status'; readonly request: VenueStatusRequest };

export type ContractExpectation =
  | {
      readonly kind: 'row';
      readonly amountOut: bigint;
      readonly minAmountOut?: bigint;
      readonly estimatedSeconds?: number | null;
      readonly expiresAt?: number | null;
      /** Further assertions on the mapped quote (throw to fail). */
      readonly check?: (quote: VenueQuote) => void;
    }
  | { readonly kind: 'rejection'; readonly code: RejectionCode; readonly details?: Readonly<Record<string, unknown>> }
  | {
      readonly kind: 'status';
      readonly state: VenueTransferState;
      readonly destinationTxHash?: string | null;
      readonly receivedAmount?: bigint | null;
      readonly unrecognized?: boolean;
      readonly check?: (status: VenueStatus) => void;
    }
  | { readonly kind: 'plan'; readonly check: (plan: VenueBuildPlan) => void };

export interface ContractCase {
  /** What the case proves, e.g. "status PENDING_DEPOSIT with null swapDetails fields stays pending". */
  readonly name: string;
  readonly routes: readonly ServedRoute[];
  readonly call: ContractCall;
  readonly expect: ContractExpectation;
  /** Credentials the adapter is built with (`STRAIT_VENUE_<ID>_<NAME>` without the prefix). */
  readonly credentials?: Readonly<Record<string, string>>;
  /** The clock the adapter sees, epoch ms: real answers carry fixed timestamps. */
  readonly now?: number;
  /**
   * Recorded node answers for a venue priced on chain: the adapter gets an EVM client for each chain
   * named here (and none for others), answered from these files.
   */
  readonly rpc?: readonly RecordedRpcCall[];
}

export interface VenueContract {
  readonly venue: string;
  readonly cases: readonly ContractCase[];
}
