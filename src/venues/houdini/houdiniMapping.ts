import type { JsonObject } from '../../domain/steps.ts';
import type { TokenInfo } from '../../domain/tokens.ts';
import type { RejectionCode } from '../../domain/errors.ts';
import { VenueRejection, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueTransferState } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { decimalToAtomic } from '../../domain/amounts.ts';
import type { HoudiniOrder, HoudiniQuote, HoudiniQuotesResponse } from './houdiniSchemas.ts';

/** The only route type Strait takes at Houdini: two desks with a private hop between them (unlinkable). */
export const PRIVATE_TYPE = 'private';
/** Houdini refuses to create an exchange from a quote older than this; private quotes carry no `validUntil`. */
export const QUOTE_TTL_MS = 60_000;
/** A stored quote id is reused by build only while it has at least this long left. */
export const QUOTE_REUSE_MARGIN_MS = 10_000;
/**
 * Private routes are floating-rate (two desk legs, minutes apart) and Houdini guarantees no minimum:
 * Strait reports `amountOut` less this margin as `minAmountOut`.
 */
export const FLOATING_RATE_MARGIN_BPS = 300n;
/** Deposit window assumed when an order omits `expires` (Houdini's are 20–30 minutes). */
export const DEFAULT_DEPOSIT_WINDOW_MS = 20 * 60 * 1000;
/**
 * Houdini requires `x-user-agent` and `x-user-timezone` beside `x-user-ip` on every call. Strait's
 * request carries the end user's IP only; these stand for "not collected" until it carries more.
 */
export const UNKNOWN_USER_AGENT = 'strait-server (end-user agent not collected)';
export const UNKNOWN_TIMEZONE = 'UTC';

/** The compliance headers of a geo-gated call. */
export function complianceHeaders(userIp: string): Record<string, string> {
  return { 'x-user-ip': userIp, 'x-user-agent': UNKNOWN_USER_AGENT, 'x-user-timezone': UNKNOWN_TIMEZONE };
}

export interface HoudiniPair {
  readonly fromTokenId: string;
  readonly toTokenId: string;
}

/** `GET /v2/quotes` query: display-unit amount, token ids, private routes only. */
export function toQuoteQuery(pair: HoudiniPair, amount: string): Record<string, string> {
  return { amount, from: pair.fromTokenId, to: pair.toTokenId, types: PRIVATE_TYPE };
}

/** `POST /v2/exchanges` body: the quote, where to pay, and where a failed swap refunds. */
export function toExchangeBody(quoteId: string, request: VenueQuoteRequest): Record<string, string> {
  return { quoteId, addressTo: request.recipient, refundAddress: request.sender };
}

/** Houdini writes "no maximum" as 2^53 − 1 (`9007199254740991`); anything that large is no bound. */
export function isUnboundedMax(value: number): boolean {
  return value >= Number.MAX_SAFE_INTEGER;
}

/** A private route Strait can take, with its output in atomic units. */
export interface PrivateRoute {
  readonly quote: HoudiniQuote;
  readonly amountOut: bigint;
}

/**
 * Houdini echoes the send amount as a float: accept a difference within float precision (1e-12
 * relative), refuse anything larger.
 */
export function sameAmount(echoed: bigint, asked: bigint): boolean {
  const diff = echoed > asked ? echoed - asked : asked - echoed;
  return diff * 1_000_000_000_000n <= asked;
}

function outputOf(quote: HoudiniQuote, toDecimals: number): bigint | null {
  const value = quote.netAmountOut ?? quote.amountOut;
  return value === undefined ? null : decimalToAtomic(value, toDecimals, 'down');
}

function withinLimits(quote: HoudiniQuote, amountIn: bigint, fromDecimals: number): boolean {
  const min = quote.min === undefined ? null : decimalToAtomic(quote.min, fromDecimals, 'up');
  const max = quote.max === undefined || isUnboundedMax(quote.max) ? null : decimalToAtomic(quote.max, fromDecimals, 'down');
  return (min === null || amountIn >= min) && (max === null || amountIn <= max);
}

const corridorOf = (request: VenueQuoteRequest) => `${request.fromToken.symbol} on ${request.fromChain} to ${request.toToken.symbol} on ${request.toChain}`;

/**
 * The private routes of a quote answer that accept `request.amountIn`, best output first. Throws the
 * rejection the answer amounts to when none does: `below_min` / `above_max` from the routes' own
 * limits (the most permissive ones), `route_not_served` when Houdini offers no private route at all.
 */
export function privateRoutesOf(response: HoudiniQuotesResponse, request: VenueQuoteRequest): PrivateRoute[] {
  const { fromToken, toToken, amountIn } = request;
  const candidates = response.quotes.filter((q) => q.type === PRIVATE_TYPE);
  if (candidates.length === 0) throw new VenueRejection('route_not_served', `Houdini offers no private route from ${corridorOf(request)} at the moment`);
  const usable: PrivateRoute[] = [];
  for (const quote of candidates) {
    const amountOut = outputOf(quote, toToken.decimals);
    if (!quote.error && amountOut !== null && amountOut > 0n) usable.push({ quote, amountOut });
  }
  if (usable.length === 0) {
    const reason = candidates.find((q) => q.error)?.error;
    throw new VenueRejection('no_liquidity', `Houdini has no usable private route from ${corridorOf(request)}${reason ? `: ${reason}` : ''}`);
  }
  usable.sort((a, b) => (a.amountOut === b.amountOut ? 0 : a.amountOut < b.amountOut ? 1 : -1));
  const inRange = usable.filter((r) => withinLimits(r.quote, amountIn, fromToken.decimals));
  if (inRange.length > 0) return inRange;
  throw limitRejection(usable, request);
}

function limitRejection(usable: readonly PrivateRoute[], request: VenueQuoteRequest): VenueRejection {
  const { fromToken, amountIn } = request;
  const best = usable[0];
  const amountOutAtomic = best ? { amountOutAtomic: best.amountOut.toString() } : {};
  const mins = usable.flatMap((r) => (r.quote.min === undefined ? [] : [decimalToAtomic(r.quote.min, fromToken.decimals, 'up')])).filter((v): v is bigint => v !== null);
  const smallestMin = mins.length > 0 ? mins.reduce((a, b) => (a < b ? a : b)) : null;
  if (smallestMin !== null && amountIn < smallestMin) {
    return new VenueRejection('below_min', `Houdini's private routes need at least ${smallestMin} atomic units of ${fromToken.symbol}; the amount is ${amountIn}`, { minAmountAtomic: smallestMin.toString(), ...amountOutAtomic });
  }
  const bounded = usable.every((r) => r.quote.max !== undefined && !isUnboundedMax(r.quote.max));
  const maxes = bounded ? usable.map((r) => decimalToAtomic(r.quote.max as number, fromToken.decimals, 'down')).filter((v): v is bigint => v !== null) : [];
  const largestMax = maxes.length > 0 ? maxes.reduce((a, b) => (a > b ? a : b)) : null;
  if (largestMax !== null && amountIn > largestMax) {
    return new VenueRejection('above_max', `Houdini's private routes take at most ${largestMax} atomic units of ${fromToken.symbol}; the amount is ${amountIn}`, { maxAmountAtomic: largestMax.toString(), ...amountOutAtomic });
  }
  return new VenueRejection('no_liquidity', `No Houdini private route takes ${amountIn} atomic units of ${fromToken.symbol} right now`, amountOutAtomic);
}

/** `validUntil` (Unix seconds in a string) in epoch ms, or `null` when absent or unreadable. */
export function validUntilMs(validUntil: string | number | undefined): number | null {
  if (validUntil === undefined) return null;
  const seconds = Number(validUntil);
  if (Number.isFinite(seconds) && seconds > 0) return seconds * 1000;
  const parsed = Date.parse(String(validUntil));
  return Number.isNaN(parsed) ? null : parsed;
}

export function minimumOf(amountOut: bigint): bigint {
  return (amountOut * (10_000n - FLOATING_RATE_MARGIN_BPS)) / 10_000n;
}

/** The best private route → the row Strait ranks. */
export function toVenueQuote(route: PrivateRoute, request: VenueQuoteRequest, pair: HoudiniPair, amount: string, now: number): VenueQuote {
  const { quote, amountOut } = route;
  if (quote.amountIn !== undefined) {
    const echoed = decimalToAtomic(quote.amountIn, request.fromToken.decimals, 'down');
    if (echoed === null || !sameAmount(echoed, request.amountIn)) {
      throw new VenueRejection('venue_bad_response', `Houdini priced ${quote.amountIn} ${request.fromToken.symbol} instead of the requested ${amount}`, { path: '/quotes/amountIn' });
    }
  }
  const expiresAt = validUntilMs(quote.validUntil) ?? now + QUOTE_TTL_MS;
  const minAmountOut = minimumOf(amountOut);
  const context: JsonObject = {
    quoteId: quote.quoteId,
    fromTokenId: pair.fromTokenId,
    toTokenId: pair.toTokenId,
    amount,
    amountOut: amountOut.toString(),
    minAmountOut: minAmountOut.toString(),
  };
  return {
    amountIn: request.amountIn,
    amountOut,
    minAmountOut,
    estimatedSeconds: quote.duration === undefined ? null : Math.round(quote.duration * 60),
    expiresAt,
    context,
  };
}

// ---------------------------------------------------------------------------------------------
// Errors

/** The most specific text of an error body: field messages (a VALIDATION_ERROR's real reason) first. */
export function errorTextOf(body: unknown): string {
  if (!body || typeof body !== 'object') return typeof body === 'string' ? body : '';
  const record = body as { message?: unknown; code?: unknown; fields?: unknown };
  const fields = record.fields && typeof record.fields === 'object' ? Object.entries(record.fields as Record<string, { message?: unknown }>) : [];
  // Name the field only when its message does not already (`from: Token not found`).
  const fieldText = fields.map(([name, field]) => (field && typeof field.message === 'string' ? (field.message.toLowerCase().includes(name.toLowerCase()) ? field.message : `${name}: ${field.message}`) : '')).filter(Boolean);
  if (fieldText.length > 0) return fieldText.join('; ');
  if (typeof record.message === 'string') return record.message;
  return typeof record.code === 'string' ? record.code : '';
}

function codeOf(body: unknown): string | null {
  return body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string' ? (body as { code: string }).code : null;
}

function fieldNamesOf(body: unknown): string[] {
  const fields = body && typeof body === 'object' ? (body as { fields?: unknown }).fields : undefined;
  return fields && typeof fields === 'object' ? Object.keys(fields) : [];
}

const BELOW_MIN = /too (low|small)|below (the )?min|less than (the )?min|minimum (amount )?is/i;
const ABOVE_MAX = /too (high|large|big)|above (the )?max|exceeds|maximum (amount )?is/i;
const USD_MINIMUM = /minimum (?:amount )?is \$?\s*([0-9]+(?:\.[0-9]+)?)\s*USD/i;
const QUOTE_EXPIRED = /quote.*expired|expired.*quote/i;
const TOKEN_PROBLEM = /(token|currency|asset|pair).*(not (found|supported|available)|unsupported|invalid|unknown|disabled)|(unsupported|invalid|unknown) (token|currency|asset|pair)/i;
const GEO_PROBLEM = /x-user-ip|\bip\b|country|region|jurisdiction|restricted|geo/i;
const ADDRESS_FIELDS = new Set(['addressTo', 'refundAddress', 'addressFrom', 'destinationTag', 'refundExtraId']);
const TOKEN_FIELDS = new Set(['from', 'to', 'tokenIdFrom', 'tokenIdTo']);

/** The USD minimum Houdini names in its "Amount is too low, minimum is 25 USD" answer, if any. */
export function usdMinimumOf(error: unknown): number | null {
  if (!(error instanceof VenueRejection) || error.code !== 'below_min') return null;
  const match = USD_MINIMUM.exec(error.message);
  return match?.[1] ? Number(match[1]) : null;
}

export function isQuoteExpired(error: unknown): boolean {
  return error instanceof VenueHttpError && error.status >= 400 && error.status < 500 && QUOTE_EXPIRED.test(errorTextOf(error.body));
}

/** 409 STATIC_DEPOSIT_IN_USE: a fixed desk's static deposit address is held by another order; the next route may do. */
export function isStaticDepositBusy(error: unknown): boolean {
  return error instanceof VenueHttpError && codeOf(error.body) === 'STATIC_DEPOSIT_IN_USE';
}

/** `retryAfter` seconds: top level in the v2 envelope, under `meta` or `extensions` in the docs' other shapes. */
function retryAfterOf(body: unknown): Record<string, unknown> | undefined {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const nested = (key: string) => (record[key] && typeof record[key] === 'object' ? (record[key] as { retryAfter?: unknown }).retryAfter : undefined);
  const seconds = [record.retryAfter, nested('meta'), nested('extensions')].find((v): v is number => typeof v === 'number' && v >= 0);
  return seconds === undefined ? undefined : { retryAfterMs: seconds * 1000 };
}

/**
 * Houdini's documented v2 error codes ("match on the code, not the message": docs error-codes page)
 * whose meaning is fixed. Codes not listed fall through to the message and field rules.
 */
export const HOUDINI_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  AMOUNT_TOO_LOW: 'below_min',
  QUOTE_OVER_LIMIT: 'above_max',
  UNSUPPORTED_FROM_TOKEN: 'token_not_supported',
  UNSUPPORTED_TO_TOKEN: 'token_not_supported',
  UNSUPPORTED_ANON_TOKEN: 'token_not_supported',
  TO_AND_FROM_CANNOT_BE_THE_SAME: 'route_not_served',
  SWAP_AMOUNT_IS_OUT_OF_BOUNDS: 'no_liquidity',
  XMR_SWAP_AMOUNT_IS_OUT_OF_BOUNDS: 'no_liquidity',
  PRICE_QUOTES_NOT_RETRIEVED: 'no_liquidity',
  ANONYMOUS_DISABLED: 'no_liquidity',
  STATIC_DEPOSIT_IN_USE: 'no_liquidity',
  ADDRESS_TO_IN_DEPOSIT_LOG: 'invalid_input',
  RATE_LIMIT_EXCEEDED: 'venue_rate_limited',
};

/** Request fields only Strait fills (the amount it converted, the quote id it stored): a refusal of them is not the user's input. */
const STRAIT_FIELDS = new Set(['amount', 'quoteId', 'types', 'useXmr', 'fixed', 'amountType']);

/**
 * Houdini's error answers → Strait's rejection codes. A 5xx (or anything not an HTTP answer) is
 * returned as is, so the registry counts it as the venue's fault.
 */
export function toHoudiniRejection(error: unknown): unknown {
  if (!(error instanceof VenueHttpError)) return error;
  const { status, body } = error;
  const text = errorTextOf(body);
  const reason = text || `HTTP ${status}`;
  const cause = { cause: error };
  const code = codeOf(body);
  // A 503 "no provider answered" / "anonymous swaps disabled" is about this pair now, not Houdini failing.
  if (status >= 500 && !(code === 'PRICE_QUOTES_NOT_RETRIEVED' || code === 'ANONYMOUS_DISABLED')) return error;
  if (status === 429 || code === 'RATE_LIMIT_EXCEEDED') return new VenueRejection('venue_rate_limited', `Houdini rate limit reached: ${reason}`, retryAfterOf(body), cause);
  if (status === 401 || status === 402 || status === 403) {
    return new VenueRejection('venue_error', `Houdini refused Strait's API credentials (HTTP ${status}): ${reason}`, { status }, cause);
  }
  const fields = fieldNamesOf(body);
  if (code === 'ADDRESS_TO_IN_DEPOSIT_LOG') {
    return new VenueRejection('invalid_input', 'Houdini will not pay this recipient: the address once served as a Houdini deposit address. Use another recipient address.', { status }, cause);
  }
  if (code === 'STATIC_DEPOSIT_IN_USE') return new VenueRejection('no_liquidity', `Houdini's desk is busy with another order: ${reason}`, { status }, cause);
  if (QUOTE_EXPIRED.test(text)) return new VenueRejection('venue_error', `Houdini's quote expired before the order was placed: ${reason}`, { status }, cause);
  const byCode = code === null ? undefined : HOUDINI_ERROR_CODES[code];
  if (byCode === 'below_min') return new VenueRejection('below_min', `The amount is below Houdini's private-route minimum: ${reason}`, undefined, cause);
  if (byCode === 'above_max') return new VenueRejection('above_max', `The amount is above Houdini's private-route maximum: ${reason}`, undefined, cause);
  if (byCode === 'token_not_supported') return new VenueRejection('token_not_supported', `Houdini does not carry this token pair: ${reason}`, undefined, cause);
  if (byCode === 'route_not_served') return new VenueRejection('route_not_served', `Houdini does not serve this pair: ${reason}`, undefined, cause);
  if (byCode === 'no_liquidity') return new VenueRejection('no_liquidity', `Houdini has no private route for this transfer right now: ${reason}`, { status }, cause);
  if (BELOW_MIN.test(text)) return new VenueRejection('below_min', `The amount is below Houdini's private-route minimum: ${reason}`, undefined, cause);
  if (ABOVE_MAX.test(text)) return new VenueRejection('above_max', `The amount is above Houdini's private-route maximum: ${reason}`, undefined, cause);
  if (fields.some((f) => TOKEN_FIELDS.has(f)) || TOKEN_PROBLEM.test(text)) return new VenueRejection('token_not_supported', `Houdini does not carry this token pair: ${reason}`, undefined, cause);
  if (fields.some((f) => ADDRESS_FIELDS.has(f))) return new VenueRejection('invalid_input', `Houdini refused an address: ${reason}`, { status }, cause);
  if (fields.some((f) => STRAIT_FIELDS.has(f))) return new VenueRejection('venue_error', `Houdini refused Strait's request (HTTP ${status}): ${reason}`, { status }, cause);
  if (GEO_PROBLEM.test(text)) return new VenueRejection('invalid_input', `Houdini refused the end user's IP or region: ${reason}`, { status }, cause);
  return new VenueRejection('no_liquidity', `Houdini has no private quote for this transfer: ${reason}`, { status }, cause);
}

// ---------------------------------------------------------------------------------------------
// Status

/** Every order status code of `GET /v2/orders/{id}` (get-order-details). A code not listed maps to pending. */
export const HOUDINI_STATUS_CODES: Readonly<Record<number, { readonly label: string; readonly state: VenueTransferState }>> = {
  [-2]: { label: 'INITIALIZING', state: 'pending' },
  [-1]: { label: 'NEW', state: 'pending' },
  0: { label: 'WAITING', state: 'pending' },
  1: { label: 'CONFIRMING', state: 'pending' },
  2: { label: 'EXCHANGING', state: 'pending' },
  3: { label: 'ANONYMIZING', state: 'pending' },
  4: { label: 'FINISHED', state: 'completed' },
  5: { label: 'EXPIRED', state: 'failed' },
  6: { label: 'FAILED', state: 'failed' },
  7: { label: 'REFUNDED', state: 'refunded' },
  8: { label: 'DELETED', state: 'failed' },
};

/** `statusLabel` values (the names of the codes above). */
export const HOUDINI_STATUS_LABELS: Readonly<Record<string, VenueTransferState>> = Object.fromEntries(Object.values(HOUDINI_STATUS_CODES).map((s) => [s.label, s.state]));

/** `displayStatus`, the user-facing status the v2 contract guarantees; the `*_INTERMEDIARY` / second-exchange values occur on private routes only. */
export const HOUDINI_DISPLAY_STATUSES: Readonly<Record<string, VenueTransferState>> = {
  WAITING_FOR_DEPOSIT: 'pending',
  DEPOSIT_DETECTED: 'pending',
  EXCHANGE_IN_PROGRESS: 'pending',
  SENDING_TO_INTERMEDIARY: 'pending',
  REACHED_INTERMEDIARY: 'pending',
  INITIATING_SECOND_EXCHANGE: 'pending',
  SECOND_EXCHANGE_IN_PROGRESS: 'pending',
  SENDING_TO_RECEIVER: 'pending',
  SWAP_COMPLETED: 'completed',
  EXPIRED: 'failed',
  FAILED: 'failed',
  REFUNDED: 'refunded',
  DELETED: 'failed',
};

const DETAIL: Readonly<Record<string, string>> = {
  INITIALIZING: 'Houdini is setting the order up',
  NEW: 'order created, not yet waiting for the deposit',
  WAITING: 'waiting for the deposit',
  WAITING_FOR_DEPOSIT: 'waiting for the deposit',
  CONFIRMING: 'deposit seen, confirming on chain',
  DEPOSIT_DETECTED: 'deposit seen, confirming on chain',
  EXCHANGING: 'first exchange in progress',
  EXCHANGE_IN_PROGRESS: 'first exchange in progress',
  ANONYMIZING: 'moving through the private hop',
  SENDING_TO_INTERMEDIARY: 'moving through the private hop',
  REACHED_INTERMEDIARY: 'funds reached the private hop',
  INITIATING_SECOND_EXCHANGE: 'starting the second exchange',
  SECOND_EXCHANGE_IN_PROGRESS: 'second exchange in progress',
  SENDING_TO_RECEIVER: 'paying the recipient',
  EXPIRED: 'no deposit reached Houdini before the order expired',
  FAILED: 'Houdini reports the swap failed',
  REFUNDED: 'Houdini refunded the deposit to the refund address',
  DELETED: 'Houdini deleted the order',
};

function codeNumberOf(status: number | string): number | null {
  const value = typeof status === 'number' ? status : /^-?[0-9]+$/.test(status.trim()) ? Number(status) : Number.NaN;
  return Number.isInteger(value) && Object.hasOwn(HOUDINI_STATUS_CODES, value) ? value : null;
}

/** The order's state: `displayStatus`, then `statusLabel`, then the numeric code; nothing known → `null`. */
function stateOf(order: HoudiniOrder): { state: VenueTransferState; name: string } | null {
  const display = order.displayStatus;
  if (display !== undefined && Object.hasOwn(HOUDINI_DISPLAY_STATUSES, display)) return { state: HOUDINI_DISPLAY_STATUSES[display] as VenueTransferState, name: display };
  const label = order.statusLabel;
  if (label !== undefined && Object.hasOwn(HOUDINI_STATUS_LABELS, label)) return { state: HOUDINI_STATUS_LABELS[label] as VenueTransferState, name: label };
  const code = codeNumberOf(order.status);
  if (code === null) return null;
  const entry = HOUDINI_STATUS_CODES[code] as { label: string; state: VenueTransferState };
  return { state: entry.state, name: entry.label };
}

function destinationHashOf(order: HoudiniOrder): string | null {
  if (order.transactionHash) return order.transactionHash;
  // `hashUrl` is an explorer link ending in the hash (`…/tx/<hash>`).
  const tail = order.hashUrl?.split(/[/?#]/).filter(Boolean).at(-1) ?? '';
  return /^(0x)?[0-9a-fA-F]{32,}$|^[1-9A-HJ-NP-Za-km-z]{43,90}$/.test(tail) ? tail : null;
}

/** An order answer → Strait's state. Houdini reports no partial fills. */
export function toVenueStatus(order: HoudiniOrder, toToken: TokenInfo): VenueStatus {
  const known = stateOf(order);
  const label = order.displayStatus ?? order.statusLabel;
  const venueStatus = label ? `${label} (${String(order.status)})` : String(order.status);
  const destinationTxHash = destinationHashOf(order);
  if (!known) {
    return { state: 'pending', venueStatus, destinationTxHash, receivedAmount: null, receivedAsset: null, detail: `unknown Houdini status ${venueStatus}; treated as pending`, unrecognized: true };
  }
  const base = { state: known.state, venueStatus, destinationTxHash };
  if (known.state === 'completed') {
    const received = order.outAmount === undefined ? null : decimalToAtomic(order.outAmount, toToken.decimals, 'down');
    const asset = order.outToken?.address ? order.outToken.address : null;
    return { ...base, receivedAmount: received, receivedAsset: asset, detail: null };
  }
  return { ...base, receivedAmount: null, receivedAsset: null, detail: DETAIL[known.name] ?? known.name };
}
