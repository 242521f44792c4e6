import { getAddress, type Hex } from 'viem';
import { sameEvmAddress } from '../../domain/addresses/sameAddress.ts';
import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import type { RejectionCode } from '../../domain/errors.ts';
import { evmChainId } from '../../domain/chains.ts';
import type { JsonObject } from '../../domain/steps.ts';
import { validatorOf } from '../../domain/validatorOf.ts';
import { badResponse } from '../depositVenueSupport.ts';
import { VenueRejection, type DepositPlan, type StepsPlan, type VenueQuote, type VenueQuoteRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { sameGardenAsset, type GardenAsset } from './gardenChains.ts';
import { decodeInitiate, whyNotInitiate } from './gardenInitiateCall.ts';
import { GardenContextSchema, type GardenContext, type GardenCreatedOrder, type GardenEvmTransaction, type GardenQuote } from './gardenSchemas.ts';
import { INITIATE_DEADLINE_MS } from './gardenStatus.ts';

/** Slippage Strait gives the order, in bps (the docs' example value); `minAmountOut` is the quote after it. */
export const SLIPPAGE_BPS = 50n;

export function minAfterSlippage(amountOut: bigint): bigint {
  return amountOut - (amountOut * SLIPPAGE_BPS) / 10_000n;
}

/** The `GET /v2/quote` query of an EXACT_IN request. */
export function toQuoteQuery(from: GardenAsset, to: GardenAsset, amountIn: bigint): Record<string, string> {
  return { from: from.id, to: to.id, from_amount: amountIn.toString() };
}

/**
 * Garden's solver rows → the row Strait ranks: the best output among the rows that price exactly
 * the asked pair and amount. Garden's fees (protocol, solver) are already out of
 * `destination.amount`, so it is the net output.
 */
export function toVenueQuote(rows: readonly GardenQuote[], request: VenueQuoteRequest, from: GardenAsset, to: GardenAsset): VenueQuote {
  if (rows.length === 0) throw new VenueRejection('no_liquidity', 'Garden has no solver quote for this swap');
  for (const [index, row] of rows.entries()) {
    if (!sameGardenAsset(row.source.asset, from.id) || !sameGardenAsset(row.destination.asset, to.id)) {
      throw badResponse(`Garden priced ${row.source.asset} → ${row.destination.asset} instead of ${from.id} → ${to.id}`, `/result/${index}`);
    }
    if (BigInt(row.source.amount) !== request.amountIn) {
      throw badResponse(`Garden priced ${row.source.amount} instead of the requested ${request.amountIn}`, `/result/${index}/source/amount`);
    }
  }
  const best = rows.reduce((a, b) => (BigInt(b.destination.amount) > BigInt(a.destination.amount) ? b : a));
  const amountOut = BigInt(best.destination.amount);
  const context: GardenContext = { fromAsset: from.id, toAsset: to.id, solverId: best.solver_id ?? null };
  return {
    amountIn: request.amountIn,
    amountOut,
    minAmountOut: minAfterSlippage(amountOut),
    // Without Garden's estimate there is none: the time is mostly the source chain's confirmations.
    estimatedSeconds: best.estimated_time ?? null,
    expiresAt: null,
    context: { ...context },
  };
}

/**
 * The `POST /v2/orders` body: the priced pair and amounts, no secret hash, so Garden keeps the
 * secret and redeems to the recipient itself ("one-click"): the user signs only the source deposit.
 */
export function toOrderBody(request: VenueQuoteRequest, context: GardenContext, amountOut: bigint): Record<string, unknown> {
  return {
    source: { asset: context.fromAsset, owner: request.sender, amount: request.amountIn.toString() },
    destination: { asset: context.toAsset, owner: request.recipient, amount: amountOut.toString() },
    slippage: Number(SLIPPAGE_BPS),
    ...(context.solverId ? { solver_id: context.solverId } : {}),
  };
}

/** Bitcoin source: the order's HTLC address, paid exactly the amount asked, within Garden's hour. */
export function toDepositPlan(order: GardenCreatedOrder, request: VenueQuoteRequest, context: GardenContext, amountOut: bigint, now: number): DepositPlan {
  const address = order.to;
  if (!address) throw badResponse('Garden order for a Bitcoin source has no HTLC address', '/result/to');
  if (!isValidAddress(request.fromChain, address)) throw badResponse(`Garden HTLC address ${address} is not a ${request.fromChain} address`, '/result/to');
  if (order.amount === undefined || BigInt(order.amount) !== request.amountIn) {
    throw badResponse(`Garden asked for ${String(order.amount)} instead of ${request.amountIn}`, '/result/amount');
  }
  const minAmountOut = minAfterSlippage(amountOut);
  const stored: GardenContext = { ...context, orderId: order.order_id, depositAddress: address, minAmountOut: minAmountOut.toString() };
  return {
    shape: 'deposit',
    deposit: { chain: request.fromChain, address, token: null, amount: request.amountIn, memo: null, deadlineMs: now + INITIATE_DEADLINE_MS },
    fundingStep: null,
    amountOut,
    minAmountOut,
    context: { ...stored },
  };
}

/** The EVM initiate call of an order (`initiate_transaction`, or `transaction` in older answers). */
function initiateOf(order: GardenCreatedOrder): GardenEvmTransaction {
  const tx = order.initiate_transaction ?? order.transaction;
  if (!tx) throw badResponse('Garden order for an EVM source has no initiate_transaction', '/result/initiate_transaction');
  return tx;
}

/**
 * Where the order's typed data (the gasless initiate) disagrees with its initiate call, or `null`:
 * both come from one answer and must lock the same thing in the same contract.
 */
function typedDataMismatch(order: GardenCreatedOrder, tx: GardenEvmTransaction): string | null {
  const typed = order.typed_data;
  if (!typed) return null;
  const args = decodeInitiate(tx.data as Hex);
  if (!args) return null;
  const { domain, message } = typed;
  if (typeof domain.verifyingContract === 'string' && !sameEvmAddress(domain.verifyingContract, tx.to)) return 'verifyingContract';
  const asBig = (v: unknown): bigint | null => {
    try {
      return typeof v === 'string' || (typeof v === 'number' && Number.isSafeInteger(v)) ? BigInt(v) : null;
    } catch {
      return null;
    }
  };
  if (typeof message.redeemer === 'string' && !sameEvmAddress(message.redeemer, args.redeemer)) return 'redeemer';
  if (message.amount !== undefined && asBig(message.amount) !== args.amount) return 'amount';
  if (message.timelock !== undefined && asBig(message.timelock) !== args.timelock) return 'timelock';
  if (typeof message.secretHash === 'string' && message.secretHash.toLowerCase() !== args.secretHash.toLowerCase()) return 'secretHash';
  return null;
}

/**
 * EVM source: the order's `initiate` of the pinned HTLC, checked against the transfer; the approval
 * Garden proposes (unlimited) is left out and Strait's exact one is asked for instead.
 */
export function toStepsPlan(order: GardenCreatedOrder, request: VenueQuoteRequest, from: GardenAsset, context: GardenContext, amountOut: bigint): StepsPlan {
  const tx = initiateOf(order);
  const chainId = evmChainId(request.fromChain);
  if (tx.chain_id !== chainId) throw badResponse(`Garden initiate is for chain ${tx.chain_id}, not ${chainId}`, '/result/initiate_transaction/chain_id');
  if (!from.htlc || !from.address || !sameEvmAddress(tx.to, from.htlc)) {
    throw badResponse(`Garden initiate calls ${tx.to}, not the ${from.id} HTLC ${from.htlc ?? '(none)'}`, '/result/initiate_transaction/to');
  }
  const value = tx.value === undefined ? 0n : BigInt(tx.value);
  const problem = whyNotInitiate(tx.data as Hex, value, { amount: request.amountIn });
  if (problem) throw badResponse(`Garden initiate ${problem}`, '/result/initiate_transaction/data');
  const mismatch = typedDataMismatch(order, tx);
  if (mismatch) throw badResponse(`Garden typed data disagrees with its initiate call on ${mismatch}`, `/result/typed_data`);
  const minAmountOut = minAfterSlippage(amountOut);
  const stored: GardenContext = { ...context, orderId: order.order_id, minAmountOut: minAmountOut.toString() };
  const htlc = getAddress(from.htlc);
  return {
    shape: 'steps',
    steps: [{ vm: 'evm', step: 'main', chainId, to: htlc, data: tx.data as Hex, value: 0n }],
    approval: { chainId, token: getAddress(from.address), spender: htlc, amount: request.amountIn },
    amountOut,
    minAmountOut,
    context: { ...stored },
  };
}

/**
 * Garden's error texts → rejection codes. Garden answers `{"status":"Error","error":"<text>"}`
 * (HTTP 400 on quote), with no code: the table matches the texts integrators see.
 */
export const GARDEN_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  'expected amount to be within the range': 'below_min',
  'No order pair found': 'route_not_served',
  'insufficient liquidity': 'no_liquidity',
};

const RANGE = /within the range of (\d+) to (\d+)/i;

/** An error answer's text → the typed refusal, with the limits when Garden states them. */
export function rejectionOfText(text: string, amountIn: bigint, cause?: unknown): VenueRejection {
  const range = RANGE.exec(text);
  if (range) {
    const [min, max] = [BigInt(range[1]!), BigInt(range[2]!)];
    if (amountIn > max) return new VenueRejection('above_max', `Garden maximum is ${max}: ${text}`, { maxAmountAtomic: max.toString(), minAmountAtomic: min.toString() }, { cause });
    return new VenueRejection('below_min', `Garden minimum is ${min}: ${text}`, { minAmountAtomic: min.toString(), maxAmountAtomic: max.toString() }, { cause });
  }
  const lower = text.toLowerCase();
  for (const [fragment, code] of Object.entries(GARDEN_ERROR_CODES)) {
    if (lower.includes(fragment.toLowerCase())) return new VenueRejection(code, `Garden refused: ${text}`, undefined, { cause });
  }
  return new VenueRejection('venue_error', `Garden refused: ${text || 'error'}`, undefined, { cause });
}

function errorTextOf(body: unknown): string {
  if (body && typeof body === 'object' && 'error' in body && typeof (body as { error: unknown }).error === 'string') return (body as { error: string }).error;
  return typeof body === 'string' ? body : '';
}

/** A thrown venue call → a typed refusal; 5xx and transport faults go on to the registry as they are. */
export function toGardenRejection(error: unknown, amountIn: bigint): unknown {
  if (!(error instanceof VenueHttpError)) return error;
  if (error.status >= 500) return error;
  const text = errorTextOf(error.body);
  if (error.status === 401 || error.status === 403) {
    return new VenueRejection('venue_error', `Garden refused the app id (HTTP ${error.status}): ${text || 'unauthorized'}`, { status: error.status }, { cause: error });
  }
  return rejectionOfText(text, amountIn, error);
}

/** An envelope answered 200 with `status: "Error"` (or without a result) → the typed refusal. */
export function resultOf<T>(answer: { status: string; result?: T; error?: string | null }, amountIn: bigint): T {
  if (answer.status === 'Ok' && answer.result !== undefined) return answer.result;
  throw rejectionOfText(answer.error ?? `status ${answer.status} without a result`, amountIn);
}

/** The stored context read through {@link GardenContextSchema}; one that fails is our input fault. */
export function readGardenContext(context: JsonObject): GardenContext {
  const validator = validatorOf(GardenContextSchema);
  if (!validator.Check(context)) {
    const first = validator.Errors(context)[0];
    const path = first?.instancePath ?? '';
    throw new VenueRejection('invalid_input', `garden stored context is not what the adapter wrote at '${path}': ${first?.message ?? 'invalid'}`, { path: `context${path}` });
  }
  return context as GardenContext;
}
