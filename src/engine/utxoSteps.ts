import { base64 } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import type { UtxoIndexer } from '../chains/utxo/createUtxoIndexer.ts';
import { buildUtxoPsbt, chooseUtxoInputs } from '../chains/utxo/buildUtxoPsbt.ts';
import { senderScriptOf, outputScriptOf, utxoNetwork, whyNotBuildableUtxo } from '../chains/utxo/utxoNetworks.ts';
import { compareUtxoOutputs, compareUtxoTransaction, decodeSignedUtxoTransaction, prevoutsOf, type UtxoMismatch, type UtxoStepTerms } from '../chains/utxo/verifyUtxoTransaction.ts';
import type { ChainKey } from '../domain/chains.ts';
import { AppError } from '../domain/errors.ts';
import type { Step, StepKind, UtxoStep } from '../domain/steps.ts';
import type { StoredStep } from '../store/transferRepository.ts';
import type { EngineDeps } from './EngineDeps.ts';
import type { StepRules } from './vetSteps.ts';

/** THORChain, Maya and Bitcoin's standardness all cap an OP_RETURN memo at 80 bytes. */
export const MAX_MEMO_BYTES = 80;
/** The confirmation target of the fee rate a built PSBT pays: THORChain asks for the next block or so. */
const FEE_TARGET_BLOCKS = 2;

export type UtxoStepView = { vm: 'utxo'; step: string; chain: string; psbt: string | null; outputs: { address: string; amountAtomic: string }[]; memo: string | null };

export function utxoStepView(step: UtxoStep): UtxoStepView {
  return { vm: 'utxo', step: step.step, chain: step.chain, psbt: step.psbt, outputs: step.outputs.map((o) => ({ address: o.address, amountAtomic: o.amount.toString() })), memo: step.memo };
}

/** The UTXO step exactly as build stored it (its JSON view), back in domain terms. */
export function storedUtxoStep(stored: StoredStep): UtxoStep {
  const p = stored.payload as { chain: string; psbt: string | null; outputs: { address: string; amountAtomic: string }[]; memo: string | null };
  return { vm: 'utxo', step: stored.kind as StepKind, chain: p.chain, psbt: p.psbt, outputs: p.outputs.map((o) => ({ address: o.address, amount: BigInt(o.amountAtomic) })), memo: p.memo };
}

/** What a signed transaction of the step must do, for the sender of the transfer. */
export function utxoTermsOf(step: UtxoStep, sender: string): UtxoStepTerms {
  const network = utxoNetwork(step.chain as ChainKey);
  const payTo = step.outputs[0];
  if (!network || !payTo) throw new AppError('step_not_allowed', `the built ${step.step} step is not a ${step.chain} transaction Strait verifies; nothing was broadcast`);
  return { network, sender, payTo, memo: step.memo };
}

/**
 * The venue's UTXO steps with their PSBT composed from the sender's outputs, when the chain has an
 * indexer (STRAIT_RPC_<CHAIN>); without one they are handed out as `outputs` and `memo` for the wallet
 * to compose. A sender Strait cannot spend from is `400 invalid_sender`; too little is
 * `422 insufficient_balance`. Other steps pass through untouched.
 */
export async function composeUtxoSteps(deps: EngineDeps, steps: readonly Step[], sender: string): Promise<Step[]> {
  return Promise.all(
    steps.map(async (step) => {
      if (step.vm !== 'utxo' || step.psbt !== null) return step;
      const network = utxoNetwork(step.chain as ChainKey);
      const indexer = deps.utxoIndexer?.(step.chain as ChainKey) ?? null;
      const payTo = step.outputs[0];
      if (!network || !indexer || !payTo) return step;
      const senderScript = senderScriptOf(network, sender);
      if (typeof senderScript === 'string') throw new AppError('invalid_sender', senderScript, { details: { chain: step.chain } });
      const [utxos, feeRate] = await Promise.all([indexer.utxos(sender), indexer.feeRate(FEE_TARGET_BLOCKS)]);
      // A fee rate above the chain's ceiling is the indexer's fault, never the user's cost.
      if (!(feeRate > 0) || feeRate > network.maxFeeRate) throw new AppError('chain_unavailable', `the ${step.chain} indexer estimates ${feeRate} sat/vB, outside what Strait accepts (up to ${network.maxFeeRate})`, { retryAfterMs: 5_000 });
      // The venue's floor (THORChain's recommended gas rate) wins over a lower estimate, within the same ceiling.
      const floor = Math.min(step.minFeeRate ?? 0, network.maxFeeRate);
      const request = { network, sender, senderScript, utxos, payTo, memo: step.memo, feeRate: Math.max(1, feeRate, floor) };
      const previousTransactions = senderScript.kind === 'pkh' ? await previousTransactionsOf(indexer, chooseUtxoInputs(request)) : undefined;
      const built = buildUtxoPsbt({ ...request, previousTransactions });
      return { ...step, psbt: built.psbtBase64 };
    }),
  );
}

/** The raw transactions the chosen outputs come from (a P2PKH input's PSBT carries its whole previous transaction). */
async function previousTransactionsOf(indexer: UtxoIndexer, chosen: readonly { txid: string }[]): Promise<ReadonlyMap<string, string>> {
  const txids = [...new Set(chosen.map((utxo) => utxo.txid))];
  const raws = await Promise.all(txids.map((txid) => indexer.transactionHex(txid)));
  const found = new Map<string, string>();
  txids.forEach((txid, i) => {
    const raw = raws[i];
    if (raw !== null && raw !== undefined) found.set(txid, raw);
  });
  return found;
}

/**
 * Why a built UTXO step is not allowed, or `null`: one payee (the venue's address, valid on the
 * chain) paid exactly what the venue step moves, a memo of at most 80 bytes that the venue's own
 * check finds doing what the transfer asked, and a PSBT (when built) with exactly those outputs.
 */
export function whyNotAllowedUtxo(step: UtxoStep, rules: StepRules): string | null {
  const blocked = whyNotBuildableUtxo(step.chain as ChainKey);
  if (blocked !== null) return `is a ${step.chain} transaction, which Strait does not build: ${blocked}`;
  const network = utxoNetwork(step.chain as ChainKey)!;
  const payTo = step.outputs[0];
  if (step.outputs.length !== 1 || !payTo) return `pays ${step.outputs.length} outputs, not the venue's one`;
  if (outputScriptOf(network, payTo.address) === null) return `pays '${payTo.address}', which is not a ${step.chain} address`;
  const amount = rules.intent?.amount ?? rules.amountIn;
  if (payTo.amount !== amount) return `pays ${payTo.amount}, not the ${amount} the venue step moves`;
  if (payTo.amount < network.dustLimit) return `pays ${payTo.amount}, below ${step.chain}'s dust limit`;
  if (step.memo === null) return 'carries no memo';
  if (new TextEncoder().encode(step.memo).length > MAX_MEMO_BYTES) return `carries a memo of more than ${MAX_MEMO_BYTES} bytes`;
  const check = rules.allowList.utxoMemo;
  if (!check || !rules.intent) return `carries a memo ${rules.venue} has no check for`;
  const why = check(step.memo, rules.intent);
  if (why !== null) return `carries a memo that ${why}`;
  if (step.psbt === null) return null;
  let psbt: Transaction;
  try {
    psbt = Transaction.fromPSBT(base64.decode(step.psbt), { allowUnknownOutputs: true });
  } catch {
    return 'carries a PSBT Strait cannot read';
  }
  return mismatchText(compareUtxoOutputs(psbt, { network, sender: rules.sender ?? '', payTo, memo: step.memo }));
}

function mismatchText(mismatches: readonly UtxoMismatch[]): string | null {
  return mismatches.length === 0 ? null : `carries a PSBT that differs in ${mismatches.map((m) => m.field).join(', ')}`;
}

export type UtxoVerification = { verification: 'verified' | 'pending' | 'unverified_no_rpc' | 'unverified_rpc_error' | 'refuted'; mismatches: UtxoMismatch[]; blockHeight: number | null };

/**
 * A submitted txid checked as signed bytes are: the indexer's copy of the transaction must match the
 * step (outputs, memo, the sender's inputs and signatures). `pending` while the indexer does not know
 * it; `unverified_no_rpc` without an indexer; `unverified_rpc_error` when it does not answer.
 */
export async function verifyUtxoTxid(indexer: UtxoIndexer | null, txid: string, terms: UtxoStepTerms): Promise<UtxoVerification> {
  if (!indexer) return { verification: 'unverified_no_rpc', mismatches: [], blockHeight: null };
  try {
    const raw = await indexer.transactionHex(txid);
    if (raw === null) return { verification: 'pending', mismatches: [], blockHeight: null };
    const decoded = decodeSignedUtxoTransaction(raw);
    if (decoded.txid !== txid) return { verification: 'unverified_rpc_error', mismatches: [], blockHeight: null };
    const prevouts = await prevoutsOf(indexer, decoded.tx);
    if (prevouts === null) return { verification: 'pending', mismatches: [], blockHeight: null };
    const mismatches = compareUtxoTransaction(decoded.tx, prevouts, terms);
    if (mismatches.length > 0) return { verification: 'refuted', mismatches, blockHeight: null };
    const status = await indexer.transactionStatus(txid);
    return { verification: 'verified', mismatches: [], blockHeight: status?.blockHeight ?? null };
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid_signed_transaction') return { verification: 'refuted', mismatches: [{ field: 'transaction', expected: 'a signed transaction', actual: error.message }], blockHeight: null };
    return { verification: 'unverified_rpc_error', mismatches: [], blockHeight: null };
  }
}
