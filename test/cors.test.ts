import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { createTestStrait } from './testStrait.ts';
import { venueDouble } from './venueDouble.ts';

/**
 * CORS of an open API (spec §5): a dApp's page, on any origin, may call every endpoint from the
 * browser, read the headers it acts on, and its preflights are answered without costing it a request.
 */

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const QUOTE = { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '5000000', sender: USER, recipient: USER };
const ORIGIN = 'https://dapp.example';
const UUID = '00000000-0000-4000-8000-000000000000';
const EXPOSED = ['etag', 'retry-after', 'ratelimit', 'ratelimit-policy', 'x-request-id'];

type Headers = Record<string, string | string[] | number | undefined>;

function expectCorsHeaders(headers: Headers): void {
  expect(headers['access-control-allow-origin']).toBe('*');
  const exposed = String(headers['access-control-expose-headers']).toLowerCase().split(/,\s*/);
  expect(exposed).toEqual(expect.arrayContaining(EXPOSED));
}

let strait: Strait;
// One per minute: a preflight that counted would leave the quote after it refused.
beforeAll(async () => {
  strait = await createTestStrait({ STRAIT_RATE_LIMIT_PER_MINUTE: '1', STRAIT_QUOTE_MIN_WAIT_MS: '0' }, [venueDouble()]);
});
afterAll(() => strait.close());

const preflight = (url: string, method: string, requestHeaders = 'content-type') =>
  strait.app.inject({ method: 'OPTIONS', url, headers: { origin: ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': requestHeaders } });

describe('preflights', () => {
  it.each([
    ['/v1/bridge/source-chains', 'GET'],
    ['/v1/bridge/routes?fromChain=base&toChain=arbitrum', 'GET'],
    ['/v1/bridge/tokens?chain=base', 'GET'],
    ['/v1/bridge/venues', 'GET'],
    ['/v1/bridge/quote', 'POST'],
    ['/v1/bridge/build', 'POST'],
    [`/v1/bridge/transfers/${UUID}/submit`, 'POST'],
    [`/v1/bridge/transfers/${UUID}`, 'GET'],
    [`/v1/bridge/transfers/${UUID}/events`, 'GET'],
  ])('OPTIONS %s (for %s) is 204 with the CORS answer', async (url, method) => {
    const answer = await preflight(url, method, 'content-type, last-event-id');
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
    expectCorsHeaders(answer.headers);
    expect(String(answer.headers['access-control-allow-methods']).split(', ')).toEqual([method]);
    expect(answer.headers.allow).toBe(`${method}, OPTIONS`);
    expect(String(answer.headers['access-control-allow-headers']).toLowerCase().split(', ')).toEqual(expect.arrayContaining(['content-type', 'last-event-id']));
    expect(Number(answer.headers['access-control-max-age'])).toBeGreaterThan(0);
  });

  it('OPTIONS on a path no route serves is still 404 route_not_found in the envelope', async () => {
    const answer = await preflight('/v1/bridge/nothing-here', 'GET');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ error: { code: 'route_not_found', message: 'no endpoint OPTIONS /v1/bridge/nothing-here' } });
    expectCorsHeaders(answer.headers);
  });

  it('preflights of a rate-limited route never count against its limit', async () => {
    for (let i = 0; i < 5; i++) expect((await preflight('/v1/bridge/quote', 'POST')).statusCode).toBe(204);
    const first = await strait.app.inject({ method: 'POST', url: '/v1/bridge/quote', headers: { origin: ORIGIN }, payload: QUOTE });
    expect(first.statusCode).toBe(200);
    expect(first.headers.ratelimit).toMatch(/^"ip";r=0;/);
    expectCorsHeaders(first.headers);
    // The limit itself still holds, and its refusal is readable cross-origin too.
    const second = await strait.app.inject({ method: 'POST', url: '/v1/bridge/quote', headers: { origin: ORIGIN }, payload: { ...QUOTE, sender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } });
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBeDefined();
    expectCorsHeaders(second.headers);
  });
});

describe('every answer carries Access-Control-Allow-Origin and the exposed headers', () => {
  it.each([
    ['a read', 'GET', '/v1/bridge/venues', 200],
    ['a routes answer with its ETag', 'GET', '/v1/bridge/routes?fromChain=base&toChain=arbitrum', 200],
    ['a schema refusal', 'GET', '/v1/bridge/tokens?chain=nowhere', 400],
    ['an unknown transfer', 'GET', `/v1/bridge/transfers/${UUID}`, 404],
    ['an unknown path', 'GET', '/v1/nothing', 404],
    ['a router refusal (malformed percent-encoding)', 'GET', '/v1/bridge/transfers/%zz', 400],
    ['a body of the wrong media type', 'POST', '/v1/bridge/build', 415],
  ] as const)('%s (%s %s → %i)', async (_name, method, url, status) => {
    const answer = await strait.app.inject({ method, url, headers: { origin: ORIGIN, ...(method === 'POST' ? { 'content-type': 'text/plain' } : {}) }, ...(method === 'POST' ? { payload: 'x' } : {}) });
    expect(answer.statusCode).toBe(status);
    expectCorsHeaders(answer.headers);
  });

  it('a quote streamed as Server-Sent Events', async () => {
    const other = await createTestStrait({ STRAIT_QUOTE_MIN_WAIT_MS: '0' }, [venueDouble()]);
    try {
      const answer = await other.app.inject({ method: 'POST', url: '/v1/bridge/quote', headers: { origin: ORIGIN, accept: 'text/event-stream' }, payload: QUOTE });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
      expectCorsHeaders(answer.headers);
    } finally {
      await other.close();
    }
  });

  it('a refusal of the HTTP parser, written before Fastify sees the request', async () => {
    const port = Number(new URL(await strait.listen()).port);
    const answer = await new Promise<string>((resolve) => {
      let out = '';
      const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET /v1/bridge/venues HTTP/1.1\r\nHost: x\r\nOrigin: ${ORIGIN}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
      socket.on('data', (chunk) => (out += chunk.toString()));
      socket.on('close', () => resolve(out));
      socket.on('error', () => resolve(out));
    });
    const head = (answer.split('\r\n\r\n')[0] ?? '').toLowerCase();
    expect(head).toMatch(/^http\/1\.1 431 /);
    expect(head).toContain('\r\naccess-control-allow-origin: *\r\n');
    expect(head).toContain('\r\naccess-control-expose-headers: etag, retry-after, ratelimit, ratelimit-policy, x-request-id\r\n');
  });
});
