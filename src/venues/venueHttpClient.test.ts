import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Type } from 'typebox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VenueRejection } from './Venue.ts';
import { DEFAULT_RETRY_AFTER_MS, MAX_RETRY_AFTER_MS, VenueHttpError, VenueTransportError, createVenueHttpClient, isVenueFault, retryAfterMsOf, type VenueHttpClientOptions } from './venueHttpClient.ts';
import { VenueHealth } from './venueHealth.ts';

/**
 * The shared venue client against a real loopback server: rate limits, 5xx and timeouts, 404 as an
 * answer, the answer-size cap (a hostile venue streaming far more than the cap), and the separate
 * breakers of quotes and status polls.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler = (_req, res) => json(res, 200, { ok: true });
let hits = 0;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  hits = 0;
  handler = (_req, res) => json(res, 200, { ok: true });
});

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const Ok = Type.Object({ ok: Type.Boolean() });
const call = (extra: Record<string, unknown> = {}) => ({ signal: AbortSignal.timeout(10_000), ...extra });

function client(options: Partial<VenueHttpClientOptions> = {}) {
  const health = options.health ?? new VenueHealth('testvenue', { failuresToOpen: 3, halfOpenAfterMs: 60_000 }, isVenueFault);
  return { health, http: createVenueHttpClient({ venueId: 'testvenue', baseUrl, attemptTimeoutMs: 2_000, maxAttempts: 2, health, ...options }) };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('rate limits (429)', () => {
  it('answers venue_rate_limited with the venue\'s Retry-After, then answers at once without calling the venue, and never opens the breaker', async () => {
    handler = (_req, res) => json(res, 429, { message: 'slow down' }, { 'retry-after': '30' });
    const { http, health } = client();
    const first = (await failure(http.get('/q', {}, Ok, call()))) as VenueRejection;
    expect(first).toBeInstanceOf(VenueRejection);
    expect(first.code).toBe('venue_rate_limited');
    expect(first.details).toEqual({ retryAfterMs: 30_000 });
    expect(hits).toBe(1);
    for (let i = 0; i < 10; i++) {
      const again = (await failure(http.get('/q', {}, Ok, call()))) as VenueRejection;
      expect(again.code).toBe('venue_rate_limited');
      expect(again.details?.retryAfterMs).toBeGreaterThan(29_000);
    }
    expect(hits).toBe(1);
    expect(health.breakerOpen).toBe(false);
    expect(health.snapshot()).toMatchObject({ health: 'degraded', reason: expect.stringMatching(/rate-limited/) });
  });

  it('waits again once the venue\'s window has passed', async () => {
    let clock = 1_000_000;
    handler = (_req, res) => json(res, 429, {}, { 'retry-after': '2' });
    const { http } = client({ now: () => clock });
    expect(((await failure(http.get('/q', {}, Ok, call()))) as VenueRejection).code).toBe('venue_rate_limited');
    handler = (_req, res) => json(res, 200, { ok: true });
    clock += 1_500;
    expect(((await failure(http.get('/q', {}, Ok, call()))) as VenueRejection).code).toBe('venue_rate_limited');
    clock += 600;
    expect(await http.get('/q', {}, Ok, call())).toEqual({ ok: true });
    expect(hits).toBe(2);
  });

  it('reads Retry-After as seconds or an HTTP date, falls back to a body retryAfter, and is capped', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMsOf('7', null, now)).toBe(7_000);
    expect(retryAfterMsOf('Thu, 01 Jan 2026 00:01:00 GMT', null, now)).toBe(60_000);
    expect(retryAfterMsOf('Wed, 31 Dec 2025 00:00:00 GMT', null, now)).toBe(0);
    expect(retryAfterMsOf(null, { retryAfter: 42 }, now)).toBe(42_000);
    expect(retryAfterMsOf('soon', null, now)).toBeNull();
    expect(retryAfterMsOf(null, { message: 'x' }, now)).toBeNull();
  });

  it('caps a huge Retry-After at five minutes and uses a default wait when none is given', async () => {
    handler = (_req, res) => json(res, 429, {}, { 'retry-after': '86400' });
    expect(((await failure(client().http.get('/q', {}, Ok, call()))) as VenueRejection).details).toEqual({ retryAfterMs: MAX_RETRY_AFTER_MS });
    handler = (_req, res) => json(res, 429, { message: 'no header' });
    expect(((await failure(client().http.get('/q', {}, Ok, call()))) as VenueRejection).details).toEqual({ retryAfterMs: DEFAULT_RETRY_AFTER_MS });
  });

  it('with maxRetryAfterMs 0 asks the venue every time (adapter tests)', async () => {
    handler = (_req, res) => json(res, 429, {}, { 'retry-after': '30' });
    const { http } = client({ maxRetryAfterMs: 0 });
    await failure(http.get('/q', {}, Ok, call()));
    await failure(http.get('/q', {}, Ok, call()));
    expect(hits).toBe(2);
  });
});

describe('published request budget', () => {
  it('refuses quotes at once, without calling the venue, past four fifths of the budget; build and status keep the rest; the window slides', async () => {
    let clock = 5_000_000;
    const { http, health } = client({ now: () => clock, budget: { requests: 5, perMs: 60_000 } });
    for (let i = 0; i < 4; i++) expect(await http.get('/q', {}, Ok, call({ purpose: 'quote' }))).toEqual({ ok: true });
    const refused = (await failure(http.get('/q', {}, Ok, call({ purpose: 'quote' })))) as VenueRejection;
    expect(refused.code).toBe('venue_rate_limited');
    expect(refused.details?.retryAfterMs).toBe(60_000);
    expect(hits).toBe(4);
    expect(await http.get('/s', {}, Ok, call({ purpose: 'status' }))).toEqual({ ok: true });
    expect(((await failure(http.get('/s', {}, Ok, call({ purpose: 'status' })))) as VenueRejection).code).toBe('venue_rate_limited');
    expect(hits).toBe(5);
    expect(health.breakerOpen).toBe(false);
    clock += 60_001;
    expect(await http.get('/q', {}, Ok, call({ purpose: 'quote' }))).toEqual({ ok: true });
  });
});

describe('5xx, timeouts and 404', () => {
  it('retries a 503 once and counts it as a fault; a 500 is not retried', async () => {
    handler = (_req, res) => json(res, 503, { message: 'busy' });
    const { http, health } = client();
    const error = await failure(http.get('/q', {}, Ok, call()));
    expect(error).toBeInstanceOf(VenueHttpError);
    expect(hits).toBe(2);
    expect(health.snapshot().health).toBe('degraded');
    hits = 0;
    handler = (_req, res) => json(res, 500, { message: 'boom' });
    expect(((await failure(http.get('/q', {}, Ok, call()))) as VenueHttpError).status).toBe(500);
    expect(hits).toBe(1);
  });

  it('retries 502, 503 and 504 up to maxAttempts in all, and answers once an attempt succeeds', async () => {
    const statuses = [502, 504, 200];
    handler = (_req, res) => {
      const status = statuses.shift() ?? 200;
      json(res, status, status === 200 ? { ok: true } : { message: 'gateway' });
    };
    expect(await client({ maxAttempts: 3 }).http.get('/q', {}, Ok, call())).toEqual({ ok: true });
    expect(hits).toBe(3);
    hits = 0;
    handler = (_req, res) => json(res, 503, { message: 'busy' });
    expect(((await failure(client({ maxAttempts: 4 }).http.get('/q', {}, Ok, call()))) as VenueHttpError).status).toBe(503);
    expect(hits).toBe(4);
  });

  it("gives up with the last failure as soon as the caller's signal ends a wait between attempts", async () => {
    handler = (_req, res) => json(res, 503, { message: 'busy' });
    const controller = new AbortController();
    const { http } = client({ maxAttempts: 50 });
    const started = performance.now();
    const pending = failure(http.get('/q', {}, Ok, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 5);
    const error = (await pending) as VenueHttpError;
    expect(error.status).toBe(503);
    // 50 attempts with their waits would take seconds; the abort ends it within the first waits.
    expect(hits).toBeLessThanOrEqual(3);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('a venue that does not answer within the attempt deadline is a timed-out transport fault that opens the breaker after three', async () => {
    handler = () => undefined;
    const { http, health } = client({ attemptTimeoutMs: 50 });
    for (let i = 0; i < 3; i++) {
      const error = (await failure(http.get('/q', {}, Ok, call()))) as VenueTransportError;
      expect(error).toBeInstanceOf(VenueTransportError);
      expect(error.timedOut).toBe(true);
    }
    expect(health.breakerOpen).toBe(true);
    expect(((await failure(http.get('/q', {}, Ok, call()))) as VenueRejection).code).toBe('breaker_open');
  });

  it('notFoundAs turns a 404 into an answer that is no fault; without it a 404 throws', async () => {
    handler = (_req, res) => json(res, 404, { message: 'deposit not found' });
    const { http, health } = client();
    for (let i = 0; i < 5; i++) expect(await http.get('/status', {}, Ok, call({ purpose: 'status' }), { notFoundAs: null })).toBeNull();
    expect(await http.post('/status', {}, Ok, call(), { notFoundAs: 'pending' as const })).toBe('pending');
    expect(health.snapshot()).toEqual({ health: 'healthy', reason: null });
    expect(((await failure(http.get('/status', {}, Ok, call()))) as VenueHttpError).status).toBe(404);
  });
});

describe('answer size cap', () => {
  it('refuses a declared content-length over the cap before reading, as a typed fault', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) });
      res.write('{"ok":');
    };
    const { http, health } = client();
    const error = (await failure(http.get('/q', {}, Ok, call()))) as VenueRejection;
    expect(error.code).toBe('venue_bad_response');
    expect(error.message).toBe(`testvenue answered with more than ${2 * 1024 * 1024} bytes`);
    expect(error.details).toEqual({ path: '', limitBytes: 2 * 1024 * 1024 });
    expect(isVenueFault(error)).toBe(true);
    expect(health.snapshot().health).toBe('degraded');
  });

  it.each([
    ['quickly', 200 * 1024 * 1024, 0],
    ['slowly', 60 * 1024 * 1024, 1],
  ])('stops reading a venue streaming %s far past the cap; the process does not grow by the stream', async (_how, total, pauseMs) => {
    let sent = 0;
    let stopped = false;
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      res.write('{"ok":true,"padding":"');
      res.on('close', () => {
        stopped = true;
      });
      const pump = (): void => {
        while (!stopped && sent < total) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
          if (pauseMs > 0) return void setTimeout(pump, pauseMs);
        }
        if (!stopped) res.end('"}');
      };
      pump();
    };
    global.gc?.();
    const before = process.memoryUsage().rss;
    const error = (await failure(client().http.get('/q', {}, Ok, call()))) as VenueRejection;
    const grown = process.memoryUsage().rss - before;
    expect(error.code).toBe('venue_bad_response');
    expect(error.details).toMatchObject({ limitBytes: 2 * 1024 * 1024 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(true);
    expect(sent).toBeLessThan(total / 2);
    expect(grown).toBeLessThan(64 * 1024 * 1024);
  });

  it('a larger per-call cap (snapshot lists) reads what the default refuses', async () => {
    const padding = 'x'.repeat(3 * 1024 * 1024);
    handler = (_req, res) => json(res, 200, { ok: true, padding });
    const { http } = client();
    expect(((await failure(http.get('/list', {}, Ok, call()))) as VenueRejection).code).toBe('venue_bad_response');
    expect(await http.get('/list', {}, Ok, call(), { maxAnswerBytes: 16 * 1024 * 1024 })).toMatchObject({ ok: true });
    expect(await http.get('/list', {}, Ok, call({ purpose: 'snapshot', maxAnswerBytes: 16 * 1024 * 1024 }))).toMatchObject({ ok: true });
  });

  it('bounds a transport that does not cap the answer itself (plain fetch)', async () => {
    const padding = 'x'.repeat(3 * 1024 * 1024);
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, padding }));
    };
    const { http } = client({ fetch: (input, init) => fetch(input, init) });
    expect(((await failure(http.get('/q', {}, Ok, call()))) as VenueRejection).details).toEqual({ path: '', limitBytes: 2 * 1024 * 1024 });
  });
});

describe('breakers per purpose', () => {
  it('status-poll faults rest status polling only: the venue keeps quoting and is not unhealthy', async () => {
    handler = (req, res) => (req.url?.startsWith('/status') ? json(res, 500, { message: 'indexer down' }) : json(res, 200, { ok: true }));
    const { http, health } = client();
    for (let i = 0; i < 5; i++) await failure(http.get('/status', {}, Ok, call({ purpose: 'status' })));
    expect(((await failure(http.get('/status', {}, Ok, call({ purpose: 'status' })))) as VenueRejection).code).toBe('breaker_open');
    expect(health.breakerOpen).toBe(false);
    expect(await http.get('/quote', {}, Ok, call({ purpose: 'quote' }))).toEqual({ ok: true });
    expect(health.snapshot()).toEqual({ health: 'degraded', reason: expect.stringMatching(/^status polling rested after repeated faults \(quotes unaffected\)/) });
    handler = (req, res) => (req.url?.startsWith('/status') ? json(res, 500, {}) : json(res, 200, { ok: true }));
    const fresh = client();
    await failure(fresh.http.get('/status', {}, Ok, call({ purpose: 'status' })));
    expect(fresh.health.snapshot()).toEqual({ health: 'degraded', reason: expect.stringMatching(/^status polling failed \(quotes unaffected\)/) });
    expect(fresh.health.breakerOpen).toBe(false);
  });

  it('quote faults do open the quote breaker (builds share it)', async () => {
    handler = (_req, res) => json(res, 500, {});
    const { http, health } = client();
    await failure(http.get('/quote', {}, Ok, call({ purpose: 'quote' })));
    await failure(http.post('/build', {}, Ok, call({ purpose: 'build' })));
    await failure(http.get('/quote', {}, Ok, call()));
    expect(health.breakerOpen).toBe(true);
    expect(health.snapshot().health).toBe('unhealthy');
  });
});

describe('mapping-level faults', () => {
  it('answers the client accepted but the adapter refused count toward the breaker like a wrong shape', async () => {
    const { http, health } = client();
    for (let i = 0; i < 3; i++) {
      await http.get('/quote', {}, Ok, call());
      await health.recordMappingFault('testvenue quoted a minimum above its own output');
    }
    expect(health.breakerOpen).toBe(true);
    expect(health.snapshot().reason).toMatch(/minimum above its own output/);
  });

  it('a good answer between two refused ones resets the count', async () => {
    const { http, health } = client();
    for (let i = 0; i < 4; i++) {
      await http.get('/quote', {}, Ok, call());
      if (i % 2 === 0) await health.recordMappingFault('bad');
    }
    await http.get('/quote', {}, Ok, call());
    await health.recordMappingFault('bad');
    expect(health.breakerOpen).toBe(false);
  });

  it('an unsafe answer refused at build counts as a fault and keeps the venue degraded', async () => {
    const { http, health } = client();
    await http.get('/quote', {}, Ok, call());
    health.recordRefusal('main step calls an unknown contract');
    await new Promise((resolve) => setImmediate(resolve));
    await http.get('/quote', {}, Ok, call());
    expect(health.snapshot()).toEqual({ health: 'degraded', reason: 'refused an unsafe answer: main step calls an unknown contract' });
  });
});
