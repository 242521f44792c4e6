import { decodeAbiParameters, decodeFunctionData, encodeAbiParameters, encodeFunctionData, getAbiItem, size, toFunctionSelector, type Address, type Hex } from 'viem';
import type { EvmStep } from '../../domain/steps.ts';
import type { AllowedCall, CallIntent } from '../allowList.ts';
import {
  ARB_RETRYABLE_TX,
  ARB_SYS,
  CHILD_CHAIN_ID,
  GATEWAY_TOKENS,
  INBOX,
  L1_GATEWAY_ROUTER,
  L2_GATEWAY_ROUTER,
  OUTBOX,
  PARENT_CHAIN_ID,
  arbRetryableTxAbi,
  arbSysAbi,
  gatewayTokenByL1,
  gatewayTokenByL2,
  inboxAbi,
  l1GatewayRouterAbi,
  l2GatewayRouterAbi,
  outboxAbi,
} from './arbitrumChains.ts';
import { checkExecuteCall } from './arbitrumWithdrawal.ts';

/**
 * The calls Strait builds for Arbitrum's native bridge and the checks that hold them to the
 * transfer, at build and again at submit (allow-list `check`). Every retryable this venue opens
 * names the recipient as its destination and as both refund addresses: whatever the ticket does not
 * spend (submission fee, gas, or the whole value of a ticket that expires) lands with the recipient.
 */

/** How a deposit's retryable is sized: its submission cost and the L2 gas it buys. */
export interface RetryableTerms {
  readonly maxSubmissionCost: bigint;
  readonly gasLimit: bigint;
  readonly maxFeePerGas: bigint;
}

export const retryableFee = (terms: RetryableTerms): bigint => terms.maxSubmissionCost + terms.gasLimit * terms.maxFeePerGas;

/** ETH to the recipient on Arbitrum: a retryable with no call data paying `amount` to them. */
export function ethDepositStep(recipient: Address, amount: bigint, terms: RetryableTerms): EvmStep {
  const data = encodeFunctionData({ abi: inboxAbi, functionName: 'createRetryableTicket', args: [recipient, amount, terms.maxSubmissionCost, recipient, recipient, terms.gasLimit, terms.maxFeePerGas, '0x'] });
  return { vm: 'evm', step: 'main', chainId: PARENT_CHAIN_ID, to: INBOX, data, value: amount + retryableFee(terms) };
}

/** A gateway token to the recipient on Arbitrum, through the router (the token's gateway pulls it). */
export function tokenDepositStep(l1Token: Address, recipient: Address, amount: bigint, terms: RetryableTerms): EvmStep {
  const extra = encodeAbiParameters([{ type: 'uint256' }, { type: 'bytes' }], [terms.maxSubmissionCost, '0x']);
  const data = encodeFunctionData({ abi: l1GatewayRouterAbi, functionName: 'outboundTransferCustomRefund', args: [l1Token, recipient, recipient, amount, terms.gasLimit, terms.maxFeePerGas, extra] });
  return { vm: 'evm', step: 'main', chainId: PARENT_CHAIN_ID, to: L1_GATEWAY_ROUTER, data, value: retryableFee(terms) };
}

export function ethWithdrawalStep(recipient: Address, amount: bigint): EvmStep {
  return { vm: 'evm', step: 'main', chainId: CHILD_CHAIN_ID, to: ARB_SYS, data: encodeFunctionData({ abi: arbSysAbi, functionName: 'withdrawEth', args: [recipient] }), value: amount };
}

export function tokenWithdrawalStep(l1Token: Address, recipient: Address, amount: bigint): EvmStep {
  return { vm: 'evm', step: 'main', chainId: CHILD_CHAIN_ID, to: L2_GATEWAY_ROUTER, data: encodeFunctionData({ abi: l2GatewayRouterAbi, functionName: 'outboundTransfer', args: [l1Token, recipient, amount, '0x'] }), value: 0n };
}

/** The claim of a deposit whose automatic redeem failed: anyone may redeem the ticket again. */
export function ticketRedeemStep(ticketId: Hex): EvmStep {
  return { vm: 'evm', step: 'redeem', chainId: CHILD_CHAIN_ID, to: ARB_RETRYABLE_TX, data: encodeFunctionData({ abi: arbRetryableTxAbi, functionName: 'redeem', args: [ticketId] }), value: 0n };
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

function feeWithin(fee: bigint, intent: CallIntent): string | null {
  return intent.nativeFee !== undefined && fee > intent.nativeFee ? `pays ${fee} wei for the retryable, more than the ${intent.nativeFee} declared` : null;
}

export function checkEthDeposit(data: Hex, value: bigint, intent: CallIntent): string | null {
  let args;
  try {
    const decoded = decodeFunctionData({ abi: inboxAbi, data });
    if (decoded.functionName !== 'createRetryableTicket') return `calls ${decoded.functionName}, not createRetryableTicket`;
    args = decoded.args;
  } catch {
    return 'is not a createRetryableTicket Strait can read';
  }
  const [to, l2CallValue, maxSubmissionCost, excessFeeRefundAddress, callValueRefundAddress, gasLimit, maxFeePerGas, payload] = args;
  if (intent.sourceToken !== null) return 'deposits ETH for a token transfer';
  if (intent.destinationChainId !== CHILD_CHAIN_ID) return `opens a ticket on Arbitrum One, not on ${intent.destinationChainId ?? 'a non-EVM chain'}`;
  if (!same(to, intent.recipient)) return `pays ${to}, not the recipient ${intent.recipient}`;
  if (!same(excessFeeRefundAddress, intent.recipient) || !same(callValueRefundAddress, intent.recipient)) return `refunds to ${excessFeeRefundAddress} and ${callValueRefundAddress}, not the recipient`;
  if (l2CallValue !== intent.amount) return `moves ${l2CallValue} wei, not the ${intent.amount} asked`;
  if (size(payload) !== 0) return 'carries call data for the recipient';
  const fee = retryableFee({ maxSubmissionCost, gasLimit, maxFeePerGas });
  if (value !== l2CallValue + fee) return `sends ${value} wei, not the amount plus the ticket's ${fee} wei`;
  return feeWithin(fee, intent);
}

export function checkTokenDeposit(data: Hex, value: bigint, intent: CallIntent): string | null {
  let args;
  try {
    const decoded = decodeFunctionData({ abi: l1GatewayRouterAbi, data });
    if (decoded.functionName !== 'outboundTransferCustomRefund') return `calls ${decoded.functionName}, not outboundTransferCustomRefund`;
    args = decoded.args;
  } catch {
    return 'is not an outboundTransferCustomRefund Strait can read';
  }
  const [token, refundTo, to, amount, maxGas, gasPriceBid, extra] = args;
  if (intent.sourceToken === null || !same(token, intent.sourceToken) || !gatewayTokenByL1(token)) return `deposits ${token}, not the transfer's gateway token`;
  if (intent.destinationChainId !== CHILD_CHAIN_ID) return `deposits to Arbitrum One, not to ${intent.destinationChainId ?? 'a non-EVM chain'}`;
  if (!same(to, intent.recipient) || !same(refundTo, intent.recipient)) return `deposits to ${to} refunding ${refundTo}, not the recipient ${intent.recipient}`;
  if (amount !== intent.amount) return `deposits ${amount}, not the ${intent.amount} asked`;
  let maxSubmissionCost: bigint;
  try {
    const [cost, callHookData] = decodeAbiParameters([{ type: 'uint256' }, { type: 'bytes' }], extra);
    if (size(callHookData) !== 0) return 'asks the gateway to call the recipient';
    maxSubmissionCost = cost;
  } catch {
    return 'carries a gateway payload Strait cannot read';
  }
  const fee = retryableFee({ maxSubmissionCost, gasLimit: maxGas, maxFeePerGas: gasPriceBid });
  if (value !== fee) return `sends ${value} wei, not the ticket's ${fee} wei`;
  return feeWithin(fee, intent);
}

export function checkEthWithdrawal(data: Hex, value: bigint, intent: CallIntent): string | null {
  let destination: Address;
  try {
    const decoded = decodeFunctionData({ abi: arbSysAbi, data });
    if (decoded.functionName !== 'withdrawEth') return `calls ${decoded.functionName}, not withdrawEth`;
    [destination] = decoded.args;
  } catch {
    return 'is not a withdrawEth Strait can read';
  }
  if (intent.sourceToken !== null) return 'withdraws ETH for a token transfer';
  if (intent.destinationChainId !== PARENT_CHAIN_ID) return `withdraws to Ethereum, not to ${intent.destinationChainId ?? 'a non-EVM chain'}`;
  if (!same(destination, intent.recipient)) return `withdraws to ${destination}, not the recipient ${intent.recipient}`;
  return value === intent.amount ? null : `withdraws ${value} wei, not the ${intent.amount} asked`;
}

export function checkTokenWithdrawal(data: Hex, value: bigint, intent: CallIntent): string | null {
  let args;
  try {
    const decoded = decodeFunctionData({ abi: l2GatewayRouterAbi, data });
    if (decoded.functionName !== 'outboundTransfer') return `calls ${decoded.functionName}, not outboundTransfer`;
    args = decoded.args;
  } catch {
    return 'is not an outboundTransfer Strait can read';
  }
  const [l1Token, to, amount, payload] = args;
  const token = intent.sourceToken === null ? undefined : gatewayTokenByL2(intent.sourceToken);
  if (!token || !same(token.l1, l1Token)) return `withdraws the counterpart of ${l1Token}, not the transfer's gateway token`;
  if (intent.destinationChainId !== PARENT_CHAIN_ID) return `withdraws to Ethereum, not to ${intent.destinationChainId ?? 'a non-EVM chain'}`;
  if (!same(to, intent.recipient)) return `withdraws to ${to}, not the recipient ${intent.recipient}`;
  if (amount !== intent.amount) return `withdraws ${amount}, not the ${intent.amount} asked`;
  if (size(payload) !== 0) return 'carries gateway data';
  return value === 0n ? null : `sends ${value} wei with a token withdrawal`;
}

/**
 * The claim of a deposit: the redeem of a ticket. Its id is a hash the call cannot be compared with
 * the transfer by, so status hands one out only for the ticket it derived from this transfer's own
 * parent-chain receipt (and submit checks the signed call is that stored step).
 */
export function checkTicketRedeem(data: Hex, value: bigint, intent: CallIntent): string | null {
  if (value !== 0n) return 'sends native units with redeem';
  try {
    const decoded = decodeFunctionData({ abi: arbRetryableTxAbi, data });
    if (decoded.functionName !== 'redeem') return `calls ${decoded.functionName}, not redeem`;
  } catch {
    return 'is not a redeem Strait can read';
  }
  return intent.destinationChainId === CHILD_CHAIN_ID ? null : 'redeems a ticket of a transfer that does not go to Arbitrum One';
}

const selector = <A extends readonly unknown[]>(abi: A, name: string): Hex => toFunctionSelector(getAbiItem({ abi: abi as never, name } as never) as never);

/** The venue's allow-list: per chain, the bridge entry points and the gateways approvals may name. */
export const ARBITRUM_CALLS: readonly AllowedCall[] = [
  { chainId: PARENT_CHAIN_ID, to: INBOX, selectors: [selector(inboxAbi, 'createRetryableTicket')], check: checkEthDeposit },
  { chainId: PARENT_CHAIN_ID, to: L1_GATEWAY_ROUTER, selectors: [selector(l1GatewayRouterAbi, 'outboundTransferCustomRefund')], check: checkTokenDeposit },
  // The gateways pull the deposited tokens: approvable, never called.
  ...GATEWAY_TOKENS.map((token) => ({ chainId: PARENT_CHAIN_ID, to: token.l1Gateway, selectors: [] as Hex[] })),
  { chainId: CHILD_CHAIN_ID, to: ARB_SYS, selectors: [selector(arbSysAbi, 'withdrawEth')], check: checkEthWithdrawal },
  { chainId: CHILD_CHAIN_ID, to: L2_GATEWAY_ROUTER, selectors: [selector(l2GatewayRouterAbi, 'outboundTransfer')], check: checkTokenWithdrawal },
];

export const ARBITRUM_REDEEM_CALLS: readonly AllowedCall[] = [
  { chainId: PARENT_CHAIN_ID, to: OUTBOX, selectors: [selector(outboxAbi, 'executeTransaction')], check: checkExecuteCall },
  { chainId: CHILD_CHAIN_ID, to: ARB_RETRYABLE_TX, selectors: [selector(arbRetryableTxAbi, 'redeem')], check: checkTicketRedeem },
];
