import { base58 } from '@scure/base';
import { bytesToHex, decodeFunctionData, encodeFunctionData, getAbiItem, isAddress, pad, parseAbi, toFunctionSelector, type Address, type Hex } from 'viem';
import type { CallIntent } from '../allowList.ts';
import { EVM_NATIVE, MAYAN_SWIFT_V1, MAYAN_SWIFT_V2, mayanChainByWormholeId } from './mayanChains.ts';

/**
 * Mayan's EVM entry points, from the SDK's artifacts (mayan-finance/swap-sdk@cd5a34ca
 * `src/evm/MayanForwarderArtifact.ts`, `src/evm/MayanSwiftArtifact.ts`), structs expanded. Only the
 * plain forwards are used: the forwarder's swap-and-forward methods run a router's calldata first,
 * which Strait cannot read.
 */
export const mayanForwarderAbi = parseAbi([
  'function forwardEth(address mayanProtocol, bytes protocolData) payable',
  'function forwardERC20(address tokenIn, uint256 amountIn, (uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) permitParams, address mayanProtocol, bytes protocolData) payable',
]);

const ORDER = '(bytes32 trader, bytes32 tokenOut, uint64 minAmountOut, uint64 gasDrop, uint64 cancelFee, uint64 refundFee, uint64 deadline, bytes32 destAddr, uint16 destChainId, bytes32 referrerAddr, uint8 referrerBps, uint8 auctionMode, bytes32 random)';
export const mayanSwiftV1Abi = parseAbi([
  `function createOrderWithEth(${ORDER} params) payable returns (bytes32)`,
  `function createOrderWithToken(address tokenIn, uint256 amountIn, ${ORDER} params) returns (bytes32)`,
]);

/** Swift V2 (swap-sdk `src/evm/MayanSwiftV2Artifact.ts`): the order leads with `payloadType` and is followed by a custom payload. */
const ORDER_V2 = '(uint8 payloadType, bytes32 trader, bytes32 destAddr, uint16 destChainId, bytes32 referrerAddr, bytes32 tokenOut, uint64 minAmountOut, uint64 gasDrop, uint64 cancelFee, uint64 refundFee, uint64 deadline, uint8 referrerBps, uint8 auctionMode, bytes32 random)';
export const mayanSwiftV2Abi = parseAbi([`function createOrderWithToken(address tokenIn, uint256 amountIn, ${ORDER_V2} params, bytes customPayload) returns (bytes32)`]);
/** swap-sdk `SWIFT_PAYLOAD_TYPE_DEFAULT`: an order without a custom payload. */
const PAYLOAD_TYPE_DEFAULT = 1;

export type SwiftVersion = 'V1' | 'V2';

export const FORWARDER_SELECTORS: readonly Hex[] = [
  toFunctionSelector(getAbiItem({ abi: mayanForwarderAbi, name: 'forwardEth' })),
  toFunctionSelector(getAbiItem({ abi: mayanForwarderAbi, name: 'forwardERC20' })),
];

export interface SwiftOrder {
  readonly trader: Hex;
  readonly tokenOut: Hex;
  readonly minAmountOut: bigint;
  readonly gasDrop: bigint;
  readonly cancelFee: bigint;
  readonly refundFee: bigint;
  readonly deadline: bigint;
  readonly destAddr: Hex;
  readonly destChainId: number;
  readonly referrerAddr: Hex;
  readonly referrerBps: number;
  readonly auctionMode: number;
  readonly random: Hex;
}

const ZERO_32: Hex = `0x${'00'.repeat(32)}`;
const NO_PERMIT = { value: 0n, deadline: 0n, v: 0, r: ZERO_32, s: ZERO_32 } as const;

/**
 * An address as the 32 bytes a Swift order carries it (swap-sdk `nativeAddressToHexString`): an EVM
 * address left-padded, a Solana address base58-decoded; `null` when it is neither.
 */
export function orderAddress(address: string, wormholeId: number): Hex | null {
  if (wormholeId === 1) {
    try {
      const bytes = base58.decode(address);
      return bytes.length === 32 ? bytesToHex(bytes) : null;
    } catch {
      return null;
    }
  }
  return isAddress(address, { strict: false }) ? pad(address.toLowerCase() as Hex, { size: 32 }) : null;
}

/**
 * The transaction the forwarder runs: a Swift order funded with ETH (V1 only) or with `tokenIn`.
 * A V2 order carries the default payload type and no custom payload.
 */
export function encodeSwiftForward(input: { version: SwiftVersion; tokenIn: Address; amountIn: bigint; order: SwiftOrder }): { data: Hex; value: bigint } {
  const native = input.tokenIn.toLowerCase() === EVM_NATIVE;
  if (input.version === 'V2') {
    if (native) throw new Error('Swift V2 takes no native input (swap-sdk refuses createOrderWithEth for V2)');
    const swiftData = encodeFunctionData({ abi: mayanSwiftV2Abi, functionName: 'createOrderWithToken', args: [input.tokenIn, input.amountIn, { ...input.order, payloadType: PAYLOAD_TYPE_DEFAULT }, '0x'] });
    return { data: encodeFunctionData({ abi: mayanForwarderAbi, functionName: 'forwardERC20', args: [input.tokenIn, input.amountIn, NO_PERMIT, MAYAN_SWIFT_V2, swiftData] }), value: 0n };
  }
  const swiftData = native
    ? encodeFunctionData({ abi: mayanSwiftV1Abi, functionName: 'createOrderWithEth', args: [input.order] })
    : encodeFunctionData({ abi: mayanSwiftV1Abi, functionName: 'createOrderWithToken', args: [input.tokenIn, input.amountIn, input.order] });
  const data = native
    ? encodeFunctionData({ abi: mayanForwarderAbi, functionName: 'forwardEth', args: [MAYAN_SWIFT_V1, swiftData] })
    : encodeFunctionData({ abi: mayanForwarderAbi, functionName: 'forwardERC20', args: [input.tokenIn, input.amountIn, NO_PERMIT, MAYAN_SWIFT_V1, swiftData] });
  return { data, value: native ? input.amountIn : 0n };
}

interface DecodedForward {
  readonly tokenIn: Address;
  readonly amountIn: bigint;
  readonly order: SwiftOrder;
}

/** Decodes a forwarder call down to its Swift order; a string says why it is not one Strait reads. */
export function decodeSwiftForward(data: Hex, value: bigint): DecodedForward | string {
  let outer;
  try {
    outer = decodeFunctionData({ abi: mayanForwarderAbi, data });
  } catch {
    return 'not a Mayan forwarder call Strait reads (forwardEth / forwardERC20)';
  }
  const [protocol, protocolData] = outer.functionName === 'forwardEth' ? outer.args : [outer.args[3], outer.args[4]];
  const version: SwiftVersion | null = protocol.toLowerCase() === MAYAN_SWIFT_V1.toLowerCase() ? 'V1' : protocol.toLowerCase() === MAYAN_SWIFT_V2.toLowerCase() ? 'V2' : null;
  if (version === null) return `the forwarder would call ${protocol}, not Mayan Swift (${MAYAN_SWIFT_V1} or ${MAYAN_SWIFT_V2})`;
  if (outer.functionName === 'forwardEth') {
    if (version === 'V2') return 'forwardEth to Swift V2 is not an order Strait builds';
    let inner;
    try {
      inner = decodeFunctionData({ abi: mayanSwiftV1Abi, data: protocolData });
    } catch {
      return 'the forwarded Swift call is not createOrderWithEth / createOrderWithToken';
    }
    if (inner.functionName !== 'createOrderWithEth') return 'forwardEth must carry createOrderWithEth';
    return { tokenIn: EVM_NATIVE, amountIn: value, order: inner.args[0] };
  }
  const [tokenIn, amountIn, permit] = outer.args;
  let locked: { tokenIn: Address; amountIn: bigint; order: SwiftOrder };
  try {
    if (version === 'V1') {
      const inner = decodeFunctionData({ abi: mayanSwiftV1Abi, data: protocolData });
      if (inner.functionName !== 'createOrderWithToken') return 'forwardERC20 must carry createOrderWithToken';
      locked = { tokenIn: inner.args[0], amountIn: inner.args[1], order: inner.args[2] };
    } else {
      const inner = decodeFunctionData({ abi: mayanSwiftV2Abi, data: protocolData });
      const [innerToken, innerAmount, params, customPayload] = inner.args;
      // A custom payload is executed on the destination: Strait builds none and reads none.
      if (params.payloadType !== PAYLOAD_TYPE_DEFAULT || customPayload !== '0x') return 'the Swift V2 order carries a custom payload';
      locked = { tokenIn: innerToken, amountIn: innerAmount, order: params };
    }
  } catch {
    return 'the forwarded Swift call is not createOrderWithToken';
  }
  if (locked.tokenIn.toLowerCase() !== tokenIn.toLowerCase() || locked.amountIn !== amountIn) return 'the Swift order locks another token or amount than the forwarder pulls';
  if (permit.value !== 0n || permit.deadline !== 0n) return 'the forwarder call carries a permit Strait did not build';
  if (value !== 0n) return `forwardERC20 carries ${value} wei of value`;
  return { tokenIn, amountIn, order: locked.order };
}

/**
 * The forwarder's allow-list check, at build and again at submit: the call must fund a Swift (V1
 * or V2) order of exactly the transfer's token and amount, delivering to the requested recipient on the
 * requested destination, with no referrer cut (Strait sends none, so a referrer would skim the user).
 */
export function swiftForwardProblem(data: Hex, value: bigint, intent: CallIntent): string | null {
  const decoded = decodeSwiftForward(data, value);
  if (typeof decoded === 'string') return decoded;
  const { tokenIn, amountIn, order } = decoded;
  const expectedToken = (intent.sourceToken ?? EVM_NATIVE).toLowerCase();
  if (tokenIn.toLowerCase() !== expectedToken) return `the order locks ${tokenIn}, not the transfer's ${intent.sourceToken ?? 'native asset'}`;
  if (amountIn !== intent.amount) return `the order locks ${amountIn}, not the transfer's ${intent.amount}`;
  const destination = mayanChainByWormholeId(order.destChainId);
  if (!destination) return `the order delivers on Wormhole chain ${order.destChainId}, which Strait does not serve through Mayan`;
  if (destination.chainId !== intent.destinationChainId) return `the order delivers on ${destination.key}, not the requested destination`;
  const recipient = orderAddress(intent.recipient, destination.wormholeId);
  if (recipient === null || recipient.toLowerCase() !== order.destAddr.toLowerCase()) return `the order pays ${order.destAddr}, not the requested recipient ${intent.recipient}`;
  if (order.referrerBps !== 0) return `the order gives a referrer ${order.referrerBps} bps`;
  return null;
}
