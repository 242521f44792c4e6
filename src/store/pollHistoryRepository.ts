import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** How many polls of one transfer are kept: enough to see a stuck venue's story, bounded for a transfer polled for days. */
export const POLLS_KEPT_PER_TRANSFER = 200;

export interface PollRecord {
  readonly polledAt: number;
  readonly venue: string;
  /** The venue's own status word; null when the poll failed. */
  readonly venueStatus: string | null;
  /** The status Strait mapped it to; null when the poll failed. */
  readonly mappedStatus: string | null;
  /** Why the poll failed; null when the venue answered. */
  readonly error: string | null;
}

/** Records one poll and drops the transfer's polls older than the last {@link POLLS_KEPT_PER_TRANSFER}. */
export async function recordPoll(db: Kysely<Database>, transferId: string, poll: PollRecord): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('transfer_polls').values({ transfer_id: transferId, polled_at: poll.polledAt, venue: poll.venue, venue_status: poll.venueStatus, mapped_status: poll.mappedStatus, error: poll.error }).execute();
    await sql`DELETE FROM transfer_polls WHERE transfer_id = ${transferId} AND id < (SELECT id FROM transfer_polls WHERE transfer_id = ${transferId} ORDER BY id DESC OFFSET ${POLLS_KEPT_PER_TRANSFER - 1} LIMIT 1)`.execute(tx);
  });
}

/** The transfer's kept polls, oldest first. */
export async function listPolls(db: Kysely<Database>, transferId: string): Promise<PollRecord[]> {
  const rows = await db.selectFrom('transfer_polls').selectAll().where('transfer_id', '=', transferId).orderBy('id').execute();
  return rows.map((r) => ({ polledAt: Number(r.polled_at), venue: r.venue, venueStatus: r.venue_status, mappedStatus: r.mapped_status, error: r.error }));
}
