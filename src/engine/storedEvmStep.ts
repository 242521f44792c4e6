import type { EvmStep, StepKind } from '../domain/steps.ts';
import type { StoredStep } from '../store/transferRepository.ts';

/** The EVM step exactly as build stored it (its JSON view), back in domain terms for verification. */
export function storedEvmStep(stored: StoredStep): EvmStep {
  const p = stored.payload as { chainId: number; to: `0x${string}`; data: `0x${string}`; value: string };
  return { vm: 'evm', step: stored.kind as StepKind, chainId: p.chainId, to: p.to, data: p.data, value: BigInt(p.value) };
}
