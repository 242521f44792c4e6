import type { Json, TypedDataPayload } from '../../domain/steps.ts';
import { canonicalTypedData } from './canonicalTypedData.ts';

export interface TypedDataMismatch {
  /** Path of the differing field, e.g. `message.recipient`, `types.Order[2].type`, `primaryType`. */
  readonly field: string;
  readonly expected: string;
  readonly actual: string;
}

/** At most this many differences are listed; a copy that differs everywhere needs no longer answer. */
const MAX_MISMATCHES = 32;
const MAX_SHOWN = 200;

/**
 * Every field in which a client's copy of the typed data it signed differs from the stored one, in
 * domain, types, primaryType or message (after canonical spelling: canonicalTypedData.ts). Empty
 * when the copy signs the same digest field for field. Extra top-level keys are not typed data and
 * count as differences too.
 */
export function compareTypedData(built: TypedDataPayload, signed: unknown): TypedDataMismatch[] {
  const mismatches: TypedDataMismatch[] = [];
  diff(canonicalTypedData(built), canonicalTypedData(signed), '', mismatches);
  return mismatches;
}

function diff(expected: Json | undefined, actual: Json | undefined, path: string, out: TypedDataMismatch[]): void {
  if (out.length >= MAX_MISMATCHES) return;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) diff(expected[i], actual[i], `${path}[${i}]`, out);
    return;
  }
  if (isRecord(expected) && isRecord(actual)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const key of keys) diff(expected[key], actual[key], path === '' ? key : `${path}.${key}`, out);
    return;
  }
  if (expected === actual) return;
  out.push({ field: path === '' ? 'typedData' : path, expected: shown(expected), actual: shown(actual) });
}

function isRecord(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function shown(value: Json | undefined): string {
  const text = value === undefined ? 'absent' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}
