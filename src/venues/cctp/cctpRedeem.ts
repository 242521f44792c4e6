import { decodeFunctionData, encodeFunctionData, isHex, size, type Hex } from 'viem';
import type { EvmStep } from '../../domain/steps.ts';
import type { CallIntent } from '../allowList.ts';
import { CCTP_CHAINS, FAST_FINALITY, MESSAGE_TRANSMITTER_V2, TOKEN_MESSENGER_V2, messageTransmitterV2Abi } from './cctpChains.ts';
import { addressToBytes32, decodeBurnBody, decodeMessage } from './cctpMessage.ts';

/**
 * The claim of a burn without forwarding: `MessageTransmitterV2.receiveMessage(message, attestation)`
 * on the destination, with the bytes Iris attested. Before Strait hands it out (and again at
 * submit, through the allow-list) the message must be this transfer's mint.
 */

/** What the attested message of this transfer must say. */
export interface ExpectedMint {
  readonly srcDomain: number;
  readonly dstDomain: number;
  readonly burnToken: string;
  readonly recipient: string;
  readonly amount: bigint;
}

const ZERO32 = `0x${'0'.repeat(64)}`;
const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** Why `message` is not the mint of this transfer, or `null` when it is. Never throws. */
export function whyNotOurMint(message: Hex, expected: ExpectedMint): string | null {
  let header;
  let body;
  try {
    header = decodeMessage(message);
    body = decodeBurnBody(header.messageBody);
  } catch (error) {
    return `is not a CCTP v2 burn message (${(error as Error).message})`;
  }
  const messenger = addressToBytes32(TOKEN_MESSENGER_V2);
  if (header.sourceDomain !== expected.srcDomain) return `comes from domain ${header.sourceDomain}, not ${expected.srcDomain}`;
  if (header.destinationDomain !== expected.dstDomain) return `goes to domain ${header.destinationDomain}, not ${expected.dstDomain}`;
  if (!same(header.sender, messenger) || !same(header.recipient, messenger)) return 'is not a message between TokenMessengerV2 contracts';
  if (!same(header.destinationCaller, ZERO32)) return `may only be received by ${header.destinationCaller}`;
  if (/^0x0*$/.test(header.nonce)) return 'carries no nonce (not attested)';
  if (header.finalityThresholdExecuted < FAST_FINALITY) return `was executed at finality ${header.finalityThresholdExecuted}, below what the destination accepts`;
  if (!same(body.burnToken, addressToBytes32(expected.burnToken as Hex))) return `burns ${body.burnToken}, not the source USDC`;
  if (!same(body.mintRecipient, addressToBytes32(expected.recipient as Hex))) return `mints to ${body.mintRecipient}, not the recipient ${expected.recipient}`;
  if (body.amount !== expected.amount) return `moves ${body.amount}, not the ${expected.amount} burnt`;
  if (size(body.hookData) !== 0) return 'carries hook data (a forwarded burn is not claimed by hand)';
  return null;
}

export function redeemStep(chainId: number, message: Hex, attestation: Hex): EvmStep {
  return { vm: 'evm', step: 'redeem', chainId, to: MESSAGE_TRANSMITTER_V2, data: encodeFunctionData({ abi: messageTransmitterV2Abi, functionName: 'receiveMessage', args: [message, attestation] }), value: 0n };
}

/**
 * The allow-list check of a `receiveMessage` redeem against the transfer (allowList.redeemCalls): the
 * attested message must carry the transfer's corridor, recipient and amount, and an attestation.
 */
export function checkRedeemCall(data: Hex, value: bigint, intent: CallIntent): string | null {
  if (value !== 0n) return 'sends native units with receiveMessage';
  let args: readonly unknown[];
  try {
    const decoded = decodeFunctionData({ abi: messageTransmitterV2Abi, data });
    if (decoded.functionName !== 'receiveMessage') return `calls ${decoded.functionName}, not receiveMessage`;
    args = decoded.args;
  } catch {
    return 'is not a receiveMessage call Strait can read';
  }
  const [message, attestation] = args as [Hex, Hex];
  if (!isHex(attestation) || size(attestation) === 0) return 'carries no attestation';
  const from = CCTP_CHAINS.find((c) => c.chainId === intent.sourceChainId);
  const to = CCTP_CHAINS.find((c) => c.chainId === intent.destinationChainId);
  if (!from || !to) return 'is not on a CCTP corridor Strait serves';
  const why = whyNotOurMint(message, { srcDomain: from.domain, dstDomain: to.domain, burnToken: from.usdc, recipient: intent.recipient, amount: intent.amount });
  return why ? `receives a message that ${why}` : null;
}
