import type { TokenInfo } from '../domain/tokens.ts';
import { COINGECKO_IDS } from './coinIds.ts';
import type { PriceSource, UsdPrice } from './PriceSource.ts';

/**
 * A configured table of USD prices by symbol (`STRAIT_PRICES_FIXED`, the sandbox, tests). Symbols
 * of one asset share a price: a table entry for ETH also prices WETH.
 */
export function createFixedPriceSource(table: Readonly<Record<string, number>>, now: () => number): PriceSource {
  const bySymbol = new Map(Object.entries(table).map(([symbol, usd]) => [symbol.toUpperCase(), usd]));
  return {
    usdPrice(token: TokenInfo): Promise<UsdPrice | null> {
      const symbol = token.symbol.toUpperCase();
      const coinId = COINGECKO_IDS[symbol];
      const sibling = coinId === undefined ? undefined : Object.keys(COINGECKO_IDS).find((other) => COINGECKO_IDS[other] === coinId && bySymbol.has(other));
      const usd = bySymbol.get(symbol) ?? (sibling === undefined ? undefined : bySymbol.get(sibling));
      return Promise.resolve(usd === undefined ? null : { usd, source: 'fixed', asOf: now() });
    },
  };
}

/** The sandbox's and tests' prices: round figures, so fee caps are easy to check by hand. */
export const SANDBOX_PRICES: Readonly<Record<string, number>> = { ETH: 3_000, SOL: 150, BTC: 100_000, POL: 0.25, BNB: 600, AVAX: 25 };
