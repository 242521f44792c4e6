import { getAddress, isAddress, size, slice, type Hex } from 'viem';
import type { CallIntent } from '../allowList.ts';
import { addressToBytes32, decodeOftSend, PLAIN_OPTIONS } from '../layerzero/oftSend.ts';
import { usdt0ChainByEid, usdt0ChainById, type Usdt0Chain } from './usdt0Chains.ts';

/**
 * Why a `send` to a USDT0 messenger does not do exactly what the transfer asked, or `null` when it
 * does: the allow-list `check` of every messenger (src/venues/allowList.ts), run on the built call
 * and again at submit. The call must move the chain's USDT0 (or Ethereum's USDT) to the recipient on
 * the requested chain, exactly the amount the step moves, with a floor, no compose message, no
 * executor option, no ZRO, and the LayerZero fee as its whole value (the engine bounds that fee).
 *
 * The refund address gets back only what `value` overpays the endpoint's fee; with the value equal to
 * the fee the call states it is at most part of that bounded fee. The build names the sender there,
 * and the intent does not carry the sender, so it is not compared here.
 */
export function whyNotUsdt0Send(data: Hex, value: bigint, intent: CallIntent, source: Usdt0Chain): string | null {
  if (size(data) < 4) return 'is not an OFT send';
  const call = decodeOftSend(data);
  if (call === null) return `is not an OFT send (selector ${slice(data, 0, 4)})`;
  if (intent.sourceToken === null || intent.sourceToken.toLowerCase() !== source.token.toLowerCase()) {
    return `moves ${intent.sourceToken ?? 'the native coin'} through the USDT0 messenger of ${source.key}, which moves ${source.token}`;
  }
  if (intent.destinationChainId === null) return 'targets a non-EVM destination, which Strait does not route through USDT0';
  const destination = usdt0ChainById(intent.destinationChainId);
  if (!destination || call.dstEid !== destination.eid) {
    return `sends to LayerZero endpoint ${call.dstEid} (${usdt0ChainByEid(call.dstEid)?.key ?? 'unknown'}), not ${destination?.key ?? `chain ${intent.destinationChainId}`}`;
  }
  if (!isAddress(intent.recipient, { strict: false })) return `cannot pay the non-EVM recipient ${intent.recipient}`;
  if (call.to.toLowerCase() !== addressToBytes32(getAddress(intent.recipient)).toLowerCase()) return `pays ${call.to}, not the recipient ${intent.recipient}`;
  if (call.composeMsg !== '0x') return 'carries a compose message (a destination call with the funds)';
  if (call.oftCmd !== '0x') return `carries an OFT command ${call.oftCmd.slice(0, 20)}`;
  if (!PLAIN_OPTIONS.includes(call.extraOptions.toLowerCase())) return `carries executor options ${call.extraOptions.slice(0, 20)}… (a native drop or gas to someone)`;
  if (call.lzTokenFee !== 0n) return `pays ${call.lzTokenFee} in ZRO`;
  if (call.amountLD !== intent.amount) return `bridges ${call.amountLD}, not the ${intent.amount} the transfer moves`;
  if (call.minAmountLD === 0n || call.minAmountLD > call.amountLD) return `asks a minimum of ${call.minAmountLD} for ${call.amountLD} bridged`;
  if (value !== call.nativeFee) return `sends ${value} wei beside the token, not the ${call.nativeFee} LayerZero fee it states`;
  return null;
}
