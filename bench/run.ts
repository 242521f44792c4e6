/**
 * `npm run bench`: Strait's performance figures beside the targets of issues 7 and 20, printed as a
 * table and written to bench/results.json. Every phase is bounded in time; every server and process
 * the harness starts is stopped, on error and on Ctrl-C too.
 *
 * Set-up: the service runs in a child process (bench/benchServiceMain.ts, transpiled into the
 * checkout's mirror and run in plain Node as `npm start` runs Strait), so its RSS and CPU are its own; the load generator, the 36 scripted venue fakes and the
 * real-dialect fakes of the registered venues run here, over loopback; the bare fan-out baseline
 * (bench/bareFanOut.ts) runs in a child process like the service; submit verification runs in a
 * process of its own. BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test) is the PostgreSQL server on which the
 * PostgreSQL phases create a throw-away database; without it those rows are NOT MEASURED.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '../src/store/openStore.ts';
import { VENUE_MODULES } from '../src/venues/venueModules.ts';
import { startScriptedVenues, type ScriptedBehaviour, type ScriptedVenues } from '../src/venues/fake/scriptedVenue.ts';
import { createThrowawayDatabase } from './createThrowawayDatabase.ts';
import { measureQuoteFanOut } from './measureQuoteFanOut.ts';
import { measureQuoteLatencies } from './measureQuoteLatencies.ts';
import { probeRealVenues } from './probeRealVenues.ts';
import { startCallRecorder } from './recordVenueCalls.ts';
import { timedPost } from './timedPost.ts';
import { DEAD_RPC_URL, startRealVenueFakes } from './startRealVenueFakes.ts';
import { measureQuoteSpread, type QuoteSpreadResult } from './measureQuoteSpread.ts';
import { measureThroughput, type ThroughputResult } from './measureThroughput.ts';
import { measureVerificationCpuInChild } from './measureVerificationCpuInChild.ts';
import { renderTable, verdictOf, type Check } from './renderTable.ts';
import { sampleRss, type RssSample } from './sampleRss.ts';
import { seedTransfers } from './seedTransfers.ts';
import { startBenchService, type BenchService } from './startBenchService.ts';
import { BENCH_QUOTE_BODY, straitBenchEnv } from './straitBenchEnv.ts';
import { rounded } from './summarize.ts';

// BENCH_WATCHDOG_MINUTES: a crowded machine (load average ≥ 10) can need longer than 10 min, its build step alone several.
const WATCHDOG_MS = Number(process.env.BENCH_WATCHDOG_MINUTES ?? 10) * 60_000;
const QUOTE_DEADLINE_MS = 1_200; // the default of STRAIT_QUOTE_DEADLINE_MS, which the bench leaves unset
const QUOTE_MIN_WAIT_MS = 400; // the default of STRAIT_QUOTE_MIN_WAIT_MS
const READS = { connections: 16, durationS: 10, warmupS: 2 } as const;
const CAPPED_HEAP = '--max-old-space-size=128';
const SPREAD_MS = 25_000;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const execFileAsync = promisify(execFile);
const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));

const venueIds = VENUE_MODULES.map((v) => v.id);
const executable = new Set(VENUE_MODULES.filter((v) => v.capabilities.executionShapes.some((s) => s === 'evm_calldata' || s === 'deposit_address')).map((v) => v.id));
/** Instant answers, each venue its own price (so ranking has something to do). */
const instant = (index: number): ScriptedBehaviour => ({ kind: 'price', outBps: 9_990 - index, delayMs: 0, etaSeconds: 30 + index });

const cleanups: (() => Promise<unknown>)[] = [];
const log = (message: string): void => void process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) await cleanups.pop()?.().catch((error: unknown) => log(`cleanup: ${(error as Error).message}`));
}

async function startService(mode: 'strait' | 'bare' | 'fanout', env: Record<string, string>): Promise<BenchService> {
  const service = await startBenchService({ mode, env });
  cleanups.push(() => service.stop());
  return service;
}

async function readsThrough(service: BenchService, ids: readonly string[]): Promise<ThroughputResult> {
  const origin = new URL(service.url).origin;
  return measureThroughput({ origin, method: 'GET', paths: ids.map((id) => `/v1/bridge/transfers/${id}`), ...READS });
}

/** Peak RSS of the compiled service under the quote load, on PGlite and on PostgreSQL, or why it was not measured. */
async function measureBuiltRss(fakesUrl: string, dataDir: string): Promise<Record<'pglite' | 'postgres', (RssSample & { quotesPerSecond: number }) | string>> {
  try {
    await execFileAsync('npm', ['run', 'build'], { cwd: fileURLToPath(new URL('..', import.meta.url)), maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const why = `NOT MEASURED: npm run build failed: ${(error as Error).message.split('\n')[0]}`;
    return { pglite: why, postgres: why };
  }
  const under = async (env: Record<string, string>): Promise<RssSample & { quotesPerSecond: number }> => {
    const service = await startBenchService({ mode: 'strait', env, built: true });
    cleanups.push(() => service.stop());
    const sampler = sampleRss(service);
    const load = await measureThroughput({ origin: new URL(service.url).origin, method: 'POST', paths: ['/v1/bridge/quote'], body: BENCH_QUOTE_BODY, connections: 16, durationS: 10, warmupS: 0 });
    const rss = await sampler.stop();
    await service.stop();
    return { ...rss, quotesPerSecond: load.requestsPerSecond };
  };
  const pglite = await under(straitBenchEnv(fakesUrl, { STRAIT_DATA_DIR: dataDir }));
  let postgres: (RssSample & { quotesPerSecond: number }) | string;
  try {
    const database = await createThrowawayDatabase(ADMIN_URL, 'strait_bench_built');
    cleanups.push(() => database.drop());
    postgres = await under(straitBenchEnv(fakesUrl, { DATABASE_URL: database.url }));
  } catch (error) {
    postgres = `PostgreSQL unavailable at ${ADMIN_URL}: ${(error as Error).message}`;
  }
  return { pglite, postgres };
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadBefore = os.loadavg();
  const fakes: ScriptedVenues = await startScriptedVenues(Object.fromEntries(venueIds.map((id, i) => [id, instant(i)])));
  cleanups.push(() => fakes.close());
  const realFakes = await startRealVenueFakes();
  cleanups.push(() => realFakes.close());
  const bareFanOut = await startService('fanout', { BENCH_FAKES_URL: fakes.url });
  // The quote load, and the service's own CPU per answered quote over it (user + system).
  const quoteLoadOf = async (service: BenchService): Promise<ThroughputResult & { cpuMsPerQuote: number }> => {
    const cpuBefore = (await service.usage()).cpuMs;
    const load = await measureThroughput({ origin: new URL(service.url).origin, method: 'POST', paths: ['/v1/bridge/quote'], body: BENCH_QUOTE_BODY, connections: 16, durationS: 10, warmupS: 0 });
    const cpuMsPerQuote = ((await service.usage()).cpuMs - cpuBefore) / Math.max(1, load.total);
    return { ...load, cpuMsPerQuote: Number(cpuMsPerQuote.toFixed(2)) };
  };
  const dataDir = await mkdtemp(join(os.tmpdir(), 'strait-bench-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  // initdb and migrations happen once in a data directory's life: the service starts as it restarts.
  await (await openStore({ dataDir })).close();

  log('PGlite service: starting');
  const pglite = await startService('strait', straitBenchEnv(fakes.url, { STRAIT_DATA_DIR: dataDir }));
  log('quote fan-out, 36 instant fakes, one quote at a time: 10 s');
  const fanOut = await measureQuoteFanOut({ serviceUrl: pglite.url, fakesUrl: fakes.url, venueIds, durationMs: 10_000 });
  log('one quote at a time, Strait (36 scripted venues) and the bare fan-out interleaved: 10 s');
  const latencyScripted = await measureQuoteLatencies({ strait: pglite.url, bare: bareFanOut.url }, 10_000);
  log('bare fan-out baseline under the quote load (autocannon, 16 connections): 10 s');
  const bareLoad = await quoteLoadOf(bareFanOut);
  const rssPgliteSampler = sampleRss(pglite);
  log('quote load (autocannon, 16 connections, instant fakes): 10 s');
  const quoteLoad = await quoteLoadOf(pglite);
  log(`quote under a realistic spread, 12 venues hanging, 16 concurrent quotes: ${SPREAD_MS / 1000} s`);
  const spread = await measureQuoteSpread({ serviceUrl: pglite.url, venues: fakes, venueIds, executable, hanging: 12, concurrency: 16, durationMs: SPREAD_MS, seed: 7 });
  const rssPglite = { ...(await rssPgliteSampler.stop()), lifetimeMaxMb: Number(((await pglite.usage()).maxRssKb / 1024).toFixed(1)) };
  venueIds.forEach((id, i) => fakes.setBehaviour(id, instant(i)));

  log('GET /bridge/transfers/{id} on PGlite: seeding 20 transfers, then 2 s warm-up + 10 s');
  const pgliteIds = await seedTransfers(pglite.url, 20);
  const transferBody = await (await fetch(`${pglite.url}/bridge/transfers/${pgliteIds[0]}`)).text();
  const readsPglite = await readsThrough(pglite, pgliteIds);
  await pglite.stop();

  // Real adapters: every registered venue with a real-dialect fake that prices the bench's corridor
  // runs through its own adapter; the rest stay scripted. No RPC is reachable (a quote needs none).
  const realEnv = (ids: readonly string[]): Record<string, string> =>
    straitBenchEnv(fakes.url, { STRAIT_DATA_DIR: dataDir, BENCH_REAL_VENUES: ids.join(','), STRAIT_RPC_BASE: DEAD_RPC_URL, STRAIT_RPC_ARBITRUM: DEAD_RPC_URL, ...realFakes.envFor(ids) });
  log(`real adapters: probing which of ${realFakes.ids.length} real-dialect fakes price base → arbitrum USDC`);
  const prober = await startService('strait', realEnv(realFakes.ids));
  const probe = await probeRealVenues(prober.url, realFakes.ids);
  await prober.stop();
  // The baseline of the real adapters makes the very calls their quote makes: recorded through
  // proxies by a service of its own (its third quote, once snapshots and token lists are cached).
  const recorder = await startCallRecorder();
  cleanups.push(() => recorder.close());
  const recording = await startService('strait', await recorder.proxied(realEnv(probe.priced), [DEAD_RPC_URL]));
  for (let i = 0; i < 3; i++) await timedPost(`${recording.url}/bridge/quote`, BENCH_QUOTE_BODY);
  await recording.stop();
  const realCalls = recorder.lastQuoteCalls();
  const callsFile = join(dataDir, '..', `strait-bench-calls-${process.pid}.json`);
  await writeFile(callsFile, JSON.stringify(realCalls));
  cleanups.push(() => rm(callsFile, { force: true }));
  const bareReal = await startService('fanout', { BENCH_CALLS_FILE: callsFile });
  log(`real adapters: ${probe.priced.join(', ')} (${probe.priced.length}); the other ${venueIds.length - probe.priced.length} scripted; their quote's ${realCalls.length} venue calls recorded for the bare fan-out over the same calls; one quote at a time beside it 10 s, then the quote load 10 s, then its own 10 s`);
  const realService = await startService('strait', realEnv(probe.priced));
  const latencyReal = await measureQuoteLatencies({ strait: realService.url, bare: bareReal.url }, 10_000);
  const realLoad = await quoteLoadOf(realService);
  await realService.stop();
  const bareRealLoad = await quoteLoadOf(bareReal);
  await bareReal.stop();
  await bareFanOut.stop();

  let postgres:
    | { reads: ThroughputResult; quoteLoad: ThroughputResult; spread: QuoteSpreadResult; rss: RssSample; cappedHeap: { quoteLoad: ThroughputResult; rss: RssSample } | string }
    | string;
  try {
    const database = await createThrowawayDatabase(ADMIN_URL, 'strait_bench');
    cleanups.push(() => database.drop());
    log('PostgreSQL service: quote load (autocannon, 16 connections, instant fakes): 10 s');
    const service = await startService('strait', straitBenchEnv(fakes.url, { DATABASE_URL: database.url }));
    const sampler = sampleRss(service);
    const pgQuoteLoad = await measureThroughput({ origin: new URL(service.url).origin, method: 'POST', paths: ['/v1/bridge/quote'], body: BENCH_QUOTE_BODY, connections: 16, durationS: 10, warmupS: 0 });
    log(`PostgreSQL service: quote under the realistic spread: ${SPREAD_MS / 1000} s`);
    const pgSpread = await measureQuoteSpread({ serviceUrl: service.url, venues: fakes, venueIds, executable, hanging: 12, concurrency: 16, durationMs: SPREAD_MS, seed: 7 });
    const rss = await sampler.stop();
    venueIds.forEach((id, i) => fakes.setBehaviour(id, instant(i)));
    log('GET /bridge/transfers/{id} on PostgreSQL: seeding 20 transfers, then 2 s warm-up + 10 s');
    const reads = await readsThrough(service, await seedTransfers(service.url, 20));
    await service.stop();
    // Not a target: the same load with V8's old space capped, to show how much of the RSS is garbage not yet collected.
    log(`PostgreSQL service with NODE_OPTIONS=${CAPPED_HEAP}: quote load 10 s`);
    const capped = await startService('strait', { ...straitBenchEnv(fakes.url, { DATABASE_URL: database.url }), NODE_OPTIONS: CAPPED_HEAP });
    const cappedSampler = sampleRss(capped);
    const cappedLoad = await measureThroughput({ origin: new URL(capped.url).origin, method: 'POST', paths: ['/v1/bridge/quote'], body: BENCH_QUOTE_BODY, connections: 16, durationS: 10, warmupS: 0 });
    const cappedRss = await cappedSampler.stop();
    // A service that ran out of heap under the cap answers nothing: say so rather than report its figures.
    const cappedHeap = cappedLoad.requestsPerSecond > 0 && (await capped.usage().then(() => true, () => false)) ? { quoteLoad: cappedLoad, rss: cappedRss } : `the service did not last the load with ${CAPPED_HEAP} (out of heap)`;
    postgres = { reads, quoteLoad: pgQuoteLoad, spread: pgSpread, rss, cappedHeap };
    await capped.stop();
  } catch (error) {
    postgres = `PostgreSQL unavailable at ${ADMIN_URL}: ${(error as Error).message}`;
    log(postgres);
  }

  log('bare Fastify JSON route (same answer body, from memory): 2 s warm-up + 10 s');
  const bare = await startService('bare', { BENCH_BARE_BODY: transferBody });
  const readsBare = await readsThrough(bare, pgliteIds);
  await bare.stop();

  // The service as the Docker image runs it: the compiled build in plain Node (tsc's output, no
  // source maps), the same heap cap. Only its RSS is reported.
  log('built service (npm run build, then dist/ in plain Node): quote load 10 s on PGlite, then on PostgreSQL, for the RSS');
  const built = await measureBuiltRss(fakes.url, dataDir);

  log('submit verification CPU, in a process of its own: 2000 EVM and 2000 Solana transactions');
  const cpu = await measureVerificationCpuInChild(2_000);

  const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;
  // Where the memory was at the peak: V8's heap (reserved) and what lies outside it (PGlite's WebAssembly memory, Buffers).
  const atPeak = (rss: RssSample): string => (rss.atPeak ? `at the peak V8 heap ${rss.atPeak.heapTotalMb.toFixed(0)} MB, external ${rss.atPeak.externalMb.toFixed(0)} MB; ` : '');
  const ms = (x: number): string => `${x.toFixed(1)} ms`;
  const signed = (x: number): string => `${x >= 0 ? '+' : '−'}${ms(Math.abs(x))}`;
  const slowest = fanOut.slowestFake.alone;
  const pgliteRatio = readsPglite.requestsPerSecond / readsBare.requestsPerSecond;
  const pgRatio = typeof postgres === 'string' ? null : postgres.reads.requestsPerSecond / readsBare.requestsPerSecond;
  const checks: Check[] = [
    { figure: 'fan-out, 36 instant fakes: quote p50', measured: `${ms(fanOut.quote.p50)} (slowest fake alone ${ms(slowest.p50)}: ${signed(fanOut.quote.p50 - slowest.p50)})`, target: '≤ slowest fake + 3 ms', pass: fanOut.quote.p50 <= slowest.p50 + 3 },
    { figure: 'fan-out, 36 instant fakes: quote p99', measured: `${ms(fanOut.quote.p99)} (slowest fake alone ${ms(slowest.p99)}: ${signed(fanOut.quote.p99 - slowest.p99)})`, target: '≤ slowest fake + 15 ms', pass: fanOut.quote.p99 <= slowest.p99 + 15 },
    {
      figure: 'quote throughput, 36 scripted venues, PGlite',
      measured: `${Math.round(quoteLoad.requestsPerSecond)} quotes/s = ${pct(quoteLoad.requestsPerSecond / bareLoad.requestsPerSecond)} of the bare fan-out (${Math.round(bareLoad.requestsPerSecond)}/s); CPU per quote ${ms(quoteLoad.cpuMsPerQuote)} vs ${ms(bareLoad.cpuMsPerQuote)}; one at a time p50 ${ms(latencyScripted.strait!.p50)} vs ${ms(latencyScripted.bare!.p50)} (×${(latencyScripted.strait!.p50 / latencyScripted.bare!.p50).toFixed(1)}), p99 ${ms(latencyScripted.strait!.p99)} vs ${ms(latencyScripted.bare!.p99)} (×${(latencyScripted.strait!.p99 / latencyScripted.bare!.p99).toFixed(1)})`,
      target: '≥ 60 % of the bare fan-out',
      pass: quoteLoad.requestsPerSecond >= 0.6 * bareLoad.requestsPerSecond,
    },
    {
      figure: `quote throughput, ${probe.priced.length} real adapters + ${venueIds.length - probe.priced.length} scripted, PGlite`,
      measured: `${Math.round(realLoad.requestsPerSecond)} quotes/s = ${pct(realLoad.requestsPerSecond / bareRealLoad.requestsPerSecond)} of the bare fan-out over the same ${realCalls.length} calls (${Math.round(bareRealLoad.requestsPerSecond)}/s; ${pct(realLoad.requestsPerSecond / bareLoad.requestsPerSecond)} of the scripted one); CPU per quote ${ms(realLoad.cpuMsPerQuote)} vs ${ms(bareRealLoad.cpuMsPerQuote)}; one at a time p50 ${ms(latencyReal.strait!.p50)} vs ${ms(latencyReal.bare!.p50)} (×${(latencyReal.strait!.p50 / latencyReal.bare!.p50).toFixed(1)}), p99 ${ms(latencyReal.strait!.p99)} vs ${ms(latencyReal.bare!.p99)} (×${(latencyReal.strait!.p99 / latencyReal.bare!.p99).toFixed(1)})`,
      target: '≥ 60 % of the bare fan-out',
      pass: realLoad.requestsPerSecond >= 0.6 * bareRealLoad.requestsPerSecond,
    },
    { figure: 'realistic spread, 12 hanging: quote p99, PGlite', measured: `${ms(spread.quote.p99)} (p50 ${ms(spread.quote.p50)})`, target: `≤ deadline + 50 ms = ${QUOTE_DEADLINE_MS + 50} ms`, pass: spread.quote.p99 <= QUOTE_DEADLINE_MS + 50 },
    {
      figure: 'realistic spread, 12 hanging: quote p99, PostgreSQL',
      measured: typeof postgres === 'string' ? postgres : `${ms(postgres.spread.quote.p99)} (p50 ${ms(postgres.spread.quote.p50)})`,
      target: `≤ deadline + 50 ms = ${QUOTE_DEADLINE_MS + 50} ms`,
      pass: typeof postgres === 'string' ? null : postgres.spread.quote.p99 <= QUOTE_DEADLINE_MS + 50,
    },
    { figure: 'realistic spread: best within 0.5 % of unbounded, PGlite', measured: `${pct(spread.withinHalfPercent)} of ${spread.quotes} quotes`, target: '≥ 95 %', pass: spread.withinHalfPercent >= 0.95 },
    {
      figure: 'realistic spread: best within 0.5 % of unbounded, PostgreSQL',
      measured: typeof postgres === 'string' ? postgres : `${pct(postgres.spread.withinHalfPercent)} of ${postgres.spread.quotes} quotes`,
      target: '≥ 95 %',
      pass: typeof postgres === 'string' ? null : postgres.spread.withinHalfPercent >= 0.95,
    },
    { figure: 'GET /bridge/transfers/{id}, PGlite', measured: `${Math.round(readsPglite.requestsPerSecond)} req/s = ${pct(pgliteRatio)} of bare (${Math.round(readsBare.requestsPerSecond)} req/s)`, target: '≥ 50 % of bare Fastify', pass: pgliteRatio >= 0.5 },
    {
      figure: 'GET /bridge/transfers/{id}, PostgreSQL',
      measured: typeof postgres === 'string' ? postgres : `${Math.round(postgres.reads.requestsPerSecond)} req/s = ${pct(pgRatio ?? 0)} of bare`,
      target: '≥ 70 % of bare Fastify',
      pass: pgRatio === null ? null : pgRatio >= 0.7,
    },
    { figure: 'submit verification CPU, EVM: p50 / p99', measured: `${ms(cpu.evm.p50)} / ${ms(cpu.evm.p99)}`, target: '≤ 2 ms at p99', pass: cpu.evm.p99 <= 2 },
    { figure: 'submit verification CPU, Solana: p50 / p99', measured: `${ms(cpu.solana.p50)} / ${ms(cpu.solana.p99)}`, target: '≤ 2 ms at p99', pass: cpu.solana.p99 <= 2 },
    { figure: 'peak RSS under the quote load, PGlite, as npm start runs it', measured: `${rssPglite.peakMb.toFixed(0)} MB (${atPeak(rssPglite)}lifetime max ${rssPglite.lifetimeMaxMb.toFixed(0)} MB)`, target: '≤ 350 MB', pass: rssPglite.peakMb <= 350 },
    ...(['pglite', 'postgres'] as const).map((store) => {
      const sample = built[store];
      const limit = store === 'pglite' ? 350 : 250;
      return {
        figure: `peak RSS under the quote load, ${store === 'pglite' ? 'PGlite' : 'PostgreSQL'}, built service (as shipped)`,
        measured: typeof sample === 'string' ? sample : `${sample.peakMb.toFixed(0)} MB at ${Math.round(sample.quotesPerSecond)} quotes/s (${atPeak(sample).slice(0, -2)})`,
        target: `≤ ${limit} MB`,
        pass: typeof sample === 'string' ? null : sample.peakMb <= limit,
      };
    }),
    {
      figure: 'peak RSS under the quote load, PostgreSQL, as npm start runs it',
      measured: typeof postgres === 'string' ? postgres : `${postgres.rss.peakMb.toFixed(0)} MB${atPeak(postgres.rss) ? ` (${atPeak(postgres.rss).slice(0, -2)})` : ''}`,
      target: '≤ 250 MB',
      pass: typeof postgres === 'string' ? null : postgres.rss.peakMb <= 250,
    },
  ];

  const table = renderTable(checks);
  const loadAfter = os.loadavg();
  const notes = [
    `real adapters (through their own adapter, against its real-dialect fake built from recorded answers: the one \`npm run sandbox\` starts, or its tests' own): ${probe.priced.join(', ')}; scripted stand-ins: the other ${venueIds.length - probe.priced.length} of ${venueIds.length}` +
      (Object.keys(probe.rejected).length > 0 ? ` (real fakes that do not price this corridor, scripted instead: ${Object.entries(probe.rejected).map(([id, why]) => `${id}: ${why}`).join('; ')})` : ''),
    `bare fan-out baseline: node:http server making the same 36 keep-alive POSTs to the scripted fakes per quote and returning the parsed answers; ${Math.round(bareLoad.requestsPerSecond)}/s at 16 connections (p50 ${ms(bareLoad.latencyMs.p50)}, p99 ${ms(bareLoad.latencyMs.p99)}); over the real adapters' own ${realCalls.length} calls (recorded from a quote of theirs: ${[...new Set(realCalls.map((c) => `${c.method} ${new URL(c.url).pathname.split('/').slice(0, 3).join('/')}`))].length} distinct endpoints, ${(realCalls.reduce((n, c) => n + c.body.length, 0) / 1024).toFixed(1)} kB of request bodies) ${Math.round(bareRealLoad.requestsPerSecond)}/s (p50 ${ms(bareRealLoad.latencyMs.p50)}, p99 ${ms(bareRealLoad.latencyMs.p99)}); real-adapter quote load ${Math.round(realLoad.requestsPerSecond)}/s (p50 ${ms(realLoad.latencyMs.p50)}, p99 ${ms(realLoad.latencyMs.p99)}, non-2xx ${realLoad.non2xx})`,
    `quote load, PGlite: ${Math.round(quoteLoad.requestsPerSecond)} quotes/s at 16 connections (p50 ${ms(quoteLoad.latencyMs.p50)}, p99 ${ms(quoteLoad.latencyMs.p99)}, non-2xx ${quoteLoad.non2xx})` +
      (typeof postgres === 'string' ? '' : `; PostgreSQL: ${Math.round(postgres.quoteLoad.requestsPerSecond)} quotes/s (p50 ${ms(postgres.quoteLoad.latencyMs.p50)}, p99 ${ms(postgres.quoteLoad.latencyMs.p99)}, non-2xx ${postgres.quoteLoad.non2xx})`),
    ...(typeof postgres === 'string'
      ? []
      : typeof postgres.cappedHeap === 'string'
        ? [`not a target: PostgreSQL store with NODE_OPTIONS=${CAPPED_HEAP}: ${postgres.cappedHeap}`]
        : [`not a target: PostgreSQL store with NODE_OPTIONS=${CAPPED_HEAP}: peak RSS ${postgres.cappedHeap.rss.peakMb.toFixed(0)} MB under the same quote load, ${Math.round(postgres.cappedHeap.quoteLoad.requestsPerSecond)} quotes/s (p99 ${ms(postgres.cappedHeap.quoteLoad.latencyMs.p99)})`]),
    ...[['PGlite', spread] as const, ...(typeof postgres === 'string' ? [] : [['PostgreSQL', postgres.spread] as const])].flatMap(([store, run]) => [
      `realistic spread, ${store}: deadline ${QUOTE_DEADLINE_MS} ms, min wait ${QUOTE_MIN_WAIT_MS} ms; the engine stopped waiting at p50 ${ms(run.engineWaitedMs.p50)}, p99 ${ms(run.engineWaitedMs.p99)}, max ${ms(run.engineWaitedMs.max)} by its own clock; harness event-loop delay p99 ${ms(run.harnessLoopDelayMs.p99)}`,
      `realistic spread, ${store}: exact best in ${pct(run.exactBest)}, mean shortfall ${run.meanShortfallBps.toFixed(1)} bps, worst ${run.worstShortfallBps.toFixed(1)} bps; priced rows per quote p50 ${run.pricedRowsPerQuote.p50}; rejections per quote ${JSON.stringify(run.rejectionsPerQuote)}`,
    ]),
    'submit verification: EVM = decodeSignedEvmTransaction + compareEvmTransaction on an Across-sized step; Solana = verifySignedSvmTransaction on the SPL transfer of its tests (legacy, v0, v0 with a lookup table); CPU of a process of its own, per transaction',
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; load average ${loadBefore[0]?.toFixed(2)} before, ${loadAfter[0]?.toFixed(2)} after; ${((Date.now() - started) / 1000).toFixed(0)} s`,
  ];
  process.stdout.write(`\n${table}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`);

  const results = {
    generatedAt: new Date().toISOString(),
    command: 'npm run bench',
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, node: process.version, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
    settings: { quoteDeadlineMs: QUOTE_DEADLINE_MS, quoteMinWaitMs: QUOTE_MIN_WAIT_MS, pglite: 'a data directory initialised before the service starts', worker: false, rateLimits: 'off', logLevel: 'warn', feeWallets: 'none', reads: READS },
    checks: checks.map((c) => ({ ...c, result: verdictOf(c.pass) })),
    figures: {
      fanOut: { quoteMs: rounded(fanOut.quote), slowestFake: fanOut.slowestFake, pricedRowsPerQuote: rounded(fanOut.pricedRowsPerQuote), failures: fanOut.failures },
      quoteLoadPglite: quoteLoad,
      bareFanOut: { quoteLoad: bareLoad, latencyBesideScripted: latencyScripted.bare },
      bareFanOutOverRealCalls: { calls: realCalls.length, quoteLoad: bareRealLoad, latencyBesideReal: latencyReal.bare },
      realAdapters: { venues: probe.priced, scripted: venueIds.filter((id) => !probe.priced.includes(id)), probeRejected: probe.rejected, quoteLoad: realLoad, latency: latencyReal.strait },
      scriptedLatency: latencyScripted.strait,
      spread: { ...spread, quote: rounded(spread.quote), pricedRowsPerQuote: rounded(spread.pricedRowsPerQuote), engineWaitedMs: rounded(spread.engineWaitedMs) },
      reads: { pglite: readsPglite, bareFastify: readsBare, ratioPglite: pgliteRatio, ratioPostgres: pgRatio },
      postgres,
      verificationCpuMs: { evm: rounded(cpu.evm, 3), solana: rounded(cpu.solana, 3) },
      rssPglite,
      builtRss: built,
    },
    notes,
  };
  await writeFile(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote ${RESULTS}`);
}

const watchdog = setTimeout(() => {
  log(`the bench ran longer than ${WATCHDOG_MS / 60_000} min: stopping everything`);
  void cleanUp().finally(() => process.exit(1));
}, WATCHDOG_MS);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping everything`);
    void cleanUp().finally(() => process.exit(130));
  });
}

try {
  await main();
} catch (error) {
  log(`failed: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
  clearTimeout(watchdog);
}
