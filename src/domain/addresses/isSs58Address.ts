import { base58, utf8 } from '@scure/base';
import { blake2b } from '@noble/hashes/blake2.js';
import { attempt, bytesEqual } from './checksums.ts';

const CHECKSUM_PREAMBLE = utf8.decode('SS58PRE');
const ACCOUNT_ID_LENGTH = 32;

/**
 * SS58 address of a 32-byte account id under network `prefix` (0 = Polkadot,
 * also used by Asset Hub). The checksum is the first two bytes of
 * blake2b-512("SS58PRE" || prefix || account id). Only one-byte prefixes
 * (< 64) are supported, which covers every chain we route.
 */
export function isSs58Address(address: string, prefix: number): boolean {
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > 63) return false;
  if (address.length < 46 || address.length > 50) return false;
  const bytes = attempt(() => base58.decode(address));
  if (bytes?.length !== 1 + ACCOUNT_ID_LENGTH + 2 || bytes[0] !== prefix) return false;
  const body = bytes.subarray(0, 1 + ACCOUNT_ID_LENGTH);
  const hash = blake2b(new Uint8Array([...CHECKSUM_PREAMBLE, ...body]), { dkLen: 64 });
  return bytesEqual(hash.subarray(0, 2), bytes.subarray(1 + ACCOUNT_ID_LENGTH));
}
