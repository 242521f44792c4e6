import { decodeFunctionData, parseAbi, type Hex } from 'viem';
import type { CallIntent } from '../allowList.ts';
import { XY_NATIVE } from './xyfinanceChains.ts';

/**
 * The YBridge's source-chain entry point, `swapWithReferrer`, in both interfaces it keeps (selectors
 * recomputed with viem):
 * - `0x2aac3cac`, the v3 interface of XY's docs "Integrate YBridge Contract" and of integrators' copies
 *   (pessimistic-io/slitherin-benchmark@b978cc6dc6888ec35cf1fd6abe3c3d8ebfafd514:
 *   contracts/arbitrum/f5/f5eab8c55237766039ad4eb866c06f0f8a7c3473/IYBridge.sol);
 * - `0xcdc65927`, the interface of XY's "Latest Upgrade (2024/07/17)", whose destination description
 *   adds `dstAggregatorAdaptor` (the event of that upgrade, as DefiLlama/dimension-adapters@
 *   b142d8e1f89a7589c18b42f0d85042aa320ed7eb:bridge-aggregators/xy-finance/index.ts decodes it).
 * The YBridge pulls `swapDesc.amount` of `swapDesc.srcToken` from the sender, swaps it (through a
 * whitelisted adaptor, when one is named) into the vault token `swapDesc.dstToken`, and records a
 * request paying `swapDesc.receiver` on `dstChainDesc.dstChainId`. Anything else the router could be
 * asked to do (the XY Router's bridge adapters, same-chain swaps) is not a call Strait can read.
 */
const STRUCTS = [
  'struct SwapDescription { address srcToken; address dstToken; address receiver; uint256 amount; uint256 minReturnAmount; }',
  'struct DstChainDescription { uint32 dstChainId; address dstChainToken; uint256 expectedDstChainTokenAmount; uint32 slippage; }',
  'struct DstChainDescriptionV2 { uint32 dstChainId; address dstChainToken; address dstAggregatorAdaptor; uint256 expectedDstChainTokenAmount; uint32 slippage; }',
] as const;

/** `swapWithReferrer` of the v3 interface (0x2aac3cac). */
export const XY_BRIDGE_V3_ABI = parseAbi([...STRUCTS, 'function swapWithReferrer(address aggregatorAdaptor, SwapDescription swapDesc, bytes aggregatorData, DstChainDescription dstChainDesc, address referrer) payable']);
/** `swapWithReferrer` of the 2024-07-17 interface (0xcdc65927). */
export const XY_BRIDGE_2024_ABI = parseAbi([...STRUCTS, 'function swapWithReferrer(address aggregatorAdaptor, SwapDescription swapDesc, bytes aggregatorData, DstChainDescriptionV2 dstChainDesc, address referrer) payable']);
const XY_BRIDGE_ABI = [...XY_BRIDGE_V3_ABI, ...XY_BRIDGE_2024_ABI];

export const XY_BRIDGE_SELECTORS: readonly Hex[] = ['0x2aac3cac', '0xcdc65927'];

const ZERO = '0x0000000000000000000000000000000000000000';
const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** What a YBridge call says, decoded: the fields Strait compares with the transfer. */
export interface XyBridgeCall {
  readonly aggregatorAdaptor: string;
  readonly aggregatorData: Hex;
  readonly srcToken: string;
  readonly vaultToken: string;
  readonly receiver: string;
  readonly amount: bigint;
  readonly dstChainId: number;
  readonly dstChainToken: string;
  readonly expectedDstChainTokenAmount: bigint;
}

/** Decodes a `swapWithReferrer` call of either interface, or says why it cannot. */
export function decodeXyBridgeCall(data: Hex): XyBridgeCall | string {
  const selector = data.slice(0, 10).toLowerCase() as Hex;
  if (!XY_BRIDGE_SELECTORS.includes(selector)) return `calls ${selector}, not the YBridge's swapWithReferrer Strait can read`;
  try {
    const { args } = decodeFunctionData({ abi: XY_BRIDGE_ABI, data });
    const [aggregatorAdaptor, swapDesc, aggregatorData, dstChainDesc] = args;
    return {
      aggregatorAdaptor,
      aggregatorData,
      srcToken: swapDesc.srcToken,
      vaultToken: swapDesc.dstToken,
      receiver: swapDesc.receiver,
      amount: swapDesc.amount,
      dstChainId: dstChainDesc.dstChainId,
      dstChainToken: dstChainDesc.dstChainToken,
      expectedDstChainTokenAmount: dstChainDesc.expectedDstChainTokenAmount,
    };
  } catch {
    return 'does not decode as the YBridge swapWithReferrer call its selector names';
  }
}

/**
 * The YBridge call check of the allow-list (run at build and again at submit): the call must pay the
 * transfer's recipient on its destination chain, pulling exactly the amount sent of the source token,
 * with native value only for a native source. Returns why not, or `null`.
 *
 * Not checked, because the call does not carry it in a readable form: `aggregatorData` (the opaque DEX
 * payload of a source swap, executed by an adaptor the YBridge itself whitelists and returning the
 * vault token to the YBridge), the destination swap's slippage, and `referrer` (attribution only).
 */
export function whyNotXyBridgeCall(data: Hex, value: bigint, intent: CallIntent): string | null {
  const call = decodeXyBridgeCall(data);
  if (typeof call === 'string') return call;
  if (intent.destinationChainId === null) return 'bridges to an EVM chain, but the transfer goes to a non-EVM chain';
  if (!same(call.receiver, intent.recipient)) return `pays ${call.receiver}, not the recipient ${intent.recipient}`;
  if (call.dstChainId !== intent.destinationChainId) return `bridges to chain ${call.dstChainId}, not ${intent.destinationChainId}`;
  const token = intent.sourceToken ?? XY_NATIVE;
  if (!same(call.srcToken, token)) return `pulls ${call.srcToken}, not the source token ${token}`;
  if (call.amount !== intent.amount) return `pulls ${call.amount}, not the ${intent.amount} the transfer moves`;
  const expectedValue = intent.sourceToken === null ? intent.amount : 0n;
  if (value !== expectedValue) return `carries ${value} native units, not ${expectedValue}`;
  const noSwap = same(call.aggregatorAdaptor, ZERO);
  if (noSwap && !same(call.vaultToken, call.srcToken)) return `names no source swap but turns ${call.srcToken} into ${call.vaultToken}`;
  if (noSwap && call.aggregatorData !== '0x') return 'carries swap data without a swap adaptor';
  return null;
}
