import { schnorr, secp256k1 } from '@noble/curves/secp256k1';
import { OutScript, p2pkh, p2wpkh, Script, SigHash, type Transaction } from '@scure/btc-signer';
import { legacySighash, verifyBchSchnorr } from './legacySignatures.ts';
import type { SigningScheme } from './utxoNetworks.ts';

/** What an input spends: the previous output's script and value, read from the chain (never from the wallet). */
export interface Prevout {
  readonly script: Uint8Array;
  readonly amount: bigint;
}

/** SIGHASH_ALL | SIGHASH_FORKID with fork id 0: the only type Bitcoin Cash accepts for a full signature. */
const SIGHASH_ALL_FORKID = 0x41;

/**
 * Why input `index` of a finalized transaction is not validly signed for the output it spends, or
 * `null` when it is. Covered on segwit chains: P2WPKH (BIP143 ECDSA over `preimageWitnessV0`) and
 * P2TR key-path spends (BIP341 Schnorr over `preimageWitnessV1`); on the others, P2PKH over the
 * chain's digest (legacySignatures.ts). Only SIGHASH_ALL (Taproot's DEFAULT, Bitcoin Cash's
 * ALL|FORKID) is accepted: any other type leaves some outputs or inputs unsigned, so the transaction
 * could be changed after Strait checked it.
 */
export function whyNotSigned(tx: Transaction, index: number, prevouts: readonly Prevout[], signing: SigningScheme = 'segwit'): string | null {
  const prevout = prevouts[index];
  if (!prevout) return 'spends an output Strait could not read';
  const input = tx.getInput(index);
  if (signing !== 'segwit') return whyNotSignedP2pkh(tx, index, prevout, signing);
  const witness = input.finalScriptWitness ?? [];
  if (input.finalScriptSig !== undefined && input.finalScriptSig.length > 0) return 'carries a scriptSig; only native segwit spends are accepted';
  let decoded;
  try {
    decoded = OutScript.decode(prevout.script);
  } catch {
    return 'spends an output script Strait cannot read';
  }
  try {
    if (decoded.type === 'wpkh') {
      if (witness.length !== 2) return `has a P2WPKH witness of ${witness.length} items, not 2`;
      const [signature, pubkey] = witness as [Uint8Array, Uint8Array];
      if (!sameBytes(p2wpkh(pubkey).script, prevout.script)) return "its witness key is not the spent output's key";
      if (signature.length < 9 || signature[signature.length - 1] !== SigHash.ALL) return 'is not signed with SIGHASH_ALL';
      const digest = tx.preimageWitnessV0(index, p2pkh(pubkey).script, SigHash.ALL, prevout.amount);
      return whyNotEcdsa(signature.subarray(0, -1), digest, pubkey);
    }
    if (decoded.type === 'tr') {
      if (witness.length !== 1) return 'is not a Taproot key-path spend (script paths and annexes are not accepted)';
      const signature = witness[0]!;
      if (signature.length !== 64 && !(signature.length === 65 && signature[64] === SigHash.ALL)) return 'is not signed with SIGHASH_DEFAULT or SIGHASH_ALL';
      const hashType = signature.length === 64 ? SigHash.DEFAULT : SigHash.ALL;
      const digest = tx.preimageWitnessV1(index, prevouts.map((p) => p.script), hashType, prevouts.map((p) => p.amount));
      return schnorr.verify(signature.subarray(0, 64), digest, decoded.pubkey) ? null : 'has a signature that does not verify';
    }
  } catch (error) {
    return `has a signature Strait cannot read (${(error as Error).message})`;
  }
  return `spends a ${decoded.type.toUpperCase()} output, whose signature Strait does not check`;
}

/** A P2PKH spend: `<signature> <pubkey>` in the scriptSig, nothing in a witness. */
function whyNotSignedP2pkh(tx: Transaction, index: number, prevout: Prevout, signing: Exclude<SigningScheme, 'segwit'>): string | null {
  const input = tx.getInput(index);
  if ((input.finalScriptWitness ?? []).length > 0) return 'carries a witness, which this chain does not have';
  let pushes;
  try {
    pushes = Script.decode(input.finalScriptSig ?? new Uint8Array());
  } catch {
    return 'has a scriptSig Strait cannot read';
  }
  const [signature, pubkey] = pushes;
  if (pushes.length !== 2 || !(signature instanceof Uint8Array) || !(pubkey instanceof Uint8Array)) return 'is not a P2PKH spend (a signature and a public key)';
  let decoded;
  try {
    decoded = OutScript.decode(prevout.script);
  } catch {
    return 'spends an output script Strait cannot read';
  }
  if (decoded.type !== 'pkh') return `spends a ${decoded.type.toUpperCase()} output, whose signature Strait does not check`;
  try {
    if (!sameBytes(p2pkh(pubkey).script, prevout.script)) return "its public key is not the spent output's key";
    const hashType = signature[signature.length - 1];
    if (signing === 'legacy') {
      if (hashType !== SigHash.ALL) return 'is not signed with SIGHASH_ALL';
      const digest = legacySighash(tx, index, prevout.script, SigHash.ALL);
      return whyNotEcdsa(signature.subarray(0, -1), digest, pubkey);
    }
    if (hashType !== SIGHASH_ALL_FORKID) return 'is not signed with SIGHASH_ALL|SIGHASH_FORKID';
    const digest = tx.preimageWitnessV0(index, prevout.script, SIGHASH_ALL_FORKID, prevout.amount);
    const body = signature.subarray(0, -1);
    // Bitcoin Cash tells its two signature kinds apart by length: 64 bytes are Schnorr, DER is longer.
    if (body.length === 64) return verifyBchSchnorr(body, digest, pubkey) ? null : 'has a Schnorr signature that does not verify';
    return whyNotEcdsa(body, digest, pubkey);
  } catch (error) {
    return `has a signature Strait cannot read (${(error as Error).message})`;
  }
}

/** A DER-encoded ECDSA signature (hash type already taken off) checked over `digest` by `pubkey`; throws when it is not DER. */
function whyNotEcdsa(der: Uint8Array, digest: Uint8Array, pubkey: Uint8Array): string | null {
  const sig = secp256k1.Signature.fromDER(der);
  return secp256k1.verify(sig.toCompactRawBytes(), digest, pubkey) ? null : 'has a signature that does not verify';
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
