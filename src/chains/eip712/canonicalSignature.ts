import type { Hex } from 'viem';

const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HALF_N = SECP256K1_N / 2n;

export type CanonicalSignature = { readonly ok: true; readonly signature: Hex } | { readonly ok: false; readonly reason: string };

/**
 * An ECDSA signature of typed data in its one canonical spelling: 65 bytes `r ‖ s ‖ v`, lower-case
 * hex, `v` 27 or 28. Accepts what wallets legally hand out for the same signature: any hex case, `v`
 * as 0/1 or 27/28, and the 64-byte EIP-2098 compact form (`r ‖ yParity·2^255 + s`). Refuses a high-`s`
 * signature: it is the same signature's malleable twin (EIP-2), which contracts using OpenZeppelin's
 * ECDSA refuse, and accepting it would let one approval be spelled two ways.
 */
export function canonicalSignature(input: string): CanonicalSignature {
  const hex = input.toLowerCase();
  if (!/^0x([0-9a-f]{128}|[0-9a-f]{130})$/.test(hex)) return { ok: false, reason: 'a typed-data signature is 0x and 130 hex digits (65 bytes), or 128 (64-byte EIP-2098 compact)' };
  const r = BigInt(`0x${hex.slice(2, 66)}`);
  let s = BigInt(`0x${hex.slice(66, 130)}`);
  let yParity: number;
  if (hex.length === 130) {
    yParity = s >> 255n === 1n ? 1 : 0;
    s &= (1n << 255n) - 1n;
  } else {
    const v = Number.parseInt(hex.slice(130), 16);
    if (v !== 0 && v !== 1 && v !== 27 && v !== 28) return { ok: false, reason: `the signature's v is ${v}; it must be 27 or 28 (or 0 or 1)` };
    yParity = v >= 27 ? v - 27 : v;
  }
  if (r === 0n || r >= SECP256K1_N || s === 0n || s >= SECP256K1_N) return { ok: false, reason: 'the signature\'s r or s is outside the curve order' };
  if (s > HALF_N) return { ok: false, reason: 'the signature has a high s value (EIP-2); sign again with a standard wallet' };
  const word = (n: bigint) => n.toString(16).padStart(64, '0');
  return { ok: true, signature: `0x${word(r)}${word(s)}${(27 + yParity).toString(16)}` };
}
