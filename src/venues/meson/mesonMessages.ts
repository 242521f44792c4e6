import { isHex, type Hex } from 'viem';
import type { CallIntent } from '../allowList.ts';
import { decodeMesonSwap } from './mesonEncodedSwap.ts';
import { mesonChainByCoinType, mesonChainById, mesonToken } from './mesonChains.ts';

/**
 * Why the two messages of a Meson `message` step do not do what the transfer asked, or `null`: the
 * request is the 32-byte encoded swap, the release that swap and the recipient (20 bytes), exactly
 * what `SwapSigner.prehashRequest` / `prehashRelease` sign for a non-typed swap. The encoded swap must
 * be a version-1, non-typed swap paying the recipient directly (no contract call), from the transfer's
 * source chain and token, of exactly the amount the venue step moves, to the transfer's destination
 * chain; the release must name the transfer's recipient. Run at build and again at submit (allow-list).
 */
export function whyNotMesonMessages(messages: readonly Hex[], intent: CallIntent): string | null {
  if (messages.length !== 2) return `asks for ${messages.length} signatures; a Meson swap is a request and a release`;
  const [request, release] = messages as [Hex, Hex];
  if (!isHex(request) || request.length !== 66) return 'asks to sign a request that is not a 32-byte encoded swap';
  if (release.length !== 106 || release.slice(0, 66).toLowerCase() !== request.toLowerCase()) return 'asks to sign a release that is not the request\'s swap and a recipient';
  const swap = decodeMesonSwap(request);
  if (swap.version !== 1) return `signs an encoded swap of version ${swap.version}, not 1`;
  if (!swap.nonTyped) return 'signs a typed (eth_signTypedData v1) swap as a message, which Meson\'s contract would not accept';
  if (swap.toContract) return 'signs a swap whose release calls a contract instead of paying the recipient';
  const from = mesonChainById(intent.sourceChainId);
  if (!from || swap.inChain !== from.coinType) return `spends on Meson chain 0x${swap.inChain.toString(16)}, not the source chain ${intent.sourceChainId}`;
  const token = mesonToken(from, intent.sourceToken);
  if (!token || swap.inToken !== token.index) return `spends Meson token ${swap.inToken}, not ${intent.sourceToken ?? 'the native coin'}`;
  // Meson encodes 6-decimal units; every token listed in mesonChains.ts has 6 decimals.
  if (swap.amount !== intent.amount) return `moves ${swap.amount} units, not the ${intent.amount} the transfer sends`;
  const to = mesonChainByCoinType(swap.outChain);
  if (!to || to.chainId !== intent.destinationChainId) return `goes to Meson chain 0x${swap.outChain.toString(16)}, not chain ${intent.destinationChainId ?? 'non-EVM'}`;
  const recipient = `0x${release.slice(66)}`;
  if (recipient.toLowerCase() !== intent.recipient.toLowerCase()) return `releases to ${recipient}, not the recipient ${intent.recipient}`;
  return null;
}
