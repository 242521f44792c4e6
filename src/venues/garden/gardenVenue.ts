import { sameAddress } from '../../domain/addresses/sameAddress.ts';
import { chainInfo, evmChainId, type ChainKey } from '../../domain/chains.ts';
import { INITIATE_SELECTOR, initiateCheckOf } from './gardenInitiateCall.ts';
import { VenueRejection, type CallContext, type CoverageAnswer, type Corridor, type Venue, type VenueBuildPlan, type VenueBuildRequest, type VenueCoverage, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueStatusRequest } from '../Venue.ts';
import type { AllowedCall } from '../allowList.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { GARDEN_ASSETS, GARDEN_CHAINS, gardenAssetOf, type GardenAsset } from './gardenChains.ts';
import { GARDEN_ERROR_CODES, readGardenContext, resultOf, toDepositPlan, toGardenRejection, toOrderBody, toQuoteQuery, toStepsPlan, toVenueQuote } from './gardenMapping.ts';
import { GardenContextSchema, GardenCreateOrderResponseSchema, GardenOrderResponseSchema, GardenQuoteResponseSchema } from './gardenSchemas.ts';
import { toGardenVenueStatus } from './gardenStatus.ts';

/**
 * Garden (garden.finance): BTC ⇄ EVM swaps settled as HTLC atomic swaps, filled by its solvers. The
 * quote is `GET /v2/quote`; build creates the order (`POST /v2/orders`) without a secret hash, so
 * Garden holds the secret and redeems to the recipient itself. From Bitcoin the user pays the
 * order's HTLC address (a deposit); from an EVM chain the user approves exactly and calls the pinned
 * HTLC's `initiate`, checked against the transfer. Status derives Garden's lifecycle from the order.
 *
 * Credential `APP_ID` (header `garden-app-id`, from portal.garden.finance) is required.
 */
export const gardenVenue: VenueModule = {
  id: 'garden',
  capabilities: { archetype: 'intent', tradeTypes: ['EXACT_IN'], executionShapes: ['deposit_address', 'evm_calldata'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: ['APP_ID'],
  defaultBaseUrl: 'https://api.garden.finance',
  headers(credentials): Record<string, string> {
    const appId = credentials.APP_ID;
    return appId ? { 'garden-app-id': appId } : {};
  },
  allowList: {
    calls: GARDEN_ASSETS.flatMap((asset): AllowedCall[] =>
      asset.htlc && asset.source ? [{ chainId: evmChainId(asset.chain), to: asset.htlc, selectors: [INITIATE_SELECTOR], check: initiateCheckOf(asset) }] : [],
    ),
    transferRecipients: [],
  },
  errorCodes: GARDEN_ERROR_CODES,
  contextSchema: GardenContextSchema,
  create(deps) {
    return createGardenVenue(deps);
  },
};

const SOURCE_CHAINS: readonly ChainKey[] = [...new Set(GARDEN_ASSETS.filter((a) => a.source).map((a) => a.chain))];

type Refusal = Extract<CoverageAnswer, { served: false }>;

function resolve(corridor: Corridor): { from: GardenAsset; to: GardenAsset } | Refusal {
  const { fromChain, toChain } = corridor;
  if (fromChain === toChain) return { served: false, code: 'route_not_served', message: 'Garden swaps across chains only' };
  for (const chain of [fromChain, toChain]) {
    if (!GARDEN_CHAINS.includes(chain)) return { served: false, code: 'route_not_served', message: `Garden does not serve ${chain}` };
  }
  const from = gardenAssetOf(corridor.fromToken);
  const to = gardenAssetOf(corridor.toToken);
  if (!from) return { served: false, code: 'token_not_supported', message: `Garden does not carry ${corridor.fromToken.symbol} on ${fromChain}` };
  if (!to) return { served: false, code: 'token_not_supported', message: `Garden does not carry ${corridor.toToken.symbol} on ${toChain}` };
  // A Solana source is answered with a Solana transaction Strait does not verify yet.
  if (!from.source) return { served: false, code: 'route_not_served', message: `Garden transfers from ${fromChain} are not built by Strait yet` };
  return { from, to };
}

function resolveOrThrow(corridor: Corridor): { from: GardenAsset; to: GardenAsset } {
  const resolved = resolve(corridor);
  if ('served' in resolved) throw new VenueRejection(resolved.code, resolved.message);
  return resolved;
}

export function createGardenVenue(deps: VenueDeps): Venue {
  const coverage: VenueCoverage = {
    origins: SOURCE_CHAINS,
    tokenSymbols(fromChain, toChain) {
      if (fromChain === toChain || !GARDEN_ASSETS.some((a) => a.chain === toChain)) return [];
      return GARDEN_ASSETS.filter((a) => a.chain === fromChain && a.source).map((a) => a.symbol);
    },
  };

  async function fetchQuote(request: VenueQuoteRequest, call: CallContext): Promise<VenueQuote> {
    if (request.exactOut !== undefined) throw new VenueRejection('trade_type_not_supported', 'Garden is quoted EXACT_IN here');
    const { from, to } = resolveOrThrow(request);
    let answer;
    try {
      answer = await deps.http.get('/v2/quote', toQuoteQuery(from, to, request.amountIn), GardenQuoteResponseSchema, call);
    } catch (error) {
      throw toGardenRejection(error, request.amountIn);
    }
    return toVenueQuote(resultOf(answer, request.amountIn), request, from, to);
  }

  return {
    id: gardenVenue.id,
    supports(corridor): CoverageAnswer {
      const resolved = resolve(corridor);
      return 'served' in resolved ? resolved : { served: true };
    },
    coverage: () => coverage,

    quote: fetchQuote,

    async build({ request, quote }: VenueBuildRequest, call: CallContext): Promise<VenueBuildPlan> {
      const { from } = resolveOrThrow(request);
      const context = readGardenContext(quote.context);
      let answer;
      try {
        answer = await deps.http.post('/v2/orders', toOrderBody(request, context, quote.amountOut), GardenCreateOrderResponseSchema, call);
      } catch (error) {
        throw toGardenRejection(error, request.amountIn);
      }
      const order = resultOf(answer, request.amountIn);
      if (chainInfo(request.fromChain).vm === 'evm') return toStepsPlan(order, request, from, context, quote.amountOut);
      return toDepositPlan(order, request, context, quote.amountOut, deps.now());
    },

    async status(request: VenueStatusRequest, call: CallContext): Promise<VenueStatus> {
      const context = readGardenContext(request.context);
      const orderId = context.orderId;
      if (!orderId) throw new VenueRejection('invalid_input', 'garden status needs the orderId of the build context');
      let answer;
      try {
        answer = await deps.http.get(`/v2/orders/${encodeURIComponent(orderId)}`, {}, GardenOrderResponseSchema, call, { notFoundAs: null });
      } catch (error) {
        throw toGardenRejection(error, request.amountIn);
      }
      if (answer === null) {
        return { state: 'pending', venueStatus: 'NotFound', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'order not known to Garden yet' };
      }
      const order = resultOf(answer, request.amountIn);
      if (order.order_id !== orderId) throw new VenueRejection('venue_bad_response', `Garden answered order ${order.order_id} for ${orderId}`, { path: '/result/order_id' });
      // A Bitcoin source swap is named by its HTLC address: it must be the one the user was told to pay.
      const swapId = order.source_swap.swap_id;
      if (context.depositAddress && swapId && swapId !== context.depositAddress) {
        throw new VenueRejection('venue_bad_response', `Garden's order ${orderId} locks at ${swapId}, not the deposit address ${context.depositAddress}`, { path: '/result/source_swap/swap_id' });
      }
      // The destination HTLC pays its redeemer: it must be the transfer's recipient, or a "redeemed" pays someone else.
      const redeemer = order.destination_swap.redeemer;
      if (redeemer && !sameAddress(request.toChain, redeemer, request.recipient)) {
        throw new VenueRejection('venue_bad_response', `Garden's order ${orderId} pays ${redeemer}, not the recipient ${request.recipient}`, { path: '/result/destination_swap/redeemer' });
      }
      const minAmountOut = context.minAmountOut === undefined ? null : BigInt(context.minAmountOut);
      return toGardenVenueStatus(order, deps.now(), minAmountOut);
    },
  };
}
