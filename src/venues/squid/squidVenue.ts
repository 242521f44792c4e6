import { getAddress, isAddress, type Address, type Hex } from 'viem';
import { Value } from 'typebox/value';
import { tokensOn } from '../../domain/tokens.ts';
import type { ChainKey } from '../../domain/chains.ts';
import { VenueRejection, type CallContext, type CoverageAnswer, type Corridor, type StepsPlan, type Venue, type VenueQuote, type VenueQuoteRequest, type VenueStatus } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { withDestinationDelivery } from '../shared/destinationDelivery.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { SQUID_CHAINS, SQUID_NATIVE, squidChain, type SquidChain } from './squidChains.ts';
import { SQUID_ERROR_CODES, toSquidStatus, translateSquidError } from './squidMapping.ts';
import { SQUID_ROUTER_SELECTORS, gasRefundRecipientOf, whyNotSquidRouterCall } from './squidRouterCalls.ts';
import { SquidContextSchema, SquidErrorSchema, SquidRouteSchema, SquidStatusSchema, type SquidContext, type SquidRoute } from './squidSchemas.ts';

/** Squid publishes no quote lifetime; build asks for a fresh route anyway. */
const QUOTE_TTL_MS = 60_000;
/** Slippage in percent, Squid's unit (`1` = 1 %). */
const SLIPPAGE_PERCENT = 1;
/** Route types whose transaction calls Squid's router with `callBridge` / `callBridgeCall`. */
const ROUTER_ROUTE_TYPES = new Set(['CALL_BRIDGE', 'CALL_BRIDGE_CALL']);

/**
 * Squid Router (v2 API: `POST /v2/route`, `GET /v2/status`), an aggregator of DEXs and Axelar (GMP)
 * bridging. EVM to EVM only, through the router's `callBridge` / `callBridgeCall`, each built call
 * decoded and checked against the transfer at build and again at submit (squidRouterCalls.ts). Its
 * Coral/RFQ, CCTP, Chainflip deposit-address and Solana/Cosmos/Bitcoin answers are not built.
 *
 * Axelar's destination gas rides as native value beside the call. Strait's steps carry no value
 * beside an ERC-20 input, so an ERC-20 route that needs it is not offered; for a native input the
 * adapter asks Squid for `amountIn` minus that gas, so amount plus gas is what the user sends.
 */
export const squidVenue: VenueModule = {
  id: 'squid',
  // `collectFees` exists but Squid enables it per integrator id by hand; Strait's cuts stay fee steps.
  capabilities: { archetype: 'aggregator', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: ['INTEGRATOR_ID'],
  defaultBaseUrl: 'https://v2.api.squidrouter.com',
  contextSchema: SquidContextSchema,
  errorCodes: SQUID_ERROR_CODES,
  // The router of each chain, its two bridge entry points only, each call checked against the transfer.
  allowList: {
    calls: SQUID_CHAINS.map((chain) => ({ chainId: chain.chainId, to: chain.router, selectors: SQUID_ROUTER_SELECTORS, check: (data, value, intent) => whyNotSquidRouterCall(data, value, intent) })),
    transferRecipients: [],
  },
  headers(credentials): Record<string, string> {
    return credentials.INTEGRATOR_ID ? { 'x-integrator-id': credentials.INTEGRATOR_ID } : {};
  },
  // Squid sets a per-integrator limit by hand and publishes no figure; its 429s are honoured as they come.
  rateLimit: () => null,
  sandboxFake: async ({ settlement }) => {
    const fake = await (await import('./squidFake.ts')).startSquidFake({ settlement });
    // Squid asks every caller for an integrator id; the sandbox's is a placeholder its fake accepts.
    return Object.assign(fake, { env: { STRAIT_VENUE_SQUID_INTEGRATOR_ID: 'strait-sandbox' } });
  },
  create(deps) {
    return createSquidVenue(deps);
  },
};

interface Resolved {
  readonly from: SquidChain;
  readonly to: SquidChain;
  readonly fromToken: Address;
  readonly toToken: Address;
}

type NotServed = Extract<CoverageAnswer, { served: false }>;

function resolve(corridor: Corridor): Resolved | NotServed {
  const from = squidChain(corridor.fromChain);
  const to = squidChain(corridor.toChain);
  if (!from || !to) {
    return { served: false, code: 'route_not_served', message: `Squid is built for EVM chains with a known Squid router only (not ${!from ? corridor.fromChain : corridor.toChain})` };
  }
  return { from, to, fromToken: (corridor.fromToken.address ?? SQUID_NATIVE) as Address, toToken: (corridor.toToken.address ?? SQUID_NATIVE) as Address };
}

function resolveOrThrow(corridor: Corridor): Resolved {
  const resolved = resolve(corridor);
  if ('served' in resolved) throw new VenueRejection(resolved.code, resolved.message);
  return resolved;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

function createSquidVenue(deps: VenueDeps): Venue {
  async function fetchRoute(request: VenueQuoteRequest, resolved: Resolved, fromAmount: bigint, quoteOnly: boolean, call: CallContext): Promise<SquidRoute> {
    const body = {
      fromChain: String(resolved.from.chainId),
      toChain: String(resolved.to.chainId),
      fromToken: resolved.fromToken,
      toToken: resolved.toToken,
      fromAmount: fromAmount.toString(),
      fromAddress: evmAddress(request.sender, 'sender'),
      toAddress: evmAddress(request.recipient, 'recipient'),
      slippage: SLIPPAGE_PERCENT,
      quoteOnly,
    };
    try {
      return await deps.http.post('/v2/route', body, SquidRouteSchema, call);
    } catch (error) {
      if (!(error instanceof VenueHttpError)) throw error;
      throw translateSquidError(error, Value.Check(SquidErrorSchema, error.body) ? error.body : null);
    }
  }

  /**
   * The route Strait can carry for `request`, and the amount it asked Squid to bridge. A native input
   * pays Axelar's gas out of `amountIn`: a first look learns the gas, the route is then asked for the
   * rest. An ERC-20 input carries the gas beside the call as a declared native fee (StepsPlan.nativeFee),
   * which Strait bounds and states in the build.
   */
  async function carriedRoute(request: VenueQuoteRequest, resolved: Resolved, call: CallContext, sendAmount?: bigint): Promise<{ route: SquidRoute; sendAmount: bigint; nativeFee: bigint }> {
    const native = request.fromToken.address === null;
    let amount = sendAmount ?? request.amountIn;
    if (native && sendAmount === undefined) {
      const first = await fetchRoute(request, resolved, amount, true, call);
      const gas = nativeFeeOf(first, resolved.from);
      if (gas >= amount) throw new VenueRejection('below_min', `Squid's gas of ${gas} leaves nothing of ${amount} to bridge`, { minAmountAtomic: (gas + 1n).toString() });
      amount -= gas;
    }
    const route = await fetchRoute(request, resolved, amount, false, call);
    refuseOtherTransfer(route, resolved, amount);
    const nativeFee = nativeFeeOf(route, resolved.from);
    if (nativeFee > 0n && native && amount + nativeFee > request.amountIn) {
      throw new VenueRejection('no_liquidity', `Squid's route needs ${nativeFee} native units of gas beside ${amount} sent of ${request.amountIn}, more than the input`, { nativeFeeAtomic: nativeFee.toString() });
    }
    refuseUncheckable(route, resolved);
    return { route, sendAmount: amount, nativeFee };
  }

  return {
    id: squidVenue.id,
    supports: (corridor) => {
      const resolved = resolve(corridor);
      return 'served' in resolved ? resolved : { served: true };
    },
    coverage: () => ({
      origins: SQUID_CHAINS.map((chain) => chain.key),
      tokenSymbols(fromChain: ChainKey, toChain: ChainKey) {
        if (!squidChain(fromChain) || !squidChain(toChain)) return [];
        const there = new Set(tokensOn(toChain).map((token) => token.symbol));
        return tokensOn(fromChain).flatMap((token) => (there.has(token.symbol) ? [token.symbol] : []));
      },
    }),

    async quote(request, call): Promise<VenueQuote> {
      const resolved = resolveOrThrow(request);
      const { route, sendAmount } = await carriedRoute(request, resolved, call);
      const { estimate } = route.route;
      const context: SquidContext = {
        fromChainId: resolved.from.chainId,
        toChainId: resolved.to.chainId,
        fromToken: resolved.fromToken,
        toToken: resolved.toToken,
        toAmount: estimate.toAmount,
        toAmountMin: estimate.toAmountMin,
        ...(sendAmount !== request.amountIn ? { sendAmount: sendAmount.toString() } : {}),
        ...idsOf(route),
      };
      return {
        amountIn: request.amountIn,
        // Squid's toAmount is what arrives after every swap, bridge and Squid fee taken in the token.
        amountOut: BigInt(estimate.toAmount),
        minAmountOut: BigInt(estimate.toAmountMin),
        estimatedSeconds: durationOf(estimate.estimatedRouteDuration),
        expiresAt: deps.now() + QUOTE_TTL_MS,
        context,
      };
    },

    async build({ request, quote }, call): Promise<StepsPlan> {
      const resolved = resolveOrThrow(request);
      const stored = readContext(quote.context);
      if (stored.fromChainId !== resolved.from.chainId || stored.toChainId !== resolved.to.chainId || !same(stored.fromToken, resolved.fromToken) || !same(stored.toToken, resolved.toToken)) {
        throw new VenueRejection('invalid_input', 'the stored Squid quote was priced for another corridor');
      }
      // Fresh calldata for exactly this request, bridging what the quote bridged.
      const sendAmount = stored.sendAmount === undefined ? request.amountIn : BigInt(stored.sendAmount);
      const { route, nativeFee } = await carriedRoute(request, resolved, call, sendAmount);
      const tx = route.route.transactionRequest;
      if (!tx?.target || !tx.data) throw unsafe('Squid answered the route without a transaction request');
      const router = resolved.from.router;
      if (!same(tx.target, router)) throw unsafe(`Squid's transaction calls ${tx.target}, not its router ${router} on ${resolved.from.key}`);
      const data = hexData(tx.data);
      const value = quantity(tx.value ?? '0');
      const native = request.fromToken.address === null;
      if (value !== (native ? sendAmount : 0n) + nativeFee) throw unsafe(`Squid's transaction sends ${value} native units, not the ${native ? `${sendAmount} bridged plus ` : ''}${nativeFee} of gas it quoted`);
      const why = whyNotSquidRouterCall(
        data,
        value,
        { sourceChainId: resolved.from.chainId, sourceToken: request.fromToken.address, amount: request.amountIn, recipient: request.recipient, destinationChainId: resolved.to.chainId },
        { destinationToken: request.toToken.address },
      );
      if (why !== null) throw unsafe(`Squid's transaction ${why}`);
      const refund = gasRefundRecipientOf(data);
      if (refund !== null && !same(refund, request.sender) && !same(refund, request.recipient)) throw unsafe(`Squid's transaction refunds unused gas to ${refund}, neither the sender nor the recipient`);
      const chainId = resolved.from.chainId;
      const { estimate } = route.route;
      return {
        shape: 'steps',
        // The pinned router, not Squid's spelling of it, is what the wallet signs.
        steps: [{ vm: 'evm', step: 'main', chainId, to: getAddress(router), data, value }],
        approval: native ? null : { chainId, token: resolved.fromToken, spender: getAddress(router), amount: request.amountIn },
        amountOut: BigInt(estimate.toAmount),
        minAmountOut: BigInt(estimate.toAmountMin),
        context: { router: getAddress(router), toAmount: estimate.toAmount, toAmountMin: estimate.toAmountMin, ...idsOf(route) },
        // Axelar's gas beside an ERC-20 input; a native input pays it out of the amount.
        ...(!native && nativeFee > 0n ? { nativeFee } : {}),
      };
    },

    async status(request, call): Promise<VenueStatus> {
      const context = readContext(request.context);
      const query = {
        transactionId: request.sourceTxHash,
        fromChainId: String(context.fromChainId),
        toChainId: String(context.toChainId),
        ...(context.requestId ? { requestId: context.requestId } : {}),
        ...(context.quoteId ? { quoteId: context.quoteId } : {}),
      };
      try {
        // Squid answers 404 for a transaction it has not indexed yet (its SDK examples retry on it).
        const body = await deps.http.get('/v2/status', query, SquidStatusSchema, call, { notFoundAs: null });
        if (body === null) return { state: 'pending', venueStatus: 'not_found', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'not indexed by Squid yet' };
        const status = toSquidStatus(body, context.toChainId, request.toToken.address ?? SQUID_NATIVE);
        // Squid names no amount: a success pays the requested token, a partial success the bridged one (found in the logs).
        return await withDestinationDelivery(status, status.destinationTxHash === null ? null : deps.evm(request.toChain), request.recipient, request.toToken.address);
      } catch (error) {
        if (error instanceof VenueHttpError) throw translateSquidError(error, Value.Check(SquidErrorSchema, error.body) ? error.body : null);
        throw error;
      }
    },
  };
}

/** Axelar's gas and boost fees, paid in the source chain's native asset beside the call. */
function nativeFeeOf(route: SquidRoute, from: SquidChain): bigint {
  return (route.route.estimate.feeCosts ?? [])
    .filter((fee) => same(fee.token.address, SQUID_NATIVE) && (fee.token.chainId === undefined || String(fee.token.chainId) === String(from.chainId)))
    .reduce((sum, fee) => sum + BigInt(fee.amount), 0n);
}

/** An answer for another transfer than the one asked (chains, tokens, amount) is impossible, never priced. */
function refuseOtherTransfer(route: SquidRoute, resolved: Resolved, amount: bigint): void {
  const { estimate, params } = route.route;
  const problems: string[] = [];
  const chainOf = (token: { chainId?: string | number | undefined }): string | undefined => (token.chainId === undefined ? undefined : String(token.chainId));
  if ((chainOf(estimate.fromToken) ?? String(resolved.from.chainId)) !== String(resolved.from.chainId) || (chainOf(estimate.toToken) ?? String(resolved.to.chainId)) !== String(resolved.to.chainId)) {
    problems.push(`chains ${chainOf(estimate.fromToken)} → ${chainOf(estimate.toToken)}`);
  }
  if (!same(estimate.fromToken.address, resolved.fromToken) || !same(estimate.toToken.address, resolved.toToken)) problems.push(`tokens ${estimate.fromToken.address} → ${estimate.toToken.address}`);
  if (BigInt(estimate.fromAmount) !== amount) problems.push(`amount ${estimate.fromAmount}`);
  if (params?.toChain !== undefined && params.toChain !== String(resolved.to.chainId)) problems.push(`destination chain ${params.toChain}`);
  if (BigInt(estimate.toAmountMin) > BigInt(estimate.toAmount)) problems.push(`a minimum ${estimate.toAmountMin} above its estimate ${estimate.toAmount}`);
  if (problems.length > 0) throw new VenueRejection('venue_bad_response', `Squid priced another transfer than the one asked: ${problems.join(', ')}`, { path: '/route/estimate' });
}

/**
 * A route whose transaction is not a call of the chain's router through `callBridge`/`callBridgeCall`
 * (Coral/RFQ, CCTP, a deposit address, a signature flow) is not offered: Strait could not check it.
 */
function refuseUncheckable(route: SquidRoute, resolved: Resolved): void {
  const tx = route.route.transactionRequest;
  if (!tx) return;
  if (tx.type !== undefined && tx.type !== 'ON_CHAIN_EXECUTION') {
    throw new VenueRejection('no_liquidity', `Squid's route executes as ${tx.type}, which Strait cannot verify`, { venueRouteType: tx.type });
  }
  if (tx.routeType !== undefined && !ROUTER_ROUTE_TYPES.has(tx.routeType)) {
    throw new VenueRejection('no_liquidity', `Squid's route is a ${tx.routeType} route, which Strait cannot verify`, { venueRouteType: tx.routeType });
  }
  if (tx.target !== undefined && !same(tx.target, resolved.from.router)) {
    throw new VenueRejection('no_liquidity', `Squid's route calls ${tx.target}, not its router, which Strait cannot verify`, { venueRouteType: tx.routeType ?? 'unknown' });
  }
}

function idsOf(route: SquidRoute): Partial<SquidContext> {
  const tx = route.route.transactionRequest;
  return {
    ...(route.route.quoteId ? { quoteId: route.route.quoteId } : {}),
    ...(tx?.requestId ? { requestId: tx.requestId } : {}),
    ...(tx?.routeType ? { routeType: tx.routeType } : {}),
  };
}

function durationOf(value: number | string | undefined): number | null {
  if (value === undefined) return null;
  const seconds = Math.round(Number(value));
  return Number.isFinite(seconds) ? seconds : null;
}

function hexData(data: string): Hex {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(data)) throw unsafe(`Squid's transaction data is not hex calldata ('${data.slice(0, 16)}')`);
  return data as Hex;
}

function quantity(value: string): bigint {
  if (!/^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(value)) throw unsafe(`Squid's transaction value '${value.slice(0, 20)}' is not a quantity`);
  return BigInt(value);
}

function unsafe(message: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path: '/route/transactionRequest' });
}

function evmAddress(value: string, field: string): Address {
  if (!isAddress(value, { strict: false })) throw new VenueRejection('invalid_input', `Squid needs an EVM ${field}, got '${value}'`, { field });
  return value;
}

/** The stored quote (and build) context, validated once and read typed. */
function readContext(context: unknown): SquidContext {
  if (!Value.Check(SquidContextSchema, context)) {
    const first = Value.Errors(SquidContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `stored Squid context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}
