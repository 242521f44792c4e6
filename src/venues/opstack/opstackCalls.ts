import { decodeFunctionData, encodeAbiParameters, encodeFunctionData, keccak256, parseAbiParameters, size, type Address, type Hex } from 'viem';
import type { EvmStep } from '../../domain/steps.ts';
import type { CallIntent } from '../allowList.ts';
import {
  crossDomainMessengerAbi,
  l1StandardBridgeAbi,
  l2StandardBridgeAbi,
  L1_CHAIN_ID,
  L2_CROSS_DOMAIN_MESSENGER,
  L2_STANDARD_BRIDGE,
  LEGACY_ERC20_ETH,
  MIN_GAS_LIMIT,
  opStackChainById,
  portalAbi,
  type OpStackChain,
  type OpStackTokenPair,
} from './opstackChains.ts';

/**
 * The Standard Bridge calls Strait builds and accepts, and the withdrawal a claim proves and
 * finalizes. Every check here answers why a call does not do what the transfer asked (recipient,
 * amount, token pair, the chain's own contracts), or `null`; build and submit both run them.
 */

const same = (a: string | null | undefined, b: string | null | undefined): boolean => a != null && b != null && a.toLowerCase() === b.toLowerCase();

/** The L2 withdrawal as L2ToL1MessagePasser recorded it (`MessagePassed`) and the portal takes it. */
export interface WithdrawalTransaction {
  readonly nonce: bigint;
  readonly sender: Address;
  readonly target: Address;
  readonly value: bigint;
  readonly gasLimit: bigint;
  readonly data: Hex;
}

/** What the withdrawal of this transfer must pay out on Ethereum. */
export interface ExpectedPayout {
  readonly chain: OpStackChain;
  /** The L2 token withdrawn; `null` for ETH. */
  readonly l2Token: string | null;
  readonly recipient: string;
  readonly amount: bigint;
}

export function tokenPairOf(chain: OpStackChain, l2Token: string | null): OpStackTokenPair | undefined {
  return chain.tokens.find((pair) => (l2Token === null ? pair.l2 === null : same(pair.l2, l2Token)));
}

/** Hashing.hashWithdrawal of contracts-bedrock: the key the portal proves and finalizes under. */
export function withdrawalHashOf(tx: WithdrawalTransaction): Hex {
  return keccak256(encodeAbiParameters(parseAbiParameters('uint256, address, address, uint256, uint256, bytes'), [tx.nonce, tx.sender, tx.target, tx.value, tx.gasLimit, tx.data]));
}

/**
 * Why `tx` is not the withdrawal of this transfer, or `null`: a message from L2's messenger to the
 * chain's L1 messenger, relaying the L2StandardBridge's finalize to the L1StandardBridge, paying the
 * recipient exactly the amount in the right token. Never throws.
 */
export function whyNotOurWithdrawal(tx: WithdrawalTransaction, expected: ExpectedPayout): string | null {
  const { chain } = expected;
  if (!same(tx.sender, L2_CROSS_DOMAIN_MESSENGER)) return `is sent by ${tx.sender}, not ${chain.key}'s L2CrossDomainMessenger`;
  if (!same(tx.target, chain.l1CrossDomainMessenger)) return `targets ${tx.target}, not ${chain.key}'s L1CrossDomainMessenger`;
  let relay;
  try {
    relay = decodeFunctionData({ abi: crossDomainMessengerAbi, data: tx.data });
  } catch {
    return 'carries no relayMessage Strait can read';
  }
  if (relay.functionName !== 'relayMessage') return `carries ${relay.functionName}, not relayMessage`;
  const [, sender, target, value, , message] = relay.args;
  if (!same(sender, L2_STANDARD_BRIDGE)) return `relays a message of ${sender}, not of the L2StandardBridge`;
  if (!same(target, chain.l1StandardBridge)) return `relays to ${target}, not ${chain.key}'s L1StandardBridge`;
  if (value !== tx.value) return 'relays another value than it withdraws';
  let finalize;
  try {
    finalize = decodeFunctionData({ abi: l1StandardBridgeAbi, data: message });
  } catch {
    return 'relays a message Strait cannot read';
  }
  if (expected.l2Token === null) {
    if (finalize.functionName !== 'finalizeBridgeETH') return `relays ${finalize.functionName}, not finalizeBridgeETH`;
    const [, to, amount] = finalize.args;
    if (!same(to, expected.recipient)) return `pays ${to}, not the recipient ${expected.recipient}`;
    if (amount !== expected.amount || tx.value !== expected.amount) return `pays ${amount} wei, not the ${expected.amount} withdrawn`;
    return null;
  }
  if (finalize.functionName !== 'finalizeBridgeERC20') return `relays ${finalize.functionName}, not finalizeBridgeERC20`;
  const pair = tokenPairOf(chain, expected.l2Token);
  if (!pair) return `withdraws ${expected.l2Token}, a token Strait does not bridge from ${chain.key}`;
  const [localToken, remoteToken, , to, amount] = finalize.args;
  if (!same(localToken, pair.l1) || !same(remoteToken, pair.l2)) return `releases ${localToken} for ${remoteToken}, not the ${pair.symbol} pair`;
  if (!same(to, expected.recipient)) return `pays ${to}, not the recipient ${expected.recipient}`;
  if (amount !== expected.amount) return `pays ${amount}, not the ${expected.amount} withdrawn`;
  if (tx.value !== 0n) return 'carries ETH beside a token withdrawal';
  return null;
}

export function depositCall(chain: OpStackChain, pair: OpStackTokenPair, recipient: Address, amount: bigint): EvmStep {
  const data =
    pair.l1 === null
      ? encodeFunctionData({ abi: l1StandardBridgeAbi, functionName: 'depositETHTo', args: [recipient, MIN_GAS_LIMIT, '0x'] })
      : encodeFunctionData({ abi: l1StandardBridgeAbi, functionName: 'depositERC20To', args: [pair.l1, pair.l2!, recipient, amount, MIN_GAS_LIMIT, '0x'] });
  return { vm: 'evm', step: 'main', chainId: L1_CHAIN_ID, to: chain.l1StandardBridge, data, value: pair.l1 === null ? amount : 0n };
}

export function withdrawCall(chain: OpStackChain, pair: OpStackTokenPair, recipient: Address, amount: bigint): EvmStep {
  const data = encodeFunctionData({ abi: l2StandardBridgeAbi, functionName: 'withdrawTo', args: [pair.l2 ?? LEGACY_ERC20_ETH, recipient, amount, MIN_GAS_LIMIT, '0x'] });
  return { vm: 'evm', step: 'main', chainId: chain.chainId, to: L2_STANDARD_BRIDGE, data, value: pair.l2 === null ? amount : 0n };
}

/** The allow-list check of an L1StandardBridge deposit: recipient, amount and the token pair of the destination. */
export function whyNotOurDeposit(data: Hex, value: bigint, intent: CallIntent): string | null {
  const chain = opStackChainById(intent.destinationChainId);
  if (!chain) return `deposits to chain ${intent.destinationChainId}, not an OP Stack chain Strait serves`;
  if (intent.sourceChainId !== L1_CHAIN_ID) return 'is an L1StandardBridge call off Ethereum';
  let call;
  try {
    call = decodeFunctionData({ abi: l1StandardBridgeAbi, data });
  } catch {
    return 'is not an L1StandardBridge call Strait can read';
  }
  if (call.functionName === 'depositETHTo') {
    const [to, , extraData] = call.args;
    if (intent.sourceToken !== null) return 'deposits ETH for a token transfer';
    if (!same(to, intent.recipient)) return `deposits to ${to}, not the recipient ${intent.recipient}`;
    if (value !== intent.amount) return `sends ${value} wei, not the ${intent.amount} deposited`;
    return size(extraData) === 0 ? null : 'carries extra data';
  }
  if (call.functionName === 'depositERC20To') {
    const [l1Token, l2Token, to, amount, , extraData] = call.args;
    const pair = chain.tokens.find((p) => same(p.l1, l1Token));
    if (!pair || !same(l1Token, intent.sourceToken)) return `deposits ${l1Token}, not the transfer's token`;
    if (!same(l2Token, pair.l2)) return `mints ${l2Token} on ${chain.key}, not ${pair.symbol} (${pair.l2})`;
    if (!same(to, intent.recipient)) return `deposits to ${to}, not the recipient ${intent.recipient}`;
    if (amount !== intent.amount) return `deposits ${amount}, not ${intent.amount}`;
    if (value !== 0n) return 'sends ETH with a token deposit';
    return size(extraData) === 0 ? null : 'carries extra data';
  }
  return `calls ${call.functionName}, not a deposit`;
}

/** The allow-list check of an L2StandardBridge `withdrawTo`: to Ethereum, the recipient, the amount, a token of the pair list. */
export function whyNotOurWithdrawTo(data: Hex, value: bigint, intent: CallIntent): string | null {
  const chain = opStackChainById(intent.sourceChainId);
  if (!chain) return `withdraws from chain ${intent.sourceChainId}, not an OP Stack chain Strait serves`;
  if (intent.destinationChainId !== L1_CHAIN_ID) return 'withdraws to Ethereum only, but the transfer goes elsewhere';
  let call;
  try {
    call = decodeFunctionData({ abi: l2StandardBridgeAbi, data });
  } catch {
    return 'is not an L2StandardBridge call Strait can read';
  }
  if (call.functionName !== 'withdrawTo') return `calls ${call.functionName}, not withdrawTo`;
  const [l2Token, to, amount, , extraData] = call.args;
  const eth = same(l2Token, LEGACY_ERC20_ETH);
  if (eth ? intent.sourceToken !== null : !same(l2Token, intent.sourceToken)) return `withdraws ${l2Token}, not the transfer's token`;
  if (!eth && !tokenPairOf(chain, l2Token)) return `withdraws ${l2Token}, a token Strait does not bridge from ${chain.key}`;
  if (!same(to, intent.recipient)) return `withdraws to ${to}, not the recipient ${intent.recipient}`;
  if (amount !== intent.amount) return `withdraws ${amount}, not ${intent.amount}`;
  if (value !== (eth ? amount : 0n)) return `sends ${value} wei with the withdrawal`;
  return size(extraData) === 0 ? null : 'carries extra data';
}

export interface OutputRootProof {
  readonly version: Hex;
  readonly stateRoot: Hex;
  readonly messagePasserStorageRoot: Hex;
  readonly latestBlockhash: Hex;
}

/** Hashing.hashOutputRootProof: what a dispute game's root claim must be for a proof against it to hold. */
export function outputRootOf(proof: OutputRootProof): Hex {
  return keccak256(encodeAbiParameters(parseAbiParameters('bytes32, bytes32, bytes32, bytes32'), [proof.version, proof.stateRoot, proof.messagePasserStorageRoot, proof.latestBlockhash]));
}

export function proveStep(chain: OpStackChain, tx: WithdrawalTransaction, gameIndex: bigint, outputRootProof: OutputRootProof, withdrawalProof: readonly Hex[]): EvmStep {
  const data = encodeFunctionData({ abi: portalAbi, functionName: 'proveWithdrawalTransaction', args: [tx, gameIndex, outputRootProof, withdrawalProof] });
  return { vm: 'evm', step: 'redeem', chainId: L1_CHAIN_ID, to: chain.portal, data, value: 0n };
}

export function finalizeStep(chain: OpStackChain, tx: WithdrawalTransaction, proofSubmitter: Address): EvmStep {
  const data = encodeFunctionData({ abi: portalAbi, functionName: 'finalizeWithdrawalTransactionExternalProof', args: [tx, proofSubmitter] });
  return { vm: 'evm', step: 'redeem', chainId: L1_CHAIN_ID, to: chain.portal, data, value: 0n };
}

/**
 * The allow-list check of a claim step on the portal (allowList.redeemCalls): a prove or finalize of
 * the withdrawal that pays this transfer's recipient its amount, from the transfer's own L2.
 */
export function whyNotOurRedeem(data: Hex, value: bigint, intent: CallIntent): string | null {
  if (value !== 0n) return 'sends ETH to the portal';
  const chain = opStackChainById(intent.sourceChainId);
  if (!chain || intent.destinationChainId !== L1_CHAIN_ID) return 'is not the claim of an OP Stack withdrawal to Ethereum';
  let call;
  try {
    call = decodeFunctionData({ abi: portalAbi, data });
  } catch {
    return 'is not an OptimismPortal call Strait can read';
  }
  let tx: WithdrawalTransaction;
  if (call.functionName === 'proveWithdrawalTransaction') {
    const [withdrawal, , proof, withdrawalProof] = call.args;
    if (!/^0x0{64}$/.test(proof.version)) return 'proves against an output root of an unknown version';
    if (withdrawalProof.length === 0) return 'carries no storage proof';
    tx = withdrawal;
  } else if (call.functionName === 'finalizeWithdrawalTransactionExternalProof') {
    tx = call.args[0];
  } else {
    return `calls ${call.functionName}, not prove or finalize`;
  }
  const why = whyNotOurWithdrawal(tx, { chain, l2Token: intent.sourceToken, recipient: intent.recipient, amount: intent.amount });
  return why ? `claims a withdrawal that ${why}` : null;
}
