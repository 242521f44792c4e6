import { readFileSync } from 'node:fs';

/**
 * The fake's templates: answers SideShift really gave (fixtures/real, its docs' examples), parsed
 * once. The fake answers with their keys, order and extra fields, substituting only ids, amounts,
 * addresses, coins, times and statuses, so it cannot drift into a shape the real API never sends.
 */
export function recordedAnswer(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`./fixtures/real/${file}`, import.meta.url), 'utf8')) as Record<string, unknown>;
}

/**
 * `template` with `values` put in: template keys keep their place (a value of `undefined` removes the
 * key), keys the template lacks follow, and `drop` names template keys to leave out.
 */
export function overlay(template: Readonly<Record<string, unknown>>, values: Readonly<Record<string, unknown>>, drop: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of [...Object.entries(template), ...Object.entries(values)]) {
    if (drop.includes(key) || Object.hasOwn(out, key)) continue;
    const next = Object.hasOwn(values, key) ? values[key] : value;
    if (next !== undefined) out[key] = next;
  }
  return out;
}
