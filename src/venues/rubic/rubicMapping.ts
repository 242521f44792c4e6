import { Value } from 'typebox/value';
import { decimalToAtomic } from '../../domain/amounts.ts';
import type { RejectionCode } from '../../domain/errors.ts';
import { VenueRejection, type VenueStatus, type VenueTransferState } from '../Venue.ts';
import type { VenueHttpError } from '../venueHttpClient.ts';
import { RubicErrorSchema, RubicLimitDataSchema, type RubicError, type RubicStatus } from './rubicSchemas.ts';

/**
 * Rubic's error codes → Strait's rejections. A code is its domain and its number run together
 * (`Number('002' + '005')` = 2005): 1xxx request parameters, 2xxx calculation, 3xxx swap,
 * 4xxx Rubic's contracts, 999xxx unknown (docs.rubic.finance "Error Handling").
 */
export const RUBIC_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  '1001': 'invalid_input', // REQUIRED_RECEIVER
  '1002': 'invalid_input', // EQUAL_TOKENS
  '1003': 'invalid_input', // DIFFERENT_QUOTES
  '1004': 'invalid_input', // MISS_ID
  '1005': 'invalid_input', // NO_REQUIRED_FIELD
  '1006': 'invalid_input', // NOT_CORRECT_WALLET_ADDRESS
  '1999': 'invalid_input', // WRONG_OR_MISSED_FIELD
  '2001': 'no_liquidity', // NO_ROUTES
  '2002': 'venue_error', // BLOCKCHAIN_TEMPORARILY_DOWN
  '2003': 'venue_rate_limited', // PROVIDER_RATE_LIMIT
  '2004': 'above_max', // MAX_AMOUNT
  '2005': 'below_min', // MIN_AMOUNT
  '2006': 'invalid_input', // MAX_DECIMALS
  '2007': 'no_liquidity', // NO_AUTH_WALLET: the route needs a wallet signature Strait does not give
  '2999': 'venue_error', // calculation UNKNOWN
  '3001': 'venue_error', // NEED_APPROVE (build asks with enableChecks off; the engine adds the approval)
  '3002': 'venue_error', // NEED_PERMIT2_APPROVE
  '3003': 'invalid_input', // NOT_ENOUGH_BALANCE
  '3004': 'invalid_input', // NOT_ENOUGH_NATIVE_BALANCE
  '3005': 'venue_error', // SIMULATION_FAILED
  '3006': 'invalid_input', // UNSUPPORTED_RECEIVER
  '3007': 'venue_error', // NO_DATA
  '3100': 'venue_error', // WRONG_ARB_BRIDGE_HASH
  '3999': 'venue_error', // swap UNKNOWN
};

/**
 * Rubic's HTTP error answer as a typed rejection; a 5xx stays the client's error (it counts against
 * the venue). MIN_AMOUNT / MAX_AMOUNT carry the limit in display units of the source token
 * (`data.minAmount` / `data.maxAmount`), turned into atomic units with its decimals.
 */
export function translateRubicError(error: VenueHttpError, sourceDecimals: number | null): unknown {
  if (error.status >= 500) return error;
  const body = Value.Check(RubicErrorSchema, error.body) ? error.body : null;
  const entry = body?.error ?? body?.errors?.[0];
  return rubicRejection(entry, error.status === 404 ? 'no_liquidity' : 'venue_error', `HTTP ${error.status}`, sourceDecimals, error);
}

type RubicErrorEntry = NonNullable<RubicError['error']>;

/**
 * A route that comes back with a warning is not one to trade: Rubic's own app turns every warning but
 * 2007 (NO_AUTH_WALLET, a wallet signature) and the 70xx family into the trade's error
 * (rubic-app `RubicApiParser.parseRubicApiWarnings`). Strait gives no wallet signature, so 2007
 * refuses the route too (`no_liquidity`); a 70xx warning is informational.
 */
export function rejectionOfWarnings(warnings: readonly RubicErrorEntry[] | undefined, sourceDecimals: number): VenueRejection | null {
  const blocking = warnings?.find((warning) => !String(warning.code).startsWith('70'));
  return blocking === undefined ? null : rubicRejection(blocking, 'venue_error', 'warning', sourceDecimals);
}

function rubicRejection(entry: RubicErrorEntry | undefined, fallback: RejectionCode, what: string, sourceDecimals: number | null, cause?: VenueHttpError): VenueRejection {
  const venueCode = entry === undefined ? 'UNKNOWN' : String(entry.code);
  const message = `Rubic: ${entry?.reason ?? what} (${venueCode})`;
  const details: Record<string, unknown> = { venueCode };
  const code: RejectionCode = RUBIC_ERROR_CODES[venueCode] ?? fallback;
  if ((code === 'below_min' || code === 'above_max') && Value.Check(RubicLimitDataSchema, entry?.data)) {
    const limit = code === 'below_min' ? entry.data.minAmount : entry.data.maxAmount;
    const atomic = limit === undefined || sourceDecimals === null ? null : decimalToAtomic(limit, sourceDecimals, code === 'below_min' ? 'up' : 'down');
    if (atomic !== null) details[code === 'below_min' ? 'minAmountAtomic' : 'maxAmountAtomic'] = atomic.toString();
    if (entry.data.tokenSymbol !== undefined) details.tokenSymbol = entry.data.tokenSymbol;
  }
  return new VenueRejection(code, message, details, cause === undefined ? undefined : { cause });
}

/**
 * Rubic's transaction statuses (docs.rubic.finance "Transaction Statuses Explained", "Get Cross-Chain
 * Status") → Strait's state. READY_TO_CLAIM (delivered, the user must claim) and REVERT (failed, the
 * user must claim the refund) wait on the user and stay pending; REVERTED gave the funds back.
 * FALLBACK (Rubic SDK `TxStatus`: the destination swap failed and the bridged token was delivered
 * instead) is a partial delivery. The SDK docs' "Tracking Status" (docs.rubic.finance/statuses) adds
 * WAITING_FOR_TRUSTLINE and WAITING_FOR_REFUND_TRUSTLINE (XRP/Stellar legs, still in progress) and
 * INDETERMINATE ("status cannot be determined", terminal for Rubic): pending, so the engine's give-up
 * deadline and an operator decide rather than a guess. An unknown value stays pending, unrecognized.
 */
export const RUBIC_STATUS_TABLE: Readonly<Record<string, VenueTransferState>> = {
  PENDING: 'pending',
  LONG_PENDING: 'pending',
  NOT_FOUND: 'pending',
  READY_TO_CLAIM: 'pending',
  REVERT: 'pending',
  REVERTED: 'refunded',
  FALLBACK: 'partial',
  SUCCESS: 'completed',
  FAIL: 'failed',
  WAITING_FOR_TRUSTLINE: 'pending',
  WAITING_FOR_REFUND_TRUSTLINE: 'pending',
  INDETERMINATE: 'pending',
};

const WAITS_ON_USER: Readonly<Record<string, string>> = {
  READY_TO_CLAIM: 'delivered on the destination chain; the recipient must claim the tokens there',
  REVERT: 'failed on the destination chain; the sender must trigger the refund claim',
  LONG_PENDING: 'in progress for long; possibly stuck',
  NOT_FOUND: 'not indexed by Rubic yet',
  WAITING_FOR_TRUSTLINE: 'waiting for the recipient to open a trustline on the destination chain',
  WAITING_FOR_REFUND_TRUSTLINE: 'failed; waiting for a trustline before Rubic can refund',
  INDETERMINATE: 'Rubic cannot determine the outcome; check the destination chain',
};

/**
 * A status answer as Strait's state. Rubic reports no received amount; the asset is the requested
 * one on a completed transfer and unknown on a partial one (the bridged token, which Rubic does not name).
 */
export function toRubicStatus(body: RubicStatus, requestedAsset: string | null): VenueStatus {
  const state = Object.hasOwn(RUBIC_STATUS_TABLE, body.status) ? RUBIC_STATUS_TABLE[body.status] : undefined;
  // A recorded NOT_FOUND answer spells "no hash" as an empty string.
  const hash = body.destinationTxHash ? body.destinationTxHash : null;
  if (state === undefined) {
    return { state: 'pending', venueStatus: body.status, destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: `unknown Rubic status "${body.status}"; treated as pending`, unrecognized: true };
  }
  const delivered = state === 'completed' || state === 'partial';
  return {
    state,
    venueStatus: body.status,
    destinationTxHash: delivered || body.status === 'READY_TO_CLAIM' ? hash : null,
    receivedAmount: null,
    receivedAsset: state === 'completed' ? requestedAsset : null,
    detail: WAITS_ON_USER[body.status] ?? null,
  };
}
