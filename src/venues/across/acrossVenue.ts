import { Value } from 'typebox/value';
import { encodeFunctionData, getAbiItem, isAddress, parseAbi, toFunctionSelector, type Address } from 'viem';
import { VenueRejection, type CallContext, type Corridor, type CoverageAnswer, type StepsPlan, type Venue, type VenueBuildRequest, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { ACROSS_ORIGINS, acrossChain, acrossToken, acrossTokenSymbols, isKnownSpokePool, sameAddress, type AcrossChain, type AcrossToken } from './acrossChains.ts';
import { acrossErrorCode, toAcrossQuote, toAcrossStatus, translateAcrossError, type AcrossQuoteInput } from './acrossMapping.ts';
import { AcrossDepositStatusSchema, AcrossLimitsSchema, AcrossQuoteContextSchema, AcrossSuggestedFeesSchema, type AcrossLimits, type AcrossQuoteContext } from './acrossSchemas.ts';

/** The SpokePool entry point the adapter encodes itself (no build call to Across). */
export const spokePoolDepositAbi = parseAbi([
  'function depositV3(address depositor, address recipient, address inputToken, address outputToken, uint256 inputAmount, uint256 outputAmount, uint256 destinationChainId, address exclusiveRelayer, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityParameter, bytes message) payable',
]);

interface ResolvedCorridor {
  readonly origin: AcrossChain;
  readonly destination: AcrossChain;
  readonly input: AcrossToken;
  readonly output: AcrossToken;
}

type Resolution = { readonly ok: true; readonly value: ResolvedCorridor } | { readonly ok: false; readonly answer: CoverageAnswer & { served: false } };

function resolveCorridor(corridor: Corridor): Resolution {
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
  defaultBaseUrl: 'https://app.across.to/api',
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
  async function fetchLimits(input: AcrossQuoteInput, call: CallContext): Promise<AcrossLimits | undefined> {
    const query = { inputToken: input.inputToken, outputToken: input.outputToken, originChainId: input.originChainId, destinationChainId: input.destinationChainId };
    return deps.http.get('/limits', query, AcrossLimitsSchema, call).catch(() => undefined);
  }

  return {
    id: 'across',
    supports(corridor) {
      const resolution = resolveCorridor(corridor);
      return resolution.ok ? { served: true } : resolution.answer;
    },
    coverage() {
      return { origins: ACROSS_ORIGINS, tokenSymbols: acrossTokenSymbols };
    },

    async quote(request: VenueQuoteRequest, call): Promise<VenueQuote> {
      const { origin, destination, input, output } = resolveOrThrow(request);
      evmAddress(request.recipient, 'recipient');
      const quoteInput: AcrossQuoteInput = {
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
        return toAcrossQuote(body, quoteInput);
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
      if (context.originChainId !== origin.chainId || context.destinationChainId !== destination.chainId || !sameAddress(context.inputToken, input.address) || !sameAddress(context.outputToken, output.address)) {
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
      const quoted = request.context.outputAmount;
      const outputAmount = typeof quoted === 'string' && /^[0-9]{1,78}$/.test(quoted) ? BigInt(quoted) : request.expectedOut;
      // A plain bridge delivers the corridor's token (native ETH where the SpokePool unwraps WETH).
      const outputToken = request.toToken.address;
      try {
        const body = await deps.http.get('/deposit/status', { originChainId: origin.chainId, depositTxnRef: request.sourceTxHash }, AcrossDepositStatusSchema, call);
        return toAcrossStatus(body, { outputAmount, outputToken });
      } catch (error) {
        // Across indexes deposits every few seconds; until then it answers 404.
        if (error instanceof VenueHttpError && error.status === 404) {
          return { state: 'pending', venueStatus: 'notIndexed', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'deposit not indexed by Across yet' };
        }
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

function readContext(context: unknown): AcrossQuoteContext {
  if (!Value.Check(AcrossQuoteContextSchema, context)) {
    const first = Value.Errors(AcrossQuoteContextSchema, context)[0];
    throw new VenueRejection('venue_bad_response', `stored Across quote context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}
