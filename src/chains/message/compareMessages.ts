import type { TypedDataMismatch } from '../eip712/compareTypedData.ts';

const MAX_SHOWN = 200;

/**
 * Every message in which a client's copy of what it signed differs from the built ones, as
 * `messages[i]` (hex in any case is the same message). A copy that is not a list of strings differs
 * as a whole (`messages`). Empty when the copy names the same bytes in the same order.
 */
export function compareMessages(built: readonly string[], copy: unknown): TypedDataMismatch[] {
  if (!Array.isArray(copy) || copy.some((m) => typeof m !== 'string')) return [{ field: 'messages', expected: shown(JSON.stringify(built)), actual: shown(JSON.stringify(copy) ?? 'absent') }];
  const mismatches: TypedDataMismatch[] = [];
  for (let i = 0; i < Math.max(built.length, copy.length); i++) {
    const expected = built[i];
    const actual = copy[i] as string | undefined;
    if (expected !== undefined && actual !== undefined && expected.toLowerCase() === actual.toLowerCase()) continue;
    mismatches.push({ field: `messages[${i}]`, expected: shown(expected ?? 'absent'), actual: shown(actual ?? 'absent') });
  }
  return mismatches;
}

function shown(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}
