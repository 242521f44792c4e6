import type { ChainKey } from '../../domain/chains.ts';
import type { CallContext, Corridor, CoverageAnswer, VenueCoverage, VenueSnapshot } from '../Venue.ts';
import type { VenueHttpClient } from '../venueHttpClient.ts';
import { ACROSS_ORIGINS, acrossChain, acrossToken, acrossTokenSymbols, type AcrossAsset, type AcrossChain, type AcrossToken } from './acrossChains.ts';
import { hyperCoreOrigin, hyperCoreSupport } from './acrossHyperCore.ts';
import { AcrossRoutesSchema, type AcrossRoute } from './acrossSchemas.ts';

/** Across adds and pauses routes now and then; an hourly look is plenty. */
export const ACROSS_SNAPSHOT_INTERVAL_MS = 60 * 60_000;

export interface ResolvedCorridor {
  readonly origin: AcrossChain;
  readonly destination: AcrossChain;
  readonly input: AcrossToken;
  readonly output: AcrossToken;
}

export type Resolution = { readonly ok: true; readonly value: ResolvedCorridor } | { readonly ok: false; readonly answer: CoverageAnswer & { served: false } };

/** What the adapter can build, from its static tables (verified SpokePools and token addresses). */
export function resolveCorridor(corridor: Corridor): Resolution {
  const origin = acrossChain(corridor.fromChain);
  const destination = acrossChain(corridor.toChain);
  if (!origin || !destination || origin.key === destination.key) {
    return { ok: false, answer: { served: false, code: 'route_not_served', message: `Across does not serve ${corridor.fromChain} → ${corridor.toChain}` } };
  }
  const input = acrossToken(origin, corridor.fromToken, 'input');
  const output = acrossToken(destination, corridor.toToken, 'output');
  if (!input || !output || input.asset !== output.asset) {
    return { ok: false, answer: { served: false, code: 'token_not_supported', message: `Across does not move ${corridor.fromToken.symbol} → ${corridor.toToken.symbol} on ${corridor.fromChain} → ${corridor.toChain}` } };
  }
  return { ok: true, value: { origin, destination, input, output } };
}

const routeKey = (originChainId: number, originToken: string, destinationChainId: number, destinationToken: string) =>
  `${originChainId}:${originToken.toLowerCase()}:${destinationChainId}:${destinationToken.toLowerCase()}`;

/**
 * Across's published coverage (`GET /available-routes`), intersected with what the adapter can build:
 * a route is served only when the static tables resolve it (known SpokePool, known token addresses)
 * and the last successful refresh listed it. Before any refresh, or while refreshes fail, the static
 * tables answer alone. HyperCore credits go through the Swap API, which `/available-routes` does not
 * list: they are answered from the static tables only (acrossHyperCore.ts).
 */
export function createAcrossCoverage(http: VenueHttpClient, now: () => number) {
  let routes: ReadonlySet<string> | null = null;
  let fetchedAt: number | null = null;

  const listed = (origin: AcrossChain, input: string, destination: AcrossChain, output: string) =>
    routes === null || routes.has(routeKey(origin.chainId, input, destination.chainId, output));

  function supports(corridor: Corridor): CoverageAnswer {
    if (corridor.toChain === 'hypercore') return hyperCoreSupport(corridor);
    const resolution = resolveCorridor(corridor);
    if (!resolution.ok) return resolution.answer;
    const { origin, destination, input, output } = resolution.value;
    if (!listed(origin, input.address, destination, output.address)) {
      return { served: false, code: 'route_not_served', message: `Across does not list ${corridor.fromToken.symbol} ${corridor.fromChain} → ${corridor.toChain} among its routes` };
    }
    return { served: true };
  }

  function tokenSymbols(fromChain: ChainKey, toChain: ChainKey): readonly string[] {
    if (toChain === 'hypercore') return hyperCoreOrigin(fromChain) ? ['USDC'] : [];
    const symbols = acrossTokenSymbols(fromChain, toChain);
    const from = acrossChain(fromChain);
    const to = acrossChain(toChain);
    if (routes === null || !from || !to) return symbols;
    return symbols.filter((symbol) => {
      // Native ETH travels as WETH: its route is WETH's.
      const asset: AcrossAsset = symbol === 'ETH' ? 'WETH' : (symbol as AcrossAsset);
      const input = from.tokens[asset];
      const output = to.tokens[asset];
      return input !== undefined && output !== undefined && listed(from, input, to, output);
    });
  }

  const coverage: VenueCoverage = {
    get origins() {
      return ACROSS_ORIGINS.filter((key) => ACROSS_ORIGINS.some((to) => to !== key && tokenSymbols(key, to).length > 0));
    },
    tokenSymbols,
  };

  const snapshot: VenueSnapshot = {
    intervalMs: ACROSS_SNAPSHOT_INTERVAL_MS,
    async refresh(call: CallContext) {
      const answer: readonly AcrossRoute[] = await http.get('/available-routes', {}, AcrossRoutesSchema, { ...call, purpose: call.purpose ?? 'snapshot' });
      // An empty list is a venue fault, not "serves nothing": keep what we had.
      if (answer.length === 0) throw new Error('Across listed no routes; keeping the previous coverage');
      routes = new Set(answer.map((r) => routeKey(Number(r.originChainId), r.originToken, Number(r.destinationChainId), r.destinationToken)));
      fetchedAt = now();
    },
    fetchedAt: () => fetchedAt,
  };

  return { supports, coverage, snapshot };
}
