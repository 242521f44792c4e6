import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Migrator, sql, type Kysely, type Migration, type MigrationInfo, type MigrationProvider, type MigrationResult } from 'kysely';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// The table the store's first runner kept (one row per applied file, `001_initial.sql`); read once to adopt it.
const LEGACY_TABLE = 'schema_migrations';
// Arbitrary constant naming the adoption's lock, so replicas starting together adopt once.
const ADOPTION_LOCK_ID = 7_310_052_417;

/** The SQL files of migrations/, each one Kysely migration named by its file name without `.sql`. */
const sqlFileProvider: MigrationProvider = {
  async getMigrations() {
    const files = await migrationFiles();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.slice(0, -'.sql'.length)] = {
        async up(db) {
          await sql.raw(await readFile(`${MIGRATIONS_DIR}${file}`, 'utf8')).execute(db);
        },
      };
    }
    return migrations;
  },
};

let listed: Promise<string[]> | null = null;
// Read once per process: the files ship with the code, and /ready asks on every probe.
const migrationFiles = (): Promise<string[]> => (listed ??= readdir(MIGRATIONS_DIR).then((names) => names.filter((f) => f.endsWith('.sql')).sort()));

// Unordered: a file merged with a number below one already applied is still applied, as the first runner did.
function migratorOf<DB>(db: Kysely<DB>): Migrator {
  return new Migrator({ db, provider: sqlFileProvider, allowUnorderedMigrations: true });
}

export interface MigrationState {
  readonly name: string;
  /** When it was applied; `null` while pending. */
  readonly appliedAt: Date | null;
}

/** Every migration file and whether it is applied, in name order. */
export async function migrationStatus<DB>(db: Kysely<DB>): Promise<MigrationState[]> {
  await adoptLegacyBookkeeping(db);
  const migrations: readonly MigrationInfo[] = await migratorOf(db).getMigrations();
  return migrations.map((m) => ({ name: m.name, appliedAt: m.executedAt ?? null }));
}

/**
 * Applies every pending migration in one transaction under Kysely's advisory lock (replicas starting
 * together migrate once) and returns the names applied; throws, with nothing applied, when one fails.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  await adoptLegacyBookkeeping(db);
  const { error, results } = await migratorOf(db).migrateToLatest();
  if (error) {
    const failed = results?.find((r: MigrationResult) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed; none applied: ${(error as Error)?.message ?? String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** How many migration files exist, and how many of them are recorded as applied. */
export async function migrationCounts<DB>(db: Kysely<DB>): Promise<{ files: number; applied: number }> {
  const files = (await migrationFiles()).map((f) => f.slice(0, -'.sql'.length));
  const rows = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  const applied = new Set(rows.rows.map((r) => r.name));
  return { files: files.length, applied: files.filter((f) => applied.has(f)).length };
}

/**
 * A database migrated by the first runner recorded its files in `schema_migrations`: the first time
 * Kysely's table is missing there, it is created and filled from those rows (same names without
 * `.sql`, same times), so nothing is applied twice. `schema_migrations` is left as it was, unread
 * from then on, so an older release started against the database still finds its bookkeeping.
 */
async function adoptLegacyBookkeeping<DB>(db: Kysely<DB>): Promise<void> {
  const exists = async (table: string) => (await sql<{ t: string | null }>`SELECT to_regclass(${table})::text AS t`.execute(db)).rows[0]?.t != null;
  if ((await exists('kysely_migration')) || !(await exists(LEGACY_TABLE))) return;
  await db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${ADOPTION_LOCK_ID})`.execute(tx);
    if ((await sql<{ t: string | null }>`SELECT to_regclass('kysely_migration')::text AS t`.execute(tx)).rows[0]?.t != null) return;
    // The same columns Kysely's Migrator creates, so it finds the table ready.
    await sql`CREATE TABLE kysely_migration (name varchar(255) NOT NULL PRIMARY KEY, timestamp varchar(255) NOT NULL)`.execute(tx);
    const legacy = await sql<{ version: string; applied_at: number | string }>`SELECT version, applied_at FROM schema_migrations ORDER BY version`.execute(tx);
    for (const row of legacy.rows) {
      const name = row.version.replace(/\.sql$/, '');
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${name}, ${new Date(Number(row.applied_at)).toISOString()})`.execute(tx);
    }
  });
}
