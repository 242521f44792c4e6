import type { CallContext } from '../Venue.ts';
import type { VenueHttpClient } from '../venueHttpClient.ts';
import { isHoudiniTokenOf, shortNameOf, type HoudiniAsset } from './houdiniChains.ts';
import { HoudiniTokensResponseSchema } from './houdiniSchemas.ts';

/** A token Houdini did not list is asked again after this long (its list grows). */
export const TOKEN_MISS_TTL_MS = 10 * 60 * 1000;

export interface HoudiniTokenIds {
  /** The Houdini token id of `asset`, or `null` when Houdini does not list it. */
  resolve(asset: HoudiniAsset, call: CallContext): Promise<string | null>;
  /** Asks Houdini again (even for an asset whose id the table records) and caches the answer: the coverage snapshot. */
  refresh(asset: HoudiniAsset, call: CallContext): Promise<string | null>;
}

/**
 * Resolves Houdini token ids with `GET /v2/tokens` and caches them per (chain, contract). The cache
 * holds in-flight lookups, so concurrent quotes on one asset share a call; a failed lookup is dropped
 * so the next quote asks again, and a miss is kept for {@link TOKEN_MISS_TTL_MS}.
 */
export function createHoudiniTokenIds(http: VenueHttpClient, now: () => number): HoudiniTokenIds {
  const cache = new Map<string, { id: Promise<string | null>; missUntil: number | null }>();

  const keyOf = (asset: HoudiniAsset) => `${asset.chain}:${asset.address?.toLowerCase() ?? 'native'}`;

  async function lookup(asset: HoudiniAsset, chain: string, call: CallContext): Promise<string | null> {
    const base = { chain, pageSize: 100 };
    const query = asset.address === null ? { ...base, mainnet: true } : { ...base, address: asset.address };
    const first = await http.get('/v2/tokens', query, HoudiniTokensResponseSchema, call);
    const found = first.tokens.find((entry) => isHoudiniTokenOf(entry, asset));
    if (found || asset.address !== null) return found?.id ?? null;
    // A chain's coin is not always flagged `mainnet` (that flag names a symbol's home chain).
    const all = await http.get('/v2/tokens', base, HoudiniTokensResponseSchema, call);
    return all.tokens.find((entry) => isHoudiniTokenOf(entry, asset))?.id ?? null;
  }

  return {
    async refresh(asset, call) {
      const chain = shortNameOf(asset.chain);
      if (!chain) return null;
      const id = await lookup(asset, chain, call);
      cache.set(keyOf(asset), { id: Promise.resolve(id), missUntil: id === null ? now() + TOKEN_MISS_TTL_MS : null });
      return id;
    },
    resolve(asset, call) {
      if (asset.knownId) return Promise.resolve(asset.knownId);
      const chain = shortNameOf(asset.chain);
      if (!chain) return Promise.resolve(null);
      const key = keyOf(asset);
      const cached = cache.get(key);
      if (cached && (cached.missUntil === null || cached.missUntil > now())) return cached.id;
      const entry = { id: lookup(asset, chain, call), missUntil: null as number | null };
      cache.set(key, entry);
      entry.id.then(
        (id) => {
          if (id === null) entry.missUntil = now() + TOKEN_MISS_TTL_MS;
        },
        () => {
          if (cache.get(key) === entry) cache.delete(key);
        },
      );
      return entry.id;
    },
  };
}
