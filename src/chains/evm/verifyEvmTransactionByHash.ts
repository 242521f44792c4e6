import type { Hex } from 'viem';
import type { EvmStep } from '../../domain/steps.ts';
import { compareEvmTransaction } from './compareEvmTransaction.ts';
import type { EvmMismatch } from './compareEvmTransaction.ts';
import type { EvmRpc, FoundEvmTransaction } from './createEvmRpc.ts';

export type EvmHashVerification = 'verified' | 'pending' | 'unverified_no_rpc' | 'unverified_rpc_error' | 'refuted';

export interface EvmHashVerificationResult {
  readonly verification: EvmHashVerification;
  readonly mismatches: EvmMismatch[];
  /** The receipt says the transaction reverted; what that means for the order is the caller's call. */
  readonly reverted: boolean;
  /** The transaction as the node served it, `null` when not found (or not asked). */
  readonly found: FoundEvmTransaction | null;
}

/**
 * Checks a transaction the wallet broadcast itself (the client sent only its hash) against the
 * step Strait built. `verified` says the fields match, not that it is mined: a matching transaction
 * still waiting in the pool is `verified` with `reverted: false`, and may yet be replaced.
 */
export async function verifyEvmTransactionByHash(
  rpc: EvmRpc | null,
  hash: Hex,
  step: EvmStep,
  expectedSigner: string | readonly string[],
): Promise<EvmHashVerificationResult> {
  if (!rpc) return { verification: 'unverified_no_rpc', mismatches: [], reverted: false, found: null };
  let found: FoundEvmTransaction | null;
  try {
    found = await rpc.findTransaction(hash);
  } catch {
    // Whatever failed, nothing was learnt about the transaction; the worker asks again later.
    return { verification: 'unverified_rpc_error', mismatches: [], reverted: false, found: null };
  }
  if (!found) return { verification: 'pending', mismatches: [], reverted: false, found: null };
  const mismatches = compareEvmTransaction(found, step, expectedSigner);
  return {
    verification: mismatches.length > 0 ? 'refuted' : 'verified',
    mismatches,
    reverted: found.status === 'reverted',
    found,
  };
}
