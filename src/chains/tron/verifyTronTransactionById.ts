import type { FoundTronTransaction, TronRpc } from './createTronRpc.ts';
import { TronDecodeError, decodeTronRawData, tronTxId } from './tronRawData.ts';
import { compareTronTransaction, recoverTronSigner, type BuiltTronTransaction, type TronMismatch } from './verifySignedTronTransaction.ts';

export interface TronVerification {
  readonly verification: 'verified' | 'pending' | 'refuted' | 'unverified_no_rpc' | 'unverified_rpc_error';
  readonly mismatches: readonly TronMismatch[];
  /** In a block, and its contract did not succeed (REVERT, OUT_OF_ENERGY, …): nothing moved. */
  readonly reverted: boolean;
  readonly found: FoundTronTransaction | null;
}

const TX_ID = /^[0-9a-fA-F]{64}$/;

/**
 * A `txHash` submitted for a `tron` step: the node's copy of the transaction must be the built raw
 * data, signed by the sender, exactly as signed bytes would be checked. Not known to the node yet is
 * `pending` (a provisional claim); no node configured is `unverified_no_rpc`.
 */
export async function verifyTronTransactionById(rpc: TronRpc | null, txID: string, built: BuiltTronTransaction): Promise<TronVerification> {
  const none = { mismatches: [], reverted: false, found: null } as const;
  if (!TX_ID.test(txID)) return { verification: 'refuted', mismatches: [{ field: 'txID', expected: '64 hex digits', actual: txID.slice(0, 80) }], reverted: false, found: null };
  if (!rpc) return { verification: 'unverified_no_rpc', ...none };
  let found: FoundTronTransaction | null;
  try {
    found = await rpc.findTransaction(txID.toLowerCase());
  } catch {
    return { verification: 'unverified_rpc_error', ...none };
  }
  if (!found) return { verification: 'pending', ...none };
  const refuted = (mismatches: TronMismatch[]): TronVerification => ({ verification: 'refuted', mismatches, reverted: false, found });
  if (tronTxId(found.rawDataHex) !== txID.toLowerCase()) return refuted([{ field: 'txID', expected: txID, actual: tronTxId(found.rawDataHex) }]);
  let raw;
  try {
    raw = decodeTronRawData(found.rawDataHex);
  } catch (error) {
    if (!(error instanceof TronDecodeError)) throw error;
    return refuted([{ field: 'raw_data', expected: built.rawDataHex, actual: found.rawDataHex }]);
  }
  if (found.signatures.length !== 1) return refuted([{ field: 'signature', expected: 'one signature', actual: `${found.signatures.length}` }]);
  const signer = recoverTronSigner(txID, found.signatures[0]!);
  if (signer === null) return refuted([{ field: 'signature', expected: 'a valid signature', actual: found.signatures[0]!.slice(0, 140) }]);
  const mismatches = compareTronTransaction({ rawDataHex: found.rawDataHex, raw, signer }, built);
  if (mismatches.length > 0) return refuted(mismatches);
  return { verification: 'verified', mismatches: [], reverted: found.result !== null && found.result !== 'SUCCESS', found };
}
