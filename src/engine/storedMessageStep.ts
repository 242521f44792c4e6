import type { MessageStep, StepKind } from '../domain/steps.ts';
import type { StoredStep } from '../store/transferRepository.ts';

/** The message step exactly as build stored it: the bytes the wallet was handed, untouched. */
export function storedMessageStep(stored: StoredStep): MessageStep {
  const p = stored.payload as unknown as { chainId: number; method: 'personal_sign'; messages: `0x${string}`[] };
  return { vm: 'message', step: stored.kind as StepKind, chainId: p.chainId, method: p.method, messages: p.messages };
}
