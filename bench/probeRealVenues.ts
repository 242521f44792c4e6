import { BENCH_QUOTE_BODY } from './straitBenchEnv.ts';
import { timedPost } from './timedPost.ts';

/**
 * Which of the venues served through their real adapters priced the bench's corridor: those keep
 * their adapters for the measured run; a venue that rejected it (another corridor is all it serves,
 * or its fake cannot answer without a chain) is scripted instead, so every quote still asks 36 venues
 * that all answer with a price.
 */
export async function probeRealVenues(serviceUrl: string, candidates: readonly string[]): Promise<{ priced: string[]; rejected: Record<string, string> }> {
  const answer = await timedPost<{ quotes?: { venue: string }[]; rejected?: { venue: string; code: string; message: string }[] }>(`${serviceUrl}/bridge/quote`, BENCH_QUOTE_BODY);
  if (answer.status !== 200) throw new Error(`the probe quote answered ${answer.status}`);
  const priced = new Set((answer.body.quotes ?? []).map((row) => row.venue));
  const rejected = Object.fromEntries((answer.body.rejected ?? []).filter((r) => candidates.includes(r.venue)).map((r) => [r.venue, `${r.code}: ${r.message}`]));
  return { priced: candidates.filter((id) => priced.has(id)), rejected };
}
