import { base58 } from '@scure/base';
import { attempt } from './checksums.ts';

/**
 * Any 32-byte base58 string: Solana (and the SVM forks Fogo and Eclipse) have no
 * checksum, and program-derived addresses are off-curve, so a curve check
 * would wrongly reject valid deposit targets.
 */
export function isSolanaAddress(address: string): boolean {
  // 32 bytes encode to 32..44 characters; bounding first keeps base58's quadratic decode cheap.
  if (address.length < 32 || address.length > 44) return false;
  return attempt(() => base58.decode(address))?.length === 32;
}
