import { concat, decodeEventLog, getAddress, hexToBigInt, keccak256, numberToHex, pad, size, slice, toHex, toRlp, zeroAddress, type Address, type Hex } from 'viem';
import { BRIDGE, INBOX, SUBMIT_RETRYABLE_KIND, bridgeAbi, inboxAbi } from './arbitrumChains.ts';

/**
 * A retryable ticket as the parent chain's receipt records it: the Bridge's `MessageDelivered` (index,
 * kind, aliased sender, L1 base fee) joined with the Inbox's `InboxMessageDelivered` (the packed
 * ticket fields). Its id on the child chain is the hash of the `0x69` submit-retryable transaction
 * ArbOS makes of it (arbitrum-sdk `ParentToChildMessage.calculateSubmitRetryableId`).
 */
export interface RetryableMessage {
  readonly messageNumber: bigint;
  readonly sender: Address;
  readonly l1BaseFee: bigint;
  readonly to: Address;
  readonly l2CallValue: bigint;
  readonly l1Value: bigint;
  readonly maxSubmissionCost: bigint;
  readonly excessFeeRefundAddress: Address;
  readonly callValueRefundAddress: Address;
  readonly gasLimit: bigint;
  readonly maxFeePerGas: bigint;
  readonly data: Hex;
}

const WORD = 32;
const HEAD_WORDS = 9;

/** The packed fields of a retryable's Inbox message, or `null` when the bytes are not one. */
export function decodeRetryableData(data: Hex): Omit<RetryableMessage, 'messageNumber' | 'sender' | 'l1BaseFee'> | null {
  if (size(data) < HEAD_WORDS * WORD) return null;
  const word = (i: number): bigint => hexToBigInt(slice(data, i * WORD, (i + 1) * WORD));
  const address = (i: number): Address | null => {
    const value = word(i);
    return value >> 160n === 0n ? getAddress(pad(toHex(value), { size: 20 })) : null;
  };
  const to = address(0);
  const excess = address(4);
  const callValueRefund = address(5);
  const length = word(8);
  if (!to || !excess || !callValueRefund || BigInt(size(data)) !== BigInt(HEAD_WORDS * WORD) + length) return null;
  return {
    to,
    l2CallValue: word(1),
    l1Value: word(2),
    maxSubmissionCost: word(3),
    excessFeeRefundAddress: excess,
    callValueRefundAddress: callValueRefund,
    gasLimit: word(6),
    maxFeePerGas: word(7),
    data: length === 0n ? '0x' : slice(data, HEAD_WORDS * WORD),
  };
}

/** The retryable tickets a parent-chain receipt created through Arbitrum One's Inbox, in log order. */
export function retryablesOf(logs: readonly { readonly address: string; readonly topics: readonly Hex[]; readonly data: Hex }[]): RetryableMessage[] {
  const delivered = new Map<bigint, { sender: Address; l1BaseFee: bigint; kind: number }>();
  const packed = new Map<bigint, Hex>();
  for (const log of logs) {
    try {
      if (log.address.toLowerCase() === BRIDGE.toLowerCase()) {
        const event = decodeEventLog({ abi: bridgeAbi, data: log.data, topics: log.topics as [Hex, ...Hex[]] });
        if (event.args.inbox.toLowerCase() === INBOX.toLowerCase()) delivered.set(event.args.messageIndex, { sender: event.args.sender, l1BaseFee: event.args.baseFeeL1, kind: event.args.kind });
      } else if (log.address.toLowerCase() === INBOX.toLowerCase()) {
        const event = decodeEventLog({ abi: inboxAbi, eventName: 'InboxMessageDelivered', data: log.data, topics: log.topics as [Hex, ...Hex[]] });
        packed.set(event.args.messageNum, event.args.data);
      }
    } catch {
      // another event of the same contracts
    }
  }
  const result: RetryableMessage[] = [];
  for (const [messageNumber, message] of delivered) {
    const data = packed.get(messageNumber);
    const fields = message.kind === SUBMIT_RETRYABLE_KIND && data ? decodeRetryableData(data) : null;
    if (fields) result.push({ messageNumber, sender: message.sender, l1BaseFee: message.l1BaseFee, ...fields });
  }
  return result;
}

const minimal = (value: bigint): Hex => (value === 0n ? '0x' : numberToHex(value));

/** The ticket id (the child chain's submit-retryable transaction hash) of a retryable. */
export function retryableTicketId(childChainId: number, message: RetryableMessage): Hex {
  const fields: Hex[] = [
    minimal(BigInt(childChainId)),
    pad(minimal(message.messageNumber) === '0x' ? '0x00' : minimal(message.messageNumber), { size: 32 }),
    message.sender.toLowerCase() as Hex,
    minimal(message.l1BaseFee),
    minimal(message.l1Value),
    minimal(message.maxFeePerGas),
    minimal(message.gasLimit),
    // ArbOS reads a zero destination as none.
    message.to === zeroAddress ? '0x' : (message.to.toLowerCase() as Hex),
    minimal(message.l2CallValue),
    message.callValueRefundAddress.toLowerCase() as Hex,
    minimal(message.maxSubmissionCost),
    message.excessFeeRefundAddress.toLowerCase() as Hex,
    message.data,
  ];
  return keccak256(concat(['0x69', toRlp(fields)]));
}

const ALIAS_OFFSET = 0x1111000000000000000000000000000000001111n;

/**
 * The child-chain address the Inbox substitutes for a parent-chain contract (AddressAliasHelper):
 * a refund address with code on Ethereum is aliased in the ticket.
 */
export function l1ToL2Alias(address: Address): Address {
  return getAddress(pad(toHex((BigInt(address) + ALIAS_OFFSET) % 2n ** 160n), { size: 20 }));
}
