import { getAddress, isAddress, type Address, type Hex } from 'viem';
import { Value } from 'typebox/value';
import type { ChainKey } from '../../domain/chains.ts';
import { tokensOn } from '../../domain/tokens.ts';
import { VenueRejection, type CallContext, type CoverageAnswer, type Corridor, type StepsPlan, type Venue, type VenueQuote, type VenueQuoteRequest, type VenueStatus } from '../Venue.ts';
import { withDestinationDelivery } from '../shared/destinationDelivery.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { decodeXyBridgeCall, whyNotXyBridgeCall, XY_BRIDGE_SELECTORS } from './xyfinanceBridgeCalls.ts';
import { XY_CHAINS, XY_NATIVE, xyChain, type XyChain } from './xyfinanceChains.ts';
import { toXyStatus, translateXyError, XY_ERROR_CODES } from './xyfinanceMapping.ts';
import { XyBuildAnswerSchema, XyContextSchema, XyQuoteAnswerSchema, XyStatusAnswerSchema, type XyContext, type XyRoute } from './xyfinanceSchemas.ts';

/** XY publishes no quote lifetime; build asks for fresh calldata anyway. */
const QUOTE_TTL_MS = 60_000;
/** XY's slippage is a percent (`1` = 1 %), the value of every example in its docs. */
const SLIPPAGE_PERCENT = 1;
/** The one bridge provider whose calldata Strait can read (xyfinanceBridgeCalls.ts). */
const YBRIDGE = 'yBridge';

/**
 * XY Finance (an aggregator of bridges and DEXs) through `GET /v1/quote`, `GET /v1/buildTx` and
 * `GET /v1/crossChainStatus`, EXACT_IN, EVM to EVM. Only routes over XY's own yBridge are asked for
 * (`bridgeProviders=yBridge`) and built: their transaction calls the chain's pinned YBridge, whose
 * `swapWithReferrer` calldata is decoded and must pay the requested recipient on the requested chain
 * with the amount sent (xyfinanceBridgeCalls.ts), at build and again at submit. XY's other providers
 * go through the XY Router, whose bridge payload Strait cannot read; they are not offered.
 */
export const xyfinanceVenue: VenueModule = {
  id: 'xyfinance',
  // XY's `commissionRate` is collected by its XY Router, which Strait never calls: no venue-side fee.
  capabilities: { archetype: 'aggregator', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  defaultBaseUrl: 'https://aggregator-api.xy.finance/v1',
  contextSchema: XyContextSchema,
  errorCodes: XY_ERROR_CODES,
  // XY publishes no request budget for its keyless API; its 429s are honoured as they come.
  rateLimit: () => null,
  allowList: {
    calls: XY_CHAINS.map((chain) => ({ chainId: chain.chainId, to: chain.yBridge, selectors: XY_BRIDGE_SELECTORS, check: whyNotXyBridgeCall })),
    transferRecipients: [],
  },
  create(deps) {
    return createXyFinanceVenue(deps);
  },
};

interface Resolved {
  readonly from: XyChain;
  readonly to: XyChain;
  readonly fromToken: Address;
  readonly toToken: Address;
}

type NotServed = Extract<CoverageAnswer, { served: false }>;

function resolve(corridor: Corridor): Resolved | NotServed {
  const from = xyChain(corridor.fromChain);
  const to = xyChain(corridor.toChain);
  if (!from || !to) return { served: false, code: 'route_not_served', message: `XY Finance is built for EVM chains with a pinned YBridge only (not ${!from ? corridor.fromChain : corridor.toChain})` };
  return { from, to, fromToken: (corridor.fromToken.address ?? XY_NATIVE) as Address, toToken: (corridor.toToken.address ?? XY_NATIVE) as Address };
}

function resolveOrThrow(corridor: Corridor): Resolved {
  const resolved = resolve(corridor);
  if ('served' in resolved) throw new VenueRejection(resolved.code, resolved.message);
  return resolved;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

function createXyFinanceVenue(deps: VenueDeps): Venue {
  // Attribution only (XY's `affiliate`); without `commissionRate` XY takes nothing for it.
  const affiliate = deps.credentials.AFFILIATE && isAddress(deps.credentials.AFFILIATE, { strict: false }) ? deps.credentials.AFFILIATE : undefined;

  const baseQuery = (request: VenueQuoteRequest, resolved: Resolved) => ({
    srcChainId: resolved.from.chainId,
    srcQuoteTokenAddress: resolved.fromToken,
    srcQuoteTokenAmount: request.amountIn.toString(),
    dstChainId: resolved.to.chainId,
    dstQuoteTokenAddress: resolved.toToken,
    slippage: SLIPPAGE_PERCENT,
    ...(affiliate ? { affiliate } : {}),
  });

  async function bestRoute(request: VenueQuoteRequest, resolved: Resolved, call: CallContext): Promise<XyRoute> {
    const body = await deps.http.get('/quote', { ...baseQuery(request, resolved), bridgeProviders: YBRIDGE }, XyQuoteAnswerSchema, call);
    if (!body.success) throw translateXyError(body, request.fromToken);
    const routes = body.routes ?? [];
    for (const route of routes) refuseOtherTransfer(route, request, resolved, '/routes');
    const usable = routes.filter((route) => isYBridgeRoute(route, resolved.from));
    if (usable.length === 0) {
      throw new VenueRejection('no_liquidity', routes.length === 0 ? 'XY Finance has no route for this transfer' : 'XY Finance offered only routes through contracts Strait cannot verify (not its YBridge)', { routes: routes.length });
    }
    return usable.reduce((best, route) => (BigInt(route.dstQuoteTokenAmount) > BigInt(best.dstQuoteTokenAmount) ? route : best));
  }

  return {
    id: xyfinanceVenue.id,
    supports(corridor) {
      const resolved = resolve(corridor);
      return 'served' in resolved ? resolved : { served: true };
    },
    coverage: () => ({ origins: XY_CHAINS.map((chain) => chain.key), tokenSymbols }),

    async quote(request, call): Promise<VenueQuote> {
      const resolved = resolveOrThrow(request);
      const route = await bestRoute(request, resolved, call);
      const bridge = route.bridgeDescription!;
      const context: XyContext = {
        srcChainId: resolved.from.chainId,
        dstChainId: resolved.to.chainId,
        srcToken: resolved.fromToken,
        dstToken: resolved.toToken,
        bridgeProvider: bridge.provider,
        srcBridgeTokenAddress: bridge.srcBridgeTokenAddress,
        dstBridgeTokenAddress: bridge.dstBridgeTokenAddress,
        ...(route.srcSwapDescription ? { srcSwapProvider: route.srcSwapDescription.provider } : {}),
        ...(route.dstSwapDescription ? { dstSwapProvider: route.dstSwapDescription.provider } : {}),
        dstQuoteTokenAmount: route.dstQuoteTokenAmount,
        minReceiveAmount: route.minReceiveAmount,
      };
      return {
        amountIn: request.amountIn,
        // Net already: XY deducts the bridge fee (and any affiliate fee) before its destination amount.
        amountOut: BigInt(route.dstQuoteTokenAmount),
        minAmountOut: BigInt(route.minReceiveAmount),
        estimatedSeconds: route.estimatedTransferTime === undefined ? null : Math.round(route.estimatedTransferTime),
        expiresAt: deps.now() + QUOTE_TTL_MS,
        context,
      };
    },

    async build({ request, quote }, call): Promise<StepsPlan> {
      const resolved = resolveOrThrow(request);
      const stored = readContext(quote.context);
      if (stored.srcChainId !== resolved.from.chainId || stored.dstChainId !== resolved.to.chainId || !same(stored.srcToken, resolved.fromToken) || !same(stored.dstToken, resolved.toToken)) {
        throw new VenueRejection('invalid_input', 'the stored XY Finance quote was priced for another corridor');
      }
      const query = {
        ...baseQuery(request, resolved),
        receiver: evmAddress(request.recipient),
        bridgeProvider: stored.bridgeProvider,
        srcBridgeTokenAddress: stored.srcBridgeTokenAddress,
        dstBridgeTokenAddress: stored.dstBridgeTokenAddress,
        ...(stored.srcSwapProvider ? { srcSwapProvider: stored.srcSwapProvider } : {}),
        ...(stored.dstSwapProvider ? { dstSwapProvider: stored.dstSwapProvider } : {}),
      };
      const body = await deps.http.get('/buildTx', query, XyBuildAnswerSchema, call);
      if (!body.success) throw translateXyError(body, request.fromToken);
      const tx = body.tx;
      if (!tx) throw unsafe('XY Finance answered the build without a transaction');
      const yBridge = resolved.from.yBridge;
      if (!same(tx.to, yBridge)) throw unsafe(`XY Finance's transaction calls ${tx.to}, not the YBridge ${yBridge} on ${resolved.from.key}`);
      if (body.route) {
        refuseOtherTransfer(body.route, request, resolved, '/route');
        if (!isYBridgeRoute(body.route, resolved.from)) throw unsafe('XY Finance built another route than its yBridge one');
      }
      const data = hexData(tx.data);
      const value = quantity(tx.value ?? '0');
      const intent = { sourceChainId: resolved.from.chainId, sourceToken: request.fromToken.address, amount: request.amountIn, recipient: request.recipient, destinationChainId: resolved.to.chainId };
      const why = whyNotXyBridgeCall(data, value, intent);
      if (why !== null) throw unsafe(`XY Finance's transaction ${why}`);
      const decoded = decodeXyBridgeCall(data);
      if (typeof decoded !== 'string' && !same(decoded.dstChainToken, resolved.toToken)) {
        throw unsafe(`XY Finance's transaction delivers ${decoded.dstChainToken}, not the requested ${resolved.toToken}`);
      }
      const amountOut = body.route?.dstQuoteTokenAmount ?? stored.dstQuoteTokenAmount;
      const minAmountOut = body.route?.minReceiveAmount ?? stored.minReceiveAmount;
      const isNative = request.fromToken.address === null;
      return {
        shape: 'steps',
        // The pinned YBridge, not XY's spelling of it, is what the wallet signs.
        steps: [{ vm: 'evm', step: 'main', chainId: resolved.from.chainId, to: yBridge, data, value }],
        approval: isNative ? null : { chainId: resolved.from.chainId, token: getAddress(resolved.fromToken), spender: yBridge, amount: request.amountIn },
        amountOut: BigInt(amountOut),
        minAmountOut: BigInt(minAmountOut),
        context: { yBridge, dstQuoteTokenAmount: amountOut, minReceiveAmount: minAmountOut },
      };
    },

    async status(request, call): Promise<VenueStatus> {
      const context = readContext(request.context);
      const body = await deps.http.get('/crossChainStatus', { srcChainId: context.srcChainId, srcTxHash: request.sourceTxHash }, XyStatusAnswerSchema, call, { notFoundAs: null });
      if (body === null) return { state: 'pending', venueStatus: 'Not found', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'not indexed by XY Finance yet' };
      const status = toXyStatus(body, request.toToken, context.dstBridgeTokenAddress);
      // XY names no amount: it is read from the destination's logs (in the bridge token on a partial delivery).
      return await withDestinationDelivery(status, status.destinationTxHash === null ? null : deps.evm(request.toChain), request.recipient, request.toToken.address);
    },
  };
}

function tokenSymbols(fromChain: ChainKey, toChain: ChainKey): readonly string[] {
  if (!xyChain(fromChain) || !xyChain(toChain)) return [];
  const there = new Set(tokensOn(toChain).map((token) => token.symbol));
  return tokensOn(fromChain).flatMap((token) => (there.has(token.symbol) ? [token.symbol] : []));
}

/** A yBridge route whose transaction calls the chain's pinned YBridge: the only kind Strait builds. */
function isYBridgeRoute(route: XyRoute, from: XyChain): boolean {
  return route.bridgeDescription?.provider.toLowerCase() === YBRIDGE.toLowerCase() && same(route.contractAddress, from.yBridge);
}

/** A route for another transfer than the one asked (chains, tokens, amount) is impossible, never priced. */
function refuseOtherTransfer(route: XyRoute, request: VenueQuoteRequest, resolved: Resolved, path: string): void {
  const problems: string[] = [];
  if (route.srcChainId !== resolved.from.chainId || route.dstChainId !== resolved.to.chainId) problems.push(`chains ${route.srcChainId} → ${route.dstChainId}`);
  if (!same(route.srcQuoteTokenAddress, resolved.fromToken) || !same(route.dstQuoteTokenAddress, resolved.toToken)) problems.push(`tokens ${route.srcQuoteTokenAddress} → ${route.dstQuoteTokenAddress}`);
  if (BigInt(route.srcQuoteTokenAmount) !== request.amountIn) problems.push(`amount ${route.srcQuoteTokenAmount}`);
  if (BigInt(route.minReceiveAmount) > BigInt(route.dstQuoteTokenAmount)) problems.push(`a minimum ${route.minReceiveAmount} above its estimate ${route.dstQuoteTokenAmount}`);
  if (problems.length > 0) throw new VenueRejection('venue_bad_response', `XY Finance priced another transfer than the one asked: ${problems.join(', ')}`, { path });
}

function hexData(data: string): Hex {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(data)) throw unsafe(`XY Finance's transaction data is not hex calldata ('${data.slice(0, 16)}')`);
  return data as Hex;
}

function quantity(value: string | number): bigint {
  const text = String(value);
  if (!/^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(text)) throw unsafe(`XY Finance's transaction value '${text.slice(0, 20)}' is not a quantity`);
  return BigInt(text);
}

function unsafe(message: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path: '/tx' });
}

function evmAddress(value: string): Address {
  if (!isAddress(value, { strict: false })) throw new VenueRejection('invalid_input', `XY Finance needs an EVM recipient, got '${value}'`, { field: 'recipient' });
  return value;
}

/** The stored quote (and build) context, validated once and read typed. */
function readContext(context: unknown): XyContext {
  if (!Value.Check(XyContextSchema, context)) {
    const first = Value.Errors(XyContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `stored XY Finance context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}
