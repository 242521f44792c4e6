/**
 * bench/benchServiceMain.ts's `strait` mode on the compiled build (`dist/`, `npm run build` first),
 * in plain Node without tsx: the service as the Docker image runs it. Same environment, same IPC
 * (`ready`, `usage`, `heapSnapshot`, `allocationsStart`/`allocationsStop`, `stop`); every venue but those in `BENCH_REAL_VENUES` is a
 * scripted stand-in at `BENCH_FAKES_URL/<venue>`.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import pino from 'pino';
import { handleAllocationMessage } from './allocationSampling.mjs';

const dist = new URL('../dist/', import.meta.url);
const load = (path) => import(new URL(path, dist).href);
const [{ loadConfig }, { createStrait }, { VENUE_MODULES }, { withStandIns }, { scriptedVenueModule }] = await Promise.all([
  load('config.js'),
  load('createStrait.js'),
  load('venues/venueModules.js'),
  load('venues/withStandIns.js'),
  load('venues/fake/scriptedVenue.js'),
]);

const fakes = process.env.BENCH_FAKES_URL;
if (!fakes) throw new Error('BENCH_FAKES_URL is required');
const config = loadConfig(process.env);
const real = new Set((process.env.BENCH_REAL_VENUES ?? '').split(',').filter(Boolean));
const scripted = withStandIns(VENUE_MODULES, VENUE_MODULES.filter((entry) => !real.has(entry.id)).map((entry) => scriptedVenueModule(entry.id, `${fakes}/${entry.id}`)));
const modules = scripted.map((entry, i) => (real.has(entry.id) ? VENUE_MODULES[i] : entry));
const strait = await createStrait(config, { logger: pino({ level: config.logLevel }), worker: false, modules });
const url = await strait.listen();

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  await strait.close().catch(() => undefined);
  process.exit(0);
};
const kb = (bytes) => Math.round(bytes / 1024);
process.on('message', (message) => {
  if (handleAllocationMessage(message, (answer) => process.send?.(answer))) return;
  if (message.type === 'usage') {
    const usage = process.resourceUsage();
    const memory = process.memoryUsage();
    process.send?.({
      type: 'usage',
      maxRssKb: usage.maxRSS,
      rssKb: kb(memory.rss),
      cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
      memory: { heapUsedKb: kb(memory.heapUsed), heapTotalKb: kb(memory.heapTotal), externalKb: kb(memory.external), arrayBuffersKb: kb(memory.arrayBuffers) },
    });
  } else if (message.type === 'heapSnapshot') {
    process.send?.({ type: 'heapSnapshot', file: writeHeapSnapshot(join(process.env.BENCH_HEAP_DIR ?? tmpdir(), `strait-${process.pid}-${Date.now()}.heapsnapshot`)) });
  } else if (message.type === 'stop') {
    void shutdown();
  }
});
process.on('disconnect', () => void shutdown());
process.send?.({ type: 'ready', url });
