import { getAddress, isAddress, size, slice, type Hex } from 'viem';
import { addressToBytes32, decodeOftSend, encodeOftSend, PLAIN_OPTIONS, type OftSend } from '../layerzero/oftSend.ts';
import type { CallIntent } from '../allowList.ts';
import { stargateChainById, stargateChainByEid } from './stargateChains.ts';

/**
 * Stargate v2's `send` (stargate-protocol/stargate-v2 `StargateBase.sol`, the IOFT signature):
 * `send(SendParam, MessagingFee, address refundAddress)`. A native pool takes `msg.value ≥ nativeFee +
 * amountLD` and hands anything above the LayerZero fee back to `refundAddress` through the endpoint,
 * so the refund address can be paid from the user's value; `composeMsg` makes the destination pool call
 * a contract with the tokens, and `extraOptions` can carry a native drop to any address. Strait reads
 * the whole call and accepts only a plain taxi to the recipient.
 */
export type StargateSend = OftSend;
export const decodeStargateSend = decodeOftSend;
export const encodeStargateSend = encodeOftSend;
export { addressToBytes32 };

/**
 * Why a `send` to a pool does not do exactly what the transfer asked, or `null` when it does: the
 * allow-list `check` of every pool (src/venues/allowList.ts), run at build and again at submit.
 * `poolToken` is the token of the pool called (`null`: a native pool). A native pool's value is the
 * amount bridged plus the LayerZero fee, within the input; an ERC-20 pool bridges exactly the amount
 * and its value is exactly the fee the call states (the engine bounds it to the build's declared fee).
 */
export function whyNotStargateSend(data: Hex, value: bigint, intent: CallIntent, poolToken: string | null = null): string | null {
  if (size(data) < 4) return 'is not a Stargate send';
  const call = decodeStargateSend(data);
  if (call === null) return `is not a Stargate send (selector ${slice(data, 0, 4)})`;
  if (poolToken === null && intent.sourceToken !== null) return 'moves an ERC-20 through a native pool';
  if (poolToken !== null && (intent.sourceToken === null || intent.sourceToken.toLowerCase() !== poolToken.toLowerCase())) {
    return `moves ${intent.sourceToken ?? 'native ETH'} through the pool of ${poolToken}`;
  }
  if (intent.destinationChainId === null) return 'targets a non-EVM destination, which Strait does not route through Stargate';
  const destination = stargateChainById(intent.destinationChainId);
  if (!destination || call.dstEid !== destination.eid) {
    return `sends to LayerZero endpoint ${call.dstEid} (${stargateChainByEid(call.dstEid)?.key ?? 'unknown'}), not ${destination?.key ?? `chain ${intent.destinationChainId}`}`;
  }
  if (!isAddress(intent.recipient, { strict: false })) return `cannot pay the non-EVM recipient ${intent.recipient}`;
  if (call.to.toLowerCase() !== addressToBytes32(getAddress(intent.recipient)).toLowerCase()) return `pays ${call.to}, not the recipient ${intent.recipient}`;
  // The endpoint refunds whatever exceeds the LayerZero fee to this address: only the recipient may get it.
  if (call.refundAddress.toLowerCase() !== intent.recipient.toLowerCase()) return `refunds to ${call.refundAddress}, not the recipient ${intent.recipient}`;
  if (call.composeMsg !== '0x') return 'carries a compose message (a destination call with the funds)';
  if (call.oftCmd !== '0x') return 'rides the bus (oftCmd set), not a taxi';
  if (!PLAIN_OPTIONS.includes(call.extraOptions.toLowerCase())) return `carries executor options ${call.extraOptions.slice(0, 20)}… (a native drop or gas to someone)`;
  if (call.lzTokenFee !== 0n) return `pays ${call.lzTokenFee} in ZRO`;
  if (poolToken !== null) return whyNotTokenAmounts(call, value, intent.amount);
  if (value !== call.amountLD + call.nativeFee) return `sends ${value} wei for ${call.amountLD} bridged plus a ${call.nativeFee} LayerZero fee`;
  if (value > intent.amount) return `sends ${value} wei for an input of ${intent.amount}`;
  if (call.nativeFee > call.amountLD) return `pays a LayerZero fee of ${call.nativeFee} above the ${call.amountLD} bridged`;
  if (call.minAmountLD === 0n || call.minAmountLD > call.amountLD) return `asks a minimum of ${call.minAmountLD} for ${call.amountLD} bridged`;
  return null;
}

/** The amounts of an ERC-20 pool's `send`: exactly the amount moved, the LayerZero fee as the whole value. */
function whyNotTokenAmounts(call: StargateSend, value: bigint, moved: bigint): string | null {
  if (call.amountLD !== moved) return `bridges ${call.amountLD}, not the ${moved} the transfer moves`;
  if (value !== call.nativeFee) return `sends ${value} wei beside the token, not the ${call.nativeFee} LayerZero fee it states`;
  if (call.minAmountLD === 0n || call.minAmountLD > call.amountLD) return `asks a minimum of ${call.minAmountLD} for ${call.amountLD} bridged`;
  return null;
}
