import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ScriptedVenues } from '../src/venues/fake/scriptedVenue.ts';
import { BENCH_QUOTE_BODY } from './straitBenchEnv.ts';
import { summarize, type Summary } from './summarize.ts';
import { timedPost } from './timedPost.ts';

export interface QuoteSpreadParams {
  readonly serviceUrl: string;
  readonly venues: ScriptedVenues;
  readonly venueIds: readonly string[];
  /** Venues whose rows a wallet can sign from the source chain: only they can be `best`. */
  readonly executable: ReadonlySet<string>;
  readonly hanging: number;
  readonly concurrency: number;
  readonly durationMs: number;
  readonly seed: number;
}

export interface VenueModel {
  readonly venue: string;
  /** `null`: the venue never answers. */
  readonly latency: { readonly p50Ms: number; readonly p99Ms: number } | null;
  readonly outBps: number;
}

export interface QuoteSpreadResult {
  readonly quote: Summary;
  readonly quotes: number;
  readonly failures: number;
  /** Share of quotes whose `best.amountOutAtomic` is at least 99.5 % of the unbounded best. */
  readonly withinHalfPercent: number;
  /** Share of quotes whose best is exactly the unbounded best (stricter; informational). */
  readonly exactBest: number;
  /** Mean of (unbounded best − returned best) in basis points of the unbounded best. */
  readonly meanShortfallBps: number;
  readonly worstShortfallBps: number;
  /** Mean count per quote of each rejection code. */
  readonly rejectionsPerQuote: Readonly<Record<string, number>>;
  readonly pricedRowsPerQuote: Summary;
  /** When the engine stopped waiting, by its own clock (`waitedMs` of its venue_timeout rejections), ms. */
  readonly engineWaitedMs: Summary;
  /** Event-loop delay of this process (load generator and fakes) during the phase, ms: the harness's own share of the latency. */
  readonly harnessLoopDelayMs: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly model: readonly VenueModel[];
}

/**
 * Quotes under a realistic spread: `hanging` venues never answer; every other venue answers after a
 * latency drawn per call from a log-normal whose median (0.4–1.5 s) and p99 (4–5 s) are drawn per
 * venue from the ranges published for aggregator quote APIs, at a price whose cost is drawn per venue
 * from a log-normal (median ≈ 30 bps, p90 ≈ 85 bps; a stablecoin transfer's spread). Everything is
 * seeded. The unbounded best is the best executable price of a venue that answers at all: what
 * waiting forever would give.
 */
export async function measureQuoteSpread(params: QuoteSpreadParams): Promise<QuoteSpreadResult> {
  const random = mulberry32(params.seed);
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const shuffled = [...params.venueIds];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j] as string, shuffled[i] as string];
  }
  const hanging = new Set(shuffled.slice(0, params.hanging));
  const model: VenueModel[] = params.venueIds.map((venue) => {
    const costBps = Math.min(300, Math.round(5 + 25 * Math.exp(0.9 * normal())));
    const latency = hanging.has(venue) ? null : { p50Ms: Math.round(400 + 1100 * random()), p99Ms: Math.round(4000 + 1000 * random()) };
    return { venue, latency, outBps: 10_000 - costBps };
  });
  for (const m of model) {
    if (!m.latency) {
      params.venues.setBehaviour(m.venue, { kind: 'hang' });
      continue;
    }
    const mu = Math.log(m.latency.p50Ms);
    const sigma = Math.log(m.latency.p99Ms / m.latency.p50Ms) / 2.326;
    params.venues.setBehaviour(m.venue, { kind: 'price', outBps: m.outBps, delayMs: () => Math.min(30_000, Math.exp(mu + sigma * normal())) });
  }

  const amountIn = BigInt(BENCH_QUOTE_BODY.amountAtomic);
  const unbounded = model.filter((m) => m.latency && params.executable.has(m.venue)).reduce((best, m) => {
    const out = (amountIn * BigInt(m.outBps)) / 10_000n;
    return out > best ? out : best;
  }, 0n);

  const latencies: number[] = [];
  const rows: number[] = [];
  const shortfalls: number[] = [];
  const rejections = new Map<string, number>();
  const waited: number[] = [];
  let failures = 0;
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const end = performance.now() + params.durationMs;
  const worker = async (): Promise<void> => {
    while (performance.now() < end) {
      const answer = await timedPost<{ best?: { amountOutAtomic: string } | null; quotes?: unknown[]; rejected?: { code: string; details?: { waitedMs?: number } }[] }>(`${params.serviceUrl}/bridge/quote`, BENCH_QUOTE_BODY).catch(() => null);
      if (!answer || answer.status !== 200) {
        failures++;
        continue;
      }
      latencies.push(answer.ms);
      rows.push(answer.body.quotes?.length ?? 0);
      for (const r of answer.body.rejected ?? []) rejections.set(r.code, (rejections.get(r.code) ?? 0) + 1);
      const waitedMs = Math.max(-1, ...(answer.body.rejected ?? []).map((r) => (r.code === 'venue_timeout' ? (r.details?.waitedMs ?? -1) : -1)));
      if (waitedMs >= 0) waited.push(waitedMs);
      const best = answer.body.best ? BigInt(answer.body.best.amountOutAtomic) : 0n;
      shortfalls.push(Number(((unbounded - best) * 1_000_000n) / unbounded) / 100);
    }
  };
  await Promise.all(Array.from({ length: params.concurrency }, worker));
  loopDelay.disable();
  const ms = (ns: number): number => Number((ns / 1e6).toFixed(1));

  const n = shortfalls.length;
  return {
    quote: summarize(latencies),
    quotes: n,
    failures,
    withinHalfPercent: n === 0 ? 0 : shortfalls.filter((s) => s <= 50).length / n,
    exactBest: n === 0 ? 0 : shortfalls.filter((s) => s <= 0).length / n,
    meanShortfallBps: n === 0 ? Number.NaN : shortfalls.reduce((a, b) => a + b, 0) / n,
    worstShortfallBps: n === 0 ? Number.NaN : Math.max(...shortfalls),
    rejectionsPerQuote: Object.fromEntries([...rejections].map(([code, count]) => [code, Number((count / Math.max(1, n)).toFixed(2))])),
    pricedRowsPerQuote: summarize(rows),
    engineWaitedMs: summarize(waited),
    harnessLoopDelayMs: { p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)), max: ms(loopDelay.max) },
    model,
  };
}

/** A small seeded PRNG (uniform in [0, 1)), so every run draws the same venues and latencies. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
