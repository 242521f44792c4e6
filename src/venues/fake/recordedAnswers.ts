import { readFileSync } from 'node:fs';

/**
 * A fake's template: an answer the venue really gave (a JSON object file under the venue's
 * `fixtures/real/`). Fakes answer with its keys, order and extra fields, substituting only ids,
 * amounts, addresses, tokens, times and statuses, so they cannot drift into a shape the real API never
 * sends (docs/adding-a-venue.md).
 */
export function recordedAnswer(file: URL): Readonly<Record<string, unknown>> {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${file.pathname} is not a recorded JSON object`);
  return parsed as Record<string, unknown>;
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
