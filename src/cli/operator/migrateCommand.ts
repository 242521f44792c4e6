import { parseArgs } from 'node:util';
import type { Config } from '../../config.ts';
import { migrateToLatest, migrationStatus } from '../../store/migrateStore.ts';
import { EXIT, UsageError, toJson, type CliIo } from './cliIo.ts';
import { formatTable } from './formatTable.ts';
import { openOperatorStore, storeLabel } from './openOperatorStore.ts';

export const MIGRATE_USAGE = `usage: strait migrate status [--json]
       strait migrate up [--json]

status: every migration and when it was applied; exit 1 while any is pending.
up:     applies the pending ones in one transaction under an advisory lock (every strait process
        also does this when it starts); exit 1, with none applied, when one fails.
A database migrated before Kysely's Migrator (schema_migrations) is adopted as it is: nothing re-applied.
`;

export async function migrateCommand(args: readonly string[], config: Config, io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === 'help') {
    io.out(MIGRATE_USAGE);
    return sub === undefined ? EXIT.usage : EXIT.ok;
  }
  if (sub !== 'status' && sub !== 'up') throw new UsageError(`unknown subcommand 'migrate ${sub}'`);
  const { values } = parseArgs({ args: [...rest], options: { json: { type: 'boolean', default: false } }, strict: true });
  const store = await openOperatorStore(config, { create: sub === 'up' });
  try {
    if (sub === 'up') {
      let applied: string[];
      try {
        applied = await migrateToLatest(store.db);
      } catch (error) {
        if (values.json) io.out(toJson({ ok: false, error: (error as Error).message }));
        else io.err(`${(error as Error).message}\n`);
        return EXIT.problem;
      }
      if (values.json) io.out(toJson({ ok: true, applied }));
      else io.out(applied.length === 0 ? `${storeLabel(config)}: up to date, nothing to apply\n` : `${storeLabel(config)}: applied ${applied.join(', ')}\n`);
      return EXIT.ok;
    }
    const migrations = await migrationStatus(store.db);
    const pending = migrations.filter((m) => m.appliedAt === null);
    if (values.json) io.out(toJson({ store: storeLabel(config), pending: pending.map((m) => m.name), migrations }));
    else {
      io.out(formatTable(['migration', 'applied'], migrations.map((m) => [m.name, m.appliedAt ? m.appliedAt.toISOString() : 'pending'])));
      io.out(`${storeLabel(config)}: ${pending.length === 0 ? 'up to date' : `${pending.length} pending (strait migrate up)`}\n`);
    }
    return pending.length === 0 ? EXIT.ok : EXIT.problem;
  } finally {
    await store.close();
  }
}
