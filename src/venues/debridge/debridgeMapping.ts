import type { RejectionCode } from '../../domain/errors.ts';
import { VenueRejection, type VenueStatus, type VenueTransferState } from '../Venue.ts';
import type { VenueHttpError } from '../venueHttpClient.ts';
import type { DebridgeError, DebridgeOrderStatus } from './debridgeSchemas.ts';

/**
 * The DLN API's `errorId`s (as integrators handle them: Cryptorubic/rubic-sdk's deBridge provider,
 * deBridge's docs) → Strait's rejections. deBridge's answers to a too-small amount carry no limit
 * figure, so `below_min` comes without `minAmountAtomic`; the DLN API publishes no maximum per order.
 */
export const DEBRIDGE_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  ERROR_LOW_GIVE_AMOUNT: 'below_min',
  INCLUDED_GAS_FEE_NOT_COVERED_BY_INPUT_AMOUNT: 'below_min',
  IMPOSSIBLE_ROUTE: 'no_liquidity',
  CONNECTOR_1INCH_RETURNED_ERROR: 'no_liquidity',
  INCLUDED_GAS_FEE_CANNOT_BE_ESTIMATED_FOR_TRANSACTION_BUNDLE: 'no_liquidity',
  UNSUPPORTED_TOKEN_IN: 'token_not_supported',
  UNSUPPORTED_TOKEN_OUT: 'token_not_supported',
  UNSUPPORTED_CHAIN: 'route_not_served',
  INVALID_QUERY_PARAMETERS: 'invalid_input',
  RATE_LIMIT_EXCEEDED: 'venue_rate_limited',
  INTERNAL_SERVER_ERROR: 'venue_error',
};

/**
 * deBridge answers a chain it does not (or no longer) serve with INVALID_QUERY_PARAMETERS, "dstChainId
 * must be one of the following values: …" (recorded live): the route is not served, the request was
 * fine, since the adapter only sends chains it maps.
 */
function chainRefused(venueCode: string, body: DebridgeError | null): boolean {
  return venueCode === 'INVALID_QUERY_PARAMETERS' && /^(src|dst)ChainId must be one of/.test(body?.errorMessage ?? '');
}

/** The DLN API's HTTP error answer as a typed rejection; a 5xx stays the client's error (it counts against the venue). */
export function translateDebridgeError(error: VenueHttpError, body: DebridgeError | null): unknown {
  if (error.status >= 500) return error;
  const venueCode = body?.errorId ?? (body?.errorCode === undefined ? 'UNKNOWN' : String(body.errorCode));
  const message = `deBridge: ${body?.errorMessage ?? `HTTP ${error.status}`} (${venueCode})`;
  const code: RejectionCode = error.status === 429 ? 'venue_rate_limited' : chainRefused(venueCode, body) ? 'route_not_served' : (DEBRIDGE_ERROR_CODES[venueCode] ?? 'venue_error');
  const details: Record<string, unknown> = { venueCode };
  if (body?.errorCode !== undefined) details.errorCode = body.errorCode;
  return new VenueRejection(code, message, details, { cause: error });
}

/**
 * DLN order statuses (deBridge docs "Tracking a Status of the Order", the complete list; `None` is
 * the API's answer before the order is indexed) → Strait's state. Fulfilled and both unlock states
 * mean the recipient was paid the order's take amount (the unlocks are the solver's business).
 * OrderCancelled / SentOrderCancel mean a cancellation is on its way back to the source chain: still
 * pending for the user; ClaimedOrderCancel refunded the give amount to the refund address.
 */
export const DEBRIDGE_STATUS_TABLE: Readonly<Record<string, VenueTransferState>> = {
  None: 'pending',
  Created: 'pending',
  Fulfilled: 'completed',
  SentUnlock: 'completed',
  ClaimedUnlock: 'completed',
  OrderCancelled: 'pending',
  SentOrderCancel: 'pending',
  ClaimedOrderCancel: 'refunded',
};

const DETAIL: Readonly<Record<string, string>> = {
  None: 'not indexed by deBridge yet',
  Created: 'order placed, waiting for a solver',
  OrderCancelled: 'order cancelled on the destination; the refund is on its way to the source chain',
  SentOrderCancel: 'cancellation sent to the source chain; the refund follows',
  ClaimedOrderCancel: 'order cancelled; the give amount was refunded on the source chain',
};

/**
 * Maps a status answer. DLN fills an order exactly or not at all, so a completed order delivered its
 * take amount (`takeAmount`, from the stored quote); the status endpoint names no destination hash.
 */
export function toDebridgeStatus(body: DebridgeOrderStatus, takeAmount: bigint | null): VenueStatus {
  const state = DEBRIDGE_STATUS_TABLE[body.status];
  const base = { venueStatus: body.status, destinationTxHash: null, receivedAsset: null };
  if (state === undefined) return { ...base, state: 'pending', receivedAmount: null, detail: `unknown deBridge status ${body.status}`, unrecognized: true };
  return { ...base, state, receivedAmount: state === 'completed' ? takeAmount : null, detail: DETAIL[body.status] ?? null };
}
