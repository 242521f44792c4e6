import { decodeSignedUtxoTransaction, prevoutsOf, compareUtxoTransaction } from '../chains/utxo/verifyUtxoTransaction.ts';
import type { ChainKey } from '../domain/chains.ts';
import { AppError } from '../domain/errors.ts';
import type { StoredStep, SubmissionRecord, TransferRecord } from '../store/transferRepository.ts';
import type { EngineDeps } from './EngineDeps.ts';
import { storedUtxoStep, utxoTermsOf, verifyUtxoTxid } from './utxoSteps.ts';

export interface UtxoSubmission {
  readonly deps: EngineDeps;
  readonly transfer: TransferRecord;
  /** The built steps of the submitted kind this submission may claim. */
  readonly candidates: readonly StoredStep[];
  readonly submissions: readonly SubmissionRecord[];
  readonly body: { readonly signedTransaction?: string | undefined; readonly txHash?: string | undefined };
  readonly chain: ChainKey;
}

/** How submit records what this file verified (submitTransfer.ts owns claims and their races). */
export interface UtxoClaims<A> {
  /** The answer for a transaction already recorded for this transfer. */
  repeat(previous: SubmissionRecord): Promise<A>;
  /** The allow-list check of build again, and the build's expiry (signed bytes only). */
  refuseUnlessAllowed(built: StoredStep, signedBytes: boolean): Promise<void>;
  /** Claims the step for `txid` and broadcasts; `alreadySent` tells whether a refused broadcast is in fact on chain. */
  claimAndBroadcast(built: StoredStep, txid: string, broadcast: () => Promise<string>, alreadySent: (error: unknown) => Promise<boolean>): Promise<A>;
  /** Claims the step for a txid the wallet broadcast itself, as verified (or not) here. */
  claimOnly(built: StoredStep, txid: string, verification: string): Promise<A>;
}

/**
 * A Bitcoin-family `main` submission (docs/steps.md, "utxo"): signed bytes (raw hex, or a PSBT in
 * base64 with every input signed) or the txid of a transaction the wallet broadcast. Either way the
 * transaction is checked against the step (VOUT0, memo, the sender's inputs and signatures:
 * verifyUtxoTransaction.ts) with the spent outputs read from the chain's indexer; any difference is
 * `422 transaction_mismatch` listing the fields, and nothing is broadcast or recorded. Signed bytes
 * are broadcast through the indexer (`POST /tx`). Without an indexer a txid is recorded
 * `unverified_no_rpc`, and signed bytes are refused with `no_rpc_for_chain`.
 */
export async function acceptUtxoSubmission<A>(submission: UtxoSubmission, claims: UtxoClaims<A>): Promise<A> {
  const { deps, transfer, candidates, submissions, body, chain } = submission;
  const built = candidates[0]!;
  const terms = utxoTermsOf(storedUtxoStep(built), transfer.requesterWallet);
  const indexer = deps.utxoIndexer?.(chain) ?? null;
  if (body.signedTransaction !== undefined) {
    const decoded = decodeSignedUtxoTransaction(body.signedTransaction);
    const again = submissions.find((s) => s.txHash === decoded.txid);
    if (again) return claims.repeat(again);
    if (!indexer) throw new AppError('no_rpc_for_chain', `no indexer is configured for ${chain}; broadcast the transaction yourself and submit its txHash`);
    const prevouts = await prevoutsOf(indexer, decoded.tx);
    if (prevouts === null) {
      throw new AppError('transaction_mismatch', `the signed transaction spends outputs the ${chain} indexer does not know; nothing was broadcast`, { details: { mismatches: [{ field: 'inputs', expected: 'outputs of the sender known to the chain', actual: 'unknown outputs' }] } });
    }
    const mismatches = compareUtxoTransaction(decoded.tx, prevouts, terms);
    if (mismatches.length > 0) {
      throw new AppError('transaction_mismatch', `the signed transaction differs from the built ${built.kind} step in ${[...new Set(mismatches.map((m) => m.field))].join(', ')}; nothing was broadcast`, { details: { mismatches } });
    }
    await claims.refuseUnlessAllowed(built, true);
    return claims.claimAndBroadcast(built, decoded.txid, () => indexer.broadcast(decoded.rawHex), async (error) => error instanceof AppError && (error.code === 'broadcast_rejected' || error.code === 'chain_unavailable') && (await indexer.transactionStatus(decoded.txid).catch(() => null)) !== null);
  }
  const txid = (body.txHash ?? '').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(txid)) throw new AppError('invalid_submission', `\`txHash\` of a ${chain} step must be a txid of 64 hex digits`, { details: { chain } });
  const again = submissions.find((s) => s.txHash === txid);
  if (again) return claims.repeat(again);
  const result = await verifyUtxoTxid(indexer, txid, terms);
  if (result.verification === 'refuted') {
    throw new AppError('transaction_mismatch', `transaction ${txid} is not the built ${built.kind} step (${[...new Set(result.mismatches.map((m) => m.field))].join(', ')})`, { details: { mismatches: result.mismatches, verification: 'refuted' } });
  }
  await claims.refuseUnlessAllowed(built, false);
  return claims.claimOnly(built, txid, result.verification);
}
