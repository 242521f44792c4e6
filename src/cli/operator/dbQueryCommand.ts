import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import { EXIT, UsageError, toJson, type CliIo } from './cliIo.ts';
import { countStatements } from './countStatements.ts';
import { formatTable } from './formatTable.ts';
import { openOperatorStore } from './openOperatorStore.ts';

export const DB_USAGE = `usage: strait db query "<sql>" [--write] [--json]

Runs exactly one SQL statement on the service's store (PostgreSQL or a PGlite data directory) and prints
the rows. Read-only by default: the statement runs in a READ ONLY transaction that is rolled back,
so it cannot change anything. --write runs it in a transaction that is committed.
Exit 0 on success, 1 when the database refuses the statement (its message is printed).
`;

export async function dbCommand(args: readonly string[], config: Config, io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === 'help') {
    io.out(DB_USAGE);
    return sub === undefined ? EXIT.usage : EXIT.ok;
  }
  if (sub !== 'query') throw new UsageError(`unknown subcommand 'db ${sub}'`);
  const { values, positionals } = parseArgs({ args: [...rest], options: { write: { type: 'boolean', default: false }, json: { type: 'boolean', default: false } }, allowPositionals: true, strict: true });
  if (positionals.length !== 1 || positionals[0]!.trim() === '') throw new UsageError('db query takes exactly one SQL statement, quoted');
  const statement = positionals[0]!;
  const statements = countStatements(statement);
  if (statements !== 1) throw new UsageError(`db query runs exactly one statement, got ${statements}`);
  const store = await openOperatorStore(config);
  try {
    let result: { rows: Record<string, unknown>[]; numAffectedRows?: bigint };
    try {
      // One connection for the whole transaction: BEGIN, the statement and its end go to the same session.
      result = await store.db.connection().execute(async (db) => {
        await sql.raw(values.write ? 'BEGIN' : 'BEGIN READ ONLY').execute(db);
        try {
          const answer = await sql.raw<Record<string, unknown>>(statement).execute(db);
          await sql.raw(values.write ? 'COMMIT' : 'ROLLBACK').execute(db);
          return { rows: [...answer.rows], ...(answer.numAffectedRows !== undefined ? { numAffectedRows: answer.numAffectedRows } : {}) };
        } catch (error) {
          await sql.raw('ROLLBACK').execute(db).catch(() => undefined);
          throw error;
        }
      });
    } catch (error) {
      const message = (error as Error).message;
      const hint = !values.write && /read-only transaction/i.test(message) ? ' (db query is read-only; add --write to change data)' : '';
      if (values.json) io.out(toJson({ ok: false, error: message + hint }));
      else io.err(`query failed: ${message}${hint}\n`);
      return EXIT.problem;
    }
    if (values.json) {
      io.out(toJson({ ok: true, rows: result.rows, ...(result.numAffectedRows !== undefined ? { affectedRows: Number(result.numAffectedRows) } : {}) }));
      return EXIT.ok;
    }
    if (result.rows.length > 0) {
      const columns = Object.keys(result.rows[0]!);
      io.out(formatTable(columns, result.rows.map((row) => columns.map((c) => row[c])), 120));
    }
    io.out(`(${result.rows.length} row${result.rows.length === 1 ? '' : 's'}${result.numAffectedRows !== undefined && result.rows.length === 0 ? `, ${result.numAffectedRows} affected` : ''})\n`);
    return EXIT.ok;
  } finally {
    await store.close();
  }
}
