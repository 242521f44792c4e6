import { decodeEventLog, decodeFunctionData, encodeFunctionData, getAddress, isHex, size, type Address, type Hex } from 'viem';
import type { EvmStep } from '../../domain/steps.ts';
import type { CallIntent } from '../allowList.ts';
import { ARB_SYS, OUTBOX, PARENT_CHAIN_ID, gatewayAbi, gatewayTokenByL1, gatewayTokenByL2, l2ToL1TxEvent, outboxAbi } from './arbitrumChains.ts';

/**
 * An L2→L1 message as ArbSys records it (`L2ToL1Tx`): after the rollup confirms an assertion that
 * includes it, anyone executes it on Ethereum with `Outbox.executeTransaction` and the proof
 * NodeInterface's `constructOutboxProof` gives. An ETH withdrawal pays `destination` the callvalue;
 * a token withdrawal calls the L1 gateway's `finalizeInboundTransfer`.
 */
export interface L2ToL1Message {
  readonly caller: Address;
  readonly destination: Address;
  readonly position: bigint;
  readonly arbBlockNum: bigint;
  readonly ethBlockNum: bigint;
  readonly timestamp: bigint;
  readonly callvalue: bigint;
  readonly data: Hex;
}

/** The L2→L1 messages a child-chain receipt sent through ArbSys, in log order. */
export function l2ToL1MessagesOf(logs: readonly { readonly address: string; readonly topics: readonly Hex[]; readonly data: Hex }[]): L2ToL1Message[] {
  const result: L2ToL1Message[] = [];
  for (const log of logs) {
    if (log.address.toLowerCase() !== ARB_SYS.toLowerCase()) continue;
    try {
      const { args } = decodeEventLog({ abi: [l2ToL1TxEvent], data: log.data, topics: log.topics as [Hex, ...Hex[]] });
      result.push({ caller: args.caller, destination: args.destination, position: args.position, arbBlockNum: args.arbBlockNum, ethBlockNum: args.ethBlockNum, timestamp: args.timestamp, callvalue: args.callvalue, data: args.data });
    } catch {
      // ArbSys's other events
    }
  }
  return result;
}

/** What the transfer's withdrawal must look like on L1. */
export interface ExpectedWithdrawal {
  /** The source (L2) token, `null` for ETH. */
  readonly l2Token: string | null;
  readonly recipient: string;
  readonly amount: bigint;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** Why the message is not this transfer's withdrawal, or `null` when it is. Never throws. */
export function whyNotOurWithdrawal(message: Pick<L2ToL1Message, 'caller' | 'destination' | 'callvalue' | 'data'>, expected: ExpectedWithdrawal, sender?: string): string | null {
  if (expected.l2Token === null) {
    if (!same(message.destination, expected.recipient)) return `pays ${message.destination}, not the recipient ${expected.recipient}`;
    if (message.callvalue !== expected.amount) return `carries ${message.callvalue} wei, not the ${expected.amount} withdrawn`;
    if (size(message.data) !== 0) return 'carries call data (an ETH withdrawal carries none)';
    if (sender !== undefined && !same(message.caller, sender)) return `was sent by ${message.caller}, not the sender`;
    return null;
  }
  const token = gatewayTokenByL2(expected.l2Token);
  if (!token) return `withdraws ${expected.l2Token}, a token Strait does not route through the gateways`;
  if (!same(message.caller, token.l2Gateway) || !same(message.destination, token.l1Gateway)) return `is a message from ${message.caller} to ${message.destination}, not between the token's gateways`;
  const value = token.withdrawalCallValue === 'amount' ? expected.amount : 0n;
  if (message.callvalue !== value) return `carries ${message.callvalue} wei, not ${value}`;
  let args: readonly [Address, Address, Address, bigint, Hex];
  try {
    const decoded = decodeFunctionData({ abi: gatewayAbi, data: message.data });
    args = decoded.args;
  } catch {
    return 'is not a finalizeInboundTransfer Strait can read';
  }
  const [l1Token, , to, amount] = args;
  if (!same(l1Token, token.l1)) return `releases ${l1Token}, not ${token.l1}`;
  if (!same(to, expected.recipient)) return `releases to ${to}, not the recipient ${expected.recipient}`;
  if (amount !== expected.amount) return `releases ${amount}, not the ${expected.amount} withdrawn`;
  return null;
}

/** The claim: `Outbox.executeTransaction` of a confirmed message with its proof. */
export function executeStep(message: L2ToL1Message, proof: readonly Hex[]): EvmStep {
  const data = encodeFunctionData({
    abi: outboxAbi,
    functionName: 'executeTransaction',
    args: [proof, message.position, getAddress(message.caller), getAddress(message.destination), message.arbBlockNum, message.ethBlockNum, message.timestamp, message.callvalue, message.data],
  });
  return { vm: 'evm', step: 'redeem', chainId: PARENT_CHAIN_ID, to: OUTBOX, data, value: 0n };
}

/**
 * The allow-list check of an `executeTransaction` redeem against the transfer (allowList.redeemCalls):
 * the executed message must pay this transfer's recipient its amount, and carry a proof. The Outbox
 * itself refuses a message whose proof does not reach a confirmed root.
 */
export function checkExecuteCall(data: Hex, value: bigint, intent: CallIntent): string | null {
  if (value !== 0n) return 'sends native units with executeTransaction';
  let args: readonly unknown[];
  try {
    const decoded = decodeFunctionData({ abi: outboxAbi, data });
    if (decoded.functionName !== 'executeTransaction') return `calls ${decoded.functionName}, not executeTransaction`;
    args = decoded.args;
  } catch {
    return 'is not an executeTransaction Strait can read';
  }
  const [proof, , l2Sender, to, , , , callvalue, payload] = args as [readonly Hex[], bigint, Address, Address, bigint, bigint, bigint, bigint, Hex];
  if (proof.length === 0 || !proof.every((node) => isHex(node))) return 'carries no outbox proof';
  if (intent.destinationChainId !== PARENT_CHAIN_ID) return `executes on chain ${PARENT_CHAIN_ID}, not the destination ${intent.destinationChainId ?? 'none'}`;
  const why = whyNotOurWithdrawal({ caller: l2Sender, destination: to, callvalue, data: payload }, { l2Token: intent.sourceToken, recipient: intent.recipient, amount: intent.amount });
  return why ? `executes a message that ${why}` : null;
}

/** The L1 token a withdrawal releases, for the token check of an L2GatewayRouter call. */
export const l1TokenOf = (l2Token: string): Address | undefined => gatewayTokenByL2(l2Token)?.l1;
export { gatewayTokenByL1 };
