import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrationCounts, migrationStatus } from './migrateStore.ts';
import { createPglitePool } from './pglitePool.ts';

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
});
