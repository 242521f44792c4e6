import type { ChainKey } from '../../domain/chains.ts';
import type { CallContext, Corridor, CoverageAnswer, VenueCoverage, VenueSnapshot } from '../Venue.ts';
import type { VenueHttpClient } from '../venueHttpClient.ts';
import { badResponse, supportsFrom, tableCoverage } from '../depositVenueSupport.ts';
import { NEAR_INTENTS_CHAINS, assetOf as tableAssetOf, assetsOn, blockchainOf, type NearIntentsAsset } from './nearIntentsChains.ts';
import { NearIntentsTokensSchema } from './nearIntentsSchemas.ts';

/** 1Click adds and retires assets now and then (the Omni migration renamed BTC); hourly is plenty. */
export const NEAR_INTENTS_SNAPSHOT_INTERVAL_MS = 60 * 60_000;

export interface NearIntentsCoverage {
  readonly supports: (corridor: Corridor) => CoverageAnswer;
  readonly coverage: () => VenueCoverage;
  /** The table asset of a token, when 1Click still lists it (or before any list was fetched). */
  readonly assetOf: (token: { readonly chain: string; readonly address: string | null }) => NearIntentsAsset | undefined;
  readonly snapshot: VenueSnapshot;
}

/**
 * 1Click's published assets (`GET /v0/tokens`) intersected with the adapter's static table: a token is
 * served only when the table knows its asset id (so the adapter can quote and build it) and the last
 * successful refresh listed that id. Before any refresh, or while refreshes fail, the table answers alone.
 */
export function createNearIntentsCoverage(http: VenueHttpClient, now: () => number): NearIntentsCoverage {
  let listed: ReadonlySet<string> | null = null;
  let fetchedAt: number | null = null;

  const isListed = (asset: NearIntentsAsset) => listed === null || listed.has(asset.assetId);
  const assetOf = (token: { readonly chain: string; readonly address: string | null }) => {
    const asset = tableAssetOf(token);
    return asset && isListed(asset) ? asset : undefined;
  };
  const listedOn = (chain: ChainKey) => assetsOn(chain).filter(isListed);
  const served = (chain: ChainKey) => blockchainOf(chain) !== undefined && listedOn(chain).length > 0;

  const snapshot: VenueSnapshot = {
    intervalMs: NEAR_INTENTS_SNAPSHOT_INTERVAL_MS,
    async refresh(call: CallContext) {
      const tokens = await http.get('/v0/tokens', {}, NearIntentsTokensSchema, { ...call, purpose: call.purpose ?? 'snapshot' });
      // An empty list is a venue fault, not "serves nothing": keep what we had.
      if (tokens.length === 0) throw badResponse('1Click listed no tokens; keeping the previous coverage', '/');
      listed = new Set(tokens.map((t) => t.assetId));
      fetchedAt = now();
    },
    fetchedAt: () => fetchedAt,
  };

  return {
    supports: supportsFrom({ name: '1Click', served, assetOf }),
    // Origins narrow with the list too: a chain whose assets 1Click no longer lists is no origin.
    coverage: () => tableCoverage(NEAR_INTENTS_CHAINS.filter(served), served, (chain) => listedOn(chain).map((a) => a.symbol)),
    assetOf,
    snapshot,
  };
}
