import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import pino, { type Logger } from 'pino';
import { createEvmRpc, type EvmRpc } from './chains/evm/createEvmRpc.ts';
import { createBlockbookIndexer } from './chains/utxo/createBlockbookIndexer.ts';
import { createUtxoIndexer, type UtxoIndexer } from './chains/utxo/createUtxoIndexer.ts';
import { utxoNetwork } from './chains/utxo/utxoNetworks.ts';
import { createSvmRpc, type SvmRpc } from './chains/svm/createSvmRpc.ts';
import { createTronRpc, type TronRpc } from './chains/tron/createTronRpc.ts';
import type { Config, PriceConfig, UtxoIndexerKind } from './config.ts';
import { DEFAULT_FEE_SCHEDULE } from './domain/feeSchedule.ts';
import { createDefiLlamaPriceSource } from './prices/defiLlamaPriceSource.ts';
import { SANDBOX_PRICES, createFixedPriceSource } from './prices/fixedPriceSource.ts';
import type { PriceSource } from './prices/PriceSource.ts';
import { withPinnedStablecoins } from './prices/withPinnedStablecoins.ts';
import { chainInfo, type ChainKey } from './domain/chains.ts';
import type { EngineDeps } from './engine/EngineDeps.ts';
import { createTransferViewCache } from './engine/transferViewCache.ts';
import { createStatusWorker, type StatusWorker } from './engine/statusWorker.ts';
import { createWebhookSender, type WebhookSender } from './engine/webhooks/createWebhookSender.ts';
import { createHttpApp } from './http/createHttpApp.ts';
import { createMemoryRateLimiter } from './http/rateLimits/createMemoryRateLimiter.ts';
import { createRedisRateLimiter } from './http/rateLimits/createRedisRateLimiter.ts';
import type { RateLimiter } from './http/rateLimits/RateLimiter.ts';
import { createMetrics, type Metrics } from './observability/createMetrics.ts';
import { registerStateGauges } from './observability/registerStateGauges.ts';
import { createDecisionPruner } from './store/decisionPruner.ts';
import { openStore } from './store/openStore.ts';
import { createVenueRegistry } from './venues/createVenueRegistry.ts';
import { startSnapshotRefresher } from './venues/startSnapshotRefresher.ts';
import { VENUE_MODULES } from './venues/venueModules.ts';
import type { VenueEntry } from './venues/VenueModule.ts';
import type { FastifyInstance } from 'fastify';

/** How often the processes running the worker delete the decisions past their retention. */
const DECISION_PRUNE_INTERVAL_MS = 10 * 60_000;

export interface Strait {
  readonly app: FastifyInstance;
  readonly deps: EngineDeps;
  readonly worker: StatusWorker;
  /** Sends the webhook outbox; `null` without STRAIT_WEBHOOK_SECRET. Started with the worker. */
  readonly webhookSender: WebhookSender | null;
  /** This process's metrics (the API's `/metrics`, and the worker's probes in `strait worker`). */
  readonly metrics: Metrics;
  /** Listens on the configured host and port; resolves to the base URL (…/v1). */
  listen(): Promise<string>;
  /** Drains in-flight requests, stops the worker (releasing its leases), then closes Redis and the store. */
  close(): Promise<void>;
}

export interface StraitOptions {
  readonly logger?: Logger;
  /** The venue list (default `VENUE_MODULES`); tests put doubles in with `withStandIns`. */
  readonly modules?: readonly VenueEntry[];
  readonly now?: () => number;
  /** Run the status worker in this process (`strait serve`, not `--no-worker`). */
  readonly worker?: boolean;
}

/** The composition root: every long-lived object is built here from the configuration, nowhere else. */
export async function createStrait(config: Config, options: StraitOptions = {}): Promise<Strait> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  const now = options.now ?? Date.now;
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onDecisionLost: (decisionId, error) => logger.error({ decisionId, err: error }, 'a quote was answered but its decision could not be stored: building it answers decision_not_found'),
  });
  const rpcUrls = Object.entries(config.rpcUrls) as [ChainKey, string][];
  const rpcs = new Map<ChainKey, EvmRpc>(rpcUrls.filter(([chain]) => chainInfo(chain).vm === 'evm').map(([chain, url]) => [chain, createEvmRpc(url)]));
  const svmRpcs = new Map<ChainKey, SvmRpc>(rpcUrls.filter(([chain]) => chainInfo(chain).vm === 'svm').map(([chain, url]) => [chain, createSvmRpc(url)]));
  const tronRpcs = new Map<ChainKey, TronRpc>(rpcUrls.filter(([chain]) => chainInfo(chain).vm === 'tron').map(([chain, url]) => [chain, createTronRpc(url, { apiKey: config.tronApiKey })]));
  // On a Bitcoin-family chain STRAIT_RPC_<CHAIN> names an indexer, Esplora-style unless STRAIT_INDEXER_<CHAIN>_KIND says Blockbook (docs/configuration.md).
  const utxoIndexers = new Map<ChainKey, UtxoIndexer>(rpcUrls.filter(([chain]) => chainInfo(chain).vm === 'utxo').map(([chain, url]) => [chain, utxoIndexerOf(chain, url, config.utxoIndexerKinds[chain])]));
  const metrics = createMetrics();
  const venues = createVenueRegistry({ modules: options.modules ?? VENUE_MODULES, venues: config.venues, evm: (chain) => rpcs.get(chain)?.client ?? null, now, observe: metrics.observeVenueAttempt });
  const transferViews = createTransferViewCache({ ttlMs: config.transferCacheMs, maxEntries: 10_000 });
  // Published coverage is fetched in the background: start-up and the first quote never wait for it.
  const snapshots = config.venueSnapshots ? startSnapshotRefresher(venues.all, { logger }) : null;
  const deps: EngineDeps = {
    store,
    venues,
    rpc: (chain) => rpcs.get(chain) ?? null,
    svmRpc: (chain) => svmRpcs.get(chain) ?? null,
    tronRpc: (chain) => tronRpcs.get(chain) ?? null,
    utxoIndexer: (chain) => utxoIndexers.get(chain) ?? null,
    prices: createPriceSource(config.prices, now),
    now,
    logger,
    transferViews,
    observer: metrics.observer,
    ...(snapshots ? { snapshots } : {}),
    settings: {
      quoteDeadlineMs: config.quote.deadlineMs,
      quoteMinWaitMs: config.quote.minWaitMs,
      quoteTtlMs: config.quote.ttlMs,
      buildTtlMs: config.buildTtlMs,
      maxNativeFeeUsd: config.maxNativeFeeUsd,
      abandonGraceMs: 10 * 60_000,
      workerIntervalMs: config.worker.intervalMs,
      workerMaxPollDelayMs: config.worker.maxPollDelayMs,
      feeSchedule: { ...DEFAULT_FEE_SCHEDULE, tiers: config.fees.tiers },
      feeWallets: config.fees.wallets,
      webhooks: { signing: config.webhooks.secret !== undefined, allowHosts: config.webhooks.allowHosts, allowPrivateTargets: config.webhooks.allowPrivateTargets },
    },
  };
  const rateLimiter = createRateLimiter(config, logger);
  const app = await createHttpApp({ deps, logger, trustProxy: config.trustProxy, requestTimeoutMs: config.http.requestTimeoutMs, rateLimiter, metrics, events: config.events });
  registerStateGauges(metrics.registry, { store, venues, now, rateLimitBackend: rateLimiter && (() => rateLimiter.backend()) });
  // Names this process in the transfers' lease_owner column, so an operator can tell whose lease it is.
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const worker = createStatusWorker(deps, { owner: workerId, leaseMs: config.worker.leaseMs, batchSize: config.worker.batchSize });
  const runWorker = options.worker ?? config.worker.enabled;
  // Webhooks are sent by the processes that run the worker: an API-only replica leaves them to those.
  const webhookSender = config.webhooks.secret
    ? createWebhookSender(deps, { secret: config.webhooks.secret, policy: config.webhooks, owner: workerId, intervalMs: config.worker.intervalMs })
    : null;
  // Unbuilt decisions past their retention are deleted by the processes that run the worker, as webhooks are sent.
  const decisionPruner = createDecisionPruner({ db: store.db, now, logger }, { retentionMs: config.decisionRetentionMs, intervalMs: DECISION_PRUNE_INTERVAL_MS });
  if (runWorker) {
    worker.start();
    webhookSender?.start();
    decisionPruner.start();
    logger.info({ workerId, webhooks: webhookSender !== null }, 'status worker started');
  }
  return {
    app,
    deps,
    worker,
    webhookSender,
    metrics,
    async listen() {
      const address = await app.listen({ host: config.host, port: config.port });
      return `${address.replace('0.0.0.0', '127.0.0.1')}/v1`;
    },
    async close() {
      await app.close();
      await snapshots?.stop();
      await worker.stop();
      await webhookSender?.stop();
      await decisionPruner.stop();
      await rateLimiter?.close();
      await store.close();
      transferViews.close();
    },
  };
}

/** §8 counters: none when switched off, shared in Redis when REDIS_URL is set, else in this process. */
function createRateLimiter(config: Config, logger: Logger): RateLimiter | null {
  const params = { limit: config.rateLimit.perMinute, windowSeconds: 60 };
  if (params.limit === 0) return null;
  if (!config.redisUrl) return createMemoryRateLimiter(params);
  return createRedisRateLimiter({ ...params, redisUrl: config.redisUrl, keyPrefix: config.rateLimit.keyPrefix, logger });
}

/** Stablecoins are pinned whatever the source; `fixed` without a table uses the sandbox's prices. */
function createPriceSource(config: PriceConfig, now: () => number): PriceSource {
  switch (config.source) {
    case 'none':
      return withPinnedStablecoins(null, now);
    case 'fixed':
      return withPinnedStablecoins(createFixedPriceSource(Object.keys(config.table).length > 0 ? config.table : SANDBOX_PRICES, now), now);
    case 'defillama':
      return withPinnedStablecoins(createDefiLlamaPriceSource({ baseUrl: config.url, now, refreshMs: 60_000, maxAgeMs: config.maxAgeMs, timeoutMs: 800 }), now);
  }
}

function utxoIndexerOf(chain: ChainKey, url: string, kind: UtxoIndexerKind | undefined): UtxoIndexer {
  if (kind !== 'blockbook') return createUtxoIndexer(url);
  return createBlockbookIndexer(url, { cashAddrPrefix: utxoNetwork(chain)?.cashAddrPrefix ?? null });
}
