import { sql, type Kysely } from 'kysely';
import type { JsonObject } from '../domain/steps.ts';
import type { Database } from './schema.ts';

/** A quote decision as stored: every row and every rejection, until it expires. */
export interface StoredDecision {
  readonly id: string;
  readonly request: JsonObject;
  readonly privacy: boolean;
  readonly userIp: string | null;
  readonly fees: JsonObject;
  /** USD prices the fees used and notes on cuts not collected (see engine/quoteTransfer). */
  readonly pricing: JsonObject;
  readonly bestQuoteId: string | null;
  readonly emptyReason: string | null;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly quotes: readonly StoredQuoteRow[];
  readonly rejections: readonly StoredRejection[];
}

export interface StoredQuoteRow {
  readonly quoteId: string;
  readonly rank: number;
  readonly venue: string;
  readonly amountIn: bigint;
  readonly amountOut: bigint;
  readonly minAmountOut: bigint;
  readonly estimatedSeconds: number | null;
  readonly feeBps: number;
  readonly feeAmount: bigint;
  readonly tierSavedBps: number;
  readonly executable: boolean;
  readonly eligibility: string;
  readonly expiresAt: number;
  /** The adapter's VenueQuote, amounts as strings, with its context. */
  readonly venueQuote: JsonObject;
}

export interface StoredRejection {
  readonly venue: string;
  readonly code: string;
  readonly message: string;
  readonly details: Record<string, unknown> | null;
}

/**
 * Stores a decision with every row and rejection in one statement (data-modifying CTEs), so it is
 * atomic without a transaction and costs one round trip: a quote writes ~36 rows on its hot path.
 */
export async function insertDecision(db: Kysely<Database>, decision: StoredDecision): Promise<void> {
  await insertDecisions(db, [decision]);
}

/**
 * Stores several decisions, each with every row and rejection, in one statement: all or none. The
 * decision writer (decisionWriter.ts) hands it the decisions of quotes that finished together, so
 * the store parses, plans and commits once for them instead of once each.
 */
export async function insertDecisions(db: Kysely<Database>, decisions: readonly StoredDecision[]): Promise<void> {
  if (decisions.length === 0) return;
  const heads = decisions.map((d) => ({
    id: d.id,
    request: d.request,
    privacy: d.privacy,
    user_ip: d.userIp,
    fees: d.fees,
    pricing: d.pricing,
    best_quote_id: d.bestQuoteId,
    empty_reason: d.emptyReason,
    created_at: d.createdAt,
    expires_at: d.expiresAt,
  }));
  const quotes = decisions.flatMap((d) =>
    d.quotes.map((q) => ({
      decision_id: d.id,
      quote_id: q.quoteId,
      rank: q.rank,
      venue: q.venue,
      amount_in: q.amountIn.toString(),
      amount_out: q.amountOut.toString(),
      min_amount_out: q.minAmountOut.toString(),
      estimated_seconds: q.estimatedSeconds,
      fee_bps: q.feeBps,
      fee_amount: q.feeAmount.toString(),
      tier_saved_bps: q.tierSavedBps,
      executable: q.executable,
      eligibility: q.eligibility,
      expires_at: q.expiresAt,
      venue_quote: q.venueQuote,
    })),
  );
  const rejections = decisions.flatMap((d) => d.rejections.map((r) => ({ decision_id: d.id, venue: r.venue, code: r.code, message: r.message, details: r.details })));
  await sql`
    WITH decision AS (
      INSERT INTO decisions (id, request, privacy, user_ip, fees, pricing, best_quote_id, empty_reason, created_at, expires_at)
      SELECT d.id, d.request, d.privacy, d.user_ip, d.fees, d.pricing, d.best_quote_id, d.empty_reason, d.created_at, d.expires_at
      FROM jsonb_to_recordset(${JSON.stringify(heads)}::jsonb) AS d(id uuid, request jsonb, privacy boolean, user_ip text, fees jsonb, pricing jsonb, best_quote_id text, empty_reason text, created_at bigint, expires_at bigint)
    ),
    quotes AS (
      INSERT INTO decision_quotes (decision_id, quote_id, rank, venue, amount_in, amount_out, min_amount_out, estimated_seconds, fee_bps, fee_amount, tier_saved_bps, executable, eligibility, expires_at, venue_quote)
      SELECT q.decision_id, q.quote_id, q.rank, q.venue, q.amount_in::numeric, q.amount_out::numeric, q.min_amount_out::numeric, q.estimated_seconds, q.fee_bps, q.fee_amount::numeric, q.tier_saved_bps, q.executable, q.eligibility, q.expires_at, q.venue_quote
      FROM jsonb_to_recordset(${JSON.stringify(quotes)}::jsonb) AS q(decision_id uuid, quote_id text, rank integer, venue text, amount_in text, amount_out text, min_amount_out text, estimated_seconds integer, fee_bps integer, fee_amount text, tier_saved_bps integer, executable boolean, eligibility text, expires_at bigint, venue_quote jsonb)
    ),
    rejections AS (
      INSERT INTO decision_rejections (decision_id, venue, code, message, details)
      SELECT r.decision_id, r.venue, r.code, r.message, NULLIF(r.details, 'null'::jsonb)
      FROM jsonb_to_recordset(${JSON.stringify(rejections)}::jsonb) AS r(decision_id uuid, venue text, code text, message text, details jsonb)
    )
    SELECT 1`.execute(db);
}

export async function findDecision(db: Kysely<Database>, id: string): Promise<StoredDecision | null> {
  const row = await db.selectFrom('decisions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [quotes, rejections] = await Promise.all([
    db.selectFrom('decision_quotes').selectAll().where('decision_id', '=', id).orderBy('rank').execute(),
    db.selectFrom('decision_rejections').selectAll().where('decision_id', '=', id).orderBy('venue').execute(),
  ]);
  return {
    id: row.id,
    request: row.request as JsonObject,
    privacy: row.privacy,
    userIp: row.user_ip,
    fees: row.fees as JsonObject,
    pricing: (row.pricing as JsonObject | null) ?? {},
    bestQuoteId: row.best_quote_id,
    emptyReason: row.empty_reason,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    quotes: quotes.map((q) => ({
      quoteId: q.quote_id,
      rank: q.rank,
      venue: q.venue,
      amountIn: BigInt(q.amount_in),
      amountOut: BigInt(q.amount_out),
      minAmountOut: BigInt(q.min_amount_out),
      estimatedSeconds: q.estimated_seconds,
      feeBps: q.fee_bps,
      feeAmount: BigInt(q.fee_amount),
      tierSavedBps: q.tier_saved_bps,
      executable: q.executable,
      eligibility: q.eligibility,
      expiresAt: q.expires_at,
      venueQuote: q.venue_quote as JsonObject,
    })),
    rejections: rejections.map((r) => ({ venue: r.venue, code: r.code, message: r.message, details: (r.details as Record<string, unknown> | null) ?? null })),
  };
}
