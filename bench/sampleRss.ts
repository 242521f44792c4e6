import type { BenchService } from './startBenchService.ts';

export interface RssSampler {
  /** Stops sampling; resolves to the highest RSS seen (MB) and how many samples were taken. */
  stop(): Promise<{ peakMb: number; samples: number }>;
}

/**
 * Samples the service's resident set size every `everyMs` while a load runs: the peak under that
 * load, unlike the process's lifetime maximum, which also holds start-up (PGlite's initdb).
 */
export function sampleRss(service: BenchService, everyMs = 200): RssSampler {
  let peakKb = 0;
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const usage = await service.usage().catch(() => null);
      if (usage) {
        peakKb = Math.max(peakKb, usage.rssKb);
        samples++;
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { peakMb: Number((peakKb / 1024).toFixed(1)), samples };
    },
  };
}
