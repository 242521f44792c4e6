import { base64, hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { AppError } from '../../domain/errors.ts';
import type { Utxo } from './createUtxoIndexer.ts';
import { memoScript } from './verifyUtxoTransaction.ts';
import { outputScriptOf, type SenderScript, type UtxoNetwork } from './utxoNetworks.ts';
import { sameBytes } from './verifyUtxoSignatures.ts';

export interface UtxoPsbtRequest {
  readonly network: UtxoNetwork;
  readonly sender: string;
  readonly senderScript: SenderScript;
  /** The sender's unspent outputs, as the indexer lists them. */
  readonly utxos: readonly Utxo[];
  /** The venue's output (VOUT0). */
  readonly payTo: { readonly address: string; readonly amount: bigint };
  readonly memo: string | null;
  /** Satoshis per virtual byte. */
  readonly feeRate: number;
  /**
   * The raw previous transactions of the sender's outputs, by txid (hex): a P2PKH input carries the
   * whole transaction it spends (`nonWitnessUtxo`), the only way its signer learns the amount.
   */
  readonly previousTransactions?: ReadonlyMap<string, string>;
}

export interface UtxoPsbt {
  readonly psbtBase64: string;
  readonly fee: bigint;
  readonly change: bigint;
  readonly inputs: number;
}

/** Most inputs one build spends: past this the sender must consolidate first (standard size, and a bounded build). */
const MAX_INPUTS = 200;
/** Signals BIP125 replaceability, so a wallet can bump a fee that turns out too low. */
const RBF_SEQUENCE = 0xfffffffd;
/** Virtual sizes of a signed input by the sender's kind (BIP141 weight / 4, signature at its largest). */
const INPUT_VBYTES: Readonly<Record<SenderScript['kind'], number>> = { wpkh: 68, tr: 57.5, pkh: 148 };
/** Version, locktime, input and output counts, and the segwit marker and flag where there are witnesses. */
const overheadVbytes = (kind: SenderScript['kind']): number => (kind === 'pkh' ? 10 : 10.5);

const outputVbytes = (script: Uint8Array): number => 8 + 1 + script.length;

/** The venue's and the memo's output scripts, and the fee of a transaction of `inputs` inputs with or without change. */
function feeModel(request: UtxoPsbtRequest): { venueScript: Uint8Array; memoOut: Uint8Array | null; feeFor: (inputs: number, withChange: boolean) => bigint } {
  const { network, senderScript, payTo, memo, feeRate } = request;
  const venueScript = outputScriptOf(network, payTo.address);
  if (venueScript === null) throw new AppError('unsafe_venue_answer', `the venue's address ${payTo.address} is not a ${network.chain} address; nothing was built`);
  const memoOut = memo === null ? null : memoScript(memo);
  const changeVbytes = outputVbytes(senderScript.script);
  const fixedVbytes = overheadVbytes(senderScript.kind) + outputVbytes(venueScript) + (memoOut ? outputVbytes(memoOut) : 0);
  const feeFor = (inputs: number, withChange: boolean): bigint => BigInt(Math.ceil((fixedVbytes + inputs * INPUT_VBYTES[senderScript.kind] + (withChange ? changeVbytes : 0)) * feeRate));
  return { venueScript, memoOut, feeFor };
}

/**
 * The sender's outputs a build spends: confirmed first, largest first, until the amount and the fee
 * are covered (at most {@link MAX_INPUTS}). Too little: AppError('insufficient_balance').
 */
export function chooseUtxoInputs(request: UtxoPsbtRequest): readonly Utxo[] {
  const { network, payTo } = request;
  const { feeFor } = feeModel(request);
  if (payTo.amount < network.dustLimit) throw new AppError('insufficient_balance', `the amount ${payTo.amount} is below ${network.chain}'s dust limit of ${network.dustLimit}`, { details: { amountAtomic: payTo.amount.toString(), balanceAtomic: '0', chain: network.chain } });
  const candidates = [...request.utxos].sort((a, b) => Number(b.confirmed) - Number(a.confirmed) || (b.value > a.value ? 1 : b.value < a.value ? -1 : 0));
  const chosen: Utxo[] = [];
  let total = 0n;
  for (const utxo of candidates) {
    if (chosen.length >= MAX_INPUTS) break;
    chosen.push(utxo);
    total += utxo.value;
    if (total >= payTo.amount + feeFor(chosen.length, false)) break;
  }
  const withoutChange = feeFor(chosen.length, false);
  if (total < payTo.amount + withoutChange) {
    const all = request.utxos.reduce((sum, u) => sum + u.value, 0n);
    throw new AppError('insufficient_balance', `${request.sender} holds ${all} on ${network.chain} in ${request.utxos.length} outputs; the transfer needs ${payTo.amount} plus a fee of about ${withoutChange}${chosen.length >= MAX_INPUTS ? ` (at most ${MAX_INPUTS} inputs are spent: consolidate first)` : ''}. Nothing was built`, {
      details: { balanceAtomic: all.toString(), amountAtomic: payTo.amount.toString(), feeAtomic: withoutChange.toString(), chain: network.chain, token: 'native' },
    });
  }
  return chosen;
}

/**
 * An unsigned PSBT (v0) paying the venue exactly the amount at VOUT0, change back to the sender at
 * VOUT1 (when above dust), the memo as an OP_RETURN after it, as THORChain requires its inbound
 * transactions. Inputs are the sender's confirmed outputs first, largest first, until the amount and
 * the fee at `feeRate` are covered. A segwit input carries its `witnessUtxo` (a Taproot wallet adds
 * its `tapInternalKey` before signing), a P2PKH input its whole previous transaction. Too little:
 * AppError('insufficient_balance').
 */
export function buildUtxoPsbt(request: UtxoPsbtRequest): UtxoPsbt {
  const { network, senderScript, payTo } = request;
  const { venueScript, memoOut, feeFor } = feeModel(request);
  const chosen = chooseUtxoInputs(request);
  const total = chosen.reduce((sum, utxo) => sum + utxo.value, 0n);
  const withChange = feeFor(chosen.length, true);
  const change = total - payTo.amount - withChange;
  const keepsChange = change >= network.dustLimit;

  const tx = new Transaction({ allowUnknownOutputs: true });
  for (const utxo of chosen) {
    const base = { txid: hex.decode(utxo.txid), index: utxo.vout, sequence: RBF_SEQUENCE };
    if (senderScript.kind !== 'pkh') {
      tx.addInput({ ...base, witnessUtxo: { script: senderScript.script, amount: utxo.value } });
      continue;
    }
    tx.addInput({ ...base, nonWitnessUtxo: previousOf(request, utxo) });
  }
  tx.addOutput({ script: venueScript, amount: payTo.amount });
  if (keepsChange) tx.addOutput({ script: senderScript.script, amount: change });
  if (memoOut) tx.addOutput({ script: memoOut, amount: 0n });
  return { psbtBase64: base64.encode(tx.toPSBT(0)), fee: keepsChange ? withChange : total - payTo.amount, change: keepsChange ? change : 0n, inputs: chosen.length };
}

/** The raw transaction `utxo` comes from, checked to pay the sender exactly what the indexer listed. */
function previousOf(request: UtxoPsbtRequest, utxo: Utxo): Uint8Array {
  const unavailable = (why: string): AppError => new AppError('chain_unavailable', `the ${request.network.chain} indexer ${why}; nothing was built`, { retryAfterMs: 5_000 });
  const raw = request.previousTransactions?.get(utxo.txid);
  if (raw === undefined) throw unavailable(`did not give the transaction ${utxo.txid} that the sender's output comes from`);
  let previous: Transaction;
  try {
    previous = Transaction.fromRaw(hex.decode(raw), { allowUnknownOutputs: true, disableScriptCheck: true });
  } catch {
    throw unavailable(`answered an unreadable transaction for ${utxo.txid}`);
  }
  if (previous.id !== utxo.txid) throw unavailable(`answered another transaction for ${utxo.txid}`);
  const output = utxo.vout < previous.outputsLength ? previous.getOutput(utxo.vout) : null;
  if (!output || output.amount !== utxo.value || !sameBytes(output.script ?? new Uint8Array(), request.senderScript.script)) {
    throw unavailable(`lists ${utxo.txid}:${utxo.vout} as the sender's ${utxo.value}, which its transaction does not say`);
  }
  return hex.decode(raw);
}
