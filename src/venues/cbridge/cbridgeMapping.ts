import type { RejectionCode } from '../../domain/errors.ts';
import type { JsonObject } from '../../domain/steps.ts';
import { VenueRejection, type VenueQuote, type VenueStatus, type VenueTransferState } from '../Venue.ts';
import { PIPS } from './cbridgeCalls.ts';
import type { CbridgeContext, CbridgeErr, CbridgeEstimate, CbridgeTransferStatus } from './cbridgeSchemas.ts';

/**
 * The gateway's `ErrCode`s (cBridge docs, "Gateway: EstimateAmt" → Error Code Description) → our
 * rejection codes. 500 `ERROR_CODE_COMMON` carries anything from "chain is disabled" to an internal
 * fault, so it stays `venue_error`; 1018 refuses callers it takes for a VPN, which is the gateway's
 * judgement of Strait's own address, not of the request.
 */
export const CBRIDGE_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  '500': 'venue_error',
  '1001': 'token_not_supported',
  '1002': 'token_not_supported',
  '1003': 'venue_error',
  '1004': 'no_liquidity',
  '1005': 'above_max',
  '1009': 'route_not_served',
  '1012': 'no_liquidity',
  '1015': 'invalid_input',
  '1016': 'route_not_served',
  '1017': 'above_max',
  '1018': 'venue_error',
};

/** The `ErrCode` names, for a gateway that spells enums as strings. */
const ERR_CODE_NUMBERS: Readonly<Record<string, number>> = {
  ERROR_CODE_UNDEFINED: 0,
  ERROR_CODE_COMMON: 500,
  ERROR_NO_TOKEN_ON_DST_CHAIN: 1001,
  ERROR_NO_TOKEN_ON_SRC_CHAIN: 1002,
  ERROR_INIT_WITHDRAW_FAILED: 1003,
  ERROR_CODE_NO_ENOUGH_TOKEN_ON_DST_CHAIN: 1004,
  ERROR_CODE_INBOUND_LIQUIDITY_LIMIT: 1005,
  ERROR_CODE_TRANSFER_DISABLED: 1009,
  ERROR_CODE_BAD_LIQ_SLIPPAGE: 1012,
  ERROR_CODE_ADDRESS_BLOCKED: 1015,
  ERROR_CODE_BLOCK_BRIDGE_DIRECT: 1016,
  ERROR_CODE_LIQ_OVER_CAP: 1017,
  ErrCode_ERROR_CODE_VPN_BLOCK: 1018,
  ERROR_CODE_VPN_BLOCK: 1018,
};

/** An `ErrCode` as the decimal string the table is keyed by. */
export function cbridgeErrCode(err: CbridgeErr): string {
  if (typeof err.code === 'number') return String(err.code);
  const byName = ERR_CODE_NUMBERS[err.code];
  return byName === undefined ? err.code : String(byName);
}

/** The on-chain limits of the source Bridge, when Strait has an RPC there (the API states none). */
export interface CbridgeLimits {
  /** A send must be strictly above it (`amount too small`). */
  readonly minSend: bigint;
  /** 0 means no cap (`amount too large`). */
  readonly maxSend: bigint;
  readonly minimalMaxSlippage: number;
}

/** Translates an `err` the gateway answered with (HTTP 200). */
export function translateCbridgeErr(err: CbridgeErr, limits: CbridgeLimits | null): VenueRejection {
  const code = cbridgeErrCode(err);
  const rejection = CBRIDGE_ERROR_CODES[code] ?? 'venue_error';
  const details: Record<string, unknown> = { venueCode: code };
  if (rejection === 'above_max' && limits && limits.maxSend > 0n) details.maxAmountAtomic = limits.maxSend.toString();
  return new VenueRejection(rejection, `cBridge error ${code}: ${err.msg ?? 'no message'}`, details);
}

/** Refuses an amount outside the source Bridge's `minSend` / `maxSend`, before any call to the gateway. */
export function checkCbridgeLimits(amountIn: bigint, limits: CbridgeLimits | null): void {
  if (!limits) return;
  if (amountIn <= limits.minSend) {
    throw new VenueRejection('below_min', `cBridge needs more than ${limits.minSend} on this chain`, { minAmountAtomic: (limits.minSend + 1n).toString() });
  }
  if (limits.maxSend > 0n && amountIn > limits.maxSend) {
    throw new VenueRejection('above_max', `cBridge takes at most ${limits.maxSend} on this chain`, { maxAmountAtomic: limits.maxSend.toString() });
  }
}

export interface CbridgeQuoteInput {
  readonly amountIn: bigint;
  readonly srcDecimals: number;
  readonly dstDecimals: number;
  readonly context: Omit<CbridgeContext, 'maxSlippage' | 'estimatedReceive'>;
  readonly estimatedSeconds: number | null;
  readonly limits: CbridgeLimits | null;
}

/**
 * Maps an estimate to our quote. `estimated_receive_amt` is already net of the base and percentage
 * fees (destination units). The least the receiver gets before the pool refunds instead is
 * `eq_value_token_amt × (1 − max_slippage / 1e6)` (docs: "Minimum receiving amount calculation").
 * The gateway publishes no expiry; build re-estimates and signs the fresh `max_slippage`.
 */
export function toCbridgeQuote(body: CbridgeEstimate, input: CbridgeQuoteInput): VenueQuote {
  if (body.err) throw translateCbridgeErr(body.err, input.limits);
  const estimated = intField(body.estimated_receive_amt, '/estimated_receive_amt');
  const eqValue = intField(body.eq_value_token_amt, '/eq_value_token_amt');
  const fees = (body.base_fee ? BigInt(body.base_fee) : 0n) + (body.perc_fee ? BigInt(body.perc_fee) : 0n);
  if (estimated <= 0n) {
    throw new VenueRejection('below_min', `cBridge fees (${fees} in destination units) exceed the amount`, { minAmountAtomic: minimumHint(input, fees).toString() });
  }
  const maxSlippage = body.max_slippage ?? 0;
  if (maxSlippage <= 0 || maxSlippage >= PIPS) throw badResponse(`cBridge answered max_slippage ${maxSlippage}, nothing safe to sign`, '/max_slippage');
  if (input.limits && maxSlippage <= input.limits.minimalMaxSlippage) {
    throw new VenueRejection('no_liquidity', `cBridge's max_slippage ${maxSlippage} is not above the Bridge's minimalMaxSlippage ${input.limits.minimalMaxSlippage}`);
  }
  if (eqValue <= 0n) throw badResponse('cBridge answered no eq_value_token_amt', '/eq_value_token_amt');
  const floor = (eqValue * BigInt(PIPS - maxSlippage)) / BigInt(PIPS);
  const context: CbridgeContext & JsonObject = { ...input.context, maxSlippage, estimatedReceive: estimated.toString() };
  return {
    amountIn: input.amountIn,
    amountOut: estimated,
    minAmountOut: floor < estimated ? floor : estimated,
    estimatedSeconds: input.estimatedSeconds,
    expiresAt: null,
    context,
  };
}

/**
 * A hint for the smallest amount that clears the fees: twice the fees brought back to source units
 * (the pools' bridge rate is near 1, and the fee is not the only cost), or the Bridge's own
 * `minSend` when it is known and larger.
 */
function minimumHint(input: CbridgeQuoteInput, fees: bigint): bigint {
  const fromFees = rescale(fees, input.dstDecimals, input.srcDecimals) * 2n + 1n;
  const fromChain = input.limits ? input.limits.minSend + 1n : 0n;
  return fromChain > fromFees ? fromChain : fromFees;
}

function rescale(amount: bigint, from: number, to: number): bigint {
  if (from === to) return amount;
  return from > to ? amount / 10n ** BigInt(from - to) : amount * 10n ** BigInt(to - from);
}

/** Every `TransferHistoryStatus` (docs, "Gateway: GetTransferStatus") → our state. */
export const CBRIDGE_STATUS_TABLE: Readonly<Record<number, { readonly name: string; readonly state: VenueTransferState; readonly detail: string | null }>> = {
  0: { name: 'TRANSFER_UNKNOWN', state: 'pending', detail: 'submitted; cBridge has not seen it yet' },
  1: { name: 'TRANSFER_SUBMITTING', state: 'pending', detail: 'cBridge is watching the source transaction' },
  2: { name: 'TRANSFER_FAILED', state: 'failed', detail: 'the source transaction failed; nothing to refund' },
  3: { name: 'TRANSFER_WAITING_FOR_SGN_CONFIRMATION', state: 'pending', detail: 'waiting for Celer SGN confirmation' },
  4: { name: 'TRANSFER_WAITING_FOR_FUND_RELEASE', state: 'pending', detail: 'waiting for release on the destination chain' },
  5: { name: 'TRANSFER_COMPLETED', state: 'completed', detail: null },
  // 6 to 9: the pool could not deliver; the funds come back only when the sender claims them
  // (gateway `withdrawLiquidity`, then `Bridge.withdraw` on the source chain with the signatures).
  6: { name: 'TRANSFER_TO_BE_REFUNDED', state: 'pending', detail: 'cBridge will not deliver; the sender must request the refund' },
  7: { name: 'TRANSFER_REQUESTING_REFUND', state: 'pending', detail: 'refund requested; cBridge prepares it' },
  8: { name: 'TRANSFER_REFUND_TO_BE_CONFIRMED', state: 'pending', detail: 'refund ready: the sender must submit Bridge.withdraw on the source chain' },
  9: { name: 'TRANSFER_CONFIRMING_YOUR_REFUND', state: 'pending', detail: 'cBridge is confirming the refund on the source chain' },
  10: { name: 'TRANSFER_REFUNDED', state: 'refunded', detail: 'refunded on the source chain' },
  11: { name: 'TRANSFER_DELAYED', state: 'pending', detail: 'put in the delayed-execution queue (large transfer)' },
};

/** `XferStatus`, the reason a transfer is refunded (`refund_reason`). */
const REFUND_REASONS: Readonly<Record<number, string>> = {
  0: 'UNKNOWN',
  1: 'OK_TO_RELAY',
  2: 'SUCCESS',
  3: 'BAD_LIQUIDITY',
  4: 'BAD_SLIPPAGE',
  5: 'BAD_TOKEN',
  6: 'REFUND_REQUESTED',
  7: 'REFUND_DONE',
  8: 'BAD_XFER_DISABLED',
  9: 'BAD_DEST_CHAIN',
};

const STATUS_BY_NAME: ReadonlyMap<string, number> = new Map(Object.entries(CBRIDGE_STATUS_TABLE).map(([code, entry]) => [entry.name, Number(code)]));
const TX_IN_LINK = /\/tx\/(0x[0-9a-fA-F]{64})(?:[/?#]|$)/;

/** The transaction hash at the end of an explorer link (`https://arbiscan.io/tx/0x…`), or `null`. */
export function txHashOfLink(link: string | undefined): string | null {
  return link ? (TX_IN_LINK.exec(link)?.[1] ?? null) : null;
}

function statusCodeOf(status: number | string | undefined): number | undefined {
  if (typeof status === 'number') return status;
  if (status === undefined) return 0;
  return STATUS_BY_NAME.get(status) ?? (/^[0-9]+$/.test(status) ? Number(status) : undefined);
}

/**
 * Maps a status answer through the table. The answer names no received amount: the caller passes
 * what it read from the destination chain's `Relay` event, or `null` when it could not.
 */
export function toCbridgeStatus(body: CbridgeTransferStatus, delivered: { amount: bigint | null; asset: string | null }): VenueStatus {
  const raw = body.status ?? 0;
  const code = statusCodeOf(raw);
  const entry = code === undefined ? undefined : CBRIDGE_STATUS_TABLE[code];
  if (!entry) {
    return { state: 'pending', venueStatus: String(raw), destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: `unknown cBridge status '${String(raw)}'; still waiting`, unrecognized: true };
  }
  const reasonCode = typeof body.refund_reason === 'number' ? body.refund_reason : undefined;
  const reason = reasonCode !== undefined && reasonCode > 2 ? (REFUND_REASONS[reasonCode] ?? `reason ${reasonCode}`) : typeof body.refund_reason === 'string' && body.refund_reason !== 'UNKNOWN' ? body.refund_reason : null;
  const detail = entry.detail && reason && code !== undefined && code >= 6 && code <= 10 ? `${entry.detail} (${reason})` : entry.detail;
  const completed = entry.state === 'completed';
  return {
    state: entry.state,
    venueStatus: entry.name,
    destinationTxHash: completed || code === 4 ? txHashOfLink(body.dst_block_tx_link) : null,
    receivedAmount: completed ? delivered.amount : null,
    receivedAsset: completed ? delivered.asset : null,
    detail,
  };
}

function intField(value: string | undefined, path: string): bigint {
  if (value === undefined || value === '') throw badResponse(`cBridge answered no ${path.slice(1)}`, path);
  return BigInt(value);
}

function badResponse(message: string, path: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path });
}
