import type { Kysely } from 'kysely';
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

export async function insertDecision(db: Kysely<Database>, decision: StoredDecision): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('decisions')
      .values({
        id: decision.id,
        request: JSON.stringify(decision.request),
        privacy: decision.privacy,
        user_ip: decision.userIp,
        fees: JSON.stringify(decision.fees),
        pricing: JSON.stringify(decision.pricing),
        best_quote_id: decision.bestQuoteId,
        empty_reason: decision.emptyReason,
        created_at: decision.createdAt,
        expires_at: decision.expiresAt,
      })
      .execute();
    if (decision.quotes.length > 0) {
      await tx
        .insertInto('decision_quotes')
        .values(
          decision.quotes.map((q) => ({
            decision_id: decision.id,
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
            venue_quote: JSON.stringify(q.venueQuote),
          })),
        )
        .execute();
    }
    if (decision.rejections.length > 0) {
      await tx
        .insertInto('decision_rejections')
        .values(decision.rejections.map((r) => ({ decision_id: decision.id, venue: r.venue, code: r.code, message: r.message, details: r.details ? JSON.stringify(r.details) : null })))
        .execute();
    }
  });
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
