import { getAddress } from 'viem';
import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { chainInfo, type ChainKey } from '../../domain/chains.ts';
import type { TokenInfo } from '../../domain/tokens.ts';
import type { CallContext, Corridor, CoverageAnswer, VenueCoverage, VenueSnapshot } from '../Venue.ts';
import type { VenueHttpClient } from '../venueHttpClient.ts';
import { badResponse, supportsFrom, tableCoverage } from '../depositVenueSupport.ts';
import { NEAR_INTENTS_BLOCKCHAINS, NEAR_INTENTS_CHAINS, assetOf as tableAssetOf, assetsOn, blockchainOf, type NearIntentsAsset } from './nearIntentsChains.ts';
import { NearIntentsTokensSchema, type NearIntentsTokens } from './nearIntentsSchemas.ts';

/** 1Click adds and retires assets now and then (the Omni migration renamed BTC); hourly is plenty. */
export const NEAR_INTENTS_SNAPSHOT_INTERVAL_MS = 60 * 60_000;

export interface NearIntentsCoverage {
  readonly supports: (corridor: Corridor) => CoverageAnswer;
  readonly coverage: () => VenueCoverage;
  /** The table asset of a token, when 1Click still lists it (or before any list was fetched). */
  readonly assetOf: (token: { readonly chain: string; readonly address: string | null }) => NearIntentsAsset | undefined;
  readonly snapshot: VenueSnapshot;
  /** The tokens (with a contract address) the last list named on `chain`, for the token directory; empty before one. */
  readonly tokens: (chain: ChainKey) => readonly TokenInfo[];
}

const CHAIN_OF_BLOCKCHAIN: ReadonlyMap<string, ChainKey> = new Map(Object.entries(NEAR_INTENTS_BLOCKCHAINS).flatMap(([chain, blockchain]) => (blockchain === undefined ? [] : [[blockchain, chain as ChainKey] as const])));

/** 1Click's entries with a symbol, decimals and a contract address valid on a chain Strait names (placeholders such as `"coin"` fall out). */
function tokensOf(list: NearIntentsTokens): ReadonlyMap<ChainKey, readonly TokenInfo[]> {
  const byChain = new Map<ChainKey, TokenInfo[]>();
  for (const t of list) {
    const chain = t.blockchain ? CHAIN_OF_BLOCKCHAIN.get(t.blockchain) : undefined;
    if (!chain || !t.symbol || typeof t.decimals !== 'number' || !t.contractAddress || !isValidAddress(chain, t.contractAddress)) continue;
    const address = chainInfo(chain).vm === 'evm' ? getAddress(t.contractAddress.toLowerCase()) : t.contractAddress;
    byChain.set(chain, [...(byChain.get(chain) ?? []), { chain, symbol: t.symbol, address, decimals: t.decimals }]);
  }
  return byChain;
}

/**
 * 1Click's published assets (`GET /v0/tokens`) intersected with the adapter's static table: a token is
 * served only when the table knows its asset id (so the adapter can quote and build it) and the last
 * successful refresh listed that id. Before any refresh, or while refreshes fail, the table answers alone.
 */
export function createNearIntentsCoverage(http: VenueHttpClient, now: () => number): NearIntentsCoverage {
  let listed: ReadonlySet<string> | null = null;
  let listedTokens: ReadonlyMap<ChainKey, readonly TokenInfo[]> = new Map();
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
      listedTokens = tokensOf(tokens);
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
    tokens: (chain) => listedTokens.get(chain) ?? [],
  };
}
