import { BaseError, ContractFunctionRevertedError, getAddress, isAddress } from 'viem';
import type { RejectionCode } from '../../domain/errors.ts';
import type { TokenInfo } from '../../domain/tokens.ts';
import { VenueRejection, type VenueStatus } from '../Venue.ts';
import { scanStateOf, type ScanMessage } from '../layerzero/layerZeroScan.ts';
import { addressToBytes32, decodeOftMessage } from '../layerzero/oftSend.ts';

/**
 * USDT0 has no API errors: it refuses through the messenger's views (custom errors of `OFTCore` and
 * the endpoint, LayerZero-Labs/devtools) and through the limits `quoteOFT` returns. These are the
 * refusals the adapter tells apart and the rejection each becomes; any other revert is `venue_error`.
 * Published as the module's `errorCodes`.
 */
export const USDT0_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  'NoPeer (no messenger on the destination endpoint)': 'route_not_served',
  'OFTLimit.minAmountLD above the amount': 'below_min',
  'OFTLimit.maxAmountLD below the amount': 'above_max',
  AmountSDOverflowed: 'above_max',
  SlippageExceeded: 'no_liquidity',
  'no RPC configured for the source chain': 'venue_disabled',
  'messenger answers another token or impossible amounts': 'venue_bad_response',
};

const REVERT_CODES: Readonly<Record<string, RejectionCode>> = {
  NoPeer: 'route_not_served',
  AmountSDOverflowed: 'above_max',
  SlippageExceeded: 'no_liquidity',
  InvalidLocalDecimals: 'venue_bad_response',
};

/**
 * A failed read of the messenger → the typed rejection: a revert by its error name; anything else
 * (the RPC down, a timeout) is thrown on unchanged for the registry to classify.
 */
export function translateMessengerError(error: unknown, what: string): unknown {
  if (!(error instanceof BaseError)) return error;
  const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (!(revert instanceof ContractFunctionRevertedError)) return error;
  const name = revert.data?.errorName ?? revert.reason ?? 'an unnamed revert';
  const code = REVERT_CODES[name] ?? 'venue_error';
  return new VenueRejection(code, `USDT0's messenger refused ${what}: ${name}`, { venueMessage: name }, { cause: error });
}

/**
 * A Scan message → the transfer's status, through LayerZero Scan's shared table. The amount delivered
 * is in the OFT message itself (`sendTo`, `amountSD`): reported only when it pays the transfer's
 * recipient, scaled from the shared decimals to the destination token's.
 */
export function toUsdt0Status(message: ScanMessage, transfer: { readonly recipient: string; readonly toToken: TokenInfo; readonly sharedDecimals: number }): VenueStatus {
  const { state, known, detail } = scanStateOf(message);
  const completed = state === 'completed';
  return {
    state,
    venueStatus: message.status.name,
    destinationTxHash: completed ? (message.destination?.tx?.txHash ?? null) : null,
    receivedAmount: completed ? receivedAmountOf(message, transfer) : null,
    receivedAsset: completed ? transfer.toToken.address : null,
    detail,
    ...(known ? {} : { unrecognized: true }),
  };
}

function receivedAmountOf(message: ScanMessage, transfer: { readonly recipient: string; readonly toToken: TokenInfo; readonly sharedDecimals: number }): bigint | null {
  const sent = decodeOftMessage(message.source?.tx?.payload);
  if (sent === null || sent.composed || !isAddress(transfer.recipient, { strict: false })) return null;
  if (sent.sendTo !== addressToBytes32(getAddress(transfer.recipient)).toLowerCase()) return null;
  const shift = transfer.toToken.decimals - transfer.sharedDecimals;
  return shift >= 0 ? sent.amountSD * 10n ** BigInt(shift) : null;
}
