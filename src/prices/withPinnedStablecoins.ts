import type { TokenInfo } from '../domain/tokens.ts';
import { PINNED_STABLECOINS } from './coinIds.ts';
import type { PriceSource, UsdPrice } from './PriceSource.ts';

/** Answers dollar stablecoins at 1 USD without asking `inner`, and everything else through it. */
export function withPinnedStablecoins(inner: PriceSource | null, now: () => number): PriceSource {
  return {
    async usdPrice(token: TokenInfo, signal?: AbortSignal): Promise<UsdPrice | null> {
      if (PINNED_STABLECOINS.has(token.symbol.toUpperCase())) return { usd: 1, source: 'pinned', asOf: now() };
      return inner === null ? null : inner.usdPrice(token, signal);
    },
  };
}
