import { Redis } from 'ioredis';

/** The Redis the `.pg` tests count in (CI and this machine run one); set STRAIT_TEST_REDIS_URL for another. */
export const REDIS_URL = process.env.STRAIT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether that Redis answers a PING within a second. */
export async function redisReachable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Deletes a run's counters (every key under its own prefix) once its tests are done. */
export async function deleteKeysUnder(prefix: string): Promise<void> {
  const client = new Redis(REDIS_URL);
  const keys = await client.keys(`${prefix}*`);
  if (keys.length > 0) await client.del(...keys);
  await client.quit();
}
