import { base58, bech32 } from '@scure/base';
import { crc32 } from 'node:zlib';
import { attempt } from './checksums.ts';

const MAINNET = 1;
/** CIP-19 payment address types 0–7 (base, pointer, enterprise); 14/15 are stake-only. */
const MAX_PAYMENT_TYPE = 7;

/** Byte length of each CIP-19 address type's payload: 57 for base, 29 for enterprise. */
function hasPlausibleLength(type: number, length: number): boolean {
  if (type <= 3) return length === 57;
  // Pointer addresses append three variable-length naturals (≥ 1 byte each).
  if (type <= 5) return length >= 32 && length <= 29 + 3 * 10;
  return length === 29;
}

/** Shelley `addr1…`: bech32 (no 90-char limit, base addresses are 103 chars), mainnet header. */
function isShelleyAddress(address: string): boolean {
  const decoded = bech32.decodeUnsafe(address, 200);
  if (!decoded || decoded.prefix !== 'addr') return false;
  const bytes = bech32.fromWordsUnsafe(decoded.words);
  const header = bytes?.[0];
  if (bytes === undefined || header === undefined) return false;
  const type = header >> 4;
  return (header & 0x0f) === MAINNET && type <= MAX_PAYMENT_TYPE && hasPlausibleLength(type, bytes.length);
}

/**
 * Byron (`Ae2…`, `DdzFF…`): base58 of the CBOR array [tag 24 (bytes), crc32].
 * Decoding that one structure by hand is cheaper than a CBOR dependency, and
 * the CRC32 catches typos that base58 alone would let through. The network is
 * not checked: it sits in the payload's attribute map.
 */
function isByronAddress(address: string): boolean {
  if (address.length > 200) return false;
  const bytes = attempt(() => base58.decode(address));
  // 0x82 array(2), 0xd8 0x18 tag(24), then a byte string with a 1- or 2-byte length.
  if (bytes === undefined || bytes[0] !== 0x82 || bytes[1] !== 0xd8 || bytes[2] !== 0x18) return false;
  let start: number;
  let length: number;
  if (bytes[3] === 0x58) [start, length] = [5, bytes[4] ?? 0];
  else if (bytes[3] === 0x59) [start, length] = [6, ((bytes[4] ?? 0) << 8) | (bytes[5] ?? 0)];
  else return false;
  const payload = bytes.subarray(start, start + length);
  const tail = bytes.subarray(start + length);
  // 0x1a = uint32 follows: the CRC32 of the payload.
  if (payload.length !== length || tail.length !== 5 || tail[0] !== 0x1a) return false;
  const stored = ((tail[1] ?? 0) * 2 ** 24) + (((tail[2] ?? 0) << 16) | ((tail[3] ?? 0) << 8) | (tail[4] ?? 0));
  return crc32(payload) === stored;
}

/** Cardano mainnet payment address: Shelley bech32 or legacy Byron base58. */
export function isCardanoAddress(address: string): boolean {
  return isShelleyAddress(address) || isByronAddress(address);
}
