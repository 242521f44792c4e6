import type { StraitClient } from './createStraitClient.ts';
import { sleepUnlessAborted } from './sleepUnlessAborted.ts';
import { readServerSentEvents } from './readServerSentEvents.ts';
import { StraitApiError } from './StraitApiError.ts';
import { StraitClientError } from './StraitClientError.ts';
import { TERMINAL_STATUSES, type Transfer } from './straitTypes.ts';

export interface WatchTransferParams {
  client: StraitClient;
  transferId: string;
  /** Resume after this event id (from an earlier watch); the current state first when absent. */
  lastEventId?: string | undefined;
  /** Wait before reconnecting a dropped stream; default 1000 ms. */
  reconnectDelayMs?: number | undefined;
  signal?: AbortSignal | undefined;
}

/** One change of a transfer, as `GET /bridge/transfers/{id}/events` sent it. */
export interface TransferEvent {
  /** The event id: the transfer's changes are numbered from 1. */
  id: string;
  transfer: Transfer;
}

/**
 * Follows a transfer over its Server-Sent Events stream: yields its current state, then every
 * change in order, and ends after a terminal status. A dropped connection is resumed with
 * `Last-Event-ID`, so nothing is missed or repeated. Throws `StraitApiError` on an HTTP error (a
 * server without the stream answers `404 route_not_found`) and `StraitClientError`
 * `events_unavailable` when the answer is not an event stream.
 */
export async function* watchTransfer(params: WatchTransferParams): AsyncGenerator<TransferEvent, void, undefined> {
  const { client, transferId, signal } = params;
  let lastEventId = params.lastEventId;
  for (;;) {
    signal?.throwIfAborted();
    const { response, error } = await client.GET('/bridge/transfers/{id}/events', {
      params: { path: { id: transferId } },
      headers: { accept: 'text/event-stream', ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}) },
      parseAs: 'stream',
      ...(signal ? { signal } : {}),
    });
    // The transfer is terminal and its last event was already received.
    if (response.status === 204) return;
    if (!response.ok) throw new StraitApiError(response.status, error, `/bridge/transfers/${transferId}/events`);
    if (!response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body) {
      await response.body?.cancel();
      throw new StraitClientError('events_unavailable', `the answer to /bridge/transfers/${transferId}/events is not an event stream`, { transferId });
    }
    try {
      for await (const message of readServerSentEvents(response.body)) {
        if (message.event !== 'transfer' || message.id === null) continue;
        lastEventId = message.id;
        const transfer = JSON.parse(message.data) as Transfer;
        yield { id: message.id, transfer };
        if (TERMINAL_STATUSES.includes(transfer.status)) return;
      }
    } catch (failure) {
      if (signal?.aborted) throw signal.reason;
      if (failure instanceof SyntaxError) throw failure;
      // A dropped connection: resumed below after the last event received.
    }
    await sleepUnlessAborted(params.reconnectDelayMs ?? 1000, signal);
  }
}
