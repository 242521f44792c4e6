import { decodeFunctionData, encodeFunctionData, isAddress, type Hex } from 'viem';
import { resolveToken } from '../../domain/tokens.ts';
import type { EvmStep } from '../../domain/steps.ts';
import type { CallIntent } from '../allowList.ts';
import { tokenBridgeAbi, wormholeChainByEvmId } from './wormholeChains.ts';
import { normalizeAmount, parseTransferPayload, parseVaa, universalAddress, type Vaa } from './wormholeVaa.ts';

/**
 * The claim of a Portal transfer without a relayer: `completeTransfer(encodedVm)` on the destination
 * Token Bridge, with the VAA the guardians signed. The guardians' signatures are the contract's job;
 * before Strait hands the redeem out (and again at submit, through the allow-list) the VAA must parse,
 * and its body must be this transfer's message: the source Token Bridge as emitter, the source
 * receipt's sequence when known, and a type-1 payload with the transfer's token, amount (normalised
 * to 8 decimals), recipient, destination, and no relayer fee.
 */

export interface ExpectedTransfer {
  readonly fromWhChain: number;
  /** The source Token Bridge (the VAA's emitter). */
  readonly emitter: Hex;
  readonly toWhChain: number;
  readonly tokenChain: number;
  readonly tokenAddress: Hex;
  readonly recipient: Hex;
  readonly normalizedAmount: bigint;
  /** From the source receipt's `LogMessagePublished`, when it was read. */
  readonly sequence?: bigint;
  /** The payload the source transaction published, when it was read: the VAA must carry exactly it. */
  readonly payload?: Hex;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** Why the VAA is not this transfer's, or `null` when it is. Never throws. */
export function whyNotOurTransfer(raw: Hex, expected: ExpectedTransfer): string | null {
  let vaa: Vaa;
  try {
    vaa = parseVaa(raw);
  } catch (error) {
    return `is not a VAA Strait can read (${(error as Error).message})`;
  }
  if (vaa.signatures.length === 0) return 'carries no guardian signature';
  if (vaa.emitterChain !== expected.fromWhChain) return `was emitted on Wormhole chain ${vaa.emitterChain}, not ${expected.fromWhChain}`;
  if (!same(vaa.emitterAddress, expected.emitter)) return `was emitted by ${vaa.emitterAddress}, not the source Token Bridge`;
  if (expected.sequence !== undefined && vaa.sequence !== expected.sequence) return `has sequence ${vaa.sequence}, not ${expected.sequence} of the source transaction`;
  if (expected.payload !== undefined && !same(vaa.payload, expected.payload)) return 'carries another payload than the source transaction published';
  let transfer;
  try {
    transfer = parseTransferPayload(vaa.payload);
  } catch (error) {
    return `is not a Token Bridge transfer (${(error as Error).message})`;
  }
  if (transfer.payloadType !== 1) return 'is a transfer with payload (type 3), not a plain transfer';
  if (transfer.toChain !== expected.toWhChain) return `goes to Wormhole chain ${transfer.toChain}, not ${expected.toWhChain}`;
  if (!same(transfer.to, expected.recipient)) return `pays ${transfer.to}, not the transfer's recipient`;
  if (transfer.tokenChain !== expected.tokenChain || !same(transfer.tokenAddress, expected.tokenAddress)) return `moves token ${transfer.tokenChain}/${transfer.tokenAddress}, not the transfer's token`;
  if (transfer.amount !== expected.normalizedAmount) return `moves ${transfer.amount} (8-decimal units), not ${expected.normalizedAmount}`;
  if (transfer.fee !== 0n) return `pays a relayer fee of ${transfer.fee} to whoever redeems`;
  return null;
}

export function redeemStep(chainId: number, tokenBridge: Hex, vaa: Hex): EvmStep {
  return { vm: 'evm', step: 'redeem', chainId, to: tokenBridge, data: encodeFunctionData({ abi: tokenBridgeAbi, functionName: 'completeTransfer', args: [vaa] }), value: 0n };
}

/**
 * The allow-list check of a `completeTransfer` redeem against the transfer (allowList.redeemCalls):
 * the VAA must be the transfer's message (corridor, token, recipient, amount). The sequence was bound
 * to the source receipt when the claim was handed out; the engine compares the signed call with that
 * stored step byte for byte at submit.
 */
export function checkRedeemCall(data: Hex, value: bigint, intent: CallIntent): string | null {
  if (value !== 0n) return 'sends native units with completeTransfer';
  let vaa: Hex;
  try {
    const decoded = decodeFunctionData({ abi: tokenBridgeAbi, data });
    if (decoded.functionName !== 'completeTransfer') return `calls ${decoded.functionName}, not completeTransfer`;
    vaa = decoded.args[0];
  } catch {
    return 'is not a completeTransfer call Strait can read';
  }
  const from = wormholeChainByEvmId(intent.sourceChainId);
  const to = intent.destinationChainId === null ? undefined : wormholeChainByEvmId(intent.destinationChainId);
  if (!from || !to) return 'is not on a Portal corridor Strait serves';
  if (intent.sourceToken === null || !isAddress(intent.sourceToken)) return 'redeems a transfer of a native coin, which Strait does not bridge through Portal';
  if (!isAddress(intent.recipient)) return 'redeems to a recipient that is not an EVM address';
  const decimals = resolveToken(from.key, intent.sourceToken)?.decimals;
  if (decimals === undefined) return `redeems a transfer of ${intent.sourceToken}, whose decimals Strait does not know`;
  const why = whyNotOurTransfer(vaa, {
    fromWhChain: from.whChainId,
    emitter: universalAddress(from.tokenBridge),
    toWhChain: to.whChainId,
    tokenChain: from.whChainId,
    tokenAddress: universalAddress(intent.sourceToken),
    recipient: universalAddress(intent.recipient),
    normalizedAmount: normalizeAmount(intent.amount, decimals),
  });
  return why ? `redeems a VAA that ${why}` : null;
}
