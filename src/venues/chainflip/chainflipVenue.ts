import { assetsOfCorridor, supportsFrom, tableCoverage, type DepositCoverage } from '../depositVenueSupport.ts';
import { VenueRejection, type CallContext, type Corridor, type CoverageAnswer, type DepositPlan, type Venue, type VenueBuildRequest, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueStatusRequest } from '../Venue.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { CHAINFLIP_ASSETS, CHAINFLIP_CHAINS, chainflipAssetOf, type ChainflipAsset } from './chainflipChains.ts';
import { createChainflipNetworkInfo } from './chainflipNetworkInfo.ts';
import { CHAINFLIP_ERROR_CODES, readChainflipContext, regularQuoteOf, toChainflipRejection, toChannelBody, toDepositPlan, toQuoteQuery, toVenueQuote, toVenueStatus } from './chainflipMapping.ts';
import { ChainflipContextSchema, ChainflipDepositChannelSchema, ChainflipQuoteResponseSchema, ChainflipStatusSchema } from './chainflipSchemas.ts';

/**
 * Chainflip through its public swap backend (the SDK's own backend, no key): `GET /v2/quote` prices
 * a REGULAR swap, build opens a deposit channel (`POST /api/openSwapDepositChannel`) with a
 * fill-or-kill minimum price and the sender as refund address, and the user makes a plain transfer
 * to the channel address, from any chain Chainflip serves (Bitcoin, Solana, Tron and Assethub
 * included: Strait verifies deposit funding by hash). Status is `GET /v2/swaps/{channelId}`.
 *
 * The backend's per-asset switches (`GET /api/networkInfo`) are read in the background as the
 * venue's snapshot: a paused asset is refused locally instead of costing a 503 per quote.
 *
 * Vault swaps (EVM calldata, Solana instructions, Bitcoin nulldata) are not built: the channel works
 * from every chain and needs no contract call Strait would have to vet. Broker commission needs an
 * own broker account, so the integrator fee stays in Strait's fee steps (`feeCapture: none`).
 */
export const chainflipVenue: VenueModule = {
  id: 'chainflip',
  capabilities: { archetype: 'pool', tradeTypes: ['EXACT_IN'], executionShapes: ['deposit_address'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  defaultBaseUrl: 'https://chainflip-swap.chainflip.io',
  errorCodes: CHAINFLIP_ERROR_CODES,
  contextSchema: ChainflipContextSchema,
  create(deps) {
    return createChainflipVenue(deps);
  },
};

const COVERAGE: DepositCoverage<ChainflipAsset> = {
  name: 'Chainflip',
  served: (chain) => CHAINFLIP_CHAINS.includes(chain),
  assetOf: chainflipAssetOf,
};

export function createChainflipVenue(deps: VenueDeps): Venue {
  const network = createChainflipNetworkInfo(deps.http, deps.now);
  const staticSupports = supportsFrom(COVERAGE);

  function supports(corridor: Corridor): CoverageAnswer {
    const answer = staticSupports(corridor);
    if (!answer.served) return answer;
    const { from, to } = assetsOfCorridor(COVERAGE, corridor);
    return network.allows(from, to);
  }

  /** Both assets of a corridor Chainflip serves now, or its typed refusal. */
  function assetsOf(corridor: Corridor): { from: ChainflipAsset; to: ChainflipAsset } {
    const answer = supports(corridor);
    if (!answer.served) throw new VenueRejection(answer.code, answer.message);
    return assetsOfCorridor(COVERAGE, corridor);
  }

  return {
    id: chainflipVenue.id,
    supports,
    coverage: () => tableCoverage(CHAINFLIP_CHAINS, COVERAGE.served, (chain) => CHAINFLIP_ASSETS.filter((a) => a.chain === chain && network.takesDeposits(a)).map((a) => a.asset)),
    snapshot: network.snapshot,

    async quote(request: VenueQuoteRequest, call: CallContext): Promise<VenueQuote> {
      const { from, to } = assetsOf(request);
      try {
        const quotes = await deps.http.get('/v2/quote', toQuoteQuery(request, from, to), ChainflipQuoteResponseSchema, call);
        return toVenueQuote(regularQuoteOf(quotes, request, from, to), request, deps.now());
      } catch (error) {
        throw toChainflipRejection(error);
      }
    },

    // The channel is opened on the stored quote's price: the fill-or-kill minimum refunds the deposit
    // instead of swapping below it, so no second quote is needed.
    async build({ request, quote }: VenueBuildRequest, call: CallContext): Promise<DepositPlan> {
      const { from, to } = assetsOf(request);
      const context = readChainflipContext(quote.context);
      const body = toChannelBody(request, context, from, to);
      try {
        const channel = await deps.http.post('/api/openSwapDepositChannel', body, ChainflipDepositChannelSchema, call);
        return toDepositPlan(channel, request, context, body);
      } catch (error) {
        throw toChainflipRejection(error);
      }
    },

    async status(request: VenueStatusRequest, call: CallContext): Promise<VenueStatus> {
      const context = readChainflipContext(request.context);
      // The channel id is the status key; without one (a plan of an older release) the deposit tx is.
      const id = context.channelId ?? request.sourceTxHash;
      if (!id) throw new VenueRejection('invalid_input', 'chainflip status needs the channelId of the build context');
      try {
        // A fresh channel or a deposit not yet witnessed can answer 404 "resource not found".
        const status = await deps.http.get(`/v2/swaps/${encodeURIComponent(id)}`, {}, ChainflipStatusSchema, call, { notFoundAs: null });
        if (status === null) return { state: 'pending', venueStatus: 'NOT_FOUND', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'Chainflip does not know this swap yet' };
        return toVenueStatus(status, request, context);
      } catch (error) {
        throw toChainflipRejection(error);
      }
    },
  };
}
