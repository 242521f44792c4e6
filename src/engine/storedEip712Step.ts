import type { Eip712Step, StepKind, TypedDataPayload } from '../domain/steps.ts';
import type { StoredStep } from '../store/transferRepository.ts';

/** The signature step exactly as build stored it: the typed data the wallet was handed, untouched. */
export function storedEip712Step(stored: StoredStep): Eip712Step {
  const p = stored.payload as unknown as { chainId: number; typedData: TypedDataPayload };
  return { vm: 'eip712', step: stored.kind as StepKind, chainId: p.chainId, typedData: p.typedData };
}
