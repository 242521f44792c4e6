import { RateLimiterMemory } from 'rate-limiter-flexible';
import { consumeOne, type RateLimiter, type RateLimiterParams } from './RateLimiter.ts';

/** Counters in this process's memory: the default of a single process (`npm start`), lost on restart. */
export function createMemoryRateLimiter(params: RateLimiterParams): RateLimiter {
  const limiter = new RateLimiterMemory({ points: params.limit, duration: params.windowSeconds });
  return {
    limit: params.limit,
    windowSeconds: params.windowSeconds,
    backend: () => 'memory',
    hit: (counter, key) => consumeOne(limiter, `${counter}:${key}`),
    close: async () => undefined,
  };
}
