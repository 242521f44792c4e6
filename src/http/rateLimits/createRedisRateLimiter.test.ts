import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createRedisRateLimiter } from './createRedisRateLimiter.ts';

// Port 1 on loopback refuses at once: Redis is "down" without waiting for a timeout.
const DOWN = 'redis://127.0.0.1:1';

function capturingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

describe('Redis rate limiter while Redis is unreachable', () => {
  it('fails open to counting in this process, still enforcing the limit, and logs the outage once', async () => {
    const { logger, lines } = capturingLogger();
    const limiter = createRedisRateLimiter({ limit: 3, windowSeconds: 60, redisUrl: DOWN, keyPrefix: 'strait-test:', logger });
    try {
      const states = [];
      for (let i = 0; i < 4; i++) states.push(await limiter.hit('ip', '198.51.100.1'));
      expect(states.map((s) => s.allowed)).toEqual([true, true, true, false]);
      expect(states[3]!.resetMs).toBeGreaterThan(0);
      expect(limiter.backend()).toBe('memory-fallback');
      expect(lines.filter((l) => l.level === 40 && /unreachable in Redis/.test(l.msg))).toHaveLength(1);
    } finally {
      await limiter.close();
    }
  });
});
