import { bytesToNumberBE } from '@noble/curves/abstract/utils';
import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2.js';
import type { Transaction } from '@scure/btc-signer';

/**
 * btc-signer computes the original (pre-segwit) signature hash for its own signing of legacy inputs
 * and checks it against Bitcoin Core's sighash vectors, but declares the method private. The view
 * below names that one method so Strait checks Dogecoin and Dash signatures with the same audited
 * digest a btc-signer wallet signs, instead of a second implementation of it.
 */
interface LegacyPreimage {
  preimageLegacy(index: number, prevOutScript: Uint8Array, hashType: number): Uint8Array;
}

/** The digest a P2PKH input of a chain without segwit signs (version, inputs with the spent script in place of input `index`'s scriptSig, outputs, locktime, hash type). */
export function legacySighash(tx: Transaction, index: number, prevOutScript: Uint8Array, hashType: number): Uint8Array {
  const view = tx as unknown as Partial<LegacyPreimage>;
  if (typeof view.preimageLegacy !== 'function') throw new Error('this btc-signer version no longer computes the legacy signature hash');
  return view.preimageLegacy.call(tx, index, prevOutScript, hashType);
}

const { Fp, n: ORDER } = secp256k1.CURVE;
const Point = secp256k1.ProjectivePoint;

/**
 * Bitcoin Cash's Schnorr signature check (the 2019-05-15 upgrade's specification, not BIP340):
 * `r ‖ s` over the 32-byte digest, e = SHA256(r ‖ compressed P ‖ m) mod n, and R = s·G − e·P must be
 * a point whose y is a quadratic residue and whose x is r. The key may be compressed or not.
 */
export function verifyBchSchnorr(signature: Uint8Array, digest: Uint8Array, pubkey: Uint8Array): boolean {
  if (signature.length !== 64 || digest.length !== 32) return false;
  const r = bytesToNumberBE(signature.subarray(0, 32));
  const s = bytesToNumberBE(signature.subarray(32));
  if (r >= Fp.ORDER || s >= ORDER) return false;
  let P;
  try {
    P = Point.fromHex(pubkey);
  } catch {
    return false;
  }
  const e = bytesToNumberBE(sha256(Uint8Array.from([...signature.subarray(0, 32), ...P.toRawBytes(true), ...digest]))) % ORDER;
  const R = Point.BASE.multiplyUnsafe(s).add(P.multiplyUnsafe((ORDER - e) % ORDER));
  if (R.equals(Point.ZERO)) return false;
  const { x, y } = R.toAffine();
  // Euler's criterion: y is a quadratic residue mod p exactly when y^((p−1)/2) = 1.
  return x === r && Fp.pow(y, (Fp.ORDER - 1n) / 2n) === 1n;
}
