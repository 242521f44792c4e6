/**
 * When the status worker looks at a submitted transfer again. Polls follow the venue's ETA: a
 * 10-second intent is checked every couple of seconds, a 20-minute canonical bridge every few
 * minutes; either way the gap grows ×1.5 per attempt, capped, so a long outage costs few calls.
 * The cap is the operator's (STRAIT_WORKER_MAX_POLL_DELAY_MS): a chain whose delays are seconds (the
 * sandbox) needs a transfer with a week's ETA looked at within seconds too.
 */

export const DEFAULT_MAX_POLL_DELAY_MS = 5 * 60_000;
const MAX_BASE_MS = 60_000;
const GIVE_UP_FLOOR_MS = 30 * 60_000;
/** How many ETAs a transfer may take before it is overdue. */
const GIVE_UP_ETAS = 6;

/**
 * The gap before poll `attempts + 1`: a quarter of the ETA (within [interval, 1 min]) grown ×1.5 per
 * attempt, at most `maxDelayMs` (5 minutes unless configured) and never under the worker's interval.
 */
export function pollDelayMs(attempts: number, etaSeconds: number | null, intervalMs: number, maxDelayMs: number = DEFAULT_MAX_POLL_DELAY_MS): number {
  const base = etaSeconds === null ? intervalMs : Math.min(Math.max((etaSeconds * 1_000) / 4, intervalMs), MAX_BASE_MS);
  return Math.round(Math.max(intervalMs, Math.min(base * Math.pow(1.5, Math.min(attempts, 20)), maxDelayMs)));
}

/** How long after submission a transfer becomes overdue: six ETAs, at least 30 minutes. */
export function giveUpAfterMs(etaSeconds: number | null): number {
  return Math.max(GIVE_UP_FLOOR_MS, (etaSeconds ?? 0) * 1_000 * GIVE_UP_ETAS);
}
