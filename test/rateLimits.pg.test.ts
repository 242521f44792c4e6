import { afterAll, describe, expect, it } from 'vitest';
import { startClaimsChain } from './claimsChain.ts';
import { startCountingRpcProxy } from './countingRpcProxy.ts';
import { strangersJunkHashesNeverBlockTheOwner } from './submitRateLimitScenario.ts';
import { createTestStrait } from './testStrait.ts';
import { venueDouble } from './venueDouble.ts';
import { REDIS_URL, deleteKeysUnder, redisReachable } from './redisReachable.ts';

// This run's counters under a prefix of their own, so other runs (or a deployment) never meet them.
const PREFIX = `strait-test:submit:${process.pid}:${Date.now()}:`;

const reachable = await redisReachable();
if (!reachable) console.warn(`Redis submit rate-limit test skipped: no Redis at ${REDIS_URL} (set STRAIT_TEST_REDIS_URL)`);

afterAll(async () => {
  if (reachable) await deleteKeysUnder(PREFIX);
});

describe.skipIf(!reachable)('submit by txHash on a real local chain (anvil), counted in Redis', () => {
  it('never lets strangers\' junk hashes spend the owner\'s wallet counter: the owner\'s real hash is accepted after a dozen', async () => {
    const chain = await startClaimsChain();
    const proxy = await startCountingRpcProxy(chain.url);
    const strait = await createTestStrait({ STRAIT_RPC_BASE: proxy.url, STRAIT_RATE_LIMIT_PER_MINUTE: '10', STRAIT_TRUST_PROXY: 'loopback', STRAIT_QUOTE_MIN_WAIT_MS: '0', REDIS_URL, STRAIT_RATE_LIMIT_KEY_PREFIX: PREFIX }, [venueDouble()]);
    try {
      await strangersJunkHashesNeverBlockTheOwner(strait, chain, proxy, 2);
      expect((await strait.app.inject({ method: 'GET', url: '/metrics' })).body).toContain('strait_rate_limit_backend{backend="redis"} 1');
    } finally {
      await strait.close();
      await proxy.close();
      await chain.stop();
    }
  });
});
