import { getAddress, hexToBigInt, isAddress, isHex, size, slice, type Hex } from 'viem';
import type { RejectionCode } from '../../domain/errors.ts';
import type { TokenInfo } from '../../domain/tokens.ts';
import { VenueRejection, type VenueStatus } from '../Venue.ts';
import { LAYERZERO_STATUS_TABLE, pickMessage, scanStateOf } from '../layerzero/layerZeroScan.ts';
import { SHARED_DECIMALS } from './stargateChains.ts';
import { addressToBytes32 } from './stargateSendCalls.ts';
import type { ScanMessage, StargateErrorBody, StargateQuote } from './stargateSchemas.ts';

/**
 * The Stargate API has no error codes: a failed route carries a message (often a contract revert
 * quoted verbatim, e.g. `quoteSend reverted …`). These are the classes of message the adapter tells
 * apart, the pattern that recognises each, and the rejection it becomes. Anything else is
 * `venue_error`; an empty `quotes` array is `no_liquidity`. Published as the module's `errorCodes`.
 */
const ERROR_CLASSES: readonly (readonly [name: string, pattern: RegExp, code: RejectionCode])[] = [
  // First: Stargate's real answer today is a notice that the API is deprecated (use LayerZero's Value Transfer API).
  ['the API is deprecated', /\bdeprecated\b/i, 'venue_disabled'],
  ['amount below the minimum', /too (small|low)|below (the )?minimum|less than (the )?minimum|minimum (transfer )?amount/i, 'below_min'],
  ['amount above the pool limit (srcAmountMax, credit)', /too (large|high|big)|exceeds? (the )?(max|srcAmountMax|limit|available)|above (the )?max|insufficient (credit|liquidity)|InsufficientCredit/i, 'above_max'],
  ['slippage (dstAmountMin not reachable)', /slippage|SlippageTooHigh|dstAmountMin/i, 'no_liquidity'],
  ['token not supported', /token.*(not (supported|found)|unsupported|invalid)|unsupported token|invalid (src|dst)?token/i, 'token_not_supported'],
  ['no route between the chains', /no route|route not (found|supported)|path not|unsupported chain|chain (key )?not supported|invalid (src|dst)?chain/i, 'route_not_served'],
];

export const STARGATE_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  ...Object.fromEntries(ERROR_CLASSES.map(([name, , code]) => [name, code])),
  'no quotes': 'no_liquidity',
  'HTTP 400': 'invalid_input',
  'HTTP 429': 'venue_rate_limited',
};

export function errorMessageOf(error: StargateQuote['error'] | StargateErrorBody['error']): string {
  if (error === null || error === undefined) return '';
  return typeof error === 'string' ? error : (error.message ?? '');
}

/**
 * A Stargate message (a failed route's `error`, or a 4xx body's) → the typed rejection. An amount
 * above the limit carries the limit when the route published one (`srcAmountMax`, plus the LayerZero
 * fee that rides on the same value).
 */
export function translateStargateError(message: string, limits: { readonly maxAmountAtomic?: bigint; readonly minAmountAtomic?: bigint } = {}, status?: number): VenueRejection {
  const text = message.trim() === '' ? 'Stargate quoted no route' : message.slice(0, 300);
  const found = ERROR_CLASSES.find(([, pattern]) => pattern.test(message));
  const code: RejectionCode = found ? found[2] : status === 400 ? 'invalid_input' : 'venue_error';
  const details: Record<string, unknown> = { venueMessage: text };
  if (code === 'venue_disabled') details.reason = 'api_deprecated';
  if (code === 'above_max' && limits.maxAmountAtomic !== undefined) details.maxAmountAtomic = limits.maxAmountAtomic.toString();
  if (code === 'below_min' && limits.minAmountAtomic !== undefined) details.minAmountAtomic = limits.minAmountAtomic.toString();
  return new VenueRejection(code, `Stargate: ${text}`, details);
}

/** LayerZero Scan's status table (shared by the LayerZero venues): Stargate never refunds on its own either. */
export const STARGATE_STATUS_TABLE = LAYERZERO_STATUS_TABLE;

/** The Stargate taxi message (`TaxiCodec.encodeTaxi`): type 1, asset id, receiver (bytes32), amount in shared decimals. */
export function decodeTaxiPayload(payload: string | undefined): { readonly receiver: Hex; readonly amountSD: bigint } | null {
  if (payload === undefined || !isHex(payload) || size(payload) < 43) return null;
  if (hexToBigInt(slice(payload, 0, 1)) !== 1n) return null;
  return { receiver: slice(payload, 3, 35), amountSD: hexToBigInt(slice(payload, 35, 43)) };
}

export { pickMessage };

/**
 * A Scan message → the transfer's status. The amount delivered is not in Scan's answer as a field,
 * but it is in the message itself: a Stargate taxi payload names the receiver and the amount in
 * shared decimals, which the destination pool pays out 1:1 (scaled to the token's decimals). It is
 * reported only when the payload pays the transfer's recipient.
 */
export function toStargateStatus(message: ScanMessage, transfer: { readonly recipient: string; readonly toToken: TokenInfo }): VenueStatus {
  const name = message.status.name;
  const { state, known, detail } = scanStateOf(message);
  const destinationTxHash = message.destination?.tx?.txHash ?? null;
  return {
    state,
    venueStatus: name,
    destinationTxHash: state === 'completed' ? destinationTxHash : null,
    receivedAmount: state === 'completed' ? receivedAmountOf(message, transfer) : null,
    receivedAsset: state === 'completed' ? transfer.toToken.address : null,
    detail,
    ...(known ? {} : { unrecognized: true }),
  };
}

function receivedAmountOf(message: ScanMessage, transfer: { readonly recipient: string; readonly toToken: TokenInfo }): bigint | null {
  const taxi = decodeTaxiPayload(message.source?.tx?.payload);
  if (taxi === null || !isAddress(transfer.recipient, { strict: false })) return null;
  if (taxi.receiver.toLowerCase() !== addressToBytes32(getAddress(transfer.recipient)).toLowerCase()) return null;
  const shift = transfer.toToken.decimals - SHARED_DECIMALS;
  return shift >= 0 ? taxi.amountSD * 10n ** BigInt(shift) : null;
}
