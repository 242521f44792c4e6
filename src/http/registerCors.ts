import type { FastifyInstance, FastifyReply, HTTPMethods } from 'fastify';

/**
 * The headers every answer carries so a page of any origin may call Strait from a browser: the API
 * is open (spec §5: no key, no account, no cookies), so `*` is the whole policy and there is no
 * per-origin decision to make. Also written by answerClientError, whose answers bypass Fastify, and
 * by createHttpApp's router-refusal handler, which runs before any hook.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  // Beyond the CORS-safelisted ones, what a client acts on: the routes' validator, when to retry,
  // its rate-limit budget, and the id to quote in a report.
  'access-control-expose-headers': 'ETag, Retry-After, RateLimit, RateLimit-Policy, X-Request-Id',
};

/** What a preflight may ask for: a JSON body, an event stream resumed by id, a request id of the caller's. */
const ALLOWED_REQUEST_HEADERS = 'Content-Type, Last-Event-ID, X-Request-Id';
/** Seconds a browser may reuse a preflight's answer (Chromium caps it at 7200). */
const PREFLIGHT_MAX_AGE_S = 7_200;

/**
 * CORS without a plugin: a `204` preflight answer for `OPTIONS` on each path a route serves, naming that path's methods.
 * An `OPTIONS` on a path no route serves stays `404 route_not_found`; preflights are no route of
 * spec §8, so they never count against a rate limit. The headers above go on every answer from
 * createHttpApp's one onRequest hook (withCorsHeaders). Call before any route is added, and the
 * function it returns once every route is.
 */
export function registerCors(app: FastifyInstance): () => void {
  const methodsByUrl = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const methods = methodsByUrl.get(route.url) ?? new Set<string>();
      methodsByUrl.set(route.url, methods.add(method));
    }
  });
  return () => {
    for (const [url, methods] of methodsByUrl) {
      const allowed = [...methods].join(', ');
      app.route({
        method: 'OPTIONS' as HTTPMethods,
        url,
        schema: { hide: true },
        handler: (_request, reply) =>
          reply.status(204).header('allow', `${allowed}, OPTIONS`).header('access-control-allow-methods', allowed).header('access-control-allow-headers', ALLOWED_REQUEST_HEADERS).header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S)).send(),
      });
    }
  };
}

/** Sets the headers on one answer. */
export function withCorsHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(CORS_HEADERS)) void reply.header(name, value);
}
