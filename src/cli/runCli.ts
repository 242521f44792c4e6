import { ConfigError, loadConfig, type Config, type Env } from '../config.ts';
import { createStrait, type Strait } from '../createStrait.ts';
import { startWorkerProbes } from '../observability/startWorkerProbes.ts';
import { startSandbox } from '../sandbox/startSandbox.ts';
import { onShutdown } from './onShutdown.ts';
import { startupSummary, unknownVariables } from './startupReport.ts';

const USAGE = `usage: strait <command>

  serve [--no-worker]   API on STRAIT_HOST:STRAIT_PORT (default 127.0.0.1:8080) with the status worker
  worker                the status worker alone
  sandbox               local chains, venue fakes and the service; prints one JSON line
`;

/** Runs a command; resolves to an exit code, or `null` while a long-running command keeps the process up. */
export async function runCli(args: readonly string[], env: Env): Promise<number | null> {
  const [command = 'serve', ...flags] = args;
  try {
    switch (command) {
      case 'serve':
        return await serve(env, !flags.includes('--no-worker'));
      case 'worker':
        return await workerOnly(env);
      case 'sandbox':
        return await sandbox(env);
      case 'help':
      case '--help':
        process.stdout.write(USAGE);
        return 0;
      default:
        process.stderr.write(`unknown command '${command}'\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`configuration error: ${error.message}\n`);
      return 78;
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
