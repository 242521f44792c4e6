import { decodeFunctionData, getAddress, isAddress, pad, toFunctionSelector, type Address, type Hex } from 'viem';
import type { CallIntent } from '../allowList.ts';
import { tronHexAddress } from '../../chains/tron/tronAddress.ts';
import { allbridgeChainByEvmId } from './allbridgeChains.ts';

/**
 * The Allbridge Core bridge's entry point, from the SDK's ABI (allbridge-core-js-sdk
 * src/services/models/abi/Bridge.ts): the token, recipient and receive token are 32-byte words (an
 * EVM address left-padded, the SDK's `evmAddressToBuffer32`), `destinationChainId` is Allbridge's
 * own chain number, `messenger` the SDK enum (1 = Allbridge), and `feeTokenAmount` the relayer fee
 * taken in the token (0 when it is paid in native value beside the call).
 */
export const ALLBRIDGE_BRIDGE_ABI = [
  {
    type: 'function',
    name: 'swapAndBridge',
    stateMutability: 'payable',
    inputs: [
      { name: 'token', type: 'bytes32' },
      { name: 'amount', type: 'uint256' },
      { name: 'recipient', type: 'bytes32' },
      { name: 'destinationChainId', type: 'uint256' },
      { name: 'receiveToken', type: 'bytes32' },
      { name: 'nonce', type: 'uint256' },
      { name: 'messenger', type: 'uint8' },
      { name: 'feeTokenAmount', type: 'uint256' },
    ],
    outputs: [],
  },
] as const;

export const SWAP_AND_BRIDGE_SELECTOR: Hex = toFunctionSelector('swapAndBridge(bytes32,uint256,bytes32,uint256,bytes32,uint256,uint8,uint256)');
export const ALLBRIDGE_BRIDGE_SELECTORS: readonly Hex[] = [SWAP_AND_BRIDGE_SELECTOR];

/** The SDK's `Messenger.ALLBRIDGE`. */
export const ALLBRIDGE_MESSENGER = 1;

export interface SwapAndBridgeCall {
  readonly token: Hex;
  readonly amount: bigint;
  readonly recipient: Hex;
  readonly destinationChainId: bigint;
  readonly receiveToken: Hex;
  readonly nonce: bigint;
  readonly messenger: number;
  readonly feeTokenAmount: bigint;
}

/** The decoded call, or why it is not a `swapAndBridge`. */
export function decodeSwapAndBridge(data: Hex): SwapAndBridgeCall | string {
  let decoded;
  try {
    decoded = decodeFunctionData({ abi: ALLBRIDGE_BRIDGE_ABI, data });
  } catch {
    return `is not a swapAndBridge call (selector ${data.slice(0, 10)})`;
  }
  const [token, amount, recipient, destinationChainId, receiveToken, nonce, messenger, feeTokenAmount] = decoded.args;
  return { token, amount, recipient, destinationChainId, receiveToken, nonce, messenger, feeTokenAmount };
}

/** An EVM address as the bridge's 32-byte word. */
export function word32(address: string): Hex {
  return pad(address.toLowerCase() as Hex, { size: 32 });
}

/**
 * Why `data` does not bridge exactly what the transfer asked (see allowList.ts `AllowedCall.check`),
 * or `null`. The bridge pays `recipient` on the chain numbered `destinationChainId`: both are
 * compared with the transfer, as are the token taken and the amount. The relayer fee must ride as
 * native value (`feeTokenAmount` 0), so nothing beyond the amount leaves in the token.
 */
export function whyNotAllbridgeCall(data: Hex, _value: bigint, intent: CallIntent): string | null {
  const call = decodeSwapAndBridge(data);
  if (typeof call === 'string') return call;
  if (intent.sourceToken === null) return 'bridges from the native asset, which Allbridge Core does not';
  return whyNotIntended(call, word32(intent.sourceToken), intent);
}

/**
 * The same check of a call from Tron (allowList `tronCalls`): the bridge takes the token as the
 * 20 bytes of its Tron address in a 32-byte word (the SDK's `formatAddress` for TRX), `data` is hex
 * without 0x, and the relayer fee rides as the call value in sun.
 */
export function whyNotAllbridgeTronCall(data: string, _callValue: bigint, intent: CallIntent): string | null {
  const call = decodeSwapAndBridge(`0x${data}`);
  if (typeof call === 'string') return call;
  const token = intent.sourceToken === null ? null : tronHexAddress(intent.sourceToken);
  if (token === null) return 'bridges from the native asset or a token that is not a Tron address';
  return whyNotIntended(call, word32(`0x${token.slice(2)}`), intent);
}

function whyNotIntended(call: SwapAndBridgeCall, tokenWord: Hex, intent: CallIntent): string | null {
  if (call.token.toLowerCase() !== tokenWord) return `takes token ${call.token}, not ${intent.sourceToken}`;
  if (call.amount !== intent.amount) return `bridges ${call.amount}, not the ${intent.amount} asked`;
  if (!isAddress(intent.recipient, { strict: false })) return `pays a 32-byte recipient, but the transfer's recipient '${intent.recipient}' is not an EVM address`;
  if (call.recipient.toLowerCase() !== word32(intent.recipient)) return `pays ${call.recipient}, not the recipient ${getAddress(intent.recipient)}`;
  const destination = intent.destinationChainId === null ? undefined : allbridgeChainByEvmId(intent.destinationChainId);
  if (!destination) return `goes to Allbridge chain ${call.destinationChainId}, and the transfer's destination has no Allbridge number`;
  if (call.destinationChainId !== BigInt(destination.allbridgeChainId)) return `goes to Allbridge chain ${call.destinationChainId}, not ${destination.allbridgeChainId} (${destination.key})`;
  if (call.messenger !== ALLBRIDGE_MESSENGER) return `uses messenger ${call.messenger}, not Allbridge's own (${ALLBRIDGE_MESSENGER})`;
  if (call.feeTokenAmount !== 0n) return `takes a fee of ${call.feeTokenAmount} in the token beside the amount`;
  return null;
}

/** The receive token of a decoded call as an address, or null when it is not a left-padded EVM address. */
export function receiveTokenOf(call: SwapAndBridgeCall): Address | null {
  const hex = call.receiveToken.toLowerCase();
  if (!hex.startsWith('0x000000000000000000000000')) return null;
  return getAddress(`0x${hex.slice(26)}`);
}
