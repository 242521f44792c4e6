import type { RejectionCode } from '../../domain/errors.ts';
import { VenueRejection, type VenueStatus } from '../Venue.ts';
import type { VenueHttpError } from '../venueHttpClient.ts';
import type { AllbridgeError, AllbridgePaymentMethod, AllbridgeQuote, AllbridgeTransferStatus } from './allbridgeSchemas.ts';

/**
 * The SDK's `ErrorCode`s, which the REST API answers as `errorCode` of a 400
 * (allbridge-core-js-sdk src/exceptions/exceptions.ts; rest-api src/error/errors.ts), and the REST
 * API's own token checks (its `message`) → Strait's rejections. None carries a limit figure:
 * `AmountNotEnoughError` is "the fee eats the amount", `InsufficientPoolLiquidityError` "the
 * destination pool cannot pay this much", so the rejections say so without `minAmountAtomic`.
 */
export const ALLBRIDGE_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  AmountNotEnoughError: 'below_min',
  InsufficientPoolLiquidityError: 'above_max',
  InvalidAmountError: 'invalid_input',
  ArgumentInvalidDecimalsError: 'invalid_input',
  InvalidMessengerOptionError: 'route_not_served',
  InvalidGasFeePaymentOptionError: 'route_not_served',
  CCTPDoesNotSupportedError: 'route_not_served',
  OFTDoesNotSupportedError: 'route_not_served',
  MethodNotSupportedError: 'route_not_served',
  ExtraGasMaxLimitExceededError: 'invalid_input',
  NodeRpcUrlNotInitializedError: 'route_not_served',
  TimeoutError: 'venue_timeout',
  'Source token not found': 'token_not_supported',
  'Destination token not found': 'token_not_supported',
  'For cross-chain swaps, please use the /raw/bridge endpoint.': 'route_not_served',
};

/** The REST API's error answer as a typed rejection; a 5xx stays the client's error (it counts against the venue). */
export function translateAllbridgeError(error: VenueHttpError, body: AllbridgeError | null): unknown {
  if (error.status >= 500) return error;
  const message = typeof body?.message === 'string' ? body.message : undefined;
  const venueCode = body?.errorCode ?? message ?? `HTTP ${error.status}`;
  const code: RejectionCode = error.status === 429 ? 'venue_rate_limited' : (ALLBRIDGE_ERROR_CODES[venueCode] ?? 'venue_error');
  return new VenueRejection(code, `Allbridge: ${venueCode}${message !== undefined && message !== venueCode ? ` (${message})` : ''}`, { venueCode }, { cause: error });
}

/**
 * The one option Strait builds: Allbridge's own messenger (the only one whose call is the bridge's
 * `swapAndBridge`, which allbridgeBridgeCalls.ts decodes), its relayer fee paid in the source chain's
 * native asset beside the call. CCTP, Wormhole, OFT and xReserve go through other contracts Strait
 * does not check yet; paying in stablecoin or ABR changes the call's fee argument.
 */
export function allbridgeOption(body: AllbridgeQuote): { method: AllbridgePaymentMethod; estimatedSeconds: number | null } | null {
  const option = body.options.find((candidate) => candidate.messenger === 'ALLBRIDGE');
  const method = option?.paymentMethods.find((candidate) => candidate.feePaymentMethod === 'WITH_NATIVE_CURRENCY');
  if (!option || !method) return null;
  const ms = option.estimatedTimeMs;
  return { method, estimatedSeconds: typeof ms === 'number' ? Math.ceil(ms / 1000) : null };
}

/**
 * Allbridge reports no status word: a transfer is a send leg and, once paid out, a receive leg. The
 * table below is over the conditions the answer can be in; the core API names no refund or
 * cancellation (a stuck transfer stays without `receive` and Strait's deadline decides).
 */
export const ALLBRIDGE_STATUS_TABLE = {
  /** Indexed, validators still signing (`signaturesCount < signaturesNeeded`). */
  signing: 'pending',
  /** Signed, waiting for the destination payout. */
  signed: 'pending',
  /** `receive` present: paid to the recipient. */
  received: 'completed',
} as const;

export function toAllbridgeStatus(body: AllbridgeTransferStatus): VenueStatus {
  const receive = body.receive ?? null;
  // A receive leg without a transaction id is no payout Strait can point to (the REST API's own CLI
  // treats it as not delivered): pending, and flagged, since the table has no such condition.
  if (receive !== null && receive.txId === '') {
    return { state: 'pending', venueStatus: 'receive-without-tx', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'Allbridge reports a receive leg without a transaction id', unrecognized: true };
  }
  if (receive !== null) {
    return {
      state: ALLBRIDGE_STATUS_TABLE.received,
      venueStatus: 'received',
      destinationTxHash: receive.txId,
      receivedAmount: receive.amount === undefined ? null : BigInt(receive.amount),
      receivedAsset: receive.destinationTokenAddress ?? body.destinationTokenAddress ?? null,
      detail: null,
    };
  }
  const { signaturesCount: count, signaturesNeeded: needed } = body;
  const signing = count !== undefined && needed !== undefined && count < needed;
  const venueStatus = signing ? 'signing' : 'signed';
  return {
    state: ALLBRIDGE_STATUS_TABLE[venueStatus],
    venueStatus,
    destinationTxHash: null,
    receivedAmount: null,
    receivedAsset: null,
    detail: signing ? `validators signed ${count} of ${needed}` : 'sent; waiting for the destination payout',
  };
}
