import { sameEvmAddress } from '../../domain/addresses/sameAddress.ts';
import { Value } from 'typebox/value';
import type { JsonObject } from '../../domain/steps.ts';
import type { RejectionCode } from '../../domain/errors.ts';
import { VenueRejection, type VenueQuote, type VenueStatus, type VenueTransferState } from '../Venue.ts';
import type { VenueHttpError } from '../venueHttpClient.ts';
import { isKnownSpokePool } from './acrossChains.ts';
import {
  AcrossApiErrorSchema,
  type AcrossDepositStatus,
  type AcrossDepositStatusResponse,
  type AcrossContext,
  type AcrossLimits,
  type AcrossSuggestedFees,
} from './acrossSchemas.ts';

/**
 * Across deposit status → our state. `filled` is refined by `actionsSucceeded` (a failed destination
 * call delivers the bridged token instead: partial); `expired` stays pending because Across refunds
 * the depositor on origin automatically and reports `refunded` when it has. `slowFilled` is a fill
 * from Across's own pool (the recipient is paid, possibly more than the quoted output: no LP-less
 * relayer fee); `deposit-failed` is a gasless deposit Across dropped before it reached the chain.
 */
export const ACROSS_STATUS_TABLE: Readonly<Record<AcrossDepositStatus, VenueTransferState>> = {
  pending: 'pending',
  slowFillRequested: 'pending',
  slowFilled: 'completed',
  filled: 'completed',
  expired: 'pending',
  refunded: 'refunded',
  'deposit-pending': 'pending',
  'deposit-failed': 'failed',
};

/**
 * Across asks integrators to cache its answers for no longer than 300 s (docs.across.to, "Caching &
 * Liveness"): the price holds that long from when Strait received it, whatever `timestamp` says.
 */
export const QUOTE_TTL_MS = 300_000;
/**
 * The SpokePool refuses a deposit whose `quoteTimestamp` is more than an hour old
 * (`depositQuoteTimeBuffer`; across-protocol/frontend `api/_fill-deadline.ts`); a minute of margin
 * leaves room for the transaction to land.
 */
const QUOTE_TIMESTAMP_BUFFER_SECONDS = 3_600;
const DEPOSIT_LANDING_MARGIN_SECONDS = 60;
/** What `/suggested-fees` answers as `fillDeadline` when its release omits it: timestamp + 2 h (`DEFAULT_FILL_DEADLINE_BUFFER_SECONDS`). */
export const DEFAULT_FILL_DEADLINE_BUFFER_SECONDS = 7_200;
/** A deposit made later than this before its fill deadline leaves relayers too little time. */
const FILL_WINDOW_MARGIN_SECONDS = 600;

const UINT32_MAX = 0xffff_ffffn;
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** The Across error codes with a meaning of their own; every other code is `venue_error`. */
export const ACROSS_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  AMOUNT_TOO_LOW: 'below_min',
  AMOUNT_TOO_HIGH: 'above_max',
  ROUTE_NOT_ENABLED: 'route_not_served',
  SWAP_LIQUIDITY_INSUFFICIENT: 'no_liquidity',
  INVALID_PARAM: 'invalid_input',
  MISSING_PARAM: 'invalid_input',
  // The Swap API's refusal to credit a HyperCore account that does not exist yet (Across creates
  // accounts only on its USDC → USDH-SPOT route): the recipient is refused, not the route.
  HYPERCORE_ACCOUNT_NOT_INITIALIZED: 'invalid_input',
};

/** The `code` of an `AcrossApiError` body, or `undefined` for any other body. */
export function acrossErrorCode(error: VenueHttpError): string | undefined {
  return Value.Check(AcrossApiErrorSchema, error.body) ? error.body.code : undefined;
}

/**
 * Translates a non-2xx Across answer (the shared client answers a 429 itself). 5xx stays a
 * `VenueHttpError` so the registry counts it as the venue's fault; `limits` (fetched after an amount
 * refusal) fills the min/max details when known.
 */
export function translateAcrossError(error: VenueHttpError, limits?: AcrossLimits): Error {
  if (error.status >= 500) return error;
  const body = Value.Check(AcrossApiErrorSchema, error.body) ? error.body : undefined;
  const code = (body && ACROSS_ERROR_CODES[body.code]) ?? 'venue_error';
  const message = `Across ${body?.code ?? `HTTP ${error.status}`}: ${body?.message ?? error.message}`;
  const details: Record<string, unknown> = body?.param ? { param: body.param } : {};
  if (code === 'below_min' && limits) details.minAmountAtomic = uintString(limits.minDeposit);
  if (code === 'above_max' && limits) details.maxAmountAtomic = uintString(limits.maxDeposit);
  return new VenueRejection(code, message, Object.keys(details).length > 0 ? details : undefined, { cause: error });
}

export interface AcrossQuoteInput {
  readonly amountIn: bigint;
  readonly originChainId: number;
  readonly destinationChainId: number;
  readonly inputToken: `0x${string}`;
  readonly outputToken: `0x${string}`;
  readonly isNative: boolean;
  /** Strait's clock (epoch ms) when the answer arrived. */
  readonly now: number;
}

/** Maps a `/suggested-fees` answer to our quote, refusing amounts outside the limits it states. */
export function toAcrossQuote(body: AcrossSuggestedFees, input: AcrossQuoteInput): VenueQuote {
  const minDeposit = BigInt(body.limits.minDeposit);
  const maxDeposit = BigInt(body.limits.maxDeposit);
  if (body.isAmountTooLow === true || input.amountIn < minDeposit) {
    throw new VenueRejection('below_min', `Across needs at least ${minDeposit} for this route`, { minAmountAtomic: minDeposit.toString() });
  }
  if (input.amountIn > maxDeposit) {
    throw new VenueRejection('above_max', `Across takes at most ${maxDeposit} for this route`, { maxAmountAtomic: maxDeposit.toString() });
  }
  checkEcho(body, input);
  const amountOut = body.outputAmount !== undefined ? BigInt(body.outputAmount) : input.amountIn - BigInt(body.totalRelayFee.total);
  if (amountOut <= 0n) {
    throw new VenueRejection('below_min', 'Across fees exceed the amount', { minAmountAtomic: minDeposit.toString() });
  }
  const timestamp = uint32(body.timestamp, '/timestamp');
  const fillDeadline = body.fillDeadline === undefined ? timestamp + BigInt(DEFAULT_FILL_DEADLINE_BUFFER_SECONDS) : uint32(body.fillDeadline, '/fillDeadline');
  const expiresAt = quoteExpiry(Number(timestamp), Number(fillDeadline), input.now);
  if (expiresAt <= input.now) {
    throw badResponse(`Across quoted with timestamp ${timestamp} and fill deadline ${fillDeadline}, too old for a deposit now`, '/timestamp');
  }
  const context: AcrossContext & JsonObject = {
    originChainId: input.originChainId,
    destinationChainId: input.destinationChainId,
    inputToken: input.inputToken,
    outputToken: input.outputToken,
    isNative: input.isNative,
    outputAmount: amountOut.toString(),
    timestamp: timestamp.toString(),
    fillDeadline: fillDeadline.toString(),
    exclusiveRelayer: body.exclusiveRelayer ?? ZERO_ADDRESS,
    exclusivityDeadline: body.exclusivityDeadline === undefined ? '0' : uint32(body.exclusivityDeadline, '/exclusivityDeadline').toString(),
    spokePoolAddress: body.spokePoolAddress,
  };
  return {
    amountIn: input.amountIn,
    amountOut,
    // A relayer fills exactly `outputAmount` or not at all.
    minAmountOut: amountOut,
    estimatedSeconds: body.estimatedFillTimeSec === undefined ? null : Number(body.estimatedFillTimeSec),
    expiresAt,
    context,
  };
}

/**
 * When a quote stops holding: Across's cache limit from now, but never past what the deposit itself
 * tolerates. The venue's `timestamp` is a block 25 blocks (~5 min) behind mainnet's head, rounded down
 * to 25 blocks (`DEFAULT_QUOTE_BLOCK_BUFFER`), so it lags the answer by 5 to 10 minutes: a lifetime
 * counted from it would be over before the quote arrived.
 */
export function quoteExpiry(timestampSeconds: number, fillDeadlineSeconds: number, now: number): number {
  const timestampLimit = (timestampSeconds + QUOTE_TIMESTAMP_BUFFER_SECONDS - DEPOSIT_LANDING_MARGIN_SECONDS) * 1000;
  const fillLimit = (fillDeadlineSeconds - FILL_WINDOW_MARGIN_SECONDS) * 1000;
  return Math.min(now + QUOTE_TTL_MS, timestampLimit, fillLimit);
}

/** Refuses an answer for another route than asked, or one naming an unknown SpokePool. */
function checkEcho(body: AcrossSuggestedFees, input: AcrossQuoteInput): void {
  if (!isKnownSpokePool(input.originChainId, body.spokePoolAddress)) {
    throw badResponse(`Across named SpokePool ${body.spokePoolAddress}, not the known one of chain ${input.originChainId}`, '/spokePoolAddress');
  }
  if (body.inputToken && !sameEvmAddress(body.inputToken.address, input.inputToken)) {
    throw badResponse(`Across priced input token ${body.inputToken.address}, not ${input.inputToken}`, '/inputToken/address');
  }
  if (body.outputToken && !sameEvmAddress(body.outputToken.address, input.outputToken)) {
    throw badResponse(`Across priced output token ${body.outputToken.address}, not ${input.outputToken}`, '/outputToken/address');
  }
}

/** What status needs from the stored quote context to report the received amount. */
export interface AcrossStatusContext {
  readonly outputAmount: bigint | null;
  readonly outputToken: string | null;
}

/** Maps a `/deposit/status` answer through the status table. */
export function toAcrossStatus(body: AcrossDepositStatusResponse, context: AcrossStatusContext): VenueStatus {
  const venueStatus = body.status;
  const fillHash = body.fillTxnRef ?? body.fillTx ?? null;
  const refundHash = body.depositRefundTxnRef ?? body.depositRefundTxHash ?? null;
  if (!isKnownStatus(venueStatus)) {
    return { state: 'pending', venueStatus, destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: `unknown Across status '${venueStatus}'; still waiting`, unrecognized: true };
  }
  const state = ACROSS_STATUS_TABLE[venueStatus];
  const base = { venueStatus, destinationTxHash: null, receivedAmount: null, receivedAsset: null };
  switch (venueStatus) {
    case 'filled':
      if (body.actionsSucceeded === false) {
        return { ...base, state: 'partial', destinationTxHash: fillHash, receivedAmount: context.outputAmount, receivedAsset: context.outputToken, detail: 'destination actions failed; the bridged token was delivered instead' };
      }
      return {
        ...base,
        state,
        destinationTxHash: fillHash,
        receivedAmount: body.swapOutputAmount ? BigInt(body.swapOutputAmount) : context.outputAmount,
        receivedAsset: body.swapOutputToken ?? context.outputToken,
        detail: null,
      };
    case 'slowFilled':
      // Paid from the pool at the input less the LP fee, not at the quoted output: the amount is unknown here.
      return { ...base, state, destinationTxHash: fillHash, receivedAsset: context.outputToken, detail: 'filled by Across from its own pool (slow fill)' };
    case 'expired':
      return { ...base, state, detail: 'deadline passed; refund follows' };
    case 'refunded':
      return { ...base, state, detail: refundHash ? `refunded on origin in ${refundHash}` : 'refunded on origin' };
    case 'slowFillRequested':
      return { ...base, state, detail: 'slow fill requested' };
    case 'deposit-failed':
      return { ...base, state, detail: 'Across dropped the deposit before it reached the chain' };
    case 'pending':
    case 'deposit-pending':
      return { ...base, state, detail: null };
  }
}

function isKnownStatus(status: string): status is AcrossDepositStatus {
  return Object.hasOwn(ACROSS_STATUS_TABLE, status);
}

function uint32(value: string | number, path: string): bigint {
  const n = BigInt(value);
  if (n > UINT32_MAX) throw badResponse(`Across answered ${path} = ${value}, beyond uint32`, path);
  return n;
}

function uintString(value: string | number): string {
  return BigInt(value).toString();
}

function badResponse(message: string, path: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path });
}
