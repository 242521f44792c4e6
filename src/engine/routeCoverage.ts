import { CHAIN_KEYS, type ChainKey } from '../domain/chains.ts';
import { resolveToken, tokensOn, type TokenInfo } from '../domain/tokens.ts';
import type { Venue } from '../venues/Venue.ts';

/**
 * The token symbols `GET /bridge/routes` lists for a venue on a corridor: those of the venue's
 * coverage that `POST /bridge/quote` then accepts. A symbol is listed when it is a token of Strait's
 * registry on the source chain (or quote answers `unknown_token`) and the venue's `supports` serves
 * it to the same symbol on the destination, or, where the destination has no token of that symbol,
 * to some token there (or quote drops the venue as `token_not_supported` / `route_not_served`).
 * Symbols only: a quote resolves symbols through the registry alone, and tokens known only by address
 * (the public list, venues' lists) are listed by `GET /bridge/tokens` instead (docs/tokens.md).
 */
export function quotableSymbols(venue: Venue, fromChain: ChainKey, toChain: ChainKey): string[] {
  if (fromChain === toChain) return [];
  const listed = new Set(venue.coverage().tokenSymbols(fromChain, toChain));
  return [...listed].filter((symbol) => quotableTo(venue, fromChain, toChain, symbol) !== null);
}

/** A destination token the venue serves `symbol` to, by the rule of {@link quotableSymbols}, or `null`. */
export function quotableTo(venue: Venue, fromChain: ChainKey, toChain: ChainKey, symbol: string): TokenInfo | null {
  const fromToken = resolveToken(fromChain, symbol);
  // A symbol must name the token itself: an address-like "symbol" is not a symbol of the registry.
  if (!fromToken || fromToken.symbol.toUpperCase() !== symbol.toUpperCase()) return null;
  const same = resolveToken(toChain, symbol);
  const candidates = same && same.symbol.toUpperCase() === symbol.toUpperCase() ? [same] : tokensOn(toChain);
  return candidates.find((toToken) => venue.supports({ fromChain, toChain, fromToken, toToken }).served) ?? null;
}

/** Per venue: the coverage it was computed from (snapshot refreshes swap it) and the origins found. */
const originsMemo = new WeakMap<Venue, { readonly stamp: number | null; readonly origins: readonly ChainKey[] }>();

/**
 * The origins `GET /bridge/source-chains` counts for a venue: those from which at least one symbol
 * is quotable to some other chain. Memoised until the venue's snapshot is refreshed.
 */
export function quotableOrigins(venue: Venue): readonly ChainKey[] {
  const stamp = venue.snapshot?.fetchedAt() ?? null;
  const memo = originsMemo.get(venue);
  if (memo && memo.stamp === stamp) return memo.origins;
  const origins = venue.coverage().origins.filter((from) => CHAIN_KEYS.some((to) => to !== from && quotableSymbols(venue, from, to).length > 0));
  originsMemo.set(venue, { stamp, origins });
  return origins;
}
