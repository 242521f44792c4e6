import { decodeFunctionData, encodeFunctionData, isAddress, parseAbi, toFunctionSelector, type Address, type Hex } from 'viem';
import type { CallIntent } from '../../allowList.ts';
import { poolChainByEvmId, poolChainByName, type PoolNetwork } from './poolNetwork.ts';
import { memoAssetChain, parseSwapMemo } from './swapMemo.ts';

/**
 * The one call a THORChain-family EVM deposit makes: the router's `depositWithExpiry(vault, asset,
 * amount, memo, expiry)` (THORChain_Router.sol v4.1, dev.thorchain.org "Sending Transactions"; Maya's
 * MAYAChain_Router keeps the function, docs.mayaprotocol.com "Sending Transactions", EVM chains).
 * The router moves `amount` of `asset` (the zero address for the native coin, sent as value) to
 * `vault` and emits the memo, which alone tells the network whom to pay on which chain. So pinning the
 * router is not enough: the memo is decoded and compared with the transfer at build and at submit.
 */
const abi = parseAbi(['function depositWithExpiry(address vault, address asset, uint256 amount, string memo, uint256 expiry) payable']);

export const DEPOSIT_WITH_EXPIRY_SELECTOR: Hex = toFunctionSelector(abi[0]);
export const ROUTER_DEPOSIT_SELECTORS: readonly Hex[] = [DEPOSIT_WITH_EXPIRY_SELECTOR];

const ZERO: Address = '0x0000000000000000000000000000000000000000';
const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

export interface DepositCall {
  readonly vault: Address;
  readonly asset: Address;
  readonly amount: bigint;
  readonly memo: string;
  readonly expiry: bigint;
}

export function encodeDeposit(call: DepositCall): Hex {
  return encodeFunctionData({ abi, functionName: 'depositWithExpiry', args: [call.vault, call.asset, call.amount, call.memo, call.expiry] });
}

export function decodeDeposit(data: Hex): DepositCall | string {
  try {
    const { args } = decodeFunctionData({ abi, data });
    const [vault, asset, amount, memo, expiry] = args;
    return { vault, asset, amount, memo, expiry };
  } catch {
    return 'is not a depositWithExpiry call';
  }
}

/**
 * Why a router call does not do what the transfer asked, or `null`: it must deposit exactly the
 * amount of the source token (the native coin as value, nothing else as value), and its memo must
 * be a swap paying the requested recipient on the requested destination chain, with a price limit,
 * and with no affiliate (Strait never asks for one, so an affiliate would be someone else's cut).
 * The vault and the refund address are checked against the quote at build (the intent carries
 * neither).
 */
export function whyNotRouterDeposit(network: PoolNetwork, data: Hex, value: bigint, intent: CallIntent): string | null {
  const call = decodeDeposit(data);
  if (typeof call === 'string') return call;
  const wantedAsset = intent.sourceToken ?? ZERO;
  if (!isAddress(wantedAsset, { strict: false }) || !same(call.asset, wantedAsset)) return `deposits ${call.asset}, not the source token ${wantedAsset}`;
  if (call.amount !== intent.amount) return `deposits ${call.amount}, not the ${intent.amount} asked`;
  const wantedValue = intent.sourceToken === null ? intent.amount : 0n;
  if (value !== wantedValue) return `carries ${value} native units as value, not ${wantedValue}`;
  if (same(call.vault, ZERO)) return 'deposits to the zero address';
  const memo = parseSwapMemo(call.memo);
  if (typeof memo === 'string') return `has a memo that ${memo}`;
  if (memo.affiliate !== null) return `has a memo naming an affiliate (${memo.affiliate}) Strait did not ask for`;
  const payoutChain = memoAssetChain(memo.asset);
  if (payoutChain === null) return `has a memo paying out ${memo.asset}, not a layer-1 asset`;
  const chain = poolChainByName(network, payoutChain);
  if (!chain) return `has a memo paying out on ${payoutChain}, a chain Strait does not serve`;
  if (intent.destinationChainId === null) {
    if (chain.chainId !== null) return `has a memo paying out on ${payoutChain}, an EVM chain, for a non-EVM destination`;
    // The intent names no non-EVM chain; the recipient's address family stands in for it.
    if (!network.nonEvmAddress[payoutChain]?.test(intent.recipient)) return `has a memo paying out on ${payoutChain}, where ${intent.recipient} is not an address`;
  } else if (poolChainByEvmId(network, intent.destinationChainId)?.poolChain !== payoutChain) {
    return `has a memo paying out on ${payoutChain}, not on chain ${intent.destinationChainId}`;
  }
  const recipientMatches = chain.chainId !== null ? same(memo.destination, intent.recipient) : memo.destination === intent.recipient;
  if (!recipientMatches) return `has a memo paying ${memo.destination}, not the recipient ${intent.recipient}`;
  if (memo.limit === 0n) return 'has a memo without a price limit (the swap could pay out any amount)';
  return null;
}
