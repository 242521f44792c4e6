import type { EvmStep } from '../../domain/steps.ts';
import type { StepsPlan, VenueBuildPlan } from '../Venue.ts';

/**
 * The one EVM call a calldata venue's build plan must hold, for a contract case's `check`: a steps
 * plan of exactly one step, an EVM call to `to` on `chainId` (carrying `value` when given). Throws,
 * failing the case, otherwise; returns the step and the plan's approval.
 */
export function onlyEvmStep(plan: VenueBuildPlan, expected: { readonly to: string; readonly chainId: number; readonly value?: bigint }): { step: EvmStep; approval: StepsPlan['approval'] } {
  if (plan.shape !== 'steps' || plan.steps.length !== 1) throw new Error('expected one step');
  const [step] = plan.steps;
  if (step?.vm !== 'evm' || step.to !== expected.to || step.chainId !== expected.chainId || (expected.value !== undefined && step.value !== expected.value)) {
    throw new Error(`expected one call to ${expected.to} on chain ${expected.chainId}${expected.value === undefined ? '' : ` carrying ${expected.value}`}, got ${JSON.stringify(step, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
  }
  return { step, approval: plan.approval };
}
