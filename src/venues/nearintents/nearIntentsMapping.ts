import { isNearAddress } from '../../domain/addresses/isNearAddress.ts';
import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import type { JsonObject } from '../../domain/steps.ts';
import { validatorOf } from '../../domain/validatorOf.ts';
import { badResponse, fundingStepOf } from '../depositVenueSupport.ts';
import { VenueRejection, type DepositPlan, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueTransferState } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { NearIntentsContextSchema, type NearIntentsContext, type NearIntentsQuoteResponse, type NearIntentsStatusResponse } from './nearIntentsSchemas.ts';

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

/** The `POST /v0/quote` body, the refund deadline it asks for (epoch ms), and why the integrator fee was left out when it was. */
export function toQuoteBody(params: QuoteBodyParams): { body: Record<string, unknown>; feeNote: string | null; deadlineMs: number } {
  const { request } = params;
  const deadlineMs = params.now + DEPOSIT_WINDOW_MS;
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
    deadline: new Date(deadlineMs).toISOString(),
  };
  let feeNote: string | null = null;
  const fee = request.integratorFee;
  if (fee && fee.bps > 0) {
    const account = intentsAccountOf(fee.recipient);
    if (account) body.appFees = [{ recipient: account, fee: fee.bps }];
    else feeNote = `integrator fee not charged: ${fee.recipient} is not a NEAR Intents account id`;
  }
  return { body, feeNote, deadlineMs };
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
// docs.near-intents.org/resources/swap-limits: "Temporary swap limits: minimum swap amount is $1,000".
const MIN_USD = /minimum swap amount is \$([0-9][0-9,]*(?:\.[0-9]+)?)/i;
const TOKEN_PROBLEM = /(asset|token|tokenIn|tokenOut)\b.*\b(not (valid|supported|found)|unsupported|invalid|unknown)|(unsupported|invalid|unknown) (origin |destination )?(asset|token)/i;
const INPUT_PROBLEM = /(recipient|refundTo|refund address|address|deadline).*(invalid|not valid|malformed)|invalid (recipient|refundTo|address|deadline)/i;

/**
 * 1Click's error answers → Strait's rejection codes (the shared client answers a 429 itself). A 5xx
 * (or anything not an HTTP answer) is returned as is, so the registry counts it as the venue's fault.
 */
export function toNearIntentsRejection(error: unknown): unknown {
  if (!(error instanceof VenueHttpError)) return error;
  const message = messageOf(error.body);
  if (error.status === 401 || error.status === 403) {
    return new VenueRejection('venue_error', `1Click rejected the JWT (HTTP ${error.status}): ${message || 'unauthorized'}`, { status: error.status }, { cause: error });
  }
  if (error.status >= 500) return error;
  if (error.status === 400) {
    const min = MIN_AMOUNT.exec(message)?.[1];
    if (min) return new VenueRejection('below_min', `1Click minimum is ${min}: ${message}`, { minAmountAtomic: min }, { cause: error });
    // A USD floor has no atomic amount to report; it is still a minimum, not missing liquidity.
    const minUsd = MIN_USD.exec(message)?.[1];
    if (minUsd) return new VenueRejection('below_min', `1Click minimum is $${minUsd}: ${message}`, { minAmountUsd: minUsd.replaceAll(',', '') }, { cause: error });
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
  // Every field below may be absent or an explicit null (a pending or refunded swap has null amounts).
  const details = response.swapDetails ?? null;
  const destinationTxHash = details?.destinationChainTxHashes?.[0]?.hash || null;
  if (!isKnownStatus(status)) {
    return { state: 'pending', venueStatus: status, destinationTxHash, receivedAmount: null, receivedAsset: null, detail: `unknown 1Click status "${status}"; treated as pending`, unrecognized: true };
  }
  const state = NEAR_INTENTS_STATUS_TABLE[status];
  const base = { venueStatus: status, destinationTxHash, receivedAsset: null };
  if (state === 'pending') {
    const deposited = status === 'INCOMPLETE_DEPOSIT' && details?.depositedAmount != null ? ` (deposited ${details.depositedAmount})` : '';
    return { ...base, state, receivedAmount: null, detail: `${PENDING_DETAIL[status] ?? status}${deposited}` };
  }
  if (state === 'completed') {
    const received = details?.amountOut != null ? BigInt(details.amountOut) : null;
    const quotedFloor = response.quoteResponse?.quote?.minAmountOut;
    const floor = minAmountOut ?? (quotedFloor != null ? BigInt(quotedFloor) : null);
    if (received !== null && floor !== null && received < floor) {
      return { ...base, state: 'partial', receivedAmount: received, detail: `delivered ${received}, less than the guaranteed minimum ${floor}` };
    }
    return { ...base, state, receivedAmount: received, detail: null };
  }
  if (state === 'refunded') {
    const amount = details?.refundedAmount != null ? `refunded ${details.refundedAmount} to the sender` : 'refunded to the sender';
    return { ...base, state, receivedAmount: null, detail: details?.refundReason ? `${amount}: ${details.refundReason}` : amount };
  }
  return { ...base, state, receivedAmount: null, detail: '1Click reports the swap failed' };
}

/** An ISO time as epoch ms, or `null` when absent or unreadable. */
function timeOf(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * The last moment a deposit is still swapped. The live quote's `deadline` (and `timeWhenInactive`) is
 * how long the address stays watched, days after the request's own `deadline`, after which an
 * unfinished swap is refunded (one-click-sdk test data: request deadline 19:00 on the 23rd, quote
 * deadline 19:00 on the 26th). The user must deposit before the earliest of them.
 */
function depositDeadlineOf(response: NearIntentsQuoteResponse, requestedDeadlineMs: number): number | null {
  const times = [timeOf(response.quoteRequest?.deadline) ?? requestedDeadlineMs, timeOf(response.quote.deadline), timeOf(response.quote.timeWhenInactive)].filter((t): t is number => t !== null);
  if (timeOf(response.quote.deadline) === null && timeOf(response.quote.timeWhenInactive) === null) return null;
  return Math.min(...times);
}

/** Checks a live quote and turns it into the deposit the user must make. */
export function toDepositPlan(response: NearIntentsQuoteResponse, request: VenueQuoteRequest, requestedDeadlineMs: number): DepositPlan {
  const quote = response.quote;
  const depositAddress = quote.depositAddress;
  if (!depositAddress) throw badResponse('1Click live quote has no depositAddress', '/quote/depositAddress');
  if (!isValidAddress(request.fromChain, depositAddress)) throw badResponse(`1Click depositAddress ${depositAddress} is not a ${request.fromChain} address`, '/quote/depositAddress');
  const deadlineMs = depositDeadlineOf(response, requestedDeadlineMs);
  if (deadlineMs === null) throw badResponse('1Click live quote has no valid deadline', '/quote/deadline');
  const amountIn = BigInt(quote.amountIn);
  // Never ask the wallet to send another amount than the user asked to move.
  if (amountIn !== request.amountIn) throw badResponse(`1Click asked for ${amountIn} instead of ${request.amountIn}`, '/quote/amountIn');
  const memo = quote.depositMemo ?? null;
  const context: NearIntentsContext = {
    depositAddress,
    depositMemo: memo,
    correlationId: response.correlationId,
    // 1Click's ed25519 signature over request + quote: the evidence in a dispute.
    signature: response.signature ?? null,
    deadline: new Date(deadlineMs).toISOString(),
    amountIn: quote.amountIn,
    minAmountOut: quote.minAmountOut,
  };
  return {
    shape: 'deposit',
    deposit: { chain: request.fromChain, address: depositAddress, token: request.fromToken.address, amount: amountIn, memo, deadlineMs },
    fundingStep: fundingStepOf(request, depositAddress, amountIn),
    amountOut: BigInt(quote.amountOut),
    minAmountOut: BigInt(quote.minAmountOut),
    context: { ...context },
  };
}

/** The stored context read through {@link NearIntentsContextSchema}; a context that fails is our input fault. */
export function readNearIntentsContext(context: JsonObject): NearIntentsContext {
  const validator = validatorOf(NearIntentsContextSchema);
  if (!validator.Check(context)) {
    const first = validator.Errors(context)[0];
    const path = first?.instancePath ?? '';
    throw new VenueRejection('invalid_input', `nearintents stored context is not what the adapter wrote at '${path}': ${first?.message ?? 'invalid'}`, { path: `context${path}` });
  }
  return context as NearIntentsContext;
}
