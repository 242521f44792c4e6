import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrationCounts, migrationStatus } from './migrateStore.ts';
import { findDecision } from './decisionRepository.ts';
import { createPglitePool } from './pglitePool.ts';
import type { Database } from './schema.ts';

const DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

async function emptyDatabase(): Promise<Kysely<unknown>> {
  return new Kysely<unknown>({ dialect: new PostgresDialect({ pool: createPglitePool(await PGlite.create()) }) });
}

/** What the first runner left behind: the files up to `upTo` applied and recorded in schema_migrations. */
async function migratedByTheFirstRunner(db: Kysely<unknown>, upTo: string): Promise<string[]> {
  const files = (await readdir(DIR)).filter((f) => f.endsWith('.sql') && f <= upTo).sort();
  await sql`CREATE TABLE schema_migrations (version text PRIMARY KEY, applied_at bigint NOT NULL)`.execute(db);
  for (const [i, file] of files.entries()) {
    await sql.raw(await readFile(`${DIR}${file}`, 'utf8')).execute(db);
    await sql`INSERT INTO schema_migrations (version, applied_at) VALUES (${file}, ${1_700_000_000_000 + i})`.execute(db);
  }
  return files;
}

describe('migrations on Kysely’s Migrator', () => {
  it('adopts a database the first runner migrated: nothing applied twice, the rest applied, times kept', async () => {
    const db = await emptyDatabase();
    const legacy = await migratedByTheFirstRunner(db, '006_hypercore_credits.sql');
    expect(legacy).toHaveLength(6);
    const before = await migrationStatus(db);
    expect(before.filter((m) => m.appliedAt !== null).map((m) => m.name)).toEqual(legacy.map((f) => f.replace('.sql', '')));
    expect(before.find((m) => m.name === '001_initial')?.appliedAt?.getTime()).toBe(1_700_000_000_000);
    expect(before.find((m) => m.name === '008_transfer_polls')?.appliedAt).toBeNull();

    // Re-applying 001 would fail on its existing tables: success means only the pending ones ran.
    const applied = await migrateToLatest(db);
    expect(applied).toContain('008_transfer_polls');
    expect(applied.some((name) => name <= '006')).toBe(false);
    expect(await migrateToLatest(db)).toEqual([]);
    const counts = await migrationCounts(db);
    expect(counts.applied).toBe(counts.files);
    // The old bookkeeping stays as it was, for an older release started against the same database.
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM schema_migrations`.execute(db)).rows[0]?.n).toBe(6);
    await db.destroy();
  });

  it('migrates an empty database from scratch and reports every migration applied', async () => {
    const db = await emptyDatabase();
    const applied = await migrateToLatest(db);
    expect(applied[0]).toBe('001_initial');
    expect((await migrationStatus(db)).every((m) => m.appliedAt instanceof Date)).toBe(true);
    expect((await sql<{ t: string | null }>`SELECT to_regclass('schema_migrations')::text AS t`.execute(db)).rows[0]?.t).toBeNull();
    await db.destroy();
  });

  it('applies nothing when a migration fails, and says which', async () => {
    const db = await emptyDatabase();
    // A table 008 creates already exists: 008 fails, and the whole run with it.
    await sql`CREATE TABLE transfer_polls (id int)`.execute(db);
    await expect(migrateToLatest(db)).rejects.toThrow(/migration 008_transfer_polls failed; none applied/);
    expect((await sql<{ t: string | null }>`SELECT to_regclass('transfers')::text AS t`.execute(db)).rows[0]?.t).toBeNull();
    await db.destroy();
  });

  it('moves the rows of decisions stored before 009 into the decision, field for field, and drops their tables', async () => {
    const db = await emptyDatabase();
    await migratedByTheFirstRunner(db, '008_transfer_polls.sql');
    const id = '6f1c3b9e-1d2a-4c5b-9e8f-0a1b2c3d4e5f';
    await sql`INSERT INTO decisions (id, request, privacy, user_ip, fees, best_quote_id, empty_reason, created_at, expires_at) VALUES (${id}, '{"fromChain":"base"}', false, null, '{"platform":null}', 'relay_b', null, 1700000000000, 1700000060000)`.execute(db);
    // Amounts past 2^53 and a uint256-sized one: they must come back exact.
    await sql`INSERT INTO decision_quotes VALUES
      (${id}, 'across_a', 1, 'across', 100000000, 99000000, 98000000, null, 10, 100000, 0, false, 'below_min', 1700000050000, '{"context":{"depositId":7}}'),
      (${id}, 'relay_b', 0, 'relay', 115792089237316195423570985008687907853269984665640564039457584007913129639935, 9007199254740993, 1, 30, 0, 0, 5, true, 'ok', 1700000055000, '{"amountOut":"9007199254740993"}')`.execute(db);
    await sql`INSERT INTO decision_rejections VALUES (${id}, 'rango', 'venue_timeout', 'no answer in time', null), (${id}, 'bungee', 'below_min', 'too small', '{"minAmountAtomic":"5"}')`.execute(db);

    expect(await migrateToLatest(db)).toEqual(['009_decision_rows_inline', '010_decision_rows_json', '011_transfers_by_requester']);
    const stored = await findDecision(db as unknown as Kysely<Database>, id);
    expect(stored?.quotes).toEqual([
      { quoteId: 'relay_b', rank: 0, venue: 'relay', amountIn: 2n ** 256n - 1n, amountOut: 9007199254740993n, minAmountOut: 1n, estimatedSeconds: 30, feeBps: 0, feeAmount: 0n, tierSavedBps: 5, executable: true, eligibility: 'ok', expiresAt: 1700000055000, venueQuote: { amountOut: '9007199254740993' } },
      { quoteId: 'across_a', rank: 1, venue: 'across', amountIn: 100000000n, amountOut: 99000000n, minAmountOut: 98000000n, estimatedSeconds: null, feeBps: 10, feeAmount: 100000n, tierSavedBps: 0, executable: false, eligibility: 'below_min', expiresAt: 1700000050000, venueQuote: { context: { depositId: 7 } } },
    ]);
    expect(stored?.rejections).toEqual([
      { venue: 'bungee', code: 'below_min', message: 'too small', details: { minAmountAtomic: '5' } },
      { venue: 'rango', code: 'venue_timeout', message: 'no answer in time', details: null },
    ]);
    expect((await sql<{ t: string | null }>`SELECT to_regclass('decision_quotes')::text AS t`.execute(db)).rows[0]?.t).toBeNull();
    await db.destroy();
  });
});
