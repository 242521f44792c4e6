import { Value } from 'typebox/value';
import type { RejectionCode } from '../../domain/errors.ts';
import type { TokenInfo } from '../../domain/tokens.ts';
import { VenueRejection, type VenueQuote, type VenueStatus, type VenueTransferState } from '../Venue.ts';
import type { VenueHttpError } from '../venueHttpClient.ts';
import { EVM_NATIVE, MAYAN_SWIFT_V1, MAYAN_SWIFT_V2 } from './mayanChains.ts';
import { MayanErrorSchema, type MayanContext, type MayanQuote, type MayanSwapStatus } from './mayanSchemas.ts';

/**
 * Mayan's quote error codes → our rejection codes. `AMOUNT_TOO_SMALL` (swap-sdk issues #18 and #19),
 * `ROUTE_NOT_FOUND` and `SDK_VERSION_TOO_OLD` are recorded; the others are the names Mayan's SDK and
 * integrators report and are unconfirmed, so an unlisted code falls to the message test below and
 * then to `venue_error`. `SDK_VERSION_TOO_OLD` means the `sdkVersion` Strait sends was retired: the
 * adapter needs updating, which is no fault of the request.
 */
export const MAYAN_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  AMOUNT_TOO_SMALL: 'below_min',
  AMOUNT_TOO_LARGE: 'above_max',
  AMOUNT_TOO_BIG: 'above_max',
  ROUTE_NOT_FOUND: 'route_not_served',
  SDK_VERSION_TOO_OLD: 'venue_error',
  NO_ROUTE_FOUND: 'route_not_served',
  TOKEN_NOT_SUPPORTED: 'token_not_supported',
  INVALID_TOKEN: 'token_not_supported',
  INVALID_PARAMS: 'invalid_input',
};

/**
 * The explorer's `clientStatus` → our state. Mayan documents three values (swap-sdk README,
 * "tracking"); the finer `status` (ORDER_SETTLED, INITIATED_ON_EVM_MCTP, ORDER_REFUNDED, …) is kept
 * as detail only. Mayan has no partial fill: a Swift order is filled whole or refunded whole.
 */
export const MAYAN_STATUS_TABLE: Readonly<Record<string, VenueTransferState>> = {
  INPROGRESS: 'pending',
  COMPLETED: 'completed',
  REFUNDED: 'refunded',
};

/** A JSON number (Mayan's human amounts) as a plain decimal string, never in exponent form. */
function plainDecimal(value: number): string {
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(20) : text;
}

/** A human decimal amount in atomic units of `decimals`, cut (never rounded up). */
export function humanToAtomic(value: number | string, decimals: number): bigint {
  const text = typeof value === 'number' ? plainDecimal(value) : value;
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new VenueRejection('venue_bad_response', `Mayan sent an amount that is not a decimal: '${text}'`);
  const fraction = (match[2] ?? '').slice(0, decimals).padEnd(decimals, '0');
  return BigInt(`${match[1]}${fraction}`);
}

/**
 * The floor a Swift order carries on chain, exactly as swap-sdk `getAmountOfFractionalAmount` cuts
 * it: Mayan normalizes order amounts to at most 8 decimals (`getNormalizeFactor`), rounding the
 * human value at the ninth and cutting at the eighth.
 */
export function swiftOrderAmount(human: number, tokenDecimals: number): bigint {
  const cut = Math.min(8, tokenDecimals);
  const fixed = new RegExp(`^\\d+(?:\\.\\d{0,${cut}})?`).exec(human.toFixed(cut + 1))?.[0];
  if (fixed === undefined) throw new VenueRejection('venue_bad_response', `Mayan sent an amount that is not a decimal: '${human}'`);
  return humanToAtomic(fixed, cut);
}

/** The Swift generation of a quote (`swiftVersion` is absent from V1-era answers), or null for another value. */
export function swiftVersionOf(quote: MayanQuote): 'V1' | 'V2' | null {
  if (quote.swiftVersion === undefined || quote.swiftVersion === null || quote.swiftVersion === 'V1') return 'V1';
  return quote.swiftVersion === 'V2' ? 'V2' : null;
}

/**
 * Whether a quote is one Strait can build and check: a Swift order without a source swap, not
 * gasless, with its fees, deadline and auction mode; a V2 order only from an ERC-20 input.
 */
export function isBuildableSwift(quote: MayanQuote): boolean {
  const version = swiftVersionOf(quote);
  return (
    quote.type === 'SWIFT' &&
    version !== null &&
    !(version === 'V2' && quote.fromToken.contract.toLowerCase() === EVM_NATIVE) &&
    quote.gasless !== true &&
    typeof quote.swiftInputContract === 'string' &&
    quote.swiftInputContract.toLowerCase() === quote.fromToken.contract.toLowerCase() &&
    typeof quote.cancelRelayerFee64 === 'string' &&
    typeof quote.refundRelayerFee64 === 'string' &&
    typeof quote.deadline64 === 'string' &&
    Number(quote.deadline64) > 0 &&
    typeof quote.swiftAuctionMode === 'number' &&
    quote.swiftAuctionMode > 0
  );
}

/** The pinned Swift contract of a generation. */
export function pinnedSwift(version: 'V1' | 'V2'): string {
  return version === 'V1' ? MAYAN_SWIFT_V1 : MAYAN_SWIFT_V2;
}

/** Whether a Swift quote from an EVM chain names the pinned contract of its generation (any other is refused). */
export function namesPinnedSwift(quote: MayanQuote): boolean {
  const version = swiftVersionOf(quote);
  return version !== null && typeof quote.swiftMayanContract === 'string' && quote.swiftMayanContract.toLowerCase() === pinnedSwift(version).toLowerCase();
}

export interface MayanQuoteInput {
  readonly amountIn: bigint;
  readonly toToken: TokenInfo;
}

/**
 * Maps the chosen Swift quote to our row. The expected output is net of every Mayan fee (relayer
 * and protocol fees come out of the order's output); the minimum is the order's on-chain floor
 * scaled back to the token's decimals. Mayan publishes no price validity (`deadline64` is the
 * order's fill deadline), so `expiresAt` is null and build re-prices nothing: it signs this order.
 */
export function toMayanQuote(quote: MayanQuote, input: MayanQuoteInput): VenueQuote {
  const decimals = quote.toToken.decimals;
  if (decimals !== input.toToken.decimals) {
    throw new VenueRejection('venue_bad_response', `Mayan priced ${quote.toToken.contract} with ${decimals} decimals, the registry says ${input.toToken.decimals}`, { path: '/quotes/0/toToken/decimals' });
  }
  if (BigInt(quote.effectiveAmountIn64) !== input.amountIn) {
    throw new VenueRejection('venue_bad_response', `Mayan priced ${quote.effectiveAmountIn64}, not the ${input.amountIn} asked`, { path: '/quotes/0/effectiveAmountIn64' });
  }
  const amountOut = quote.expectedAmountOutBaseUnits ? BigInt(quote.expectedAmountOutBaseUnits) : humanToAtomic(quote.expectedAmountOut, decimals);
  const orderDecimals = Math.min(8, decimals);
  const minAmountOut = swiftOrderAmount(quote.minAmountOut, decimals) * 10n ** BigInt(decimals - orderDecimals);
  if (minAmountOut > amountOut) {
    throw new VenueRejection('venue_bad_response', `Mayan's minimum ${minAmountOut} exceeds its expected ${amountOut}`, { path: '/quotes/0/minAmountOut' });
  }
  const context: MayanContext = {
    route: swiftVersionOf(quote) === 'V2' ? 'SWIFT_V2' : 'SWIFT_V1',
    fromChain: quote.fromChain,
    toChain: quote.toChain,
    swiftContract: quote.swiftMayanContract ?? '',
    tokenIn: quote.swiftInputContract ?? '',
    amountIn: quote.effectiveAmountIn64,
    toTokenContract: quote.toToken.contract,
    toTokenDecimals: decimals,
    minAmountOut: plainDecimal(quote.minAmountOut),
    gasDrop: plainDecimal(quote.gasDrop ?? 0),
    cancelFee: quote.cancelRelayerFee64 ?? '0',
    refundFee: quote.refundRelayerFee64 ?? '0',
    deadline: quote.deadline64 ?? '0',
    auctionMode: quote.swiftAuctionMode ?? 0,
    ...(quote.quoteId ? { quoteId: quote.quoteId } : {}),
  };
  return {
    amountIn: input.amountIn,
    amountOut,
    minAmountOut,
    estimatedSeconds: quote.etaSeconds ?? null,
    expiresAt: null,
    context: { ...context },
  };
}

/**
 * Translates a non-2xx quote answer. 5xx stays the HTTP error (the registry counts it against the
 * venue); the shared client answers a 429 itself. Amount refusals carry Mayan's limit: `data.minAmountIn`
 * is in input-token units when present (the message may name dollars instead, issue #19).
 */
export function translateMayanError(error: VenueHttpError, fromToken: TokenInfo): Error {
  if (error.status >= 500) return error;
  const body = Value.Check(MayanErrorSchema, error.body) ? error.body : undefined;
  const text = body?.msg ?? body?.message ?? error.message;
  const venueCode = body?.code === undefined ? undefined : String(body.code);
  const code: RejectionCode = (venueCode !== undefined ? MAYAN_ERROR_CODES[venueCode] : undefined) ?? codeFromMessage(text);
  const details: Record<string, unknown> = { venueCode: venueCode ?? `HTTP ${error.status}`, venueMessage: text };
  const min = body?.data?.minAmountIn;
  const max = body?.data?.maxAmountIn;
  if (code === 'below_min' && typeof min === 'number') {
    details.minAmount = plainDecimal(min);
    details.minAmountAtomic = humanToAtomic(min, fromToken.decimals).toString();
  }
  if (code === 'above_max' && typeof max === 'number') {
    details.maxAmount = plainDecimal(max);
    details.maxAmountAtomic = humanToAtomic(max, fromToken.decimals).toString();
  }
  return new VenueRejection(code, `Mayan ${venueCode ?? `HTTP ${error.status}`}: ${text}`, details, { cause: error });
}

/** Mayan's wording when its code is missing or unlisted (docs speak of "too small" / "too large" amounts and "Route not found"). */
function codeFromMessage(text: string): RejectionCode {
  const lower = text.toLowerCase();
  if (/too (small|low)|minimum|min amount/.test(lower)) return 'below_min';
  if (/too (large|big|high)|maximum|max amount/.test(lower)) return 'above_max';
  if (/route not found|no route/.test(lower)) return 'route_not_served';
  return 'venue_error';
}

/**
 * The explorer's answer mapped through {@link MAYAN_STATUS_TABLE}. The destination transaction is
 * the Swift fill (`fulfillTxHash`) or the Wormhole/CCTP redeem (`redeemTxHash`); the received amount
 * is `toAmount64` when sent, else `toAmount` (human) in the delivered token's decimals, and only once
 * completed (before that `toAmount` is Mayan's estimate).
 */
export function toMayanStatus(body: MayanSwapStatus, toToken: TokenInfo): VenueStatus {
  const state = MAYAN_STATUS_TABLE[body.clientStatus];
  const destinationTxHash = body.fulfillTxHash ?? body.redeemTxHash ?? null;
  const detail = body.refundTxHash ? `${body.status}; refund ${body.refundTxHash}` : body.status;
  if (state === undefined) {
    return { state: 'pending', venueStatus: body.clientStatus, destinationTxHash, receivedAmount: null, receivedAsset: null, detail, unrecognized: true };
  }
  let receivedAmount: bigint | null = null;
  if (state === 'completed') {
    if (body.toAmount64) receivedAmount = BigInt(body.toAmount64);
    else if (body.toAmount) receivedAmount = humanToAtomic(body.toAmount, toToken.decimals);
  }
  return { state, venueStatus: body.clientStatus, destinationTxHash, receivedAmount, receivedAsset: state === 'completed' ? (body.toTokenAddress ?? null) : null, detail };
}
