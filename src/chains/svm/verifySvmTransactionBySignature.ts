import type { SvmStep } from '../../domain/steps.ts';
import { compareSvmTransaction } from './compareSvmTransaction.ts';
import type { SvmMismatch } from './compareSvmTransaction.ts';
import type { FoundSvmTransaction, SvmRpc } from './createSvmRpc.ts';
import { decodeBuiltSvmStep } from './verifySignedSvmTransaction.ts';

export type SvmSignatureVerification = 'verified' | 'pending' | 'unverified_no_rpc' | 'unverified_rpc_error' | 'refuted';

export interface SvmSignatureVerificationResult {
  readonly verification: SvmSignatureVerification;
  readonly mismatches: SvmMismatch[];
  /** The transaction executed and failed (`meta.err`); what that means for the order is the caller's call. */
  readonly reverted: boolean;
}

/**
 * Checks a transaction the wallet broadcast itself (the client sent only its signature) against the
 * step Strait built, by the same rules as signed bytes (compareSvmTransaction). `pending` until the
 * cluster serves it at `confirmed` commitment: a Solana transaction that never lands simply expires
 * with its blockhash, so the worker asks again until the build's deadline.
 *
 * The signature is the caller's to validate as 64 base58-encoded bytes; a malformed one is refused by
 * the node and reads as `unverified_rpc_error`.
 */
export async function verifySvmTransactionBySignature(
  rpc: SvmRpc | null,
  signature: string,
  step: SvmStep,
  expectedFeePayer: string,
): Promise<SvmSignatureVerificationResult> {
  if (!rpc) return { verification: 'unverified_no_rpc', mismatches: [], reverted: false };
  const built = decodeBuiltSvmStep(step);
  let found: FoundSvmTransaction | null;
  try {
    found = await rpc.findTransaction(signature);
  } catch {
    // Whatever failed, nothing was learnt about the transaction; the worker asks again later.
    return { verification: 'unverified_rpc_error', mismatches: [], reverted: false };
  }
  if (!found) return { verification: 'pending', mismatches: [], reverted: false };
  const mismatches = compareSvmTransaction(found.transaction, built, { expectedFeePayer, refreshBlockhash: step.refreshBlockhash });
  return {
    verification: mismatches.length > 0 ? 'refuted' : 'verified',
    mismatches,
    reverted: found.failed,
  };
}
