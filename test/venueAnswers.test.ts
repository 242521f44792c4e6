import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Type } from 'typebox';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { ERROR_CATALOGUE } from '../src/domain/errors.ts';
import { createStatusWorker } from '../src/engine/statusWorker.ts';
import { VenueRejection, type Venue } from '../src/venues/Venue.ts';
import { VenueHttpError } from '../src/venues/venueHttpClient.ts';
import type { VenueDeps } from '../src/venues/VenueModule.ts';
import { createTestStrait } from './testStrait.ts';

/** What the test helper takes to stand in for a listed venue. */
type StandIn = NonNullable<Parameters<typeof createTestStrait>[1]>[number];

/**
 * Venue answers through the whole service, from a venue whose adapter speaks over the real shared
 * client to a loopback server: unsafe answers at build are a 502 that marks the venue degraded while
 * transport faults stay a retriable 503; venue text reaches callers sanitised; impossible quotes count
 * against the venue; routes list only what quote accepts; and `GET /bridge/venues` tells how fresh a
 * published coverage snapshot is.
 */

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TARGET = '0x00000000000000000000000000000000000B00C1';
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handlers: Record<string, Handler> = {};
let server: Server;
let baseUrl: string;

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Handler => (_req, res) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
const GOOD: Record<string, Handler> = {
  '/quote': json(200, { out: '990000', min: '980000' }),
  '/build': json(200, { to: TARGET, data: '0x12345678', depositChain: 'base' }),
  '/tokens': json(200, { symbols: ['USDC', 'WETH'] }),
  '/status': json(200, { state: 'waiting' }),
};

const Priced = Type.Object({ out: Type.String(), min: Type.String() });
const Built = Type.Object({ to: Type.String(), data: Type.String(), depositChain: Type.String() });
const Listed = Type.Object({ symbols: Type.Array(Type.String()) });

/** An adapter in the usual shape: the shared client for HTTP, its own mapping, typed refusals. */
function httpVenue(id: string, withSnapshot: boolean): StandIn {
  return {
    id,
    defaultBaseUrl: 'http://127.0.0.1:1',
    allowList: { calls: [{ chainId: 8453, to: TARGET, selectors: ['0x12345678'] }], transferRecipients: [] },
    create(deps: VenueDeps): Venue {
      let published: string[] | null = null;
      let fetchedAt: number | null = null;
      const symbols = () => published ?? ['USDC', 'USDT', 'FOO'];
      const translate = (error: unknown): unknown => (error instanceof VenueHttpError && error.status < 500 ? new VenueRejection('venue_error', `${id} said: ${error.message}`) : error);
      return {
        id,
        // Serves USDC and WETH only, whatever its coverage lists (USDT and FOO never quote).
        supports: (c) => (['USDC', 'WETH'].includes(c.fromToken.symbol) && c.toToken.symbol === c.fromToken.symbol ? { served: true } : { served: false, code: 'token_not_supported', message: `${id} does not carry ${c.fromToken.symbol}` }),
        coverage: () => ({ origins: ['base', 'arbitrum'], tokenSymbols: (from, to) => (from !== to ? symbols() : []) }),
        async quote(request, call) {
          const answer = await deps.http.post('/quote', { amount: request.amountIn.toString() }, Priced, call).catch((e: unknown) => Promise.reject(translate(e)));
          return { amountIn: request.amountIn, amountOut: BigInt(answer.out), minAmountOut: BigInt(answer.min), estimatedSeconds: 5, expiresAt: null, context: {} };
        },
        async build(request, call) {
          const answer = await deps.http.post('/build', {}, Built, call).catch((e: unknown) => Promise.reject(translate(e)));
          if (answer.depositChain !== request.request.fromChain) throw new VenueRejection('venue_bad_response', `${id} named a deposit on ${answer.depositChain}, not ${request.request.fromChain}`, { path: '/depositChain' });
          return { shape: 'steps', steps: [{ vm: 'evm', step: 'main', chainId: 8453, to: answer.to as `0x${string}`, data: answer.data as `0x${string}`, value: 0n }], approval: null, amountOut: request.quote.amountOut, minAmountOut: request.quote.minAmountOut, context: {} };
        },
        async status(_request, call) {
          const answer = await deps.http.get('/status', {}, Type.Object({ state: Type.String() }), call);
          return { state: answer.state === 'done' ? 'completed' : 'pending', venueStatus: answer.state, destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: null };
        },
        ...(withSnapshot
          ? {
              snapshot: {
                intervalMs: 60_000,
                async refresh(call) {
                  published = (await deps.http.get('/tokens', {}, Listed, call)).symbols;
                  fetchedAt = Date.now();
                },
                fetchedAt: () => fetchedAt,
              },
            }
          : {}),
      };
    },
  };
}

let strait: Strait;
beforeAll(async () => {
  handlers = { ...GOOD };
  server = createServer((req, res) => (handlers[new URL(req.url ?? '/', 'http://x').pathname] ?? json(404, { message: 'no route' }))(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  strait = await createTestStrait(
    { STRAIT_VENUE_SNAPSHOTS: 'true', STRAIT_VENUE_ACROSS_BASE_URL: baseUrl, STRAIT_VENUE_RELAY_BASE_URL: baseUrl, STRAIT_QUOTE_DEADLINE_MS: '2000', STRAIT_QUOTE_MIN_WAIT_MS: '2000' },
    [httpVenue('across', false), httpVenue('relay', true)],
  );
}, 60_000);
afterAll(async () => {
  await strait?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});
afterEach(() => {
  handlers = { ...GOOD };
});

interface QuoteAnswer {
  decisionId: string;
  quotes: { venue: string; quoteId: string }[];
  rejected: { venue: string; code: string; message: string }[];
}
const quote = async (symbol = 'USDC') =>
  (await strait.app.inject({ method: 'POST', url: '/v1/bridge/quote', payload: { fromChain: 'base', toChain: 'arbitrum', fromToken: symbol, toToken: symbol, amountAtomic: '1000000', sender: USER, recipient: USER } })).json() as QuoteAnswer;
const build = async (decisionId: string, quoteId: string) => strait.app.inject({ method: 'POST', url: '/v1/bridge/build', payload: { decisionId, quoteId } });
const venueRow = async (id: string) => ((await strait.app.inject({ method: 'GET', url: '/v1/bridge/venues' })).json() as { venues: { venue: string; health: string; reason: string | null; snapshotFresh: boolean; snapshotAgeMs: number | null }[] }).venues.find((v) => v.venue === id);

describe('coverage snapshots and routes', () => {
  it('reports a refreshed snapshot as fresh with its age; a venue without a published list as fresh with no age; an unbuilt one as neither', async () => {
    const end = Date.now() + 5_000;
    while ((await venueRow('relay'))?.snapshotAgeMs === null && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
    const relay = await venueRow('relay');
    expect(relay).toMatchObject({ snapshotFresh: true, snapshotAgeMs: expect.any(Number) });
    expect(relay?.snapshotAgeMs).toBeGreaterThanOrEqual(0);
    expect(relay?.snapshotAgeMs).toBeLessThan(60_000);
    expect(await venueRow('across')).toMatchObject({ snapshotFresh: true, snapshotAgeMs: null });
    expect(await venueRow('cctp')).toMatchObject({ snapshotFresh: false, snapshotAgeMs: null });
  });

  it('routes list only symbols quote accepts, and each of them quotes past the venue\'s supports', async () => {
    const routes = ((await strait.app.inject({ method: 'GET', url: '/v1/bridge/routes?fromChain=base&toChain=arbitrum' })).json() as { routes: { venue: string; tokenSymbols: string[]; tokenSymbolCount: number }[] }).routes;
    // across lists USDC, USDT (none on base) and FOO (unknown); relay's published list is USDC and WETH.
    expect(routes.find((r) => r.venue === 'across')).toMatchObject({ tokenSymbols: ['USDC'], tokenSymbolCount: 1 });
    expect(routes.find((r) => r.venue === 'relay')).toMatchObject({ tokenSymbols: ['USDC', 'WETH'], tokenSymbolCount: 2 });
    for (const route of routes) {
      for (const symbol of route.tokenSymbols) {
        const answer = await quote(symbol);
        expect(answer.rejected.find((r) => r.venue === route.venue && ['unknown_token', 'token_not_supported', 'route_not_served'].includes(r.code)), `${route.venue} ${symbol}`).toBeUndefined();
        expect(answer.quotes.map((q) => q.venue)).toContain(route.venue);
      }
    }
  });
});

describe('venue text reaches callers sanitised', () => {
  it('a venue error echoing hosts, ports and keys shows none of them in rejected[].message', async () => {
    handlers['/quote'] = json(400, { message: `upstream ECONNREFUSED 127.0.0.1:39211 calling https://api.x.io/v1/quote?apiKey=abcd1234abcd1234abcd1234 ${'x'.repeat(300)}` });
    const answer = await quote();
    const across = answer.rejected.find((r) => r.venue === 'across');
    expect(across?.code).toBe('venue_error');
    expect(across?.message).toMatch(/^across said: across answered HTTP 400: upstream ECONNREFUSED \[address\] calling \[url\]/);
    expect(across?.message.length).toBeLessThanOrEqual(200);
    for (const leak of ['127.0.0.1', '39211', 'api.x.io', 'abcd1234']) expect(JSON.stringify(answer.rejected)).not.toContain(leak);
  });
});

describe('status polling', () => {
  it('a failing status endpoint rests status polls only: the venue keeps quoting, and the transfer\'s statusDetail is sanitised', async () => {
    let clock = Date.now();
    const deps = strait.deps as { now: () => number };
    const realNow = deps.now;
    deps.now = () => clock;
    onTestFinished(() => {
      deps.now = realNow;
    });
    const priced = await quote();
    const row = priced.quotes.find((q) => q.venue === 'relay');
    const building = await build(priced.decisionId, row?.quoteId ?? '');
    expect(building.statusCode, building.body).toBe(200);
    const built = building.json() as { transferId: string };
    const submit = await strait.app.inject({ method: 'POST', url: `/v1/bridge/transfers/${built.transferId}/submit`, payload: { txHash: `0x${'5a'.repeat(32)}`, step: 'main' } });
    expect(submit.statusCode, submit.body).toBe(200);
    handlers['/status'] = json(500, { message: 'indexer at 10.1.2.3:8545 is down' });
    const worker = createStatusWorker(strait.deps, { leaseMs: 60_000, batchSize: 10 });
    for (let i = 0; i < 7; i++) {
      clock += 15 * 60_000;
      await worker.tick();
    }
    const relay = await venueRow('relay');
    expect(relay).toMatchObject({ health: 'degraded', reason: expect.stringMatching(/^status polling rested after repeated faults \(quotes unaffected\)/) });
    expect(relay?.reason).not.toContain('10.1.2.3');
    const transfer = (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${built.transferId}` })).json() as { status: string; statusDetail: string };
    expect(transfer.status).toBe('SUBMITTED');
    expect(transfer.statusDetail).toMatch(/relay status unavailable/);
    expect(transfer.statusDetail).not.toContain('10.1.2.3');
    // Quoting is untouched: relay still prices.
    expect((await quote()).quotes.map((q) => q.venue)).toContain('relay');
  });
});

describe('unsafe and impossible venue answers', () => {
  it('an answer the adapter refuses at build is 502 unsafe_venue_answer, builds nothing and marks the venue degraded', async () => {
    const priced = await quote();
    const row = priced.quotes.find((q) => q.venue === 'across');
    expect(row).toBeDefined();
    handlers['/build'] = json(200, { to: TARGET, data: '0x12345678', depositChain: 'tron' });
    const refused = await build(priced.decisionId, row?.quoteId ?? '');
    expect(refused.statusCode).toBe(502);
    expect(ERROR_CATALOGUE.unsafe_venue_answer.status).toBe(502);
    expect(refused.json()).toMatchObject({ error: { code: 'unsafe_venue_answer', details: { venue: 'across' } } });
    expect(refused.json().error.retryAfterMs).toBeUndefined();
    expect(await strait.deps.store.db.selectFrom('transfers').select('id').where('decision_id', '=', priced.decisionId).execute()).toEqual([]);
    expect(await venueRow('across')).toMatchObject({ health: 'degraded', reason: expect.stringMatching(/^refused an unsafe answer: across named a deposit on tron/) });
  });

  it('transport faults and a rate limit at build stay a retriable 503 venue_unavailable', async () => {
    const priced = await quote();
    const row = priced.quotes.find((q) => q.venue === 'relay');
    handlers['/build'] = json(500, { message: 'boom at 10.0.0.7:8080' });
    const failed = await build(priced.decisionId, row?.quoteId ?? '');
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error).toMatchObject({ code: 'venue_unavailable', retryAfterMs: 2_000 });
    expect(failed.json().error.message).not.toContain('10.0.0.7');
    handlers['/build'] = json(429, { message: 'slow down' }, { 'retry-after': '7' });
    const limited = await build(priced.decisionId, row?.quoteId ?? '');
    expect(limited.statusCode).toBe(503);
    expect(limited.json().error).toMatchObject({ code: 'venue_unavailable', retryAfterMs: 7_000 });
    expect(limited.headers['retry-after']).toBe('7');
  });

  it('an impossible quote (a minimum above its own output) is venue_bad_response and, repeated, rests the venue', async () => {
    handlers['/quote'] = json(200, { out: '900000', min: '950000' });
    const codes: string[] = [];
    for (let i = 0; i < 8 && codes.at(-1) !== 'breaker_open'; i++) codes.push((await quote()).rejected.find((r) => r.venue === 'across')?.code ?? 'priced');
    // Five consecutive faults open the breaker (the unsafe build answer above may be the first of them).
    expect(codes.at(-1)).toBe('breaker_open');
    expect(codes.length).toBeGreaterThanOrEqual(5);
    expect(codes.length).toBeLessThanOrEqual(7);
    expect(new Set(codes.slice(0, -1))).toEqual(new Set(['venue_bad_response']));
    expect(await venueRow('across')).toMatchObject({ health: 'unhealthy' });
  });
});
