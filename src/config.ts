import { isIP } from 'node:net';
import { isValidAddress } from './domain/addresses/isValidAddress.ts';
import { CHAIN_KEYS, chainInfo, type ChainKey } from './domain/chains.ts';
import { DEFAULT_FEE_TIERS, parseFeeTiers, type FeeTier } from './domain/feeSchedule.ts';
import type { VenueConfig } from './venues/VenueConfig.ts';
import { VENUE_MODULES } from './venues/venueModules.ts';

/**
 * Configuration, read once from an injected environment and checked before anything starts: an
 * absent value gets its documented default (docs/configuration.md), an invalid one stops start-up
 * with a message naming the variable. Nothing else in Strait reads the environment.
 */
export interface Config {
  readonly host: string;
  readonly port: number;
  /** PGlite data directory (`memory` for a throw-away store); ignored when `databaseUrl` is set. */
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  /** Redis for the shared rate-limit counters; without it each process counts in its own memory. */
  readonly redisUrl: string | undefined;
  /** Spec §8: per client IP and per requester wallet, on quote, build and submit. */
  readonly rateLimit: {
    /** Requests per counter per minute; `0` switches rate limiting off. */
    readonly perMinute: number;
    /** Prefix of the counters' Redis keys (deployments sharing one Redis keep apart by it). */
    readonly keyPrefix: string;
  };
  /** Fastify `trustProxy`: `false`, or the proxy addresses/CIDRs whose X-Forwarded-For is believed. */
  readonly trustProxy: false | string[];
  /** Limits of the HTTP server itself, before any route. */
  readonly http: {
    /** How long a request (headers and body) may take to arrive whole; a slower one is `408 request_timeout`. */
    readonly requestTimeoutMs: number;
  };
  readonly logLevel: string;
  readonly quote: {
    /** Hard deadline of one quote fan-out. */
    readonly deadlineMs: number;
    /** How long a decision stays buildable when no venue publishes an earlier expiry. */
    readonly ttlMs: number;
    /** No early answer before this; after it, fewer and fewer slow venues are waited for. */
    readonly minWaitMs: number;
  };
  readonly fees: {
    readonly tiers: readonly FeeTier[];
    /** Strait's fee wallet per source chain; none configured means no fee on that chain. */
    readonly wallets: Readonly<Partial<Record<ChainKey, string>>>;
  };
  readonly prices: PriceConfig;
  /** How long a read of a transfer is answered from memory; this process's writes drop it at once. */
  readonly transferCacheMs: number;
  /** How long a build stays signable before the transfer may be abandoned. */
  readonly buildTtlMs: number;
  /** How long past its expiry a decision no transfer was built from is kept (0: kept for ever). */
  readonly decisionRetentionMs: number;
  /** The largest native fee a venue's main call may carry beside the amount, in USD (StepsPlan.nativeFee). */
  readonly maxNativeFeeUsd: number;
  readonly worker: {
    readonly enabled: boolean;
    readonly intervalMs: number;
    /** The longest gap between two status polls of a transfer, whatever its ETA. */
    readonly maxPollDelayMs: number;
    readonly leaseMs: number;
    readonly batchSize: number;
    /** Port of `strait worker`'s /health, /ready and /metrics (on `host`). */
    readonly port: number;
  };
  /** JSON-RPC URL per chain key. */
  readonly rpcUrls: Readonly<Partial<Record<ChainKey, string>>>;
  /** The dialect of a Bitcoin-family chain's indexer at `rpcUrls[chain]` (`STRAIT_INDEXER_<CHAIN>_KIND`; Esplora when unset). */
  readonly utxoIndexerKinds: Readonly<Partial<Record<ChainKey, UtxoIndexerKind>>>;
  /** Sent as `TRON-PRO-API-KEY` to the Tron node (TronGrid needs one); `undefined` sends none. */
  readonly tronApiKey: string | undefined;
  readonly venues: Readonly<Record<string, VenueConfig>>;
  /** Fetch the chain and token lists venues publish, in the background (off: the adapters' static tables). */
  readonly venueSnapshots: boolean;
  /** `GET /bridge/transfers/{id}/events` (docs/events.md). */
  readonly events: {
    /** Open streams one client IP may hold at once. */
    readonly maxStreamsPerIp: number;
    /** A comment line this often keeps proxies from closing an idle stream. */
    readonly heartbeatMs: number;
    /** How often a stream reads the store without a notification (a lost NOTIFY). */
    readonly safetyPollMs: number;
  };
  /** Signed webhooks (docs/events.md#webhooks). */
  readonly webhooks: WebhookConfig;
}

export interface WebhookConfig {
  /** The Standard Webhooks signing secret (`whsec_` + base64); without it a build naming a `webhookUrl` is refused. */
  readonly secret: string | undefined;
  /** Hosts, addresses or CIDRs a webhook may target even when they are loopback, private or link-local. */
  readonly allowHosts: readonly string[];
  /** Every private target allowed (the sandbox, whose receivers are on loopback). */
  readonly allowPrivateTargets: boolean;
}

export type PriceConfig =
  | { readonly source: 'defillama'; readonly url: string; readonly maxAgeMs: number }
  | { readonly source: 'fixed'; readonly table: Readonly<Record<string, number>> }
  | { readonly source: 'none' };

/** The HTTP dialects Strait reads a Bitcoin-family indexer in (src/chains/utxo/). */
export const UTXO_INDEXER_KINDS = ['esplora', 'blockbook'] as const;
export type UtxoIndexerKind = (typeof UTXO_INDEXER_KINDS)[number];

export type Env = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Env): Config {
  const rpcUrls: Partial<Record<ChainKey, string>> = {};
  for (const key of CHAIN_KEYS) {
    const url = env[`STRAIT_RPC_${key.toUpperCase()}`];
    if (url !== undefined && url !== '') rpcUrls[key] = parseUrl(`STRAIT_RPC_${key.toUpperCase()}`, url);
  }
  const utxoIndexerKinds = parseUtxoIndexerKinds(env, rpcUrls);
  const venues: Record<string, VenueConfig> = {};
  for (const { id } of VENUE_MODULES) {
    const prefix = `STRAIT_VENUE_${id.toUpperCase()}_`;
    const credentials: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(env)) {
      if (name.startsWith(prefix) && name !== `${prefix}ENABLED` && name !== `${prefix}BASE_URL` && value) credentials[name.slice(prefix.length)] = value;
    }
    const baseUrl = env[`${prefix}BASE_URL`];
    venues[id] = {
      enabled: parseBool(`${prefix}ENABLED`, env[`${prefix}ENABLED`], true),
      baseUrl: baseUrl ? parseUrl(`${prefix}BASE_URL`, baseUrl) : undefined,
      credentials,
    };
  }
  const deadlineMs = parseInteger('STRAIT_QUOTE_DEADLINE_MS', env.STRAIT_QUOTE_DEADLINE_MS, 1_200, 50, 30_000);
  const ttlMs = parseInteger('STRAIT_QUOTE_TTL_MS', env.STRAIT_QUOTE_TTL_MS, 60_000, 1_000, 3_600_000);
  const minWaitMs = parseInteger('STRAIT_QUOTE_MIN_WAIT_MS', env.STRAIT_QUOTE_MIN_WAIT_MS, Math.min(400, deadlineMs), 0, 30_000);
  const feeWallets: Partial<Record<ChainKey, string>> = {};
  for (const key of CHAIN_KEYS) {
    const name = `STRAIT_FEE_WALLET_${key.toUpperCase()}`;
    const wallet = env[name];
    if (wallet === undefined || wallet === '') continue;
    if (!isValidAddress(key, wallet)) throw new ConfigError(`${name} must be a valid ${key} address, got '${wallet}'`);
    feeWallets[key] = wallet;
  }
  const config: Config = {
    host: env.STRAIT_HOST || '127.0.0.1',
    port: parseInteger('STRAIT_PORT', env.STRAIT_PORT, 8080, 0, 65_535),
    dataDir: env.STRAIT_DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL ? parseRedisUrl('REDIS_URL', env.REDIS_URL) : undefined,
    rateLimit: {
      perMinute: parseInteger('STRAIT_RATE_LIMIT_PER_MINUTE', env.STRAIT_RATE_LIMIT_PER_MINUTE, 10, 0, 1_000_000),
      keyPrefix: env.STRAIT_RATE_LIMIT_KEY_PREFIX || 'strait:rl:',
    },
    trustProxy: parseTrustProxy(env.STRAIT_TRUST_PROXY),
    http: { requestTimeoutMs: parseInteger('STRAIT_HTTP_REQUEST_TIMEOUT_MS', env.STRAIT_HTTP_REQUEST_TIMEOUT_MS, 30_000, 100, 600_000) },
    logLevel: env.STRAIT_LOG_LEVEL || 'info',
    quote: { deadlineMs, ttlMs, minWaitMs },
    fees: { tiers: parseTiers(env.STRAIT_FEE_TIERS), wallets: feeWallets },
    prices: parsePrices(env),
    transferCacheMs: parseInteger('STRAIT_TRANSFER_CACHE_MS', env.STRAIT_TRANSFER_CACHE_MS, 1_000, 0, 60_000),
    buildTtlMs: parseInteger('STRAIT_BUILD_TTL_MS', env.STRAIT_BUILD_TTL_MS, 900_000, 10_000, 86_400_000),
    decisionRetentionMs: parseInteger('STRAIT_DECISION_RETENTION_HOURS', env.STRAIT_DECISION_RETENTION_HOURS, 24, 0, 87_600) * 3_600_000,
    maxNativeFeeUsd: parseInteger('STRAIT_MAX_NATIVE_FEE_USD', env.STRAIT_MAX_NATIVE_FEE_USD, 20, 0, 1_000),
    worker: {
      enabled: parseBool('STRAIT_WORKER', env.STRAIT_WORKER, true),
      intervalMs: parseInteger('STRAIT_WORKER_INTERVAL_MS', env.STRAIT_WORKER_INTERVAL_MS, 2_000, 10, 600_000),
      maxPollDelayMs: parseInteger('STRAIT_WORKER_MAX_POLL_DELAY_MS', env.STRAIT_WORKER_MAX_POLL_DELAY_MS, 300_000, 100, 3_600_000),
      leaseMs: parseInteger('STRAIT_WORKER_LEASE_MS', env.STRAIT_WORKER_LEASE_MS, 60_000, 1_000, 3_600_000),
      batchSize: parseInteger('STRAIT_WORKER_BATCH', env.STRAIT_WORKER_BATCH, 20, 1, 1_000),
      port: parseInteger('STRAIT_WORKER_PORT', env.STRAIT_WORKER_PORT, 8081, 0, 65_535),
    },
    rpcUrls,
    utxoIndexerKinds,
    tronApiKey: env.STRAIT_RPC_TRON_API_KEY || undefined,
    venues,
    venueSnapshots: parseBool('STRAIT_VENUE_SNAPSHOTS', env.STRAIT_VENUE_SNAPSHOTS, true),
    events: {
      maxStreamsPerIp: parseInteger('STRAIT_EVENTS_MAX_STREAMS_PER_IP', env.STRAIT_EVENTS_MAX_STREAMS_PER_IP, 20, 1, 10_000),
      heartbeatMs: parseInteger('STRAIT_EVENTS_HEARTBEAT_MS', env.STRAIT_EVENTS_HEARTBEAT_MS, 15_000, 100, 300_000),
      safetyPollMs: parseInteger('STRAIT_EVENTS_POLL_MS', env.STRAIT_EVENTS_POLL_MS, 5_000, 100, 600_000),
    },
    webhooks: {
      secret: parseWebhookSecret(env.STRAIT_WEBHOOK_SECRET),
      allowHosts: parseAllowHosts(env.STRAIT_WEBHOOK_ALLOW_HOSTS),
      allowPrivateTargets: parseBool('STRAIT_WEBHOOK_ALLOW_PRIVATE', env.STRAIT_WEBHOOK_ALLOW_PRIVATE, false),
    },
  };
  if (config.quote.minWaitMs > config.quote.deadlineMs) throw new ConfigError('STRAIT_QUOTE_MIN_WAIT_MS must not exceed STRAIT_QUOTE_DEADLINE_MS');
  if (config.quote.ttlMs < config.quote.deadlineMs) throw new ConfigError('STRAIT_QUOTE_TTL_MS must be at least STRAIT_QUOTE_DEADLINE_MS');
  return config;
}

/** Host names, addresses and CIDRs (`10.1.0.0/16`, `fd00::/8`), comma-separated. */
function parseAllowHosts(raw: string | undefined): string[] {
  const entries = (raw ?? '').split(',').map((h) => h.trim().toLowerCase()).filter((h) => h !== '');
  for (const entry of entries) {
    const [net = '', bits, extra] = entry.split('/');
    const family = isIP(net);
    const hostname = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(entry);
    const cidr = family !== 0 && extra === undefined && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)));
    if (!hostname && !cidr) throw new ConfigError(`STRAIT_WEBHOOK_ALLOW_HOSTS: '${entry}' is not a host name, an address or a CIDR`);
  }
  return entries;
}

/** A Standard Webhooks secret: `whsec_` and at least 24 bytes of base64 (the library's own format). */
function parseWebhookSecret(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  const body = raw.startsWith('whsec_') ? raw.slice('whsec_'.length) : '';
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || Buffer.from(body, 'base64').length < 24) throw new ConfigError('STRAIT_WEBHOOK_SECRET must be whsec_ followed by at least 24 bytes of base64 (e.g. whsec_$(openssl rand -base64 32))');
  return raw;
}

function parseTiers(raw: string | undefined): readonly FeeTier[] {
  if (raw === undefined || raw === '') return DEFAULT_FEE_TIERS;
  if (/^(none|off|0)$/i.test(raw)) return [];
  try {
    return parseFeeTiers(raw);
  } catch (error) {
    throw new ConfigError(`STRAIT_FEE_TIERS: ${(error as Error).message} (expected e.g. '10:3,30:8,60:15')`);
  }
}

function parsePrices(env: Env): PriceConfig {
  const source = env.STRAIT_PRICE_SOURCE || 'defillama';
  if (source === 'none') return { source };
  if (source === 'fixed') {
    const table: Record<string, number> = {};
    for (const pair of (env.STRAIT_PRICES_FIXED ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
      const match = /^([A-Za-z0-9.]+)=(\d+(?:\.\d+)?)$/.exec(pair);
      if (!match) throw new ConfigError(`STRAIT_PRICES_FIXED must be SYMBOL=usd pairs separated by commas, got '${pair}'`);
      table[match[1]!.toUpperCase()] = Number(match[2]);
    }
    return { source, table };
  }
  if (source === 'defillama') {
    return {
      source,
      url: parseUrl('STRAIT_PRICE_URL', env.STRAIT_PRICE_URL || 'https://coins.llama.fi'),
      maxAgeMs: parseInteger('STRAIT_PRICE_MAX_AGE_MS', env.STRAIT_PRICE_MAX_AGE_MS, 900_000, 10_000, 86_400_000),
    };
  }
  throw new ConfigError(`STRAIT_PRICE_SOURCE must be defillama, fixed or none, got '${source}'`);
}

function parseInteger(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  return value;
}

function parseBool(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got '${raw}'`);
}

/**
 * `STRAIT_INDEXER_<CHAIN>_KIND=esplora|blockbook`: which dialect `STRAIT_RPC_<CHAIN>` speaks on a
 * Bitcoin-family chain. Set on another chain, or without the URL it describes, it is a mistake
 * worth stopping for rather than a setting silently ignored.
 */
function parseUtxoIndexerKinds(env: Env, rpcUrls: Partial<Record<ChainKey, string>>): Partial<Record<ChainKey, UtxoIndexerKind>> {
  const kinds: Partial<Record<ChainKey, UtxoIndexerKind>> = {};
  for (const key of CHAIN_KEYS) {
    const name = `STRAIT_INDEXER_${key.toUpperCase()}_KIND`;
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const kind = UTXO_INDEXER_KINDS.find((k) => k === raw.trim().toLowerCase());
    if (kind === undefined) throw new ConfigError(`${name} must be one of ${UTXO_INDEXER_KINDS.join(', ')} (got '${raw}')`);
    if (chainInfo(key).vm !== 'utxo') throw new ConfigError(`${name} applies to Bitcoin-family chains only; ${key} is not one`);
    if (rpcUrls[key] === undefined) throw new ConfigError(`${name} is set but STRAIT_RPC_${key.toUpperCase()}, the indexer it describes, is not`);
    kinds[key] = kind;
  }
  return kinds;
}

function parseUrl(name: string, raw: string): string {
  try {
    const url = new URL(raw);
    if (!/^(https?|wss?):$/.test(url.protocol)) throw new Error('protocol');
    return raw;
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got '${raw}'`);
  }
}

function parseRedisUrl(name: string, raw: string): string {
  try {
    if (/^rediss?:$/.test(new URL(raw).protocol)) return raw;
  } catch {
    // reported below
  }
  throw new ConfigError(`${name} must be a redis:// or rediss:// URL, got '${raw}'`);
}

function parseTrustProxy(raw: string | undefined): false | string[] {
  if (raw === undefined || raw === '' || /^(0|false|no|off)$/i.test(raw)) return false;
  return raw.split(',').map((s) => s.trim()).filter(Boolean);
}
