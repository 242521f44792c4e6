import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * How often a reservation tries again when another credit of the same relayer took its nonce at the
 * same moment (each try reads the highest nonce afresh); many workers racing need more than a few.
 */
const NONCE_ATTEMPTS = 64;

export type HyperCoreCreditState = 'signed' | 'sent' | 'credited' | 'failed';

export interface HyperCoreCreditRecord {
  readonly transferId: string;
  readonly relayer: string;
  readonly destination: string;
  readonly balance: 'perps' | 'spot';
  readonly amount: bigint;
  readonly activationFee: bigint;
  readonly paidTx: string;
  readonly nonce: number;
  /** The signed exchange request body, exactly as it is (re)sent. */
  readonly signedAction: string;
  readonly state: HyperCoreCreditState;
  readonly attempts: number;
  readonly lastError: string | null;
  readonly txHash: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** What a new credit is recorded with; the signer is asked for the action once its nonce is reserved. */
export interface NewHyperCoreCredit {
  readonly transferId: string;
  readonly relayer: string;
  readonly destination: string;
  readonly balance: 'perps' | 'spot';
  readonly amount: bigint;
  readonly activationFee: bigint;
  readonly paidTx: string;
}

/**
 * The transfer's one credit: the stored one when it exists, else a new one with a nonce above every
 * nonce this relayer used (and at least `now`, as the exchange wants nonces near the current time),
 * signed by `sign` and stored before anything is sent. Two workers racing both end up with the row
 * that won the primary key, so there is one signed action per transfer whatever happens.
 */
export async function reserveHyperCoreCredit(db: Kysely<Database>, credit: NewHyperCoreCredit, now: number, sign: (nonce: number) => Promise<string>): Promise<HyperCoreCreditRecord> {
  const existing = await findHyperCoreCredit(db, credit.transferId);
  if (existing) return existing;
  for (let attempt = 0; attempt < NONCE_ATTEMPTS; attempt++) {
    const nonce = await nextNonce(db, credit.relayer, now, attempt);
    const signedAction = await sign(nonce);
    try {
      await db
        .insertInto('hypercore_credits')
        .values({ transfer_id: credit.transferId, relayer: credit.relayer, destination: credit.destination, balance: credit.balance, amount: credit.amount.toString(), activation_fee: credit.activationFee.toString(), paid_tx: credit.paidTx.toLowerCase(), nonce, signed_action: signedAction, state: 'signed', last_error: null, tx_hash: null, created_at: now, updated_at: now })
        .execute();
    } catch (error) {
      // Another worker stored this transfer's credit first (its row wins), or took the nonce.
      const raced = await findHyperCoreCredit(db, credit.transferId);
      if (raced) return raced;
      if (attempt === NONCE_ATTEMPTS - 1) throw error;
      continue;
    }
    const stored = await findHyperCoreCredit(db, credit.transferId);
    if (stored) return stored;
  }
  throw new Error(`could not reserve a HyperCore credit for transfer ${credit.transferId}`);
}

/** A nonce above every nonce this relayer used and at least `now` (the exchange wants nonces near the current time); `attempt` steps past a racer's. */
async function nextNonce(db: Kysely<Database>, relayer: string, now: number, attempt: number): Promise<number> {
  const highest = await db.selectFrom('hypercore_credits').select(sql<number | null>`max(nonce)`.as('n')).where('relayer', '=', relayer).executeTakeFirst();
  return Math.max(now, Number(highest?.n ?? 0) + 1) + attempt;
}

export async function findHyperCoreCredit(db: Kysely<Database>, transferId: string): Promise<HyperCoreCreditRecord | null> {
  const row = await db.selectFrom('hypercore_credits').selectAll().where('transfer_id', '=', transferId).executeTakeFirst();
  if (!row) return null;
  return {
    transferId: row.transfer_id,
    relayer: row.relayer,
    destination: row.destination,
    balance: row.balance === 'spot' ? 'spot' : 'perps',
    amount: BigInt(row.amount),
    activationFee: BigInt(row.activation_fee),
    paidTx: row.paid_tx,
    nonce: Number(row.nonce),
    signedAction: row.signed_action,
    state: row.state as HyperCoreCreditState,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    txHash: row.tx_hash,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/**
 * Replaces a refused credit's action by one signed with a fresh nonce (the refused one spent its
 * nonce at the exchange and can never land), back in `signed`.
 */
export async function resignHyperCoreCredit(db: Kysely<Database>, credit: HyperCoreCreditRecord, now: number, sign: (nonce: number) => Promise<string>): Promise<HyperCoreCreditRecord> {
  for (let attempt = 0; ; attempt++) {
    const nonce = await nextNonce(db, credit.relayer, now, attempt);
    const signedAction = await sign(nonce);
    try {
      await db.updateTable('hypercore_credits').set({ nonce, signed_action: signedAction, state: 'signed', updated_at: now }).where('transfer_id', '=', credit.transferId).where('nonce', '=', credit.nonce).execute();
    } catch (error) {
      if (attempt >= NONCE_ATTEMPTS - 1) throw error;
      continue;
    }
    return (await findHyperCoreCredit(db, credit.transferId)) ?? credit;
  }
}

/** Ledger hashes other credits to `destination` were matched with, so one entry proves one credit. */
export async function creditHashesTo(db: Kysely<Database>, destination: string, exceptTransferId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('hypercore_credits').select('tx_hash').where('destination', '=', destination).where('transfer_id', '!=', exceptTransferId).where('tx_hash', 'is not', null).execute();
  return new Set(rows.flatMap((row) => (row.tx_hash ? [row.tx_hash.toLowerCase()] : [])));
}

export async function updateHyperCoreCredit(db: Kysely<Database>, transferId: string, patch: { state?: HyperCoreCreditState; attempts?: number; lastError?: string | null; txHash?: string | null }, now: number): Promise<void> {
  await db
    .updateTable('hypercore_credits')
    .set({
      ...(patch.state !== undefined ? { state: patch.state } : {}),
      ...(patch.attempts !== undefined ? { attempts: patch.attempts } : {}),
      ...(patch.lastError !== undefined ? { last_error: patch.lastError } : {}),
      ...(patch.txHash !== undefined ? { tx_hash: patch.txHash } : {}),
      updated_at: now,
    })
    .where('transfer_id', '=', transferId)
    .execute();
}

/** Credits the relayer owes and has not settled: what its HyperCore balance must still cover. */
export async function owedHyperCoreCredits(db: Kysely<Database>, relayer: string): Promise<{ perps: bigint; spot: bigint }> {
  const rows = await db.selectFrom('hypercore_credits').select(['balance', 'amount']).where('relayer', '=', relayer).where('state', 'in', ['signed', 'sent']).execute();
  let perps = 0n;
  let spot = 0n;
  for (const row of rows) {
    if (row.balance === 'spot') spot += BigInt(row.amount);
    else perps += BigInt(row.amount);
  }
  return { perps, spot };
}

/** What other transfers' credits already drew on one paying transaction (credit plus activation fee). */
export async function creditedFromPayment(db: Kysely<Database>, paidTx: string, exceptTransferId: string): Promise<bigint> {
  const rows = await db.selectFrom('hypercore_credits').select(['amount', 'activation_fee']).where('paid_tx', '=', paidTx.toLowerCase()).where('transfer_id', '!=', exceptTransferId).where('state', '!=', 'failed').execute();
  return rows.reduce((sum, row) => sum + BigInt(row.amount) + BigInt(row.activation_fee), 0n);
}

/** Credits by state, for the metrics. */
export async function countHyperCoreCredits(db: Kysely<Database>): Promise<Record<HyperCoreCreditState, number>> {
  const rows = await db.selectFrom('hypercore_credits').select(['state', sql<number>`count(*)::int`.as('n')]).groupBy('state').execute();
  const counts: Record<HyperCoreCreditState, number> = { signed: 0, sent: 0, credited: 0, failed: 0 };
  for (const row of rows) if (row.state in counts) counts[row.state as HyperCoreCreditState] = Number(row.n);
  return counts;
}

/** Everything every relayer owes (signed or sent, not yet credited), in atomic USDC. */
export async function owedHyperCoreCreditsTotal(db: Kysely<Database>): Promise<bigint> {
  const rows = await db.selectFrom('hypercore_credits').select(['amount', 'activation_fee']).where('state', 'in', ['signed', 'sent']).execute();
  return rows.reduce((sum, row) => sum + BigInt(row.amount) + BigInt(row.activation_fee), 0n);
}
