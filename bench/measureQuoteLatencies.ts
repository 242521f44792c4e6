import { BENCH_QUOTE_BODY } from './straitBenchEnv.ts';
import { summarize, type Summary } from './summarize.ts';
import { timedPost } from './timedPost.ts';

/**
 * One quote at a time (nothing queues in front of it) to each of several services, in interleaved
 * rounds of ten, so every series sees the same machine state: Strait's quote set against the bare
 * fan-out making the same venue calls.
 */
export async function measureQuoteLatencies(targets: Readonly<Record<string, string>>, durationMs: number): Promise<Record<string, Summary & { failures: number }>> {
  const samples = new Map(Object.keys(targets).map((name) => [name, [] as number[]]));
  const failures = new Map(Object.keys(targets).map((name) => [name, 0]));
  const quoteUrl = (serviceUrl: string): string => `${serviceUrl}/bridge/quote`;
  for (const url of Object.values(targets)) for (let i = 0; i < 20; i++) await timedPost(quoteUrl(url), BENCH_QUOTE_BODY); // warm-up
  const end = performance.now() + durationMs;
  while (performance.now() < end) {
    for (const [name, url] of Object.entries(targets)) {
      for (let i = 0; i < 10; i++) {
        const answer = await timedPost(quoteUrl(url), BENCH_QUOTE_BODY);
        if (answer.status === 200) samples.get(name)?.push(answer.ms);
        else failures.set(name, (failures.get(name) ?? 0) + 1);
      }
    }
  }
  return Object.fromEntries([...samples].map(([name, series]) => [name, { ...summarize(series), failures: failures.get(name) ?? 0 }]));
}
