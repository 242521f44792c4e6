import type { TokenInfo } from '../domain/tokens.ts';
import { COINGECKO_IDS } from './coinIds.ts';
import type { PriceSource, UsdPrice } from './PriceSource.ts';

export interface DefiLlamaOptions {
  /** `https://coins.llama.fi` in production; a loopback fake in tests. */
  readonly baseUrl: string;
  readonly now: () => number;
  /** How long a fetched price is served before it is fetched again. */
  readonly refreshMs: number;
  /** A price observed longer ago than this is not used at all (the caller falls back). */
  readonly maxAgeMs: number;
  /** One request's budget; a quote never waits longer than this for a price. */
  readonly timeoutMs: number;
}

interface CachedPrice {
  readonly price: UsdPrice;
  readonly fetchedAt: number;
}

interface LlamaCoin {
  readonly price?: unknown;
  readonly timestamp?: unknown;
}

/**
 * DefiLlama's keyless price API (`GET /prices/current/coingecko:<id>`), keyed by asset. Prices are
 * cached and refreshed in the background of quotes; concurrent quotes share one request per asset;
 * when the API is down a cached price keeps serving until it is older than `maxAgeMs`.
 */
export function createDefiLlamaPriceSource(options: DefiLlamaOptions): PriceSource {
  const cache = new Map<string, CachedPrice>();
  const inFlight = new Map<string, Promise<void>>();

  function fresh(coinId: string): UsdPrice | null {
    const cached = cache.get(coinId);
    if (!cached || options.now() - cached.price.asOf > options.maxAgeMs) return null;
    return cached.price;
  }

  async function fetchPrice(coinId: string, signal?: AbortSignal): Promise<void> {
    const key = `coingecko:${coinId}`;
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const response = await fetch(`${options.baseUrl}/prices/current/${encodeURIComponent(key)}`, {
      headers: { accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) throw new Error(`DefiLlama answered ${response.status}`);
    const body = (await response.json()) as { coins?: Record<string, LlamaCoin> };
    const coin = body.coins?.[key];
    if (!coin || typeof coin.price !== 'number' || !Number.isFinite(coin.price) || coin.price <= 0) return;
    const asOf = typeof coin.timestamp === 'number' ? coin.timestamp * 1_000 : options.now();
    cache.set(coinId, { price: { usd: coin.price, source: 'defillama', asOf }, fetchedAt: options.now() });
  }

  function refresh(coinId: string, signal?: AbortSignal): Promise<void> {
    let pending = inFlight.get(coinId);
    if (!pending) {
      pending = fetchPrice(coinId, signal)
        .catch(() => undefined)
        .finally(() => inFlight.delete(coinId));
      inFlight.set(coinId, pending);
    }
    return pending;
  }

  return {
    async usdPrice(token: TokenInfo, signal?: AbortSignal): Promise<UsdPrice | null> {
      const coinId = COINGECKO_IDS[token.symbol.toUpperCase()];
      if (coinId === undefined) return null;
      const cached = cache.get(coinId);
      if (cached && options.now() - cached.fetchedAt < options.refreshMs) return fresh(coinId);
      await refresh(coinId, signal);
      return fresh(coinId);
    },
  };
}
