import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One venue call as a Strait quote made it: where, how, and with what body. */
export interface RecordedCall {
  readonly url: string;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface CallRecorder {
  /**
   * The settings `env` with every loopback origin in its values (but those in `except`) replaced by
   * a recording proxy's, which forwards to the origin it stands for, byte for byte.
   */
  proxied(env: Readonly<Record<string, string>>, except?: readonly string[]): Promise<Record<string, string>>;
  /** The venue calls of the last quote recorded (its calls share their `x-request-id`). */
  lastQuoteCalls(): readonly RecordedCall[];
  close(): Promise<void>;
}

const LOOPBACK_ORIGIN = /http:\/\/127\.0\.0\.1:\d+/g;
// Hop-by-hop or recomputed when the call is made again.
const DROPPED = new Set(['host', 'connection', 'content-length', 'keep-alive', 'transfer-encoding']);

/**
 * Records the venue calls a Strait quote makes, so the bare fan-out baseline can make the very same
 * calls (bench/bareFanOut.ts): a proxy per venue origin in front of the fakes, used only by a
 * recording service, never by a measured one.
 */
export async function startCallRecorder(): Promise<CallRecorder> {
  const proxies = new Map<string, { url: string; server: http.Server }>();
  const byRequest = new Map<string, RecordedCall[]>();
  const agent = new http.Agent({ keepAlive: true });

  const proxyFor = async (origin: string): Promise<string> => {
    const known = proxies.get(origin);
    if (known) return known.url;
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(request.headers)) if (!DROPPED.has(name) && typeof value === 'string') headers[name] = value;
        const url = `${origin}${request.url ?? '/'}`;
        const id = headers['x-request-id'] ?? '';
        const calls = byRequest.get(id) ?? [];
        calls.push({ url, method: request.method ?? 'GET', headers, body: body.toString('utf8') });
        byRequest.set(id, calls);
        const upstream = http.request(url, { method: request.method, headers: { ...headers, 'content-length': String(body.length) }, agent }, (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        });
        upstream.on('error', () => {
          response.writeHead(502);
          response.end();
        });
        upstream.end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    proxies.set(origin, { url, server });
    return url;
  };

  return {
    async proxied(env, except = []) {
      const origins = new Set(Object.values(env).flatMap((value) => value.match(LOOPBACK_ORIGIN) ?? []));
      const proxyOf = new Map<string, string>();
      for (const origin of origins) if (!except.includes(origin)) proxyOf.set(origin, await proxyFor(origin));
      return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value.replace(LOOPBACK_ORIGIN, (origin) => proxyOf.get(origin) ?? origin)]));
    },
    lastQuoteCalls() {
      const groups = [...byRequest.entries()].filter(([id]) => id !== '');
      return groups.at(-1)?.[1] ?? [];
    },
    async close() {
      agent.destroy();
      await Promise.all(
        [...proxies.values()].map(
          ({ server }) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}
