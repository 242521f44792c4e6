import { describe, expect, it } from 'vitest';
import { CHAIN_KEYS, type ChainKey } from '../domain/chains.ts';
import { resolveToken } from '../domain/tokens.ts';
import type { Corridor, Venue, VenueSnapshot } from '../venues/Venue.ts';
import { createTestVenue } from '../venues/fake/testVenueDeps.ts';
import { VENUE_MODULES } from '../venues/venueModules.ts';
import type { VenueModule } from '../venues/VenueModule.ts';
import { quotableOrigins, quotableSymbols, quotableTo } from './routeCoverage.ts';

/** A venue whose coverage lists more than its `supports` serves (or the registry knows). */
function venueListing(symbols: readonly string[], served: (c: Corridor) => boolean, origins: readonly ChainKey[] = ['base', 'arbitrum'], snapshot?: VenueSnapshot): Venue {
  return {
    id: 'lister',
    supports: (c) => (served(c) ? { served: true } : { served: false, code: 'token_not_supported', message: 'no' }),
    coverage: () => ({ origins, tokenSymbols: (from, to) => (origins.includes(from) && from !== to ? symbols : []) }),
    quote: () => Promise.reject(new Error('unused')),
    build: () => Promise.reject(new Error('unused')),
    status: () => Promise.reject(new Error('unused')),
    ...(snapshot ? { snapshot } : {}),
  };
}

describe('quotableSymbols', () => {
  it('drops symbols the token registry does not know on the source chain, and those the venue\'s supports refuses', () => {
    const venue = venueListing(['USDC', 'FOO', 'USDT', 'WETH', 'ETH'], (c) => c.fromToken.symbol !== 'WETH');
    // base has no USDT in the registry; FOO is nowhere; WETH is refused by supports.
    expect(quotableSymbols(venue, 'base', 'arbitrum').sort()).toEqual(['ETH', 'USDC']);
    // arbitrum has USDT and base does not: it is quotable to some token of base.
    expect(quotableSymbols(venue, 'arbitrum', 'base').sort()).toEqual(['ETH', 'USDC', 'USDT']);
    expect(quotableSymbols(venue, 'base', 'base')).toEqual([]);
  });

  it('a symbol the destination has is quoted to itself; one it lacks to some destination token', () => {
    const venue = venueListing(['USDT'], (c) => c.toToken.symbol === 'USDC');
    expect(quotableTo(venue, 'arbitrum', 'base', 'USDT')?.symbol).toBe('USDC');
    // ethereum has USDT, and the venue does not serve USDT → USDT.
    expect(quotableTo(venue, 'arbitrum', 'ethereum', 'USDT')).toBeNull();
  });

  it('source chains count only origins with something quotable, recomputed when the snapshot is refreshed', () => {
    let fetchedAt: number | null = null;
    let served = (c: Corridor) => c.fromChain !== 'bitcoin';
    const venue = venueListing(['USDC', 'BTC'], (c) => served(c), ['base', 'bitcoin'], { intervalMs: 1_000, refresh: () => Promise.resolve(), fetchedAt: () => fetchedAt });
    expect(quotableOrigins(venue)).toEqual(['base']);
    served = () => true;
    expect(quotableOrigins(venue)).toEqual(['base']);
    fetchedAt = 1;
    expect(quotableOrigins(venue)).toEqual(['base', 'bitcoin']);
  });
});

describe('every registered venue: routes list only what quote accepts', () => {
  const modules = VENUE_MODULES.filter((m): m is VenueModule => 'create' in m);

  it.each(modules.map((m) => [m.id, m] as const))('%s', (_id, module) => {
    const { venue } = createTestVenue(module, 'http://127.0.0.1:9');
    let listed = 0;
    for (const fromChain of CHAIN_KEYS) {
      for (const toChain of CHAIN_KEYS) {
        for (const symbol of quotableSymbols(venue, fromChain, toChain)) {
          listed++;
          // What quote does with the symbol: resolve it on both chains (else unknown_token), then ask the adapter's supports.
          const fromToken = resolveToken(fromChain, symbol);
          expect(fromToken, `${symbol} on ${fromChain}`).toBeDefined();
          const sameOnDestination = resolveToken(toChain, symbol);
          const toToken = sameOnDestination?.symbol.toUpperCase() === symbol.toUpperCase() ? sameOnDestination : quotableTo(venue, fromChain, toChain, symbol);
          expect(toToken, `${symbol} ${fromChain} → ${toChain}`).toBeTruthy();
          if (!fromToken || !toToken) continue;
          expect(venue.supports({ fromChain, toChain, fromToken, toToken }), `${symbol} ${fromChain} → ${toChain}`).toEqual({ served: true });
        }
      }
    }
    // Every registered adapter serves something the registry knows, but Wormhole Portal: it delivers
    // Portal-wrapped tokens, named by address, which the symbol registry does not hold.
    if (module.id !== 'wormhole') expect(listed).toBeGreaterThan(0);
    for (const origin of quotableOrigins(venue)) expect(venue.coverage().origins).toContain(origin);
  });
});
