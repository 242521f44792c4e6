import type { FastifyInstance } from 'fastify';

/**
 * Lets `app.close()` finish as soon as the requests that reached the service are answered, and
 * answers every one of them: Fastify stops accepting connections and drops idle ones when closing,
 * but a keep-alive connection whose request was still running stays open after its answer and would
 * hold the close until the client or the idle timeout ends it.
 *
 * So while closing, each answer is followed (once it has left) by closing the connections that have
 * nothing left to answer. A request the client had already sent on the same connection (pipelined,
 * or arriving before the answer left) is read and answered first: Fastify's own `503 on closing` is
 * switched off in createHttpApp, so it is served like any other.
 */
export function registerGracefulDrain(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    // After the answer has left, the parser reads any request already buffered on the connection
    // before the next turn; only then is the connection idle and safe to close.
    if (closing) setImmediate(() => app.server.closeIdleConnections());
    done();
  });
}
