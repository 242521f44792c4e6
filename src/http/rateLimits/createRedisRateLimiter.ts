import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { consumeOne, type RateLimiter, type RateLimiterParams } from './RateLimiter.ts';

export interface RedisRateLimiterParams extends RateLimiterParams {
  readonly redisUrl: string;
  /** Prefix of every key, so deployments (or test runs) sharing one Redis never see each other's counts. */
  readonly keyPrefix: string;
  readonly logger: Logger;
  /** Longest a counter command may take before the request is counted in memory instead. */
  readonly commandTimeoutMs?: number;
}

/**
 * Counters in Redis, shared by every replica and surviving restarts (spec §8 holds across the
 * deployment). The connection opens on the first counted request, so processes that never serve a
 * limited route (`strait worker`) never connect.
 *
 * Redis outage: fail open to a per-process memory counter with the same limit. While Redis is down
 * each replica enforces the limit on its own (N replicas admit up to N× the limit); the outage and
 * the recovery are logged once each, and `backend()` reports `memory-fallback`. A request is never
 * refused or failed because Redis is unreachable; commands fail fast (no offline queue, a short
 * command timeout) so an outage adds no latency worth noticing.
 */
export function createRedisRateLimiter(params: RedisRateLimiterParams): RateLimiter {
  const client = new Redis(params.redisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: params.commandTimeoutMs ?? 500,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let degraded = false;
  client.on('error', (error: Error) => degrade(error));
  const shared = new RateLimiterRedis({ storeClient: client, keyPrefix: params.keyPrefix, points: params.limit, duration: params.windowSeconds, rejectIfRedisNotReady: true });
  const fallback = new RateLimiterMemory({ points: params.limit, duration: params.windowSeconds });
  let connecting: Promise<void> | null = null;

  function degrade(error: unknown): void {
    if (degraded) return;
    degraded = true;
    params.logger.warn({ err: error }, 'rate-limit counters unreachable in Redis: each process counts on its own until Redis is back');
  }

  function connectOnce(): Promise<void> {
    connecting ??= client.connect().catch((error: unknown) => degrade(error));
    return connecting;
  }

  return {
    limit: params.limit,
    windowSeconds: params.windowSeconds,
    backend: () => (degraded ? 'memory-fallback' : 'redis'),
    async hit(counter, key) {
      await connectOnce();
      const id = `${counter}:${key}`;
      try {
        const state = await consumeOne(shared, id);
        if (degraded) {
          degraded = false;
          params.logger.info('rate-limit counters are back in Redis');
        }
        return state;
      } catch (error) {
        degrade(error);
        return consumeOne(fallback, id);
      }
    },
    async close() {
      if (client.status === 'ready') await client.quit().catch(() => undefined);
      client.disconnect();
    },
  };
}
