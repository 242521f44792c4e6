import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback JSON-RPC proxy in front of a real node, counting each method it forwards. */
export interface CountingRpcProxy {
  readonly url: string;
  /** How many times `method` was forwarded, batched calls included. */
  calls(method: string): number;
  close(): Promise<void>;
}

export async function startCountingRpcProxy(target: string): Promise<CountingRpcProxy> {
  const counts = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const parsed = JSON.parse(body) as { method?: unknown } | { method?: unknown }[];
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) if (typeof call.method === 'string') counts.set(call.method, (counts.get(call.method) ?? 0) + 1);
      } catch {
        // not JSON: forwarded as it is, for the node to refuse
      }
      void fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (answer) => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()))
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls: (method) => counts.get(method) ?? 0,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
