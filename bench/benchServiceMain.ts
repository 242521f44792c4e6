/**
 * The process under test, forked by bench/startBenchService.ts so that its RSS and CPU are its own
 * (the load generator and the venue fakes live in the parent).
 *
 * `strait`: the composition root `strait serve --no-worker` uses (createStrait + loadConfig of this
 * process's environment), with every listed venue replaced by a scripted stand-in at
 * `BENCH_FAKES_URL/<venue>`, except those named in `BENCH_REAL_VENUES` (comma-separated), which
 * keep their real adapters. `bare`: a Fastify app with one JSON route at the same path as
 * `GET /v1/bridge/transfers/{id}`, answering `BENCH_BARE_BODY` from memory. `fanout`: the bare
 * Node fan-out of bench/bareFanOut.ts, one `POST` making the 36 venue calls to `BENCH_FAKES_URL`,
 * or, with `BENCH_CALLS_FILE` (a JSON list of bench/recordVenueCalls.ts's calls), those calls.
 *
 * Talks to the parent over the IPC channel: sends `{ type: 'ready', url }`, answers `usage` with
 * `{ type: 'usage', maxRssKb, rssKb }`, and exits after closing on `stop` (or when the parent goes).
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import Fastify from 'fastify';
import pino from 'pino';
import { handleAllocationMessage } from './allocationSampling.mjs';
import { startBareFanOut, startReplayingFanOut } from './bareFanOut.ts';
import type { RecordedCall } from './recordVenueCalls.ts';
import { loadConfig } from '../src/config.ts';
import { createStrait } from '../src/createStrait.ts';
import { VENUE_MODULES } from '../src/venues/venueModules.ts';
import type { VenueEntry } from '../src/venues/VenueModule.ts';
import { withStandIns } from '../src/venues/withStandIns.ts';
import { scriptedVenueModule } from '../src/venues/fake/scriptedVenue.ts';
import type { BenchServiceMessage } from './startBenchService.ts';

const mode = process.argv[2];

async function start(): Promise<{ url: string; close: () => Promise<void> }> {
  if (mode === 'bare') {
    const body = JSON.parse(process.env.BENCH_BARE_BODY ?? '{}') as unknown;
    const app = Fastify({ logger: false });
    app.get('/v1/bridge/transfers/:id', async () => body);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    return { url: `${address}/v1`, close: () => app.close() };
  }
  if (mode === 'fanout') {
    const callsFile = process.env.BENCH_CALLS_FILE;
    if (callsFile) return startReplayingFanOut(JSON.parse(readFileSync(callsFile, 'utf8')) as RecordedCall[]);
    const fakes = process.env.BENCH_FAKES_URL;
    if (!fakes) throw new Error('BENCH_FAKES_URL is required');
    return startBareFanOut(fakes, VENUE_MODULES.map((entry) => entry.id));
  }
  if (mode !== 'strait') throw new Error(`unknown bench service mode '${mode}'`);
  const fakes = process.env.BENCH_FAKES_URL;
  if (!fakes) throw new Error('BENCH_FAKES_URL is required');
  const config = loadConfig(process.env);
  // Venues named in BENCH_REAL_VENUES keep their real adapter (pointed at their real-dialect fake by
  // STRAIT_VENUE_<ID>_BASE_URL); every other venue is a scripted stand-in.
  const real = new Set((process.env.BENCH_REAL_VENUES ?? '').split(',').filter(Boolean));
  const scripted = withStandIns(VENUE_MODULES, VENUE_MODULES.filter((entry) => !real.has(entry.id)).map((entry) => scriptedVenueModule(entry.id, `${fakes}/${entry.id}`)));
  const modules = scripted.map((entry, i) => (real.has(entry.id) ? (VENUE_MODULES[i] as VenueEntry) : entry));
  const strait = await createStrait(config, { logger: pino({ level: config.logLevel }), worker: false, modules });
  const url = await strait.listen();
  return { url, close: () => strait.close() };
}

function send(message: BenchServiceMessage): void {
  process.send?.(message);
}

const service = await start();
let closing = false;
const shutdown = async (): Promise<void> => {
  if (closing) return;
  closing = true;
  await service.close().catch(() => undefined);
  process.exit(0);
};
process.on('message', (message: { type?: string }) => {
  if (handleAllocationMessage(message, send)) return;
  if (message.type === 'usage') {
    const usage = process.resourceUsage();
    const memory = process.memoryUsage();
    const kb = (bytes: number): number => Math.round(bytes / 1024);
    send({
      type: 'usage',
      maxRssKb: usage.maxRSS,
      rssKb: kb(memory.rss),
      cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
      memory: { heapUsedKb: kb(memory.heapUsed), heapTotalKb: kb(memory.heapTotal), externalKb: kb(memory.external), arrayBuffersKb: kb(memory.arrayBuffers) },
    });
  } else if (message.type === 'heapSnapshot') {
    send({ type: 'heapSnapshot', file: writeHeapSnapshot(join(process.env.BENCH_HEAP_DIR ?? tmpdir(), `strait-${process.pid}-${Date.now()}.heapsnapshot`)) });
  } else if (message.type === 'stop') {
    void shutdown();
  }
});
process.on('disconnect', () => void shutdown());
send({ type: 'ready', url: service.url });
