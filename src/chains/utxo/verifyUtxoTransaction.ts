import { base64, hex } from '@scure/base';
import { Script, Transaction } from '@scure/btc-signer';
import { AppError } from '../../domain/errors.ts';
import type { UtxoIndexer } from './createUtxoIndexer.ts';
import { addressOfScript, outputScriptOf, type UtxoNetwork } from './utxoNetworks.ts';
import { sameBytes, whyNotSigned, type Prevout } from './verifyUtxoSignatures.ts';

/** What the `main` transaction of a UTXO step must do (the step as build stored it). */
export interface UtxoStepTerms {
  readonly network: UtxoNetwork;
  /** The transfer's sender: every input spends from it, every change output pays it back. */
  readonly sender: string;
  /** The venue's output: VOUT0, to this address, exactly this amount. */
  readonly payTo: { readonly address: string; readonly amount: bigint };
  /** The OP_RETURN memo the transaction must carry, byte for byte. */
  readonly memo: string | null;
}

export interface UtxoMismatch {
  readonly field: string;
  readonly expected: string;
  readonly actual: string;
}

export interface SignedUtxoTransaction {
  readonly tx: Transaction;
  readonly txid: string;
  readonly rawHex: string;
}

/** THORChain ignores inbound transactions with more outputs than this (dev.thorchain.org "Sending Transactions"). */
export const MAX_OUTPUTS = 10;
const OP_RETURN = 0x6a;
const TX_OPTIONS = { allowUnknownOutputs: true, disableScriptCheck: true } as const;

/**
 * A signed transaction as a wallet hands it over: raw hex, or a PSBT (base64) whose inputs are all
 * signed, which is finalized here. Anything else is AppError('invalid_signed_transaction').
 */
export function decodeSignedUtxoTransaction(text: string): SignedUtxoTransaction {
  const trimmed = text.trim();
  const refuse = (why: string, cause?: unknown): never => {
    throw new AppError('invalid_signed_transaction', `signedTransaction ${why}`, { cause });
  };
  let raw: Uint8Array;
  if (/^([0-9a-fA-F]{2})+$/.test(trimmed)) {
    raw = hex.decode(trimmed.toLowerCase());
  } else {
    let psbt: Transaction;
    try {
      psbt = Transaction.fromPSBT(base64.decode(trimmed), TX_OPTIONS);
    } catch (error) {
      return refuse('is neither a raw transaction (hex) nor a PSBT (base64)', error);
    }
    try {
      if (!psbt.isFinal) psbt.finalize();
      // Serialised whole (not `extract`, which refuses an overspend): the fee is judged against the chain's prevouts.
      raw = psbt.toBytes(true, true);
    } catch (error) {
      return refuse(`is a PSBT that is not fully signed (${(error as Error).message})`, error);
    }
  }
  let tx: Transaction;
  try {
    tx = Transaction.fromRaw(raw, TX_OPTIONS);
  } catch (error) {
    return refuse('does not decode as a Bitcoin-family transaction', error);
  }
  if (tx.inputsLength === 0 || tx.outputsLength === 0) refuse('has no inputs or no outputs');
  if (!tx.isFinal) refuse('is not signed');
  return { tx, txid: tx.id, rawHex: hex.encode(raw) };
}

/**
 * The outputs the transaction's inputs spend, read from the indexer's copies of the previous
 * transactions (their txid checked), or `null` while one of them is unknown to it.
 */
export async function prevoutsOf(indexer: UtxoIndexer, tx: Transaction): Promise<Prevout[] | null> {
  const previous = new Map<string, Transaction | null>();
  const prevouts: Prevout[] = [];
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i);
    const txid = hex.encode(input.txid ?? new Uint8Array());
    if (!previous.has(txid)) {
      const rawHex = await indexer.transactionHex(txid);
      const decoded = rawHex === null ? null : readPrevious(rawHex, txid);
      if (decoded !== null && decoded.id !== txid) throw new AppError('chain_unavailable', `the indexer answered another transaction for ${txid}`, { retryAfterMs: 5_000 });
      previous.set(txid, decoded);
    }
    const source = previous.get(txid);
    if (!source) return null;
    const index = input.index ?? -1;
    if (index < 0 || index >= source.outputsLength) throw new AppError('invalid_signed_transaction', `input ${i} spends output ${index} of ${txid}, which has ${source.outputsLength}`);
    const output = source.getOutput(index);
    prevouts.push({ script: output.script ?? new Uint8Array(), amount: output.amount ?? 0n });
  }
  return prevouts;
}

function readPrevious(rawHex: string, txid: string): Transaction {
  try {
    return Transaction.fromRaw(hex.decode(rawHex), TX_OPTIONS);
  } catch (error) {
    throw new AppError('chain_unavailable', `the indexer answered an unreadable transaction for ${txid}`, { retryAfterMs: 5_000, cause: error });
  }
}

/**
 * Every way the signed transaction differs from the step (empty when it matches). Fixed by the
 * step: VOUT0 pays the venue's address exactly the amount, and one OP_RETURN output carries exactly
 * the memo. The wallet's to choose: which of the sender's outputs it spends, how much change it
 * takes back (to the sender only: THORChain names the VIN0 address as the refund address), and so
 * the fee. Every input must spend from the sender and be signed with SIGHASH_ALL.
 */
export function compareUtxoTransaction(tx: Transaction, prevouts: readonly Prevout[], terms: UtxoStepTerms): UtxoMismatch[] {
  const mismatches = compareUtxoOutputs(tx, terms);
  const senderScript = outputScriptOf(terms.network, terms.sender);
  if (senderScript === null) return mismatches;
  const nameOf = (script: Uint8Array): string => addressOfScript(terms.network, script) ?? `script ${hex.encode(script).slice(0, 80)}`;
  for (let i = 0; i < tx.inputsLength; i++) {
    const prevout = prevouts[i];
    if (!prevout || !sameBytes(prevout.script, senderScript)) {
      mismatches.push({ field: `inputs[${i}].owner`, expected: terms.sender, actual: prevout ? nameOf(prevout.script) : 'unknown' });
      continue;
    }
    const why = whyNotSigned(tx, i, prevouts, terms.network.signing);
    if (why !== null) mismatches.push({ field: `inputs[${i}].signature`, expected: 'a valid SIGHASH_ALL signature of the sender', actual: why });
  }
  const spent = prevouts.reduce((sum, p) => sum + p.amount, 0n);
  let paid = 0n;
  for (let i = 0; i < tx.outputsLength; i++) paid += tx.getOutput(i).amount ?? 0n;
  if (paid > spent) mismatches.push({ field: 'fee', expected: 'inputs worth at least the outputs', actual: `inputs ${spent}, outputs ${paid}` });
  return mismatches;
}

/** The output half of {@link compareUtxoTransaction}: VOUT0, the memo, change only to the sender (also run on a built PSBT). */
export function compareUtxoOutputs(tx: Transaction, terms: UtxoStepTerms): UtxoMismatch[] {
  const mismatches: UtxoMismatch[] = [];
  const senderScript = outputScriptOf(terms.network, terms.sender);
  const venueScript = outputScriptOf(terms.network, terms.payTo.address);
  if (senderScript === null || venueScript === null) return [{ field: 'step', expected: 'addresses of the chain', actual: `${terms.sender}, ${terms.payTo.address}` }];
  const nameOf = (script: Uint8Array): string => addressOfScript(terms.network, script) ?? `script ${hex.encode(script).slice(0, 80)}`;

  if (tx.outputsLength > MAX_OUTPUTS) mismatches.push({ field: 'outputs', expected: `at most ${MAX_OUTPUTS} outputs`, actual: `${tx.outputsLength}` });
  const first = tx.getOutput(0);
  const firstScript = first.script ?? new Uint8Array();
  if (!sameBytes(firstScript, venueScript)) mismatches.push({ field: 'outputs[0].address', expected: terms.payTo.address, actual: nameOf(firstScript) });
  if (first.amount !== terms.payTo.amount) mismatches.push({ field: 'outputs[0].amount', expected: terms.payTo.amount.toString(), actual: String(first.amount) });
  const memos: string[] = [];
  for (let i = 1; i < tx.outputsLength; i++) {
    const output = tx.getOutput(i);
    const script = output.script ?? new Uint8Array();
    if (script[0] === OP_RETURN) {
      memos.push(memoOf(script) ?? `unreadable OP_RETURN ${hex.encode(script).slice(0, 40)}`);
      if (output.amount !== 0n) mismatches.push({ field: `outputs[${i}].amount`, expected: '0 (memo output)', actual: String(output.amount) });
    } else if (!sameBytes(script, senderScript)) {
      mismatches.push({ field: `outputs[${i}].address`, expected: `${terms.sender} (change)`, actual: nameOf(script) });
    }
  }
  const expectedMemos = terms.memo === null ? [] : [terms.memo];
  if (memos.length !== expectedMemos.length || memos.some((m, i) => m !== expectedMemos[i])) {
    mismatches.push({ field: 'memo', expected: expectedMemos.join(' | ') || 'none', actual: memos.join(' | ') || 'none' });
  }
  return mismatches;
}

/** The text of an OP_RETURN output (one push, UTF-8), `null` when it is not one. */
export function memoOf(script: Uint8Array): string | null {
  try {
    const decoded = Script.decode(script);
    if (decoded.length !== 2 || decoded[0] !== 'RETURN' || !(decoded[1] instanceof Uint8Array)) return null;
    return new TextDecoder('utf-8', { fatal: true }).decode(decoded[1]);
  } catch {
    return null;
  }
}

/** The OP_RETURN script carrying `memo`. */
export function memoScript(memo: string): Uint8Array {
  return Script.encode(['RETURN', new TextEncoder().encode(memo)]);
}
