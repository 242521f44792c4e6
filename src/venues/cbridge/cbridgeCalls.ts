import { decodeFunctionData, encodeFunctionData, encodePacked, getAbiItem, keccak256, parseAbi, toFunctionSelector, type Address, type Hex } from 'viem';
import { sameEvmAddress } from '../../domain/addresses/sameAddress.ts';
import type { CallIntent } from '../allowList.ts';
import { cbridgeChainById } from './cbridgeChains.ts';

/**
 * The pool-based `Bridge` as the adapter calls and reads it
 * (celer-network/sgn-v2-contracts@b8a27161e0b700e30f30452c73418b60d133163f:contracts/liquidity-bridge/Bridge.sol).
 */
export const cbridgeBridgeAbi = parseAbi([
  'function send(address _receiver, address _token, uint256 _amount, uint64 _dstChainId, uint64 _nonce, uint32 _maxSlippage)',
  'function sendNative(address _receiver, uint256 _amount, uint64 _dstChainId, uint64 _nonce, uint32 _maxSlippage) payable',
  'function minSend(address token) view returns (uint256)',
  'function maxSend(address token) view returns (uint256)',
  'function minimalMaxSlippage() view returns (uint32)',
  'event Send(bytes32 transferId, address sender, address receiver, address token, uint256 amount, uint64 dstChainId, uint64 nonce, uint32 maxSlippage)',
  'event Relay(bytes32 transferId, address sender, address receiver, address token, uint256 amount, uint64 srcChainId, bytes32 srcTransferId)',
]);

export const SEND_SELECTOR = toFunctionSelector(getAbiItem({ abi: cbridgeBridgeAbi, name: 'send' }));
export const SEND_NATIVE_SELECTOR = toFunctionSelector(getAbiItem({ abi: cbridgeBridgeAbi, name: 'sendNative' }));

/** `maxSlippage` is in pips: 1e6 would let the pool deliver nothing, so anything from there up is refused. */
export const PIPS = 1_000_000;

export interface CbridgeSend {
  readonly receiver: Address;
  /** The ERC-20 sent; for `sendNative`, the chain's wrapped native token (what the transfer id hashes). */
  readonly token: Address;
  readonly amount: bigint;
  readonly dstChainId: number;
  readonly nonce: bigint;
  readonly maxSlippage: number;
  readonly native: boolean;
}

/** Encodes the Bridge call: `sendNative` (value = amount) for the native coin, `send` otherwise. */
export function encodeCbridgeSend(send: CbridgeSend): Hex {
  const dst = BigInt(send.dstChainId);
  return send.native
    ? encodeFunctionData({ abi: cbridgeBridgeAbi, functionName: 'sendNative', args: [send.receiver, send.amount, dst, send.nonce, send.maxSlippage] })
    : encodeFunctionData({ abi: cbridgeBridgeAbi, functionName: 'send', args: [send.receiver, send.token, send.amount, dst, send.nonce, send.maxSlippage] });
}

/**
 * The transfer id the Bridge computes in `_send` and the gateway indexes:
 * keccak256(abi.encodePacked(sender, receiver, token, amount, uint64 dstChainId, uint64 nonce, uint64 srcChainId)).
 */
export function cbridgeTransferId(values: { sender: Address; receiver: Address; token: Address; amount: bigint; dstChainId: number; nonce: bigint; srcChainId: number }): Hex {
  return keccak256(
    encodePacked(
      ['address', 'address', 'address', 'uint256', 'uint64', 'uint64', 'uint64'],
      [values.sender, values.receiver, values.token, values.amount, BigInt(values.dstChainId), values.nonce, BigInt(values.srcChainId)],
    ),
  );
}

/** Decodes a `send` / `sendNative` calldata, or `null` for anything else. */
export function decodeCbridgeSend(data: Hex, srcChainId: number): CbridgeSend | null {
  let decoded;
  try {
    decoded = decodeFunctionData({ abi: cbridgeBridgeAbi, data });
  } catch {
    return null;
  }
  if (decoded.functionName === 'send') {
    const [receiver, token, amount, dst, nonce, maxSlippage] = decoded.args;
    return { receiver, token, amount, dstChainId: Number(dst), nonce, maxSlippage, native: false };
  }
  if (decoded.functionName === 'sendNative') {
    const [receiver, amount, dst, nonce, maxSlippage] = decoded.args;
    const wrapped = cbridgeChainById(srcChainId)?.tokens.WETH?.address;
    if (!wrapped) return null;
    return { receiver, token: wrapped, amount, dstChainId: Number(dst), nonce, maxSlippage, native: true };
  }
  return null;
}

/**
 * The allow-list check of a Bridge call (src/venues/allowList.ts): the pinned Bridge pays whoever
 * `_receiver` names on whichever `_dstChainId`, so the decoded call must pay the requested recipient,
 * on the requested destination, the quoted amount of the requested source token (`sendNative` with
 * exactly that value for the native coin), with a slippage bound below 100 %.
 */
export function cbridgeSendProblem(srcChainId: number) {
  return (data: Hex, value: bigint, intent: CallIntent): string | null => {
    const send = decodeCbridgeSend(data, srcChainId);
    if (!send) return 'not a cBridge send or sendNative call';
    if (intent.sourceChainId !== srcChainId) return `the call is for chain ${srcChainId}, the transfer starts on ${intent.sourceChainId}`;
    if (!sameEvmAddress(send.receiver, intent.recipient)) return `the call pays ${send.receiver}, not the recipient ${intent.recipient}`;
    if (intent.destinationChainId === null || send.dstChainId !== intent.destinationChainId) return `the call goes to chain ${send.dstChainId}, not ${String(intent.destinationChainId)}`;
    if (send.amount !== intent.amount) return `the call sends ${send.amount}, not ${intent.amount}`;
    if (send.native) {
      if (intent.sourceToken !== null) return 'sendNative moves the native coin, the transfer sends a token';
      if (value !== send.amount) return `sendNative carries value ${value}, not the amount ${send.amount}`;
    } else {
      if (intent.sourceToken === null || !sameEvmAddress(send.token, intent.sourceToken)) return `the call sends token ${send.token}, not ${String(intent.sourceToken)}`;
      if (value !== 0n) return `send carries value ${value}`;
    }
    if (send.maxSlippage <= 0 || send.maxSlippage >= PIPS) return `maxSlippage ${send.maxSlippage} pips is outside (0, 1e6)`;
    return null;
  };
}
