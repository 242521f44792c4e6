import { chainInfo, type ChainKey } from '../../domain/chains.ts';
import { tokensOn } from '../../domain/tokens.ts';
import type { CallContext, CoverageAnswer, Corridor, VenueCoverage, VenueSnapshot } from '../Venue.ts';
import type { VenueHttpClient } from '../venueHttpClient.ts';
import { LIFI_CHAINS, lifiChain } from './lifiChains.ts';
import { LifiChainsSchema } from './lifiSchemas.ts';

/** LI.FI adds chains now and then; an hourly look is plenty. */
export const LIFI_SNAPSHOT_INTERVAL_MS = 60 * 60_000;

/**
 * LI.FI's published chains (`GET /v1/chains?chainTypes=EVM`) intersected with what the adapter can
 * build: a chain of the static diamond table (lifiChains.ts) that LI.FI's last list names, and whose
 * listed `diamondAddress`, when LI.FI gives one, is the pinned diamond (a list naming another diamond
 * takes the chain out rather than trusting the new address). Tokens are Strait's own on both chains.
 * Before any refresh, or while refreshes fail, the static table answers alone.
 */
export function createLifiCoverage(http: VenueHttpClient, now: () => number) {
  let listed: ReadonlySet<number> | null = null;
  let fetchedAt: number | null = null;

  const served = (key: ChainKey): boolean => {
    const chain = lifiChain(key);
    return chain !== undefined && (listed === null || listed.has(chainInfo(key).chainId ?? -1));
  };

  function supports(corridor: Corridor): CoverageAnswer {
    for (const key of [corridor.fromChain, corridor.toChain]) {
      if (!lifiChain(key)) return { served: false, code: 'route_not_served', message: `LI.FI is built for EVM chains with a known diamond only (not ${key}); a non-EVM receiver cannot be checked` };
      if (!served(key)) return { served: false, code: 'route_not_served', message: `LI.FI does not list ${key} among its chains (or lists another diamond there)` };
    }
    return { served: true };
  }

  function tokenSymbols(fromChain: ChainKey, toChain: ChainKey): readonly string[] {
    if (!served(fromChain) || !served(toChain)) return [];
    const there = new Set(tokensOn(toChain).map((token) => token.symbol));
    return tokensOn(fromChain).flatMap((token) => (there.has(token.symbol) ? [token.symbol] : []));
  }

  const coverage: VenueCoverage = {
    get origins() {
      return LIFI_CHAINS.map((chain) => chain.key).filter(served);
    },
    tokenSymbols,
  };

  const snapshot: VenueSnapshot = {
    intervalMs: LIFI_SNAPSHOT_INTERVAL_MS,
    async refresh(call: CallContext) {
      const answer = await http.get('/chains', { chainTypes: 'EVM' }, LifiChainsSchema, call);
      // An empty list is a venue fault, not "serves nothing": keep what we had.
      if (answer.chains.length === 0) throw new Error('LI.FI listed no chains');
      const ids = new Set<number>();
      for (const chain of answer.chains) {
        const ours = LIFI_CHAINS.find((c) => chainInfo(c.key).chainId === chain.id);
        if (!ours) continue;
        if (chain.diamondAddress !== undefined && chain.diamondAddress.toLowerCase() !== ours.diamond.toLowerCase()) continue;
        ids.add(chain.id);
      }
      listed = ids;
      fetchedAt = now();
    },
    fetchedAt: () => fetchedAt,
  };

  return { supports, coverage, snapshot };
}
