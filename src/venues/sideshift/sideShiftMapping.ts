import type { TokenInfo } from '../../domain/tokens.ts';
import type { JsonObject } from '../../domain/steps.ts';
import { VenueRejection, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueTransferState } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { atomicToDecimal, decimalToAtomic } from '../../domain/amounts.ts';
import { applyRate } from './applyRate.ts';
import type { SideShiftAsset } from './sideShiftChains.ts';
import { sameAddress } from '../../domain/addresses/sameAddress.ts';
import type { SideShiftCoins, SideShiftDeposit, SideShiftPair, SideShiftShift } from './sideShiftSchemas.ts';

/**
 * A quote prices at `/v2/pair`'s indicative rate; build locks a fixed-rate quote. The minimum a quote
 * promises is the indicative output less this margin: a fixed quote below it at build is a drift.
 */
export const PRICE_MARGIN_BPS = 100n;
/** SideShift's commission bounds (docs "Monetization": 0 % to 2 %, default 0.5 %). */
export const MAX_COMMISSION_BPS = 200;

export type SideShiftStatusValue = 'waiting' | 'pending' | 'processing' | 'review' | 'settling' | 'settled' | 'refund' | 'refunding' | 'refunded' | 'expired' | 'multiple';

/**
 * Every SideShift shift status (docs "Deposits" → Deposit status, and `multiple` of `GET /v2/shifts`).
 * `multiple` is refined from the per-deposit statuses; a value not listed here maps to pending.
 */
export const SIDESHIFT_STATUS_TABLE: Readonly<Record<SideShiftStatusValue, VenueTransferState>> = {
  waiting: 'pending',
  pending: 'pending',
  processing: 'pending',
  review: 'pending',
  settling: 'pending',
  settled: 'completed',
  refund: 'pending',
  refunding: 'pending',
  refunded: 'refunded',
  expired: 'failed',
  multiple: 'pending',
};

const DETAIL: Readonly<Record<SideShiftStatusValue, string>> = {
  waiting: 'waiting for the deposit',
  pending: 'deposit seen, waiting for its confirmation',
  processing: 'deposit confirmed, SideShift is processing the shift',
  review: 'held by SideShift for manual review; it will be settled or refunded',
  settling: 'settlement transaction sent, waiting for its confirmation',
  settled: 'settled',
  refund: 'queued for refund to the sender',
  refunding: 'refund transaction sent, waiting for its confirmation',
  refunded: 'refunded to the sender',
  expired: 'no deposit arrived before the shift expired',
  multiple: 'several deposits were made to this shift',
};

/**
 * The table assets a `/v2/coins` answer lists: the coin (case-insensitive) on the network, a token only
 * when `tokenDetails[network].contractAddress` is the table's contract (another contract under the same
 * ticker, e.g. a bridged USDC.e, is not the token Strait moves) and its decimals agree.
 */
export function listedAssets(coins: SideShiftCoins, table: readonly SideShiftAsset[]): SideShiftAsset[] {
  return table.filter((asset) =>
    coins.some((entry) => {
      if (entry.coin.toUpperCase() !== asset.coin.toUpperCase() || !entry.networks.includes(asset.network)) return false;
      const details = entry.tokenDetails?.[asset.network];
      if (asset.address === null) return details === undefined;
      return details !== undefined && details.decimals === asset.decimals && sameAddress(asset.chain, details.contractAddress, asset.address);
    }),
  );
}

/** The pair of `/v2/pair/{from}/{to}`: `coin-network` on each side. */
export function pairPath(deposit: SideShiftAsset, settle: SideShiftAsset): string {
  const side = (a: SideShiftAsset) => encodeURIComponent(`${a.coin}-${a.network}`.toLowerCase());
  return `/v2/pair/${side(deposit)}/${side(settle)}`;
}

/**
 * The `commissionRate` to send (a fraction: "0.005" is 0.5 %), and why it differs from the fee asked
 * for when it does. No integrator fee → "0": the user gets SideShift's rate without the default 0.5 %.
 * The commission accrues to the SideShift account of `affiliateId`, not to `integratorFee.recipient`.
 */
export function commissionOf(request: VenueQuoteRequest): { commissionRate: string; feeNote: string | null } {
  const fee = request.integratorFee;
  if (!fee || fee.bps <= 0) return { commissionRate: '0', feeNote: null };
  const bps = Math.min(Math.floor(fee.bps), MAX_COMMISSION_BPS);
  const capped = bps < fee.bps ? `integrator fee capped at SideShift's maximum of ${MAX_COMMISSION_BPS} bps; ` : '';
  return { commissionRate: atomicToDecimal(BigInt(bps), 4), feeNote: `${capped}commission accrues to the SideShift affiliate account, not to ${fee.recipient}` };
}

export interface PricedPair {
  readonly amountOut: bigint;
  readonly minAtomic: bigint;
  readonly maxAtomic: bigint;
}

function badResponse(message: string, path: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path });
}

/** A pair answer for `amountIn` → the output it indicates and the deposit range, in atomic units. */
export function pricePair(pair: SideShiftPair, request: VenueQuoteRequest): PricedPair {
  const { fromToken, toToken } = request;
  const amountOut = applyRate(request.amountIn, fromToken.decimals, pair.rate, toToken.decimals);
  // A minimum is a floor the user must reach (round up); a maximum a ceiling (round down).
  const minAtomic = decimalToAtomic(pair.min, fromToken.decimals, 'up');
  const maxAtomic = decimalToAtomic(pair.max, fromToken.decimals, 'down');
  if (amountOut === null) throw badResponse(`SideShift rate ${pair.rate} is not a decimal`, '/rate');
  if (minAtomic === null || maxAtomic === null) throw badResponse('SideShift deposit limits are not decimals', '/min');
  return { amountOut, minAtomic, maxAtomic };
}

const amountText = (atomic: bigint, token: TokenInfo) => `${atomicToDecimal(atomic, token.decimals)} ${token.symbol}`;

/**
 * The rejection for an amount outside SideShift's deposit range, with the limit in atomic units and
 * what SideShift would have delivered at its indicative rate; `null` when the amount is inside. `said`
 * is the breach SideShift itself reported, which wins when its range moved between two calls.
 */
export function limitRejection(priced: PricedPair, request: VenueQuoteRequest, said?: { breach: 'below_min' | 'above_max'; cause: unknown }): VenueRejection | null {
  const { amountIn, fromToken } = request;
  const wouldDeliver = priced.amountOut > 0n ? { amountOutAtomic: priced.amountOut.toString() } : {};
  const options = said ? { cause: said.cause } : undefined;
  if (said ? said.breach === 'below_min' : amountIn < priced.minAtomic) {
    const message = `SideShift needs at least ${amountText(priced.minAtomic, fromToken)} for this pair; ${amountText(amountIn, fromToken)} is below its minimum`;
    return new VenueRejection('below_min', message, { minAmountAtomic: priced.minAtomic.toString(), ...wouldDeliver }, options);
  }
  if (said ? said.breach === 'above_max' : amountIn > priced.maxAtomic) {
    const message = `SideShift takes at most ${amountText(priced.maxAtomic, fromToken)} for this pair; ${amountText(amountIn, fromToken)} is above its maximum`;
    return new VenueRejection('above_max', message, { maxAmountAtomic: priced.maxAtomic.toString(), ...wouldDeliver }, options);
  }
  return null;
}

/** A pair answer → the row Strait ranks; throws below_min / above_max outside the deposit range. */
export function toVenueQuote(pair: SideShiftPair, request: VenueQuoteRequest, context: JsonObject): VenueQuote {
  const priced = pricePair(pair, request);
  const outside = limitRejection(priced, request);
  if (outside) throw outside;
  if (priced.amountOut <= 0n) throw new VenueRejection('no_liquidity', 'SideShift quotes no output for this amount (its network fees exceed it)');
  const minAmountOut = (priced.amountOut * (10_000n - PRICE_MARGIN_BPS)) / 10_000n;
  return {
    amountIn: request.amountIn,
    amountOut: priced.amountOut,
    minAmountOut,
    // Neither the pair nor the quote endpoint says how long a shift takes; the shift does (averageShiftSeconds).
    estimatedSeconds: null,
    // An indicative rate has no expiry of its own.
    expiresAt: null,
    context: { ...context, rate: pair.rate, indicativeAmountOut: priced.amountOut.toString(), minAmountOut: minAmountOut.toString() },
  };
}

interface SideShiftErrorBody {
  readonly code: string;
  readonly message: string;
}

function errorOf(body: unknown): SideShiftErrorBody {
  const error = body && typeof body === 'object' && 'error' in body ? (body as { error: unknown }).error : body;
  if (!error || typeof error !== 'object') return { code: '', message: typeof error === 'string' ? error : '' };
  const { code, message } = error as { code?: unknown; message?: unknown };
  return { code: typeof code === 'string' ? code : '', message: typeof message === 'string' ? message : '' };
}

/** Whether a SideShift error says the amount is outside the deposit range (the limits live on `/pair`). */
export function limitBreachOf(error: unknown): 'below_min' | 'above_max' | null {
  if (!(error instanceof VenueHttpError) || error.status >= 500) return null;
  const { message } = errorOf(error.body);
  if (/amount too low/i.test(message)) return 'below_min';
  if (/amount too high/i.test(message)) return 'above_max';
  return null;
}

const UNKNOWN_ASSET = /method .* not found|invalid (coin|network)|unknown (coin|network)|(coin|network|token|asset)s? .*not supported/i;
const UNAVAILABLE = /disabled|offline|unavailable|temporarily|maintenance|liquidity/i;
const BAD_INPUT = /address|memo|x-user-ip|must be|invalid/i;

/**
 * SideShift's error answers (`{ error: { code?, message } }`) → Strait's rejection codes. A 5xx other
 * than "Rate unavailable" (or anything not an HTTP answer) is returned as is: the venue's fault.
 */
export function toSideShiftRejection(error: unknown): unknown {
  if (!(error instanceof VenueHttpError)) return error;
  const { code, message } = errorOf(error.body);
  const said = message || code || `HTTP ${error.status}`;
  const options = { cause: error };
  if (code === 'RATE_UNAVAILABLE' || /rate unavailable/i.test(message)) return new VenueRejection('no_liquidity', `SideShift has no rate for this pair right now: ${said}`, undefined, options);
  // A 5xx is the venue's fault, except the pair-level answers SideShift also sends as 500 (docs `/v2/pairs`).
  if (error.status >= 500 && !/invalid (coin|network)/i.test(message)) return error;
  if (error.status === 429) return new VenueRejection('venue_rate_limited', `SideShift rate limit: ${said}`, undefined, options);
  if (code === 'ACCESS_DENIED' || /country-blocked|access denied/i.test(message)) {
    return new VenueRejection('invalid_input', `SideShift does not serve users from this IP's jurisdiction: ${said}`, { status: error.status }, options);
  }
  if (error.status === 401 || error.status === 403) return new VenueRejection('venue_error', `SideShift rejected the account secret (HTTP ${error.status}): ${said}`, { status: error.status }, options);
  // "Invalid \"affiliateId\"" / "Unknown affiliateId": Strait's account setting is wrong, not the user's input.
  if (/affiliateId/i.test(message)) return new VenueRejection('venue_error', `SideShift refused Strait's affiliate account: ${said}`, { status: error.status }, options);
  if (code === 'METHOD_NOT_FOUND' || UNKNOWN_ASSET.test(message)) return new VenueRejection('token_not_supported', `SideShift does not carry this coin on this network: ${said}`, undefined, options);
  if (/quote has already expired/i.test(message)) return new VenueRejection('no_liquidity', `SideShift's fixed quote expired before the shift was made; price again: ${said}`, undefined, options);
  if (UNAVAILABLE.test(message)) return new VenueRejection('no_liquidity', `SideShift cannot shift this pair right now: ${said}`, undefined, options);
  if (/pair/i.test(message)) return new VenueRejection('route_not_served', `SideShift does not serve this pair: ${said}`, undefined, options);
  if (code === 'BAD_USER_INPUT' || BAD_INPUT.test(message)) return new VenueRejection('invalid_input', `SideShift refused the request: ${said}`, undefined, options);
  return new VenueRejection('venue_error', `SideShift answered HTTP ${error.status}: ${said}`, { status: error.status }, options);
}

export interface StatusContext {
  readonly toToken: TokenInfo;
  /** The guaranteed output of the fixed shift; a settlement below it is partial. */
  readonly minAmountOut: bigint | null;
}

function isKnownStatus(status: string): status is SideShiftStatusValue {
  return Object.hasOwn(SIDESHIFT_STATUS_TABLE, status);
}

const receivedAssetOf = (token: TokenInfo) => token.address ?? 'native';
const withIssue = (detail: string, issue: string | null | undefined) => (issue ? `${detail} (${issue})` : detail);

/** A decimal amount of the settle token in atomic units, `null` when absent, null or malformed. */
function settledAtomic(amount: string | null | undefined, toToken: TokenInfo): bigint | null {
  return amount == null ? null : decimalToAtomic(amount, toToken.decimals, 'down');
}

/** A shift answer → Strait's state; `multiple` is decided from its deposits. */
export function toVenueStatus(shift: SideShiftShift, context: StatusContext): VenueStatus {
  const status = shift.status;
  if (!isKnownStatus(status)) {
    return { state: 'pending', venueStatus: status, destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: `unknown SideShift status "${status}"; treated as pending`, unrecognized: true };
  }
  if (status === 'multiple') return multipleStatus(shift, context);
  const state = SIDESHIFT_STATUS_TABLE[status];
  if (state === 'completed') {
    const destinationTxHash = shift.settleHash ?? null;
    const received = settledAtomic(shift.settleAmount, context.toToken);
    const floor = context.minAmountOut;
    if (received !== null && floor !== null && received < floor) {
      return { state: 'partial', venueStatus: status, destinationTxHash, receivedAmount: received, receivedAsset: receivedAssetOf(context.toToken), detail: `delivered ${received}, less than the guaranteed ${floor}` };
    }
    return { state, venueStatus: status, destinationTxHash, receivedAmount: received, receivedAsset: received !== null ? receivedAssetOf(context.toToken) : null, detail: null };
  }
  // A refund goes back on the deposit chain: SideShift names that transaction in `settleHash` (its docs'
  // refunded example has no `refundHash`), so it is never the destination transaction.
  const refundTx = shift.refundHash ?? shift.settleHash ?? null;
  const refundedVia = (state === 'refunded' || status === 'refunding') && refundTx ? `; refund tx ${refundTx}` : '';
  const destinationTxHash = status === 'settling' ? (shift.settleHash ?? null) : null;
  return { state, venueStatus: status, destinationTxHash, receivedAmount: null, receivedAsset: null, detail: withIssue(`${DETAIL[status]}${refundedVia}`, shift.issue) };
}

function depositState(deposit: SideShiftDeposit): VenueTransferState {
  return isKnownStatus(deposit.status) && deposit.status !== 'multiple' ? SIDESHIFT_STATUS_TABLE[deposit.status] : 'pending';
}

/**
 * Several deposits to one shift: settled while others were refunded is partial; all settled is
 * completed; all refunded is refunded; anything still moving is pending. A fixed shift settles only
 * its first deposit and refunds the rest.
 */
function multipleStatus(shift: SideShiftShift, context: StatusContext): VenueStatus {
  const deposits = shift.deposits ?? [];
  const states = deposits.map(depositState);
  const settled = deposits.filter((_, i) => states[i] === 'completed');
  let received: bigint | null = null;
  for (const deposit of settled) {
    const amount = settledAtomic(deposit.settleAmount, context.toToken);
    if (amount !== null) received = (received ?? 0n) + amount;
  }
  const base = { venueStatus: 'multiple', destinationTxHash: settled[0]?.settleHash ?? null, receivedAmount: received, receivedAsset: received !== null ? receivedAssetOf(context.toToken) : null };
  const count = `${deposits.length} deposits`;
  if (states.length === 0 || states.includes('pending')) return { ...base, state: 'pending', detail: `${DETAIL.multiple}; ${count}, some still in progress` };
  const refunded = states.filter((s) => s === 'refunded').length;
  if (settled.length === states.length) return { ...base, state: 'completed', detail: `${count}, all settled` };
  if (refunded === states.length) return { ...base, state: 'refunded', detail: `${count}, all refunded to the sender` };
  if (settled.length > 0) return { ...base, state: 'partial', detail: `${count}: ${settled.length} settled, ${refunded} refunded` };
  return { ...base, state: 'failed', detail: `${count}, none settled` };
}
