/** Percentiles of one series of samples (milliseconds, microseconds: whatever the caller measured). */
export interface Summary {
  readonly n: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
}

/** Nearest-rank percentiles, computed in-process from every individual sample (no histogram buckets). */
export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) return { n: 0, p50: Number.NaN, p90: Number.NaN, p99: Number.NaN, max: Number.NaN, mean: Number.NaN };
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
  return {
    n: sorted.length,
    p50: rank(50),
    p90: rank(90),
    p99: rank(99),
    max: sorted[sorted.length - 1] as number,
    mean: sorted.reduce((sum, x) => sum + x, 0) / sorted.length,
  };
}

/** Rounds every number of a summary for the report. */
export function rounded(summary: Summary, digits = 2): Summary {
  const r = (x: number): number => Number(x.toFixed(digits));
  return { n: summary.n, p50: r(summary.p50), p90: r(summary.p90), p99: r(summary.p99), max: r(summary.max), mean: r(summary.mean) };
}
