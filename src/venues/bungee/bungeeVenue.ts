import { getAddress, isAddress, parseAbi, type Address, type Hex } from 'viem';
import { Value } from 'typebox/value';
import { VenueRejection, type CallContext, type CoverageAnswer, type Corridor, type StepsPlan, type Venue, type VenueQuote, type VenueQuoteRequest, type VenueStatus } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { BUNGEE_CHAINS, BUNGEE_NATIVE, bungeeChain, type BungeeChain } from './bungeeChains.ts';
import { readBungeeGatewayCall, whyNotBungeeGatewayCall, type BungeeGatewayCall } from './bungeeGatewayCalls.ts';
import { BUNGEE_ERROR_CODES, toBungeeStatus, translateBungeeError } from './bungeeMapping.ts';
import {
  BungeeBuildTxSchema,
  BungeeContextSchema,
  BungeeErrorSchema,
  BungeeQuoteSchema,
  BungeeStatusSchema,
  type BungeeBuildTx,
  type BungeeContext,
  type BungeeFailed,
  type BungeeManualRoute,
  type BungeeQuote,
  type BungeeStatus,
} from './bungeeSchemas.ts';

/** Percent, as Bungee takes it ("0.5" = 0.5 %). */
const SLIPPAGE_PERCENT = '0.5';
/** The Manual bridges whose SocketGateway calls Strait decodes (bungeeGatewayCalls.ts); others are not asked for. */
const READABLE_BRIDGES = 'across,cctp-v2,cctp-v2-fast';
/** Bungee's public endpoint allows 20 requests a minute per IP (docs.bungee.exchange "API Reference"). */
const PUBLIC_BUDGET = { requests: 20, perMs: 60_000 } as const;
/** SocketGateway's `getRoute(uint32) returns (address)` (bungee-contracts-public `src/SocketGateway.sol`). */
const GET_ROUTE_ABI = parseAbi(['function getRoute(uint32 routeId) view returns (address)']);
/** A 404 from `/status` means the same as an empty list: not indexed yet. */
const NOT_INDEXED: BungeeStatus = { success: true, result: [] };
/** Used when a Manual route names no expiry; Bungee's quote ids live about a minute. */
const FALLBACK_TTL_MS = 60_000;

/**
 * Bungee (formerly Socket) through `GET /api/v1/bungee/quote` (EXACT_IN), `GET /build-tx` and
 * `GET /status`. Only Manual routes are priced and built: classic bridge calls (Across, Circle CCTP
 * v2) through SocketGateway, which Strait decodes and checks against the transfer at build and again
 * at submit. Bungee Auto routes are solver intents signed with Permit2 (or an Inbox transaction)
 * that Strait cannot verify yet: a quote that offers only those is refused with that reason. Source
 * swaps are switched off (`disableSwapping`), since a swap leg's calldata pays a DEX, not the user.
 *
 * Strait's integrator fee is not sent (`feeBps` would be taken from the output and paid by Bungee to
 * a taker address Bungee whitelists per affiliate, which Strait cannot check in the calldata); its
 * cuts stay fee steps (`feeCapture: 'none'`).
 */
export const bungeeVenue: VenueModule = {
  id: 'bungee',
  capabilities: { archetype: 'aggregator', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  // The public endpoint answers without a key (20 requests a minute); a key lifts the limit on the
  // dedicated host, which STRAIT_VENUE_BUNGEE_BASE_URL must then name.
  requiredCredentials: [],
  defaultBaseUrl: 'https://public-backend.bungee.exchange',
  contextSchema: BungeeContextSchema,
  errorCodes: BUNGEE_ERROR_CODES,
  rateLimit: (credentials) => (credentials.API_KEY ? null : PUBLIC_BUDGET),
  // SocketGateway's calldata starts with a route id, not a function selector, so the selector list
  // cannot name what is allowed: the check decodes the route call and refuses any it cannot read.
  allowList: {
    calls: BUNGEE_CHAINS.map((chain) => ({ chainId: chain.chainId, to: chain.gateway, selectors: 'any' as const, check: whyNotBungeeGatewayCall })),
    transferRecipients: [],
  },
  headers(credentials): Record<string, string> {
    return { ...(credentials.API_KEY ? { 'x-api-key': credentials.API_KEY } : {}), ...(credentials.AFFILIATE ? { affiliate: credentials.AFFILIATE } : {}) };
  },
  // No sandboxFake: the sandbox chains have no SocketGateway, so a built call could not settle there.
  create(deps) {
    return createBungeeVenue(deps);
  },
};

interface Resolved {
  readonly from: BungeeChain;
  readonly to: BungeeChain;
  /** Bungee's spelling of the tokens (the native asset as 0xeeee…). */
  readonly fromToken: Address;
  readonly toToken: Address;
}

type NotServed = Extract<CoverageAnswer, { served: false }>;

function resolve(corridor: Corridor): Resolved | NotServed {
  const from = bungeeChain(corridor.fromChain);
  const to = bungeeChain(corridor.toChain);
  if (!from || !to) {
    return { served: false, code: 'route_not_served', message: `Bungee's Manual routes run through SocketGateway on EVM chains with a known deployment only (not ${!from ? corridor.fromChain : corridor.toChain})` };
  }
  return { from, to, fromToken: (corridor.fromToken.address ?? BUNGEE_NATIVE) as Address, toToken: (corridor.toToken.address ?? BUNGEE_NATIVE) as Address };
}

function resolveOrThrow(corridor: Corridor): Resolved {
  const resolved = resolve(corridor);
  if ('served' in resolved) throw new VenueRejection(resolved.code, resolved.message);
  return resolved;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

function createBungeeVenue(deps: VenueDeps): Venue {
  async function call<T>(run: () => Promise<T | BungeeFailed>): Promise<T> {
    let body: T | BungeeFailed;
    try {
      body = await run();
    } catch (error) {
      if (!(error instanceof VenueHttpError)) throw error;
      const failed = Value.Check(BungeeErrorSchema, error.body) ? (error.body as BungeeFailed) : null;
      throw translateBungeeError(error.status, failed?.statusCode, failed?.message) ?? error;
    }
    if ((body as { success: boolean }).success === false) {
      // `success: false` on an HTTP 200: the body's statusCode decides; a 5xx there is the venue's fault.
      const failed = body as BungeeFailed;
      throw translateBungeeError(200, failed.statusCode, failed.message) ?? new VenueHttpError(bungeeVenue.id, failed.statusCode ?? 502, failed);
    }
    return body as T;
  }

  async function fetchQuote(request: VenueQuoteRequest, resolved: Resolved, ctx: CallContext): Promise<{ body: BungeeQuote; route: BungeeManualRoute }> {
    const query = {
      userAddress: evmAddress(request.sender, 'sender'),
      receiverAddress: evmAddress(request.recipient, 'recipient'),
      originChainId: resolved.from.chainId,
      destinationChainId: resolved.to.chainId,
      inputToken: resolved.fromToken,
      outputToken: resolved.toToken,
      inputAmount: request.amountIn.toString(),
      slippage: SLIPPAGE_PERCENT,
      enableManual: true,
      disableSwapping: true,
      includeBridges: READABLE_BRIDGES,
    };
    const body = await call<BungeeQuote>(() => deps.http.get('/api/v1/bungee/quote', query, BungeeQuoteSchema, ctx));
    refuseOtherTransfer(body, request, resolved);
    const routes = body.result.manualRoutes ?? [];
    if (routes.length === 0) {
      const onlyAuto = body.result.autoRoute ? `only a Bungee Auto route (${body.result.autoRoute.userOp === 'sign' ? 'a Permit2 signature' : 'an Inbox request'} for a solver), which Strait cannot build or verify yet` : 'no route';
      throw new VenueRejection('no_liquidity', `Bungee offers ${onlyAuto}`, { autoRoute: Boolean(body.result.autoRoute) });
    }
    for (const route of routes) {
      if (!same(route.output.token.address, resolved.toToken)) throw new VenueRejection('venue_bad_response', `Bungee priced a route delivering ${route.output.token.address}, not ${resolved.toToken}`, { path: '/result/manualRoutes' });
      if (BigInt(route.output.minAmountOut) > BigInt(route.output.amount)) throw new VenueRejection('venue_bad_response', `Bungee's route ${route.quoteId} has a minimum above its estimate`, { path: '/result/manualRoutes' });
    }
    const best = routes.reduce((a, b) => (BigInt(b.output.amount) > BigInt(a.output.amount) ? b : a));
    return { body, route: best };
  }

  async function buildTx(quoteId: string, ctx: CallContext): Promise<BungeeBuildTx> {
    return call<BungeeBuildTx>(() => deps.http.get('/api/v1/bungee/build-tx', { quoteId }, BungeeBuildTxSchema, ctx));
  }

  /**
   * Where the gateway sends this route id, read on chain when an RPC of the source chain is
   * configured: it must be a published implementation of the decoded call's bridge
   * (bungeeChains.ts), or nothing is built. `null` when no RPC is configured (not checked).
   */
  async function routeImplementation(chain: BungeeChain, call: BungeeGatewayCall): Promise<Address | null> {
    const client = deps.evm(chain.key);
    if (!client) return null;
    let found: Address;
    try {
      found = await client.readContract({ address: chain.gateway, abi: GET_ROUTE_ABI, functionName: 'getRoute', args: [call.routeId] });
    } catch (error) {
      throw new VenueRejection('venue_error', `could not read SocketGateway route ${call.routeId} on ${chain.key}: ${(error as Error).message}`, { routeId: call.routeId });
    }
    if (!chain.routes[call.family].some((known) => same(known, found))) throw unsafe(`Bungee's transaction uses route ${call.routeId}, which SocketGateway sends to ${found}, not a published ${call.family} implementation on ${chain.key}`);
    return getAddress(found);
  }

  function contextOf(resolved: Resolved, route: BungeeManualRoute): BungeeContext {
    return {
      fromChainId: resolved.from.chainId,
      toChainId: resolved.to.chainId,
      fromToken: resolved.fromToken,
      toToken: resolved.toToken,
      quoteId: route.quoteId,
      ...(typeof route.quoteExpiry === 'number' ? { quoteExpiry: route.quoteExpiry } : {}),
      ...(route.routeDetails?.name ? { routeName: route.routeDetails.name } : {}),
      amountOut: route.output.amount,
      minAmountOut: route.output.minAmountOut,
    };
  }

  return {
    id: bungeeVenue.id,
    supports: (corridor) => {
      const resolved = resolve(corridor);
      if ('served' in resolved) return resolved;
      // Source swaps are off, so a Manual route moves one asset; asking for another finds nothing and
      // would spend the public endpoint's small budget.
      if (corridor.fromToken.symbol.toUpperCase() !== corridor.toToken.symbol.toUpperCase()) {
        return { served: false, code: 'token_not_supported', message: `Bungee's bridge-only routes move one asset (${corridor.fromToken.symbol} → ${corridor.toToken.symbol} needs a swap Strait does not build)` };
      }
      return { served: true };
    },
    coverage: () => ({
      origins: BUNGEE_CHAINS.map((chain) => chain.key),
      // Bridge-only routes: the same asset on both sides; Bungee's live lists decide per pair.
      tokenSymbols: (fromChain, toChain) => (fromChain !== toChain && bungeeChain(fromChain) && bungeeChain(toChain) ? ['USDC', 'USDT', 'WETH', 'ETH'] : []),
    }),

    async quote(request, ctx): Promise<VenueQuote> {
      const resolved = resolveOrThrow(request);
      const { route } = await fetchQuote(request, resolved, ctx);
      return {
        amountIn: request.amountIn,
        // `output.amount` is already net of the route's fee (taken from the input on the source chain);
        // gas is paid by the sender beside the amount, and no integrator fee is asked for.
        amountOut: BigInt(route.output.amount),
        minAmountOut: BigInt(route.output.minAmountOut),
        estimatedSeconds: typeof route.estimatedTime === 'number' ? Math.round(route.estimatedTime) : null,
        expiresAt: typeof route.quoteExpiry === 'number' ? route.quoteExpiry * 1000 : deps.now() + FALLBACK_TTL_MS,
        context: contextOf(resolved, route),
      };
    },

    async build({ request, quote }, ctx): Promise<StepsPlan> {
      const resolved = resolveOrThrow(request);
      let stored = readContext(quote.context);
      if (stored.fromChainId !== resolved.from.chainId || stored.toChainId !== resolved.to.chainId || !same(stored.fromToken, resolved.fromToken) || !same(stored.toToken, resolved.toToken)) {
        throw new VenueRejection('invalid_input', 'the stored Bungee quote was priced for another corridor');
      }
      // A quote id lives about a minute: past its expiry, price again and build the fresh route.
      if (stored.quoteExpiry === undefined || stored.quoteExpiry * 1000 <= deps.now()) stored = contextOf(resolved, (await fetchQuote(request, resolved, ctx)).route);
      const { txData, approvalData } = (await buildTx(stored.quoteId, ctx)).result;
      const gateway = resolved.from.gateway;
      if (!same(txData.to, gateway)) throw unsafe(`Bungee's transaction calls ${txData.to}, not SocketGateway ${gateway} on ${resolved.from.key}`);
      if (txData.chainId !== undefined && txData.chainId !== resolved.from.chainId) throw unsafe(`Bungee's transaction is for chain ${txData.chainId}, not ${resolved.from.key}`);
      const isNative = request.fromToken.address === null;
      if (!isNative && approvalData && !same(approvalData.spenderAddress, gateway)) throw unsafe(`Bungee asks to approve ${approvalData.spenderAddress}, not SocketGateway ${gateway}`);
      const data = hexData(txData.data);
      const value = quantity(txData.value ?? '0');
      const intent = { sourceChainId: resolved.from.chainId, sourceToken: request.fromToken.address, amount: request.amountIn, recipient: request.recipient, destinationChainId: resolved.to.chainId };
      const why = whyNotBungeeGatewayCall(data, value, intent);
      if (why !== null) throw unsafe(`Bungee's transaction ${why}`);
      // Checked here only (the submit-time check has no destination token or quoted minimum to compare).
      const decoded = readBungeeGatewayCall(data);
      if (typeof decoded === 'string') throw unsafe(`Bungee's transaction ${decoded}`);
      const toToken = request.toToken.address;
      if (toToken !== null && decoded.outputToken !== null && !same(decoded.outputToken, toToken)) throw unsafe(`Bungee's transaction delivers ${decoded.outputToken}, not ${toToken}`);
      const minAmountOut = BigInt(stored.minAmountOut);
      if (decoded.delivers < minAmountOut) throw unsafe(`Bungee's transaction delivers at most ${decoded.delivers}, below the quoted minimum ${minAmountOut}`);
      const implementation = await routeImplementation(resolved.from, decoded);
      return {
        shape: 'steps',
        // The pinned gateway, not Bungee's spelling of it, is what the wallet signs.
        steps: [{ vm: 'evm', step: 'main', chainId: resolved.from.chainId, to: getAddress(gateway), data, value }],
        approval: isNative ? null : { chainId: resolved.from.chainId, token: resolved.fromToken, spender: getAddress(gateway), amount: request.amountIn },
        amountOut: BigInt(stored.amountOut),
        minAmountOut,
        context: { ...stored, gateway: getAddress(gateway), routeId: decoded.routeId, ...(implementation ? { routeImplementation: implementation } : {}) },
      };
    },

    async status(request, ctx): Promise<VenueStatus> {
      readContext(request.context);
      // A Manual route is tracked by its source transaction hash, passed as `requestHash`.
      const body = await call<BungeeStatus>(() => deps.http.get('/api/v1/bungee/status', { requestHash: request.sourceTxHash }, BungeeStatusSchema, ctx, { notFoundAs: NOT_INDEXED }));
      const entry = body.result.find((e) => e.originData?.txHash && same(e.originData.txHash, request.sourceTxHash)) ?? body.result[0];
      if (!entry) return { state: 'pending', venueStatus: 'NOT_INDEXED', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'not indexed by Bungee yet' };
      return toBungeeStatus(entry, request.toToken.address, BUNGEE_NATIVE);
    },
  };
}

/** An answer for another transfer than the one asked (chains, amount, recipient) is impossible, never priced. */
function refuseOtherTransfer(body: BungeeQuote, request: VenueQuoteRequest, resolved: Resolved): void {
  const { result } = body;
  const problems: string[] = [];
  if (result.originChainId !== resolved.from.chainId || result.destinationChainId !== resolved.to.chainId) problems.push(`chains ${result.originChainId} → ${result.destinationChainId}`);
  if (!same(result.input.token.address, resolved.fromToken)) problems.push(`input token ${result.input.token.address}`);
  if (BigInt(result.input.amount) !== request.amountIn) problems.push(`amount ${result.input.amount}`);
  if (!same(result.receiverAddress, request.recipient)) problems.push(`recipient ${result.receiverAddress}`);
  if (problems.length > 0) throw new VenueRejection('venue_bad_response', `Bungee priced another transfer than the one asked: ${problems.join(', ')}`, { path: '/result' });
}

function hexData(data: string): Hex {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(data)) throw unsafe(`Bungee's transaction data is not hex calldata ('${data.slice(0, 16)}')`);
  return data as Hex;
}

function quantity(value: string): bigint {
  if (!/^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(value)) throw unsafe(`Bungee's transaction value '${value.slice(0, 20)}' is not a quantity`);
  return BigInt(value);
}

function unsafe(message: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path: '/result/txData' });
}

function evmAddress(value: string, field: string): Address {
  if (!isAddress(value, { strict: false })) throw new VenueRejection('invalid_input', `Bungee needs an EVM ${field}, got '${value}'`, { field });
  return value;
}

/** The stored quote (and build) context, validated once and read typed. */
function readContext(context: unknown): BungeeContext {
  if (!Value.Check(BungeeContextSchema, context)) {
    const first = Value.Errors(BungeeContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `stored Bungee context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}
