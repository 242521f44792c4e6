import type { FastifyInstance } from 'fastify';
import { AppError } from '../domain/errors.ts';
import { isTerminal } from '../domain/transferStatus.ts';
import type { EngineDeps } from '../engine/EngineDeps.ts';
import { transferEventView } from '../engine/transferEventView.ts';
import { latestTransferEvent, listTransferEventsAfter } from '../store/transferEventRepository.ts';
import { findTransfer } from '../store/transferRepository.ts';
import { errorResponses } from './errorResponses.ts';
import * as S from './schemas.ts';

export interface TransferEventStreamOptions {
  /** Open streams one client IP may hold at once. */
  readonly maxStreamsPerIp: number;
  /** How often a stream reads the store even without a notification (a lost NOTIFY, a reconnecting listener). */
  readonly safetyPollMs?: number;
}

const PAGE = 100;

/**
 * `GET /bridge/transfers/{id}/events` (docs/events.md): the transfer's current state at once, then
 * every change, as Server-Sent Events whose ids are the per-transfer event numbers. `Last-Event-ID`
 * resumes after an event; the stream ends after the terminal event, and a resume past it answers
 * `204` (an EventSource stops reconnecting). Events come from the store, so a change written by any
 * replica reaches every stream.
 */
export function registerTransferEventRoutes(app: FastifyInstance, deps: EngineDeps, options: TransferEventStreamOptions): void {
  const openByIp = new Map<string, number>();
  const safetyPollMs = options.safetyPollMs ?? 5_000;
  // A stream never ends by itself before the transfer does: closing the app ends them (clients resume).
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  app.get<{ Params: { id: string }; Querystring: { lastEventId?: string }; Headers: { 'last-event-id'?: string } }>(
    '/bridge/transfers/:id/events',
    {
      sse: { kind: 'manual' },
      schema: {
        operationId: 'streamTransferEvents',
        tags: ['Transfers'],
        summary: 'Follow a transfer as Server-Sent Events',
        description:
          'A `text/event-stream`: first the transfer as it stands, then every change (status, substatus, verification, fee rows, hashes, claim, postStep), each an event `transfer` whose `data` is the Transfer and whose `id` numbers the transfer\'s changes from 1. Reconnect with `Last-Event-ID` (or `?lastEventId=`) to receive every change after it; nothing is missed. `: heartbeat` comments keep the connection open. The stream ends after a terminal status; a resume past it answers `204`. Not rate limited, but at most STRAIT_EVENTS_MAX_STREAMS_PER_IP open streams per IP (docs/events.md).',
        params: S.TransferParams,
        querystring: S.TransferEventsQuery,
        headers: S.TransferEventsHeaders,
        response: {
          200: { description: 'The event stream', content: { 'text/event-stream': { schema: { type: 'string', description: 'Server-Sent Events: `id: <n>`, `event: transfer`, `data: <Transfer JSON>`' } } } },
          204: { type: 'null', description: 'The transfer is terminal and the stream had already sent its last event' },
          ...errorResponses(['transfer_not_found', 'invalid_last_event_id', 'too_many_streams']),
        },
      },
    },
    async (request, reply) => {
      const id = request.params.id.toLowerCase();
      const given = request.headers['last-event-id'] ?? request.query.lastEventId;
      const lastEventId = given === undefined ? null : parseLastEventId(String(given));
      const transfer = await findTransfer(deps.store.db, id);
      if (!transfer) throw new AppError('transfer_not_found', `no transfer ${id}`);
      let cursor: number;
      if (lastEventId === null) cursor = Math.max(0, ((await latestTransferEvent(deps.store.db, id))?.seq ?? 1) - 1);
      else cursor = lastEventId;
      if (lastEventId !== null && isTerminal(transfer.status) && (await listTransferEventsAfter(deps.store.db, id, cursor, 1)).length === 0) return reply.code(204).send();
      const ip = request.ip;
      const open = openByIp.get(ip) ?? 0;
      if (open >= options.maxStreamsPerIp) throw new AppError('too_many_streams', `this IP already holds ${open} open event streams`, { retryAfterMs: 5_000 });
      openByIp.set(ip, open + 1);

      let closed = false;
      let pumping: Promise<void> | null = null;
      let wanted = false;
      const pump = async () => {
        while (!closed) {
          const events = await listTransferEventsAfter(deps.store.db, id, cursor, PAGE);
          for (const event of events) {
            if (closed) return;
            await reply.sse.send({ id: String(event.seq), event: 'transfer', data: transferEventView(event) });
            cursor = event.seq;
            if (isTerminal(event.transfer.status)) {
              reply.sse.close();
              return;
            }
          }
          if (events.length < PAGE) return;
        }
      };
      const wake = () => {
        if (closed) return;
        if (pumping) {
          wanted = true;
          return;
        }
        pumping = pump()
          .catch((error: unknown) => request.log.warn({ err: error, transferId: id }, 'event stream read failed; retrying at the next wake-up'))
          .finally(() => {
            pumping = null;
            if (wanted) {
              wanted = false;
              wake();
            }
          });
      };
      const unsubscribe = deps.store.onTransferEvent((transferId) => {
        if (transferId === id) wake();
      });
      const poll = setInterval(wake, safetyPollMs);
      const end = () => reply.sse.close();
      streams.add(end);
      reply.sse.keepAlive();
      reply.sse.onClose(() => {
        if (closed) return;
        closed = true;
        streams.delete(end);
        unsubscribe();
        clearInterval(poll);
        const left = (openByIp.get(ip) ?? 1) - 1;
        if (left <= 0) openByIp.delete(ip);
        else openByIp.set(ip, left);
      });
      // Headers go out at once, so a client knows the stream is open before the first change.
      reply.sse.sendHeaders();
      wake();
    },
  );
}

function parseLastEventId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw.trim())) throw new AppError('invalid_last_event_id', 'Last-Event-ID must be a non-negative integer, the id of an event of this stream');
  return Number(raw.trim());
}
