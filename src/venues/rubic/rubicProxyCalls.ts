import { decodeAbiParameters, parseAbiParameters, size, slice, toFunctionSelector, type Hex } from 'viem';
import type { CallIntent } from '../allowList.ts';

/**
 * What a Rubic contract route's transaction calls, from Rubic's contracts repository
 * (Cryptorubic/multi-proxy-rubic@2243479f6511a8d07bfcfa13049aab281bc7f049):
 *
 * - `ERC20Proxy.startViaRubic(address[] tokens, uint256[] amounts, bytes facetCallData)`
 *   (src/Periphery/ERC20Proxy.sol), which pulls the approved tokens into the diamond and calls it with
 *   `facetCallData`, forwarding the native value: every ERC-20 source, and a native source pulling no
 *   token (Rubic's recorded ETH → POL swap answer);
 * - or, for a native source, the RubicMultiProxy diamond itself.
 *
 * Of the diamond's facets only `GenericCrossChainFacet.startBridgeTokensViaGenericCrossChain(BridgeData,
 * GenericCrossChainData)` is accepted (selector 0x647eb57e; the V2 facet live on Arbitrum and BNB has
 * the same arguments under 0xf3e639ef): the facet the API's provider routes use, and, without source
 * swaps, one whose `IRubic.BridgeData` (src/Interfaces/IRubic.sol) states what the diamond moves.
 * `swapAndStart…` (arbitrary DEX calls first), `TransferFacet` (pays a provider's deposit address, not
 * the recipient) and the other facets are refused.
 */
const BRIDGE_DATA =
  '(bytes32 transactionId, string bridge, address integrator, address referrer, address sendingAssetId, address receivingAssetId, address receiver, address refundee, uint256 minAmount, uint256 destinationChainId, bool hasSourceSwaps, bool hasDestinationCall)';
const GENERIC_DATA = '(address router, address approveTo, uint256 extraNative, bytes callData)';
const GENERIC_ARGS = `${tupleTypes(BRIDGE_DATA)},${tupleTypes(GENERIC_DATA)}`;

export const RUBIC_START_VIA_RUBIC = toFunctionSelector('startViaRubic(address[],uint256[],bytes)');
const GENERIC_SELECTORS: ReadonlyMap<string, string> = new Map([
  [toFunctionSelector(`startBridgeTokensViaGenericCrossChain(${GENERIC_ARGS})`), 'startBridgeTokensViaGenericCrossChain'],
  [toFunctionSelector(`startBridgeTokensViaGenericCrossChainV2(${GENERIC_ARGS})`), 'startBridgeTokensViaGenericCrossChainV2'],
]);
/** Selectors the diamond may be called with directly (native sources). */
export const RUBIC_DIAMOND_SELECTORS: readonly Hex[] = [...GENERIC_SELECTORS.keys()] as Hex[];

const PARAMS = parseAbiParameters(`${BRIDGE_DATA}, ${GENERIC_DATA}`);
const ENTRY_PARAMS = parseAbiParameters('address[] tokens, uint256[] amounts, bytes facetCallData');

/** The decoded diamond call: Rubic's BridgeData and the provider router call it forwards (opaque bytes). */
export interface RubicProxyCall {
  readonly bridge: {
    readonly integrator: Hex;
    readonly sendingAssetId: Hex;
    readonly receivingAssetId: Hex;
    readonly receiver: Hex;
    readonly refundee: Hex;
    readonly minAmount: bigint;
    readonly destinationChainId: bigint;
    readonly hasSourceSwaps: boolean;
    readonly hasDestinationCall: boolean;
  };
  readonly generic: { readonly router: Hex; readonly approveTo: Hex; readonly extraNative: bigint; readonly callData: Hex };
}

const ZERO = '0x0000000000000000000000000000000000000000';
const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** Decodes a diamond call, or says why it is not one Strait can read. */
export function decodeRubicProxyCall(data: Hex): RubicProxyCall | string {
  if (size(data) < 4) return 'carries no RubicMultiProxy function';
  const selector = slice(data, 0, 4).toLowerCase();
  const name = GENERIC_SELECTORS.get(selector);
  if (!name) return `calls RubicMultiProxy function ${selector}, which is not a generic cross-chain start Strait can read`;
  try {
    const [bridge, generic] = decodeAbiParameters(PARAMS, slice(data, 4));
    return { bridge, generic };
  } catch {
    return `calls ${name} with data that does not decode as Rubic's BridgeData`;
  }
}

/** Decodes an `ERC20Proxy.startViaRubic` call into the tokens it pulls and the diamond call it makes. */
export function decodeRubicEntryCall(data: Hex): { tokens: readonly Hex[]; amounts: readonly bigint[]; facetCallData: Hex } | string {
  if (size(data) < 4 || slice(data, 0, 4).toLowerCase() !== RUBIC_START_VIA_RUBIC) return "calls Rubic's ERC20Proxy with another function than startViaRubic";
  try {
    const [tokens, amounts, facetCallData] = decodeAbiParameters(ENTRY_PARAMS, slice(data, 4));
    return { tokens, amounts, facetCallData };
  } catch {
    return 'calls startViaRubic with data that does not decode';
  }
}

/**
 * The fixed fees a Rubic route states (`fees.gasTokenFees`), in the source chain's native wei. Both
 * ride as the transaction's value beside the amount: the diamond keeps its own
 * (`LibFees.accrueFixedNativeFee`) and forwards the provider's to its router as `extraNative`
 * (`LibAsset.depositAssetAndAccrueFees` reverts below the sum).
 */
export interface RubicFixedFees {
  /** `protocol.fixedWeiAmount`: Rubic's own fixed fee, kept by the diamond. */
  readonly protocol: bigint;
  /** `provider.fixedWeiAmount`: the provider's fixed fee, which the call may forward as `extraNative`. */
  readonly provider: bigint;
}

/**
 * Why a call to Rubic's ERC20Proxy does not do what the transfer asked, or `null` when it does: it
 * must pull exactly the source token and amount (nothing for a native source) and pass the diamond a
 * call that {@link whyNotRubicProxyCall} accepts with the same native value (and the same `fees`).
 */
export function whyNotRubicEntryCall(data: Hex, value: bigint, intent: CallIntent, fees?: RubicFixedFees): string | null {
  const entry = decodeRubicEntryCall(data);
  if (typeof entry === 'string') return entry;
  const expected = intent.sourceToken === null ? [] : [intent.sourceToken];
  if (entry.tokens.length !== expected.length || entry.amounts.length !== expected.length) return `pulls ${entry.tokens.length} tokens, not the source token alone`;
  if (expected[0] !== undefined && (!same(entry.tokens[0]!, expected[0]) || entry.amounts[0] !== intent.amount)) {
    return `pulls ${entry.amounts[0]} of ${entry.tokens[0]}, not ${intent.amount} of the source token ${expected[0]}`;
  }
  return whyNotRubicProxyCall(entry.facetCallData, value, intent, fees);
}

/**
 * Why a call to the RubicMultiProxy diamond does not do what the transfer asked, or `null` when it
 * does. Its BridgeData must pay the requested recipient on the requested destination chain, send the
 * source token, move exactly the amount sent, carry no source swap and no destination call. The
 * provider's own calldata is opaque to Strait: it must at least name the recipient (as an ABI word or
 * raw bytes).
 *
 * Native value: with the route's `fees` (the adapter, at build) it must be exactly the amount (native
 * source) or nothing (token source) plus both fixed fees, and `extraNative` at most the provider's fee.
 * The allow-list `check` (the engine's vetting at build, and again at submit) sees no route but the
 * native fee the build declared (`intent.nativeFee`, the sum of both fixed fees): the value must be
 * exactly the amount plus that fee, and `extraNative` at most that fee. So a stored value raised by
 * anything, even within the engine's general bound of the whole input plus the fee (which a native
 * source's fee steps leave room in), is refused at submit. Without either (a caller that knows no
 * fee) the value must cover the amount and `extraNative` come out of what rides beside it. The
 * destination token is checked at build only, since the intent does not carry it (docs/venues/rubic.md).
 */
export function whyNotRubicProxyCall(data: Hex, value: bigint, intent: CallIntent, fees?: RubicFixedFees): string | null {
  const call = decodeRubicProxyCall(data);
  if (typeof call === 'string') return call;
  const { bridge, generic } = call;
  if (!same(bridge.receiver, intent.recipient)) return `pays ${bridge.receiver}, not the recipient ${intent.recipient}`;
  if (intent.destinationChainId === null || bridge.destinationChainId !== BigInt(intent.destinationChainId)) {
    return `bridges to chain ${bridge.destinationChainId}, not ${intent.destinationChainId ?? 'the requested chain'}`;
  }
  const token = intent.sourceToken ?? ZERO;
  if (!same(bridge.sendingAssetId, token)) return `sends ${bridge.sendingAssetId}, not the source token ${token}`;
  if (bridge.hasSourceSwaps) return 'declares source swaps Strait cannot check';
  if (bridge.hasDestinationCall) return 'carries a destination call';
  if (bridge.minAmount !== intent.amount) return `bridges ${bridge.minAmount}, not the ${intent.amount} the transfer moves`;
  const why = whyNotNativeValue(value, generic.extraNative, intent.sourceToken === null ? intent.amount : 0n, fees ?? declaredFees(intent.nativeFee));
  if (why !== null) return why;
  if (same(generic.router, ZERO)) return 'forwards to no provider router';
  if (!mentions(generic.callData, intent.recipient)) return 'forwards provider calldata that never names the recipient';
  return null;
}

/**
 * The build's declared native fee as fixed fees whose split is unknown: all of it may be the
 * provider's (forwarded as `extraNative`), none of it more.
 */
function declaredFees(nativeFee: bigint | undefined): RubicFixedFees | undefined {
  return nativeFee === undefined ? undefined : { protocol: 0n, provider: nativeFee };
}

/** The value check of {@link whyNotRubicProxyCall}: `base` is what the call itself moves in native units. */
function whyNotNativeValue(value: bigint, extraNative: bigint, base: bigint, fees: RubicFixedFees | undefined): string | null {
  if (fees !== undefined) {
    const fixed = fees.protocol + fees.provider;
    if (value !== base + fixed) return `sends ${value} native units, not ${base} plus Rubic's fixed fees of ${fixed}`;
    if (extraNative > fees.provider) return `forwards ${extraNative} extra native units to the provider, beyond its fixed fee of ${fees.provider}`;
    return null;
  }
  if (value < base) return `sends ${value} native units, less than the ${base} it bridges`;
  if (extraNative > value - base) return `forwards ${extraNative} extra native units to the provider, beyond the ${value - base} sent beside the amount`;
  return null;
}

/** Whether opaque calldata names an address, as a left-padded ABI word or as its raw 20 bytes. */
function mentions(data: Hex, address: string): boolean {
  return data.toLowerCase().includes(address.slice(2).toLowerCase());
}

function tupleTypes(tuple: string): string {
  return `(${tuple
    .slice(1, -1)
    .split(',')
    .map((field) => field.trim().split(' ')[0])
    .join(',')})`;
}
