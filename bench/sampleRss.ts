import type { BenchService, MemoryBreakdown } from './startBenchService.ts';

export interface RssSample {
  /** The highest RSS seen (MB), how many samples were taken, and where the memory was at that peak (MB). */
  readonly peakMb: number;
  readonly samples: number;
  readonly atPeak: { readonly heapUsedMb: number; readonly heapTotalMb: number; readonly externalMb: number; readonly arrayBuffersMb: number } | null;
}

export interface RssSampler {
  stop(): Promise<RssSample>;
}

const mb = (kb: number): number => Number((kb / 1024).toFixed(1));

/**
 * Samples the service's resident set size every `everyMs` while a load runs: the peak under that
 * load, unlike the process's lifetime maximum, which also holds start-up (PGlite's initdb).
 */
export function sampleRss(service: BenchService, everyMs = 200): RssSampler {
  let peakKb = 0;
  let atPeak: MemoryBreakdown | null = null;
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const usage = await service.usage().catch(() => null);
      if (usage) {
        if (usage.rssKb > peakKb) {
          peakKb = usage.rssKb;
          atPeak = usage.memory;
        }
        samples++;
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const at = atPeak as MemoryBreakdown | null;
      return {
        peakMb: mb(peakKb),
        samples,
        atPeak: at === null ? null : { heapUsedMb: mb(at.heapUsedKb), heapTotalMb: mb(at.heapTotalKb), externalMb: mb(at.externalKb), arrayBuffersMb: mb(at.arrayBuffersKb) },
      };
    },
  };
}
