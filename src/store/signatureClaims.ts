import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';
import { txKeyOf } from './transferRepository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A signature step is claimed under its signature's id before the venue is told of it (so a
 * concurrent repeat cannot forward it twice), then named by the venue's order id once the venue took
 * it: the id status asks about, and the one answered to repeats.
 */
export async function renameSignatureClaim(db: Db, transferId: string, stepIndex: number, signatureId: string, orderId: string): Promise<void> {
  await db.updateTable('submissions').set({ tx_hash: orderId, tx_key: txKeyOf(orderId) }).where('transfer_id', '=', transferId).where('step_index', '=', stepIndex).where('tx_hash', '=', signatureId).execute();
}

/** Releases a signature claim the venue did not take: nothing stays recorded, and the wallet may submit again. */
export async function dropSignatureClaim(db: Db, transferId: string, stepIndex: number, signatureId: string): Promise<void> {
  await db.deleteFrom('submissions').where('transfer_id', '=', transferId).where('step_index', '=', stepIndex).where('tx_hash', '=', signatureId).execute();
}
