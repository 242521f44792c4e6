import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_FREE_SOCKETS_PER_HOST } from '../src/venues/nodeHttpFetch.ts';
import type { RecordedCall } from './recordVenueCalls.ts';

/**
 * The floor Strait's quote is measured against: a bare `node:http` server that, per `POST`, makes
 * the same 36 keep-alive venue calls (one POST per venue to its fake, with the agent settings of
 * Strait's own venue client), parses each answer, and returns them: no validation, ranking, store
 * or breaker. What Strait's quote costs beyond this is what Strait itself does.
 */
export async function startBareFanOut(fakesUrl: string, venueIds: readonly string[]): Promise<{ url: string; close: () => Promise<void> }> {
  return serveFanOut((asked) => {
    const payload = JSON.stringify({ fromChain: asked.fromChain, toChain: asked.toChain, fromToken: 'USDC', toToken: 'USDC', amount: asked.amountAtomic });
    const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) };
    return venueIds.map((id) => ({ url: `${fakesUrl}/${id}/quote`, method: 'POST', headers, body: payload }));
  });
}

/**
 * The same floor for the real adapters: per `POST`, the very calls a Strait quote made to the
 * venues' real-dialect fakes (recorded by bench/recordVenueCalls.ts: URLs, methods, headers and
 * bodies), each answer parsed, all returned.
 */
export async function startReplayingFanOut(calls: readonly RecordedCall[]): Promise<{ url: string; close: () => Promise<void> }> {
  // Prepared once: the baseline pays nothing per call for them.
  const prepared = calls.map((call) => ({ url: call.url, method: call.method, headers: Object.assign({}, call.headers, { 'content-length': String(Buffer.byteLength(call.body)) }), body: call.body }));
  return serveFanOut(() => prepared);
}

async function serveFanOut(callsFor: (asked: { fromChain?: string; toChain?: string; amountAtomic?: string }) => readonly RecordedCall[]): Promise<{ url: string; close: () => Promise<void> }> {
  const agent = new http.Agent({ keepAlive: true, maxFreeSockets: MAX_FREE_SOCKETS_PER_HOST });
  const callVenue = (call: RecordedCall): Promise<unknown> =>
    new Promise((resolve) => {
      // `headers` carry their content-length already.
      const request = http.request(call.url, { method: call.method, agent, headers: call.headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch {
            resolve(null);
          }
        });
        response.on('error', () => resolve(null));
      });
      request.on('error', () => resolve(null));
      request.end(call.body);
    });

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const asked = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { fromChain?: string; toChain?: string; amountAtomic?: string };
      const calls = callsFor(asked);
      void Promise.all(calls.map(callVenue)).then((answers) => {
        const body = JSON.stringify({ quotes: answers.map((answer, i) => ({ url: calls[i]?.url, answer })) });
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        response.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}
