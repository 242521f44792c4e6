import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { transferFromSnapshot, type FeeRowRecord, type TransferRecord } from './transferRepository.ts';

/** One change of a transfer as the triggers of migration 007 recorded it. */
export interface TransferEventRecord {
  readonly transferId: string;
  /** Per transfer, from 1, with no gaps: the SSE event id and the webhook's `webhook-id` suffix. */
  readonly seq: number;
  /** The transfer's `updatedAt` when the change was written (epoch ms). */
  readonly at: number;
  readonly transfer: TransferRecord;
  readonly fees: readonly FeeRowRecord[];
}

/** The events after `afterSeq`, oldest first, at most `limit`. */
export async function listTransferEventsAfter(db: Kysely<Database>, transferId: string, afterSeq: number, limit: number): Promise<TransferEventRecord[]> {
  const rows = await db.selectFrom('transfer_events').selectAll().where('transfer_id', '=', transferId).where('seq', '>', afterSeq).orderBy('seq').limit(limit).execute();
  return rows.map(eventFromRow);
}

/** The newest event of a transfer: its current state, as a stream's first message. */
export async function latestTransferEvent(db: Kysely<Database>, transferId: string): Promise<TransferEventRecord | null> {
  const row = await db.selectFrom('transfer_events').selectAll().where('transfer_id', '=', transferId).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return row ? eventFromRow(row) : null;
}

export async function findTransferEvent(db: Kysely<Database>, transferId: string, seq: number): Promise<TransferEventRecord | null> {
  const row = await db.selectFrom('transfer_events').selectAll().where('transfer_id', '=', transferId).where('seq', '=', seq).executeTakeFirst();
  return row ? eventFromRow(row) : null;
}

function eventFromRow(row: { transfer_id: string; seq: number; at: number; transfer: unknown; fees: unknown }): TransferEventRecord {
  const { transfer, fees } = transferFromSnapshot(row.transfer, row.fees);
  return { transferId: row.transfer_id, seq: row.seq, at: Number(row.at), transfer, fees };
}

/** A webhook delivery leased for sending. */
export interface WebhookDeliveryRecord {
  readonly transferId: string;
  readonly seq: number;
  readonly url: string;
  readonly attempts: number;
}

/**
 * Leases up to `limit` due deliveries, each the oldest undelivered one of its transfer, so a receiver
 * sees a transfer's changes in order. SKIP LOCKED and the lease keep two senders (replicas) from ever
 * sending the same delivery at once; a sender that dies only delays its deliveries until the lease lapses.
 */
export async function leaseDueWebhookDeliveries(db: Kysely<Database>, owner: string, now: number, leaseMs: number, limit: number): Promise<WebhookDeliveryRecord[]> {
  const result = await sql<{ transfer_id: string; seq: number; url: string; attempts: number }>`
    UPDATE webhook_deliveries SET lease_owner = ${owner}, lease_until = ${now + leaseMs}
    WHERE (transfer_id, seq) IN (
      SELECT d.transfer_id, d.seq FROM webhook_deliveries d
      WHERE d.delivered_at IS NULL AND d.abandoned_at IS NULL AND d.next_attempt_at <= ${now}
        AND (d.lease_until IS NULL OR d.lease_until < ${now})
        AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries e
          WHERE e.transfer_id = d.transfer_id AND e.seq < d.seq AND e.delivered_at IS NULL AND e.abandoned_at IS NULL
        )
      ORDER BY d.next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING transfer_id, seq, url, attempts`.execute(db);
  return result.rows.map((r) => ({ transferId: r.transfer_id, seq: r.seq, url: r.url, attempts: r.attempts }));
}

/** The receiver acknowledged: never sent again. Only the lease holder may record it. */
export async function markWebhookDelivered(db: Kysely<Database>, d: WebhookDeliveryRecord, owner: string, now: number): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ delivered_at: now, attempts: d.attempts + 1, lease_owner: null, lease_until: null, last_error: null })
    .where('transfer_id', '=', d.transferId)
    .where('seq', '=', d.seq)
    .where('lease_owner', '=', owner)
    .execute();
}

/** A failed attempt: tried again at `nextAttemptAt`, or given up (`abandoned`) after the last one. */
export async function markWebhookFailed(db: Kysely<Database>, d: WebhookDeliveryRecord, owner: string, now: number, error: string, next: { nextAttemptAt: number } | 'abandoned'): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      attempts: d.attempts + 1,
      lease_owner: null,
      lease_until: null,
      last_error: error.slice(0, 500),
      ...(next === 'abandoned' ? { abandoned_at: now } : { next_attempt_at: next.nextAttemptAt }),
    })
    .where('transfer_id', '=', d.transferId)
    .where('seq', '=', d.seq)
    .where('lease_owner', '=', owner)
    .execute();
}

export async function releaseWebhookLeases(db: Kysely<Database>, owner: string): Promise<void> {
  await db.updateTable('webhook_deliveries').set({ lease_owner: null, lease_until: null }).where('lease_owner', '=', owner).execute();
}

/** Every delivery of a transfer, oldest first (tests and operators). */
export async function listWebhookDeliveries(db: Kysely<Database>, transferId: string) {
  return db.selectFrom('webhook_deliveries').selectAll().where('transfer_id', '=', transferId).orderBy('seq').execute();
}
