import { sameEvmAddress } from '../../domain/addresses/sameAddress.ts';
import { encodeFunctionData, getAbiItem, isAddress, parseAbi, toFunctionSelector, type Address } from 'viem';
import { Value } from 'typebox/value';
import { VenueRejection, type CallContext, type Corridor, type StepsPlan, type Venue, type VenueBuildRequest, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { ACROSS_ORIGINS, acrossChain, isKnownSpokePool } from './acrossChains.ts';
import { createAcrossCoverage, resolveCorridor, type ResolvedCorridor } from './acrossCoverage.ts';
import { ACROSS_ERROR_CODES, acrossErrorCode, toAcrossQuote, toAcrossStatus, translateAcrossError, type AcrossQuoteInput } from './acrossMapping.ts';
import { AcrossContextSchema, AcrossDepositStatusSchema, AcrossLimitsSchema, AcrossSuggestedFeesSchema, type AcrossContext, type AcrossLimits } from './acrossSchemas.ts';

/** The SpokePool entry point the adapter encodes itself (no build call to Across). */
export const spokePoolDepositAbi = parseAbi([
  'function depositV3(address depositor, address recipient, address inputToken, address outputToken, uint256 inputAmount, uint256 outputAmount, uint256 destinationChainId, address exclusiveRelayer, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityParameter, bytes message) payable',
]);

function resolveOrThrow(corridor: Corridor): ResolvedCorridor {
  const resolution = resolveCorridor(corridor);
  if (!resolution.ok) throw new VenueRejection(resolution.answer.code, resolution.answer.message);
  return resolution.value;
}

/**
 * Across Protocol through its bridge-only path: `/suggested-fees` prices, the adapter encodes
 * `SpokePool.depositV3` itself from the quote, and `/deposit/status` tracks the fill.
 */
export const acrossVenue: VenueModule = {
  id: 'across',
  // No integrator fee: the bridge-only path has no fee parameter, so Strait's cuts are fee steps.
  capabilities: { archetype: 'intent', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  sandboxFake: async ({ settlement }) => (await import('./acrossFake.ts')).startAcrossFake({ settlement }),
  defaultBaseUrl: 'https://app.across.to/api',
  contextSchema: AcrossContextSchema,
  errorCodes: ACROSS_ERROR_CODES,
  // Only the known SpokePool's depositV3, on every origin chain.
  allowList: {
    calls: ACROSS_ORIGINS.flatMap((key) => {
      const chain = acrossChain(key);
      return chain ? [{ chainId: chain.chainId, to: chain.spokePool, selectors: [toFunctionSelector(getAbiItem({ abi: spokePoolDepositAbi, name: 'depositV3' }))] }] : [];
    }),
    transferRecipients: [],
  },
  headers(credentials): Record<string, string> {
    const key = credentials.API_KEY;
    return key ? { authorization: `Bearer ${key}` } : {};
  },
  create(deps) {
    return createAcrossVenue(deps);
  },
};

function createAcrossVenue(deps: VenueDeps): Venue {
  async function fetchLimits(input: Omit<AcrossQuoteInput, 'now'>, call: CallContext): Promise<AcrossLimits | undefined> {
    const query = { inputToken: input.inputToken, outputToken: input.outputToken, originChainId: input.originChainId, destinationChainId: input.destinationChainId };
    return deps.http.get('/limits', query, AcrossLimitsSchema, call).catch(() => undefined);
  }

  const published = createAcrossCoverage(deps.http, deps.now);

  return {
    id: acrossVenue.id,
    supports: published.supports,
    coverage: () => published.coverage,
    snapshot: published.snapshot,

    async quote(request: VenueQuoteRequest, call): Promise<VenueQuote> {
      const { origin, destination, input, output } = resolveOrThrow(request);
      evmAddress(request.recipient, 'recipient');
      const quoteInput: Omit<AcrossQuoteInput, 'now'> = {
        amountIn: request.amountIn,
        originChainId: origin.chainId,
        destinationChainId: destination.chainId,
        inputToken: input.address,
        outputToken: output.address,
        isNative: input.isNative,
      };
      const query = {
        inputToken: input.address,
        outputToken: output.address,
        originChainId: origin.chainId,
        destinationChainId: destination.chainId,
        amount: request.amountIn.toString(),
        recipient: request.recipient,
      };
      try {
        const body = await deps.http.get('/suggested-fees', query, AcrossSuggestedFeesSchema, call);
        return toAcrossQuote(body, { ...quoteInput, now: deps.now() });
      } catch (error) {
        if (!(error instanceof VenueHttpError)) throw error;
        const code = acrossErrorCode(error);
        const limits = code === 'AMOUNT_TOO_LOW' || code === 'AMOUNT_TOO_HIGH' ? await fetchLimits(quoteInput, call) : undefined;
        throw translateAcrossError(error, limits);
      }
    },

    async build({ request, quote }: VenueBuildRequest): Promise<StepsPlan> {
      const { origin, destination, input, output } = resolveOrThrow(request);
      const context = readContext(quote.context);
      if (context.originChainId !== origin.chainId || context.destinationChainId !== destination.chainId || !sameEvmAddress(context.inputToken, input.address) || !sameEvmAddress(context.outputToken, output.address)) {
        throw new VenueRejection('invalid_input', 'the stored Across quote was priced for another corridor');
      }
      if (!isKnownSpokePool(origin.chainId, context.spokePoolAddress)) {
        throw new VenueRejection('venue_bad_response', `Across named SpokePool ${context.spokePoolAddress}, not the known one of ${origin.key}; refusing to build`, { path: '/spokePoolAddress' });
      }
      const outputAmount = BigInt(context.outputAmount);
      const data = encodeFunctionData({
        abi: spokePoolDepositAbi,
        functionName: 'depositV3',
        args: [
          evmAddress(request.sender, 'sender'),
          evmAddress(request.recipient, 'recipient'),
          input.address,
          output.address,
          quote.amountIn,
          outputAmount,
          BigInt(destination.chainId),
          context.exclusiveRelayer as Address,
          Number(context.timestamp),
          Number(context.fillDeadline),
          Number(context.exclusivityDeadline),
          '0x',
        ],
      });
      // The known address, not the venue's spelling of it, is what the wallet signs.
      const spokePool = origin.spokePool;
      return {
        shape: 'steps',
        steps: [{ vm: 'evm', step: 'main', chainId: origin.chainId, to: spokePool, data, value: input.isNative ? quote.amountIn : 0n }],
        approval: input.isNative ? null : { chainId: origin.chainId, token: input.address, spender: spokePool, amount: quote.amountIn },
        amountOut: outputAmount,
        minAmountOut: outputAmount,
        context: { originChainId: origin.chainId, spokePoolAddress: spokePool },
      };
    },

    async status(request: VenueStatusRequest, call): Promise<VenueStatus> {
      const origin = acrossChain(request.fromChain);
      if (!origin) throw new VenueRejection('route_not_served', `Across does not serve ${request.fromChain}`);
      const { outputAmount } = readContext(request.context);
      // A plain bridge delivers the corridor's token (native ETH where the SpokePool unwraps WETH).
      const outputToken = request.toToken.address;
      try {
        // Across indexes deposits every ~10 s; until then it answers 404 (DepositNotFoundException).
        const body = await deps.http.get('/deposit/status', { originChainId: origin.chainId, depositTxnRef: request.sourceTxHash }, AcrossDepositStatusSchema, call, { notFoundAs: null });
        if (body === null) {
          return { state: 'pending', venueStatus: 'notIndexed', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'deposit not indexed by Across yet' };
        }
        return toAcrossStatus(body, { outputAmount: BigInt(outputAmount), outputToken });
      } catch (error) {
        if (error instanceof VenueHttpError) throw translateAcrossError(error);
        throw error;
      }
    },
  };
}

function evmAddress(value: string, field: string): Address {
  if (!isAddress(value, { strict: false })) throw new VenueRejection('invalid_input', `Across needs an EVM ${field}, got '${value}'`, { field });
  return value;
}

/** The stored quote (and build) context, validated once and read typed. */
function readContext(context: unknown): AcrossContext {
  if (!Value.Check(AcrossContextSchema, context)) {
    const first = Value.Errors(AcrossContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `stored Across context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}
