import { base58xrp } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { attempt, bytesEqual } from './checksums.ts';

const ACCOUNT_ID_VERSION = 0x00;

/**
 * Classic 'r…' address: base58 in Ripple's alphabet of version 0x00 + 20-byte
 * account id + 4-byte double-SHA256 checksum. (@scure/base's base58check is
 * fixed to Bitcoin's alphabet, so the checksum is verified here.)
 * X-addresses are not accepted: callers pass destination tags separately.
 */
export function isXrplAddress(address: string): boolean {
  if (address.length < 25 || address.length > 35) return false;
  const bytes = attempt(() => base58xrp.decode(address));
  if (bytes?.length !== 25 || bytes[0] !== ACCOUNT_ID_VERSION) return false;
  const checksum = sha256(sha256(bytes.subarray(0, 21))).subarray(0, 4);
  return bytesEqual(checksum, bytes.subarray(21));
}
