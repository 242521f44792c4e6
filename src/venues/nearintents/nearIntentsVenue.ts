import { VenueRejection, type CallContext, type Corridor, type DepositPlan, type Venue, type VenueBuildRequest, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { blockchainOf } from './nearIntentsChains.ts';
import { createNearIntentsCoverage, type NearIntentsCoverage } from './nearIntentsCoverage.ts';
import { readNearIntentsContext, toDepositPlan, toNearIntentsRejection, toQuoteBody, toVenueQuote, toVenueStatus } from './nearIntentsMapping.ts';
import { NearIntentsContextSchema, NearIntentsQuoteResponseSchema, NearIntentsStatusResponseSchema, NearIntentsSubmitResponseSchema } from './nearIntentsSchemas.ts';

/**
 * NEAR Intents through its 1Click API: a deposit-address swap service. Pricing uses dry quotes; build
 * asks for a live quote, whose deposit address is where the user sends `amountIn` of the origin token;
 * status is polled by that deposit address.
 *
 * Credential `JWT` (optional): without it 1Click still quotes but adds its 0.2 % platform fee.
 */
export const nearIntentsVenue: VenueModule = {
  id: 'nearintents',
  // feeCapture none: the adapter can send appFees, but they accrue to an intents account, not the fee
  // wallet of the source chain, so Strait keeps its cuts in fee steps.
  capabilities: { archetype: 'intent', tradeTypes: ['EXACT_IN'], executionShapes: ['deposit_address'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  sandboxFake: async ({ settlement, chains }) =>
    (await import('./nearIntentsFake.ts')).startNearIntentsFake({
      settlement,
      chainIds: Object.fromEntries(chains.flatMap((chain) => { const blockchain = blockchainOf(chain.key); return blockchain ? [[blockchain, chain.chainId]] : []; })),
    }),
  defaultBaseUrl: 'https://1click.chaindefuser.com',
  headers(credentials): Record<string, string> {
    const jwt = credentials.JWT;
    return jwt ? { authorization: `Bearer ${jwt}` } : {};
  },
  contextSchema: NearIntentsContextSchema,
  create(deps) {
    return createNearIntentsVenue(deps);
  },
};

function assetsFor(published: NearIntentsCoverage, request: Corridor): { originAsset: string; destinationAsset: string } {
  const answer = published.supports(request);
  if (!answer.served) throw new VenueRejection(answer.code, answer.message);
  const origin = published.assetOf(request.fromToken);
  const destination = published.assetOf(request.toToken);
  if (!origin || !destination) throw new VenueRejection('token_not_supported', '1Click does not carry this token pair');
  return { originAsset: origin.assetId, destinationAsset: destination.assetId };
}

export function createNearIntentsVenue(deps: VenueDeps): Venue {
  // Deposit txs already reported to 1Click by this instance; the report only speeds detection up.
  const reported = new Set<string>();
  // Coverage from 1Click's own token list once fetched, from the static table until then.
  const published = createNearIntentsCoverage(deps.http, deps.now);

  async function postQuote(request: VenueQuoteRequest, dry: boolean, call: CallContext) {
    const assets = assetsFor(published, request);
    const { body, feeNote, deadlineMs } = toQuoteBody({ request, ...assets, dry, now: deps.now() });
    try {
      const response = await deps.http.post('/v0/quote', body, NearIntentsQuoteResponseSchema, call);
      return { response, assets, feeNote, deadlineMs };
    } catch (error) {
      throw toNearIntentsRejection(error);
    }
  }

  async function reportDeposit(txHash: string, depositAddress: string, memo: string | null, call: CallContext): Promise<void> {
    const key = `${depositAddress}|${txHash}`;
    if (!txHash || reported.has(key)) return;
    reported.add(key);
    const body = memo ? { txHash, depositAddress, memo } : { txHash, depositAddress };
    await deps.http.post('/v0/deposit/submit', body, NearIntentsSubmitResponseSchema, call).catch(() => undefined);
  }

  return {
    id: nearIntentsVenue.id,
    supports: published.supports,
    coverage: published.coverage,
    snapshot: published.snapshot,
    tokens: published.tokens,

    async quote(request: VenueQuoteRequest, call: CallContext): Promise<VenueQuote> {
      const { response, assets, feeNote } = await postQuote(request, true, call);
      return toVenueQuote(response, request, assets, deps.now(), feeNote);
    },

    async build({ request }: VenueBuildRequest, call: CallContext): Promise<DepositPlan> {
      const { response, deadlineMs } = await postQuote(request, false, call);
      return toDepositPlan(response, request, deadlineMs);
    },

    async status(request: VenueStatusRequest, call: CallContext): Promise<VenueStatus> {
      const context = readNearIntentsContext(request.context);
      const depositAddress = context.depositAddress;
      if (!depositAddress) throw new VenueRejection('invalid_input', 'nearintents status needs the depositAddress of the build context');
      const memo = context.depositMemo || null;
      await reportDeposit(request.sourceTxHash, depositAddress, memo, call);
      const query = { depositAddress, depositMemo: memo ?? undefined };
      try {
        // 1Click answers 404 for a deposit address it has not seen a deposit to yet.
        const response = await deps.http.get('/v0/status', query, NearIntentsStatusResponseSchema, call, { notFoundAs: null });
        if (response === null) {
          return { state: 'pending', venueStatus: 'NOT_FOUND', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'deposit address not known yet' };
        }
        return toVenueStatus(response, BigInt(context.minAmountOut));
      } catch (error) {
        // A 400 on status is our malformed query, not a pricing answer.
        if (error instanceof VenueHttpError && error.status === 400) throw new VenueRejection('venue_error', `1Click refused the status query: ${error.message}`, { status: 400 }, { cause: error });
        throw toNearIntentsRejection(error);
      }
    },
  };
}
