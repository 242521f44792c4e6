import { base58 } from '@scure/base';

/** A Solana transaction signature (its id): 64 bytes in base58, so 64 to 88 characters. */
export function isSvmSignature(value: string): boolean {
  // Bounding first keeps base58's quadratic decode cheap on hostile input.
  if (typeof value !== 'string' || value.length < 64 || value.length > 88) return false;
  try {
    return base58.decode(value).length === 64;
  } catch {
    return false;
  }
}
