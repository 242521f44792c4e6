import { sql, type Kysely } from 'kysely';
import type { Json, JsonObject } from '../domain/steps.ts';
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
 * A quote row as the `decisions.quotes` column held it before 2026-12-04: an object, amounts as
 * decimal strings. Decisions stored then are still read (they are kept for as long as a transfer
 * built from them).
 */
interface QuoteRowObject {
  readonly quoteId: string;
  readonly rank: number;
  readonly venue: string;
  readonly amountIn: string;
  readonly amountOut: string;
  readonly minAmountOut: string;
  readonly estimatedSeconds: number | null;
  readonly feeBps: number;
  readonly feeAmount: string;
  readonly tierSavedBps: number;
  readonly executable: boolean;
  readonly eligibility: string;
  readonly expiresAt: number;
  readonly venueQuote: JsonObject;
}

/**
 * A quote row as the column holds it now: positional, and the venue quote without the figures it
 * shares with the row (the bit of `shared` says which were left out). A decision is written on every
 * quote's path and Postgres's work for it grows with its bytes (≈ 15 µs a kB, docs/performance.md);
 * the keys repeated in 36 objects and the venue's amounts written twice were over half of them.
 */
type QuoteRowTuple = readonly [
  quoteId: string,
  rank: number,
  venue: string,
  amountIn: string,
  amountOut: string,
  minAmountOut: string,
  estimatedSeconds: number | null,
  feeBps: number,
  feeAmount: string,
  tierSavedBps: number,
  executable: boolean,
  eligibility: string,
  expiresAt: number,
  venueQuoteRest: JsonObject,
  shared: number,
];

/** The venue quote's figures a row may share, in the order the engine writes them (serializeQuote). */
const SHARED_KEYS = ['amountIn', 'amountOut', 'minAmountOut', 'estimatedSeconds'] as const;

function rowTuple(q: StoredQuoteRow): QuoteRowTuple {
  const amountIn = q.amountIn.toString();
  const amountOut = q.amountOut.toString();
  const minAmountOut = q.minAmountOut.toString();
  const rowValues = [amountIn, amountOut, minAmountOut, q.estimatedSeconds];
  const rest: JsonObject = {};
  let shared = 0;
  for (const [key, value] of Object.entries(q.venueQuote)) {
    const at = (SHARED_KEYS as readonly string[]).indexOf(key);
    if (at >= 0 && value === rowValues[at]) shared |= 1 << at;
    else rest[key] = value;
  }
  return [q.quoteId, q.rank, q.venue, amountIn, amountOut, minAmountOut, q.estimatedSeconds, q.feeBps, q.feeAmount.toString(), q.tierSavedBps, q.executable, q.eligibility, q.expiresAt, rest, shared];
}

function rowOfTuple(t: QuoteRowTuple): StoredQuoteRow {
  const [quoteId, rank, venue, amountIn, amountOut, minAmountOut, estimatedSeconds, feeBps, feeAmount, tierSavedBps, executable, eligibility, expiresAt, rest, shared] = t;
  const rowValues = [amountIn, amountOut, minAmountOut, estimatedSeconds];
  const venueQuote: JsonObject = {};
  SHARED_KEYS.forEach((key, at) => {
    if (shared & (1 << at)) venueQuote[key] = rowValues[at] as Json;
  });
  for (const [key, value] of Object.entries(rest)) venueQuote[key] = value;
  return { quoteId, rank, venue, amountIn: BigInt(amountIn), amountOut: BigInt(amountOut), minAmountOut: BigInt(minAmountOut), estimatedSeconds, feeBps, feeAmount: BigInt(feeAmount), tierSavedBps, executable, eligibility, expiresAt, venueQuote };
}

const rowOfObject = (q: QuoteRowObject): StoredQuoteRow => ({
  quoteId: q.quoteId,
  rank: q.rank,
  venue: q.venue,
  amountIn: BigInt(q.amountIn),
  amountOut: BigInt(q.amountOut),
  minAmountOut: BigInt(q.minAmountOut),
  estimatedSeconds: q.estimatedSeconds,
  feeBps: q.feeBps,
  feeAmount: BigInt(q.feeAmount),
  tierSavedBps: q.tierSavedBps,
  executable: q.executable,
  eligibility: q.eligibility,
  expiresAt: q.expiresAt,
  venueQuote: q.venueQuote,
});

const rowOf = (q: QuoteRowTuple | QuoteRowObject): StoredQuoteRow => (Array.isArray(q) ? rowOfTuple(q as QuoteRowTuple) : rowOfObject(q as QuoteRowObject));

/** Stores a decision with every row and rejection: one row of `decisions`, so atomic on its own. */
export async function insertDecision(db: Kysely<Database>, decision: StoredDecision): Promise<void> {
  await insertDecisions(db, [decision]);
}

/**
 * Stores several decisions, each with its rows and rejections, in one statement: all or none. The
 * decision writer (decisionWriter.ts) hands it the decisions of quotes that finished together, so
 * the store parses, plans and commits once for them instead of once each. The rows are a json
 * column of the decision (migrations 009 and 010), sent as one parameter each: a quote writes ~36 of
 * them on its hot path, and as rows of their own they cost PGlite ~40 % more CPU; as jsonb, compressed,
 * ≈ 0.8 ms more per quote (docs/performance.md).
 */
export async function insertDecisions(db: Kysely<Database>, decisions: readonly StoredDecision[]): Promise<void> {
  if (decisions.length === 0) return;
  const values = decisions.map(
    (d) =>
      sql`(${d.id}::uuid, ${JSON.stringify(d.request)}::jsonb, ${d.privacy}, ${d.userIp}, ${JSON.stringify(d.fees)}::jsonb, ${JSON.stringify(d.pricing)}::jsonb, ${d.bestQuoteId}, ${d.emptyReason}, ${d.createdAt}::bigint, ${d.expiresAt}::bigint, ${JSON.stringify(d.quotes.map(rowTuple))}::json, ${JSON.stringify(d.rejections)}::json)`,
  );
  await sql`
    INSERT INTO decisions (id, request, privacy, user_ip, fees, pricing, best_quote_id, empty_reason, created_at, expires_at, quotes, rejections)
    VALUES ${sql.join(values)}`.execute(db);
}

export async function findDecision(db: Kysely<Database>, id: string): Promise<StoredDecision | null> {
  const row = await db.selectFrom('decisions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const quotes = (row.quotes as (QuoteRowTuple | QuoteRowObject)[]).map(rowOf).sort((a, b) => a.rank - b.rank);
  const rejections = (row.rejections as StoredRejection[]).map((r) => ({ venue: r.venue, code: r.code, message: r.message, details: r.details ?? null })).sort((a, b) => (a.venue < b.venue ? -1 : a.venue > b.venue ? 1 : 0));
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
    quotes,
    rejections,
  };
}

/**
 * Deletes up to `limit` decisions that expired before `cutoff` (ms) and that no transfer was built
 * from, and answers how many went. A transfer keeps its decision for as long as the transfer is kept;
 * a decision nobody built is only the record of a quote, unbuildable once expired.
 */
export async function pruneExpiredDecisions(db: Kysely<Database>, cutoff: number, limit: number): Promise<number> {
  const result = await sql`
    DELETE FROM decisions WHERE id IN (
      SELECT d.id FROM decisions d
      WHERE d.expires_at < ${cutoff}::bigint AND NOT EXISTS (SELECT 1 FROM transfers t WHERE t.decision_id = d.id)
      LIMIT ${limit}::int
      FOR UPDATE SKIP LOCKED)`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
