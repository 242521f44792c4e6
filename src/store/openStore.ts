import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './dataDirLock.ts';
import { migrateToLatest, migrationCounts } from './migrateStore.ts';
import { createPglitePool } from './pglitePool.ts';
import type { Database } from './schema.ts';

export interface Store {
  readonly db: Kysely<Database>;
  readonly driver: 'pglite' | 'postgres';
  /** True when the database answers and every migration is applied (readiness). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** A PostgreSQL URL; when absent the embedded PGlite is used. */
  readonly databaseUrl?: string | undefined;
  /** PGlite data directory, or `memory` for a throw-away database (tests). */
  readonly dataDir?: string | undefined;
  /** Apply pending migrations before returning (default); `strait migrate status` opens without. */
  readonly migrate?: boolean;
}

/** Opens the store on the configured driver and, unless told not to, applies pending migrations before returning. */
export async function openStore(options: StoreOptions): Promise<Store> {
  let db: Kysely<Database>;
  let driver: Store['driver'];
  let unlock = (): void => undefined;
  if (options.databaseUrl) {
    const int8 = 20;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Epoch-ms times are int8; they fit a double exactly, so read them as numbers.
      types: { getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === int8 ? Number : pg.types.getTypeParser(oid, format)) } as pg.CustomTypesConfig,
    });
    pool.on('error', () => undefined); // idle-client errors surface on the next query instead
    // A client checked out when the server drops it emits 'error' too; unheard, it would crash the
    // process. The query in flight rejects with it anyway, and the pool discards the broken client.
    pool.on('connect', (client) => client.on('error', () => undefined));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    driver = 'postgres';
  } else {
    const dataDir = options.dataDir ?? './data';
    if (dataDir !== 'memory') {
      await mkdir(dataDir, { recursive: true });
      unlock = lockDataDir(dataDir);
    }
    const pglite = await PGlite.create(dataDir === 'memory' ? undefined : dataDir).catch((error: unknown) => {
      unlock();
      throw error;
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPglitePool(pglite) }) });
    driver = 'pglite';
  }
  if (options.migrate !== false) {
    await migrateToLatest(db).catch(async (error: unknown) => {
      await db.destroy();
      unlock();
      throw error;
    });
  }
  return {
    db,
    driver,
    async ready() {
      try {
        const { files, applied } = await migrationCounts(db);
        return applied === files;
      } catch {
        return false;
      }
    },
    async close() {
      await db.destroy();
      unlock();
    },
  };
}
