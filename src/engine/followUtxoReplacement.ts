import { base64, hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import type { UtxoIndexer } from '../chains/utxo/createUtxoIndexer.ts';
import { decodeSignedUtxoTransaction } from '../chains/utxo/verifyUtxoTransaction.ts';
import { endClaim, listClaims, listFeeRows, setFeeRowStatus, updateTransfer, type StoredStep, type TransferRecord } from '../store/transferRepository.ts';
import type { EngineDeps } from './EngineDeps.ts';
import { finishTransfer } from './finishTransfer.ts';
import { storedUtxoStep, utxoTermsOf, verifyUtxoTxid } from './utxoSteps.ts';

interface Outpoint {
  readonly txid: string;
  readonly vout: number;
}

/**
 * The main transaction of a `utxo` step left the indexer (neither mined nor in its mempool): a wallet
 * that bumped its fee (BIP125) or spent the same outputs otherwise made another transaction the one
 * that counts. The outputs it spent are read from the signed bytes on record (or, for a txid the
 * wallet broadcast itself, the built PSBT) and the indexer says what spends them now. A spender
 * that verifies against the step (same vault, amount and memo, the sender's inputs, valid
 * signatures) takes the claim (history `replaced`) and becomes `sourceTxHash`, as a replaced EVM
 * transaction does; one that does not pay the venue means the funds never went, and the transfer
 * fails with nothing moved. Answers false when the poll should stop here.
 */
export async function followUtxoReplacement(deps: EngineDeps, transfer: TransferRecord, main: StoredStep, indexer: UtxoIndexer, hash: string): Promise<boolean> {
  const claim = (await listClaims(deps.store.db, transfer.id)).find((c) => c.stepIndex === main.index && c.txHash === hash);
  const step = storedUtxoStep(main);
  const spent = outpointsOf(claim?.signedTx ?? null) ?? outpointsOf(step.psbt);
  if (!spent) return true;
  let spender: string | null = null;
  for (const point of spent) {
    const found = await indexer.spenderOf(point.txid, point.vout).catch(() => null);
    if (found !== null && found !== hash) {
      spender = found;
      break;
    }
  }
  if (spender === null) return true;
  const result = await verifyUtxoTxid(indexer, spender, utxoTermsOf(step, transfer.requesterWallet));
  if (result.verification === 'refuted') {
    await finishTransfer(deps, transfer, 'FAILED', { statusDetail: `the sender's outputs that ${hash} spent were spent by ${spender}, which does not pay the venue (${result.mismatches.map((m) => m.field).join(', ')}); no funds moved` });
    return false;
  }
  if (result.verification !== 'verified') return true;
  const now = deps.now();
  try {
    const taken = await endClaim(deps.store.db, transfer.id, main.index, hash, 'replaced', now, { stepIndex: main.index, kind: main.kind, txHash: spender, verification: 'verified', createdAt: now, signedTx: null, userIp: null, nonce: null });
    if (!taken) return true;
  } catch (error) {
    // The spender is another transfer's claim: this one keeps its hash and waits.
    deps.logger.warn({ err: error, transferId: transfer.id, txHash: spender }, 'the replacement of a utxo source transaction could not be claimed');
    return true;
  }
  for (const row of await listFeeRows(deps.store.db, transfer.id)) {
    if (row.txHash === hash) await setFeeRowStatus(deps.store.db, transfer.id, row.kind, row.status, spender);
  }
  await updateTransfer(
    deps.store.db,
    transfer.id,
    { sourceTxHash: spender, sourceTxVerification: 'verified', sourceTxBlock: result.blockHeight, statusDetail: `the source transaction ${hash} was replaced by ${spender} (same outputs spent, the step's payment unchanged)` },
    now,
  );
  return true;
}

/** The outputs a signed transaction (raw hex or PSBT) or an unsigned PSBT spends; null when there is nothing readable. */
function outpointsOf(text: string | null): Outpoint[] | null {
  if (text === null) return null;
  let tx: Transaction;
  try {
    tx = decodeSignedUtxoTransaction(text).tx;
  } catch {
    try {
      tx = Transaction.fromPSBT(base64.decode(text), { allowUnknownOutputs: true });
    } catch {
      return null;
    }
  }
  const points: Outpoint[] = [];
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i);
    if (input.txid && input.index !== undefined) points.push({ txid: hex.encode(input.txid), vout: input.index });
  }
  return points.length > 0 ? points : null;
}
