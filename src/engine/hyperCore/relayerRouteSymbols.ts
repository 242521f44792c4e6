import type { ChainKey } from '../../domain/chains.ts';
import { resolveToken } from '../../domain/tokens.ts';
import { ARBITRUM_USDC } from '../../venues/hyperliquid/hyperCoreConstants.ts';
import type { EngineDeps } from '../EngineDeps.ts';
import { buildableFrom } from '../quoteTransfer.ts';
import { RELAYER_VENUE } from './relayedExecution.ts';

/**
 * The source symbols the relayer route to HyperCore takes from `fromChain`, as quote prices it:
 * arbitrum USDC directly, and from any other chain what some enabled venue Strait can build for
 * carries to arbitrum USDC (the route's leg). Empty when the relayer is off.
 */
export function relayerRouteSymbols(deps: EngineDeps, fromChain: ChainKey): string[] {
  const relayer = deps.venues.get(RELAYER_VENUE);
  if (!relayer?.venue || !relayer.enabled || fromChain === 'hypercore') return [];
  if (fromChain === 'arbitrum') return ['USDC'];
  const usdc = resolveToken('arbitrum', ARBITRUM_USDC);
  if (!usdc) return [];
  const symbols = new Set<string>();
  for (const leg of deps.venues.routable()) {
    if (leg.id === RELAYER_VENUE || !buildableFrom(leg.capabilities.executionShapes, fromChain)) continue;
    for (const symbol of leg.venue.coverage().tokenSymbols(fromChain, 'arbitrum')) {
      const fromToken = resolveToken(fromChain, symbol);
      if (fromToken && fromToken.symbol.toUpperCase() === symbol.toUpperCase() && leg.venue.supports({ fromChain, toChain: 'arbitrum', fromToken, toToken: usdc }).served) symbols.add(fromToken.symbol);
    }
  }
  return [...symbols];
}

/** The chains the relayer route starts from: arbitrum, and every origin of a leg to arbitrum USDC. */
export function relayerRouteOrigins(deps: EngineDeps): ChainKey[] {
  const origins = new Set<ChainKey>();
  for (const leg of deps.venues.routable()) for (const chain of leg.venue.coverage().origins) origins.add(chain);
  origins.add('arbitrum');
  return [...origins].filter((chain) => relayerRouteSymbols(deps, chain).length > 0);
}
