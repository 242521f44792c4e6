/**
 * `npm run bench:profile`: a V8 CPU profile of the service's quote path under load, and its summary.
 *
 * The service runs as in `npm run bench` (PGlite, the registered venues that price base → arbitrum
 * USDC through their real adapters against their real-dialect fakes, the rest scripted), under
 * `node --cpu-prof`, while autocannon sends quotes from 16 connections (`--connections=N`) for 15 s. On exit the profile
 * is written to bench/profiles/ (open it in Chrome DevTools or speedscope) and its summary (self time
 * per function and per area, inclusive time of the engine's steps) is printed and written beside it
 * as JSON. docs/performance.md reads from that summary. `--built` profiles the compiled build
 * (`npm run build` first) in plain Node, as the Docker image runs it.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '../src/store/openStore.ts';
import { startScriptedVenues } from '../src/venues/fake/scriptedVenue.ts';
import { VENUE_MODULES } from '../src/venues/venueModules.ts';
import { measureThroughput } from './measureThroughput.ts';
import { probeRealVenues } from './probeRealVenues.ts';
import { seedTransfers } from './seedTransfers.ts';
import { startBenchService } from './startBenchService.ts';
import { DEAD_RPC_URL, startRealVenueFakes } from './startRealVenueFakes.ts';
import { BENCH_QUOTE_BODY, straitBenchEnv } from './straitBenchEnv.ts';
import { QUOTE_PATH_STEPS, summarizeCpuProfile, type CpuProfile } from './summarizeCpuProfile.ts';

const PROFILES = fileURLToPath(new URL('./profiles/', import.meta.url));
const scripted = process.argv.includes('--scripted');
/** `--reads`: profile `GET /bridge/transfers/{id}` (20 transfers seeded through the API) instead of quotes. */
const reads = process.argv.includes('--reads');
/** `--connections=1`: one request at a time (what the fan-out figure sends) instead of 16. */
/** `--built`: profile the compiled build in plain Node (`npm run build` first), whose line numbers are the source's. */
const built = process.argv.includes('--built');
const connections = Number(process.argv.find((a) => a.startsWith('--connections='))?.split('=')[1] ?? 16);

const READ_STEPS = ['readTransfer', 'transferView', 'serialize', 'onRequest', 'onResponse'];

const venueIds = VENUE_MODULES.map((v) => v.id);
const fakes = await startScriptedVenues(Object.fromEntries(venueIds.map((id, i) => [id, { kind: 'price', outBps: 9_990 - i, delayMs: 0, etaSeconds: 30 + i }])));
const realFakes = await startRealVenueFakes();
const dataDir = await mkdtemp(join(os.tmpdir(), 'strait-profile-'));
try {
  await (await openStore({ dataDir })).close();
  const env = (ids: readonly string[]): Record<string, string> =>
    straitBenchEnv(fakes.url, { STRAIT_DATA_DIR: dataDir, BENCH_REAL_VENUES: ids.join(','), STRAIT_RPC_BASE: DEAD_RPC_URL, STRAIT_RPC_ARBITRUM: DEAD_RPC_URL, ...realFakes.envFor(ids) });
  let real: string[] = [];
  if (!scripted && !reads) {
    const prober = await startBenchService({ mode: 'strait', env: env(realFakes.ids) });
    real = (await probeRealVenues(prober.url, realFakes.ids)).priced;
    await prober.stop();
  }
  await rm(PROFILES, { recursive: true, force: true });
  await mkdir(PROFILES, { recursive: true });
  const service = await startBenchService({ mode: 'strait', env: env(real), built, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${PROFILES}`] });
  const origin = new URL(service.url).origin;
  const readPaths = reads ? (await seedTransfers(service.url, 20)).map((id) => `/v1/bridge/transfers/${id}`) : [];
  const target = reads ? { method: 'GET' as const, paths: readPaths } : { method: 'POST' as const, paths: ['/v1/bridge/quote'], body: BENCH_QUOTE_BODY };
  const load = await measureThroughput({ origin, ...target, connections, durationS: 15, warmupS: 0 });
  await service.stop();
  const file = (await readdir(PROFILES)).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile in ${PROFILES}: did the service exit normally?`);
  const summary = summarizeCpuProfile(JSON.parse(await readFile(join(PROFILES, file), 'utf8')) as CpuProfile, { top: 30, inclusiveOf: reads ? READ_STEPS : QUOTE_PATH_STEPS, from: reads ? 'readTransfer' : 'quoteTransfer' });
  const report = { generatedAt: new Date().toISOString(), venues: { real, scripted: venueIds.length - real.length }, load, profile: file, ...summary };
  await writeFile(join(PROFILES, 'summary.json'), `${JSON.stringify(report, null, 2)}\n`);
  const pct = (share: number): string => `${(share * 100).toFixed(1)} %`;
  const lines = [
    `${reads ? 'read' : 'quote'} load: ${Math.round(load.requestsPerSecond)} ${reads ? 'reads' : 'quotes'}/s, p50 ${load.latencyMs.p50} ms, p99 ${load.latencyMs.p99} ms; venues: ${real.length} real (${real.join(', ')}), ${venueIds.length - real.length} scripted`,
    `busy ${summary.busyMs.toFixed(0)} ms, idle ${summary.idleMs.toFixed(0)} ms`,
    '',
    'self time by area:',
    ...summary.areas.map((r) => `  ${pct(r.share).padStart(7)}  ${r.name}`),
    '',
    'self time by function:',
    ...summary.functions.map((r) => `  ${pct(r.share).padStart(7)}  ${r.name}`),
    '',
    'total time (with callees) of the engine steps:',
    ...summary.inclusive.map((r) => `  ${pct(r.share).padStart(7)}  ${r.name}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n\nprofile: ${join(PROFILES, file)}\n`);
} finally {
  await fakes.close();
  await realFakes.close();
  await rm(dataDir, { recursive: true, force: true });
}
