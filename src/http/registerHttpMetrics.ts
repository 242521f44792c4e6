import type { FastifyInstance } from 'fastify';
import type { Metrics, QuoteOutcome } from '../observability/createMetrics.ts';

/**
 * Request counts and latencies per route template and status for every request, the quote's own
 * latency and per-venue outcomes read from its answer, and `GET /metrics` (Prometheus text format,
 * outside /v1, not rate limited).
 */
const SUBMIT_ROUTE = '/v1/bridge/transfers/:id/submit';

export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  // Callback hooks, not async ones: they run on every request, and an async hook costs Fastify a
  // promise and a microtask hop each (the reads of GET /bridge/transfers/{id} are mostly this).
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeHttp({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (request.method === 'POST') {
      if (reply.statusCode === 200 && request.routeOptions.url === '/v1/bridge/quote') metrics.observeQuote(payload as QuoteOutcome, reply.elapsedTime / 1000);
      if (reply.statusCode >= 400 && request.routeOptions.url === SUBMIT_ROUTE) {
        const code = (payload as { error?: { code?: unknown } } | null)?.error?.code;
        if (typeof code === 'string') metrics.countSubmitRefusal(code);
      }
    }
    done(null, payload);
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()));
}
