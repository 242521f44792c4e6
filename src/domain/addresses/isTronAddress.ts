import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { attempt } from './checksums.ts';

const base58check = createBase58check(sha256);
/** Mainnet account prefix; it is what makes every Tron address start with 'T'. */
const TRON_PREFIX = 0x41;

/** Base58Check of 0x41 + 20-byte account id. The 0x41-hex form is deliberately refused. */
export function isTronAddress(address: string): boolean {
  if (address.length !== 34) return false;
  const bytes = attempt(() => base58check.decode(address));
  return bytes?.length === 21 && bytes[0] === TRON_PREFIX;
}
