import { setMaxListeners } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttemptTimedOut, nodeHttpFetch, requestOptionsOf } from './nodeHttpFetch.ts';

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    // /hang never answers; anything else answers at once.
    if (req.url === '/hang') return;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('nodeHttpFetch: its own attempt deadline beside the caller signal', () => {
  it('fails with AttemptTimedOut when the venue does not answer within timeoutMs', async () => {
    const error: unknown = await nodeHttpFetch(`${base}/hang`, { timeoutMs: 30 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AttemptTimedOut);
  });

  it('answers normally within the deadline, and the deadline does not fire afterwards', async () => {
    const answer = await nodeHttpFetch(`${base}/ok`, { timeoutMs: 30 });
    expect([answer.status, answer.ok, answer.headers.get('Content-Type'), answer.headers.get('retry-after')]).toEqual([200, true, 'application/json', null]);
    expect(await answer.json()).toEqual({ ok: true });
    // Were the timer left running it would destroy a request already handed back: nothing to see, nothing thrown.
    await new Promise((resolve) => setTimeout(resolve, 60));
  });

  it('ends every call listening to one shared signal with its reason, without a listener-leak warning', async () => {
    const controller = new AbortController();
    setMaxListeners(0, controller.signal);
    const warnings: Error[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning);
    process.on('warning', onWarning);
    const calls = Array.from({ length: 40 }, () => nodeHttpFetch(`${base}/hang`, { signal: controller.signal, timeoutMs: 10_000 }).catch((e: unknown) => e));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const reason = new Error('the quote answered without this venue');
    controller.abort(reason);
    for (const outcome of await Promise.all(calls)) expect(outcome).toBe(reason);
    process.off('warning', onWarning);
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});

describe('nodeHttpFetch: the request it sends', () => {
  it('carries the path, query, method, headers, body and credentials of the URL, as Node would read them', async () => {
    const seen: { url?: string; method?: string; host?: string; auth?: string; custom?: string; body: string }[] = [];
    const echo = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ url: req.url, method: req.method, host: req.headers.host, auth: req.headers.authorization, custom: req.headers['x-venue'] as string | undefined, body });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const port = (echo.address() as AddressInfo).port;
    try {
      await nodeHttpFetch(`http://127.0.0.1:${port}/v1/quote?from=a%20b&to=c#frag`, { method: 'POST', headers: { 'x-venue': 'one' }, body: '{"x":1}' });
      await nodeHttpFetch(`http://us%3Aer:p%40ss@127.0.0.1:${port}/status`);
      expect(seen).toEqual([
        { url: '/v1/quote?from=a%20b&to=c', method: 'POST', host: `127.0.0.1:${port}`, auth: undefined, custom: 'one', body: '{"x":1}' },
        { url: '/status', method: 'GET', host: `127.0.0.1:${port}`, auth: `Basic ${Buffer.from('us:er:p@ss').toString('base64')}`, custom: undefined, body: '' },
      ]);
    } finally {
      echo.closeAllConnections();
      await new Promise((resolve) => echo.close(resolve));
    }
  });

  it('reads an IPv6 host without its brackets and the default port as none, as urlToHttpOptions does', () => {
    const agent = new http.Agent();
    expect(requestOptionsOf(new URL('http://[::1]:8545/rpc?a=1'), {}, agent)).toMatchObject({ hostname: '::1', port: 8545, path: '/rpc?a=1', method: 'GET' });
    expect(requestOptionsOf(new URL('https://api.example.org/v1'), { method: 'POST' }, agent)).toMatchObject({ protocol: 'https:', hostname: 'api.example.org', port: undefined, path: '/v1', method: 'POST' });
    expect(requestOptionsOf(new URL('https://api.example.org/v1'), {}, agent).auth).toBeUndefined();
  });
});
