import { concat, encodePacked, getAddress, hexToBigInt, hexToNumber, pad, size, slice, stringToHex, type Address, type Hex } from 'viem';

/**
 * CCTP v2 message layout (MessageV2 + BurnMessageV2 of circlefin/evm-cctp-contracts), encoded and
 * decoded without any network. The adapter reads Iris answers with it; the fake plays the attester
 * with it (fills nonce, finalityThresholdExecuted and feeExecuted, then re-encodes).
 *
 * header: version u32 | sourceDomain u32 | destinationDomain u32 | nonce b32 | sender b32 |
 *         recipient b32 | destinationCaller b32 | minFinalityThreshold u32 |
 *         finalityThresholdExecuted u32 | messageBody                      (148 bytes + body)
 * burn body: version u32 | burnToken b32 | mintRecipient b32 | amount u256 | messageSender b32 |
 *         maxFee u256 | feeExecuted u256 | expirationBlock u256 | hookData (228 bytes + hook)
 */

export const MESSAGE_HEADER_LENGTH = 148;
export const BURN_BODY_FIXED_LENGTH = 228;

export interface CctpMessage {
  readonly version: number;
  readonly sourceDomain: number;
  readonly destinationDomain: number;
  readonly nonce: Hex;
  readonly sender: Hex;
  readonly recipient: Hex;
  readonly destinationCaller: Hex;
  readonly minFinalityThreshold: number;
  readonly finalityThresholdExecuted: number;
  readonly messageBody: Hex;
}

export interface BurnMessageBody {
  readonly version: number;
  readonly burnToken: Hex;
  readonly mintRecipient: Hex;
  readonly amount: bigint;
  readonly messageSender: Hex;
  readonly maxFee: bigint;
  readonly feeExecuted: bigint;
  readonly expirationBlock: bigint;
  readonly hookData: Hex;
}

export function encodeMessage(m: CctpMessage): Hex {
  return encodePacked(
    ['uint32', 'uint32', 'uint32', 'bytes32', 'bytes32', 'bytes32', 'bytes32', 'uint32', 'uint32', 'bytes'],
    [m.version, m.sourceDomain, m.destinationDomain, m.nonce, m.sender, m.recipient, m.destinationCaller, m.minFinalityThreshold, m.finalityThresholdExecuted, m.messageBody],
  );
}

/** Throws on a message shorter than the header. */
export function decodeMessage(message: Hex): CctpMessage {
  if (size(message) < MESSAGE_HEADER_LENGTH) throw new Error(`CCTP message of ${size(message)} bytes is shorter than the ${MESSAGE_HEADER_LENGTH}-byte header`);
  return {
    version: u32(message, 0),
    sourceDomain: u32(message, 4),
    destinationDomain: u32(message, 8),
    nonce: slice(message, 12, 44),
    sender: slice(message, 44, 76),
    recipient: slice(message, 76, 108),
    destinationCaller: slice(message, 108, 140),
    minFinalityThreshold: u32(message, 140),
    finalityThresholdExecuted: u32(message, 144),
    messageBody: size(message) === MESSAGE_HEADER_LENGTH ? '0x' : slice(message, MESSAGE_HEADER_LENGTH),
  };
}

export function encodeBurnBody(b: BurnMessageBody): Hex {
  return encodePacked(
    ['uint32', 'bytes32', 'bytes32', 'uint256', 'bytes32', 'uint256', 'uint256', 'uint256', 'bytes'],
    [b.version, b.burnToken, b.mintRecipient, b.amount, b.messageSender, b.maxFee, b.feeExecuted, b.expirationBlock, b.hookData],
  );
}

/** Throws on a body shorter than the fixed part of a burn message. */
export function decodeBurnBody(body: Hex): BurnMessageBody {
  if (size(body) < BURN_BODY_FIXED_LENGTH) throw new Error(`burn message body of ${size(body)} bytes is shorter than ${BURN_BODY_FIXED_LENGTH} bytes`);
  return {
    version: u32(body, 0),
    burnToken: slice(body, 4, 36),
    mintRecipient: slice(body, 36, 68),
    amount: hexToBigInt(slice(body, 68, 100)),
    messageSender: slice(body, 100, 132),
    maxFee: hexToBigInt(slice(body, 132, 164)),
    feeExecuted: hexToBigInt(slice(body, 164, 196)),
    expirationBlock: hexToBigInt(slice(body, 196, 228)),
    hookData: size(body) === BURN_BODY_FIXED_LENGTH ? '0x' : slice(body, BURN_BODY_FIXED_LENGTH),
  };
}

/** An EVM address as CCTP's bytes32 (left-padded), lowercase. */
export function addressToBytes32(address: Address): Hex {
  return pad(address.toLowerCase() as Hex, { size: 32 });
}

/** The EVM address in the low 20 bytes of a bytes32 (or of a plain 20-byte address), checksummed. */
export function bytes32ToAddress(value: Hex): Address {
  return getAddress(size(value) === 20 ? value : slice(value, size(value) - 20));
}

/**
 * Circle Forwarding Service request with no payload: 24-byte magic "cctp-forward" zero-padded,
 * uint32 version 0, uint32 length 0. Circle then broadcasts the mint and takes `forwardFee`.
 */
export const FORWARD_MAGIC: Hex = stringToHex('cctp-forward', { size: 24 });
export const FORWARD_HOOK_DATA: Hex = concat([FORWARD_MAGIC, encodePacked(['uint32', 'uint32'], [0, 0])]);

export function isForwardHookData(hookData: Hex): boolean {
  return size(hookData) >= 32 && slice(hookData, 0, 24).toLowerCase() === FORWARD_MAGIC.toLowerCase();
}

function u32(data: Hex, start: number): number {
  return hexToNumber(slice(data, start, start + 4));
}
