import type { DeskPrice, DeskProgress } from '../desks/createDeskVenue.ts';
import { VenueRejection, type VenueQuoteRequest, type VenueTransferState } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { assetBySymbol, type StealthexAsset } from './stealthexChains.ts';
import type { StealthexCurrencies, StealthexEstimate, StealthexExchange, StealthexRange } from './stealthexSchemas.ts';
import { sameAddress } from '../../domain/addresses/sameAddress.ts';
import { atomicToDecimal, decimalText, decimalToAtomic } from '../../domain/amounts.ts';

/**
 * Pure translation between Strait and StealthEX v4, both ways.
 *
 * Flow: Strait prices with StealthEX's **fixed** rate (`estimation: "direct"`, `rate: "fixed"`). The
 * estimate's `rate.id` locks `estimated_amount` for a deposit of exactly `amount` until
 * `rate.valid_until`, so `minAmountOut` equals `amountOut`. A fixed estimate without `rate` is "no fixed
 * route". No exchange exists until build. `additional_fee_percent` is never sent: Strait's fee is
 * collected by its own fee steps.
 */

export const ESTIMATION = 'direct';
export const RATE = 'fixed';
/** A fixed answer without `valid_until` is held this long. */
export const QUOTE_TTL_MS = 60 * 1000;
/** Build re-locks the rate when the quote's rate id has less than this left. */
export const RATE_REUSE_MARGIN_MS = 15 * 1000;
/** Deposit window assumed when neither the exchange (`expires_at`) nor its rate carries a deadline. */
export const DEPOSIT_WINDOW_MS = 20 * 60 * 1000;

export interface StealthexPair {
  readonly from: StealthexAsset;
  readonly to: StealthexAsset;
}

// ---------------------------------------------------------------------------------------------
// Amounts: StealthEX speaks display units as JSON numbers (src/domain/amounts.ts converts, exactly).
// ---------------------------------------------------------------------------------------------

/** Atomic units as the JSON number StealthEX requires (strings are refused: "expected number"). */
export function toAmountNumber(amount: bigint, decimals: number): number {
  return Number(atomicToDecimal(amount, decimals));
}

/** `deposit.extra_id` (string or number) → the memo, `null` when blank. */
export function memoOf(extraId: string | number | null | undefined): string | null {
  if (extraId === null || extraId === undefined) return null;
  const text = String(extraId).trim();
  return text.length > 0 ? text : null;
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export function routeOf(pair: StealthexPair): { from: { symbol: string; network: string }; to: { symbol: string; network: string } } {
  return { from: { symbol: pair.from.ticker, network: pair.from.network }, to: { symbol: pair.to.ticker, network: pair.to.network } };
}

/** `POST /v4/rates/range` body of an exact-in fixed-rate pair. */
export function toRangeBody(pair: StealthexPair): Record<string, unknown> {
  return { route: routeOf(pair), estimation: ESTIMATION, rate: RATE };
}

/** `POST /v4/rates/estimated-amount` body: the range body plus `amount` (a JSON number). */
export function toEstimateBody(pair: StealthexPair, amountIn: bigint): Record<string, unknown> {
  return { ...toRangeBody(pair), amount: toAmountNumber(amountIn, pair.from.decimals) };
}

/** `POST /v4/exchanges` body: pay `recipient`, refund to `sender`, at the locked rate. */
export function toExchangeBody(pair: StealthexPair, request: VenueQuoteRequest, rateId: string): Record<string, unknown> {
  return { ...toEstimateBody(pair, request.amountIn), rate_id: rateId, address: request.recipient, refund_address: request.sender };
}

// ---------------------------------------------------------------------------------------------
// Quotes and limits
// ---------------------------------------------------------------------------------------------

export interface Limits {
  /** Least `amountIn` StealthEX accepts (its minimum rounded up to a whole atomic unit). */
  readonly min: bigint;
  /** Most `amountIn` StealthEX accepts; `null` when unbounded. */
  readonly max: bigint | null;
}

export function toLimits(range: StealthexRange, decimals: number): Limits | null {
  const min = decimalToAtomic(range.min_amount, decimals, 'up');
  const max = range.max_amount === null || range.max_amount === undefined ? null : decimalToAtomic(range.max_amount, decimals, 'down');
  return min === null ? null : { min, max };
}

const optionsOf = (cause: unknown) => (cause === undefined ? undefined : { cause });
const outDetail = (amountOut: bigint | null) => (amountOut !== null ? { amountOutAtomic: amountOut.toString() } : {});

const below = (min: bigint, asset: StealthexAsset, amountOut: bigint | null, cause?: unknown) =>
  new VenueRejection('below_min', `StealthEX needs at least ${atomicToDecimal(min, asset.decimals)} ${asset.ticker.toUpperCase()} for this pair`, { minAmountAtomic: min.toString(), ...outDetail(amountOut) }, optionsOf(cause));

const above = (max: bigint, asset: StealthexAsset, amountOut: bigint | null, cause?: unknown) =>
  new VenueRejection('above_max', `StealthEX accepts at most ${atomicToDecimal(max, asset.decimals)} ${asset.ticker.toUpperCase()} for this pair`, { maxAmountAtomic: max.toString(), ...outDetail(amountOut) }, optionsOf(cause));

/** A limit the amount breaks, as the rejection to throw; `null` when the amount is inside the range. */
export function limitRejection(amountIn: bigint, limits: Limits | null, pair: StealthexPair, amountOut: bigint | null): VenueRejection | null {
  if (!limits) return null;
  if (amountIn < limits.min) return below(limits.min, pair.from, amountOut);
  if (limits.max !== null && amountIn > limits.max) return above(limits.max, pair.from, amountOut);
  return null;
}

/** An amount of the destination token in atomic units (rounded down), or a bad-response refusal. */
export function amountOutOf(value: number | string, pair: StealthexPair, path: string): bigint {
  const amountOut = decimalToAtomic(value, pair.to.decimals, 'down');
  if (amountOut === null) throw new VenueRejection('venue_bad_response', `StealthEX amount ${String(value)} is not an amount`, { path });
  return amountOut;
}

/** A fixed-rate estimate → the price Strait ranks (the factory adds the shared context and expiry). */
export function priceOf(estimate: StealthexEstimate, pair: StealthexPair): DeskPrice {
  const amountOut = amountOutOf(estimate.estimated_amount, pair, '/estimated_amount');
  if (amountOut === 0n) throw new VenueRejection('no_liquidity', 'StealthEX would deliver nothing for this amount after its fees');
  const rate = estimate.rate;
  if (!rate) throw new VenueRejection('route_not_served', `StealthEX offers no fixed rate for ${pair.from.ticker}/${pair.from.network} → ${pair.to.ticker}/${pair.to.network}`);
  return {
    amountOut,
    rateId: rate.id,
    validUntil: rate.valid_until ?? null,
    estimatedSeconds: null,
    context: {
      rate: RATE,
      fromSymbol: pair.from.ticker,
      fromNetwork: pair.from.network,
      toSymbol: pair.to.ticker,
      toNetwork: pair.to.network,
      estimatedAmount: decimalText(estimate.estimated_amount),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Errors: non-2xx with `{err: {kind, details}}`
// ---------------------------------------------------------------------------------------------

/** Kinds StealthEX answers when it has no route for the pair (stealthex.md, Edge's plugin). */
const UNSERVED_KINDS = new Set(['NoPair', 'NoExchangeRoute', 'RouteIsDisabled', 'MarketUnavailable']);
/** A refused key: `Auth` is what StealthEX answers live ("API key is invalid"), whatever the HTTP status. */
const AUTH_KINDS = new Set(['Auth', 'NotAllowed', 'Unauthorized']);
// Amount-out-of-range and asset kinds are unconfirmed: matched loosely by name.
const AMOUNT_KIND = /amount|range|limit|minimum|maximum/i;
const TOO_LARGE = /max|big|large|exceed|greater|high/i;
const TOKEN_PROBLEM = /currency|currencies|asset|symbol|network|token|coin/i;
const INVALID = /valid|param|request|address/i;

function errorOf(body: unknown): { kind: string; details: string } {
  if (body && typeof body === 'object' && 'err' in body) {
    const err = (body as { err?: unknown }).err;
    if (err && typeof err === 'object') {
      const { kind, details } = err as { kind?: unknown; details?: unknown };
      const said = typeof details === 'string' ? details : details === undefined || details === null ? '' : JSON.stringify(details);
      return { kind: typeof kind === 'string' ? kind : '', details: said };
    }
  }
  return { kind: '', details: typeof body === 'string' ? body : '' };
}

/** A StealthEX error body → Strait's rejection. `limits` (from `/rates/range`) name the bound. */
export function rejectionOfBody(status: number, body: unknown, pair: StealthexPair, limits: Limits | null, cause?: unknown): VenueRejection {
  const { kind, details } = errorOf(body);
  const said = [kind, details].filter((s) => s.length > 0).join(': ') || `HTTP ${status}`;
  const options = optionsOf(cause);
  if (status === 401 || status === 403 || AUTH_KINDS.has(kind)) {
    return new VenueRejection('venue_error', `StealthEX refused the request (HTTP ${status}): ${said}`, { status }, options);
  }
  if (status === 429) return new VenueRejection('venue_rate_limited', `StealthEX rate limit: ${said}`, undefined, options);
  if (UNSERVED_KINDS.has(kind)) {
    return new VenueRejection('route_not_served', `StealthEX has no route ${pair.from.ticker}/${pair.from.network} → ${pair.to.ticker}/${pair.to.network} (${said})`, undefined, options);
  }
  if (AMOUNT_KIND.test(kind)) {
    if (TOO_LARGE.test(`${kind} ${details}`)) {
      return limits?.max != null ? above(limits.max, pair.from, null, cause) : new VenueRejection('above_max', `The amount is above StealthEX's maximum: ${said}`, undefined, options);
    }
    return limits ? below(limits.min, pair.from, null, cause) : new VenueRejection('below_min', `The amount is below StealthEX's minimum: ${said}`, undefined, options);
  }
  if (TOKEN_PROBLEM.test(kind)) return new VenueRejection('token_not_supported', `StealthEX does not carry this asset: ${said}`, undefined, options);
  if (INVALID.test(kind)) return new VenueRejection('invalid_input', `StealthEX refused the request: ${said}`, undefined, options);
  return new VenueRejection('no_liquidity', `StealthEX has no price for this swap: ${said}`, undefined, options);
}

/**
 * Any failure of a StealthEX call → what the adapter throws. A 5xx, a transport fault or a schema
 * refusal is returned as is, so the registry counts it as the venue's fault.
 */
export function toStealthexRejection(error: unknown, pair: StealthexPair, limits: Limits | null = null): unknown {
  if (!(error instanceof VenueHttpError) || error.status >= 500) return error;
  return rejectionOfBody(error.status, error.body, pair, limits, error);
}

// ---------------------------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------------------------

export type StealthexStatusValue = 'waiting' | 'confirming' | 'exchanging' | 'sending' | 'verifying' | 'finished' | 'failed' | 'refunded' | 'expired';

/** Every StealthEX exchange status. A value not listed here maps to pending, never to a final state. */
export const STEALTHEX_STATUS_TABLE: Readonly<Record<StealthexStatusValue, VenueTransferState>> = {
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

export const STEALTHEX_STATUS_DETAIL: Readonly<Record<StealthexStatusValue, string>> = {
  waiting: 'waiting for the deposit',
  confirming: 'deposit seen, waiting for its confirmations',
  exchanging: 'deposit confirmed, exchange in progress',
  sending: 'sending the payout to the recipient',
  verifying: 'held by StealthEX for an AML check; StealthEX support releases or refunds it',
  finished: 'paid out',
  failed: 'StealthEX reports the exchange failed; its support can trace it by the exchange id',
  refunded: 'refunded to the sender',
  expired: 'no deposit reached StealthEX before the exchange expired',
};

const present = (value: string | null | undefined): string | null => (value && value.length > 0 ? value : null);

/** A `GET /v4/exchanges/{id}` answer → what the desk factory maps. */
export function progressOf(response: StealthexExchange, to: StealthexAsset): DeskProgress {
  const payout = response.withdrawal;
  const delivered = assetBySymbol(payout.symbol, payout.network);
  const asset = delivered ?? to;
  // Read for `finished` only: before payout `amount` is no payment (a recorded `waiting` answer carries
  // `amount` equal to `expected_amount`); a 0 falls back to the fixed `expected_amount`.
  const paid = payout.amount !== undefined && payout.amount !== null && decimalToAtomic(payout.amount, asset.decimals, 'down') !== 0n ? payout.amount : payout.expected_amount;
  return {
    status: response.status,
    destinationTxHash: present(payout.tx_hash),
    received: decimalToAtomic(paid, asset.decimals, 'down'),
    deliveredAsset: delivered,
    refundDetail: `refunded to ${present(response.refund_address) ?? 'the sender'}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Coverage snapshot
// ---------------------------------------------------------------------------------------------

/** Rows per `GET /v4/currencies` page (the API's maximum). */
export const CURRENCIES_PAGE = 250;
/** Pages read at most per refresh (~1000 rows today); a catalogue past this is cut, not looped on. */
export const CURRENCIES_MAX_PAGES = 20;
/** How often the coverage snapshot re-reads the catalogue (it changes rarely). */
export const SNAPSHOT_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The table assets the catalogue lists with a fixed rate: same symbol and network, and (for tokens)
 * the same contract when the row names one. Rows outside the table are ignored: Strait could not quote
 * them.
 */
export function listedAssets(rows: StealthexCurrencies, table: readonly StealthexAsset[]): StealthexAsset[] {
  return table.filter((asset) =>
    rows.some(
      (row) =>
        row.symbol.toLowerCase() === asset.ticker &&
        row.network.toLowerCase() === asset.network &&
        (row.rates === undefined || row.rates.includes(RATE)) &&
        (asset.address === null || row.contract_address === null || sameAddress(asset.chain, row.contract_address, asset.address)),
    ),
  );
}
