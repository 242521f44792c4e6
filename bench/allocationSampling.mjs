/**
 * V8's sampling heap profiler inside a bench service, driven over its IPC channel
 * (`allocationsStart`, `allocationsStop`): unlike `--heap-prof`, it keeps the samples of objects the
 * young and old generation collectors already freed, so the profile names who allocates the garbage
 * (bench:memory `--allocations`), not only who holds memory at the end.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let session = null;

/** Answers `allocationsStart` and `allocationsStop` messages; returns whether the message was one of them. */
export function handleAllocationMessage(message, send) {
  if (message.type === 'allocationsStart') {
    void (async () => {
      session = new Session();
      session.connect();
      await session.post('HeapProfiler.enable');
      // One sample per 32 KiB allocated on average (V8's default); collected objects are kept.
      await session.post('HeapProfiler.startSampling', { samplingInterval: 32_768, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
      send({ type: 'allocationsStart' });
    })();
    return true;
  }
  if (message.type === 'allocationsStop') {
    void (async () => {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      session.disconnect();
      session = null;
      const file = join(process.env.BENCH_HEAP_DIR ?? tmpdir(), `strait-${process.pid}-${Date.now()}.heapprofile`);
      await writeFile(file, JSON.stringify(profile));
      send({ type: 'allocationsStop', file });
    })();
    return true;
  }
  return false;
}
