import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

type Handler = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * The paths, under the prefix, of the routes Scalar's plugin declares for a page whose spec is a URL,
 * in an app that ignores trailing slashes (createHttpApp): `/docs` reaches `/docs/`, whose handler
 * redirects it there so the page's relative script path resolves.
 */
const PAGE_PATHS = ['/docs/', '/docs/js/scalar.js'] as const;

/**
 * The API reference at `<prefix>/docs`, by Scalar's Fastify plugin, whose module is loaded on the
 * page's first request instead of at start-up: it carries Scalar's 4.8 MB browser bundle as a string
 * literal, which a process that never serves the page held all its life (≈ 10–20 MB of RSS with the
 * module's source). The routes are declared here, and each hands over to the handler the plugin
 * declares for the same path, collected once from the plugin run against a stand-in instance.
 */
export function registerApiReference(app: FastifyInstance, configuration: Record<string, unknown>): void {
  let handlers: Promise<Map<string, Handler>> | null = null;
  const load = async (): Promise<Map<string, Handler>> => {
    const { default: plugin } = await import('@scalar/fastify-api-reference');
    const collected = new Map<string, Handler>();
    const collector = {
      hasPlugin: () => false,
      log: app.log,
      initialConfig: app.initialConfig,
      route: (route: RouteOptions) => collected.set(route.url, route.handler as Handler),
    };
    await new Promise<void>((resolve, reject) => (plugin as unknown as (instance: unknown, options: unknown, done: (error?: Error) => void) => void)(collector, { routePrefix: '/docs', configuration }, (error) => (error ? reject(error) : resolve())));
    for (const path of PAGE_PATHS) if (!collected.has(path)) throw new Error(`@scalar/fastify-api-reference no longer declares ${path}`);
    return collected;
  };
  for (const path of PAGE_PATHS) {
    app.get(path, { schema: { hide: true } }, async function (request, reply) {
      handlers ??= load().catch((error: unknown) => {
        handlers = null; // a failed load is retried by the next request
        throw error;
      });
      const handler = (await handlers).get(path) as Handler;
      return handler.call(this, request, reply);
    });
  }
}
