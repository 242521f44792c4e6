import { createHmac } from 'node:crypto';
import type { TSchema, Static } from 'typebox';
import { atomicToDecimal, decimalText, decimalToAtomic } from '../../domain/amounts.ts';
import type { RejectionCode } from '../../domain/errors.ts';
import { validatorOf } from '../../domain/validatorOf.ts';
import { badResponse } from '../depositVenueSupport.ts';
import type { DeskPrice, DeskProgress } from '../desks/createDeskVenue.ts';
import { VenueRejection, type VenueQuoteRequest, type VenueTransferState } from '../Venue.ts';
import { assetByCode, type FixedfloatAsset } from './fixedfloatChains.ts';
import type { FixedfloatCurrencies, FixedfloatEnvelope, FixedfloatOrder, FixedfloatPrice } from './fixedfloatSchemas.ts';

/**
 * Pure translation between Strait and FixedFloat v2, both ways.
 *
 * Flow: Strait prices with FixedFloat's **fixed** rate in the `from` direction (the user sends exactly
 * `amountIn`; `to.amount` is what the order pays), so `minAmountOut` equals `amountOut`. FixedFloat
 * issues no rate id: the rate is locked when `/create` makes the order, which holds it until
 * `time.expiration`. `refcode`/`afftax` are never sent: Strait's fee is collected by its own fee steps.
 */

export const RATE_TYPE = 'fixed';
export const DIRECTION = 'from';
/** A price has no deadline of its own; it is held this long. */
export const QUOTE_TTL_MS = 60 * 1000;
/** Deposit window assumed when an order carries no `time.expiration` (recorded orders give 30 min). */
export const DEPOSIT_WINDOW_MS = 30 * 60 * 1000;
/** How often the coverage snapshot re-reads `/ccies` (it changes rarely). */
export const SNAPSHOT_INTERVAL_MS = 60 * 60 * 1000;

export interface FixedfloatPair {
  readonly from: FixedfloatAsset;
  readonly to: FixedfloatAsset;
}

// ---------------------------------------------------------------------------------------------
// Signing: every call is a POST whose exact JSON body is signed with the API secret.
// ---------------------------------------------------------------------------------------------

/** `X-API-SIGN`: hex HMAC-SHA256 of the exact body text, keyed with the API secret. */
export function signatureOf(bodyText: string, secret: string): string {
  return createHmac('sha256', secret).update(bodyText).digest('hex');
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** Atomic units as the JSON number FixedFloat takes (display units). */
export function toAmountNumber(amount: bigint, decimals: number): number {
  return Number(atomicToDecimal(amount, decimals));
}

/** `POST /price` body of a fixed-rate exact-in pair. */
export function toPriceBody(pair: FixedfloatPair, amountIn: bigint): Record<string, unknown> {
  return { type: RATE_TYPE, fromCcy: pair.from.code, toCcy: pair.to.code, direction: DIRECTION, amount: toAmountNumber(amountIn, pair.from.decimals) };
}

/** `POST /create` body: the price body plus the payout address. */
export function toCreateBody(pair: FixedfloatPair, request: VenueQuoteRequest): Record<string, unknown> {
  return { ...toPriceBody(pair, request.amountIn), toAddress: request.recipient };
}

// ---------------------------------------------------------------------------------------------
// The envelope
// ---------------------------------------------------------------------------------------------

/**
 * Price `errors` values → Strait's rejection codes (fedibtc/swap's `PriceError`). A limit outranks the
 * rest: it tells the user what to change.
 */
export const FIXEDFLOAT_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  LIMIT_MIN: 'below_min',
  LIMIT_MAX: 'above_max',
  RESERVE_FROM: 'no_liquidity',
  RESERVE_TO: 'no_liquidity',
  OFFLINE_FROM: 'route_not_served',
  OFFLINE_TO: 'route_not_served',
  MAINTENANCE_FROM: 'route_not_served',
  MAINTENANCE_TO: 'route_not_served',
};

// The meaning of a non-zero envelope `code` is not published where we could read it: its `msg` decides.
const AUTH_PROBLEM = /key|sign|auth|permission|access|denied|forbidden/i;
const ADDRESS_PROBLEM = /address|tag|memo/i;
const CURRENCY_PROBLEM = /currenc|ccy|coin|pair|direction/i;
const NOT_FOUND = /not\s*found|no\s*order|unknown\s*order/i;
const RATE_LIMIT = /limit\s*exceeded|too\s*many|rate\s*limit/i;

/** The envelope's `code` as a number, whichever way FixedFloat spelled it. */
export function codeOf(envelope: FixedfloatEnvelope): number {
  return Number(envelope.code);
}

/** A refused envelope (`code` ≠ 0) → Strait's rejection. */
export function rejectionOfEnvelope(envelope: FixedfloatEnvelope): VenueRejection {
  const code = codeOf(envelope);
  const said = `FixedFloat code ${code}${envelope.msg ? `: ${envelope.msg}` : ''}`;
  const msg = envelope.msg ?? '';
  const details = { venueCode: code };
  if (RATE_LIMIT.test(msg)) return new VenueRejection('venue_rate_limited', said, details);
  if (AUTH_PROBLEM.test(msg)) return new VenueRejection('venue_error', `FixedFloat refused the credentials (${said})`, details);
  if (ADDRESS_PROBLEM.test(msg)) return new VenueRejection('invalid_input', `FixedFloat refused an address (${said})`, details);
  if (CURRENCY_PROBLEM.test(msg)) return new VenueRejection('token_not_supported', `FixedFloat does not carry this pair (${said})`, details);
  return new VenueRejection('venue_error', said, details);
}

/** Whether a refused envelope says the order is unknown (a status poll then stays pending). */
export function isOrderNotFound(envelope: FixedfloatEnvelope): boolean {
  return codeOf(envelope) !== 0 && NOT_FOUND.test(envelope.msg ?? '');
}

/** The `data` of an accepted envelope read through `schema`, or a bad-response refusal naming the path. */
export function dataOf<S extends TSchema>(envelope: FixedfloatEnvelope, schema: S): Static<S> {
  if (codeOf(envelope) !== 0) throw rejectionOfEnvelope(envelope);
  const validator = validatorOf(schema);
  if (!validator.Check(envelope.data)) {
    const first = [...validator.Errors(envelope.data)][0];
    throw badResponse(`FixedFloat answered data FixedFloat's API does not send${first ? `: ${first.message}` : ''}`, `/data${first?.instancePath ?? ''}`);
  }
  return envelope.data as Static<S>;
}

// ---------------------------------------------------------------------------------------------
// Price
// ---------------------------------------------------------------------------------------------

const label = (asset: FixedfloatAsset) => asset.code;
const atomic = (value: string | number, decimals: number, rounding: 'down' | 'up', path: string): bigint => {
  const amount = decimalToAtomic(value, decimals, rounding);
  if (amount === null) throw badResponse(`FixedFloat amount ${String(value)} is not an amount`, path);
  return amount;
};

/** The rejection a price's `errors` carry, limits first; `null` when it has none. */
export function priceRejection(price: FixedfloatPrice, pair: FixedfloatPair): VenueRejection | null {
  const errors = price.errors;
  if (errors.length === 0) return null;
  if (errors.includes('LIMIT_MIN')) {
    const min = atomic(price.from.min, pair.from.decimals, 'up', '/data/from/min');
    return new VenueRejection('below_min', `FixedFloat needs at least ${atomicToDecimal(min, pair.from.decimals)} ${label(pair.from)} for this pair`, { minAmountAtomic: min.toString() });
  }
  if (errors.includes('LIMIT_MAX')) {
    const max = atomic(price.from.max, pair.from.decimals, 'down', '/data/from/max');
    return new VenueRejection('above_max', `FixedFloat accepts at most ${atomicToDecimal(max, pair.from.decimals)} ${label(pair.from)} for this pair`, { maxAmountAtomic: max.toString() });
  }
  const known = errors.map((e) => FIXEDFLOAT_ERROR_CODES[e]).find((code) => code !== undefined);
  const code = known ?? 'no_liquidity';
  return new VenueRejection(code, `FixedFloat cannot price ${label(pair.from)} → ${label(pair.to)} now (${errors.join(', ')})`, { venueErrors: errors });
}

/**
 * FixedFloat keeps `precision` decimals of an amount: an order for more would ask a deposit other than
 * the one the user makes. Refused at quote with the nearest amount it takes.
 */
export function precisionRejection(amountIn: bigint, precision: number | undefined, asset: FixedfloatAsset): VenueRejection | null {
  if (precision === undefined || precision >= asset.decimals) return null;
  const unit = 10n ** BigInt(asset.decimals - precision);
  if (amountIn % unit === 0n) return null;
  const rounded = amountIn - (amountIn % unit);
  return new VenueRejection('invalid_input', `FixedFloat takes ${label(asset)} amounts to ${precision} decimals; ${atomicToDecimal(rounded, asset.decimals)} would be accepted`, {
    precision,
    suggestedAmountAtomic: rounded.toString(),
  });
}

/** A usable price → what Strait ranks (the factory adds the shared context and expiry). */
export function priceOf(price: FixedfloatPrice, pair: FixedfloatPair, amountIn: bigint): DeskPrice {
  if (price.from.code.toUpperCase() !== pair.from.code || price.to.code.toUpperCase() !== pair.to.code) {
    throw badResponse(`FixedFloat priced ${price.from.code} → ${price.to.code} instead of ${pair.from.code} → ${pair.to.code}`, '/data/from/code');
  }
  const refused = priceRejection(price, pair) ?? precisionRejection(amountIn, price.from.precision, pair.from);
  if (refused) throw refused;
  const amountOut = atomic(price.to.amount, pair.to.decimals, 'down', '/data/to/amount');
  return {
    amountOut,
    rateId: null,
    validUntil: null,
    estimatedSeconds: null,
    context: { rateType: RATE_TYPE, fromCcy: pair.from.code, toCcy: pair.to.code, priceToAmount: decimalText(price.to.amount) },
  };
}

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

/** A memo/tag as written (string or number), `null` when blank. */
export function tagOf(tag: string | number | null | undefined): string | null {
  if (tag === null || tag === undefined) return null;
  const text = String(tag).trim();
  return text.length > 0 ? text : null;
}

/** `time.expiration` (Unix seconds) as ISO 8601, `null` when absent. */
export function expirationOf(order: FixedfloatOrder): string | null {
  const seconds = order.time.expiration;
  return seconds === null ? null : new Date(seconds * 1000).toISOString();
}

// ---------------------------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------------------------

/**
 * Every FixedFloat order status, and `DONE_REFUND`: Strait's name for a `DONE` order whose payout went
 * back to the sender (`back.tx.id` set, `to.tx.id` empty) — how FixedFloat reports a finished refund is
 * unconfirmed; this is the shape its order object allows. A value not listed maps to pending.
 */
export type FixedfloatStatusValue = 'NEW' | 'PENDING' | 'EXCHANGE' | 'WITHDRAW' | 'DONE' | 'EXPIRED' | 'EMERGENCY' | 'DONE_REFUND';

export const FIXEDFLOAT_STATUS_TABLE: Readonly<Record<FixedfloatStatusValue, VenueTransferState>> = {
  NEW: 'pending',
  PENDING: 'pending',
  EXCHANGE: 'pending',
  WITHDRAW: 'pending',
  DONE: 'completed',
  EXPIRED: 'failed',
  // The order waits for the user's choice (exchange at the new rate, or refund); it is not over.
  EMERGENCY: 'pending',
  DONE_REFUND: 'refunded',
};

export const FIXEDFLOAT_STATUS_DETAIL: Readonly<Record<FixedfloatStatusValue, string>> = {
  NEW: 'waiting for the deposit',
  PENDING: 'deposit seen, waiting for its confirmations',
  EXCHANGE: 'deposit confirmed, exchange in progress',
  WITHDRAW: 'sending the payout to the recipient',
  DONE: 'paid out',
  EXPIRED: 'no deposit reached FixedFloat before the order expired',
  EMERGENCY:
    'FixedFloat holds the deposit and needs a choice (it arrived late, short, over, or outside the limits): exchange at the current rate or refund; the choice is made on ff.io with the order id',
  DONE_REFUND: 'refunded to the sender',
};

const present = (value: string | null | undefined): string | null => (value && value.length > 0 ? value : null);

/** The status key of an order: a `DONE` order that refunded instead of paying is `DONE_REFUND`. */
export function statusKeyOf(order: FixedfloatOrder): string {
  if (order.status === 'DONE' && present(order.to.tx.id) === null && present(order.back?.tx.id) !== null) return 'DONE_REFUND';
  return order.status;
}

/** A `POST /order` answer → what the desk factory maps. */
export function progressOf(order: FixedfloatOrder, to: FixedfloatAsset): DeskProgress {
  const delivered = assetByCode(order.to.code);
  const asset = delivered ?? to;
  // What was paid: the payout transaction's amount once there is one, else the order's fixed amount.
  const paid = order.to.tx.amount ?? order.to.amount;
  const reasons = order.emergency?.status ?? [];
  const back = order.back;
  const refundTo = present(back?.address ?? null);
  return {
    status: statusKeyOf(order),
    destinationTxHash: present(order.to.tx.id),
    received: paid === null ? null : decimalToAtomic(paid, asset.decimals, 'down'),
    deliveredAsset: delivered,
    refundDetail: `refunded${refundTo ? ` to ${refundTo}` : ''}${present(back?.tx.id ?? null) ? ` in ${String(back?.tx.id)}` : ''}${reasons.length > 0 ? ` (${reasons.join(', ')})` : ''}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Coverage snapshot
// ---------------------------------------------------------------------------------------------

const on = (flag: boolean | number) => flag === true || flag === 1;

/** The table assets `/ccies` lists as both sendable and receivable. */
export function listedAssets(rows: FixedfloatCurrencies, table: readonly FixedfloatAsset[]): FixedfloatAsset[] {
  return table.filter((asset) => rows.some((row) => row.code.toUpperCase() === asset.code && on(row.send) && on(row.recv)));
}
