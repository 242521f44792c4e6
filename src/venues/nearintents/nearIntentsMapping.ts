import { isNearAddress } from '../../domain/addresses/isNearAddress.ts';
import type { JsonObject } from '../../domain/steps.ts';
import { VenueRejection, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueTransferState } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { NearIntentsQuoteResponse, NearIntentsStatusResponse } from './nearIntentsSchemas.ts';

/** Slippage Strait asks 1Click for, in bps; `minAmountOut` is what the solvers guarantee after it. */
export const SLIPPAGE_BPS = 100;
/** Deadline given to 1Click: an unfinished swap is refunded after it. */
export const DEPOSIT_WINDOW_MS = 60 * 60 * 1000;
/** Dry quotes carry no deadline; Strait holds their price this long. */
export const DRY_QUOTE_TTL_MS = 60 * 1000;

export type NearIntentsStatusValue = 'PENDING_DEPOSIT' | 'KNOWN_DEPOSIT_TX' | 'PROCESSING' | 'INCOMPLETE_DEPOSIT' | 'SUCCESS' | 'REFUNDED' | 'FAILED';

/** Every 1Click status (GetExecutionStatusResponse.status). A value not listed here maps to pending. */
export const NEAR_INTENTS_STATUS_TABLE: Readonly<Record<NearIntentsStatusValue, VenueTransferState>> = {
  PENDING_DEPOSIT: 'pending',
  KNOWN_DEPOSIT_TX: 'pending',
  PROCESSING: 'pending',
  INCOMPLETE_DEPOSIT: 'pending',
  SUCCESS: 'completed',
  REFUNDED: 'refunded',
  FAILED: 'failed',
};

const PENDING_DETAIL: Readonly<Record<string, string>> = {
  PENDING_DEPOSIT: 'waiting for the deposit',
  KNOWN_DEPOSIT_TX: 'deposit transaction seen, waiting for its confirmation',
  PROCESSING: 'deposit received, swap in progress',
  INCOMPLETE_DEPOSIT: 'deposit below the required amount; refunded after the deadline unless topped up',
};

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The NEAR Intents account that can receive `appFees`, or `null` when the recipient cannot be one.
 * An EVM address is accepted lowercased: that is the Intents account its wallet controls.
 */
export function intentsAccountOf(recipient: string): string | null {
  if (EVM_ADDRESS.test(recipient)) return recipient.toLowerCase();
  return isNearAddress(recipient) ? recipient : null;
}

export interface QuoteBodyParams {
  readonly request: VenueQuoteRequest;
  readonly originAsset: string;
  readonly destinationAsset: string;
  readonly dry: boolean;
  readonly now: number;
}

/** The `POST /v0/quote` body, and why the integrator fee was left out when it was. */
export function toQuoteBody(params: QuoteBodyParams): { body: Record<string, unknown>; feeNote: string | null } {
  const { request } = params;
  const body: Record<string, unknown> = {
    dry: params.dry,
    swapType: 'EXACT_INPUT',
    slippageTolerance: SLIPPAGE_BPS,
    originAsset: params.originAsset,
    depositType: 'ORIGIN_CHAIN',
    destinationAsset: params.destinationAsset,
    amount: request.amountIn.toString(),
    refundTo: request.sender,
    refundType: 'ORIGIN_CHAIN',
    recipient: request.recipient,
    recipientType: 'DESTINATION_CHAIN',
    deadline: new Date(params.now + DEPOSIT_WINDOW_MS).toISOString(),
  };
  let feeNote: string | null = null;
  const fee = request.integratorFee;
  if (fee && fee.bps > 0) {
    const account = intentsAccountOf(fee.recipient);
    if (account) body.appFees = [{ recipient: account, fee: fee.bps }];
    else feeNote = `integrator fee not charged: ${fee.recipient} is not a NEAR Intents account id`;
  }
  return { body, feeNote };
}

/** A dry quote answer → the row Strait ranks. */
export function toVenueQuote(response: NearIntentsQuoteResponse, request: VenueQuoteRequest, assets: { originAsset: string; destinationAsset: string }, now: number, feeNote: string | null): VenueQuote {
  const quote = response.quote;
  const amountIn = BigInt(quote.amountIn);
  if (amountIn !== request.amountIn) {
    throw new VenueRejection('venue_bad_response', `1Click priced ${amountIn} instead of the requested ${request.amountIn}`, { path: '/quote/amountIn' });
  }
  const context: JsonObject = {
    correlationId: response.correlationId,
    originAsset: assets.originAsset,
    destinationAsset: assets.destinationAsset,
    minAmountOut: quote.minAmountOut,
    signature: response.signature ?? null,
    integratorFeeNote: feeNote,
  };
  return {
    amountIn,
    amountOut: BigInt(quote.amountOut),
    minAmountOut: BigInt(quote.minAmountOut),
    estimatedSeconds: quote.timeEstimate,
    expiresAt: now + DRY_QUOTE_TTL_MS,
    context,
  };
}

function messageOf(body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body) return String((body as { message: unknown }).message);
  return typeof body === 'string' ? body : '';
}

const MIN_AMOUNT = /try at least (\d+)/i;
const TOKEN_PROBLEM = /(asset|token|tokenIn|tokenOut)\b.*\b(not (valid|supported|found)|unsupported|invalid|unknown)|(unsupported|invalid|unknown) (origin |destination )?(asset|token)/i;
const INPUT_PROBLEM = /(recipient|refundTo|refund address|address|deadline).*(invalid|not valid|malformed)|invalid (recipient|refundTo|address|deadline)/i;

/**
 * 1Click's error answers → Strait's rejection codes. A 5xx (or anything not an HTTP answer) is returned
 * as is, so the registry counts it as the venue's fault.
 */
export function toNearIntentsRejection(error: unknown): unknown {
  if (!(error instanceof VenueHttpError)) return error;
  const message = messageOf(error.body);
  if (error.status === 401 || error.status === 403) {
    return new VenueRejection('venue_error', `1Click rejected the JWT (HTTP ${error.status}): ${message || 'unauthorized'}`, { status: error.status }, { cause: error });
  }
  if (error.status === 429) return new VenueRejection('venue_rate_limited', `1Click rate limit: ${message || 'too many requests'}`, undefined, { cause: error });
  if (error.status >= 500) return error;
  if (error.status === 400) {
    const min = MIN_AMOUNT.exec(message)?.[1];
    if (min) return new VenueRejection('below_min', `1Click minimum is ${min}: ${message}`, { minAmountAtomic: min }, { cause: error });
    if (TOKEN_PROBLEM.test(message)) return new VenueRejection('token_not_supported', `1Click does not carry this asset: ${message}`, undefined, { cause: error });
    if (INPUT_PROBLEM.test(message)) return new VenueRejection('invalid_input', `1Click refused the request: ${message}`, undefined, { cause: error });
    return new VenueRejection('no_liquidity', `1Click has no quote for this swap: ${message || 'no quote'}`, undefined, { cause: error });
  }
  return new VenueRejection('venue_error', `1Click answered HTTP ${error.status}: ${message || 'error'}`, { status: error.status }, { cause: error });
}

function isKnownStatus(status: string): status is NearIntentsStatusValue {
  return Object.hasOwn(NEAR_INTENTS_STATUS_TABLE, status);
}

/**
 * A status answer → Strait's state. `minAmountOut` is the guaranteed minimum of the live quote: a
 * SUCCESS that delivered less is reported `partial`.
 */
export function toVenueStatus(response: NearIntentsStatusResponse, minAmountOut: bigint | null): VenueStatus {
  const status = response.status;
  const details = response.swapDetails;
  const destinationTxHash = details?.destinationChainTxHashes?.[0]?.hash ?? null;
  if (!isKnownStatus(status)) {
    return { state: 'pending', venueStatus: status, destinationTxHash, receivedAmount: null, receivedAsset: null, detail: `unknown 1Click status "${status}"; treated as pending`, unrecognized: true };
  }
  const state = NEAR_INTENTS_STATUS_TABLE[status];
  const base = { venueStatus: status, destinationTxHash, receivedAsset: null };
  if (state === 'pending') {
    const deposited = status === 'INCOMPLETE_DEPOSIT' && details?.depositedAmount ? ` (deposited ${details.depositedAmount})` : '';
    return { ...base, state, receivedAmount: null, detail: `${PENDING_DETAIL[status] ?? status}${deposited}` };
  }
  if (state === 'completed') {
    const received = details?.amountOut !== undefined ? BigInt(details.amountOut) : null;
    const floor = minAmountOut ?? (response.quoteResponse?.quote?.minAmountOut !== undefined ? BigInt(response.quoteResponse.quote.minAmountOut) : null);
    if (received !== null && floor !== null && received < floor) {
      return { ...base, state: 'partial', receivedAmount: received, detail: `delivered ${received}, less than the guaranteed minimum ${floor}` };
    }
    return { ...base, state, receivedAmount: received, detail: null };
  }
  if (state === 'refunded') {
    const amount = details?.refundedAmount ? `refunded ${details.refundedAmount} to the sender` : 'refunded to the sender';
    return { ...base, state, receivedAmount: null, detail: details?.refundReason ? `${amount}: ${details.refundReason}` : amount };
  }
  return { ...base, state, receivedAmount: null, detail: '1Click reports the swap failed' };
}
