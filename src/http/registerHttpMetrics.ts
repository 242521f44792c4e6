import type { FastifyInstance } from 'fastify';
import type { Metrics, QuoteOutcome } from '../observability/createMetrics.ts';

/**
 * Request counts and latencies per route template and status for every request, the quote's own
 * latency and per-venue outcomes read from its answer, and `GET /metrics` (Prometheus text format,
 * outside /v1, not rate limited).
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeHttp({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode }, reply.elapsedTime / 1000);
  });
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode === 200 && request.method === 'POST' && request.routeOptions.url === '/v1/bridge/quote') metrics.observeQuote(payload as QuoteOutcome, reply.elapsedTime / 1000);
    return payload;
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()));
}
