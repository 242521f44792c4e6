import type { FastifyInstance } from 'fastify';

/**
 * Lets `app.close()` finish as soon as the requests in flight are answered. Fastify stops accepting
 * connections and drops idle ones when closing, but a keep-alive connection whose request was still
 * running stays open after its answer and holds the close until the client or the idle timeout ends
 * it. Answers sent while closing therefore say `Connection: close`.
 */
export function registerGracefulDrain(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) void reply.header('connection', 'close');
    return payload;
  });
}
