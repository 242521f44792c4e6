import { ConfigError, loadConfig, type Config, type Env } from '../config.ts';
import { createStrait, type Strait } from '../createStrait.ts';
import { startWorkerProbes } from '../observability/startWorkerProbes.ts';
import { startSandbox } from '../sandbox/startSandbox.ts';
import { onShutdown } from './onShutdown.ts';
import { startupSummary, unknownVariables } from './startupReport.ts';
import { EXIT, PROCESS_IO, UsageError, type CliIo } from './operator/cliIo.ts';
import { CONFIG_USAGE, configCheckCommand } from './operator/configCheckCommand.ts';
import { DB_USAGE, dbCommand } from './operator/dbQueryCommand.ts';
import { MIGRATE_USAGE, migrateCommand } from './operator/migrateCommand.ts';
import { StoreUnavailable } from './operator/openOperatorStore.ts';
import { TRANSFERS_USAGE, transfersCommand } from './operator/transfersCommand.ts';

const USAGE = `usage: strait <command>

  serve [--no-worker]   API on STRAIT_HOST:STRAIT_PORT (default 127.0.0.1:8080) with the status worker
  worker                the status worker alone
  sandbox               local chains, venue fakes and the service; prints one JSON line

operator commands (the store and configuration of the same environment; --help on each, --json for scripts):
  transfers list|show   transfers by status, venue, overdue, wallet, age; one transfer in full
  config check          validate the environment; venues, RPCs and fee wallets
  migrate status|up     schema migrations
  db query "<sql>"      one SQL statement, read-only unless --write
`;

const USAGES: Readonly<Record<string, string>> = { transfers: TRANSFERS_USAGE, config: CONFIG_USAGE, migrate: MIGRATE_USAGE, db: DB_USAGE };

/** Runs a command; resolves to an exit code, or `null` while a long-running command keeps the process up. */
export async function runCli(args: readonly string[], env: Env, io: CliIo = PROCESS_IO): Promise<number | null> {
  const [command = 'serve', ...flags] = args;
  try {
    const wantsHelp = flags.includes('--help') || flags[0] === 'help';
    if (USAGES[command] && wantsHelp) {
      io.out(USAGES[command]);
      return EXIT.ok;
    }
    switch (command) {
      case 'transfers':
        return await transfersCommand(flags, loadConfig(env), io, Date.now());
      case 'config':
        return configCheckCommand(flags, env, io);
      case 'migrate':
        return await migrateCommand(flags, loadConfig(env), io);
      case 'db':
        return await dbCommand(flags, loadConfig(env), io);
      case 'serve':
        return await serve(env, !flags.includes('--no-worker'));
      case 'worker':
        return await workerOnly(env);
      case 'sandbox':
        return await sandbox(env);
      case 'help':
      case '--help':
        io.out(USAGE);
        return 0;
      default:
        io.err(`unknown command '${command}'\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(`configuration error: ${error.message}\n`);
      return EXIT.config;
    }
    if (error instanceof UsageError || (error as { code?: string })?.code?.startsWith('ERR_PARSE_ARGS') === true) {
      io.err(`${(error as Error).message}\n\n${USAGES[command] ?? USAGE}`);
      return EXIT.usage;
    }
    if (error instanceof StoreUnavailable) {
      io.err(`${error.message}\n`);
      return EXIT.storeUnavailable;
    }
    throw error;
  }
}

async function serve(env: Env, worker: boolean): Promise<null> {
  const config = loadConfig(env);
  const strait = await createStrait(config, { worker });
  reportStartup(strait, config, env);
  const baseUrl = await strait.listen();
  strait.deps.logger.info({ baseUrl, worker }, 'strait is serving');
  onShutdown(() => strait.close());
  return null;
}

async function workerOnly(env: Env): Promise<null> {
  const config = loadConfig(env);
  const strait = await createStrait(config, { worker: true });
  reportStartup(strait, config, env);
  const probes = await startWorkerProbes({ host: config.host, port: config.worker.port, store: strait.deps.store, metrics: strait.metrics });
  strait.deps.logger.info({ probes: probes.url }, 'strait worker is running; /health, /ready and /metrics on its own port');
  onShutdown(async () => {
    await probes.close();
    await strait.close();
  });
  return null;
}

/** Starts everything, prints the sandbox's one JSON line on stdout, runs until SIGINT or SIGTERM. */
async function sandbox(env: Env): Promise<null> {
  const passed = (['STRAIT_PORT', 'STRAIT_RATE_LIMIT_PER_MINUTE'] as const).filter((name) => env[name]);
  const running = await startSandbox(Object.fromEntries(passed.map((name) => [name, env[name]])));
  process.stdout.write(`${JSON.stringify(running.info)}\n`);
  onShutdown(() => running.stop());
  return null;
}

/** Start-up tells the truth: what runs and what is off (and why), and every STRAIT_* variable Strait does not read. */
function reportStartup(strait: Strait, config: Config, env: Env): void {
  const logger = strait.deps.logger;
  for (const unknown of unknownVariables(env, config)) {
    logger.warn({ variable: unknown.name, didYouMean: unknown.didYouMean }, `unknown variable ${unknown.name}: Strait does not read it${unknown.didYouMean ? ` (did you mean ${unknown.didYouMean}?)` : ''}`);
  }
  logger.info({ startup: startupSummary(config, strait.deps.venues) }, 'strait configuration');
}
