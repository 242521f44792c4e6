import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** How far the status workers are behind, read from the store so any replica can report it. */
export interface WorkerBacklog {
  /** Transfers whose poll is due now (leased ones included). */
  readonly due: number;
  /** `next_poll_at` of the longest-waiting due transfer, epoch ms; `null` when nothing is due. */
  readonly oldestDueAt: number | null;
  /** Transfers still polled past their give-up deadline. */
  readonly overdue: number;
}

/** One pass over the `transfers_due` partial index: only transfers still polled have `next_poll_at`. */
export async function readWorkerBacklog(db: Kysely<Database>, now: number): Promise<WorkerBacklog> {
  const { rows } = await sql<{ due: number; oldest_due_at: number | null; overdue: number }>`
    SELECT count(*) FILTER (WHERE next_poll_at <= ${now})::int AS due,
           (min(next_poll_at) FILTER (WHERE next_poll_at <= ${now}))::float8 AS oldest_due_at,
           count(*) FILTER (WHERE give_up_at < ${now})::int AS overdue
    FROM transfers
    WHERE next_poll_at IS NOT NULL`.execute(db);
  const row = rows[0];
  return { due: row?.due ?? 0, oldestDueAt: row?.oldest_due_at ?? null, overdue: row?.overdue ?? 0 };
}
