import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/**
 * Presents one embedded PGlite database as the `pg` pool Kysely's PostgresDialect expects. PGlite has
 * a single session, so a "connection" is an exclusive lease on it: a transaction on one lease can
 * never interleave with statements of another.
 */
export function createPglitePool(pglite: PGlite): PostgresPool {
  let tail: Promise<void> = Promise.resolve();

  const client: PostgresPoolClient = {
    async query(sql: string, parameters: readonly unknown[]) {
      // Without parameters use the simple protocol, which (as in `pg`) allows several statements: migrations.
      const result = parameters.length === 0 ? (await pglite.exec(sql)).at(-1) : await pglite.query(sql, parameters as unknown[]);
      const rows = result?.rows ?? [];
      return { command: commandOf(sql), rowCount: result?.affectedRows ?? rows.length, rows };
    },
    release() {
      // replaced per lease below
    },
  } as unknown as PostgresPoolClient;

  return {
    async connect() {
      let release!: () => void;
      const leased = new Promise<void>((resolve) => (release = resolve));
      const previous = tail;
      tail = previous.then(() => leased);
      await previous;
      return { query: client.query, release } as unknown as PostgresPoolClient;
    },
    async end() {
      await tail;
      await pglite.close();
    },
  };
}

function commandOf(sql: string): string {
  const match = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|merge|select)/i.exec(sql);
  return (match?.[1] ?? 'SELECT').toUpperCase();
}
