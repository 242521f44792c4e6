import type { Static, TSchema } from 'typebox';
import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { sameAddress } from '../../domain/addresses/sameAddress.ts';
import { atomicEchoMatches } from '../../domain/amounts.ts';
import type { ChainKey } from '../../domain/chains.ts';
import type { JsonObject } from '../../domain/steps.ts';
import { validatorOf } from '../../domain/validatorOf.ts';
import {
  VenueRejection,
  type CallContext,
  type Corridor,
  type DepositPlan,
  type Venue,
  type VenueBuildRequest,
  type VenueQuote,
  type VenueQuoteRequest,
  type VenueStatus,
  type VenueStatusRequest,
  type VenueSnapshot,
  type VenueTransferState,
} from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { VenueDeps } from '../VenueModule.ts';
import { badResponse, fundingStepOf, supportsFrom, tableCoverage, type TableAsset } from '../depositVenueSupport.ts';
import { timeOf } from './timeOf.ts';

/**
 * The fixed-rate desks (ChangeNOW, StealthEX, Exolix) share one stack: a static asset table, a
 * fixed-rate price that may carry a rate id valid until a deadline, an order that answers a deposit
 * address, and a status table. This factory owns that stack: the asset lookup, reusing the quoted
 * rate at build while it holds, the checks of a created order and the deposit plan, reading the
 * stored context through the venue's schema, and mapping status values (unknown ones stay pending).
 * Each desk keeps only its dialect: requests, answer schemas, error table, status table and assets.
 */

/** A desk's asset-table entry: where it lives, how it is named and its precision. */
export interface DeskAsset extends TableAsset {
  readonly symbol: string;
  readonly decimals: number;
}

export interface DeskPair<A extends DeskAsset> {
  readonly from: A;
  readonly to: A;
}

/** A fixed-rate price in Strait's units. */
export interface DeskPrice {
  /** What the desk pays for exactly `amountIn`, in atomic units of the destination token. */
  readonly amountOut: bigint;
  /** The rate id that locks this price, when the desk issues one. */
  readonly rateId: string | null;
  /** When the locked price lapses (ISO 8601), when the desk says. */
  readonly validUntil: string | null;
  readonly estimatedSeconds: number | null;
  /** Dialect fields stored with the quote. */
  readonly context: JsonObject;
}

/** The rate an order is created at. */
export interface DeskLock {
  readonly rateId: string | null;
  readonly validUntil: string | null;
}

/** A created order, as the dialect read it from the desk's answer. */
export interface DeskOrder {
  readonly id: string;
  /** Where the user sends `amountIn`, as the desk wrote it (prefix stripped where the desk adds one). */
  readonly depositAddress: string;
  /** JSON path of the deposit address, for refusals. */
  readonly depositAddressPath: string;
  readonly memo: string | null;
  /** The payout address the desk echoed, already in the form to compare with the recipient; `null` when not echoed. */
  readonly payoutAddress: string | null;
  readonly payoutAddressPath: string;
  /** The recipient in the same form as `payoutAddress`. */
  readonly recipient: string;
  /** The echoed deposit amount in atomic units (`null` when not an amount) and as written, for messages. */
  readonly amountIn: bigint | null;
  readonly amountInText: string;
  readonly amountInPath: string;
  /** The fixed output of the order, atomic units of the destination token. */
  readonly amountOut: bigint;
  /** The order's own deadline (ISO 8601), when it carries one. */
  readonly validUntil: string | null;
  /** Dialect fields stored with the build. */
  readonly context: JsonObject;
}

/** What a status answer says, in Strait's units. */
export interface DeskProgress {
  readonly status: string;
  readonly destinationTxHash: string | null;
  /** What the desk reports paid out, atomic units of `deliveredAsset` (or of the quoted asset when unknown). */
  readonly received: bigint | null;
  /** The asset the desk says it paid; `undefined` when it names one outside the table. */
  readonly deliveredAsset: DeskAsset | undefined;
  /** The refund detail, for `refunded`. */
  readonly refundDetail: string;
}

/** The context fields the factory reads back, whatever a desk calls them. */
export interface DeskContext {
  readonly orderId: string | null;
  readonly rateId: string | null;
  readonly validUntil: string | null;
  readonly minAmountOut: bigint | null;
}

export interface DeskDialect<A extends DeskAsset, S extends TSchema> {
  readonly id: string;
  /** Display name, for messages. */
  readonly name: string;
  /** The context key of the order id, and its noun ("exchange", "transaction"), for messages. */
  readonly orderNoun: string;
  readonly orderKey: string;
  readonly chains: readonly ChainKey[];
  served(chain: ChainKey): boolean;
  assetOf(token: { readonly chain: string; readonly address: string | null }): A | undefined;
  assetsOn(chain: ChainKey): readonly A[];
  /** A fixed answer without a deadline is held this long. */
  readonly quoteTtlMs: number;
  /** Deposit window assumed when neither the order nor its rate carries a deadline. */
  readonly depositWindowMs: number;
  /** Build re-locks when the quoted rate has less than this left; `null` for a desk without rate ids. */
  readonly rateReuseMarginMs: number | null;
  /**
   * Schema of the stored context (quote and build merged); read once per call. Its `orderKey` field
   * holds the order id; `rateId`, `validUntil` and `minAmountOut` (atomic string) are read when present.
   */
  readonly contextSchema: S;
  /** Why an integrator fee is not charged at this desk, when one was asked. */
  readonly integratorFeeNote: string;
  readonly statusTable: Readonly<Record<string, VenueTransferState>>;
  readonly statusDetail: Readonly<Record<string, string>>;
  price(request: VenueQuoteRequest, pair: DeskPair<A>, call: CallContext): Promise<DeskPrice>;
  /** A fresh rate lock, when the quoted one is about to lapse. */
  relock?(request: VenueQuoteRequest, pair: DeskPair<A>, call: CallContext): Promise<DeskLock>;
  create(request: VenueQuoteRequest, pair: DeskPair<A>, lock: DeskLock, call: CallContext): Promise<DeskOrder>;
  /** The order's status answer; `null` when the desk does not know the order (yet). */
  progress(orderId: string, to: A, context: Static<S>, call: CallContext): Promise<DeskProgress | null>;
  /**
   * When the desk publishes the assets it trades: fetches that list and answers the table assets it
   * names (never an asset the table lacks: the adapter could not quote it). Coverage then answers from
   * the table narrowed to those; until a refresh succeeds, from the whole table.
   */
  readonly listing?: {
    readonly intervalMs: number;
    listed(call: CallContext): Promise<readonly A[]>;
  };
}

/** The stored context, validated once against the desk's schema. */
export function readDeskContext<S extends TSchema>(name: string, schema: S, context: JsonObject): Static<S> {
  const validator = validatorOf(schema);
  if (!validator.Check(context)) {
    const first = [...validator.Errors(context)][0];
    const where = first ? ` at ${first.instancePath || '/'}: ${first.message}` : '';
    throw new VenueRejection('invalid_input', `the stored ${name} context is not one this adapter wrote${where}`);
  }
  return context as Static<S>;
}

export function createDeskVenue<A extends DeskAsset, S extends TSchema>(deps: VenueDeps, dialect: DeskDialect<A, S>): Venue {
  const { name } = dialect;
  // The table assets the desk's last published list names; `null` until a refresh succeeds.
  let listed: ReadonlySet<A> | null = null;
  let fetchedAt: number | null = null;
  const assetOf = (token: { readonly chain: string; readonly address: string | null }): A | undefined => {
    const asset = dialect.assetOf(token);
    return asset && (listed === null || listed.has(asset)) ? asset : undefined;
  };
  const assetsOn = (chain: ChainKey): readonly A[] => dialect.assetsOn(chain).filter((a) => listed === null || listed.has(a));
  const served = (chain: ChainKey): boolean => dialect.served(chain) && assetsOn(chain).length > 0;
  const supports = supportsFrom({ name, served, assetOf });
  const listing = dialect.listing;
  const snapshot: VenueSnapshot | undefined = listing && {
    intervalMs: listing.intervalMs,
    async refresh(call: CallContext) {
      const assets = await listing.listed({ ...call, purpose: call.purpose ?? 'snapshot' });
      // An empty list is a venue fault, not "trades nothing": keep what we had.
      if (assets.length === 0) throw new Error(`${name} listed none of the assets Strait routes; keeping the previous coverage`);
      listed = new Set(assets);
      fetchedAt = deps.now();
    },
    fetchedAt: () => fetchedAt,
  };

  function pairFor(corridor: Corridor): DeskPair<A> {
    const answer = supports(corridor);
    if (!answer.served) throw new VenueRejection(answer.code, answer.message);
    const from = assetOf(corridor.fromToken);
    const to = assetOf(corridor.toToken);
    if (!from || !to) throw new VenueRejection('token_not_supported', `${name} does not carry this token pair`);
    return { from, to };
  }

  const contextOf = (context: JsonObject): DeskContext => deskContextOf(dialect.orderKey, readDeskContext(name, dialect.contextSchema, context));

  /** The quote's rate id while it holds for a while yet; otherwise a freshly locked one. */
  async function lockFor({ request, quote }: VenueBuildRequest, pair: DeskPair<A>, call: CallContext): Promise<DeskLock> {
    const margin = dialect.rateReuseMarginMs;
    if (margin === null || !dialect.relock) return { rateId: null, validUntil: null };
    const { rateId, validUntil } = contextOf(quote.context);
    const until = timeOf(validUntil);
    if (rateId && until !== null && until - deps.now() > margin) return { rateId, validUntil };
    return dialect.relock(request, pair, call);
  }

  /** Checks a created order and turns it into the deposit the user must make. */
  function toDepositPlan(order: DeskOrder, request: VenueQuoteRequest, lock: DeskLock): DepositPlan {
    const { depositAddress } = order;
    if (!isValidAddress(request.fromChain, depositAddress)) throw badResponse(`${name} deposit address ${depositAddress} is not a ${request.fromChain} address`, order.depositAddressPath);
    if (order.payoutAddress !== null && !sameAddress(request.toChain, order.payoutAddress, order.recipient)) {
      throw badResponse(`${name} would pay ${order.payoutAddress} instead of the recipient ${request.recipient}`, order.payoutAddressPath);
    }
    // Never ask the wallet to send another amount than the user asked to move.
    if (order.amountIn === null || !atomicEchoMatches(order.amountIn, request.amountIn)) throw badResponse(`${name} expects ${order.amountInText} instead of the requested amount`, order.amountInPath);
    if (order.amountOut === 0n) throw new VenueRejection('no_liquidity', `${name} would deliver nothing for this amount after its fees`);
    const validUntil = order.validUntil ?? lock.validUntil;
    const deadlineMs = timeOf(validUntil) ?? deps.now() + dialect.depositWindowMs;
    return {
      shape: 'deposit',
      deposit: { chain: request.fromChain, address: depositAddress, token: request.fromToken.address, amount: request.amountIn, memo: order.memo, deadlineMs },
      fundingStep: fundingStepOf(request, depositAddress, request.amountIn),
      amountOut: order.amountOut,
      minAmountOut: order.amountOut,
      context: { ...order.context, minAmountOut: order.amountOut.toString() },
    };
  }

  function toVenueStatus(progress: DeskProgress, floor: bigint | null): VenueStatus {
    const { status, destinationTxHash } = progress;
    const state = Object.hasOwn(dialect.statusTable, status) ? dialect.statusTable[status] : undefined;
    if (state === undefined) {
      return { state: 'pending', venueStatus: status, destinationTxHash, receivedAmount: null, receivedAsset: null, detail: `unknown ${name} status "${status}"; treated as pending`, unrecognized: true };
    }
    const base = { venueStatus: status, destinationTxHash, receivedAmount: null, receivedAsset: null };
    if (state === 'completed') {
      const delivered = progress.deliveredAsset;
      const received = progress.received;
      const receivedAsset = delivered ? (delivered.address ?? 'native') : null;
      if (received !== null && floor !== null && received < floor) {
        return { ...base, state: 'partial', receivedAmount: received, receivedAsset, detail: `delivered ${received}, less than the fixed amount ${floor}` };
      }
      return { ...base, state, receivedAmount: received, receivedAsset, detail: null };
    }
    if (state === 'refunded') return { ...base, state, detail: progress.refundDetail };
    return { ...base, state, detail: dialect.statusDetail[status] ?? `${name} status ${status}` };
  }

  return {
    id: dialect.id,
    supports,
    coverage: () => tableCoverage(dialect.chains.filter(served), served, (chain) => assetsOn(chain).map((a) => a.symbol)),
    ...(snapshot ? { snapshot } : {}),

    async quote(request: VenueQuoteRequest, call: CallContext): Promise<VenueQuote> {
      const pair = pairFor(request);
      const price = await dialect.price(request, pair, call);
      if (price.amountOut === 0n) throw new VenueRejection('no_liquidity', `${name} would deliver nothing for this amount after its fees`);
      const fee = request.integratorFee;
      const lock: JsonObject = dialect.rateReuseMarginMs === null ? {} : { rateId: price.rateId, validUntil: price.validUntil };
      const context: JsonObject = {
        ...price.context,
        ...lock,
        minAmountOut: price.amountOut.toString(),
        integratorFeeNote: fee && fee.bps > 0 ? dialect.integratorFeeNote : null,
      };
      return {
        amountIn: request.amountIn,
        amountOut: price.amountOut,
        minAmountOut: price.amountOut,
        estimatedSeconds: price.estimatedSeconds,
        expiresAt: timeOf(price.validUntil) ?? deps.now() + dialect.quoteTtlMs,
        context,
      };
    },

    async build(build: VenueBuildRequest, call: CallContext): Promise<DepositPlan> {
      const pair = pairFor(build.request);
      const lock = await lockFor(build, pair, call);
      const order = await dialect.create(build.request, pair, lock, call);
      return toDepositPlan(order, build.request, lock);
    },

    async status(request: VenueStatusRequest, call: CallContext): Promise<VenueStatus> {
      const stored = readDeskContext(name, dialect.contextSchema, request.context);
      const context = deskContextOf(dialect.orderKey, stored);
      const orderId = context.orderId;
      if (!orderId) throw new VenueRejection('invalid_input', `${dialect.id} status needs the ${dialect.orderKey} of the build context`);
      // Status reads the whole table: a transfer already under way is tracked whatever the list says now.
      const to = dialect.assetOf(request.toToken);
      if (!to) throw new VenueRejection('token_not_supported', `${name} does not carry ${request.toToken.symbol} on ${request.toToken.chain}`);
      try {
        const progress = await dialect.progress(orderId, to, stored, call);
        if (progress === null) {
          return { state: 'pending', venueStatus: 'not_found', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: `${name} does not know ${dialect.orderNoun} ${orderId} yet` };
        }
        return toVenueStatus(progress, context.minAmountOut);
      } catch (error) {
        // A 4xx on status is our query the desk refused, not a pricing answer.
        if (error instanceof VenueHttpError && error.status < 500) {
          throw new VenueRejection('venue_error', `${name} refused the status query (HTTP ${error.status}): ${error.message}`, { status: error.status }, { cause: error });
        }
        throw error;
      }
    },
  };
}

/** The fields the factory reads back from a desk's validated context, whatever the desk names its order id. */
function deskContextOf(orderKey: string, stored: unknown): DeskContext {
  const context = stored as Readonly<Record<string, unknown>>;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const minAmountOut = text(context.minAmountOut);
  return { orderId: text(context[orderKey]), rateId: text(context.rateId), validUntil: text(context.validUntil), minAmountOut: minAmountOut === null ? null : BigInt(minAmountOut) };
}
