import { createPublicKey, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { base58, base64urlnopad } from '@scure/base';
import type { DecodedSvmTransaction } from './decodeSvmTransaction.ts';

export interface SvmSignatureFault {
  /** The signer (base58 public key) whose signature is absent or wrong. */
  readonly signer: string;
  /** `missing`: the slot is 64 zero bytes (what an unsigned transaction carries). */
  readonly problem: 'missing' | 'invalid';
}

// A wallet signs many transactions with one key: keep its KeyObject instead of parsing a JWK per
// signature (that parse was most of a verification's JavaScript, and V8 compiled it late and often).
// Bounded, and cleared whole when full: the cache only saves work, it never decides anything.
const KEY_CACHE_LIMIT = 4096;
const keyCache = new Map<string, KeyObject | null>();

function parsePublicKey(address: string): KeyObject | null {
  try {
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: base64urlnopad.encode(base58.decode(address)) }, format: 'jwk' });
  } catch {
    // Not a 32-byte key, or not a point on the curve (a program-derived address): nobody can sign for it.
    return null;
  }
}

function publicKeyOf(address: string): KeyObject | null {
  const cached = keyCache.get(address);
  if (cached !== undefined) return cached;
  if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.clear();
  const key = parsePublicKey(address);
  keyCache.set(address, key);
  return key;
}

/**
 * Checks the Ed25519 signature of every required signer over the message bytes and lists each one
 * that is missing or does not verify; an empty list means the transaction is fully and validly signed.
 * Synchronous (node:crypto), so a comparison can run it inline.
 */
export function verifySvmSignatures(tx: DecodedSvmTransaction): SvmSignatureFault[] {
  const faults: SvmSignatureFault[] = [];
  for (let i = 0; i < tx.header.numRequiredSignatures; i++) {
    const signer = tx.staticAccounts[i] as string;
    const signature = tx.signatureBytes[i];
    if (!signature || signature.every((byte) => byte === 0)) {
      faults.push({ signer, problem: 'missing' });
      continue;
    }
    const key = publicKeyOf(signer);
    if (!key || !verify(null, tx.messageBytes, key, signature)) faults.push({ signer, problem: 'invalid' });
  }
  return faults;
}
