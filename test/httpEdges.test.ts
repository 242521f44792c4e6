import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { createTestStrait } from './testStrait.ts';
import { venueDouble } from './venueDouble.ts';

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const QUOTE = JSON.stringify({ fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '5000000', sender: USER, recipient: USER });

/** Writes raw bytes to the server and collects everything it answers until it closes (or 3 s pass). */
function exchange(port: number, payload: string, afterWrite?: () => void): Promise<string> {
  return new Promise((resolve) => {
    let out = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(payload);
      afterWrite?.();
    });
    socket.on('data', (chunk) => (out += chunk.toString()));
    socket.on('close', () => resolve(out));
    socket.on('error', () => resolve(out));
    setTimeout(() => socket.destroy(), 3_000).unref();
  });
}

function envelopeOf(answer: string): { status: number; code: string | undefined; headers: string } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const parsed = body ? (JSON.parse(body) as { error?: { code?: string } }) : {};
  return { status, code: parsed.error?.code, headers: head.toLowerCase() };
}

describe('the HTTP edge answers every refusal in the §7 envelope', () => {
  let app: Strait;
  let port: number;
  beforeAll(async () => {
    app = await createTestStrait({}, [venueDouble()]);
    port = Number(new URL(await app.listen()).port);
  });
  afterAll(() => app.close());

  it.each([
    ['text/plain', 415, 'unsupported_media_type'],
    ['text/plain; charset=utf-8', 415, 'unsupported_media_type'],
    ['application/x-www-form-urlencoded', 415, 'unsupported_media_type'],
    ['application/json; charset=utf-8', 200, undefined],
    ['(no Content-Type)', 415, 'unsupported_media_type'],
  ])('a quote body sent as %s is %i', async (contentType, status, code) => {
    const headers: Record<string, string> = contentType.startsWith('(') ? {} : { 'content-type': contentType };
    const response = await app.app.inject({ method: 'POST', url: '/v1/bridge/quote', headers, payload: QUOTE });
    expect(response.statusCode).toBe(status);
    if (code) expect(response.json()).toMatchObject({ error: { code } });
  });

  // Up to the header limit, which the request line counts against: past it the parser answers 431.
  it.each([
    ['GET', 101, ''],
    ['GET', 1_001, ''],
    ['GET', 16_000, ''],
    ['GET', 5_000, '/events'],
    ['POST', 5_000, '/submit'],
  ])('answers %s a transfer id of %i characters%s with 400 invalid_request, as any malformed id', async (method, length, tail) => {
    const id = 'a'.repeat(length);
    const request = `${method} /v1/bridge/transfers/${id}${tail} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`;
    expect(envelopeOf(await exchange(port, request))).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it.each([
    ['a top-level __proto__', '{"__proto__":{"polluted":true}}', '/body/__proto__', '__proto__'],
    ['a nested __proto__', `${QUOTE.slice(0, -1)},"x":[{"__proto__":{}}]}`, '/body/x/0/__proto__', '__proto__'],
    ['a constructor holding a prototype', '{"constructor":{"prototype":{"polluted":true}}}', '/body/constructor/prototype', 'constructor.prototype'],
  ])('answers a valid JSON body with %s as 400 invalid_request naming the key, not malformed_json', async (_name, payload, path, key) => {
    const response = await app.app.inject({ method: 'POST', url: '/v1/bridge/quote', headers: { 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(400);
    const { error } = response.json() as { error: { code: string; message: string; details: { issues: { path: string }[] } } };
    expect(error.code).toBe('invalid_request');
    expect(error.message).toContain(`\`${key}\` key`);
    expect(error.message).not.toMatch(/not valid JSON/);
    expect(error.details.issues).toMatchObject([{ path }]);
  });

  it.each([['text that does not parse', '{"a":'], ['a lone __proto__ that does not parse either', '{"__proto__":']])('still answers %s with 400 malformed_json', async (_name, payload) => {
    const response = await app.app.inject({ method: 'POST', url: '/v1/bridge/quote', headers: { 'content-type': 'application/json' }, payload });
    expect(response.json()).toMatchObject({ error: { code: 'malformed_json', message: 'the body is not valid JSON' } });
  });

  it('still accepts a constructor key that holds no prototype (the schema refuses it as an unknown field)', async () => {
    const response = await app.app.inject({ method: 'POST', url: '/v1/bridge/quote', headers: { 'content-type': 'application/json' }, payload: `${QUOTE.slice(0, -1)},"constructor":{"a":1}}` });
    expect(response.json()).toMatchObject({ error: { code: 'invalid_request', details: { issues: [{ params: { additionalProperty: 'constructor' } }] } } });
  });

  it('answers headers over the limit with 431 headers_too_large', async () => {
    const answer = envelopeOf(await exchange(port, `GET /v1/bridge/venues HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(answer).toMatchObject({ status: 431, code: 'headers_too_large' });
    expect(answer.headers).toContain('connection: close');
  });

  it.each([
    ['a malformed header line', 'GET /v1/bridge/venues HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n'],
    ['a NUL in the path', 'GET /v1/bridge/ven\u0000ues HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a request line that is not HTTP', 'HELLO\r\n\r\n'],
  ])('answers %s with 400 malformed_request', async (_name, payload) => {
    expect(envelopeOf(await exchange(port, payload))).toMatchObject({ status: 400, code: 'malformed_request' });
  });
});

describe('a request that never arrives whole', () => {
  let app: Strait;
  let port: number;
  beforeAll(async () => {
    app = await createTestStrait({ STRAIT_HTTP_REQUEST_TIMEOUT_MS: '300' }, [venueDouble()]);
    port = Number(new URL(await app.listen()).port);
  });
  afterAll(() => app.close());

  it.each([
    ['a body that stops midway', `POST /v1/bridge/quote HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(QUOTE)}\r\n\r\n${QUOTE.slice(0, 20)}`],
    ['headers that never end', 'GET /v1/bridge/venues HTTP/1.1\r\nHost: x\r\nX-Slow: y'],
  ])('answers %s with 408 request_timeout and closes the connection', async (_name, payload) => {
    const started = Date.now();
    const answer = envelopeOf(await exchange(port, payload));
    expect(answer).toMatchObject({ status: 408, code: 'request_timeout' });
    expect(answer.headers).toContain('connection: close');
    // The server closed it, well before the client's own 3 s give-up.
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('leaves a request that arrives in time alone', async () => {
    const request = `POST /v1/bridge/quote HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(QUOTE)}\r\nConnection: close\r\n\r\n${QUOTE}`;
    expect(envelopeOf(await exchange(port, request)).status).toBe(200);
  });
});

describe('shutdown', () => {
  it('answers the requests that already arrived before it closes, then closes the connection', async () => {
    const slow = venueDouble();
    const create = slow.create.bind(slow);
    slow.create = (deps) => {
      const venue = create(deps);
      return { ...venue, quote: async (request, call) => new Promise((resolve) => setTimeout(resolve, 300)).then(() => venue.quote(request, call)) };
    };
    const app = await createTestStrait({}, [slow]);
    const port = Number(new URL(await app.listen()).port);
    const request = `POST /v1/bridge/quote HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(QUOTE)}\r\n\r\n${QUOTE}`;
    let closing: Promise<void> | undefined;
    const started = Date.now();
    // Two pipelined quotes: the second is read only once the first is answered, after shutdown began.
    const answer = await exchange(port, request + request, () => {
      setTimeout(() => (closing = app.close()), 100);
    });
    await closing;
    // The server closed the connection itself once both were answered (the client gives up at 3 s).
    expect(Date.now() - started).toBeLessThan(2_500);
    const statuses = [...answer.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
    expect(statuses).toEqual([200, 200]);
  });
});
