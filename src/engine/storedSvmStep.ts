import type { StepKind, SvmStep } from '../domain/steps.ts';
import type { StoredStep } from '../store/transferRepository.ts';

/** The Solana step exactly as build stored it (its JSON view), back in domain terms for verification. */
export function storedSvmStep(stored: StoredStep): SvmStep {
  const p = stored.payload as { serializedTx: string; encoding: 'base64' | 'hex'; refreshBlockhash: boolean };
  return { vm: 'svm', step: stored.kind as StepKind, serializedTx: p.serializedTx, encoding: p.encoding, refreshBlockhash: p.refreshBlockhash };
}
