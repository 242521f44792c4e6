import { atomicToDecimal, decimalText, decimalToAtomic } from '../../domain/amounts.ts';
import type { DeskLock, DeskPrice, DeskProgress } from '../desks/createDeskVenue.ts';
import { VenueRejection, type VenueQuoteRequest, type VenueTransferState } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { assetByTicker, type SimpleswapAsset } from './simpleswapChains.ts';
import type { SimpleswapCurrencies, SimpleswapEstimate, SimpleswapExchange, SimpleswapRange } from './simpleswapSchemas.ts';

/**
 * Pure translation between Strait and SimpleSwap v3, both ways.
 *
 * Flow (Edge's, the one integration of v3 we could read): the pair's limits (`GET /ranges`), then the
 * **fixed-rate** estimate (`GET /estimates?fixed=true`), whose `rateId` locks `estimatedAmount` until
 * `validUntil` — so `minAmountOut` equals `amountOut`. Build creates the exchange (`POST /exchanges`)
 * with that `rateId`; its `addressFrom` (+ `extraIdFrom`) takes the deposit. Status reads
 * `GET /exchanges/{id}`.
 */

/** Fixed rate, exact input: the locked output that ranking and the build check rely on. */
export const FIXED = true;
export const REVERSE = false;
/** A fixed estimate without `validUntil` is held this long (Edge's own expiry). */
export const QUOTE_TTL_MS = 60 * 1000;
/** Deposit window assumed for an exchange without a deadline (`expired` ends it). */
export const DEPOSIT_WINDOW_MS = 30 * 60 * 1000;
/** Build re-estimates when the quoted rate has less than this left. */
export const RATE_REUSE_MARGIN_MS = 15 * 1000;
/** How often the coverage snapshot re-reads `/currencies` (it changes rarely). */
export const SNAPSHOT_INTERVAL_MS = 60 * 60 * 1000;

export interface SimpleswapPair {
  readonly from: SimpleswapAsset;
  readonly to: SimpleswapAsset;
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** `GET /v3/ranges` query of the pair, fixed rate, exact input (Edge's parameter names). */
export function toPairQuery(pair: SimpleswapPair): Record<string, string> {
  return {
    tickerFrom: pair.from.ticker,
    networkFrom: pair.from.network,
    tickerTo: pair.to.ticker,
    networkTo: pair.to.network,
    fixed: String(FIXED),
    reverse: String(REVERSE),
  };
}

/** `GET /v3/estimates` query: the pair plus `amountIn` in display units. */
export function toEstimateQuery(pair: SimpleswapPair, amountIn: bigint): Record<string, string> {
  return { ...toPairQuery(pair), amount: atomicToDecimal(amountIn, pair.from.decimals) };
}

/** `POST /v3/exchanges` body: pay the recipient, refund to the sender, at the locked fixed rate. */
export function toExchangeBody(pair: SimpleswapPair, request: VenueQuoteRequest, lock: DeskLock): Record<string, unknown> {
  return {
    tickerFrom: pair.from.ticker,
    networkFrom: pair.from.network,
    tickerTo: pair.to.ticker,
    networkTo: pair.to.network,
    amount: atomicToDecimal(request.amountIn, pair.from.decimals),
    fixed: FIXED,
    reverse: REVERSE,
    addressTo: request.recipient,
    extraIdTo: '',
    userRefundAddress: request.sender,
    userRefundExtraId: '',
    rateId: lock.rateId,
    // Strait collects its fee in its own steps: no partner fee rides on the exchange.
    customFee: null,
  };
}

// ---------------------------------------------------------------------------------------------
// Limits and prices
// ---------------------------------------------------------------------------------------------

/**
 * The refusal `amountIn` meets in the pair's range, or `null` inside it. The minimum is rounded up to
 * a whole atomic unit and the maximum down, so rounding never widens what SimpleSwap accepts.
 */
export function rangeRejection(range: SimpleswapRange, amountIn: bigint, pair: SimpleswapPair): VenueRejection | null {
  const min = decimalToAtomic(range.min, pair.from.decimals, 'up');
  if (min === null) throw new VenueRejection('venue_bad_response', `SimpleSwap minimum ${String(range.min)} is not an amount`, { path: '/result/min' });
  const label = `${pair.from.ticker}/${pair.from.network}`;
  if (amountIn < min) return new VenueRejection('below_min', `SimpleSwap needs at least ${atomicToDecimal(min, pair.from.decimals)} ${label}`, { minAmountAtomic: min.toString() });
  if (range.max === null) return null;
  const max = decimalToAtomic(range.max, pair.from.decimals, 'down');
  if (max === null) throw new VenueRejection('venue_bad_response', `SimpleSwap maximum ${String(range.max)} is not an amount`, { path: '/result/max' });
  if (amountIn > max) return new VenueRejection('above_max', `SimpleSwap accepts at most ${atomicToDecimal(max, pair.from.decimals)} ${label}`, { maxAmountAtomic: max.toString() });
  return null;
}

/** An output in atomic units of the destination token, rounded down. */
export function amountOutOf(value: string | number, pair: SimpleswapPair, path: string): bigint {
  const amountOut = decimalToAtomic(value, pair.to.decimals, 'down');
  if (amountOut === null) throw new VenueRejection('venue_bad_response', `SimpleSwap amount ${String(value)} is not an amount`, { path });
  return amountOut;
}

/** A fixed-rate estimate → the price Strait ranks. A fixed estimate without a rate id does not lock anything. */
export function priceOf(estimate: SimpleswapEstimate, pair: SimpleswapPair): DeskPrice {
  const rateId = estimate.rateId ?? null;
  if (rateId === null || rateId === '') throw new VenueRejection('venue_bad_response', 'SimpleSwap answered a fixed-rate estimate without a rateId', { path: '/result/rateId' });
  return {
    amountOut: amountOutOf(estimate.estimatedAmount, pair, '/result/estimatedAmount'),
    rateId,
    validUntil: estimate.validUntil ?? null,
    estimatedSeconds: null,
    context: {
      tickerFrom: pair.from.ticker,
      networkFrom: pair.from.network,
      tickerTo: pair.to.ticker,
      networkTo: pair.to.network,
      estimatedAmount: decimalText(estimate.estimatedAmount),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

const ADDRESS_PROBLEM = /address|extra.?id|memo|tag/i;
const TOKEN_PROBLEM = /ticker|currenc|network|coin|pair/i;

function textOf(body: unknown): string {
  if (typeof body === 'string') return body;
  if (body && typeof body === 'object') {
    const { message, error, description } = body as Record<string, unknown>;
    for (const value of [message, error, description]) if (typeof value === 'string' && value !== '') return value;
  }
  return '';
}

/**
 * SimpleSwap's HTTP refusals (Edge's handling; the body's shape is unconfirmed, so its text only
 * refines): 401/403 a key not allowed (unverified account), 404 a pair it does not carry, 422 an
 * amount or pair it refuses (limits are checked before, so a route it does not serve), 429 its rate
 * limit, 400 a field it refused.
 */
export function rejectionOfHttp(status: number, body: unknown, pair: SimpleswapPair, cause?: unknown): VenueRejection {
  const said = textOf(body) || `HTTP ${status}`;
  const options = cause === undefined ? undefined : { cause };
  const route = `${pair.from.ticker}/${pair.from.network} → ${pair.to.ticker}/${pair.to.network}`;
  if (status === 401 || status === 403) return new VenueRejection('venue_error', `SimpleSwap refused the API key (HTTP ${status}): ${said}`, { status }, options);
  if (status === 429) return new VenueRejection('venue_rate_limited', `SimpleSwap rate limit: ${said}`, undefined, options);
  if (status === 400) {
    if (ADDRESS_PROBLEM.test(said)) return new VenueRejection('invalid_input', `SimpleSwap refused an address: ${said}`, { status }, options);
    if (TOKEN_PROBLEM.test(said)) return new VenueRejection('token_not_supported', `SimpleSwap does not carry this asset: ${said}`, { status }, options);
    return new VenueRejection('invalid_input', `SimpleSwap refused the request: ${said}`, { status }, options);
  }
  return new VenueRejection('route_not_served', `SimpleSwap does not serve ${route} at a fixed rate (HTTP ${status}): ${said}`, { status }, options);
}

/** Any failure of a SimpleSwap call → what the adapter throws; a 5xx, transport fault or schema refusal stays as is. */
export function toSimpleswapRejection(error: unknown, pair: SimpleswapPair): unknown {
  if (!(error instanceof VenueHttpError) || error.status >= 500) return error;
  return rejectionOfHttp(error.status, error.body, pair, error);
}

// ---------------------------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------------------------

export type SimpleswapStatusValue = 'waiting' | 'confirming' | 'exchanging' | 'sending' | 'verifying' | 'finished' | 'failed' | 'refunded' | 'expired';

/** Every SimpleSwap exchange status (Rubic's `SIMPLE_SWAP_TX_STATUS`). A value not listed maps to pending, unrecognized. */
export const SIMPLESWAP_STATUS_TABLE: Readonly<Record<SimpleswapStatusValue, VenueTransferState>> = {
  waiting: 'pending',
  confirming: 'pending',
  exchanging: 'pending',
  sending: 'pending',
  verifying: 'pending',
  finished: 'completed',
  failed: 'failed',
  refunded: 'refunded',
  expired: 'failed',
};

export const SIMPLESWAP_STATUS_DETAIL: Readonly<Record<SimpleswapStatusValue, string>> = {
  waiting: 'waiting for the deposit',
  confirming: 'deposit seen, waiting for its confirmations',
  exchanging: 'exchange in progress',
  sending: 'sending the payout to the recipient',
  verifying: 'SimpleSwap holds the exchange for a verification; its support can release it by the exchange id',
  finished: 'paid out',
  failed: 'SimpleSwap reports the exchange failed; its support can trace it by the exchange id',
  refunded: 'refunded to the sender',
  expired: 'no deposit reached SimpleSwap before the exchange expired',
};

const present = (value: string | null | undefined): string | null => (value && value.length > 0 ? value : null);

/** A `GET /v3/exchanges/{id}` answer → what the desk factory maps. */
export function progressOf(exchange: SimpleswapExchange, to: SimpleswapAsset): DeskProgress {
  const delivered = assetByTicker(exchange.tickerTo, exchange.networkTo);
  const asset = delivered ?? to;
  return {
    status: exchange.status,
    destinationTxHash: present(exchange.txTo),
    received: decimalToAtomic(exchange.amountTo, asset.decimals, 'down'),
    deliveredAsset: delivered,
    refundDetail: `refunded to ${present(exchange.userRefundAddress) ?? 'the sender'}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Coverage snapshot
// ---------------------------------------------------------------------------------------------

/** The table assets `/currencies` lists by `(ticker, network)`. Other rows are ignored. */
export function listedAssets(rows: SimpleswapCurrencies, table: readonly SimpleswapAsset[]): SimpleswapAsset[] {
  return table.filter((asset) => rows.some((row) => row.ticker.toLowerCase() === asset.ticker && row.network.toLowerCase() === asset.network));
}
