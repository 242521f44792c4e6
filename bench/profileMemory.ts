/**
 * `npm run bench:memory`: where the service's memory goes under the quote load.
 *
 * The service runs as in `npm run bench` (36 scripted venues answering at once; PGlite, or
 * PostgreSQL with `--postgres`, on BENCH_DATABASE_URL), while autocannon sends quotes from 16
 * connections for 10 s. Every 200 ms the RSS and V8's heap (used, reserved), external memory and
 * ArrayBuffers (Buffers, PGlite's WebAssembly memory) are sampled; at the end a heap snapshot
 * is written to bench/profiles/ (it collects garbage first: it shows what is retained, the samples show
 * what was reserved). Extra Node flags for the service: `-- --node=--max-semi-space-size=…`;
 * `-- --built` runs the compiled build (`npm run build` first) in plain Node, as the Docker image does.
 * `-- --allocations` samples who allocates during the load (V8's sampling heap profiler, freed objects
 * kept: the garbage the collector's share of a CPU profile pays for), writes the `.heapprofile`
 * (DevTools' Memory tab opens it) and prints the bytes per function, per area and under the engine's steps.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '../src/store/openStore.ts';
import { startScriptedVenues } from '../src/venues/fake/scriptedVenue.ts';
import { VENUE_MODULES } from '../src/venues/venueModules.ts';
import { createThrowawayDatabase } from './createThrowawayDatabase.ts';
import { summarizeAllocations, type AllocationProfile } from './summarizeAllocations.ts';
import { QUOTE_PATH_STEPS } from './summarizeCpuProfile.ts';
import { measureThroughput } from './measureThroughput.ts';
import { sampleRss } from './sampleRss.ts';
import { startBenchService } from './startBenchService.ts';
import { BENCH_QUOTE_BODY, straitBenchEnv } from './straitBenchEnv.ts';

const PROFILES = fileURLToPath(new URL('./profiles/', import.meta.url));
const postgres = process.argv.includes('--postgres');
const built = process.argv.includes('--built');
const allocations = process.argv.includes('--allocations');
const nodeArgs = process.argv.filter((a) => a.startsWith('--node=')).map((a) => a.slice('--node='.length));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const venueIds = VENUE_MODULES.map((v) => v.id);
const fakes = await startScriptedVenues(Object.fromEntries(venueIds.map((id, i) => [id, { kind: 'price', outBps: 9_990 - i, delayMs: 0, etaSeconds: 30 + i }])));
const dataDir = await mkdtemp(join(os.tmpdir(), 'strait-memory-'));
const database = postgres ? await createThrowawayDatabase(ADMIN_URL, 'strait_memory') : null;
try {
  if (!database) await (await openStore({ dataDir })).close();
  await mkdir(PROFILES, { recursive: true });
  const service = await startBenchService({
    mode: 'strait',
    env: { ...straitBenchEnv(fakes.url, database ? { DATABASE_URL: database.url } : { STRAIT_DATA_DIR: dataDir }), BENCH_HEAP_DIR: PROFILES },
    nodeArgs,
    built,
  });
  try {
    const idle = await service.usage();
    if (allocations) await service.startAllocations();
    const sampler = sampleRss(service);
    const load = await measureThroughput({ origin: new URL(service.url).origin, method: 'POST', paths: ['/v1/bridge/quote'], body: BENCH_QUOTE_BODY, connections: 16, durationS: 10, warmupS: 0 });
    const peak = await sampler.stop();
    const after = await service.usage();
    const allocationFile = allocations ? await service.stopAllocations() : null;
    const snapshot = await service.heapSnapshot();
    const afterGc = await service.usage();
    const mb = (kb: number): string => `${(kb / 1024).toFixed(1)} MB`;
    const line = (label: string, u: typeof idle): string =>
      `${label.padEnd(22)} rss ${mb(u.rssKb)}, heap used ${mb(u.memory.heapUsedKb)} of ${mb(u.memory.heapTotalKb)}, external ${mb(u.memory.externalKb)} (ArrayBuffers ${mb(u.memory.arrayBuffersKb)})`;
    process.stdout.write(
      [
        `${built ? 'built service (dist/), ' : 'as npm start runs it (the checkout transpiled by bin/transpileCheckout.mjs), '}${database ? 'PostgreSQL' : 'PGlite'}${nodeArgs.length ? ` with ${nodeArgs.join(' ')}` : ''}: ${Math.round(load.requestsPerSecond)} quotes/s, p50 ${load.latencyMs.p50} ms, p99 ${load.latencyMs.p99} ms, CPU per quote ${((after.cpuMs - idle.cpuMs) / Math.max(1, load.total)).toFixed(2)} ms`,
        line('idle, before the load', idle),
        `peak under the load     rss ${peak.peakMb} MB, at that moment ${JSON.stringify(peak.atPeak)}`,
        line('right after the load', after),
        line('after a full GC', afterGc),
        `lifetime max RSS ${mb(afterGc.maxRssKb)}`,
        `heap snapshot: ${snapshot}`,
      ].join('\n') + '\n',
    );
    if (allocationFile) {
      const summary = summarizeAllocations(JSON.parse(await readFile(allocationFile, 'utf8')) as AllocationProfile, { top: 30, inclusiveOf: QUOTE_PATH_STEPS });
      const table = (title: string, rows: typeof summary.areas): string => `\n${title}\n${rows.map((r) => `  ${(r.share * 100).toFixed(1).padStart(5)} %  ${String(r.mb).padStart(7)} MB  ${r.name}`).join('\n')}`;
      process.stdout.write(
        `\nallocated while sampling: ${summary.totalMb} MB, ${(summary.totalMb / Math.max(1, load.total)).toFixed(3)} MB per quote (sampled: V8 estimates from one sample per 32 KiB)` +
          table('by area:', summary.areas) +
          table('by function:', summary.functions) +
          table('under the engine steps (with callees):', summary.inclusive) +
          `\n\nallocation profile: ${allocationFile}\n`,
      );
    }
  } finally {
    await service.stop();
  }
} finally {
  await fakes.close();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
}
