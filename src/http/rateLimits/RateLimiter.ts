import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * The two counters of spec §8, kept separately: one per client IP, one per requester wallet; and one
 * per transfer for the `approve` and `fee` submits that §8 does not count as calls of their own.
 */
export type RateCounter = 'ip' | 'wallet' | 'transfer';

/** Where the counters live right now. */
export type RateLimitBackend = 'memory' | 'redis' | 'memory-fallback';

/** One counter after counting a request. */
export interface CounterState {
  /** False when this request went over the limit and must be refused. */
  readonly allowed: boolean;
  /** Requests the key may still make in the current window. */
  readonly remaining: number;
  /** Milliseconds until the window ends; for a refused request, the wait before a retry can pass. */
  readonly resetMs: number;
}

/**
 * Fixed-window request counters: `limit` requests per key per `windowSeconds`, each counter keyed
 * separately (`ip:<address>`, `wallet:<address>`). Every request is counted, refused ones included,
 * so hammering a closed window does not reopen it sooner.
 *
 * `hit` never rejects: an implementation whose shared store fails falls back to counting in this
 * process (reported by `backend()`), because a counter outage must not turn into 500s.
 */
export interface RateLimiter {
  readonly limit: number;
  readonly windowSeconds: number;
  backend(): RateLimitBackend;
  hit(counter: RateCounter, key: string): Promise<CounterState>;
  close(): Promise<void>;
}

export interface RateLimiterParams {
  /** Requests per key per window. */
  readonly limit: number;
  readonly windowSeconds: number;
}

/** Consumes one point; rate-limiter-flexible rejects with a RateLimiterRes when over the limit. */
export async function consumeOne(limiter: RateLimiterAbstract, key: string): Promise<CounterState> {
  try {
    const result = await limiter.consume(key, 1);
    return { allowed: true, remaining: result.remainingPoints, resetMs: result.msBeforeNext };
  } catch (error) {
    if (error instanceof RateLimiterRes) return { allowed: false, remaining: 0, resetMs: error.msBeforeNext };
    throw error;
  }
}
