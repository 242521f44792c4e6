import type { TransferEventRecord } from '../store/transferEventRepository.ts';
import { transferView, type TransferView } from './views.ts';

/** The transfer as one event recorded it, with `elapsedSeconds` measured at the event. */
export function transferEventView(event: TransferEventRecord): TransferView {
  return transferView(event.transfer, event.fees, event.at);
}

/** `webhook-id` of an event: stable across every attempt, unique across transfers. */
export function webhookIdOf(event: Pick<TransferEventRecord, 'transferId' | 'seq'>): string {
  return `msg_${event.transferId}_${event.seq}`;
}

/**
 * The webhook body (docs/events.md#webhooks), in the Standard Webhooks shape: `type`, `timestamp`,
 * `data`; `sequence` is the SSE event id of the same change.
 */
export function webhookBodyOf(event: TransferEventRecord): string {
  return JSON.stringify({
    type: event.seq === 1 ? 'transfer.created' : 'transfer.updated',
    timestamp: new Date(event.at).toISOString(),
    sequence: event.seq,
    data: transferEventView(event),
  });
}
