import type { DeskPrice, DeskProgress } from '../desks/createDeskVenue.ts';
import { VenueRejection, type VenueQuoteRequest, type VenueTransferState } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { assetByTicker, type ChangenowAsset } from './changenowChains.ts';
import type { ChangenowCurrencies, ChangenowEstimate, ChangenowRange, ChangenowStatus } from './changenowSchemas.ts';
import { sameAddress } from '../../domain/addresses/sameAddress.ts';
import { atomicEchoMatches, atomicToDecimal, decimalText, decimalToAtomic } from '../../domain/amounts.ts';

/**
 * Pure translation between Strait and ChangeNOW v2, both ways.
 *
 * Flow: Strait prices with ChangeNOW's **fixed-rate** flow (`flow=fixed-rate&useRateId=true`). Its
 * `toAmount` is what ChangeNOW pays for a deposit of exactly `fromAmount` made before `validUntil`, so
 * `minAmountOut` equals `amountOut` and the ranking compares a promise, not a floating estimate. The
 * estimate only locks a rate id; no exchange exists until build.
 */

/** The flow Strait uses: a guaranteed output, which an aggregator's ranking and build check rely on. */
export const FLOW = 'fixed-rate';
/** A fixed-rate answer without `validUntil` is held this long (the floating default of Edge's plugin). */
export const QUOTE_TTL_MS = 60 * 1000;
/** Build re-locks the rate when the quote's rate id has less than this left. */
export const RATE_REUSE_MARGIN_MS = 15 * 1000;
/** How often the coverage snapshot re-reads `/v2/exchange/currencies` (the list changes rarely). */
export const SNAPSHOT_INTERVAL_MS = 60 * 60 * 1000;
/** Deposit window assumed when neither the exchange nor its estimate carries `validUntil`. */
export const DEPOSIT_WINDOW_MS = 10 * 60 * 1000;

export interface ChangenowPair {
  readonly from: ChangenowAsset;
  readonly to: ChangenowAsset;
}

// ---------------------------------------------------------------------------------------------
// Amounts and times: ChangeNOW speaks display units (src/domain/amounts.ts converts, exactly)
// ---------------------------------------------------------------------------------------------

/** `transactionSpeedForecast` ("10-60" minutes) → the upper bound in seconds. */
export function etaSeconds(forecast: string | null | undefined): number | null {
  const match = forecast ? /^\s*([0-9]+(?:\.[0-9]+)?)\s*(?:-\s*([0-9]+(?:\.[0-9]+)?))?\s*$/.exec(forecast) : null;
  if (!match) return null;
  return Math.round(Number(match[2] ?? match[1]) * 60);
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export function toPairQuery(pair: ChangenowPair): Record<string, string> {
  return { fromCurrency: pair.from.ticker, toCurrency: pair.to.ticker, fromNetwork: pair.from.network, toNetwork: pair.to.network, flow: FLOW };
}

/** `GET /v2/exchange/estimated-amount` query of an exact-in fixed-rate estimate. */
export function toEstimateQuery(pair: ChangenowPair, amountIn: bigint): Record<string, string> {
  return { ...toPairQuery(pair), fromAmount: atomicToDecimal(amountIn, pair.from.decimals), type: 'direct', useRateId: 'true' };
}

/** `POST /v2/exchange` body: pay `recipient`, refund to `sender`, at the locked rate. */
export function toExchangeBody(pair: ChangenowPair, request: VenueQuoteRequest, rateId: string): Record<string, unknown> {
  return {
    fromCurrency: pair.from.ticker,
    fromNetwork: pair.from.network,
    toCurrency: pair.to.ticker,
    toNetwork: pair.to.network,
    fromAmount: atomicToDecimal(request.amountIn, pair.from.decimals),
    toAmount: '',
    type: 'direct',
    flow: FLOW,
    rateId,
    address: request.recipient,
    refundAddress: request.sender,
  };
}

// ---------------------------------------------------------------------------------------------
// Quotes and limits
// ---------------------------------------------------------------------------------------------

export interface Limits {
  /** Least `amountIn` ChangeNOW accepts (its minimum rounded up to a whole atomic unit). */
  readonly min: bigint;
  /** Most `amountIn` ChangeNOW accepts; `null` when unbounded. */
  readonly max: bigint | null;
}

export function toLimits(range: ChangenowRange, decimals: number): Limits | null {
  const min = decimalToAtomic(range.minAmount, decimals, 'up');
  const max = range.maxAmount === null ? null : decimalToAtomic(range.maxAmount, decimals, 'down');
  return min === null ? null : { min, max };
}

const below = (min: bigint, decimals: number, ticker: string, amountOut: bigint | null, cause?: unknown) =>
  new VenueRejection(
    'below_min',
    `ChangeNOW needs at least ${atomicToDecimal(min, decimals)} ${ticker.toUpperCase()} for this pair`,
    { minAmountAtomic: min.toString(), ...(amountOut !== null ? { amountOutAtomic: amountOut.toString() } : {}) },
    cause === undefined ? undefined : { cause },
  );

const above = (max: bigint, decimals: number, ticker: string, amountOut: bigint | null, cause?: unknown) =>
  new VenueRejection(
    'above_max',
    `ChangeNOW accepts at most ${atomicToDecimal(max, decimals)} ${ticker.toUpperCase()} for this pair`,
    { maxAmountAtomic: max.toString(), ...(amountOut !== null ? { amountOutAtomic: amountOut.toString() } : {}) },
    cause === undefined ? undefined : { cause },
  );

/** A limit the amount breaks, as the rejection to throw; `null` when the amount is inside the range. */
export function limitRejection(amountIn: bigint, limits: Limits | null, pair: ChangenowPair, amountOut: bigint | null): VenueRejection | null {
  if (!limits) return null;
  if (amountIn < limits.min) return below(limits.min, pair.from.decimals, pair.from.ticker, amountOut);
  if (limits.max !== null && amountIn > limits.max) return above(limits.max, pair.from.decimals, pair.from.ticker, amountOut);
  return null;
}

/** The output an estimate promises, in atomic units of the destination token (rounded down). */
export function amountOutOf(estimate: { readonly toAmount: number | string }, pair: ChangenowPair): bigint {
  const amountOut = decimalToAtomic(estimate.toAmount, pair.to.decimals, 'down');
  if (amountOut === null) throw new VenueRejection('venue_bad_response', `ChangeNOW toAmount ${String(estimate.toAmount)} is not an amount`, { path: '/toAmount' });
  return amountOut;
}

/** A fixed-rate estimate → the price Strait ranks (the factory adds the shared context and expiry). */
export function priceOf(estimate: ChangenowEstimate, request: VenueQuoteRequest, pair: ChangenowPair): DeskPrice {
  const echoed = decimalToAtomic(estimate.fromAmount, pair.from.decimals, 'down');
  if (echoed === null || !atomicEchoMatches(echoed, request.amountIn)) {
    throw new VenueRejection('venue_bad_response', `ChangeNOW priced ${String(estimate.fromAmount)} instead of the requested ${atomicToDecimal(request.amountIn, pair.from.decimals)}`, { path: '/fromAmount' });
  }
  const amountOut = amountOutOf(estimate, pair);
  if (amountOut === 0n) throw new VenueRejection('no_liquidity', 'ChangeNOW would deliver nothing for this amount after its fees');
  if (!estimate.rateId) throw new VenueRejection('venue_bad_response', 'ChangeNOW fixed-rate estimate has no rateId', { path: '/rateId' });
  return {
    amountOut,
    rateId: estimate.rateId,
    validUntil: estimate.validUntil ?? null,
    estimatedSeconds: etaSeconds(estimate.transactionSpeedForecast),
    context: {
      flow: FLOW,
      fromCurrency: pair.from.ticker,
      fromNetwork: pair.from.network,
      toCurrency: pair.to.ticker,
      toNetwork: pair.to.network,
      toAmount: decimalText(estimate.toAmount),
      warningMessage: estimate.warningMessage ?? null,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

const BELOW_MIN_ERRORS = new Set(['deposit_too_small', 'less_min_amount', 'amount_too_small']);
const ABOVE_MAX_ERRORS = new Set(['max_amount_exceeded', 'more_max_amount', 'amount_too_big']);
const UNSERVED_ERRORS: Readonly<Record<string, string>> = {
  pair_is_inactive: 'ChangeNOW is not trading this pair right now',
  fixed_rate_not_enabled: 'ChangeNOW offers no fixed rate for this pair',
};
const AUTH_ERRORS = new Set(['unauthorized', 'invalid_api_key', 'forbidden']);
const MINIMAL = /minimal\D*?([0-9]+(?:\.[0-9]+)?(?:e-?[0-9]+)?)/i;
const MAXIMAL = /maximal\D*?([0-9]+(?:\.[0-9]+)?(?:e-?[0-9]+)?)/i;
const TOKEN_PROBLEM = /(currency|currencies|ticker|network|asset|token|pair)/i;
/**
 * An amount outside the range also comes as `not_valid_params` ("amountTo is too small", which
 * integrators report live, the range in the origin currency riding along).
 */
const AMOUNT_TOO_SMALL = /\btoo small\b/i;
const AMOUNT_TOO_LARGE = /\btoo (?:big|large)\b/i;

function errorOf(body: unknown): { code: string; message: string } {
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    return { code: typeof error === 'string' ? error : '', message: typeof message === 'string' ? message : '' };
  }
  return { code: '', message: typeof body === 'string' ? body : '' };
}

/** A limit named in the message ("Amount is less then minimal: 9.8"), in atomic units. */
function limitInMessage(pattern: RegExp, message: string, decimals: number, rounding: 'down' | 'up'): bigint | null {
  const found = pattern.exec(message)?.[1];
  return found === undefined ? null : decimalToAtomic(Number(found), decimals, rounding);
}

/**
 * The bound a ChangeNOW error body carries in `payload.range` (a recorded `deposit_too_small` reads
 * `{"message":"Out of min amount","payload":{"range":{"minAmount":0.00012045,"maxAmount":null}}}`: the
 * message names no number), in atomic units.
 */
function limitInPayload(body: unknown, key: 'minAmount' | 'maxAmount', decimals: number, rounding: 'down' | 'up'): bigint | null {
  const range = body && typeof body === 'object' ? (body as { payload?: { range?: unknown } }).payload?.range : undefined;
  const value = range && typeof range === 'object' ? (range as Record<string, unknown>)[key] : undefined;
  return typeof value === 'number' || typeof value === 'string' ? decimalToAtomic(value, decimals, rounding) : null;
}

/**
 * A ChangeNOW error body → Strait's rejection code. `limits` (from `/exchange/range`, when it answered)
 * name the bound in `below_min` / `above_max`; without them the number in the message is used.
 */
export function rejectionOfBody(status: number, body: unknown, pair: ChangenowPair, limits: Limits | null, cause?: unknown): VenueRejection {
  const { code, message } = errorOf(body);
  const said = message || code || `HTTP ${status}`;
  const options = cause === undefined ? undefined : { cause };
  const decimals = pair.from.decimals;
  if (status === 401 || status === 403 || AUTH_ERRORS.has(code)) {
    return new VenueRejection('venue_error', `ChangeNOW refused the API key (HTTP ${status}): ${said}`, { status }, options);
  }
  if (status === 429) return new VenueRejection('venue_rate_limited', `ChangeNOW rate limit: ${said}`, undefined, options);
  const tooSmall = BELOW_MIN_ERRORS.has(code) || (code === 'out_of_range' && !/max/i.test(message)) || (code === 'not_valid_params' && AMOUNT_TOO_SMALL.test(message));
  const tooLarge = ABOVE_MAX_ERRORS.has(code) || (code === 'out_of_range' && /max/i.test(message)) || (code === 'not_valid_params' && AMOUNT_TOO_LARGE.test(message));
  if (tooSmall) {
    const min = limits?.min ?? limitInPayload(body, 'minAmount', decimals, 'up') ?? limitInMessage(MINIMAL, message, decimals, 'up');
    if (min !== null) return below(min, decimals, pair.from.ticker, null, cause);
    return new VenueRejection('below_min', `The amount is below ChangeNOW's minimum: ${said}`, undefined, options);
  }
  if (tooLarge) {
    const max = limits?.max ?? limitInPayload(body, 'maxAmount', decimals, 'down') ?? limitInMessage(MAXIMAL, message, decimals, 'down');
    if (max !== null) return above(max, decimals, pair.from.ticker, null, cause);
    return new VenueRejection('above_max', `The amount is above ChangeNOW's maximum: ${said}`, undefined, options);
  }
  const unserved = UNSERVED_ERRORS[code];
  if (unserved) return new VenueRejection('route_not_served', `${unserved} (${pair.from.ticker}/${pair.from.network} → ${pair.to.ticker}/${pair.to.network})`, undefined, options);
  if (code === 'not_valid_params') {
    if (TOKEN_PROBLEM.test(message)) return new VenueRejection('token_not_supported', `ChangeNOW does not carry this asset: ${said}`, undefined, options);
    return new VenueRejection('invalid_input', `ChangeNOW refused the request: ${said}`, undefined, options);
  }
  return new VenueRejection('no_liquidity', `ChangeNOW has no price for this swap: ${said}`, undefined, options);
}

/**
 * Any failure of a ChangeNOW call → what the adapter throws. A 5xx, a transport fault or a schema
 * refusal is returned as is, so the registry counts it as the venue's fault.
 */
export function toChangenowRejection(error: unknown, pair: ChangenowPair, limits: Limits | null = null): unknown {
  if (!(error instanceof VenueHttpError) || error.status >= 500) return error;
  return rejectionOfBody(error.status, error.body, pair, limits, error);
}

// ---------------------------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------------------------

export type ChangenowStatusValue = 'new' | 'waiting' | 'confirming' | 'exchanging' | 'sending' | 'verifying' | 'finished' | 'failed' | 'refunded' | 'expired';

/** Every ChangeNOW exchange status. A value not listed here maps to pending, never to a final state. */
export const CHANGENOW_STATUS_TABLE: Readonly<Record<ChangenowStatusValue, VenueTransferState>> = {
  new: 'pending',
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

export const CHANGENOW_STATUS_DETAIL: Readonly<Record<ChangenowStatusValue, string>> = {
  new: 'exchange created, waiting for the deposit',
  waiting: 'waiting for the deposit',
  confirming: 'deposit seen, waiting for its confirmations',
  exchanging: 'deposit confirmed, exchange in progress',
  sending: 'sending the payout to the recipient',
  verifying: 'held by ChangeNOW for an AML/KYC check; ChangeNOW support releases or refunds it',
  finished: 'paid out',
  failed: 'ChangeNOW reports the exchange failed; its support can trace it by the exchange id',
  refunded: 'refunded to the sender',
  expired: 'no deposit reached ChangeNOW before the exchange expired',
};

const present = (value: string | null | undefined): string | null => (value && value.length > 0 ? value : null);

/** A `GET /v2/exchange/by-id` answer → what the desk factory maps. `fromTicker` names the refunded asset. */
export function progressOf(response: ChangenowStatus, to: ChangenowAsset, fromTicker: string | null): DeskProgress {
  const delivered = typeof response.toCurrency === 'string' ? assetByTicker(response.toCurrency, response.toNetwork) : to;
  const asset = delivered ?? to;
  const received = response.amountTo !== undefined && response.amountTo !== null ? decimalToAtomic(response.amountTo, asset.decimals, 'down') : null;
  const refunded = response.refundAmount !== undefined && response.refundAmount !== null ? ` ${decimalText(response.refundAmount) ?? ''}${fromTicker ? ` ${fromTicker.toUpperCase()}` : ''}` : '';
  const hash = present(response.refundHash);
  return {
    status: response.status,
    destinationTxHash: present(response.payoutHash),
    received,
    deliveredAsset: delivered,
    refundDetail: `refunded${refunded} to ${response.refundAddress ?? 'the sender'}${hash ? ` (tx ${hash})` : ''}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Coverage snapshot
// ---------------------------------------------------------------------------------------------

/**
 * The table assets a `GET /v2/exchange/currencies` answer lists with a fixed rate: same ticker and
 * network, and (for tokens) the same contract. Rows outside the table are ignored: Strait could not
 * quote them.
 */
export function listedAssets(rows: ChangenowCurrencies, table: readonly ChangenowAsset[]): ChangenowAsset[] {
  return table.filter((asset) =>
    rows.some(
      (row) =>
        row.ticker.toLowerCase() === asset.ticker &&
        row.network.toLowerCase() === asset.network &&
        row.supportsFixedRate !== false &&
        (asset.address === null || row.tokenContract === null || sameAddress(asset.chain, row.tokenContract, asset.address)),
    ),
  );
}
