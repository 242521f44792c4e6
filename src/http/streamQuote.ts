import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EngineDeps } from '../engine/EngineDeps.ts';
import type { QuoteBody } from '../engine/quoteInput.ts';
import type { QuoteStreamListener } from '../engine/quoteStream.ts';
import { quoteTransfer } from '../engine/quoteTransfer.ts';
import { toEnvelope } from './errorHandler.ts';

type SseReply = NonNullable<FastifyReply['sse']>;

/**
 * POST /bridge/quote with `Accept: text/event-stream` (docs/quotes.md): each venue's answer or
 * rejection the moment it arrives, then the final decision, identical to the JSON answer's, and the
 * stream ends. A request that is invalid before any venue is asked gets the ordinary JSON error
 * envelope and status; after that, a fault is an `error` event carrying the same envelope.
 */
export async function streamQuote(deps: EngineDeps, request: FastifyRequest<{ Body: QuoteBody }>, sse: SseReply): Promise<void> {
  let open = false;
  let nextId = 0;
  // Sends are asynchronous (backpressure): chaining them keeps the events in arrival order.
  let queue: Promise<void> = Promise.resolve();
  const emit = (event: string, data: unknown): void => {
    const id = String(++nextId);
    queue = queue.then(() => (sse.isConnected ? sse.send({ id, event, data }) : undefined));
  };
  const listener: QuoteStreamListener = {
    opened: () => {
      open = true;
      sse.sendHeaders(200);
    },
    quote: (row) => emit('quote', row),
    rejected: (rejection) => emit('rejection', rejection),
  };
  try {
    const decision = await quoteTransfer(deps, request.body, request.id, listener);
    emit('decision', decision);
  } catch (error) {
    if (!open) throw error;
    const { body } = toEnvelope(error);
    if (body.error.code === 'internal_error') request.log.error({ err: error }, 'streamed quote failed');
    emit('error', body);
  }
  await queue;
}
