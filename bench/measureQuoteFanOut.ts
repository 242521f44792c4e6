import { BENCH_QUOTE_BODY } from './straitBenchEnv.ts';
import { summarize, type Summary } from './summarize.ts';
import { timedPost } from './timedPost.ts';

export interface QuoteFanOutParams {
  /** Strait's base URL (…/v1). */
  readonly serviceUrl: string;
  /** The scripted venues' server; venue `id` answers at `<fakesUrl>/<id>/quote`. */
  readonly fakesUrl: string;
  readonly venueIds: readonly string[];
  readonly durationMs: number;
}

export interface QuoteFanOutResult {
  /** One quote at a time through Strait, every venue asked (ms). */
  readonly quote: Summary;
  /** Per venue, the same call the adapter makes, sent to that fake alone (ms). */
  readonly fakeAlone: Readonly<Record<string, Summary>>;
  /** The fake with the highest median alone, and its own latency distribution. */
  readonly slowestFake: { readonly venue: string; readonly alone: Summary };
  readonly pricedRowsPerQuote: Summary;
  readonly failures: number;
}

/**
 * Fan-out overhead: quotes are sent one at a time (so nothing queues in front of them) while, in
 * between, every fake is asked alone (three times a round) the very call its adapter makes. Rounds
 * interleave the two so both series see the same machine state. The slowest fake is the one with
 * the highest median alone; the quote's p50 and p99 are set against that fake's own p50 and p99. What the quote costs beyond its slowest venue is
 * Strait's overhead: 36 concurrent venue calls, validation, ranking, the decision's write.
 */
export async function measureQuoteFanOut(params: QuoteFanOutParams): Promise<QuoteFanOutResult> {
  const quoteUrl = `${params.serviceUrl}/bridge/quote`;
  const venueBody = { fromChain: BENCH_QUOTE_BODY.fromChain, toChain: BENCH_QUOTE_BODY.toChain, fromToken: 'USDC', toToken: 'USDC', amount: BENCH_QUOTE_BODY.amountAtomic };
  const quoteMs: number[] = [];
  const rows: number[] = [];
  const alone = new Map<string, number[]>(params.venueIds.map((id) => [id, []]));
  let failures = 0;

  for (let i = 0; i < 30; i++) await timedPost(quoteUrl, BENCH_QUOTE_BODY); // warm-up: JIT, connection pools, PGlite caches
  const end = performance.now() + params.durationMs;
  while (performance.now() < end) {
    for (let i = 0; i < 3; i++) {
      for (const id of params.venueIds) {
        const answer = await timedPost(`${params.fakesUrl}/${id}/quote`, venueBody);
        if (answer.status === 200) alone.get(id)?.push(answer.ms);
      }
    }
    for (let i = 0; i < 10; i++) {
      const answer = await timedPost<{ quotes?: unknown[] }>(quoteUrl, BENCH_QUOTE_BODY);
      if (answer.status !== 200) {
        failures++;
        continue;
      }
      quoteMs.push(answer.ms);
      rows.push(answer.body.quotes?.length ?? 0);
    }
  }

  const fakeAlone = Object.fromEntries([...alone].map(([id, samples]) => [id, summarize(samples)]));
  const [venue, slowest] = Object.entries(fakeAlone).reduce((a, b) => (b[1].p50 > a[1].p50 ? b : a));
  return {
    quote: summarize(quoteMs),
    fakeAlone,
    slowestFake: { venue, alone: slowest },
    pricedRowsPerQuote: summarize(rows),
    failures,
  };
}
