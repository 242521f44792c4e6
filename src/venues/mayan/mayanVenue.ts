import { randomBytes } from 'node:crypto';
import { Value } from 'typebox/value';
import { bytesToHex, isAddress, pad, type Address, type Hex } from 'viem';
import { tokensOn } from '../../domain/tokens.ts';
import { VenueRejection, type CallContext, type Corridor, type CoverageAnswer, type StepsPlan, type Venue, type VenueBuildRequest, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError, type VenueHttpClient } from '../venueHttpClient.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { EVM_NATIVE, MAYAN_CHAINS, MAYAN_EVM_ORIGINS, MAYAN_FORWARDER, mayanChain, mayanTokenId, type MayanChain } from './mayanChains.ts';
import { MAYAN_ERROR_CODES, isBuildableSwift, namesPinnedSwift, pinnedSwift, swiftOrderAmount, toMayanQuote, toMayanStatus, translateMayanError } from './mayanMapping.ts';
import { MayanContextSchema, MayanQuoteResponseSchema, MayanSwapStatusSchema, type MayanContext } from './mayanSchemas.ts';
import { FORWARDER_SELECTORS, encodeSwiftForward, orderAddress, swiftForwardProblem } from './mayanSwiftCall.ts';

/** Mayan's price API (quotes) and explorer API (status) live on two hosts (swap-sdk `src/addresses.ts`). */
export const MAYAN_PRICE_API = 'https://price-api.mayan.finance/v3';
export const MAYAN_EXPLORER_API = 'https://explorer-api.mayan.finance/v3';

/**
 * The SDK version the quote request names. The API compares it with its minimum; the recorded
 * answers to SDKs before 11 (minimumSdkVersion [7,0,0]) are Swift V1 orders, which also serve native
 * inputs. A Swift V2 answer is built too (ERC-20 inputs); whether today's API still answers V1 to
 * this version is unconfirmed.
 */
const SDK_VERSION = '10_4_0';
/** swap-sdk `src/addresses.ts`: the SDK sends both with every quote. */
const SOLANA_PROGRAM = 'FC4eXxkyrMPTjiYUpp4EAnkmwMbQyZ6NDCh1kfLn6vsf';

/**
 * Mayan through its Swift auction (solvers fill from their own capital on the destination). Quotes
 * ask for Swift routes only; build encodes the Swift order (V1, or V2 from an ERC-20) itself and wraps it in the Mayan
 * Forwarder's `forwardEth` / `forwardERC20`, as swap-sdk `getSwiftFromEvmTxPayload` does; status
 * reads the explorer by source transaction hash. MCTP, Wormhole, gasless (EIP-712) and source-swap
 * routes are never priced, since Strait could not build or verify them; a Solana source is priced
 * and stays quote_only (no Solana transaction is built).
 */
export const mayanVenue: VenueModule = {
  id: 'mayan',
  // No referrer is sent: Strait's cuts are fee steps, so feeCapture is none.
  capabilities: { archetype: 'intent', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  defaultBaseUrl: MAYAN_PRICE_API,
  contextSchema: MayanContextSchema,
  errorCodes: MAYAN_ERROR_CODES,
  // Only the forwarder's plain forwards, each checked to fund a pinned Swift order paying the requested recipient.
  allowList: {
    calls: MAYAN_EVM_ORIGINS.map((chain) => ({ chainId: chain.chainId ?? 0, to: MAYAN_FORWARDER, selectors: FORWARDER_SELECTORS, check: swiftForwardProblem })),
    transferRecipients: [],
  },
  create(deps) {
    return createMayanVenue(deps);
  },
};

interface ResolvedCorridor {
  readonly origin: MayanChain;
  readonly destination: MayanChain;
}

function resolveCorridor(corridor: Corridor): ResolvedCorridor | CoverageAnswer {
  const origin = mayanChain(corridor.fromChain);
  const destination = mayanChain(corridor.toChain);
  if (!origin || !destination) return { served: false, code: 'route_not_served', message: `Mayan does not serve ${corridor.fromChain} → ${corridor.toChain}` };
  if (origin === destination) return { served: false, code: 'route_not_served', message: 'Mayan Swift moves between chains only' };
  return { origin, destination };
}

function resolveOrThrow(corridor: Corridor): ResolvedCorridor {
  const resolved = resolveCorridor(corridor);
  if ('served' in resolved) throw new VenueRejection(resolved.served ? 'route_not_served' : resolved.code, resolved.served ? 'not served' : resolved.message);
  return resolved;
}

function createMayanVenue(deps: VenueDeps): Venue {
  // A base URL other than the price API's (a gateway, the sandbox fake) serves both APIs.
  const explorer: VenueHttpClient = deps.baseUrl.replace(/\/+$/, '') === MAYAN_PRICE_API ? (deps.httpAt?.(MAYAN_EXPLORER_API) ?? deps.http) : deps.http;
  const apiKey = deps.credentials.API_KEY;

  async function fetchSwiftQuote(request: VenueQuoteRequest, call: CallContext): Promise<VenueQuote> {
    const { origin, destination } = resolveOrThrow(request);
    if (orderAddress(request.recipient, destination.wormholeId) === null) {
      throw new VenueRejection('invalid_input', `Mayan needs a ${destination.key} recipient, got '${request.recipient}'`, { field: 'recipient' });
    }
    const query = {
      amountIn64: request.amountIn.toString(),
      fromToken: mayanTokenId(request.fromToken),
      fromChain: origin.name,
      toToken: mayanTokenId(request.toToken),
      toChain: destination.name,
      slippageBps: 'auto',
      swift: true,
      mctp: false,
      fastMctp: false,
      wormhole: false,
      shuttle: false,
      monoChain: false,
      gasless: false,
      gasDrop: 0,
      solanaProgram: SOLANA_PROGRAM,
      forwarderAddress: MAYAN_FORWARDER,
      sdkVersion: SDK_VERSION,
      apiKey,
    };
    let body;
    try {
      body = await deps.http.get('/quote', query, MayanQuoteResponseSchema, call);
    } catch (error) {
      if (error instanceof VenueHttpError) throw translateMayanError(error, request.fromToken);
      throw error;
    }
    if (body.quotes.length === 0) throw new VenueRejection('route_not_served', `Mayan has no route for ${origin.key} → ${destination.key}`);
    const evmSource = origin.chainId !== null;
    // An EVM source is priced only as an order Strait builds and checks; a Solana source's row is
    // quote_only, so any non-gasless Swift quote prices it.
    const chosen = body.quotes.find((quote) => (evmSource ? isBuildableSwift(quote) && namesPinnedSwift(quote) : quote.type === 'SWIFT' && quote.gasless !== true));
    if (!chosen) {
      throw new VenueRejection('route_not_served', `Mayan answered only routes Strait cannot verify (${body.quotes.map((quote) => `${quote.type}${quote.swiftVersion ? ` ${quote.swiftVersion}` : ''}`).join(', ')})`);
    }
    if (chosen.fromChain !== origin.name || chosen.toChain !== destination.name || chosen.toToken.contract.toLowerCase() !== mayanTokenId(request.toToken).toLowerCase()) {
      throw new VenueRejection('venue_bad_response', 'Mayan priced another corridor than the one asked', { path: '/quotes' });
    }
    return toMayanQuote(chosen, { amountIn: request.amountIn, toToken: request.toToken });
  }

  return {
    id: mayanVenue.id,
    supports(corridor): CoverageAnswer {
      const resolved = resolveCorridor(corridor);
      return 'served' in resolved ? resolved : { served: true };
    },
    coverage: () => ({
      origins: MAYAN_CHAINS.map((chain) => chain.key),
      tokenSymbols: (fromChain, toChain) => (fromChain !== toChain && mayanChain(fromChain) && mayanChain(toChain) ? tokensOn(toChain).map((token) => token.symbol) : []),
    }),

    quote: fetchSwiftQuote,

    async build({ request, quote }: VenueBuildRequest): Promise<StepsPlan> {
      const { origin, destination } = resolveOrThrow(request);
      if (origin.chainId === null) throw new VenueRejection('route_not_served', 'Mayan from Solana is quote-only: Strait builds no Solana transaction for it yet');
      const context = readMayanContext(quote.context);
      if (context.fromChain !== origin.name || context.toChain !== destination.name || context.toTokenContract.toLowerCase() !== mayanTokenId(request.toToken).toLowerCase()) {
        throw new VenueRejection('invalid_input', 'the stored Mayan quote was priced for another corridor');
      }
      const version = context.route === 'SWIFT_V2' ? 'V2' : 'V1';
      if (context.swiftContract.toLowerCase() !== pinnedSwift(version).toLowerCase()) {
        throw new VenueRejection('venue_bad_response', `Mayan named Swift ${version} contract ${context.swiftContract}, not the pinned ${pinnedSwift(version)}; refusing to build`, { path: '/swiftMayanContract' });
      }
      const tokenIn = mayanTokenId(request.fromToken);
      if (!isAddress(tokenIn, { strict: false }) || context.tokenIn.toLowerCase() !== tokenIn.toLowerCase() || BigInt(context.amountIn) !== quote.amountIn || (version === 'V2' && tokenIn.toLowerCase() === EVM_NATIVE)) {
        throw new VenueRejection('invalid_input', 'the stored Mayan quote locks another token or amount than the transfer');
      }
      const trader = orderAddress(request.sender, origin.wormholeId);
      const destAddr = orderAddress(request.recipient, destination.wormholeId);
      if (trader === null) throw new VenueRejection('invalid_input', `Mayan needs an EVM sender, got '${request.sender}'`, { field: 'sender' });
      if (destAddr === null) throw new VenueRejection('invalid_input', `Mayan needs a ${destination.key} recipient, got '${request.recipient}'`, { field: 'recipient' });
      const order = {
        trader,
        tokenOut: tokenOutOf(context, destination),
        minAmountOut: swiftOrderAmount(Number(context.minAmountOut), context.toTokenDecimals),
        gasDrop: swiftOrderAmount(Number(context.gasDrop), destination.chainId === null ? 9 : 18),
        cancelFee: BigInt(context.cancelFee),
        refundFee: BigInt(context.refundFee),
        deadline: BigInt(context.deadline),
        destAddr,
        destChainId: destination.wormholeId,
        // No referrer: swap-sdk puts the System Program id (32 zero bytes) there.
        referrerAddr: pad('0x', { size: 32 }),
        referrerBps: 0,
        auctionMode: context.auctionMode,
        random: orderRandom(context.quoteId),
      };
      const { data, value } = encodeSwiftForward({ version, tokenIn: tokenIn as Address, amountIn: quote.amountIn, order });
      const native = tokenIn.toLowerCase() === EVM_NATIVE;
      return {
        shape: 'steps',
        steps: [{ vm: 'evm', step: 'main', chainId: origin.chainId, to: MAYAN_FORWARDER, data, value }],
        approval: native ? null : { chainId: origin.chainId, token: tokenIn as Address, spender: MAYAN_FORWARDER, amount: quote.amountIn },
        amountOut: quote.amountOut,
        minAmountOut: quote.minAmountOut,
        context: {},
      };
    },

    async status(request: VenueStatusRequest, call): Promise<VenueStatus> {
      try {
        // The explorer indexes a source transaction within seconds; until then it answers 404.
        const body = await explorer.get(`/swap/trx/${encodeURIComponent(request.sourceTxHash)}`, { apiKey }, MayanSwapStatusSchema, call, { notFoundAs: null });
        if (body === null) return { state: 'pending', venueStatus: 'NOT_INDEXED', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'not indexed by Mayan yet' };
        return toMayanStatus(body, request.toToken);
      } catch (error) {
        if (error instanceof VenueHttpError && error.status < 500) throw new VenueRejection('venue_error', `Mayan explorer answered HTTP ${error.status}`, undefined, { cause: error });
        throw error;
      }
    },
  };
}

/** The order's `tokenOut`: the delivered token as 32 bytes, the System Program id (zeros) for a native EVM asset (swap-sdk `getSwiftToTokenHexString`). */
function tokenOutOf(context: MayanContext, destination: MayanChain): Hex {
  if (context.toTokenContract.toLowerCase() === EVM_NATIVE) return pad('0x', { size: 32 });
  const bytes = orderAddress(context.toTokenContract, destination.wormholeId);
  if (bytes === null) throw new VenueRejection('venue_bad_response', `Mayan priced a ${destination.key} token it cannot name in an order: '${context.toTokenContract}'`, { path: '/toToken/contract' });
  return bytes;
}

/** The order's nonce: Mayan's quote id (16 bytes) then 16 random bytes, or 32 random bytes without one (swap-sdk `createSwiftRandomKey`). */
function orderRandom(quoteId: string | undefined): Hex {
  const id = quoteId?.replace(/^0x/, '') ?? '';
  if (/^[0-9a-fA-F]{1,32}$/.test(id) && id.length % 2 === 0) return `0x${id.padStart(32, '0')}${bytesToHex(randomBytes(16)).slice(2)}`;
  return bytesToHex(randomBytes(32));
}

/** The stored quote context, validated once and read typed. */
export function readMayanContext(context: unknown): MayanContext {
  if (!Value.Check(MayanContextSchema, context)) {
    const first = Value.Errors(MayanContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `stored Mayan context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}
