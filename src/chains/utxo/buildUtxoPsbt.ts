import { base64, hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { AppError } from '../../domain/errors.ts';
import type { Utxo } from './createUtxoIndexer.ts';
import { memoScript } from './verifyUtxoTransaction.ts';
import { outputScriptOf, type SenderScript, type UtxoNetwork } from './utxoNetworks.ts';

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
const INPUT_VBYTES: Readonly<Record<SenderScript['kind'], number>> = { wpkh: 68, tr: 57.5 };
/** Version, locktime, input and output counts, segwit marker and flag. */
const OVERHEAD_VBYTES = 10.5;

const outputVbytes = (script: Uint8Array): number => 8 + 1 + script.length;

/**
 * An unsigned PSBT (v0) paying the venue exactly the amount at VOUT0, change back to the sender at
 * VOUT1 (when above dust), the memo as an OP_RETURN after it, as THORChain requires its inbound
 * transactions. Inputs are the sender's confirmed outputs first, largest first, until the amount and
 * the fee at `feeRate` are covered. Each input carries its `witnessUtxo`; a Taproot wallet adds its
 * `tapInternalKey` before signing. Too little: AppError('insufficient_balance').
 */
export function buildUtxoPsbt(request: UtxoPsbtRequest): UtxoPsbt {
  const { network, senderScript, payTo, memo, feeRate } = request;
  const venueScript = outputScriptOf(network, payTo.address);
  if (venueScript === null) throw new AppError('unsafe_venue_answer', `the venue's address ${payTo.address} is not a ${network.chain} address; nothing was built`);
  if (payTo.amount < network.dustLimit) throw new AppError('insufficient_balance', `the amount ${payTo.amount} is below ${network.chain}'s dust limit of ${network.dustLimit}`, { details: { amountAtomic: payTo.amount.toString(), balanceAtomic: '0', chain: network.chain } });
  const memoOut = memo === null ? null : memoScript(memo);
  const changeVbytes = outputVbytes(senderScript.script);
  const fixedVbytes = OVERHEAD_VBYTES + outputVbytes(venueScript) + (memoOut ? outputVbytes(memoOut) : 0);
  const feeFor = (inputs: number, withChange: boolean): bigint => BigInt(Math.ceil((fixedVbytes + inputs * INPUT_VBYTES[senderScript.kind] + (withChange ? changeVbytes : 0)) * feeRate));

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
  const withChange = feeFor(chosen.length, true);
  const change = total - payTo.amount - withChange;
  const keepsChange = change >= network.dustLimit;

  const tx = new Transaction({ allowUnknownOutputs: true });
  for (const utxo of chosen) {
    tx.addInput({ txid: hex.decode(utxo.txid), index: utxo.vout, sequence: RBF_SEQUENCE, witnessUtxo: { script: senderScript.script, amount: utxo.value } });
  }
  tx.addOutput({ script: venueScript, amount: payTo.amount });
  if (keepsChange) tx.addOutput({ script: senderScript.script, amount: change });
  if (memoOut) tx.addOutput({ script: memoOut, amount: 0n });
  return { psbtBase64: base64.encode(tx.toPSBT(0)), fee: keepsChange ? withChange : total - payTo.amount, change: keepsChange ? change : 0n, inputs: chosen.length };
}
