import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisRateLimiter } from './createRedisRateLimiter.ts';
import { REDIS_URL, deleteKeysUnder, redisReachable } from '../../../test/redisReachable.ts';

// Every run counts under its own prefix, so runs (and a live deployment on the same Redis) never meet.
const PREFIX = `strait-test:${process.pid}:${Date.now()}:`;

const reachable = await redisReachable();
if (!reachable) console.warn(`Redis rate-limiter tests skipped: no Redis at ${REDIS_URL} (set STRAIT_TEST_REDIS_URL)`);

const open = () => createRedisRateLimiter({ limit: 10, windowSeconds: 60, redisUrl: REDIS_URL, keyPrefix: PREFIX, logger: pino({ level: 'silent' }) });

afterAll(async () => {
  if (reachable) await deleteKeysUnder(PREFIX);
});

describe.skipIf(!reachable)('Redis rate limiter (shared counters)', () => {
  it('shares one count between replicas, and keeps it across a restart', async () => {
    const [a, b] = [open(), open()];
    try {
      const allowed = [];
      for (let i = 0; i < 10; i++) allowed.push((await (i % 2 === 0 ? a : b).hit('wallet', '0xabc')).allowed);
      expect(allowed.every(Boolean)).toBe(true);
      expect(a.backend()).toBe('redis');
      const refused = await b.hit('wallet', '0xabc');
      expect(refused.allowed).toBe(false);
      expect(refused.resetMs).toBeGreaterThan(0);
      expect(refused.resetMs).toBeLessThanOrEqual(60_000);
      expect((await a.hit('ip', '0xabc')).remaining).toBe(9);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    const restarted = open();
    try {
      expect((await restarted.hit('wallet', '0xabc')).allowed).toBe(false);
    } finally {
      await restarted.close();
    }
  });
});
