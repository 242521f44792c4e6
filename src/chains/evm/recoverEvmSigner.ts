import { createRequire } from 'node:module';
import { secp256k1 } from '@noble/curves/secp256k1';
import { getAddress, hexToBytes, keccak256, type Address, type Hex } from 'viem';

/** The part of the `secp256k1` package's native binding used here (libsecp256k1's recovery). */
interface NativeSecp256k1 {
  ecdsaRecover(signature: Uint8Array, recoveryId: number, message32: Uint8Array, compressed: boolean): Uint8Array;
}

/**
 * libsecp256k1 through the `secp256k1` package's native binding (a prebuilt N-API addon), or `null`
 * where it cannot load. Its `bindings` entry is required rather than the package's main one, which
 * would fall back silently to a pure JS curve slower than the one below.
 */
function loadNative(): NativeSecp256k1 | null {
  try {
    return createRequire(import.meta.url)('secp256k1/bindings') as NativeSecp256k1;
  } catch {
    return null;
  }
}

const native = loadNative();

/** Which implementation recovers signers in this process (the bench and the tests say it). */
export const secp256k1Backend: 'native' | 'noble' = native ? 'native' : 'noble';

type PublicKeyRecovery = (rs: string, yParity: number, hash: Hex) => Uint8Array;

/** Both recoveries, by name: the tests hold them to the same answers. */
export const publicKeyRecoveries: Readonly<Record<'native' | 'noble', PublicKeyRecovery | null>> = {
  native: native ? (rs, yParity, hash) => native.ecdsaRecover(hexToBytes(`0x${rs}`), yParity, hexToBytes(hash), false) : null,
  noble: (rs, yParity, hash) => secp256k1.Signature.fromCompact(rs).addRecoveryBit(yParity).recoverPublicKey(hash.slice(2)).toRawBytes(false),
};

/**
 * The address whose key made the signature `(r, s, yParity)` over `hash`: the public key recovered
 * (libsecp256k1 when its binding loads, else @noble/curves), then the last 20 bytes of its keccak256.
 * Signer recovery was ≈ 90 % of a submit's verification CPU in pure JS (≈ 1.5 ms of ≈ 1.8 ms; the
 * whole verification takes ≈ 0.25 ms with the native one). The caller checks r and s are in range
 * and s is low; an impossible recovery throws.
 */
export function recoverEvmSigner(hash: Hex, r: Hex, s: Hex, yParity: number, backend: 'native' | 'noble' = secp256k1Backend): Address {
  if (yParity !== 0 && yParity !== 1) throw new Error(`invalid recovery bit ${yParity}`);
  const recover = publicKeyRecoveries[backend];
  if (!recover) throw new Error(`the ${backend} secp256k1 backend is not available`);
  const publicKey = recover(`${r.slice(2).padStart(64, '0')}${s.slice(2).padStart(64, '0')}`, yParity, hash);
  // An uncompressed key is 0x04 ‖ x ‖ y; the address hashes x ‖ y.
  return getAddress(`0x${keccak256(publicKey.subarray(1)).slice(-40)}`);
}
