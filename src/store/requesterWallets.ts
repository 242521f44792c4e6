import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The wallet behind a decision or a transfer, for the per-wallet rate limit of build and submit.
 * One narrow read each (no quote rows, no build payload), since it runs before every limited call.
 * `id` must already be a UUID: the columns are typed uuid.
 */
export async function findDecisionSender(db: Kysely<Database>, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('decisions')
    .select(sql<string | null>`request->>'sender'`.as('sender'))
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.sender ?? null;
}

export async function findTransferRequester(db: Kysely<Database>, id: string): Promise<string | null> {
  const row = await db.selectFrom('transfers').select('requester_wallet').where('id', '=', id).executeTakeFirst();
  return row?.requester_wallet ?? null;
}

/** Where the transfer's first built step of `kind` runs, for the submit route's look-up of a submitted hash. */
export async function findStepChain(db: Kysely<Database>, transferId: string, kind: string): Promise<{ vm: string; chain: string } | null> {
  const row = await db.selectFrom('transfer_steps').select(['vm', 'chain']).where('transfer_id', '=', transferId).where('kind', '=', kind).orderBy('step_index').executeTakeFirst();
  return row ?? null;
}
