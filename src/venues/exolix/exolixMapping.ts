import { validatorOf } from '../../domain/validatorOf.ts';
import type { DeskPrice, DeskProgress } from '../desks/createDeskVenue.ts';
import { VenueRejection, type VenueQuoteRequest, type VenueTransferState } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { assetByCoin, toExolixAddress, type ExolixAsset } from './exolixChains.ts';
import { ExolixRateSchema, type ExolixCurrencies, type ExolixRate, type ExolixTransaction } from './exolixSchemas.ts';
import { atomicEchoMatches, atomicToDecimal, decimalText, decimalToAtomic } from '../../domain/amounts.ts';

/**
 * Pure translation between Strait and Exolix v2, both ways.
 *
 * Flow: Strait prices with Exolix's **fixed** rate (`rateType=fixed`). Its `toAmount` is locked for a
 * transaction created at that rate, so `minAmountOut` equals `amountOut`. `GET /rate` creates nothing
 * at the venue; build creates the transaction (`POST /transactions`, `rateType: fixed`), whose
 * `amountTo` is the guaranteed payout and is what the plan promises.
 */

/** The rate type Strait uses: a locked output, which ranking and the build check rely on. */
export const RATE_TYPE = 'fixed';
/** Exolix publishes no rate validity; a fixed quote is held this long (assumed short, unconfirmed). */
export const QUOTE_TTL_MS = 60 * 1000;
/** Deposit window assumed for a created transaction (Exolix returns none; `overdue` ends it). */
export const DEPOSIT_WINDOW_MS = 10 * 60 * 1000;

export interface ExolixPair {
  readonly from: ExolixAsset;
  readonly to: ExolixAsset;
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** `GET /v2/rate` query of an exact-in fixed-rate price (Edge's parameter names). */
export function toRateQuery(pair: ExolixPair, amountIn: bigint): Record<string, string> {
  return {
    coinFrom: pair.from.coin,
    coinFromNetwork: pair.from.network,
    coinTo: pair.to.coin,
    coinToNetwork: pair.to.network,
    amount: atomicToDecimal(amountIn, pair.from.decimals),
    rateType: RATE_TYPE,
  };
}

/** `POST /v2/transactions` body: pay `recipient`, refund to `sender`, at a fixed rate. */
export function toTransactionBody(pair: ExolixPair, request: VenueQuoteRequest): Record<string, unknown> {
  return {
    coinFrom: pair.from.coin,
    networkFrom: pair.from.network,
    coinTo: pair.to.coin,
    networkTo: pair.to.network,
    amount: atomicToDecimal(request.amountIn, pair.from.decimals),
    withdrawalAddress: toExolixAddress(request.toChain, request.recipient),
    withdrawalExtraId: '',
    refundAddress: toExolixAddress(request.fromChain, request.sender),
    refundExtraId: '',
    rateType: RATE_TYPE,
  };
}

// ---------------------------------------------------------------------------------------------
// Quotes and limits
// ---------------------------------------------------------------------------------------------

export interface Limits {
  /** Least `amountIn` Exolix accepts (its `minAmount` rounded up to a whole atomic unit). */
  readonly min: bigint | null;
  /** Most `amountIn` Exolix accepts; `null` when not given. */
  readonly max: bigint | null;
}

export function toLimits(rate: ExolixRate, decimals: number): Limits {
  const min = rate.minAmount === undefined || rate.minAmount === null ? null : decimalToAtomic(rate.minAmount, decimals, 'up');
  const max = rate.maxAmount === undefined || rate.maxAmount === null ? null : decimalToAtomic(rate.maxAmount, decimals, 'down');
  // A zero maximum reads as "no maximum published", not as "nothing accepted".
  return { min: min === 0n ? null : min, max: max === 0n ? null : max };
}

const withOut = (amountOut: bigint | null) => (amountOut !== null && amountOut > 0n ? { amountOutAtomic: amountOut.toString() } : {});

function below(min: bigint, pair: ExolixPair, amountOut: bigint | null, cause?: unknown): VenueRejection {
  return new VenueRejection(
    'below_min',
    `Exolix needs at least ${atomicToDecimal(min, pair.from.decimals)} ${pair.from.coin} for this pair`,
    { minAmountAtomic: min.toString(), ...withOut(amountOut) },
    cause === undefined ? undefined : { cause },
  );
}

function above(max: bigint, pair: ExolixPair, amountOut: bigint | null, cause?: unknown): VenueRejection {
  return new VenueRejection(
    'above_max',
    `Exolix accepts at most ${atomicToDecimal(max, pair.from.decimals)} ${pair.from.coin} for this pair`,
    { maxAmountAtomic: max.toString(), ...withOut(amountOut) },
    cause === undefined ? undefined : { cause },
  );
}

/**
 * A rate answer (HTTP 200, or 422 with the same fields) → the refusal it carries, or `null` when it
 * prices the amount. Limits are checked against `amountIn` here; a `message` inside the limits, or a
 * zero output, is Exolix declining to price.
 */
export function rateRejection(rate: ExolixRate, amountIn: bigint, pair: ExolixPair, cause?: unknown): VenueRejection | null {
  const limits = toLimits(rate, pair.from.decimals);
  const amountOut = decimalToAtomic(rate.toAmount, pair.to.decimals, 'down');
  if (limits.min !== null && amountIn < limits.min) return below(limits.min, pair, amountOut, cause);
  if (limits.max !== null && amountIn > limits.max) return above(limits.max, pair, amountOut, cause);
  const message = rate.message ?? null;
  const options = cause === undefined ? undefined : { cause };
  if (message !== null && message !== '') {
    // Inside the send limits yet refused for a minimum: the output is under `withdrawMin`.
    if (/min/i.test(message)) return new VenueRejection('below_min', `The amount is below Exolix's minimum: ${message}`, { ...(limits.min !== null ? { minAmountAtomic: limits.min.toString() } : {}), ...withOut(amountOut) }, options);
    if (/max/i.test(message)) return new VenueRejection('above_max', `The amount is above Exolix's maximum: ${message}`, { ...(limits.max !== null ? { maxAmountAtomic: limits.max.toString() } : {}), ...withOut(amountOut) }, options);
    return new VenueRejection('no_liquidity', `Exolix has no price for this swap: ${message}`, undefined, options);
  }
  if (amountOut === 0n) return new VenueRejection('no_liquidity', 'Exolix would deliver nothing for this amount after its fees', undefined, options);
  return null;
}

/** The output a rate or transaction promises, in atomic units of the destination token (rounded down). */
export function amountOutOf(value: number | string, pair: ExolixPair, path: string): bigint {
  const amountOut = decimalToAtomic(value, pair.to.decimals, 'down');
  if (amountOut === null) throw new VenueRejection('venue_bad_response', `Exolix amount ${String(value)} is not an amount`, { path });
  return amountOut;
}

/** A fixed-rate price → the price Strait ranks (the factory adds the shared context and expiry). */
export function priceOf(rate: ExolixRate, request: VenueQuoteRequest, pair: ExolixPair): DeskPrice {
  const echoed = decimalToAtomic(rate.fromAmount, pair.from.decimals, 'down');
  if (echoed === null || !atomicEchoMatches(echoed, request.amountIn)) {
    throw new VenueRejection('venue_bad_response', `Exolix priced ${String(rate.fromAmount)} instead of the requested ${atomicToDecimal(request.amountIn, pair.from.decimals)}`, { path: '/fromAmount' });
  }
  const amountOut = amountOutOf(rate.toAmount, pair, '/toAmount');
  return {
    amountOut,
    // Exolix publishes no rate validity: the factory holds the quote QUOTE_TTL_MS.
    rateId: null,
    validUntil: null,
    estimatedSeconds: null,
    context: {
      rateType: RATE_TYPE,
      coinFrom: pair.from.coin,
      networkFrom: pair.from.network,
      coinTo: pair.to.coin,
      networkTo: pair.to.network,
      toAmount: decimalText(rate.toAmount),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

const TOKEN_PROBLEM = /(coin|currency|network|asset|token)/i;

function isRate(body: unknown): body is ExolixRate {
  return validatorOf(ExolixRateSchema).Check(body);
}

function textOf(body: unknown): { message: string; errors: string } {
  if (body && typeof body === 'object') {
    const { message, errors } = body as { message?: unknown; errors?: unknown };
    const listed = errors && typeof errors === 'object' ? Object.entries(errors).map(([field, text]) => `${field}: ${typeof text === 'string' ? text : JSON.stringify(text)}`).join('; ') : '';
    return { message: typeof message === 'string' ? message : '', errors: listed };
  }
  return { message: typeof body === 'string' ? body : '', errors: '' };
}

/**
 * An Exolix refusal → Strait's rejection code. A body still carrying the rate fields (the 422 of an
 * amount under the minimum) names its limits; a 400 `errors` map about a coin or network is an asset
 * Exolix does not carry; any other 4xx without rate fields is a route Exolix does not serve.
 */
export function rejectionOfBody(status: number, body: unknown, pair: ExolixPair, amountIn: bigint, cause?: unknown): VenueRejection {
  const { message, errors } = textOf(body);
  const said = [message, errors].filter((s) => s !== '').join(' — ') || `HTTP ${status}`;
  const options = cause === undefined ? undefined : { cause };
  if (status === 401 || status === 403) return new VenueRejection('venue_error', `Exolix refused the API key (HTTP ${status}): ${said}`, { status }, options);
  if (status === 429) return new VenueRejection('venue_rate_limited', `Exolix rate limit: ${said}`, undefined, options);
  if (isRate(body)) return rateRejection(body, amountIn, pair, cause) ?? new VenueRejection('no_liquidity', `Exolix has no price for this swap: ${said}`, undefined, options);
  if (errors !== '') {
    if (TOKEN_PROBLEM.test(errors)) return new VenueRejection('token_not_supported', `Exolix does not carry this asset: ${said}`, undefined, options);
    return new VenueRejection('invalid_input', `Exolix refused the request: ${said}`, undefined, options);
  }
  return new VenueRejection('route_not_served', `Exolix does not serve ${pair.from.coin}/${pair.from.network} → ${pair.to.coin}/${pair.to.network}: ${said}`, undefined, options);
}

/** Any failure of an Exolix call → what the adapter throws; a 5xx, transport fault or schema refusal stays as is. */
export function toExolixRejection(error: unknown, pair: ExolixPair, amountIn: bigint): unknown {
  if (!(error instanceof VenueHttpError) || error.status >= 500) return error;
  return rejectionOfBody(error.status, error.body, pair, amountIn, error);
}

// ---------------------------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------------------------

export type ExolixStatusValue = 'wait' | 'confirmation' | 'confirmed' | 'exchanging' | 'sending' | 'success' | 'overdue' | 'refunded' | 'deleted' | 'error';

/** Every Exolix transaction status. A value not listed here maps to pending, never to a final state. */
export const EXOLIX_STATUS_TABLE: Readonly<Record<ExolixStatusValue, VenueTransferState>> = {
  wait: 'pending',
  confirmation: 'pending',
  confirmed: 'pending',
  exchanging: 'pending',
  sending: 'pending',
  success: 'completed',
  overdue: 'failed',
  refunded: 'refunded',
  deleted: 'failed',
  error: 'failed',
};

export const EXOLIX_STATUS_DETAIL: Readonly<Record<ExolixStatusValue, string>> = {
  wait: 'waiting for the deposit',
  confirmation: 'deposit seen, waiting for its confirmations',
  confirmed: 'deposit confirmed',
  exchanging: 'exchange in progress',
  sending: 'sending the payout to the recipient',
  success: 'paid out',
  overdue: 'no deposit reached Exolix before the transaction expired',
  refunded: 'refunded to the sender',
  deleted: 'Exolix deleted the transaction',
  error: 'Exolix reports the transaction failed; its support can trace it by the transaction id',
};

const present = (value: string | null | undefined): string | null => (value && value.length > 0 ? value : null);

/** A `GET /v2/transactions/{id}` answer → what the desk factory maps. */
export function progressOf(response: ExolixTransaction, to: ExolixAsset): DeskProgress {
  const delivered = assetByCoin(response.coinTo.coinCode, response.coinTo.network);
  const asset = delivered ?? to;
  return {
    status: response.status,
    destinationTxHash: present(response.hashOut?.hash),
    received: decimalToAtomic(response.amountTo, asset.decimals, 'down'),
    deliveredAsset: delivered,
    refundDetail: `refunded to ${present(response.refundAddress) ?? 'the sender'}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Coverage snapshot
// ---------------------------------------------------------------------------------------------

/** Coins per `GET /v2/currencies` page. */
export const CURRENCIES_PAGE = 100;
/** Pages read at most per refresh; a catalogue past this is cut, not looped on. */
export const CURRENCIES_MAX_PAGES = 30;
/** How often the coverage snapshot re-reads the catalogue (it changes rarely). */
export const SNAPSHOT_INTERVAL_MS = 60 * 60 * 1000;

/** The table assets the catalogue lists: a coin code on one of its networks. Other coins are ignored. */
export function listedAssets(coins: ExolixCurrencies['data'], table: readonly ExolixAsset[]): ExolixAsset[] {
  return table.filter((asset) => coins.some((coin) => coin.code.toUpperCase() === asset.coin && (coin.networks ?? []).some((n) => n.network.toUpperCase() === asset.network)));
}
