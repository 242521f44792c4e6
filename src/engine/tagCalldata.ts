import type { Hex } from 'viem';
import type { VenueBuildPlan } from '../venues/Venue.ts';

/**
 * Calldata with the 16 bytes of the transfer id (a UUID) appended after its ABI-encoded arguments,
 * so that a step Strait encodes itself names exactly one transfer. Without it an `approve`, a fee
 * `transfer` or a bridge call is the same bytes for every transfer of the same sender and amount, and
 * a stranger's look-alike transfer could claim the owner's broadcast transaction first (one
 * transaction pays one step of one transfer) and leave the owner's transfer stuck. Solidity's ABI
 * decoder ignores trailing calldata, and the submit check compares calldata whole
 * (chains/evm/compareEvmTransaction.ts), so another transfer refuses the transaction as
 * `transaction_mismatch` naming `data`. Only for calls to contracts that decode fixed ABI arguments:
 * never a plain value send, a precompile, or calldata a venue's API wrote.
 */
export function tagCalldata(data: Hex, transferId: string): Hex {
  return `${data}${transferId.replace(/-/g, '').toLowerCase()}`;
}

/** The plan with its EVM `main` calls tagged, when the venue encoded them itself (StepsPlan.tagMain). */
export function tagOwnMain(plan: VenueBuildPlan, transferId: string): VenueBuildPlan {
  if (plan.shape !== 'steps' || plan.tagMain !== true) return plan;
  return { ...plan, steps: plan.steps.map((s) => (s.vm === 'evm' && s.step === 'main' ? { ...s, data: tagCalldata(s.data, transferId) } : s)) };
}
