import { fastifySSE } from '@fastify/sse';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { AppError } from '../domain/errors.ts';
import type { EngineDeps } from '../engine/EngineDeps.ts';
import type { Metrics } from '../observability/createMetrics.ts';
import { registerBridgeRoutes } from './bridgeRoutes.ts';
import { createSubmittedTransactions } from './submittedTransactions.ts';
import { registerTransferEventRoutes } from './transferEventRoutes.ts';
import { answerClientError } from './answerClientError.ts';
import { sendError } from './errorHandler.ts';
import type { RateLimiter } from './rateLimits/RateLimiter.ts';
import { registerRateLimits } from './rateLimits/registerRateLimits.ts';
import { registerGracefulDrain } from './registerGracefulDrain.ts';
import { registerCors, withCorsHeaders } from './registerCors.ts';
import { registerHttpMetrics } from './registerHttpMetrics.ts';
import { refusePoisonedJson } from './refusePoisonedJson.ts';
import { registerApiReference } from './registerApiReference.ts';
import { API_DESCRIPTION } from './apiDescription.ts';
import { attachExamples } from './examples/attachExamples.ts';
import { documentedSchema } from './examples/documentedSchema.ts';
import { COMPONENT_SCHEMAS } from './schemas.ts';

export interface HttpAppOptions {
  readonly deps: EngineDeps;
  readonly logger: Logger;
  /** `false`, or the proxies whose X-Forwarded-For is believed (addresses, CIDRs, `loopback`). */
  readonly trustProxy: false | string[];
  /** How long a request may take to arrive whole (config `http.requestTimeoutMs`); 30 s when absent. */
  readonly requestTimeoutMs?: number;
  /** The §8 counters; absent or `null` when rate limiting is off. */
  readonly rateLimiter?: RateLimiter | null;
  /** Request metrics and `GET /metrics`; absent in apps that do not expose them. */
  readonly metrics?: Metrics;
  /** The transfer event streams' limits (config `events`); defaults when absent. */
  readonly events?: { readonly maxStreamsPerIp: number; readonly heartbeatMs: number; readonly safetyPollMs?: number };
}

export const BODY_LIMIT_BYTES = 64 * 1024;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Node's `maxHeaderSize` default, which Strait keeps (docs/errors.md: 431 headers_too_large). */
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Builds the Fastify app (without listening): the /v1 routes, /v1/openapi.json generated from the
 * same TypeBox schemas that validate requests, the §8 rate limits, health, readiness and metrics
 * outside /v1, and one error handler that answers every error — Fastify's own included — in the §7
 * envelope.
 */
export async function createHttpApp(options: HttpAppOptions): Promise<FastifyInstance> {
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const app = Fastify({
    loggerInstance: options.logger,
    trustProxy: options.trustProxy === false ? false : options.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // A body that stops midway would otherwise hold its connection for ever (Fastify's default is no
    // limit); Node raises it as a client error, which answerClientError writes as 408 request_timeout.
    requestTimeout,
    // Node only looks for late requests on this interval (30 s by default), so it sets how late the
    // timeout may fire; created with the timeout, the headers' own timeout is never longer than it.
    http: { requestTimeout, connectionsCheckingInterval: Math.min(5_000, Math.max(50, Math.round(requestTimeout / 10))) },
    // Requests that reach an open connection during shutdown are answered, not refused (registerGracefulDrain).
    return503OnClosing: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    // Strict: no type coercion, no silent stripping; an unknown field is a 400 the caller can read.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: true } },
    // Every path parameter reaches the schema (a 400 naming the field) instead of the router's 404:
    // the limit is Node's own header limit, which the request line counts against, so never the shorter.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_HEADER_BYTES },
    // What Node's HTTP parser refuses never reaches a route; it is answered in the envelope as well.
    clientErrorHandler: answerClientError,
    // The router's own refusals (a malformed percent-encoding) are answered in the envelope too.
    frameworkErrors: (error, request, reply) => {
      const refusal = error.code === 'FST_ERR_BAD_URL' ? new AppError('invalid_request', 'the URL is not valid percent-encoding') : new AppError('route_not_found', `no endpoint ${request.method} ${request.url.split('?')[0]}`);
      // Answered before any hook runs: the headers of the onRequest hook below, here.
      void reply.header('x-request-id', request.id);
      withCorsHeaders(reply);
      void sendError(reply, refusal, request);
    },
  });

  // Before any route: it learns each path's methods to answer their preflights (docs/api-reference.md).
  const answerPreflights = registerCors(app as unknown as FastifyInstance);

  // Shared schemas, once: routes point at them by $id, and openapi.json lists them under components.
  for (const schema of COMPONENT_SCHEMAS) app.addSchema(schema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Strait cross-chain transfer aggregation API', version: '1.0.0', description: API_DESCRIPTION },
      servers: [{ url: '/v1' }],
      tags: [
        { name: 'Discovery', description: 'Which chains, pairs and venues Strait serves' },
        { name: 'Quotes', description: 'Pricing a transfer at every venue' },
        { name: 'Transfers', description: 'Building, submitting and tracking a transfer' },
      ],
    },
    // A shared schema is named in components.schemas by its $id (ErrorEnvelope, QuoteRow, …).
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    // Paths are documented relative to the base URL (spec: {base_url} includes /v1).
    transform: ({ schema, url }) => ({ schema: documentedSchema(schema) as never, url: url.replace(/^\/v1(?=\/)/, '') }),
    // Request and response examples recorded from a sandbox run (scripts/recordApiExamples.ts).
    transformObject: (document) => attachExamples((document as { openapiObject: Record<string, unknown> }).openapiObject) as never,
  });

  // Bodies are JSON only: Fastify's default text/plain parser would hand a string to the schema.
  app.removeContentTypeParser('text/plain');
  refusePoisonedJson(app as unknown as FastifyInstance);
  app.setErrorHandler((error, request, reply) => sendError(reply, error, request));
  app.setNotFoundHandler((request, reply) => sendError(reply, new AppError('route_not_found', `no endpoint ${request.method} ${request.url.split('?')[0]}`), request));
  // What every answer carries, set in one callback hook (an async one costs a promise and a microtask
  // hop per request): onRequest, not onSend, since an event stream writes its head itself from the
  // reply's headers so far.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    withCorsHeaders(reply);
    done();
  });

  // Fastify types the instance by its pino Logger; the registrars take the plain instance type.
  const plain = app as unknown as FastifyInstance;
  registerGracefulDrain(plain);
  if (options.metrics) registerHttpMetrics(plain, options.metrics);
  // A submit's txHash the rate limits look up is handed to the route, so the chain is asked once.
  const submitted = options.rateLimiter ? createSubmittedTransactions() : undefined;
  if (options.rateLimiter && submitted) registerRateLimits(plain, { limiter: options.rateLimiter, store: options.deps.store, chains: options.deps, submitted, onRefused: (counters) => options.metrics?.countRateLimited(counters) });

  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    const ready = await options.deps.store.ready();
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready' });
  });

  // Server-Sent Events for the routes that stream: transfer events (docs/events.md) and the quote stream (docs/quotes.md).
  await app.register(fastifySSE, { heartbeatInterval: options.events?.heartbeatMs ?? 15_000 });
  await app.register(
    async (v1) => {
      registerBridgeRoutes(v1, options.deps, submitted);
      registerTransferEventRoutes(v1, options.deps, { maxStreamsPerIp: options.events?.maxStreamsPerIp ?? 20, ...(options.events?.safetyPollMs ? { safetyPollMs: options.events.safetyPollMs } : {}) });
      v1.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      // The reference page, rendered in the browser from openapi.json by Scalar's bundled script,
      // which the plugin serves itself (/v1/docs/js/scalar.js): nothing is fetched from a CDN, and no
      // web fonts either (withDefaultFonts). Tags open so every operation is listed without a click.
      // The plugin is loaded on the page's first request (registerApiReference.ts: memory).
      registerApiReference(v1, { url: '../openapi.json', pageTitle: 'Strait API reference', withDefaultFonts: false, hideClientButton: true, telemetry: false, defaultOpenAllTags: true, showDeveloperTools: 'never' });
    },
    { prefix: '/v1' },
  );
  answerPreflights();
  return app as unknown as FastifyInstance;
}
