import { decodeTransaction, encodeTransaction, generateSigningSerializationBCH, hash256, secp256k1 } from '@bitauth/libauth';
import { hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import type { TestInput } from './utxoTestWallets.ts';

/** SIGHASH_ALL | SIGHASH_FORKID. */
const ALL_FORKID = 0x41;

/**
 * Signs a Bitcoin Cash transaction of a test the way a BCH wallet does, with libauth (Bitauth's
 * BCH library): its own signing serialization, its own secp256k1 (ECDSA DER or BCH Schnorr), its own
 * transaction encoding. Strait's check (verifyUtxoSignatures.ts) shares none of that code, so a test
 * passing on these signatures is a cross-check of the digest, not an echo of it. btc-signer only lays
 * out the unsigned transaction.
 */
export function signForkIdInputs(inputs: readonly TestInput[], outputs: readonly { script: Uint8Array; amount: bigint }[], options: { lockTime: number; schnorr: boolean; sighash?: number }): string {
  const unsigned = new Transaction({ allowUnknownOutputs: true, allowUnknownInputs: true, lockTime: options.lockTime });
  for (const input of inputs) unsigned.addInput({ txid: hex.decode(input.txid), index: input.index, sequence: input.sequence ?? 0xfffffffd });
  for (const output of outputs) unsigned.addOutput(output);
  const transaction = decodeTransaction(unsigned.toBytes(false, false));
  if (typeof transaction === 'string') throw new Error(`libauth cannot read the unsigned transaction: ${transaction}`);
  const sourceOutputs = inputs.map((input) => ({ lockingBytecode: input.owner.script, valueSatoshis: input.amount }));
  const hashType = options.sighash ?? ALL_FORKID;
  const unlocking = inputs.map((input, inputIndex) => {
    const serialization = generateSigningSerializationBCH({ inputIndex, sourceOutputs, transaction }, { coveredBytecode: input.owner.script, signingSerializationType: Uint8Array.of(hashType) });
    const digest = hash256(serialization);
    const signature = options.schnorr ? secp256k1.signMessageHashSchnorr(input.owner.priv, digest) : secp256k1.signMessageHashDER(input.owner.priv, digest);
    if (typeof signature === 'string') throw new Error(`libauth refused to sign: ${signature}`);
    const pubkey = secp256k1.derivePublicKeyCompressed(input.owner.priv);
    if (typeof pubkey === 'string') throw new Error(pubkey);
    const sig = Uint8Array.of(...signature, hashType);
    return Uint8Array.of(sig.length, ...sig, pubkey.length, ...pubkey);
  });
  const signed = { ...transaction, inputs: transaction.inputs.map((input, i) => ({ ...input, unlockingBytecode: unlocking[i]! })) };
  return hex.encode(encodeTransaction(signed));
}
