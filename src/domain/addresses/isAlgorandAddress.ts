import { base32nopad } from '@scure/base';
import { sha512_256 } from '@noble/hashes/sha2.js';
import { attempt, bytesEqual } from './checksums.ts';

/** base32 (no padding) of a 32-byte public key + the last 4 bytes of SHA-512/256(key). */
export function isAlgorandAddress(address: string): boolean {
  if (address.length !== 58) return false;
  const bytes = attempt(() => base32nopad.decode(address));
  if (bytes?.length !== 36) return false;
  const key = bytes.subarray(0, 32);
  return bytesEqual(sha512_256(key).subarray(-4), bytes.subarray(32));
}
