import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP server for venue fakes. Each fake declares its real routes; the harness adds the
 * faults tests need (hang, 5xx, connection reset, malformed JSON, a delay) and records every request
 * so tests can assert the dialect the adapter spoke.
 */

export interface FakeRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingMessage['headers'];
  readonly body: unknown;
}

export interface FakeReply {
  readonly status?: number;
  readonly body: unknown;
}

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export type FakeFault =
  | { kind: 'hang' }
  | { kind: 'status'; status: number; body?: unknown }
  | { kind: 'reset' }
  | { kind: 'malformed' }
  | { kind: 'delay'; ms: number };

export interface FakeServer {
  readonly url: string;
  readonly requests: FakeRequest[];
  /** Applies `fault` to every following request until cleared (`null`). */
  setFault(fault: FakeFault | null): void;
  close(): Promise<void>;
}

export async function startFakeServer(routes: Readonly<Record<string, FakeHandler>>, options: { port?: number } = {}): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  let fault: FakeFault | null = null;
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { message: `fake failed: ${(error as Error).message}` });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(req);
    const request: FakeRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: raw ? safeParse(raw) : undefined };
    requests.push(request);
    const current = fault;
    if (current?.kind === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (current?.kind === 'reset') {
      req.socket.destroy();
      return;
    }
    if (current?.kind === 'status') return send(res, current.status, current.body ?? { message: 'fake fault' });
    if (current?.kind === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"truncated": ');
      return;
    }
    if (current?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, current.ms));
    const handler = routes[`${request.method} ${request.path}`] ?? matchPattern(routes, request);
    if (!handler) return send(res, 404, { message: `no fake route for ${request.method} ${request.path}` });
    const reply = await handler(request);
    send(res, reply.status ?? 200, reply.body);
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setFault(next) {
      fault = next;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Routes may use `:name` segments, e.g. `GET /v2/messages/:domain`; the values land in `query`. */
function matchPattern(routes: Readonly<Record<string, FakeHandler>>, request: FakeRequest): FakeHandler | undefined {
  const parts = request.path.split('/');
  for (const [key, handler] of Object.entries(routes)) {
    const [method, pattern] = key.split(' ');
    if (method !== request.method || !pattern?.includes(':')) continue;
    const patternParts = pattern.split('/');
    if (patternParts.length !== parts.length) continue;
    const params: [string, string][] = [];
    const matches = patternParts.every((p, i) => {
      if (p.startsWith(':')) {
        params.push([p.slice(1), decodeURIComponent(parts[i] ?? '')]);
        return true;
      }
      return p === parts[i];
    });
    if (matches) {
      for (const [name, value] of params) request.query.set(name, value);
      return handler;
    }
  }
  return undefined;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function safeParse(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}
