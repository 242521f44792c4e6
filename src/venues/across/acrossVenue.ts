import { sameEvmAddress } from '../../domain/addresses/sameAddress.ts';
import { encodeFunctionData, getAbiItem, isAddress, parseAbi, toFunctionSelector, type Address } from 'viem';
import { Value } from 'typebox/value';
import { VenueRejection, type CallContext, type Corridor, type StepsPlan, type Venue, type VenueBuildRequest, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { ACROSS_ORIGINS, acrossChain, isKnownSpokePool } from './acrossChains.ts';
import { createAcrossCoverage, resolveCorridor, type ResolvedCorridor } from './acrossCoverage.ts';
import { ACROSS_ERROR_CODES, acrossErrorCode, toAcrossQuote, toAcrossStatus, translateAcrossError, type AcrossQuoteInput } from './acrossMapping.ts';
import { HYPERCORE_ORIGINS, depositForBurnProblem, hyperCoreOrigin, hyperCoreSupport, sponsoredCctpSrcPeripheryAbi, type HyperCoreOrigin } from './acrossHyperCore.ts';
import { hyperCoreQuery, toHyperCorePlan, toHyperCoreQuote } from './acrossHyperCoreMapping.ts';
import { AcrossBridgeContextSchema, AcrossContextSchema, AcrossDepositStatusSchema, AcrossHyperCoreContextSchema, AcrossLimitsSchema, AcrossSuggestedFeesSchema, AcrossSwapApprovalSchema, type AcrossContext, type AcrossHyperCoreContext, type AcrossLimits } from './acrossSchemas.ts';

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
 * `SpokePool.depositV3` itself from the quote, and `/deposit/status` tracks the fill. A Hyperliquid
 * account (`hypercore`, spot USDC only) is credited through the Swap API instead (`/swap/approval`,
 * a CCTP route through Across's pinned periphery; acrossHyperCore.ts), tracked the same way.
 */
export const acrossVenue: VenueModule = {
  id: 'across',
  // No integrator fee: the bridge-only path has no fee parameter, so Strait's cuts are fee steps.
  capabilities: { archetype: 'intent', tradeTypes: ['EXACT_IN', 'EXACT_OUT'], executionShapes: ['evm_calldata'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  sandboxFake: async ({ settlement }) => (await import('./acrossFake.ts')).startAcrossFake({ settlement }),
  defaultBaseUrl: 'https://app.across.to/api',
  contextSchema: AcrossContextSchema,
  errorCodes: ACROSS_ERROR_CODES,
  // Only the known SpokePool's depositV3 on every origin chain, and the pinned periphery's
  // depositForBurn for HyperCore credits.
  allowList: {
    calls: [
      ...ACROSS_ORIGINS.flatMap((key) => {
        const chain = acrossChain(key);
        return chain ? [{ chainId: chain.chainId, to: chain.spokePool, selectors: [toFunctionSelector(getAbiItem({ abi: spokePoolDepositAbi, name: 'depositV3' }))] }] : [];
      }),
      ...HYPERCORE_ORIGINS.map((origin) => ({
        chainId: origin.chain.chainId,
        to: origin.periphery,
        selectors: [toFunctionSelector(getAbiItem({ abi: sponsoredCctpSrcPeripheryAbi, name: 'depositForBurn' }))],
        check: depositForBurnProblem,
      })),
    ],
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

  /** The Swap API's answer for a HyperCore credit, its errors translated (no `/limits` for chain 1337). */
  async function swapApproval(request: VenueQuoteRequest, origin: HyperCoreOrigin, call: CallContext) {
    try {
      return await deps.http.get('/swap/approval', hyperCoreQuery(request, origin), AcrossSwapApprovalSchema, call);
    } catch (error) {
      if (error instanceof VenueHttpError) throw translateAcrossError(error);
      throw error;
    }
  }

  /**
   * An exact output: a deposit names its `outputAmount`, and a relayer fills exactly that or nothing,
   * so the recipient gets exactly it when the input covers the relay fee. Across prices an input, so
   * the fee is asked twice: at the output (a first estimate), then at the input that estimate implies;
   * the input is the output plus that second fee and a basis point of it, which covers the fee's own
   * growth with the input it is charged on.
   */
  async function exactOutputQuote(exactOut: bigint, query: Record<string, string | number>, quoteInput: Omit<AcrossQuoteInput, 'now'>, call: CallContext): Promise<VenueQuote> {
    const feeAt = async (amount: bigint) => {
      const body = await deps.http.get('/suggested-fees', { ...query, amount: amount.toString() }, AcrossSuggestedFeesSchema, call);
      const priced = toAcrossQuote(body, { ...quoteInput, amountIn: amount, now: deps.now() });
      return { fee: amount - priced.amountOut, priced, maxDeposit: BigInt(body.limits.maxDeposit) };
    };
    const first = await feeAt(exactOut);
    const second = await feeAt(exactOut + first.fee);
    const amountIn = exactOut + second.fee + second.fee / 10_000n + 1n;
    const { maxDeposit } = second;
    if (amountIn > maxDeposit || amountIn >= 2n ** 256n) throw new VenueRejection('above_max', `Across takes at most ${maxDeposit} for this route`, { maxAmountAtomic: maxDeposit.toString() });
    return { ...second.priced, amountIn, amountOut: exactOut, minAmountOut: exactOut, context: { ...second.priced.context, outputAmount: exactOut.toString() } };
  }

  return {
    id: acrossVenue.id,
    supports: published.supports,
    coverage: () => published.coverage,
    snapshot: published.snapshot,

    async quote(request: VenueQuoteRequest, call): Promise<VenueQuote> {
      if (request.toChain === 'hypercore' && request.exactOut !== undefined) throw new VenueRejection('trade_type_not_supported', 'Across credits HyperCore for an exact input only', { tradeTypes: ['EXACT_IN'] });
      if (request.toChain === 'hypercore') {
        const origin = hyperCoreOriginOrThrow(request);
        evmAddress(request.recipient, 'recipient');
        return toHyperCoreQuote(await swapApproval(request, origin, call), request, origin, deps.now());
      }
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
        if (request.exactOut !== undefined) return await exactOutputQuote(request.exactOut, query, quoteInput, call);
        const body = await deps.http.get('/suggested-fees', query, AcrossSuggestedFeesSchema, call);
        return toAcrossQuote(body, { ...quoteInput, now: deps.now() });
      } catch (error) {
        if (!(error instanceof VenueHttpError)) throw error;
        const code = acrossErrorCode(error);
        const limits = code === 'AMOUNT_TOO_LOW' || code === 'AMOUNT_TOO_HIGH' ? await fetchLimits(quoteInput, call) : undefined;
        throw translateAcrossError(error, limits);
      }
    },

    async build({ request, quote }: VenueBuildRequest, call): Promise<StepsPlan> {
      if (request.toChain === 'hypercore') {
        const origin = hyperCoreOriginOrThrow(request);
        evmAddress(request.sender, 'sender');
        evmAddress(request.recipient, 'recipient');
        // The Swap API signs a fresh sponsored quote per answer (nonce, deadline): build re-quotes.
        return toHyperCorePlan(await swapApproval(request, origin, call), request, origin);
      }
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
        ...(request.exactOut !== undefined ? { amountIn: quote.amountIn } : {}),
        context: { originChainId: origin.chainId, spokePoolAddress: spokePool },
        tagMain: true,
      };
    },

    async status(request: VenueStatusRequest, call): Promise<VenueStatus> {
      const origin = acrossChain(request.fromChain);
      if (!origin) throw new VenueRejection('route_not_served', `Across does not serve ${request.fromChain}`);
      const hyperCore = request.toChain === 'hypercore';
      const { outputAmount } = hyperCore ? readHyperCoreContext(request.context) : readContext(request.context);
      // A plain bridge delivers the corridor's token (native ETH where the SpokePool unwraps WETH).
      const outputToken = request.toToken.address;
      try {
        // Across indexes deposits every ~10 s; until then it answers 404 (DepositNotFoundException).
        const body = await deps.http.get('/deposit/status', { originChainId: origin.chainId, depositTxnRef: request.sourceTxHash }, AcrossDepositStatusSchema, call, { notFoundAs: null });
        if (body === null) {
          return { state: 'pending', venueStatus: 'notIndexed', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'deposit not indexed by Across yet' };
        }
        if (hyperCore) return hyperCoreStatus(body, BigInt(outputAmount), outputToken);
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

/** The stored quote (and build) context of a SpokePool deposit, validated once and read typed. */
function readContext(context: unknown): AcrossContext {
  if (!Value.Check(AcrossBridgeContextSchema, context)) {
    const first = Value.Errors(AcrossBridgeContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `stored Across context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}

/** The stored context of a HyperCore credit. */
function readHyperCoreContext(context: unknown): AcrossHyperCoreContext {
  if (!Value.Check(AcrossHyperCoreContextSchema, context)) {
    const first = Value.Errors(AcrossHyperCoreContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `stored Across HyperCore context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}

function hyperCoreOriginOrThrow(corridor: Corridor): HyperCoreOrigin {
  const answer = hyperCoreSupport(corridor);
  const origin = hyperCoreOrigin(corridor.fromChain);
  if (!answer.served || !origin) throw new VenueRejection(answer.served ? 'route_not_served' : answer.code, answer.served ? `Across does not credit HyperCore from ${corridor.fromChain}` : answer.message);
  return origin;
}

const HYPERCORE_HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * A HyperCore credit's status: the table as for any deposit, with the output Strait quoted (the
 * swap fields, in USDC-SPOT's 8 decimals, are not read). Across's fill reference is the HyperEVM
 * transaction whose mint credited the account; it is reported only in the 0x + 64 hex shape.
 */
function hyperCoreStatus(body: Parameters<typeof toAcrossStatus>[0], outputAmount: bigint, outputToken: string | null): VenueStatus {
  const status = toAcrossStatus({ ...body, swapOutputAmount: null, swapOutputToken: null }, { outputAmount, outputToken });
  const hash = status.destinationTxHash;
  return { ...status, destinationTxHash: hash !== null && HYPERCORE_HASH.test(hash) ? hash : null };
}
