import type { CallContext, CoverageAnswer, VenueSnapshot } from '../Venue.ts';
import type { VenueHttpClient } from '../venueHttpClient.ts';
import type { ChainflipAsset } from './chainflipChains.ts';
import { ChainflipNetworkInfoSchema } from './chainflipSchemas.ts';

/** How often the enable flags are read again. */
export const NETWORK_INFO_INTERVAL_MS = 5 * 60 * 1000;

export interface ChainflipNetworkInfo {
  readonly snapshot: VenueSnapshot;
  /**
   * Whether Chainflip takes a channel deposit of `from` and pays out `to` right now, from the last
   * `GET /api/networkInfo`; every pair is allowed until a read has succeeded.
   */
  allows(from: ChainflipAsset, to: ChainflipAsset): CoverageAnswer;
  /** Whether deposits of `asset` into a new channel are on (true before the first read). */
  takesDeposits(asset: ChainflipAsset): boolean;
}

/**
 * The backend's per-asset switches (safe mode, a paused chain). A disabled asset answers a quote with
 * 503 "Asset X is disabled", which the shared client retries and counts against the breaker; reading
 * the switches first keeps one paused asset from taking the whole venue offline.
 */
export function createChainflipNetworkInfo(http: VenueHttpClient, now: () => number): ChainflipNetworkInfo {
  let depositable: ReadonlySet<string> | null = null;
  let payable: ReadonlySet<string> | null = null;
  let fetchedAt: number | null = null;

  const takesDeposits = (asset: ChainflipAsset): boolean => depositable === null || depositable.has(asset.internalId);

  return {
    snapshot: {
      intervalMs: NETWORK_INFO_INTERVAL_MS,
      async refresh(call: CallContext): Promise<void> {
        const info = await http.get('/api/networkInfo', {}, ChainflipNetworkInfoSchema, call);
        depositable = new Set(info.assets.filter((a) => a.depositChannelCreationEnabled && a.depositChannelDepositsEnabled).map((a) => a.asset));
        payable = new Set(info.assets.filter((a) => a.egressEnabled).map((a) => a.asset));
        fetchedAt = now();
      },
      fetchedAt: () => fetchedAt,
    },
    allows(from, to) {
      if (!takesDeposits(from)) return { served: false, code: 'route_not_served', message: `Chainflip takes no channel deposits of ${from.chainflipChain} ${from.asset} at the moment` };
      if (payable !== null && !payable.has(to.internalId)) return { served: false, code: 'route_not_served', message: `Chainflip pays out no ${to.chainflipChain} ${to.asset} at the moment` };
      return { served: true };
    },
    takesDeposits,
  };
}
