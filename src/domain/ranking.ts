/**
 * Ranking of a quote's rows (spec §2): net output first, because every `amountOutAtomic` is already
 * net of venue and platform fees; then the least input (exact-output quotes, where every row delivers
 * the same amount); a faster ETA breaks ties; the venue id makes the order total so
 * the same answers always rank the same way.
 */

export interface RankableRow {
  readonly venue: string;
  readonly amountIn: bigint;
  readonly amountOut: bigint;
  readonly estimatedSeconds: number | null;
  readonly executable: boolean;
}

export function compareRows(a: RankableRow, b: RankableRow): number {
  if (a.amountOut !== b.amountOut) return a.amountOut > b.amountOut ? -1 : 1;
  // Equal outputs (every row of an exact-output quote): the least the sender pays wins.
  if (a.amountIn !== b.amountIn) return a.amountIn < b.amountIn ? -1 : 1;
  const etaA = a.estimatedSeconds ?? Number.POSITIVE_INFINITY;
  const etaB = b.estimatedSeconds ?? Number.POSITIVE_INFINITY;
  if (etaA !== etaB) return etaA - etaB;
  return a.venue < b.venue ? -1 : a.venue > b.venue ? 1 : 0;
}

export function rankRows<R extends RankableRow>(rows: readonly R[]): R[] {
  return [...rows].sort(compareRows);
}

/** The highest net output among rows a wallet can sign: what build uses by default. */
export function bestRow<R extends RankableRow>(ranked: readonly R[]): R | null {
  return ranked.find((r) => r.executable) ?? null;
}

/** The fastest executable row that publishes an ETA; the higher output wins a tie. */
export function fastestRow<R extends RankableRow>(ranked: readonly R[]): R | null {
  let fastest: R | null = null;
  for (const row of ranked) {
    if (!row.executable || row.estimatedSeconds === null) continue;
    if (fastest === null || row.estimatedSeconds < (fastest.estimatedSeconds as number)) fastest = row;
  }
  return fastest;
}

export interface Savings {
  /** What the chosen row gains over the mean of the other rows, in bps of the chosen output. */
  readonly avgSavedBps: number;
  /** What the chosen row gains over the worst row, in bps of the chosen output. */
  readonly savedVsWorstBps: number;
  /** How many rows the comparison covered, the chosen one included. */
  readonly savingsQuoteCount: number;
}

export function savingsOf(chosen: RankableRow, ranked: readonly RankableRow[]): Savings {
  const others = ranked.filter((r) => r !== chosen);
  if (others.length === 0 || chosen.amountOut === 0n) return { avgSavedBps: 0, savedVsWorstBps: 0, savingsQuoteCount: ranked.length };
  const sum = others.reduce((acc, r) => acc + r.amountOut, 0n);
  const mean = sum / BigInt(others.length);
  const worst = others.reduce((min, r) => (r.amountOut < min ? r.amountOut : min), others[0]!.amountOut);
  const bps = (gain: bigint) => Number(((chosen.amountOut - gain) * 10_000n) / chosen.amountOut);
  return { avgSavedBps: bps(mean), savedVsWorstBps: bps(worst), savingsQuoteCount: ranked.length };
}
