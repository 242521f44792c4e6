import pino, { type Logger } from 'pino';
import { createEvmRpc, type EvmRpc } from './chains/evm/createEvmRpc.ts';
import type { Config } from './config.ts';
import type { ChainKey } from './domain/chains.ts';
import type { EngineDeps } from './engine/EngineDeps.ts';
import { createStatusWorker, type StatusWorker } from './engine/statusWorker.ts';
import { createHttpApp } from './http/createHttpApp.ts';
import { openStore } from './store/openStore.ts';
import { createVenueRegistry } from './venues/createVenueRegistry.ts';
import { VENUE_MODULES } from './venues/venueModules.ts';
import type { VenueModule } from './venues/VenueModule.ts';
import type { FastifyInstance } from 'fastify';

export interface Strait {
  readonly app: FastifyInstance;
  readonly deps: EngineDeps;
  readonly worker: StatusWorker;
  /** Listens on the configured host and port; resolves to the base URL (…/v1). */
  listen(): Promise<string>;
  /** Drains requests, stops the worker (releasing its leases) and closes the store. */
  close(): Promise<void>;
}

export interface StraitOptions {
  readonly logger?: Logger;
  readonly modules?: readonly VenueModule[];
  readonly now?: () => number;
  /** Run the status worker in this process (`strait serve`, not `--no-worker`). */
  readonly worker?: boolean;
}

/** The composition root: every long-lived object is built here from the configuration, nowhere else. */
export async function createStrait(config: Config, options: StraitOptions = {}): Promise<Strait> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  const now = options.now ?? Date.now;
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const rpcs = new Map<ChainKey, EvmRpc>((Object.entries(config.rpcUrls) as [ChainKey, string][]).map(([chain, url]) => [chain, createEvmRpc(url)]));
  const venues = createVenueRegistry({ modules: options.modules ?? VENUE_MODULES, venues: config.venues, evm: (chain) => rpcs.get(chain)?.client ?? null, now });
  const deps: EngineDeps = {
    store,
    venues,
    rpc: (chain) => rpcs.get(chain) ?? null,
    now,
    logger,
    settings: {
      quoteDeadlineMs: config.quote.deadlineMs,
      quoteTtlMs: config.quote.ttlMs,
      buildTtlMs: config.buildTtlMs,
      abandonGraceMs: 10 * 60_000,
      workerIntervalMs: config.worker.intervalMs,
    },
  };
  const app = await createHttpApp({ deps, logger, trustProxy: config.trustProxy });
  const worker = createStatusWorker(deps, { leaseMs: config.worker.leaseMs, batchSize: config.worker.batchSize });
  const runWorker = options.worker ?? config.worker.enabled;
  if (runWorker) worker.start();
  return {
    app,
    deps,
    worker,
    async listen() {
      const address = await app.listen({ host: config.host, port: config.port });
      return `${address.replace('0.0.0.0', '127.0.0.1')}/v1`;
    },
    async close() {
      await app.close();
      await worker.stop();
      await store.close();
    },
  };
}
