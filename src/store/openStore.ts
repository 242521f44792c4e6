import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './dataDirLock.ts';
import { insertDecisions, type StoredDecision } from './decisionRepository.ts';
import { createDecisionWriter } from './decisionWriter.ts';
import { migrateToLatest, migrationCounts } from './migrateStore.ts';
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
  /**
   * Stores a quote's decision. Decisions of quotes that finish while a write is in flight are
   * committed together in the next statement (decisionWriter.ts). On PostgreSQL it resolves once the
   * decision is committed (another replica may build it next); on PGlite, whose readers are all in
   * this process, once it is queued (unless many wait): readers call {@link decisionWritten} first.
   */
  writeDecision(decision: StoredDecision): Promise<void>;
  /** Resolves once a write of decision `id` handed to {@link writeDecision} in this process has settled; at once when none is pending. Call it before reading a decision. */
  decisionWritten(id: string): Promise<void>;
  close(): Promise<void>;
}

/** The channel migration 007's trigger notifies, with the transfer id as payload. */
export const TRANSFER_EVENTS_CHANNEL = 'strait_transfer_events';

/**
 * PGlite's own start parameters, with Postgres's buffer cache cut from its default 128 MB to 16 MB.
 * PGlite's WebAssembly memory only grows, and the cache filled it: the embedded store held ≈ 200 MB
 * of the service's RSS (bench: `npm run bench:memory`); 16 MB against ≈ 140 MB, at no measured cost
 * to the quote path, whose writes are appends and whose reads are one transfer's rows by key. The
 * data directory's pages are files on the host, which the host's page cache keeps as before.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

export interface StoreOptions {
  /** A PostgreSQL URL; when absent the embedded PGlite is used. */
  readonly databaseUrl?: string | undefined;
  /** PGlite data directory, or `memory` for a throw-away database (tests). */
  readonly dataDir?: string | undefined;
  /** Apply pending migrations before returning (default); `strait migrate status` opens without. */
  readonly migrate?: boolean;
  /** Told of a decision whose quote was answered before its commit and whose commit then failed (PGlite only); default: a line on stderr. */
  readonly onDecisionLost?: (decisionId: string, error: unknown) => void;
}

/**
 * Uncommitted decisions a PGlite store lets quotes answer ahead of; past it, quotes wait for their
 * commit. ≈ 36 rows each, a few hundred kB of JSON at most in all.
 */
export const DECISIONS_QUEUED_AT_MOST = 64;
/** PGlite: a decision's write waits for this long without a newer one (decisionWriter's `lullMs`)… */
export const DECISION_WRITE_LULL_MS = 5;
/** …and at most this long. */
export const DECISION_WRITE_LULL_AT_MOST_MS = 100;

/** Opens the store on the configured driver and, unless told not to, applies pending migrations before returning. */
export async function openStore(options: StoreOptions): Promise<Store> {
  let db: Kysely<Database>;
  let driver: Store['driver'];
  const listeners = new Set<(transferId: string) => void>();
  const notify = (transferId: string) => {
    for (const listener of listeners) listener(transferId);
  };
  let stopListening: () => Promise<void>;
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
    stopListening = listenForTransferEvents(options.databaseUrl, notify);
  } else {
    const dataDir = options.dataDir ?? './data';
    if (dataDir !== 'memory') {
      await mkdir(dataDir, { recursive: true });
      unlock = lockDataDir(dataDir);
    }
    const pglite = await PGlite.create(dataDir === 'memory' ? undefined : dataDir, { startParams: PGLITE_START_PARAMS }).catch((error: unknown) => {
      unlock();
      throw error;
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPglitePool(pglite) }) });
    driver = 'pglite';
    const unlisten = await pglite.listen(TRANSFER_EVENTS_CHANNEL, notify);
    stopListening = () => unlisten().catch(() => undefined);
  }
  if (options.migrate !== false) {
    await migrateToLatest(db).catch(async (error: unknown) => {
      await stopListening();
      await db.destroy();
      unlock();
      throw error;
    });
  }
  // PGlite has one session, so one statement at a time; PostgreSQL keeps pool clients for reads.
  // PGlite's data directory is this process's alone (dataDirLock.ts), so every reader of a decision
  // is here and can wait for its write: the quote answers without waiting for the commit
  // (docs/performance.md, "Answering before the decision's write").
  const onLost = options.onDecisionLost ?? ((id: string, error: unknown) => process.stderr.write(`strait: decision ${id} was answered but not stored: ${(error as Error).message}\n`));
  const decisions = createDecisionWriter((batch) => insertDecisions(db, batch), {
    maxInFlight: driver === 'pglite' ? 1 : 4,
    maxBatch: 32,
    ...(driver === 'pglite' ? { inProcessReaders: { queuedAtMost: DECISIONS_QUEUED_AT_MOST, lullMs: DECISION_WRITE_LULL_MS, lullAtMostMs: DECISION_WRITE_LULL_AT_MOST_MS, onLost: (decision: StoredDecision, error: unknown) => onLost(decision.id, error) } } : {}),
  });
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
    onTransferEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    writeDecision: (decision) => decisions.write(decision),
    decisionWritten: (id) => decisions.written(id),
    async close() {
      await decisions.idle();
      listeners.clear();
      await stopListening();
      await db.destroy();
      unlock();
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
