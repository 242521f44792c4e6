import { lookupTableAddressesOf } from '../chains/svm/addressLookupTables.ts';
import type { SvmRpc } from '../chains/svm/createSvmRpc.ts';
import { decodeSvmTransaction } from '../chains/svm/decodeSvmTransaction.ts';
import type { Step } from '../domain/steps.ts';
import type { VenueBuildPlan } from '../venues/Venue.ts';

/**
 * The plan with the entries of every address lookup table its Solana steps load from, read through
 * the source chain's RPC, so the checks compare the accounts a table loads (a DLN order's mint) and
 * the fee instructions can be merged beside them. Without an RPC the plan is returned as it is: a
 * check that needs a looked-up account then refuses, and so does a token fee merge.
 *
 * Throws AppError('unsafe_venue_answer') for a table that does not exist or is not an active table,
 * AppError('chain_unavailable') when the node does not answer.
 */
export async function withLookupTables(rpc: SvmRpc | null, plan: VenueBuildPlan): Promise<VenueBuildPlan> {
  if (plan.shape !== 'steps' || rpc === null) return plan;
  const steps: Step[] = [];
  for (const step of plan.steps) {
    if (step.vm !== 'svm') {
      steps.push(step);
      continue;
    }
    let tables: string[];
    try {
      tables = lookupTableAddressesOf(decodeSvmTransaction(step.serializedTx, step.encoding));
    } catch {
      // Undecodable: the allow-list check refuses it with its own reason.
      steps.push(step);
      continue;
    }
    steps.push(tables.length === 0 ? step : { ...step, lookupTables: await rpc.readLookupTables(tables) });
  }
  return { ...plan, steps };
}
