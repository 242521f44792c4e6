import Fastify, { type FastifyInstance } from 'fastify';
import type { Store } from '../store/openStore.ts';
import type { Metrics } from './createMetrics.ts';

export interface WorkerProbes {
  /** `http://host:port` the probes answer on. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * `strait worker` serves no API, yet has its own metrics (transfers it finished, their durations) and
 * needs probes: `/health`, `/ready` and `/metrics` on a port of its own, the same answers as the API's.
 */
export async function startWorkerProbes(options: { readonly host: string; readonly port: number; readonly store: Store; readonly metrics: Metrics }): Promise<WorkerProbes> {
  const app: FastifyInstance = Fastify({ logger: false });
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    const ready = await options.store.ready();
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready' });
  });
  app.get('/metrics', async (_request, reply) => reply.type(options.metrics.registry.contentType).send(await options.metrics.registry.metrics()));
  const address = await app.listen({ host: options.host, port: options.port });
  return { url: address, close: () => app.close() };
}
