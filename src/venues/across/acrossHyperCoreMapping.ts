import { decodeFunctionData, erc20Abi, getAddress, pad, type Hex } from 'viem';
import { sameEvmAddress } from '../../domain/addresses/sameAddress.ts';
import type { JsonObject } from '../../domain/steps.ts';
import { VenueRejection, type Approval, type StepsPlan, type VenueQuote, type VenueQuoteRequest } from '../Venue.ts';
import { ACROSS_HYPERCORE_CHAIN_ID, ACROSS_HYPERCORE_DECIMALS, ACROSS_HYPERCORE_USDC_SPOT, HYPEREVM_CCTP_DOMAIN, sponsoredCctpSrcPeripheryAbi, spotToStrait, type HyperCoreOrigin } from './acrossHyperCore.ts';
import { QUOTE_TTL_MS } from './acrossMapping.ts';
import type { AcrossHyperCoreContext, AcrossSwapApproval } from './acrossSchemas.ts';

/**
 * Across Swap API answers for a HyperCore destination → Strait's row and plan. Every answer is vetted
 * as if it were about to be signed: the origin call must be the pinned periphery's `depositForBurn`
 * of exactly the amount, of the origin's USDC, minting on HyperEVM, for the requested recipient.
 */

/** A signed sponsored quote must still have this long to run when the wallet's transaction lands. */
const DEADLINE_MARGIN_SECONDS = 60;

/** The `GET /swap/approval` query of an exact-input USDC → USDC-SPOT credit. */
export function hyperCoreQuery(request: VenueQuoteRequest, origin: HyperCoreOrigin): Record<string, string | number> {
  return {
    tradeType: 'exactInput',
    amount: request.amountIn.toString(),
    inputToken: origin.usdc,
    outputToken: ACROSS_HYPERCORE_USDC_SPOT,
    originChainId: origin.chain.chainId,
    destinationChainId: ACROSS_HYPERCORE_CHAIN_ID,
    depositor: request.sender,
    recipient: request.recipient,
  };
}

interface VettedSwap {
  readonly amountOut: bigint;
  readonly minAmountOut: bigint;
  readonly approval: Approval;
  readonly data: Hex;
  /** The signed quote's deadline, epoch seconds. */
  readonly deadline: bigint;
}

function bad(message: string, path: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path });
}

const bytes32 = (address: string): Hex => pad(address.toLowerCase() as Hex, { size: 32 });

/** Checks the whole answer against the request; what it returns is safe to hand to a wallet. */
export function vetHyperCoreSwap(body: AcrossSwapApproval, request: VenueQuoteRequest, origin: HyperCoreOrigin): VettedSwap {
  if (BigInt(body.inputAmount) !== request.amountIn) throw bad(`Across priced ${body.inputAmount}, not ${request.amountIn}`, '/inputAmount');
  const out = body.outputToken;
  if (out && (!sameEvmAddress(out.address, ACROSS_HYPERCORE_USDC_SPOT) || (out.chainId !== undefined && out.chainId !== ACROSS_HYPERCORE_CHAIN_ID))) {
    throw bad(`Across priced output token ${out.address} on chain ${String(out.chainId)}, not USDC-SPOT on HyperCore`, '/outputToken');
  }
  const tx = body.swapTx;
  if (tx.chainId !== origin.chain.chainId) throw bad(`Across swapTx is on chain ${tx.chainId}, not ${origin.chain.chainId}`, '/swapTx/chainId');
  if (!sameEvmAddress(tx.to, origin.periphery)) throw bad(`Across swapTx calls ${tx.to}, not the pinned SponsoredCCTPSrcPeriphery of ${origin.chain.key}`, '/swapTx/to');
  if (tx.value != null && BigInt(tx.value) !== 0n) throw bad('Across swapTx sends native value for a USDC deposit', '/swapTx/value');
  const quote = decodeDeposit(tx.data as Hex);
  if (quote.amount !== request.amountIn) throw bad(`Across depositForBurn burns ${quote.amount}, not ${request.amountIn}`, '/swapTx/data');
  if (quote.burnToken.toLowerCase() !== bytes32(origin.usdc)) throw bad('Across depositForBurn burns another token than the origin USDC', '/swapTx/data');
  if (quote.destinationDomain !== HYPEREVM_CCTP_DOMAIN) throw bad(`Across depositForBurn mints on CCTP domain ${quote.destinationDomain}, not HyperEVM`, '/swapTx/data');
  if (quote.finalRecipient.toLowerCase() !== bytes32(request.recipient)) throw bad('Across depositForBurn credits another account than the recipient', '/swapTx/data');
  vetApprovals(body, origin, request.amountIn);
  const decimals = out?.decimals ?? ACROSS_HYPERCORE_DECIMALS;
  return {
    amountOut: spotToStrait(BigInt(body.expectedOutputAmount), decimals, request.toToken.decimals),
    minAmountOut: spotToStrait(BigInt(body.minOutputAmount), decimals, request.toToken.decimals),
    approval: { chainId: origin.chain.chainId, token: getAddress(origin.usdc), spender: getAddress(origin.periphery), amount: request.amountIn },
    data: tx.data as Hex,
    deadline: quote.deadline,
  };
}

function decodeDeposit(data: Hex) {
  try {
    // The Swap API appends its integrator and marker tags after the ABI payload; decoding reads by offset.
    const { functionName, args } = decodeFunctionData({ abi: sponsoredCctpSrcPeripheryAbi, data });
    if (functionName !== 'depositForBurn') throw new Error(functionName);
    return args[0];
  } catch {
    throw bad('Across swapTx is not SponsoredCCTPSrcPeriphery.depositForBurn', '/swapTx/data');
  }
}

/** Approvals may only be of the origin USDC to the pinned periphery (the engine approves the exact amount itself). */
function vetApprovals(body: AcrossSwapApproval, origin: HyperCoreOrigin, amountIn: bigint): void {
  for (const [index, approval] of (body.approvalTxns ?? []).entries()) {
    const path = `/approvalTxns/${index}`;
    if (approval.chainId !== origin.chain.chainId || !sameEvmAddress(approval.to, origin.usdc)) throw bad(`Across asks to approve ${approval.to} on chain ${approval.chainId}`, path);
    let decoded;
    try {
      decoded = decodeFunctionData({ abi: erc20Abi, data: approval.data as Hex });
    } catch {
      throw bad('Across approval calldata does not decode', path);
    }
    if (decoded.functionName !== 'approve') throw bad(`Across approval calls ${decoded.functionName}`, path);
    const [spender, amount] = decoded.args;
    if (!sameEvmAddress(spender, origin.periphery)) throw bad(`Across approval spender ${spender} is not the pinned periphery`, path);
    if (amount < amountIn) throw bad(`Across approval of ${amount} does not cover ${amountIn}`, path);
  }
}

/**
 * When the row stops holding: Across's cache limit, the Swap API's own expiry when it states one, and
 * a minute before the signed sponsored quote's deadline (after it the periphery refuses the deposit).
 */
function expiryOf(body: AcrossSwapApproval, deadline: bigint, now: number): number {
  const limits = [now + QUOTE_TTL_MS, (Number(deadline) - DEADLINE_MARGIN_SECONDS) * 1000];
  const stated = body.quoteExpiryTimestamp == null ? 0 : Number(body.quoteExpiryTimestamp);
  if (stated > 0) limits.push(stated * 1000);
  return Math.min(...limits);
}

export function toHyperCoreQuote(body: AcrossSwapApproval, request: VenueQuoteRequest, origin: HyperCoreOrigin, now: number): VenueQuote {
  const swap = vetHyperCoreSwap(body, request, origin);
  const expiresAt = expiryOf(body, swap.deadline, now);
  if (expiresAt <= now) throw bad(`Across signed the quote until ${swap.deadline}, too soon for a deposit now`, '/swapTx/data');
  if (swap.amountOut <= 0n) throw new VenueRejection('below_min', 'Across would credit nothing for this amount');
  const context: AcrossHyperCoreContext & JsonObject = { route: 'hypercore', originChainId: origin.chain.chainId, destinationChainId: ACROSS_HYPERCORE_CHAIN_ID, outputAmount: swap.amountOut.toString() };
  return {
    amountIn: request.amountIn,
    amountOut: swap.amountOut,
    minAmountOut: swap.minAmountOut,
    estimatedSeconds: body.expectedFillTime ?? null,
    expiresAt,
    context,
  };
}

export function toHyperCorePlan(body: AcrossSwapApproval, request: VenueQuoteRequest, origin: HyperCoreOrigin): StepsPlan {
  const swap = vetHyperCoreSwap(body, request, origin);
  const context: AcrossHyperCoreContext & JsonObject = { route: 'hypercore', originChainId: origin.chain.chainId, destinationChainId: ACROSS_HYPERCORE_CHAIN_ID, outputAmount: swap.amountOut.toString() };
  return {
    shape: 'steps',
    // The pinned address, not the venue's spelling of it, is what the wallet signs.
    steps: [{ vm: 'evm', step: 'main', chainId: origin.chain.chainId, to: getAddress(origin.periphery), data: swap.data, value: 0n }],
    approval: swap.approval,
    amountOut: swap.amountOut,
    minAmountOut: swap.minAmountOut,
    context,
  };
}
