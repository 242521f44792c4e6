import { afterEach, describe, expect, it } from 'vitest';
import { startBareFanOut, startReplayingFanOut } from '../bench/bareFanOut.ts';
import { startCallRecorder } from '../bench/recordVenueCalls.ts';
import { summarizeAllocations, type AllocationProfile } from '../bench/summarizeAllocations.ts';
import { areaOf, fileOf, summarizeCpuProfile, type CpuProfile } from '../bench/summarizeCpuProfile.ts';
import { startScriptedVenues, type ScriptedVenues } from '../src/venues/fake/scriptedVenue.ts';

describe('the bench tools', () => {
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });

  it('the bare fan-out makes one call per venue per request and returns every answer', async () => {
    const ids = ['across', 'relay', 'lifi'];
    const venues: ScriptedVenues = await startScriptedVenues(Object.fromEntries(ids.map((id, i) => [id, { kind: 'price', outBps: 9_990 - i }])));
    stops.push(() => venues.close());
    const bare = await startBareFanOut(venues.url, ids);
    stops.push(() => bare.close());
    for (let round = 1; round <= 2; round++) {
      const answer = await fetch(`${bare.url}/bridge/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fromChain: 'base', toChain: 'arbitrum', amountAtomic: '100000000' }) });
      const body = (await answer.json()) as { quotes: { url: string; answer: { amountOut: string } }[] };
      expect(body.quotes.map((q) => [new URL(q.url).pathname.split('/')[1], q.answer.amountOut])).toEqual([
        ['across', '99900000'],
        ['relay', '99890000'],
        ['lifi', '99880000'],
      ]);
      for (const id of ids) expect(venues.quoteCalls(id)).toBe(round);
    }
  });

  it("the call recorder forwards a quote's venue calls byte for byte, keeps the last quote's, and the replaying fan-out makes exactly those", async () => {
    const ids = ['across', 'relay'];
    const venues: ScriptedVenues = await startScriptedVenues(Object.fromEntries(ids.map((id, i) => [id, { kind: 'price', outBps: 9_990 - i }])));
    stops.push(() => venues.close());
    const recorder = await startCallRecorder();
    stops.push(() => recorder.close());
    const env = await recorder.proxied({ BENCH_FAKES_URL: venues.url, STRAIT_RPC_BASE: 'http://127.0.0.1:9' }, ['http://127.0.0.1:9']);
    expect(env.BENCH_FAKES_URL).not.toBe(venues.url);
    expect(env.STRAIT_RPC_BASE).toBe('http://127.0.0.1:9');
    const body = (amount: string) => JSON.stringify({ fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amount });
    for (const [requestId, amount] of [['q1', '100000000'], ['q2', '250000000']] as const) {
      for (const id of ids) {
        const direct = await (await fetch(`${venues.url}/${id}/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(amount) })).text();
        const proxied = await (await fetch(`${env.BENCH_FAKES_URL}/${id}/quote`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-request-id': requestId }, body: body(amount) })).text();
        expect(proxied).toBe(direct);
      }
    }
    const calls = recorder.lastQuoteCalls();
    expect(calls.map((c) => [c.method, c.url, c.body, c.headers['x-request-id']])).toEqual(ids.map((id) => ['POST', `${venues.url}/${id}/quote`, body('250000000'), 'q2']));
    expect(Object.keys(calls[0]?.headers ?? {})).not.toContain('host');

    const before = ids.map((id) => venues.quoteCalls(id));
    const bare = await startReplayingFanOut(calls);
    stops.push(() => bare.close());
    const answer = (await (await fetch(`${bare.url}/bridge/quote`, { method: 'POST', body: '{}' })).json()) as { quotes: { url: string; answer: { amountOut: string } }[] };
    expect(answer.quotes.map((q) => q.url)).toEqual(calls.map((c) => c.url));
    expect(answer.quotes.every((q) => /^\d+$/.test(q.answer.amountOut))).toBe(true);
    expect(ids.map((id) => venues.quoteCalls(id))).toEqual(before.map((n) => n + 1));
  });

  it("names a module of the checkout's transpiled mirror by its own path in src/ or bench/, not as a dependency", () => {
    const mirrored = 'file:///work/main/node_modules/.cache/strait/node-20.20.2-rules-1/src/engine/quoteTransfer.js';
    expect(areaOf(mirrored, 'quoteTransfer')).toBe('src/engine');
    expect(fileOf(mirrored)).toBe('/src/engine/quoteTransfer.js');
    expect(fileOf('file:///work/main/node_modules/.cache/strait/node-20.20.2-rules-1/bench/bareFanOut.js')).toBe('/bench/bareFanOut.js');
    expect(areaOf('file:///work/main/node_modules/prom-client/lib/histogram.js', 'observe')).toBe('prom-client');
  });

  it('the profile summary counts busy time from the first sample in the named function, by function, area and inclusive step', () => {
    const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0 });
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2, 3, 4, 7] },
        { id: 2, callFrame: frame('(idle)') },
        { id: 3, callFrame: frame('compileSourceTextModule', 'node:internal/modules/esm/utils') },
        { id: 4, callFrame: frame('quoteTransfer', 'file:///w/src/engine/quoteTransfer.ts'), children: [5, 6] },
        { id: 5, callFrame: frame('parseBody', 'file:///w/src/venues/venueHttpClient.ts') },
        { id: 6, callFrame: frame('any', 'node:internal/abort_controller') },
        { id: 7, callFrame: frame('wasm-function[1]', 'wasm://wasm/022a9842') },
      ],
      // start-up (3) before the first quote is left out; idle (2) is not busy time
      samples: [3, 3, 4, 5, 5, 6, 2, 7],
      timeDeltas: [1000, 1000, 1000, 2000, 2000, 1000, 5000, 3000],
    };
    const summary = summarizeCpuProfile(profile, { from: 'quoteTransfer', inclusiveOf: ['quoteTransfer'] });
    expect(summary.busyMs).toBe(9);
    expect(summary.idleMs).toBe(5);
    expect(summary.functions.map((r) => [r.name, r.ms])).toEqual([
      ['parseBody /src/venues/venueHttpClient.ts', 4],
      ['wasm-function[1] wasm://wasm/022a9842', 3],
      ['quoteTransfer /src/engine/quoteTransfer.ts', 1],
      ['any node:internal/abort_controller:1', 1],
    ]);
    expect(Object.fromEntries(summary.areas.map((r) => [r.name, r.ms]))).toEqual({ 'src/venues': 4, "wasm (PGlite's Postgres)": 3, 'src/engine': 1, 'node:internal/abort_controller': 1 });
    expect(summary.inclusive).toEqual([{ name: 'quoteTransfer', ms: 6, share: 0.6667 }]);
  });

  it('the allocation summary adds bytes by function, area and named step, each step once per stack', () => {
    const MB = 1_048_576;
    const node = (functionName: string, url: string, selfSize: number, children: AllocationProfile['head'][] = []): AllocationProfile['head'] => ({ callFrame: { functionName, url, lineNumber: 9 }, selfSize, children });
    const profile: AllocationProfile = {
      head: node('(root)', '', 0, [
        node('quoteTransfer', 'file:///w/dist/engine/quoteTransfer.js', 1 * MB, [
          node('applyFees', 'file:///w/dist/engine/applyFees.js', 2 * MB),
          // A step called again under itself (recursion) counts its bytes once.
          node('quoteTransfer', 'file:///w/dist/engine/quoteTransfer.js', 1 * MB, [node('ClientRequest', 'node:_http_client', 3 * MB)]),
        ]),
        node('(V8 API)', '', 1 * MB),
      ]),
    };
    const summary = summarizeAllocations(profile, { inclusiveOf: ['quoteTransfer', 'applyFees', 'rankRows'] });
    expect(summary.totalMb).toBe(8);
    expect(summary.functions.map((r) => [r.name, r.mb])).toEqual([
      ['ClientRequest node:_http_client:10', 3],
      ['quoteTransfer /dist/engine/quoteTransfer.js:10', 2],
      ['applyFees /dist/engine/applyFees.js:10', 2],
      ['(V8 API)', 1],
    ]);
    expect(Object.fromEntries(summary.areas.map((r) => [r.name, r.mb]))).toEqual({ 'src/engine': 4, 'node:_http_client': 3, '(V8 API)': 1 });
    expect(summary.inclusive).toEqual([
      { name: 'quoteTransfer', mb: 7, share: 0.875 },
      { name: 'applyFees', mb: 2, share: 0.25 },
    ]);
  });
});
