/**
 * `npm run bench:ab -- --a=<checkout> [--b=<checkout>] [--rounds=3] [--postgres] [--seconds=10]`:
 * the quote load of `npm run bench:memory` (36 scripted venues answering at once, autocannon from
 * 16 connections) on two checkouts of Strait, interleaved A, B, A, B… in one run, so that a shared
 * machine's drift hits both alike. `--b` defaults to this checkout. Prints, per round and side,
 * quotes/s, CPU per quote and peak RSS; compare the ratios, the absolute figures move with the
 * machine. Both sides use this checkout's harness (fakes, load) and their own service code.
 *
 * `--one-at-a-time`: the fan-out overhead of `npm run bench` instead (quotes sent one at a time, every
 * fake asked alone in between; p50 and p99 beside the slowest fake's own).
 *
 * `--reads`: `GET /bridge/transfers/{id}` instead (20 transfers seeded through the API, autocannon
 * from 16 connections), with bare Fastify answering the same body from memory measured in every
 * round too, so each side's ratio to it is taken minutes, not phases, apart.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { openStore } from '../src/store/openStore.ts';
import { startScriptedVenues } from '../src/venues/fake/scriptedVenue.ts';
import { VENUE_MODULES } from '../src/venues/venueModules.ts';
import { createThrowawayDatabase } from './createThrowawayDatabase.ts';
import { measureQuoteFanOut } from './measureQuoteFanOut.ts';
import { measureThroughput } from './measureThroughput.ts';
import { sampleRss } from './sampleRss.ts';
import { startBenchService } from './startBenchService.ts';
import { seedTransfers } from './seedTransfers.ts';
import { BENCH_QUOTE_BODY, straitBenchEnv } from './straitBenchEnv.ts';

const arg = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const a = arg('a');
if (!a) throw new Error('usage: npm run bench:ab -- --a=<checkout> [--b=<checkout>] [--rounds=3] [--postgres] [--seconds=10]');
const sides = { A: resolve(a), B: resolve(arg('b') ?? fileURLToPath(new URL('..', import.meta.url))) };
const rounds = Number(arg('rounds') ?? 3);
const seconds = Number(arg('seconds') ?? 10);
const postgres = process.argv.includes('--postgres');
const reads = process.argv.includes('--reads');
const oneAtATime = process.argv.includes('--one-at-a-time');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const openStoreOf = async (checkout: string): Promise<typeof openStore> => ((await import(join(checkout, 'src', 'store', 'openStore.ts'))) as { openStore: typeof openStore }).openStore;
const fakes = await startScriptedVenues(Object.fromEntries(VENUE_MODULES.map((v, i) => [v.id, { kind: 'price', outBps: 9_990 - i, delayMs: 0, etaSeconds: 30 + i }])));
const summary: Record<string, { cpu: number[]; qps: number[] }> = { A: { cpu: [], qps: [] }, B: { cpu: [], qps: [] }, bare: { cpu: [], qps: [] } };
/** `--one-at-a-time`: each side's p50 and p99 over the slowest fake's own, per round (ms). */
const overSlowest: Record<string, { p50: number[]; p99: number[] }> = { A: { p50: [], p99: [] }, B: { p50: [], p99: [] } };
process.stdout.write(`A = ${sides.A}\nB = ${sides.B}\n${reads ? 'GET /bridge/transfers/{id}' : 'POST /bridge/quote'} on ${postgres ? 'PostgreSQL' : 'PGlite'}, ${rounds} rounds of ${seconds} s each\n`);
let readPaths: string[] = [];
let readBody = '{}';
try {
  for (let round = 1; round <= rounds; round += 1) {
    for (const [side, checkout] of Object.entries(reads ? { ...sides, bare: '' } : sides)) {
      const dataDir = await mkdtemp(join(os.tmpdir(), 'strait-ab-'));
      const database = postgres ? await createThrowawayDatabase(ADMIN_URL, 'strait_ab') : null;
      try {
        // Each side's own store code initialises its data directory: the two may differ in migrations.
        if (!database) await (await (await openStoreOf(side === 'bare' ? sides.B : checkout))({ dataDir })).close();
        const service =
          side === 'bare'
            ? await startBenchService({ mode: 'bare', env: { BENCH_BARE_BODY: readBody } })
            : await startBenchService({ mode: 'strait', env: straitBenchEnv(fakes.url, database ? { DATABASE_URL: database.url } : { STRAIT_DATA_DIR: dataDir }), checkout });
        try {
          const origin = new URL(service.url).origin;
          if (reads && side !== 'bare') {
            const ids = await seedTransfers(service.url, 20);
            readPaths = ids.map((id) => `/v1/bridge/transfers/${id}`);
            readBody = await (await fetch(`${origin}${readPaths[0]}`)).text();
          }
          if (oneAtATime) {
            const fanOut = await measureQuoteFanOut({ serviceUrl: service.url, fakesUrl: fakes.url, venueIds: VENUE_MODULES.map((v) => v.id), durationMs: seconds * 1000 });
            const { p50, p99 } = fanOut.quote;
            const alone = fanOut.slowestFake.alone;
            overSlowest[side]?.p50.push(p50 - alone.p50);
            overSlowest[side]?.p99.push(p99 - alone.p99);
            process.stdout.write(`round ${round} ${side}: one at a time p50 ${p50.toFixed(2)} ms (+${(p50 - alone.p50).toFixed(2)} over the slowest fake), p99 ${p99.toFixed(2)} ms (+${(p99 - alone.p99).toFixed(2)}), failures ${fanOut.failures}\n`);
            continue;
          }
          const target = reads ? { method: 'GET' as const, paths: readPaths } : { method: 'POST' as const, paths: ['/v1/bridge/quote'], body: BENCH_QUOTE_BODY };
          await measureThroughput({ origin, ...target, connections: 16, durationS: reads ? 2 : 3, warmupS: 0 });
          const before = await service.usage();
          const sampler = sampleRss(service);
          const load = await measureThroughput({ origin, ...target, connections: 16, durationS: seconds, warmupS: 0 });
          const peak = await sampler.stop();
          const after = await service.usage();
          const cpu = (after.cpuMs - before.cpuMs) / Math.max(1, load.total);
          summary[side]?.cpu.push(cpu);
          summary[side]?.qps.push(load.requestsPerSecond);
          process.stdout.write(`round ${round} ${side}: ${load.requestsPerSecond.toFixed(0)} ${reads ? 'req' : 'quotes'}/s, CPU per ${reads ? 'request' : 'quote'} ${cpu.toFixed(3)} ms, p50 ${load.latencyMs.p50} ms, p99 ${load.latencyMs.p99} ms, peak RSS ${peak.peakMb} MB, non-2xx ${load.non2xx}\n`);
        } finally {
          await service.stop();
        }
      } finally {
        await database?.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  }
  const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  const A = summary.A as { cpu: number[]; qps: number[] };
  const B = summary.B as { cpu: number[]; qps: number[] };
  const over = (side: 'A' | 'B'): string => `p50 +${mean(overSlowest[side]!.p50).toFixed(2)} ms, p99 +${mean(overSlowest[side]!.p99).toFixed(2)} ms`;
  if (oneAtATime) process.stdout.write(`mean over the slowest fake: A ${over('A')}; B ${over('B')}\n`);
  else process.stdout.write(`mean: A ${mean(A.qps).toFixed(0)}/s, ${mean(A.cpu).toFixed(3)} ms CPU each; B ${mean(B.qps).toFixed(0)}/s, ${mean(B.cpu).toFixed(3)} ms; B/A throughput ×${(mean(B.qps) / mean(A.qps)).toFixed(2)}, CPU ×${(mean(B.cpu) / mean(A.cpu)).toFixed(2)}\n`);
  const bare = summary.bare as { cpu: number[]; qps: number[] };
  if (reads) process.stdout.write(`against bare Fastify (${mean(bare.qps).toFixed(0)}/s): A ${((100 * mean(A.qps)) / mean(bare.qps)).toFixed(1)} %, B ${((100 * mean(B.qps)) / mean(bare.qps)).toFixed(1)} %\n`);
} finally {
  await fakes.close();
}
