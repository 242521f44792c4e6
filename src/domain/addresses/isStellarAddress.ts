import { base32nopad } from '@scure/base';
import { attempt, crc16Xmodem } from './checksums.ts';

/** SEP-23 StrKey version bytes (type << 3): 'G…' account and 'M…' muxed account. */
const ACCOUNT_VERSION = 6 << 3;
const MUXED_VERSION = 12 << 3;
/** version + 32-byte key (+ 8-byte mux id) + 2-byte checksum */
const ACCOUNT_BYTES = 35;
const MUXED_BYTES = 43;

/**
 * StrKey account ('G…', 56 chars) or muxed account ('M…', 69 chars). Secret
 * seeds, contracts and pre-auth hashes share the encoding but are not
 * destinations, so their version bytes are refused.
 */
export function isStellarAddress(address: string): boolean {
  const expected =
    address.length === 56 ? { version: ACCOUNT_VERSION, size: ACCOUNT_BYTES }
    : address.length === 69 ? { version: MUXED_VERSION, size: MUXED_BYTES }
    : undefined;
  if (!expected) return false;
  // base32nopad also rejects non-zero trailing bits, which SEP-23 requires for canonical encodings.
  const bytes = attempt(() => base32nopad.decode(address));
  if (bytes?.length !== expected.size || bytes[0] !== expected.version) return false;
  // Unlike TON, the StrKey checksum is stored little-endian.
  const stored = (bytes[expected.size - 2] ?? 0) | ((bytes[expected.size - 1] ?? 0) << 8);
  return crc16Xmodem(bytes.subarray(0, expected.size - 2)) === stored;
}
