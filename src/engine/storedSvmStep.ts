import type { StepKind, SvmStep } from '../domain/steps.ts';
import type { StoredStep } from '../store/transferRepository.ts';

/** The Solana step exactly as build stored it (its JSON view), back in domain terms for verification. */
export function storedSvmStep(stored: StoredStep): SvmStep {
  const p = stored.payload as { serializedTx: string; encoding: 'base64' | 'hex'; refreshBlockhash: boolean; lookupTables?: unknown };
  const lookupTables = lookupTablesOf(p.lookupTables);
  return { vm: 'svm', step: stored.kind as StepKind, serializedTx: p.serializedTx, encoding: p.encoding, refreshBlockhash: p.refreshBlockhash, ...(lookupTables ? { lookupTables } : {}) };
}

/** The lookup-table entries build stored beside the step, when it stored them in the expected shape. */
function lookupTablesOf(value: unknown): Record<string, readonly string[]> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.every(([, list]) => Array.isArray(list) && list.every((entry) => typeof entry === 'string'))) return null;
  return Object.fromEntries(entries) as Record<string, readonly string[]>;
}
