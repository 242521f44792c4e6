import { readdir, readFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createPglitePool } from './pglitePool.ts';
import type { Database } from './schema.ts';

export interface Store {
  readonly db: Kysely<Database>;
  readonly driver: 'pglite' | 'postgres';
  /** True when the database answers and every migration is applied (readiness). */
  ready(): Promise<boolean>;
  /**
   * Calls `listener` with a transfer id after a transaction that recorded an event of it committed,
   * in this process or any other on the same database (PostgreSQL LISTEN/NOTIFY; PGlite's own
   * notifications in the embedded default). A wake-up, not a delivery: readers fetch the events from
   * the store, and poll slowly besides, since a notification can be lost with its connection.
   * Returns the unsubscribe function.
   */
  onTransferEvent(listener: (transferId: string) => void): () => void;
  close(): Promise<void>;
}

/** The channel migration 007's trigger notifies, with the transfer id as payload. */
export const TRANSFER_EVENTS_CHANNEL = 'strait_transfer_events';

export interface StoreOptions {
  /** A PostgreSQL URL; when absent the embedded PGlite is used. */
  readonly databaseUrl?: string | undefined;
  /** PGlite data directory, or `memory` for a throw-away database (tests). */
  readonly dataDir?: string | undefined;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Arbitrary constant naming Strait's migration lock, so replicas starting together migrate once.
const MIGRATION_LOCK_ID = 7_310_052_417;

/** Opens the store on the configured driver and applies pending migrations before returning. */
export async function openStore(options: StoreOptions): Promise<Store> {
  let db: Kysely<Database>;
  let driver: Store['driver'];
  const listeners = new Set<(transferId: string) => void>();
  const notify = (transferId: string) => {
    for (const listener of listeners) listener(transferId);
  };
  let stopListening: () => Promise<void>;
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
    stopListening = listenForTransferEvents(options.databaseUrl, notify);
  } else {
    const dataDir = options.dataDir ?? './data';
    if (dataDir !== 'memory') await mkdir(dataDir, { recursive: true });
    const pglite = await PGlite.create(dataDir === 'memory' ? undefined : dataDir);
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPglitePool(pglite) }) });
    driver = 'pglite';
    const unlisten = await pglite.listen(TRANSFER_EVENTS_CHANNEL, notify);
    stopListening = () => unlisten().catch(() => undefined);
  }
  const expected = await migrate(db);
  return {
    db,
    driver,
    async ready() {
      try {
        const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM schema_migrations`.execute(db);
        return (rows.rows[0]?.n ?? 0) >= expected;
      } catch {
        return false;
      }
    },
    onTransferEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await stopListening();
      await db.destroy();
    },
  };
}

const RELISTEN_DELAY_MS = 1_000;

/**
 * Holds one dedicated connection in LISTEN on the events channel, reconnecting after a second when
 * it drops. Notifications sent while it is down are lost; the readers' slow poll covers them.
 */
function listenForTransferEvents(databaseUrl: string, notify: (transferId: string) => void): () => Promise<void> {
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: databaseUrl });
    client = next;
    const again = () => {
      if (closed || client !== next) return;
      client = null;
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void connect(), RELISTEN_DELAY_MS);
    };
    next.on('error', again);
    next.on('end', again);
    next.on('notification', (message) => {
      if (message.channel === TRANSFER_EVENTS_CHANNEL && message.payload) notify(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${TRANSFER_EVENTS_CHANNEL}`);
    } catch {
      again();
    }
  };
  void connect();
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}

/** Applies every migration file not yet recorded, in name order, each in its own transaction. */
async function migrate(db: Kysely<Database>): Promise<number> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  await db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(tx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at bigint NOT NULL)`.execute(tx);
    const applied = new Set((await sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(tx)).rows.map((r) => r.version));
    for (const file of files) {
      if (applied.has(file)) continue;
      const text = await readFile(`${MIGRATIONS_DIR}${file}`, 'utf8');
      await sql.raw(text).execute(tx);
      await sql`INSERT INTO schema_migrations (version, applied_at) VALUES (${file}, ${Date.now()})`.execute(tx);
    }
  });
  return files.length;
}
