import { describe, expect, it } from 'vitest';
import { onceByKey } from './onceByKey.ts';

describe('onceByKey', () => {
  it('runs a task once for concurrent and later callers', async () => {
    const once = onceByKey<number>();
    let runs = 0;
    const task = async () => ++runs;
    expect(await Promise.all([once.run('a', task), once.run('a', task), once.run('a', task)])).toEqual([1, 1, 1]);
    expect(await once.run('a', task)).toBe(1);
    expect(await once.run('b', task)).toBe(2);
  });

  it('forgets a failed task and one whose result is not kept, so the next call retries', async () => {
    const once = onceByKey<string | null>((result) => result !== null);
    await expect(once.run('a', () => Promise.reject(new Error('rpc down')))).rejects.toThrow('rpc down');
    expect(await once.run('a', async () => null)).toBeNull();
    expect(once.has('a')).toBe(false);
    expect(await once.run('a', async () => '0xpaid')).toBe('0xpaid');
    expect(await once.run('a', async () => '0xtwice')).toBe('0xpaid');
  });
});
