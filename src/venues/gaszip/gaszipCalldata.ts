import { getAddress, isAddress, type Address, type Hex } from 'viem';

/**
 * The data of a Gas.zip Direct Deposit: a native transfer to the Direct Deposit address whose data
 * names who receives the gas and on which chains (gasdotzip/documentation,
 * docs/snippets/gas/directDepositViemManualCalldata.ts, and the calldata of its API's examples):
 *
 *   `01` ‖ shorts                      — pay the sender's own address
 *   `02` ‖ 20-byte EVM address ‖ shorts — pay that address
 *   (`03` Solana, `04` Move, `05` XRP, `06` Initia recipients: not produced or accepted here)
 *
 * where shorts are Gas.zip's own chain ids ("short ids"), each a big-endian uint16, and the deposit is
 * split equally between them. Strait always writes the recipient out (`02`): a check that sees the
 * data but not the signer could not tell whom `01` pays.
 *
 * The types make a wrong encoding unrepresentable: a short id is a checked uint16 brand, a recipient
 * a checksummed EVM address, the destination list non-empty and free of repeats; the decoder is the
 * exact inverse and refuses anything else, so `decode(encode(d))` is `d` and every accepted data
 * re-encodes to itself byte for byte.
 */

declare const shortIdBrand: unique symbol;
/** A Gas.zip chain id: an integer in 1..65535. */
export type GaszipShortId = number & { readonly [shortIdBrand]: true };

export function isShortId(value: unknown): value is GaszipShortId {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 0xffff;
}

export function shortIdOf(value: number): GaszipShortId {
  if (!isShortId(value)) throw new RangeError(`${value} is not a Gas.zip short id (an integer in 1..65535)`);
  return value;
}

export interface DirectDeposit {
  readonly recipient: Address;
  /** Where the gas goes, in order; the deposit is split equally between them. */
  readonly destinations: readonly [GaszipShortId, ...GaszipShortId[]];
}

const TO_SELF = 0x01;
const TO_EVM = 0x02;
const ADDRESS_BYTES = 20;

/** The Direct Deposit data paying `recipient` on `destinations`. */
export function encodeDirectDeposit(deposit: DirectDeposit): Hex {
  if (!isAddress(deposit.recipient, { strict: false })) throw new TypeError(`${String(deposit.recipient)} is not an EVM address`);
  if (deposit.destinations.length === 0) throw new RangeError('a Direct Deposit needs at least one destination');
  if (new Set(deposit.destinations).size !== deposit.destinations.length) throw new RangeError('a Direct Deposit names each destination once');
  const shorts = deposit.destinations.map((short) => shortIdOf(short).toString(16).padStart(4, '0')).join('');
  return `0x${TO_EVM.toString(16).padStart(2, '0')}${deposit.recipient.slice(2).toLowerCase()}${shorts}`;
}

/** What a Direct Deposit data says, or why it is not one Strait would have written. */
export type DecodedDirectDeposit = { readonly ok: true; readonly deposit: DirectDeposit } | { readonly ok: false; readonly reason: string };

export function decodeDirectDeposit(data: string): DecodedDirectDeposit {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(data) || data.length < 4) return { ok: false, reason: 'not hex bytes' };
  const bytes = Buffer.from(data.slice(2), 'hex');
  const kind = bytes[0];
  if (kind === TO_SELF) return { ok: false, reason: 'pays the sender (type 01), not a named recipient' };
  if (kind !== TO_EVM) return { ok: false, reason: `recipient type ${String(kind)} is not an EVM address (02)` };
  const rest = bytes.subarray(1 + ADDRESS_BYTES);
  if (bytes.length < 1 + ADDRESS_BYTES + 2 || rest.length % 2 !== 0) return { ok: false, reason: 'not an address followed by whole uint16 chain ids' };
  const recipient = getAddress(`0x${bytes.subarray(1, 1 + ADDRESS_BYTES).toString('hex')}`);
  const shorts: number[] = [];
  for (let i = 0; i < rest.length; i += 2) shorts.push(rest.readUInt16BE(i));
  if (!shorts.every(isShortId)) return { ok: false, reason: 'names chain id 0' };
  if (new Set(shorts).size !== shorts.length) return { ok: false, reason: 'names a chain twice' };
  return { ok: true, deposit: { recipient, destinations: shorts as [GaszipShortId, ...GaszipShortId[]] } };
}
