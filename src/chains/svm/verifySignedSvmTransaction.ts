import { AppError } from '../../domain/errors.ts';
import type { SvmStep } from '../../domain/steps.ts';
import { compareSvmTransaction } from './compareSvmTransaction.ts';
import type { SvmMismatch } from './compareSvmTransaction.ts';
import { decodeSvmTransaction } from './decodeSvmTransaction.ts';
import type { DecodedSvmTransaction, SvmEncoding } from './decodeSvmTransaction.ts';

export interface SignedSvmTransactionCheck {
  readonly transaction: DecodedSvmTransaction;
  /** Empty when the transaction may be broadcast (`transaction.wireBase64`). */
  readonly mismatches: SvmMismatch[];
}

/**
 * Decodes the step Strait built. Its bytes came from a venue and were checked at build time, so a
 * failure here is Strait's fault, never the client's: `internal_error`, not `invalid_signed_transaction`.
 */
export function decodeBuiltSvmStep(step: SvmStep): DecodedSvmTransaction {
  try {
    return decodeSvmTransaction(step.serializedTx, step.encoding);
  } catch (err) {
    throw new AppError('internal_error', `the built Solana step does not decode: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

/**
 * The submit check for signed Solana bytes: decode them strictly (`invalid_signed_transaction` when
 * they do not decode) and list every difference from the built step, signatures included. Nothing
 * here touches the network; broadcast only when `mismatches` is empty.
 *
 * `encoding` defaults to the step's: a wallet returns the bytes the way it was handed them, and hex
 * digits are also valid base64, so the encoding cannot be guessed.
 */
export function verifySignedSvmTransaction(
  signed: string,
  step: SvmStep,
  expectedFeePayer: string,
  encoding: SvmEncoding = step.encoding,
): SignedSvmTransactionCheck {
  const built = decodeBuiltSvmStep(step);
  const transaction = decodeSvmTransaction(signed, encoding);
  return {
    transaction,
    mismatches: compareSvmTransaction(transaction, built, { expectedFeePayer, refreshBlockhash: step.refreshBlockhash }),
  };
}
