import type { RejectionCode } from '../../domain/errors.ts';
import { VenueRejection, type VenueStatus, type VenueTransferState } from '../Venue.ts';
import type { VenueHttpError } from '../venueHttpClient.ts';
import type { EcoError, EcoIntentStatus } from './ecoSchemas.ts';

/**
 * Eco's refusals → Strait's rejections. Eco's OpenAPI documents no error codes for the v3 quotes
 * (the service is NestJS: `{ statusCode, message, error }` with the HTTP reason as `error`), and no
 * amount limits: a corridor or amount no solver takes answers no quote at all (`NO_QUOTES`, an empty
 * `data`), so `below_min`/`above_max` cannot be told apart from it and carry no limits.
 */
export const ECO_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  NO_QUOTES: 'no_liquidity',
  'Bad Request': 'invalid_input',
  'Not Found': 'no_liquidity',
  'Unprocessable Entity': 'invalid_input',
  'Too Many Requests': 'venue_rate_limited',
};

/** Eco's HTTP error answer as a typed rejection; a 5xx stays the client's error (it counts against the venue). */
export function translateEcoError(error: VenueHttpError, body: EcoError | null): unknown {
  if (error.status >= 500) return error;
  const reason = typeof body?.error === 'string' ? body.error : `HTTP ${error.status}`;
  const text = Array.isArray(body?.message) ? body.message.join('; ') : (body?.message ?? reason);
  const code: RejectionCode = error.status === 429 ? 'venue_rate_limited' : (ECO_ERROR_CODES[reason] ?? 'venue_error');
  return new VenueRejection(code, `Eco: ${text} (${reason})`, { venueCode: reason, httpStatus: error.status }, { cause: error });
}

/**
 * `status.subStatus` of `POST /api/v3/intents/intentStatus` (the complete enum of `StatusV3DTO`)
 * → Strait's state. An intent is atomic-or-refund: the route runs whole (the recipient is paid
 * exactly its amount) or the reward goes back to the creator after the deadline, so there is no
 * partial fill. `WaitingForRefund` is the deadline passed without a fill: the refund is still to come.
 */
export const ECO_STATUS_TABLE: Readonly<Record<string, VenueTransferState>> = {
  WaitingToFulfill: 'pending',
  WaitingForRefund: 'pending',
  Fulfilled: 'completed',
  Refunded: 'refunded',
};

const DETAIL: Readonly<Record<string, string>> = {
  WaitingToFulfill: 'intent published, waiting for a solver',
  WaitingForRefund: 'deadline passed without a fill; the refund to the sender is pending',
  Refunded: 'not filled; the reward was refunded to the sender on the source chain',
};

/**
 * Maps an intent status. A fulfilled route paid the recipient exactly the amount it names
 * (`destinationAmount`, stored at quote); the fill's hash is `fulfillment.transactionHash`.
 */
export function toEcoStatus(body: EcoIntentStatus, destinationAmount: bigint | null): VenueStatus {
  const { status, fulfillment } = body.data;
  const venueStatus = `${status.status}/${status.subStatus}`;
  const state = ECO_STATUS_TABLE[status.subStatus];
  if (state === undefined) return { state: 'pending', venueStatus, destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: `unknown Eco status ${venueStatus}`, unrecognized: true };
  const completed = state === 'completed';
  return {
    state,
    venueStatus,
    destinationTxHash: completed ? (fulfillment?.transactionHash ?? null) : null,
    receivedAmount: completed ? destinationAmount : null,
    receivedAsset: null,
    detail: DETAIL[status.subStatus] ?? status.subStatusMessage ?? null,
  };
}
