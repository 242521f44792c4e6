import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { sameAddress } from '../../domain/addresses/sameAddress.ts';
import { chainInfo } from '../../domain/chains.ts';
import type { RejectionCode } from '../../domain/errors.ts';
import type { JsonObject } from '../../domain/steps.ts';
import { validatorOf } from '../../domain/validatorOf.ts';
import { badResponse, fundingStepOf } from '../depositVenueSupport.ts';
import { VenueRejection, type DepositPlan, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueStatusRequest, type VenueTransferState } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { chainflipAssetOf, type ChainflipAsset } from './chainflipChains.ts';
import { ChainflipContextSchema, type ChainflipContext, type ChainflipDepositChannel, type ChainflipEgress, type ChainflipQuote, type ChainflipStatus } from './chainflipSchemas.ts';

/** Chainflip quotes carry no expiry; Strait holds the price this long before asking again. */
export const QUOTE_TTL_MS = 60 * 1000;
/** Slippage when the quote recommends none, in bps. */
export const DEFAULT_SLIPPAGE_BPS = 100;
/**
 * Fill-or-kill retry window when the quote recommends none: 150 State Chain blocks (6 s each, 15 min),
 * the window SwapKit's channel example uses. After it an unfilled swap is refunded to the sender.
 */
export const DEFAULT_RETRY_DURATION_BLOCKS = 150;
const BLOCKS_PER_MINUTE = 10;
/** The backend refuses an oracle slippage of 255 bps or more (u8, 255 switches the check off). */
const MAX_ORACLE_SLIPPAGE_BPS = 254;
const BPS = 10_000n;

/** The `GET /v2/quote` query for a deposit-channel swap (no vault swap, no DCA). */
export function toQuoteQuery(request: VenueQuoteRequest, from: ChainflipAsset, to: ChainflipAsset): Record<string, string> {
  return {
    amount: request.amountIn.toString(),
    srcChain: from.chainflipChain,
    srcAsset: from.asset,
    destChain: to.chainflipChain,
    destAsset: to.asset,
    isVaultSwap: 'false',
    isOnChain: 'false',
    dcaV2Enabled: 'false',
  };
}

/** The REGULAR quote of the answer, checked against what was asked; a DCA quote is never used. */
export function regularQuoteOf(quotes: readonly ChainflipQuote[], request: VenueQuoteRequest, from: ChainflipAsset, to: ChainflipAsset): ChainflipQuote {
  const index = quotes.findIndex((q) => q.type === 'REGULAR');
  const quote = quotes[index];
  if (!quote) throw new VenueRejection('no_liquidity', 'Chainflip answered no REGULAR quote for this swap');
  const path = `/${index}`;
  if (BigInt(quote.depositAmount) !== request.amountIn) throw badResponse(`Chainflip priced ${quote.depositAmount} instead of the requested ${request.amountIn}`, `${path}/depositAmount`);
  if (quote.srcAsset.chain !== from.chainflipChain || quote.srcAsset.asset !== from.asset) throw badResponse(`Chainflip priced ${quote.srcAsset.chain} ${quote.srcAsset.asset}, not ${from.chainflipChain} ${from.asset}`, `${path}/srcAsset`);
  if (quote.destAsset.chain !== to.chainflipChain || quote.destAsset.asset !== to.asset) throw badResponse(`Chainflip priced into ${quote.destAsset.chain} ${quote.destAsset.asset}, not ${to.chainflipChain} ${to.asset}`, `${path}/destAsset`);
  // Asked with isVaultSwap=false and isOnChain=false: a vault swap's price leaves out the channel's
  // ingress fee, so it would overstate what a deposit to the channel delivers.
  if (quote.isVaultSwap === true) throw badResponse('Chainflip priced a vault swap, not the deposit-channel swap asked for (isVaultSwap=false)', `${path}/isVaultSwap`);
  if (quote.isOnChain === true) throw badResponse('Chainflip priced a State Chain internal swap, not the deposit-channel swap asked for (isOnChain=false)', `${path}/isOnChain`);
  return quote;
}

function percentToBps(percent: number | null | undefined): number | null {
  return percent === null || percent === undefined || !Number.isFinite(percent) ? null : Math.round(percent * 100);
}

/** The egress fee of the quote in destination units (0 when the quote names none). */
function egressFeeOf(quote: ChainflipQuote): bigint {
  const fee = quote.includedFees?.find((f) => f.type === 'EGRESS' && f.chain === quote.destAsset.chain && f.asset === quote.destAsset.asset);
  return fee ? BigInt(fee.amount) : 0n;
}

/**
 * The least the recipient gets before the swap is refunded instead. The chain enforces a minimum
 * *price* on the swapped amount (before the egress fee is taken), so the floor is the swap output
 * at that price less the egress fee: a little under `egressAmount × (1 − slippage)`. The egress fee
 * is the quote's estimate; the chain charges its own at egress time.
 */
export function minAmountOutOf(quote: ChainflipQuote, slippageBps: number): bigint {
  const fee = egressFeeOf(quote);
  const swapped = BigInt(quote.egressAmount) + fee;
  const floor = (swapped * (BPS - BigInt(slippageBps))) / BPS - fee;
  return floor > 0n ? floor : 0n;
}

/** A quote → the row Strait ranks, and the context build opens the channel with. */
export function toVenueQuote(quote: ChainflipQuote, request: VenueQuoteRequest, now: number): VenueQuote {
  const slippageBps = Math.min(Math.max(percentToBps(quote.recommendedSlippageTolerancePercent) ?? DEFAULT_SLIPPAGE_BPS, 0), 10_000);
  const minutes = quote.recommendedRetryDurationMinutes;
  const retryDurationBlocks = minutes === null || minutes === undefined ? DEFAULT_RETRY_DURATION_BLOCKS : Math.ceil(minutes * BLOCKS_PER_MINUTE);
  const oracle = percentToBps(quote.recommendedLivePriceSlippageTolerancePercent);
  const minAmountOut = minAmountOutOf(quote, slippageBps);
  const context: ChainflipContext = {
    srcChain: quote.srcAsset.chain,
    srcAsset: quote.srcAsset.asset,
    destChain: quote.destAsset.chain,
    destAsset: quote.destAsset.asset,
    egressAmount: quote.egressAmount,
    estimatedPrice: quote.estimatedPrice,
    intermediateAmount: quote.intermediateAmount ?? null,
    slippageBps,
    retryDurationBlocks,
    maxOraclePriceSlippageBps: oracle !== null && oracle <= MAX_ORACLE_SLIPPAGE_BPS ? oracle : null,
    minAmountOut: minAmountOut.toString(),
  };
  return {
    amountIn: request.amountIn,
    amountOut: BigInt(quote.egressAmount),
    minAmountOut,
    estimatedSeconds: Math.ceil(quote.estimatedDurationSeconds),
    expiresAt: now + QUOTE_TTL_MS,
    context: { ...context },
  };
}

/**
 * The fill-or-kill minimum price as the State Chain reads it: destination atomic units per source
 * atomic unit, in X128 fixed point (shared `getPriceX128FromPrice`:
 * `price × 2^128 × 10^(destDecimals − srcDecimals)`), of `estimatedPrice` lowered by the slippage.
 */
export function minPriceX128Of(estimatedPrice: string, slippageBps: number, srcDecimals: number, destDecimals: number): bigint {
  const [whole = '0', fraction = ''] = estimatedPrice.split('.');
  const price = BigInt(`${whole}${fraction}`);
  const shift = destDecimals - srcDecimals;
  const numerator = price * (BPS - BigInt(slippageBps)) * 2n ** 128n * 10n ** BigInt(Math.max(shift, 0));
  const denominator = 10n ** BigInt(fraction.length) * BPS * 10n ** BigInt(Math.max(-shift, 0));
  return numerator / denominator;
}

/** The `POST /api/openSwapDepositChannel` body: refunds go back to the sender on the source chain. */
export function toChannelBody(request: VenueQuoteRequest, context: ChainflipContext, from: ChainflipAsset, to: ChainflipAsset): Record<string, unknown> {
  if (!isValidAddress(request.fromChain, request.sender)) throw new VenueRejection('invalid_input', `Chainflip refunds to the sender, and ${request.sender} is not a ${request.fromChain} address`);
  if (!isValidAddress(request.toChain, request.recipient)) throw new VenueRejection('invalid_input', `${request.recipient} is not a ${request.toChain} address`);
  const minPriceX128 = minPriceX128Of(context.estimatedPrice, context.slippageBps, from.decimals, to.decimals);
  return {
    srcAsset: { chain: from.chainflipChain, asset: from.asset },
    destAsset: { chain: to.chainflipChain, asset: to.asset },
    destAddress: request.recipient,
    srcAddress: request.sender,
    amount: request.amountIn.toString(),
    fillOrKillParams: {
      retryDurationBlocks: context.retryDurationBlocks,
      refundAddress: request.sender,
      minPriceX128: minPriceX128.toString(),
      maxOraclePriceSlippage: context.maxOraclePriceSlippageBps ?? null,
    },
    quote: {
      egressAmount: context.egressAmount,
      estimatedPrice: context.estimatedPrice,
      ...(context.intermediateAmount ? { intermediateAmount: context.intermediateAmount } : {}),
      recommendedSlippageTolerancePercent: context.slippageBps / 100,
    },
  };
}

/** An opened channel → the deposit the user makes: a plain transfer of `amountIn` before the channel expires. */
export function toDepositPlan(channel: ChainflipDepositChannel, request: VenueQuoteRequest, context: ChainflipContext, body: Record<string, unknown>): DepositPlan {
  if (!isValidAddress(request.fromChain, channel.depositAddress)) throw badResponse(`Chainflip depositAddress ${channel.depositAddress} is not a ${request.fromChain} address`, '/depositAddress');
  const [, chainOfId] = channel.id.split('-');
  if (chainOfId !== context.srcChain) throw badResponse(`Chainflip opened channel ${channel.id} on another chain than ${context.srcChain}`, '/id');
  // The body asks for no broker commission and no boost: a channel that takes either delivers less than the row.
  if (channel.brokerCommissionBps !== 0) throw badResponse(`Chainflip opened channel ${channel.id} with a ${channel.brokerCommissionBps} bps broker commission nobody asked for`, '/brokerCommissionBps');
  if (channel.maxBoostFeeBps !== 0) throw badResponse(`Chainflip opened channel ${channel.id} boosted (maxBoostFeeBps ${channel.maxBoostFeeBps}), not the unboosted channel asked for`, '/maxBoostFeeBps');
  // No expiry means no deadline to tell the user: a deposit after the channel closed is not swapped.
  if (channel.estimatedExpiryTime === null || channel.estimatedExpiryTime === undefined) throw badResponse('Chainflip channel has no estimatedExpiryTime', '/estimatedExpiryTime');
  const fok = body.fillOrKillParams as { minPriceX128: string; refundAddress: string };
  const planContext: ChainflipContext = {
    ...context,
    channelId: channel.id,
    depositAddress: channel.depositAddress,
    srcChainExpiryBlock: channel.srcChainExpiryBlock,
    minPriceX128: fok.minPriceX128,
    refundAddress: fok.refundAddress,
  };
  return {
    shape: 'deposit',
    deposit: { chain: request.fromChain, address: channel.depositAddress, token: request.fromToken.address, amount: request.amountIn, memo: null, deadlineMs: channel.estimatedExpiryTime },
    fundingStep: fundingStepOf(request, channel.depositAddress, request.amountIn),
    amountOut: BigInt(context.egressAmount),
    minAmountOut: BigInt(context.minAmountOut),
    context: { ...planContext },
  };
}

export type ChainflipStateValue = 'WAITING' | 'RECEIVING' | 'SWAPPING' | 'SENDING' | 'SENT' | 'COMPLETED' | 'FAILED';

/**
 * Every `state` of `GET /v2/swaps/{id}` (backend `StateV2`). COMPLETED and FAILED are then read
 * through their egresses (see {@link toVenueStatus}): a COMPLETED swap may have been refunded in
 * whole or in part, and a FAILED one may have delivered before its refund failed.
 */
export const CHAINFLIP_STATUS_TABLE: Readonly<Record<ChainflipStateValue, VenueTransferState>> = {
  WAITING: 'pending',
  RECEIVING: 'pending',
  SWAPPING: 'pending',
  SENDING: 'pending',
  SENT: 'pending',
  COMPLETED: 'completed',
  FAILED: 'failed',
};

const PENDING_DETAIL: Readonly<Record<string, string>> = {
  WAITING: 'channel open, waiting for the deposit',
  RECEIVING: 'deposit seen, waiting for its confirmations',
  SWAPPING: 'deposit received, swap scheduled',
  SENDING: 'swapped, egress being broadcast',
  SENT: 'egress broadcast, waiting for it to be witnessed',
};

function isKnownState(state: string): state is ChainflipStateValue {
  return Object.hasOwn(CHAINFLIP_STATUS_TABLE, state);
}

function failureOf(status: ChainflipStatus): string | null {
  for (const part of [status.deposit, status.swapEgress, status.refundEgress]) {
    const reason = part?.failure?.reason;
    if (reason) return [reason.name, reason.message].filter(Boolean).join(': ');
  }
  return null;
}

/** An egress that reached its chain: broadcast with a transaction ref, not failed. */
function delivered(egress: ChainflipEgress | null | undefined): egress is ChainflipEgress {
  return !!egress?.txRef && !egress.failure && BigInt(egress.amount) > 0n;
}

/**
 * Whether the backend's `destAddress` is the recipient. Bech32 is case-insensitive; an SS58 address
 * may come back under another network prefix (same account), so Assethub recipients are not compared.
 */
function sameRecipient(chain: VenueStatusRequest['toChain'], reported: string, recipient: string): boolean {
  const vm = chainInfo(chain).vm;
  if (vm === 'substrate') return true;
  if (vm === 'utxo') return reported.toLowerCase() === recipient.toLowerCase();
  return sameAddress(chain, reported, recipient);
}

/** The answer must be about the transfer asked for: same destination asset and recipient. */
function checkSameSwap(status: ChainflipStatus, request: VenueStatusRequest, context: ChainflipContext): void {
  // The answer of the channel asked about, from the source the quote priced.
  const channelId = status.depositChannel?.id;
  if (context.channelId && channelId && channelId !== context.channelId) throw badResponse(`Chainflip reports channel ${channelId}, not the channel ${context.channelId} asked about`, '/depositChannel/id');
  if (status.srcChain !== context.srcChain || status.srcAsset.toUpperCase() !== context.srcAsset.toUpperCase()) {
    throw badResponse(`Chainflip reports a swap from ${status.srcChain} ${status.srcAsset}, not the quoted ${context.srcChain} ${context.srcAsset}`, '/srcAsset');
  }
  const requested = chainflipAssetOf(request.toToken);
  if (requested && status.destChain && status.destAsset && (status.destChain !== requested.chainflipChain || status.destAsset.toUpperCase() !== requested.asset)) {
    throw badResponse(`Chainflip reports a swap into ${status.destChain} ${status.destAsset}, not the requested ${requested.chainflipChain} ${requested.asset}`, '/destAsset');
  }
  if (status.destAddress && !sameRecipient(request.toChain, status.destAddress, request.recipient)) {
    throw badResponse(`Chainflip reports a swap paying ${status.destAddress}, not the recipient ${request.recipient}`, '/destAddress');
  }
}

/** A status answer → Strait's state; COMPLETED and FAILED are decided by what was really egressed. */
export function toVenueStatus(status: ChainflipStatus, request: VenueStatusRequest, context: ChainflipContext): VenueStatus {
  const state = status.state;
  const swapEgress = status.swapEgress ?? null;
  const destinationTxHash = swapEgress?.txRef ?? null;
  if (!isKnownState(state)) {
    return { state: 'pending', venueStatus: state, destinationTxHash, receivedAmount: null, receivedAsset: null, detail: `unknown Chainflip state "${state}"; treated as pending`, unrecognized: true };
  }
  checkSameSwap(status, request, context);
  const base = { venueStatus: state, destinationTxHash, receivedAsset: null };
  const refund = status.refundEgress ?? null;
  const onChainRefund = status.swap?.onChain?.refundAmount ? BigInt(status.swap.onChain.refundAmount) : 0n;
  const output = swapEgress ? BigInt(swapEgress.amount) : status.swap?.swappedOutputAmount ? BigInt(status.swap.swappedOutputAmount) : 0n;
  const mapped = CHAINFLIP_STATUS_TABLE[state];
  if (mapped === 'pending') {
    if (state === 'WAITING' && status.depositChannel?.isExpired) {
      return { ...base, state: 'failed', receivedAmount: null, detail: 'the deposit channel expired without a deposit' };
    }
    return { ...base, state: 'pending', receivedAmount: null, detail: PENDING_DETAIL[state] ?? state };
  }
  if (mapped === 'completed') {
    const refunded = refund ? `refunded ${refund.amount} ${status.srcAsset} to the sender` : onChainRefund > 0n ? `refunded ${onChainRefund} ${status.srcAsset} on the State Chain` : null;
    if (refunded && output > 0n) return { ...base, state: 'partial', receivedAmount: output, detail: `delivered ${output}; the unswapped rest was ${refunded}` };
    if (refunded) return { ...base, state: 'refunded', receivedAmount: null, detail: refunded };
    return { ...base, state: 'completed', receivedAmount: output > 0n ? output : null, detail: null };
  }
  const reason = failureOf(status);
  if (delivered(swapEgress)) {
    return { ...base, state: 'partial', receivedAmount: output, detail: `delivered ${output}, but refunding the rest failed${reason ? ` (${reason})` : ''}` };
  }
  return { ...base, state: 'failed', receivedAmount: null, detail: reason ? `Chainflip reports the swap failed: ${reason}` : 'Chainflip reports the swap failed' };
}

/**
 * The backend's error messages (it sends `{message}` only, no codes) → rejection codes, matched by
 * these stems. Published as the module's `errorCodes`.
 */
export const CHAINFLIP_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  'expected amount is below minimum swap amount': 'below_min',
  'expected amount is above maximum swap amount': 'above_max',
  'amount is lower than estimated ingress fee': 'below_min',
  'swap amount is lower than ingress fee': 'below_min',
  'swap output amount is lower than the egress fee': 'below_min',
  'is lower than minimum egress amount': 'below_min',
  'insufficient liquidity': 'no_liquidity',
  'is disabled': 'route_not_served',
  'invalid request': 'invalid_input',
};

function messageOf(body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body) return String((body as { message: unknown }).message);
  return typeof body === 'string' ? body : '';
}

/** The last `(N)` of a message: the limit the backend names. */
function limitOf(message: string): string | null {
  const all = [...message.matchAll(/\((\d+)\)/g)];
  return all.at(-1)?.[1] ?? null;
}

function detailsOf(message: string, code: RejectionCode): Record<string, unknown> | undefined {
  const limit = limitOf(message);
  if (!limit) return undefined;
  if (code === 'above_max') return { maxAmountAtomic: limit };
  if (code !== 'below_min') return undefined;
  // The ingress fee is in source units: the amount must exceed it. The egress fee is in destination units.
  if (message.includes('ingress fee')) return { minAmountAtomic: (BigInt(limit) + 1n).toString(), ingressFeeAtomic: limit };
  if (message.includes('egress fee') || message.includes('egress amount')) return { destinationFeeAtomic: limit };
  return { minAmountAtomic: limit };
}

/**
 * A backend error → a rejection. 5xx (but a disabled asset's 503) and non-HTTP faults are returned
 * as they are, for the registry to count; the shared client answers 429 itself.
 */
export function toChainflipRejection(error: unknown): unknown {
  if (!(error instanceof VenueHttpError)) return error;
  const message = messageOf(error.body);
  const stem = Object.keys(CHAINFLIP_ERROR_CODES).find((s) => message.includes(s));
  const code = stem ? CHAINFLIP_ERROR_CODES[stem] : undefined;
  if (error.status >= 500 && code !== 'route_not_served') return error;
  if (code) return new VenueRejection(code, `Chainflip: ${message}`, detailsOf(message, code), { cause: error });
  if (error.status === 400) return new VenueRejection('no_liquidity', `Chainflip has no quote for this swap: ${message || 'bad request'}`, undefined, { cause: error });
  return new VenueRejection('venue_error', `Chainflip answered HTTP ${error.status}: ${message || 'error'}`, { status: error.status }, { cause: error });
}

/** The stored context read through {@link ChainflipContextSchema}; a context that fails is our input fault. */
export function readChainflipContext(context: JsonObject): ChainflipContext {
  const validator = validatorOf(ChainflipContextSchema);
  if (!validator.Check(context)) {
    const first = validator.Errors(context)[0];
    const path = first?.instancePath ?? '';
    throw new VenueRejection('invalid_input', `chainflip stored context is not what the adapter wrote at '${path}': ${first?.message ?? 'invalid'}`, { path: `context${path}` });
  }
  return context as ChainflipContext;
}
