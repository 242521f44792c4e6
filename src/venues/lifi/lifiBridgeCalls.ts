import { decodeAbiParameters, decodeFunctionData, parseAbi, parseAbiParameters, size, slice, type Hex } from 'viem';
import { chainInfo } from '../../domain/chains.ts';
import type { CallIntent } from '../allowList.ts';
import { LIFI_CHAINS } from './lifiChains.ts';

/**
 * Every bridge entry point of LI.FI's diamond takes `ILiFi.BridgeData` first (lifinance/contracts
 * `src/Interfaces/ILiFi.sol`), and the `swapAndStartBridgeTokensVia*` ones a `LibSwap.SwapData[]`
 * second. The selectors below are the canonical signatures of every `startBridgeTokensVia*` /
 * `swapAndStartBridgeTokensVia*` function of `src/Facets/*.sol` at
 * lifinance/contracts@ef00558fde6c02d4b285979e3f2b0b75ff1e573e, structs expanded to tuples. Any other
 * selector (the packed facets, generic swaps, intents) is refused: Strait cannot read who it pays.
 */
const BRIDGE_CALLS: readonly (readonly [selector: Hex, name: string, withSwaps: boolean])[] = [
  ['0x1fd8010c', 'startBridgeTokensViaAcross', false],
  ['0xa1f1ce43', 'startBridgeTokensViaAcrossV4', false],
  ['0x6a90d66e', 'startBridgeTokensViaAcrossV4Swap', false],
  ['0x6a51e9a9', 'startBridgeTokensViaAllBridge', false],
  ['0xc9851d0b', 'startBridgeTokensViaArbitrumBridge', false],
  ['0xe0a4201c', 'startBridgeTokensViaCelerCircleBridge', false],
  ['0x0ad553b3', 'startBridgeTokensViaChainflip', false],
  ['0x4004633e', 'startBridgeTokensViaDeBridgeDln', false],
  ['0x7e56b7b0', 'startBridgeTokensViaEco', false],
  ['0x678786ea', 'startBridgeTokensViaFrax', false],
  ['0x5f9af35d', 'startBridgeTokensViaGarden', false],
  ['0xfc5f1003', 'startBridgeTokensViaGasZip', false],
  ['0x6f9206ba', 'startBridgeTokensViaGlacis', false],
  ['0xf66fe519', 'startBridgeTokensViaGnosisBridge', false],
  ['0xee9e98e0', 'startBridgeTokensViaLayerSwap', false],
  ['0x7dbcf1d9', 'startBridgeTokensViaLiFiIntentEscrowV2', false],
  ['0xb4875292', 'startBridgeTokensViaMayan', false],
  ['0x4213dfff', 'startBridgeTokensViaMegaETHBridge', false],
  ['0x5cf8113b', 'startBridgeTokensViaNEARIntents', false],
  ['0x782621d8', 'startBridgeTokensViaOmniBridge', false],
  ['0xce8a97a5', 'startBridgeTokensViaOptimismBridge', false],
  ['0x881b1fea', 'startBridgeTokensViaPaxosTransit', false],
  ['0xaf62c7d6', 'startBridgeTokensViaPolygonBridge', false],
  ['0xf434d6ca', 'startBridgeTokensViaPolymerCCTP', false],
  ['0x092e8fa4', 'startBridgeTokensViaRelayDepository', false],
  ['0x37ba3486', 'startBridgeTokensViaSquid', false],
  ['0x14d53077', 'startBridgeTokensViaStargate', false],
  ['0x0691ff78', 'startBridgeTokensViaSuperset', false],
  ['0xe23b7a08', 'startBridgeTokensViaSymbiosis', false],
  ['0x2541ec57', 'startBridgeTokensViaThorSwap', false],
  ['0x64261d58', 'startBridgeTokensViaUnit', false],
  ['0x3a3f7332', 'swapAndStartBridgeTokensViaAcross', true],
  ['0x1794958f', 'swapAndStartBridgeTokensViaAcrossV4', true],
  ['0x9b054bc4', 'swapAndStartBridgeTokensViaAcrossV4Swap', true],
  ['0x63267469', 'swapAndStartBridgeTokensViaAllBridge', true],
  ['0x3cc9517b', 'swapAndStartBridgeTokensViaArbitrumBridge', true],
  ['0x4f3b0759', 'swapAndStartBridgeTokensViaCelerCircleBridge', true],
  ['0xee3314a1', 'swapAndStartBridgeTokensViaChainflip', true],
  ['0x2c7d2db0', 'swapAndStartBridgeTokensViaDeBridgeDln', true],
  ['0x9e75aa95', 'swapAndStartBridgeTokensViaEco', true],
  ['0x07b8e4c7', 'swapAndStartBridgeTokensViaFrax', true],
  ['0x76ad76fe', 'swapAndStartBridgeTokensViaGarden', true],
  ['0x606326ff', 'swapAndStartBridgeTokensViaGasZip', true],
  ['0x9c4b6dd9', 'swapAndStartBridgeTokensViaGlacis', true],
  ['0x7bf96e0a', 'swapAndStartBridgeTokensViaGnosisBridge', true],
  ['0x4c279d6b', 'swapAndStartBridgeTokensViaLayerSwap', true],
  ['0x6d21c5df', 'swapAndStartBridgeTokensViaLiFiIntentEscrowV2', true],
  ['0x80c65808', 'swapAndStartBridgeTokensViaMayan', true],
  ['0x22256e89', 'swapAndStartBridgeTokensViaMegaETHBridge', true],
  ['0x3110c7b9', 'swapAndStartBridgeTokensViaNEARIntents', true],
  ['0x95726782', 'swapAndStartBridgeTokensViaOmniBridge', true],
  ['0x5bb5d448', 'swapAndStartBridgeTokensViaOptimismBridge', true],
  ['0xe49afb12', 'swapAndStartBridgeTokensViaPaxosTransit', true],
  ['0xb4f37581', 'swapAndStartBridgeTokensViaPolygonBridge', true],
  ['0x17917a4e', 'swapAndStartBridgeTokensViaPolymerCCTP', true],
  ['0xa3443faa', 'swapAndStartBridgeTokensViaRelayDepository', true],
  ['0xe6a05bae', 'swapAndStartBridgeTokensViaSquid', true],
  ['0xa6010a66', 'swapAndStartBridgeTokensViaStargate', true],
  ['0xf26e657f', 'swapAndStartBridgeTokensViaSuperset', true],
  ['0xc46059b2', 'swapAndStartBridgeTokensViaSymbiosis', true],
  ['0xad673d88', 'swapAndStartBridgeTokensViaThorSwap', true],
  ['0x21a3af52', 'swapAndStartBridgeTokensViaUnit', true],
];

const BY_SELECTOR: ReadonlyMap<string, { readonly name: string; readonly withSwaps: boolean }> = new Map(BRIDGE_CALLS.map(([selector, name, withSwaps]) => [selector.toLowerCase(), { name, withSwaps }]));

export const LIFI_BRIDGE_SELECTORS: readonly Hex[] = BRIDGE_CALLS.map(([selector]) => selector);

const BRIDGE_DATA = '(bytes32 transactionId, string bridge, string integrator, address referrer, address sendingAssetId, address receiver, uint256 minAmount, uint256 destinationChainId, bool hasSourceSwaps, bool hasDestinationCall)';
const SWAP_DATA = '(address callTo, address approveTo, address sendingAssetId, address receivingAssetId, uint256 fromAmount, bytes callData, bool requiresDeposit)[]';
const BRIDGE_ONLY = parseAbiParameters(BRIDGE_DATA);
const BRIDGE_AND_SWAPS = parseAbiParameters(`${BRIDGE_DATA}, ${SWAP_DATA}`);

/** LI.FI's receiver for a non-EVM destination (`LiFiData.NON_EVM_ADDRESS`); the real one is in the facet data. */
export const LIFI_NON_EVM_RECEIVER = '0x11f111f111f111F111f111f111F111f111f111F1';
const ZERO = '0x0000000000000000000000000000000000000000';
/** The most LI.FI's fee collection may take out of the amount before bridging (its fixed fee is 0.25 %). */
const MAX_FEE_COLLECTION_BPS = 100n;

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * Why a call to LI.FI's diamond does not do what the transfer asked, or `null` when it does: its
 * BridgeData must pay the requested recipient on the requested destination chain, send the source
 * token, carry no destination call, and move exactly the amount the user sends. Source swaps are
 * accepted only when every one is LI.FI's fee collection (its own FeeCollector, source token to
 * source token, taking at most 1 %). Run at build and again at submit (allowList `check`).
 */
export function whyNotLifiBridgeCall(data: Hex, value: bigint, intent: CallIntent): string | null {
  if (size(data) < 4) return 'carries no LI.FI function';
  const selector = slice(data, 0, 4).toLowerCase();
  const call = BY_SELECTOR.get(selector);
  if (!call) return `calls LI.FI function ${selector}, which is not a bridge call Strait can read`;
  let bridge;
  let swaps: readonly Swap[] = [];
  try {
    const params = slice(data, 4);
    if (call.withSwaps) {
      const [decoded, decodedSwaps] = decodeAbiParameters(BRIDGE_AND_SWAPS, params);
      bridge = decoded;
      swaps = decodedSwaps;
    } else {
      [bridge] = decodeAbiParameters(BRIDGE_ONLY, params);
    }
  } catch {
    return `calls ${call.name} with data that does not decode as LI.FI's BridgeData`;
  }
  if (same(bridge.receiver, LIFI_NON_EVM_RECEIVER)) return `${call.name} pays a non-EVM receiver Strait cannot check`;
  if (!same(bridge.receiver, intent.recipient)) return `${call.name} pays ${bridge.receiver}, not the recipient ${intent.recipient}`;
  if (intent.destinationChainId === null || bridge.destinationChainId !== BigInt(intent.destinationChainId)) {
    return `${call.name} bridges to chain ${bridge.destinationChainId}, not ${intent.destinationChainId ?? 'the requested chain'}`;
  }
  const token = intent.sourceToken ?? ZERO;
  if (!same(bridge.sendingAssetId, token)) return `${call.name} sends ${bridge.sendingAssetId}, not the source token ${token}`;
  if (bridge.hasDestinationCall) return `${call.name} carries a destination call`;
  if (intent.sourceToken === null && value !== intent.amount) return `${call.name} sends ${value} native units, not the ${intent.amount} the transfer moves`;
  if (!bridge.hasSourceSwaps) {
    if (call.withSwaps && swaps.length > 0) return `${call.name} carries source swaps its BridgeData does not declare`;
    return bridge.minAmount === intent.amount ? null : `${call.name} bridges ${bridge.minAmount}, not the ${intent.amount} the transfer moves`;
  }
  return whyNotFeeCollection(call.name, swaps, bridge.minAmount, token, intent);
}

/** One `LibSwap.SwapData` of a `swapAndStartBridgeTokensVia*` call. */
interface Swap {
  readonly callTo: string;
  readonly sendingAssetId: string;
  readonly receivingAssetId: string;
  readonly fromAmount: bigint;
  readonly callData: Hex;
}

/**
 * Source swaps are accepted only as LI.FI's fee collection: the legacy FeeCollector (which keeps the
 * fees for later claims) or the FeeForwarder that replaced it (lifinance/contracts
 * src/Periphery/FeeForwarder.sol v2.0.0, `forwardERC20Fees` / `forwardNativeFees`, paying each fee to
 * its recipient in the same transaction). A forwarder's payments are read: they must be in the source
 * token, and what they forward is exactly what the bridge leaves out of the amount.
 */
function whyNotFeeCollection(name: string, swaps: readonly Swap[], minAmount: bigint, token: string, intent: CallIntent): string | null {
  const chain = LIFI_CHAINS.find((c) => chainInfo(c.key).chainId === intent.sourceChainId);
  if (!chain || swaps.length === 0) return `${name} declares source swaps Strait cannot check`;
  let forwarded: bigint | null = null;
  for (const swap of swaps) {
    const viaForwarder = same(swap.callTo, chain.feeForwarder);
    if (!viaForwarder && !same(swap.callTo, chain.feeCollector)) return `${name} swaps through ${swap.callTo}, not LI.FI's fee collector or fee forwarder`;
    if (!same(swap.sendingAssetId, token) || !same(swap.receivingAssetId, token)) return `${name} swaps ${swap.sendingAssetId} into ${swap.receivingAssetId}, not the source token`;
    if (viaForwarder) {
      const fees = forwardedFees(swap.callData, token);
      if (typeof fees === 'string') return `${name} ${fees}`;
      forwarded = (forwarded ?? 0n) + fees.reduce((sum, fee) => sum + fee.amount, 0n);
    }
  }
  if (swaps[0]!.fromAmount !== intent.amount) return `${name} collects fees from ${swaps[0]!.fromAmount}, not the ${intent.amount} the transfer moves`;
  const floor = (intent.amount * (10_000n - MAX_FEE_COLLECTION_BPS)) / 10_000n;
  if (minAmount > intent.amount || minAmount < floor) return `${name} bridges ${minAmount} of the ${intent.amount} sent, more than LI.FI's fees explain`;
  if (forwarded !== null && swaps.every((swap) => same(swap.callTo, chain.feeForwarder)) && forwarded !== intent.amount - minAmount) {
    return `${name} forwards ${forwarded} in fees but bridges ${minAmount} of the ${intent.amount} sent`;
  }
  return null;
}

const FEE_FORWARDER_ABI = parseAbi([
  'function forwardERC20Fees(address _token, (address recipient, uint256 amount)[] _distributions)',
  'function forwardNativeFees((address recipient, uint256 amount)[] _distributions) payable',
]);

/** The payments of a FeeForwarder call in the source token, or why it is not one. */
function forwardedFees(callData: Hex, token: string): readonly { readonly recipient: string; readonly amount: bigint }[] | string {
  let call;
  try {
    call = decodeFunctionData({ abi: FEE_FORWARDER_ABI, data: callData });
  } catch {
    return "calls LI.FI's fee forwarder with data that does not decode as forwardERC20Fees or forwardNativeFees";
  }
  if (call.functionName === 'forwardERC20Fees') {
    const [feeToken, fees] = call.args;
    return same(feeToken, token) && !same(token, ZERO) ? fees : `forwards fees in ${feeToken}, not the source token ${token}`;
  }
  return same(token, ZERO) ? call.args[0] : `forwards native fees for a transfer of ${token}`;
}
