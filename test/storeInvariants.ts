import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/store/schema.ts';

/**
 * Checks that nothing in the store is half-written, whatever requests (or faults) came before:
 * every decision holds exactly one row or rejection per registered venue and its best row, every
 * transfer its decision's row and contiguous steps, every submission a built step, every SUBMITTED
 * transfer its main submission; no orphan rows. Returns one message per violation (none: `[]`).
 */
export async function storeInvariantViolations(db: Kysely<Database>, registeredVenues: number): Promise<string[]> {
  const violations: string[] = [];
  const report = (rows: readonly Record<string, unknown>[], what: string) => {
    for (const row of rows) violations.push(`${what}: ${JSON.stringify(row)}`);
  };

  report(
    (
      await sql<{ id: string; rows: number }>`
        SELECT d.id, json_array_length(d.quotes) + json_array_length(d.rejections) AS rows
        FROM decisions d`.execute(db)
    ).rows.filter((r) => r.rows !== registeredVenues),
    `decision without one row or rejection for each of the ${registeredVenues} registered venues`,
  );
  report(
    (await sql`SELECT d.id, d.best_quote_id FROM decisions d WHERE d.best_quote_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM json_array_elements(d.quotes) q WHERE coalesce(q ->> 0, q ->> 'quoteId') = d.best_quote_id)`.execute(db)).rows as Record<string, unknown>[],
    'decision whose best row is missing',
  );
  report(
    (await sql`SELECT d.id FROM decisions d WHERE (SELECT count(DISTINCT coalesce(q ->> 0, q ->> 'quoteId')) FROM json_array_elements(d.quotes) q) <> json_array_length(d.quotes) OR (SELECT count(DISTINCT r ->> 'venue') FROM json_array_elements(d.rejections) r) <> json_array_length(d.rejections)`.execute(db)).rows as Record<string, unknown>[],
    'decision with a quote id or a rejected venue twice',
  );
  report(
    (await sql`SELECT t.id, t.quote_id FROM transfers t JOIN decisions d ON d.id = t.decision_id WHERE NOT EXISTS (SELECT 1 FROM json_array_elements(d.quotes) q WHERE coalesce(q ->> 0, q ->> 'quoteId') = t.quote_id)`.execute(db)).rows as Record<string, unknown>[],
    'transfer whose quote row is missing',
  );
  report(
    (
      await sql`
        SELECT t.id, count(s.step_index)::int AS steps, coalesce(max(s.step_index), -1) AS last, jsonb_array_length(coalesce(t.build -> 'steps', '[]'::jsonb)) AS built
        FROM transfers t LEFT JOIN transfer_steps s ON s.transfer_id = t.id
        GROUP BY t.id, t.build
        HAVING count(s.step_index) <> coalesce(max(s.step_index), -1) + 1
            OR (t.build ? 'steps' AND count(s.step_index) <> jsonb_array_length(t.build -> 'steps'))
            OR (NOT t.build ? 'steps' AND count(s.step_index) > 1)`.execute(db)
    ).rows as Record<string, unknown>[],
    'transfer whose stored steps differ from its build',
  );
  report(
    (await sql`SELECT s.transfer_id, s.kind FROM submissions s WHERE NOT EXISTS (SELECT 1 FROM transfer_steps t WHERE t.transfer_id = s.transfer_id AND t.kind = s.kind)`.execute(db)).rows as Record<string, unknown>[],
    'submission of a step that was never built',
  );
  report(
    (
      await sql`
        SELECT t.id, t.status, t.source_tx_hash, s.tx_hash FROM transfers t
        LEFT JOIN submissions s ON s.transfer_id = t.id AND s.kind = 'main'
        WHERE (t.status = 'SUBMITTED' AND (s.tx_hash IS NULL OR t.source_tx_hash IS DISTINCT FROM s.tx_hash OR t.submitted_at IS NULL))
           OR (t.status = 'PENDING_SIGNATURE' AND (s.tx_hash IS NOT NULL OR t.source_tx_hash IS NOT NULL))`.execute(db)
    ).rows as Record<string, unknown>[],
    'transfer status disagreeing with its main submission',
  );
  const orphans = await sql<{ table: string; n: number }>`
    SELECT 'transfers' AS table, count(*)::int AS n FROM transfers t WHERE NOT EXISTS (SELECT 1 FROM decisions d WHERE d.id = t.decision_id)
    UNION ALL SELECT 'transfer_steps', count(*)::int FROM transfer_steps s WHERE NOT EXISTS (SELECT 1 FROM transfers t WHERE t.id = s.transfer_id)
    UNION ALL SELECT 'submissions', count(*)::int FROM submissions s WHERE NOT EXISTS (SELECT 1 FROM transfers t WHERE t.id = s.transfer_id)
    UNION ALL SELECT 'fee_rows', count(*)::int FROM fee_rows f WHERE NOT EXISTS (SELECT 1 FROM transfers t WHERE t.id = f.transfer_id)`.execute(db);
  report(orphans.rows.filter((r) => r.n > 0), 'orphan rows');
  return violations;
}
