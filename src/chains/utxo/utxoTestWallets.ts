import { secp256k1 } from '@noble/curves/secp256k1';
import { hex } from '@scure/base';
import { NETWORK, p2pkh, p2tr, p2wpkh, SigHash, Transaction } from '@scure/btc-signer';
import { signForkIdInputs } from './forkIdTestSigner.ts';
import { addressOfScript, type SigningScheme, type UtxoNetwork } from './utxoNetworks.ts';
import type { Prevout } from './verifyUtxoSignatures.ts';

/** A key of a test: a P2WPKH, P2TR (key path) or P2PKH address and what signs for it. */
export interface TestWallet {
  readonly kind: 'wpkh' | 'tr' | 'pkh';
  readonly priv: Uint8Array;
  readonly address: string;
  readonly script: Uint8Array;
  /** The x-only internal key a Taproot wallet adds to each input before signing. */
  readonly internalKey: Uint8Array;
}

/** A wallet from a one-byte seed (test keys are public by design and hold nothing real), on Bitcoin unless told. */
export function testWallet(kind: 'wpkh' | 'tr' | 'pkh', seed: number, network?: UtxoNetwork): TestWallet {
  const priv = new Uint8Array(32).fill(seed);
  const pub = secp256k1.getPublicKey(priv, true);
  const payment = kind === 'wpkh' ? p2wpkh(pub, NETWORK) : kind === 'tr' ? p2tr(pub.subarray(1), undefined, NETWORK) : p2pkh(pub, NETWORK);
  const address = network ? addressOfScript(network, payment.script) : payment.address;
  if (!address) throw new Error(`no ${kind} address on ${network?.chain ?? 'bitcoin'}`);
  return { kind, priv, address, script: payment.script, internalKey: pub.subarray(1) };
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
 * Composes and signs a transaction the way a wallet does, each input by its owner: btc-signer on
 * segwit chains and for the legacy digest (SIGHASH_ALL unless told), libauth for Bitcoin Cash's
 * fork-id digest (forkIdTestSigner.ts, ECDSA unless `schnorr`). Answers the raw hex and what each
 * input spends.
 */
export function signTestTransaction(
  inputs: readonly TestInput[],
  outputs: readonly { script: Uint8Array; amount: bigint }[],
  options: { lockTime?: number; sighash?: number; signing?: SigningScheme; schnorr?: boolean } = {},
): { rawHex: string; prevouts: Prevout[] } {
  const prevouts = inputs.map((i) => ({ script: i.owner.script, amount: i.amount }));
  if (options.signing === 'forkid') return { rawHex: signForkIdInputs(inputs, outputs, { lockTime: options.lockTime ?? 0, schnorr: options.schnorr ?? false, ...(options.sighash !== undefined ? { sighash: options.sighash } : {}) }), prevouts };
  // A legacy input signs no amount, so btc-signer may take it from witnessUtxo instead of the whole previous transaction.
  const tx = new Transaction({ allowUnknownOutputs: true, allowLegacyWitnessUtxo: true, lockTime: options.lockTime ?? 0, ...(options.sighash !== undefined ? { allowUnknownInputs: true } : {}) });
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
  return { rawHex: hex.encode(tx.toBytes(true, true)), prevouts };
}

export { SigHash };
