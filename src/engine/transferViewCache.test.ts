import { describe, expect, it } from 'vitest';
import { transferWritten } from '../store/transferRepository.ts';
import { createTransferViewCache } from './transferViewCache.ts';
import type { TransferView } from './views.ts';

const view = (status: string) => ({ transferId: 't', status }) as unknown as TransferView;

describe('transfer view cache', () => {
  it('serves a view until its time to live, and drops it the moment this process writes the transfer', async () => {
    const cache = createTransferViewCache({ ttlMs: 60_000, maxEntries: 10 });
    cache.set('t', view('PENDING'));
    expect(cache.get('t')?.status).toBe('PENDING');
    transferWritten('t');
    expect(cache.get('t')).toBeUndefined();
    cache.close();
  });

  it('expires entries, keeps at most maxEntries, and caches nothing with a zero time to live', async () => {
    const short = createTransferViewCache({ ttlMs: 5, maxEntries: 2 });
    short.set('a', view('A'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(short.get('a')).toBeUndefined();
    short.set('a', view('A'));
    short.set('b', view('B'));
    short.set('c', view('C'));
    expect(short.get('a')).toBeUndefined();
    short.close();
    const off = createTransferViewCache({ ttlMs: 0, maxEntries: 2 });
    off.set('a', view('A'));
    expect(off.get('a')).toBeUndefined();
    off.close();
  });
});
