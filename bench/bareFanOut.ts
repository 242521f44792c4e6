import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_FREE_SOCKETS_PER_HOST } from '../src/venues/nodeHttpFetch.ts';

/**
 * The floor Strait's quote is measured against: a bare `node:http` server that, per `POST`, makes
 * the same 36 keep-alive venue calls (one POST per venue to its fake, with the agent settings of
 * Strait's own venue client), parses each answer, and returns them: no validation, ranking, store
 * or breaker. What Strait's quote costs beyond this is what Strait itself does.
 */
export async function startBareFanOut(fakesUrl: string, venueIds: readonly string[]): Promise<{ url: string; close: () => Promise<void> }> {
  const agent = new http.Agent({ keepAlive: true, maxFreeSockets: MAX_FREE_SOCKETS_PER_HOST });
  const callVenue = (id: string, payload: string): Promise<unknown> =>
    new Promise((resolve) => {
      const request = http.request(`${fakesUrl}/${id}/quote`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (response) => {
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
      request.end(payload);
    });

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const asked = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { fromChain?: string; toChain?: string; amountAtomic?: string };
      const payload = JSON.stringify({ fromChain: asked.fromChain, toChain: asked.toChain, fromToken: 'USDC', toToken: 'USDC', amount: asked.amountAtomic });
      void Promise.all(venueIds.map((id) => callVenue(id, payload))).then((answers) => {
        const body = JSON.stringify({ quotes: answers.map((answer, i) => ({ venue: venueIds[i], answer })) });
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
