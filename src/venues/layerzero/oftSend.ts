import { decodeFunctionData, encodeFunctionData, pad, parseAbi, type Address, type Hex } from 'viem';

/**
 * LayerZero v2's OFT `send` (LayerZero-Labs/devtools `packages/oft-evm/contracts/interfaces/IOFT.sol`):
 * `send(SendParam, MessagingFee, address refundAddress)`. Every OFT speaks it — Stargate v2's pools,
 * USDT0's adapter and OFTs — so the venues that build it share one codec and read the whole call back.
 */
export const oftSendAbi = parseAbi([
  'struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD; bytes extraOptions; bytes composeMsg; bytes oftCmd; }',
  'struct MessagingFee { uint256 nativeFee; uint256 lzTokenFee; }',
  'function send(SendParam _sendParam, MessagingFee _fee, address _refundAddress) payable',
]);

/** `send((uint32,bytes32,uint256,uint256,bytes,bytes,bytes),(uint256,uint256),address)`. */
export const OFT_SEND_SELECTOR: Hex = '0xc7c7f5b3';

export interface OftSend {
  readonly dstEid: number;
  readonly to: Hex;
  readonly amountLD: bigint;
  readonly minAmountLD: bigint;
  readonly extraOptions: Hex;
  readonly composeMsg: Hex;
  readonly oftCmd: Hex;
  readonly nativeFee: bigint;
  readonly lzTokenFee: bigint;
  readonly refundAddress: Address;
}

/** The decoded `send` call, or `null` when `data` is not one. */
export function decodeOftSend(data: Hex): OftSend | null {
  try {
    const decoded = decodeFunctionData({ abi: oftSendAbi, data });
    if (decoded.functionName !== 'send') return null;
    const [param, fee, refundAddress] = decoded.args;
    return { ...param, nativeFee: fee.nativeFee, lzTokenFee: fee.lzTokenFee, refundAddress };
  } catch {
    return null;
  }
}

export function encodeOftSend(call: OftSend): Hex {
  const { nativeFee, lzTokenFee, refundAddress, ...param } = call;
  return encodeFunctionData({ abi: oftSendAbi, functionName: 'send', args: [param, { nativeFee, lzTokenFee }, refundAddress] });
}

/** An EVM address as the bytes32 `SendParam.to` carries it (left-padded). */
export function addressToBytes32(address: Address): Hex {
  return pad(address.toLowerCase() as Hex, { size: 32 });
}

/**
 * `extraOptions` Strait accepts: none, or the bare type-3 options header with no option in it. Any
 * option could buy a native drop or destination gas for someone else out of the user's value.
 */
export const PLAIN_OPTIONS: readonly string[] = ['0x', '0x0003'];

/**
 * A standard OFT message (`OFTMsgCodec`: `sendTo` bytes32, then `amountSD` uint64, then an optional
 * compose part), as LayerZero Scan shows it in `source.tx.payload`; `null` when it is not one.
 */
export function decodeOftMessage(payload: string | undefined): { readonly sendTo: Hex; readonly amountSD: bigint; readonly composed: boolean } | null {
  if (payload === undefined || !/^0x([0-9a-fA-F]{2})*$/.test(payload) || payload.length < 2 + 80) return null;
  return { sendTo: `0x${payload.slice(2, 66)}`.toLowerCase() as Hex, amountSD: BigInt(`0x${payload.slice(66, 82)}`), composed: payload.length > 82 };
}
