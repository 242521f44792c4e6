import { secp256k1 } from '@noble/curves/secp256k1';
import { hex } from '@scure/base';
import { p2tr, p2wpkh, SigHash, Transaction } from '@scure/btc-signer';
import type { Prevout } from './verifyUtxoSignatures.ts';

/** A Bitcoin key of a test: a P2WPKH or a P2TR (key path) address and what signs for it. */
export interface TestWallet {
  readonly kind: 'wpkh' | 'tr';
  readonly priv: Uint8Array;
  readonly address: string;
  readonly script: Uint8Array;
  /** The x-only internal key a Taproot wallet adds to each input before signing. */
  readonly internalKey: Uint8Array;
}

/** A wallet from a one-byte seed (test keys are public by design and hold nothing real). */
export function testWallet(kind: 'wpkh' | 'tr', seed: number): TestWallet {
  const priv = new Uint8Array(32).fill(seed);
  const pub = secp256k1.getPublicKey(priv, true);
  const payment = kind === 'wpkh' ? p2wpkh(pub) : p2tr(pub.subarray(1));
  return { kind, priv, address: payment.address!, script: payment.script, internalKey: pub.subarray(1) };
}

/** One input of a transaction a test composes: the outpoint, what it spends, and whose it is. */
export interface TestInput {
  readonly txid: string;
  readonly index: number;
  readonly owner: TestWallet;
  readonly amount: bigint;
  readonly sequence?: number;
}

/**
 * Composes and signs a transaction the way a wallet does (btc-signer, SIGHASH_ALL unless told),
 * each input by its owner; answers the raw hex and what each input spends.
 */
export function signTestTransaction(inputs: readonly TestInput[], outputs: readonly { script: Uint8Array; amount: bigint }[], options: { lockTime?: number; sighash?: number } = {}): { rawHex: string; prevouts: Prevout[] } {
  const tx = new Transaction({ allowUnknownOutputs: true, lockTime: options.lockTime ?? 0, ...(options.sighash !== undefined ? { allowUnknownInputs: true } : {}) });
  for (const input of inputs) {
    tx.addInput({
      txid: hex.decode(input.txid),
      index: input.index,
      sequence: input.sequence ?? 0xfffffffd,
      witnessUtxo: { script: input.owner.script, amount: input.amount },
      ...(input.owner.kind === 'tr' ? { tapInternalKey: input.owner.internalKey } : {}),
      ...(options.sighash !== undefined ? { sighashType: options.sighash } : {}),
    });
  }
  for (const output of outputs) tx.addOutput(output);
  const owners = [...new Set(inputs.map((i) => i.owner))];
  const allowed = options.sighash !== undefined ? [options.sighash] : undefined;
  for (const owner of owners) {
    inputs.forEach((input, index) => {
      if (input.owner === owner) tx.signIdx(owner.priv, index, allowed);
    });
  }
  tx.finalize();
  return { rawHex: hex.encode(tx.toBytes(true, true)), prevouts: inputs.map((i) => ({ script: i.owner.script, amount: i.amount })) };
}

export { SigHash };
