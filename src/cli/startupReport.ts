import type { Config, Env } from '../config.ts';
import { CHAIN_KEYS, chainInfo } from '../domain/chains.ts';
import type { VenueRegistry } from '../venues/createVenueRegistry.ts';

/**
 * Every variable Strait reads by its exact name (src/config.ts; a test keeps the two in step), and
 * the tooling's own (tests and benches). Families are checked by prefix: `STRAIT_RPC_<CHAIN>`,
 * `STRAIT_FEE_WALLET_<CHAIN>`, `STRAIT_INDEXER_<CHAIN>_KIND` (Bitcoin-family chains) and `STRAIT_VENUE_<ID>_<NAME>`.
 */
export const KNOWN_VARIABLES: readonly string[] = [
  'STRAIT_HOST',
  'STRAIT_PORT',
  'STRAIT_DATA_DIR',
  'STRAIT_RATE_LIMIT_PER_MINUTE',
  'STRAIT_RATE_LIMIT_KEY_PREFIX',
  'STRAIT_TRUST_PROXY',
  'STRAIT_HTTP_REQUEST_TIMEOUT_MS',
  'STRAIT_RPC_TRON_API_KEY',
  'STRAIT_LOG_LEVEL',
  'STRAIT_QUOTE_DEADLINE_MS',
  'STRAIT_QUOTE_TTL_MS',
  'STRAIT_QUOTE_MIN_WAIT_MS',
  'STRAIT_FEE_TIERS',
  'STRAIT_PRICE_SOURCE',
  'STRAIT_PRICE_URL',
  'STRAIT_PRICE_MAX_AGE_MS',
  'STRAIT_PRICES_FIXED',
  'STRAIT_TRANSFER_CACHE_MS',
  'STRAIT_BUILD_TTL_MS',
  'STRAIT_DECISION_RETENTION_HOURS',
  'STRAIT_MAX_NATIVE_FEE_USD',
  'STRAIT_WORKER',
  'STRAIT_WORKER_INTERVAL_MS',
  'STRAIT_WORKER_MAX_POLL_DELAY_MS',
  'STRAIT_WORKER_LEASE_MS',
  'STRAIT_WORKER_BATCH',
  'STRAIT_WORKER_PORT',
  'STRAIT_VENUE_SNAPSHOTS',
  'STRAIT_EVENTS_MAX_STREAMS_PER_IP',
  'STRAIT_EVENTS_HEARTBEAT_MS',
  'STRAIT_EVENTS_POLL_MS',
  'STRAIT_WEBHOOK_SECRET',
  'STRAIT_WEBHOOK_ALLOW_HOSTS',
  'STRAIT_WEBHOOK_ALLOW_PRIVATE',
  // tooling
  'STRAIT_TEST_DATABASE_URL',
  'STRAIT_TEST_REDIS_URL',
  'STRAIT_FUZZ_RUNS',
];

const CHAIN_FAMILIES = new Set([
  ...['STRAIT_RPC_', 'STRAIT_FEE_WALLET_'].flatMap((family) => CHAIN_KEYS.map((chain) => `${family}${chain.toUpperCase()}`)),
  ...CHAIN_KEYS.filter((chain) => chainInfo(chain).vm === 'utxo').map((chain) => `STRAIT_INDEXER_${chain.toUpperCase()}_KIND`),
]);

export interface UnknownVariable {
  readonly name: string;
  /** The known name it most likely misspells, when one is close. */
  readonly didYouMean: string | null;
}

/**
 * `STRAIT_*` variables set in the environment that Strait does not read: almost always a typo, which
 * would otherwise leave a setting at its default without a word.
 */
export function unknownVariables(env: Env, config: Config): UnknownVariable[] {
  const venuePrefixes = Object.keys(config.venues).map((id) => `STRAIT_VENUE_${id.toUpperCase()}_`);
  const known = new Set(KNOWN_VARIABLES);
  return Object.keys(env)
    .filter((name) => name.startsWith('STRAIT_') && !known.has(name) && !CHAIN_FAMILIES.has(name))
    .filter((name) => !venuePrefixes.some((prefix) => name.startsWith(prefix)))
    .map((name) => ({ name, didYouMean: closest(name, [...KNOWN_VARIABLES, ...CHAIN_FAMILIES]) }));
}

/** One line's worth of what this process runs with: what an operator checks first after a deploy. */
export function startupSummary(config: Config, venues: VenueRegistry): Record<string, unknown> {
  const off: Record<string, string> = {};
  for (const venue of venues.all) if (!venue.enabled && venue.venue) off[venue.id] = venue.notRoutableReason ?? 'off';
  return {
    venuesEnabled: venues.routable().map((v) => v.id),
    venuesOff: off,
    venuesPlanned: venues.all.filter((v) => !v.venue).length,
    rpcChains: Object.keys(config.rpcUrls),
    feeWalletChains: Object.keys(config.fees.wallets),
    store: config.databaseUrl ? `postgresql://${safeHost(config.databaseUrl)}` : config.dataDir === 'memory' ? 'pglite (in memory)' : `pglite (${config.dataDir})`,
    rateLimit: config.rateLimit.perMinute === 0 ? 'off' : `${config.rateLimit.perMinute}/min per IP and per wallet, ${config.redisUrl ? `Redis ${safeHost(config.redisUrl)}` : 'in memory'}`,
    quoteDeadlineMs: config.quote.deadlineMs,
    prices: config.prices.source,
  };
}

/** Host and port of a connection URL, never its credentials. */
function safeHost(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname.length > 1 ? parsed.pathname : ''}`;
  } catch {
    return '(unparsable URL)';
  }
}

function closest(name: string, candidates: readonly string[]): string | null {
  let best: { name: string; distance: number } | null = null;
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate);
    if (best === null || distance < best.distance) best = { name: candidate, distance };
  }
  return best !== null && best.distance <= Math.max(2, Math.floor(name.length / 6)) ? best.name : null;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}
