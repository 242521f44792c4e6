import { decodeAbiParameters, hexToNumber, parseAbiParameters, size, slice, type AbiParameter, type Hex } from 'viem';
import type { CallIntent } from '../allowList.ts';
import { cctpChainByDomain } from '../cctp/cctpChains.ts';
import { BUNGEE_NATIVE, type BungeeRouteFamily } from './bungeeChains.ts';

/**
 * A Manual route's transaction calls SocketGateway's fallback: four bytes of route id, then the
 * calldata the gateway delegate-calls into that route's implementation. The gateway executes
 * whatever its routes do with the user's approval, so every call is decoded here and must pay the
 * requested recipient on the requested chain with the amount sent, at build and again at submit.
 *
 * The route implementations' ABIs, from SocketDotTech/bungee-contracts-public (pinned commits):
 * - Across V3 (`src/bridges/across/AcrossV3.sol` @83edf57c4721eeef669402b39fb140e00997ac87, the
 *   `AcrossImplV3` of the deployment lists): `bridgeERC20To(uint256 amount, AcrossBridgeData)` and
 *   `bridgeNativeTo(uint256 amount, AcrossBridgeDataNoToken)`; the output is
 *   `(amount − bridgeFee)` scaled from the input to the output decimals.
 * - Across V3 before 2025-12 (same file @7d19d528e963dcfc9d2f4a325b74138c0b9ec20b):
 *   `bridgeERC20To(uint256, (address[] senderReceiver, address[] inputOutputTokens,
 *   uint256[] outputAmountToChainId, uint32[] timestamps, uint256 bridgeFee, bytes32 metadata))`,
 *   the one a recorded Bungee answer carries (fixtures/real/calldata-across-legacy-arbitrum-base.hex).
 * - Circle CCTP v2 (`src/bridges/cctp-v2/CctpV2.sol` @83edf57): `bridgeERC20To(uint256 amount,
 *   bytes32 metadata, address receiverAddress, address token, uint256 toChainId, uint32
 *   destinationDomain, uint256 feeAmount, uint256 maxFee, uint32 minFinalityThreshold)`; it sends
 *   `feeAmount` to Bungee's fee collector and burns the rest towards `destinationDomain`.
 * Every other route (swaps, other bridges, refuel, controllers) is refused: Strait cannot read whom it pays.
 */

interface RouteCall {
  readonly name: string;
  readonly family: BungeeRouteFamily;
  readonly native: boolean;
  readonly params: readonly AbiParameter[];
}

const ACROSS_DATA = '(address[] senderReceiverAddresses, address[] inputOutputTokens, uint256 toChainId, uint32[] quoteAndDeadlineTimeStamps, uint256 bridgeFee, uint8 inputTokenDecimals, uint8 outputTokenDecimals, bytes32 metadata, bytes message)';
const ACROSS_NATIVE_DATA = '(address[] senderReceiverAddresses, address outputToken, uint256 toChainId, uint32[] quoteAndDeadlineTimeStamps, uint256 bridgeFee, uint8 inputTokenDecimals, uint8 outputTokenDecimals, bytes32 metadata, bytes message)';
const ACROSS_LEGACY_DATA = '(address[] senderReceiverAddresses, address[] inputOutputTokens, uint256[] outputAmountToChainIdArray, uint32[] quoteAndDeadlineTimeStamps, uint256 bridgeFee, bytes32 metadata)';
const CCTP_V2_ARGS = 'uint256 amount, bytes32 metadata, address receiverAddress, address token, uint256 toChainId, uint32 destinationDomain, uint256 feeAmount, uint256 maxFee, uint32 minFinalityThreshold';

/** Inner selectors (the canonical signatures of the functions above, structs as tuples). */
const ROUTE_CALLS: ReadonlyMap<string, RouteCall> = new Map([
  ['0xcc54d224', { name: 'AcrossV3.bridgeERC20To', family: 'across', native: false, params: parseAbiParameters(`uint256 amount, ${ACROSS_DATA}`) }],
  ['0xa3b8bfba', { name: 'AcrossV3.bridgeNativeTo', family: 'across', native: true, params: parseAbiParameters(`uint256 amount, ${ACROSS_NATIVE_DATA}`) }],
  ['0x792ebcb9', { name: 'AcrossV3(legacy).bridgeERC20To', family: 'across', native: false, params: parseAbiParameters(`uint256 amount, ${ACROSS_LEGACY_DATA}`) }],
  ['0x3ca7f5bc', { name: 'CctpV2.bridgeERC20To', family: 'cctpV2', native: false, params: parseAbiParameters(CCTP_V2_ARGS) }],
]);

/**
 * Route ids are small sequence numbers (0x0000019f); none of SocketGateway's own function selectors
 * (abi/SocketGateway.json) starts with two zero bytes, so such data can only reach the fallback.
 */
const MAX_ROUTE_ID = 0xffff;

/** What a gateway call does, read from its calldata. */
export interface BungeeGatewayCall {
  readonly routeId: number;
  readonly name: string;
  /** Which bridge's implementation the route must be (checked on chain at build). */
  readonly family: BungeeRouteFamily;
  /** The source token it pulls, `null` for the native asset. */
  readonly sourceToken: string | null;
  readonly amount: bigint;
  readonly recipient: string;
  readonly destinationChainId: bigint;
  /** The token the recipient gets on the destination, when the call names it. */
  readonly outputToken: string | null;
  /** The least the call can deliver on the destination, in the output token's units. */
  readonly delivers: bigint;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** Decodes a SocketGateway call, or says why it cannot be read. */
export function readBungeeGatewayCall(data: Hex): BungeeGatewayCall | string {
  if (size(data) < 8) return 'carries no Bungee route call';
  const routeId = hexToNumber(slice(data, 0, 4));
  if (routeId === 0 || routeId > MAX_ROUTE_ID) return `calls SocketGateway function ${slice(data, 0, 4)}, not a route`;
  const selector = slice(data, 4, 8).toLowerCase();
  const route = ROUTE_CALLS.get(selector);
  if (!route) return `calls route ${routeId} with function ${selector}, which is not a bridge call Strait can read`;
  let args: readonly unknown[];
  try {
    args = decodeAbiParameters(route.params, slice(data, 8));
  } catch {
    return `calls ${route.name} (route ${routeId}) with data that does not decode`;
  }
  return describe(routeId, selector, route, args);
}

function describe(routeId: number, selector: string, route: RouteCall, args: readonly unknown[]): BungeeGatewayCall | string {
  const amount = args[0] as bigint;
  const base = { routeId, name: route.name, family: route.family, amount };
  if (selector === '0x3ca7f5bc') {
    const [, , receiver, token, toChainId, domain, feeAmount, maxFee] = args as readonly [bigint, Hex, string, string, bigint, number, bigint, bigint];
    const destination = cctpChainByDomain(domain);
    if (!destination || BigInt(destination.chainId) !== toChainId) return `${route.name} burns towards CCTP domain ${domain}, not chain ${toChainId}`;
    if (feeAmount + maxFee > amount) return `${route.name} takes ${feeAmount} + ${maxFee} in fees from ${amount}`;
    return { ...base, sourceToken: token, recipient: receiver, destinationChainId: toChainId, outputToken: destination.usdc, delivers: amount - feeAmount - maxFee };
  }
  if (selector === '0x792ebcb9') {
    const [, data] = args as readonly [bigint, { senderReceiverAddresses: readonly string[]; inputOutputTokens: readonly string[]; outputAmountToChainIdArray: readonly bigint[] }];
    const [receiver, [input, output], [out, toChainId]] = [data.senderReceiverAddresses[1], data.inputOutputTokens, data.outputAmountToChainIdArray];
    if (!receiver || !input || !output || out === undefined || toChainId === undefined) return `${route.name} carries short address or amount arrays`;
    return { ...base, sourceToken: input, recipient: receiver, destinationChainId: toChainId, outputToken: output, delivers: out };
  }
  const [, data] = args as readonly [bigint, { senderReceiverAddresses: readonly string[]; inputOutputTokens?: readonly string[]; outputToken?: string; toChainId: bigint; bridgeFee: bigint; inputTokenDecimals: number; outputTokenDecimals: number; message: Hex }];
  const receiver = data.senderReceiverAddresses[1];
  const input = route.native ? null : data.inputOutputTokens?.[0];
  const output = route.native ? data.outputToken : data.inputOutputTokens?.[1];
  if (!receiver || input === undefined || !output) return `${route.name} carries short address arrays`;
  if (data.message !== '0x') return `${route.name} carries a destination message`;
  if (data.bridgeFee > amount) return `${route.name} charges a bridge fee ${data.bridgeFee} above the ${amount} sent`;
  const net = amount - data.bridgeFee;
  const shift = data.outputTokenDecimals - data.inputTokenDecimals;
  const delivers = shift >= 0 ? net * 10n ** BigInt(shift) : net / 10n ** BigInt(-shift);
  return { ...base, sourceToken: input, recipient: receiver, destinationChainId: data.toChainId, outputToken: output, delivers };
}

/**
 * Why a call to SocketGateway does not do what the transfer asked, or `null` when it does: it must
 * be a route call Strait reads, pay the requested recipient on the requested chain, pull the source
 * token (native: carry exactly the amount as value; ERC-20: carry no value) and move exactly the
 * amount the user sends. Run at build and again at submit (allowList `check`).
 */
export function whyNotBungeeGatewayCall(data: Hex, value: bigint, intent: CallIntent): string | null {
  const call = readBungeeGatewayCall(data);
  if (typeof call === 'string') return call;
  if (!same(call.recipient, intent.recipient)) return `${call.name} pays ${call.recipient}, not the recipient ${intent.recipient}`;
  if (intent.destinationChainId === null || call.destinationChainId !== BigInt(intent.destinationChainId)) {
    return `${call.name} bridges to chain ${call.destinationChainId}, not ${intent.destinationChainId ?? 'the requested chain'}`;
  }
  if (call.sourceToken === null) {
    if (intent.sourceToken !== null) return `${call.name} sends the native asset, not the source token ${intent.sourceToken}`;
  } else if (intent.sourceToken === null || !same(call.sourceToken, intent.sourceToken)) {
    return `${call.name} sends ${call.sourceToken}, not the source token ${intent.sourceToken ?? BUNGEE_NATIVE}`;
  }
  if (call.amount !== intent.amount) return `${call.name} bridges ${call.amount}, not the ${intent.amount} the transfer moves`;
  const expectedValue = call.sourceToken === null ? intent.amount : 0n;
  if (value !== expectedValue) return `${call.name} carries ${value} native units, not ${expectedValue}`;
  return null;
}
