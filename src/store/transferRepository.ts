import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { JsonObject } from '../domain/steps.ts';
import type { FeeRowStatus, TransferStatus } from '../domain/transferStatus.ts';
import type { Database, FeeRowsTable, TransfersTable } from './schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface TransferRecord {
  readonly id: string;
  readonly decisionId: string;
  readonly quoteId: string;
  readonly venue: string;
  readonly status: TransferStatus;
  readonly statusDetail: string | null;
  readonly fromChain: string;
  readonly toChain: string;
  readonly fromAsset: string;
  readonly toAsset: string;
  readonly amountIn: bigint;
  readonly expectedOut: bigint;
  readonly minOut: bigint;
  readonly receivedAmount: bigint | null;
  readonly receivedAsset: string | null;
  readonly sourceTxHash: string | null;
  readonly destinationTxHash: string | null;
  readonly feeTxHash: string | null;
  readonly sourceTxVerification: string | null;
  readonly claim: JsonObject | null;
  readonly postStep: JsonObject | null;
  readonly finalDestination: JsonObject | null;
  readonly requesterWallet: string;
  readonly recipientWallet: string;
  readonly avgSavedBps: number;
  readonly savedVsWorstBps: number;
  readonly savingsQuoteCount: number;
  readonly usdValueBridged: string | null;
  readonly usdValueSaved: string | null;
  readonly privacy: boolean;
  readonly privacyModel: string;
  readonly build: JsonObject;
  readonly venueContext: JsonObject;
  readonly buildExpiresAt: number;
  readonly createdAt: number;
  readonly submittedAt: number | null;
  readonly updatedAt: number;
  readonly completedAt: number | null;
  readonly nextPollAt: number | null;
  readonly pollAttempts: number;
  readonly giveUpAt: number | null;
  /** The venue's ETA for the built row, `null` when it published none. */
  readonly etaSeconds: number | null;
  /** The block (EVM) or slot (Solana) where the source transaction succeeded; `null` until seen. */
  readonly sourceTxBlock?: number | null;
  /** Where every change is POSTed, signed (docs/events.md); `null` or absent when the build named none. */
  readonly webhookUrl?: string | null;
}

export interface FeeRowRecord {
  readonly kind: string;
  readonly status: FeeRowStatus;
  readonly bps: number;
  readonly amount: bigint;
  readonly asset: string;
  readonly chain: string;
  readonly wallet: string | null;
  readonly tierSavedBps: number;
  readonly txHash: string | null;
}

export interface StoredStep {
  readonly index: number;
  readonly kind: string;
  readonly vm: string;
  readonly chain: string;
  readonly payload: JsonObject;
}

export interface SubmissionRecord {
  /** The built step this submission signs (`transfer_steps.step_index`). */
  readonly stepIndex: number;
  readonly kind: string;
  readonly txHash: string;
  readonly verification: string;
  readonly createdAt: number;
}

/** A submission with what the store keeps beside it: the step's chain and, on EVM, the nonce. */
export interface ClaimRecord extends SubmissionRecord {
  readonly chain: string;
  readonly nonce: number | null;
  readonly signedTx: string | null;
  readonly userIp: string | null;
}

/** A claim that no longer holds its step. */
export interface EndedClaimRecord extends ClaimRecord {
  readonly endedAt: number;
  readonly reason: 'superseded' | 'replaced' | 'expired' | 'refuted';
}

export type NewTransfer = Omit<TransferRecord, 'pollAttempts'>;

const writeListeners = new Set<(transferId: string) => void>();

/**
 * Told after every write this process makes to a transfer or its fee rows, so in-process read caches
 * drop the entry at once; writes of other processes are bounded by the cache's time to live.
 * Returns the unsubscribe function.
 */
export function onTransferWritten(listener: (transferId: string) => void): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

/** Announces a write again once its transaction committed, so no read in between stays cached. */
export function transferWritten(transferId: string): void {
  written(transferId);
}

function written(transferId: string): void {
  for (const listener of writeListeners) listener(transferId);
}

export async function insertTransfer(db: Db, transfer: NewTransfer, steps: readonly StoredStep[], feeRows: readonly FeeRowRecord[]): Promise<void> {
  await db.insertInto('transfers').values(toRow(transfer)).execute();
  written(transfer.id);
  if (steps.length > 0) {
    await db
      .insertInto('transfer_steps')
      .values(steps.map((s) => ({ transfer_id: transfer.id, step_index: s.index, kind: s.kind, vm: s.vm, chain: s.chain, payload: JSON.stringify(s.payload) })))
      .execute();
  }
  if (feeRows.length > 0) {
    await db
      .insertInto('fee_rows')
      .values(feeRows.map((f) => ({ transfer_id: transfer.id, kind: f.kind, status: f.status, bps: f.bps, amount: f.amount.toString(), asset: f.asset, chain: f.chain, wallet: f.wallet, tier_saved_bps: f.tierSavedBps, tx_hash: f.txHash })))
      .execute();
  }
}

export async function findTransfer(db: Db, id: string): Promise<TransferRecord | null> {
  const row = await db.selectFrom('transfers').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? fromRow(row) : null;
}

export async function findTransferByDecision(db: Db, decisionId: string): Promise<TransferRecord | null> {
  const row = await db.selectFrom('transfers').selectAll().where('decision_id', '=', decisionId).executeTakeFirst();
  return row ? fromRow(row) : null;
}

export async function listSteps(db: Db, transferId: string): Promise<StoredStep[]> {
  const rows = await db.selectFrom('transfer_steps').selectAll().where('transfer_id', '=', transferId).orderBy('step_index').execute();
  return rows.map((r) => ({ index: r.step_index, kind: r.kind, vm: r.vm, chain: r.chain, payload: r.payload as JsonObject }));
}

/**
 * Records a step built after the transfer (a claim's `redeem`), or rewrites one not yet claimed by a
 * submission (a claim rebuilt with a fresher proof). A step a submission holds is never rewritten:
 * false then, and the caller keeps the stored one.
 */
export async function putLateStep(db: Db, transferId: string, step: StoredStep): Promise<boolean> {
  const claimed = await db.selectFrom('submissions').select('step_index').where('transfer_id', '=', transferId).where('step_index', '=', step.index).executeTakeFirst();
  if (claimed) return false;
  await db
    .insertInto('transfer_steps')
    .values({ transfer_id: transferId, step_index: step.index, kind: step.kind, vm: step.vm, chain: step.chain, payload: JSON.stringify(step.payload) })
    .onConflict((oc) => oc.columns(['transfer_id', 'step_index']).doUpdateSet({ kind: step.kind, vm: step.vm, chain: step.chain, payload: JSON.stringify(step.payload) }))
    .execute();
  return true;
}

export async function listFeeRows(db: Db, transferId: string): Promise<FeeRowRecord[]> {
  const rows = await db.selectFrom('fee_rows').selectAll().where('transfer_id', '=', transferId).orderBy('kind').execute();
  return rows.map(feeFromRow);
}

export async function setFeeRowStatus(db: Db, transferId: string, kind: string, status: FeeRowStatus, txHash?: string | null): Promise<void> {
  await db
    .updateTable('fee_rows')
    .set({ status, ...(txHash !== undefined ? { tx_hash: txHash } : {}) })
    .where('transfer_id', '=', transferId)
    .where('kind', '=', kind)
    .execute();
  written(transferId);
}

export async function listSubmissions(db: Db, transferId: string): Promise<SubmissionRecord[]> {
  const rows = await db.selectFrom('submissions').selectAll().where('transfer_id', '=', transferId).orderBy('created_at').execute();
  return rows.map((r) => ({ stepIndex: r.step_index, kind: r.kind, txHash: r.tx_hash, verification: r.verification, createdAt: r.created_at }));
}

/** The hash as its chain compares it: EVM hex in any case is one hash; Solana base58 is case-sensitive. */
export function txKeyOf(txHash: string): string {
  return txHash.startsWith('0x') ? txHash.toLowerCase() : txHash;
}

/**
 * Records a claim of a built step by a transaction. The store refuses a second claim of the step
 * (primary key) and a second claim of the transaction on its chain by any transfer (unique index of
 * migration 005), so two racing requests cannot both win. The chain is the built step's own.
 */
export async function insertSubmission(db: Db, transferId: string, submission: SubmissionRecord & { signedTx: string | null; userIp: string | null; nonce?: number | null }): Promise<void> {
  await sql`
    INSERT INTO submissions (transfer_id, step_index, kind, tx_hash, signed_tx, verification, user_ip, created_at, chain, tx_key, nonce)
    SELECT ${transferId}, ${submission.stepIndex}, ${submission.kind}, ${submission.txHash}, ${submission.signedTx}, ${submission.verification}, ${submission.userIp}, ${submission.createdAt},
           coalesce((SELECT chain FROM transfer_steps WHERE transfer_id = ${transferId} AND step_index = ${submission.stepIndex}), ''), ${txKeyOf(submission.txHash)}, ${submission.nonce ?? null}`.execute(db);
}

export async function listClaims(db: Db, transferId: string): Promise<ClaimRecord[]> {
  const rows = await db.selectFrom('submissions').selectAll().where('transfer_id', '=', transferId).orderBy('created_at').execute();
  return rows.map((r) => ({ stepIndex: r.step_index, kind: r.kind, txHash: r.tx_hash, verification: r.verification, createdAt: r.created_at, chain: r.chain, nonce: r.nonce, signedTx: r.signed_tx, userIp: r.user_ip }));
}

/** Which transfer's step holds this transaction on this chain, if any. */
export async function findClaim(db: Db, chain: string, txHash: string): Promise<{ transferId: string; stepIndex: number } | null> {
  const row = await db.selectFrom('submissions').select(['transfer_id', 'step_index']).where('chain', '=', chain).where('tx_key', '=', txKeyOf(txHash)).executeTakeFirst();
  return row ? { transferId: row.transfer_id, stepIndex: row.step_index } : null;
}

export async function listEndedClaims(db: Db, transferId: string): Promise<EndedClaimRecord[]> {
  const rows = await db.selectFrom('submission_history').selectAll().where('transfer_id', '=', transferId).orderBy('ended_at').execute();
  return rows.map((r) => ({ stepIndex: r.step_index, kind: r.kind, txHash: r.tx_hash, verification: r.verification, createdAt: r.created_at, chain: r.chain, nonce: r.nonce, signedTx: r.signed_tx, userIp: r.user_ip, endedAt: r.ended_at, reason: r.reason as EndedClaimRecord['reason'] }));
}

/**
 * Ends the step's claim by `txHash` (moved to the history with `reason`) and, when `next` is given,
 * records that claim in its place, in one transaction. False when the step is no longer claimed by
 * `txHash` (another request changed it first); throws when `next` is claimed elsewhere.
 */
export async function endClaim(db: Kysely<Database>, transferId: string, stepIndex: number, txHash: string, reason: EndedClaimRecord['reason'], now: number, next?: Parameters<typeof insertSubmission>[2], options: { revived?: boolean } = {}): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    // A claim brought back from the history (a replaced transaction mined after all) leaves it.
    if (next && options.revived) await tx.deleteFrom('submission_history').where('transfer_id', '=', transferId).where('step_index', '=', stepIndex).where('tx_hash', '=', next.txHash).execute();
    const moved = await sql<{ n: number }>`
      WITH gone AS (
        DELETE FROM submissions WHERE transfer_id = ${transferId} AND step_index = ${stepIndex} AND tx_hash = ${txHash}
        RETURNING transfer_id, step_index, kind, chain, tx_hash, signed_tx, verification, nonce, user_ip, created_at
      ), kept AS (
        INSERT INTO submission_history (transfer_id, step_index, kind, chain, tx_hash, signed_tx, verification, nonce, user_ip, created_at, ended_at, reason)
        SELECT transfer_id, step_index, kind, chain, tx_hash, signed_tx, verification, nonce, user_ip, created_at, ${now}, ${reason} FROM gone
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM kept`.execute(tx);
    if ((moved.rows[0]?.n ?? 0) === 0) return false;
    if (next) await insertSubmission(tx, transferId, next);
    return true;
  });
}

/** Undoes {@link endClaim} with a `next`: the new claim is dropped and the ended one holds the step again. */
export async function restoreClaim(db: Kysely<Database>, transferId: string, stepIndex: number, droppedTxHash: string, restored: ClaimRecord): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('submissions').where('transfer_id', '=', transferId).where('step_index', '=', stepIndex).where('tx_hash', '=', droppedTxHash).execute();
    await tx.deleteFrom('submission_history').where('transfer_id', '=', transferId).where('step_index', '=', stepIndex).where('tx_hash', '=', restored.txHash).execute();
    await insertSubmission(tx, transferId, restored);
  });
}

export async function setSubmissionVerification(db: Db, transferId: string, stepIndex: number, verification: string): Promise<void> {
  await db.updateTable('submissions').set({ verification }).where('transfer_id', '=', transferId).where('step_index', '=', stepIndex).execute();
}

export type TransferPatch = Partial<Omit<TransferRecord, 'id' | 'decisionId' | 'createdAt' | 'build' | 'updatedAt'>>;

/** Writes a change with the transfer's `updatedAt`; the caller holds the row (transaction or lease). */
export async function updateTransfer(db: Db, id: string, patch: TransferPatch, now: number): Promise<void> {
  const row = toRow({ ...(patch as TransferRecord), updatedAt: now });
  const defined = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));
  await db.updateTable('transfers').set(defined).where('id', '=', id).execute();
  written(id);
}

/**
 * Leases up to `limit` transfers whose poll is due and whose lease is free or lapsed. SKIP LOCKED
 * keeps two workers from ever taking the same row; the lease keeps a slow poll from being taken
 * over while it runs, and lapses when its worker dies.
 */
export async function leaseDueTransfers(db: Kysely<Database>, owner: string, now: number, leaseMs: number, limit: number): Promise<string[]> {
  const result = await sql<{ id: string }>`
    UPDATE transfers SET lease_owner = ${owner}, lease_until = ${now + leaseMs}
    WHERE id IN (
      SELECT id FROM transfers
      WHERE next_poll_at IS NOT NULL AND next_poll_at <= ${now}
        AND (lease_until IS NULL OR lease_until < ${now})
      ORDER BY next_poll_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`.execute(db);
  return result.rows.map((r) => r.id);
}

/** Releases a lease only if this worker still holds it. */
export async function releaseLease(db: Db, id: string, owner: string): Promise<void> {
  await db.updateTable('transfers').set({ lease_owner: null, lease_until: null }).where('id', '=', id).where('lease_owner', '=', owner).execute();
}

export async function releaseAllLeases(db: Kysely<Database>, owner: string): Promise<void> {
  await db.updateTable('transfers').set({ lease_owner: null, lease_until: null }).where('lease_owner', '=', owner).execute();
}

const json = (v: JsonObject | null | undefined) => (v === undefined ? undefined : v === null ? null : JSON.stringify(v));
const amount = (v: bigint | null | undefined) => (v === undefined ? undefined : v === null ? null : v.toString());

function toRow(t: Partial<TransferRecord>) {
  return {
    id: t.id,
    decision_id: t.decisionId,
    quote_id: t.quoteId,
    venue: t.venue,
    status: t.status,
    status_detail: t.statusDetail,
    from_chain: t.fromChain,
    to_chain: t.toChain,
    from_asset: t.fromAsset,
    to_asset: t.toAsset,
    amount_in: amount(t.amountIn),
    expected_out: amount(t.expectedOut),
    min_out: amount(t.minOut),
    received_amount: amount(t.receivedAmount),
    received_asset: t.receivedAsset,
    source_tx_hash: t.sourceTxHash,
    destination_tx_hash: t.destinationTxHash,
    fee_tx_hash: t.feeTxHash,
    source_tx_verification: t.sourceTxVerification,
    claim: json(t.claim),
    post_step: json(t.postStep),
    final_destination: json(t.finalDestination),
    requester_wallet: t.requesterWallet,
    recipient_wallet: t.recipientWallet,
    avg_saved_bps: t.avgSavedBps,
    saved_vs_worst_bps: t.savedVsWorstBps,
    savings_quote_count: t.savingsQuoteCount,
    usd_value_bridged: t.usdValueBridged,
    usd_value_saved: t.usdValueSaved,
    privacy: t.privacy,
    privacy_model: t.privacyModel,
    build: json(t.build),
    venue_context: json(t.venueContext),
    build_expires_at: t.buildExpiresAt,
    created_at: t.createdAt,
    submitted_at: t.submittedAt,
    updated_at: t.updatedAt,
    completed_at: t.completedAt,
    next_poll_at: t.nextPollAt,
    poll_attempts: t.pollAttempts,
    give_up_at: t.giveUpAt,
    eta_seconds: t.etaSeconds,
    source_tx_block: t.sourceTxBlock,
    webhook_url: t.webhookUrl,
  } as never;
}

function fromRow(r: Selectable<TransfersTable>): TransferRecord {
  const big = (v: string | null) => (v === null ? null : BigInt(v));
  return {
    id: r.id,
    decisionId: r.decision_id,
    quoteId: r.quote_id,
    venue: r.venue,
    status: r.status as TransferStatus,
    statusDetail: r.status_detail,
    fromChain: r.from_chain,
    toChain: r.to_chain,
    fromAsset: r.from_asset,
    toAsset: r.to_asset,
    amountIn: BigInt(r.amount_in),
    expectedOut: BigInt(r.expected_out),
    minOut: BigInt(r.min_out),
    receivedAmount: big(r.received_amount),
    receivedAsset: r.received_asset,
    sourceTxHash: r.source_tx_hash,
    destinationTxHash: r.destination_tx_hash,
    feeTxHash: r.fee_tx_hash,
    sourceTxVerification: r.source_tx_verification,
    claim: (r.claim as JsonObject | null) ?? null,
    postStep: (r.post_step as JsonObject | null) ?? null,
    finalDestination: (r.final_destination as JsonObject | null) ?? null,
    requesterWallet: r.requester_wallet,
    recipientWallet: r.recipient_wallet,
    avgSavedBps: r.avg_saved_bps,
    savedVsWorstBps: r.saved_vs_worst_bps,
    savingsQuoteCount: r.savings_quote_count,
    usdValueBridged: r.usd_value_bridged,
    usdValueSaved: r.usd_value_saved,
    privacy: r.privacy,
    privacyModel: r.privacy_model,
    build: r.build as JsonObject,
    venueContext: r.venue_context as JsonObject,
    buildExpiresAt: r.build_expires_at,
    createdAt: r.created_at,
    submittedAt: r.submitted_at,
    updatedAt: r.updated_at,
    completedAt: r.completed_at,
    nextPollAt: r.next_poll_at,
    pollAttempts: r.poll_attempts,
    giveUpAt: r.give_up_at,
    etaSeconds: r.eta_seconds,
    sourceTxBlock: r.source_tx_block,
    webhookUrl: r.webhook_url ?? null,
  };
}

/**
 * A transfer and its fee rows as a `transfer_events` row captured them (migration 007): the same
 * columns, without the build, the venue context and the leases.
 */
export function transferFromSnapshot(transfer: unknown, fees: unknown): { transfer: TransferRecord; fees: FeeRowRecord[] } {
  const row = { build: {}, venue_context: {}, lease_owner: null, lease_until: null, webhook_url: null, ...(transfer as object) } as Selectable<TransfersTable>;
  return { transfer: fromRow(row), fees: (fees as Selectable<FeeRowsTable>[]).map(feeFromRow) };
}

function feeFromRow(r: Selectable<FeeRowsTable>): FeeRowRecord {
  return { kind: r.kind, status: r.status as FeeRowStatus, bps: r.bps, amount: BigInt(r.amount), asset: r.asset, chain: r.chain, wallet: r.wallet, tierSavedBps: r.tier_saved_bps, txHash: r.tx_hash };
}
