import { decodeFunctionData, erc20Abi, getAddress, isAddress, size, type Address, type Hex } from 'viem';
import type { Static } from 'typebox';
import { Value } from 'typebox/value';
import { atomicToDecimal, decimalToAtomic } from '../../domain/amounts.ts';
import { chainInfo, type ChainKey } from '../../domain/chains.ts';
import { tokensOn } from '../../domain/tokens.ts';
import { badResponse, fundingStepOf } from '../depositVenueSupport.ts';
import { VenueRejection, type CallContext, type CoverageAnswer, type Corridor, type DepositPlan, type StepsPlan, type Venue, type VenueBuildPlan, type VenueQuote, type VenueQuoteRequest, type VenueStatus } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { withDestinationDelivery } from '../shared/destinationDelivery.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { RUBIC_CHAINS, RUBIC_NATIVE, rubicChain, type RubicChain } from './rubicChains.ts';
import { rejectionOfWarnings, RUBIC_ERROR_CODES, toRubicStatus, translateRubicError } from './rubicMapping.ts';
import { decodeRubicEntryCall, decodeRubicProxyCall, RUBIC_DIAMOND_SELECTORS, RUBIC_START_VIA_RUBIC, whyNotRubicEntryCall, whyNotRubicProxyCall, type RubicFixedFees } from './rubicProxyCalls.ts';
import { RubicContextSchema, RubicRouteSchema, RubicStatusSchema, RubicSwapSchema, type RubicContext, type RubicRoute } from './rubicSchemas.ts';

/** Rubic publishes no quote lifetime; a route id is built at `/routes/swap` shortly after. */
const QUOTE_TTL_MS = 60_000;
/** How long a deposit address is offered for: Rubic states no window for its deposit providers. */
const DEPOSIT_WINDOW_MS = 30 * 60_000;
/** Rubic asks every integrator to name itself (`referrer`), keyed or not. */
const DEFAULT_REFERRER = 'strait';

/**
 * Rubic (a meta-aggregator of bridges, DEX aggregators and deposit exchangers) through its API v2:
 * `POST /routes/quoteBest`, `POST /routes/swap`, `GET /info/statusExtended`. EVM to EVM chains where
 * Rubic's contracts are pinned (rubicChains.ts). A contract route is the ERC20Proxy (any source) or
 * the RubicMultiProxy diamond (native sources), and its calldata is decoded and checked against the
 * transfer at build and again at submit (rubicProxyCalls.ts); a deposit route pays the deposit address
 * Rubic's provider gave. Amounts go to Rubic in display units and come back atomic (`…WeiAmount`).
 * A contract route's fixed fees in the source chain's native coin ride beside the amount as the plan's
 * declared native fee (StepsPlan.nativeFee), which Strait bounds and states in the build.
 */
export const rubicVenue: VenueModule = {
  id: 'rubic',
  // No per-request fee parameter exists: `integratorAddress` earns a share configured with Rubic off
  // the API, never Strait's `integratorFee`, so Strait's cuts stay fee steps.
  capabilities: { archetype: 'aggregator', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata', 'deposit_address'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  defaultBaseUrl: 'https://api-v2.rubic.exchange/api',
  contextSchema: RubicContextSchema,
  errorCodes: RUBIC_ERROR_CODES,
  // Keyless api-v2 allows 10 requests a minute; a key (pro-api-v2, `apikey` header) 400 (docs "Referrer And Rate Limits").
  rateLimit: (credentials) => (credentials.API_KEY ? { requests: 400, perMs: 60_000 } : { requests: 10, perMs: 60_000 }),
  allowList: {
    calls: RUBIC_CHAINS.flatMap((chain) => [
      { chainId: chainIdOf(chain.key), to: chain.erc20Proxy, selectors: [RUBIC_START_VIA_RUBIC], check: whyNotRubicEntryCall },
      { chainId: chainIdOf(chain.key), to: chain.multiProxy, selectors: RUBIC_DIAMOND_SELECTORS, check: whyNotRubicProxyCall },
    ]),
    transferRecipients: [],
  },
  headers(credentials): Record<string, string> {
    return credentials.API_KEY ? { apikey: credentials.API_KEY } : {};
  },
  create(deps) {
    return createRubicVenue(deps);
  },
};

function chainIdOf(key: ChainKey): number {
  const id = chainInfo(key).chainId;
  if (id === null) throw new Error(`Rubic chain table names non-EVM chain ${key}`);
  return id;
}

interface Resolved {
  readonly from: RubicChain;
  readonly to: RubicChain;
  readonly fromToken: Address;
  readonly toToken: Address;
}

type NotServed = Extract<CoverageAnswer, { served: false }>;

function resolve(corridor: Corridor): Resolved | NotServed {
  const from = rubicChain(corridor.fromChain);
  const to = rubicChain(corridor.toChain);
  if (!from || !to) {
    return { served: false, code: 'route_not_served', message: `Rubic is built for EVM chains with pinned Rubic contracts only (not ${!from ? corridor.fromChain : corridor.toChain})` };
  }
  if (from.key === to.key) return { served: false, code: 'route_not_served', message: 'Rubic is built for cross-chain transfers only here' };
  return { from, to, fromToken: (corridor.fromToken.address ?? RUBIC_NATIVE) as Address, toToken: (corridor.toToken.address ?? RUBIC_NATIVE) as Address };
}

function resolveOrThrow(corridor: Corridor): Resolved {
  const resolved = resolve(corridor);
  if ('served' in resolved) throw new VenueRejection(resolved.code, resolved.message);
  return resolved;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

function createRubicVenue(deps: VenueDeps): Venue {
  const referrer = deps.credentials.REFERRER ?? DEFAULT_REFERRER;
  const integrator = deps.credentials.INTEGRATOR_ADDRESS;
  if (integrator !== undefined && !isAddress(integrator, { strict: false })) throw new Error('STRAIT_VENUE_RUBIC_INTEGRATOR_ADDRESS is not an EVM address');

  function routeBody(request: VenueQuoteRequest, resolved: Resolved): Record<string, string> {
    return {
      srcTokenBlockchain: resolved.from.blockchain,
      srcTokenAddress: resolved.fromToken,
      srcTokenAmount: atomicToDecimal(request.amountIn, request.fromToken.decimals),
      dstTokenBlockchain: resolved.to.blockchain,
      dstTokenAddress: resolved.toToken,
      fromAddress: evmAddress(request.sender, 'sender'),
      receiver: evmAddress(request.recipient, 'recipient'),
      referrer,
      ...(integrator ? { integratorAddress: integrator } : {}),
    };
  }

  async function post<S extends typeof RubicRouteSchema | typeof RubicSwapSchema>(path: string, body: object, schema: S, request: VenueQuoteRequest, resolved: Resolved, call: CallContext): Promise<Static<S>> {
    let route: Static<S>;
    try {
      route = await deps.http.post(path, body, schema, call);
    } catch (error) {
      if (error instanceof VenueHttpError) throw translateRubicError(error, request.fromToken.decimals);
      throw error;
    }
    const warned = rejectionOfWarnings(route.warnings, request.fromToken.decimals);
    if (warned !== null) throw warned;
    refuseOtherTransfer(route, request, resolved);
    return route;
  }

  return {
    id: rubicVenue.id,
    supports: (corridor) => {
      const resolved = resolve(corridor);
      return 'served' in resolved ? resolved : { served: true };
    },
    coverage: () => ({
      origins: RUBIC_CHAINS.map((chain) => chain.key),
      tokenSymbols(fromChain, toChain) {
        if (!rubicChain(fromChain) || !rubicChain(toChain) || fromChain === toChain) return [];
        const there = new Set(tokensOn(toChain).map((token) => token.symbol));
        return tokensOn(fromChain).flatMap((token) => (there.has(token.symbol) ? [token.symbol] : []));
      },
    }),

    async quote(request, call): Promise<VenueQuote> {
      const resolved = resolveOrThrow(request);
      const route = await post('/routes/quoteBest', routeBody(request, resolved), RubicRouteSchema, request, resolved, call);
      const context: RubicContext = {
        id: route.id,
        fromBlockchain: resolved.from.blockchain,
        toBlockchain: resolved.to.blockchain,
        fromToken: resolved.fromToken,
        toToken: resolved.toToken,
        providerType: route.providerType,
        destinationWeiAmount: route.estimate.destinationWeiAmount,
        destinationWeiMinAmount: route.estimate.destinationWeiMinAmount,
      };
      return {
        amountIn: request.amountIn,
        // Rubic's estimate is what reaches the receiver: its percent fee is taken from the input inside the proxy.
        amountOut: BigInt(route.estimate.destinationWeiAmount),
        minAmountOut: BigInt(route.estimate.destinationWeiMinAmount),
        estimatedSeconds: route.estimate.durationInMinutes === undefined || route.estimate.durationInMinutes === null ? null : Math.round(route.estimate.durationInMinutes * 60),
        expiresAt: deps.now() + QUOTE_TTL_MS,
        context,
      };
    },

    async build({ request, quote }, call): Promise<VenueBuildPlan> {
      const resolved = resolveOrThrow(request);
      const stored = readRubicContext(quote.context);
      if (stored.fromBlockchain !== resolved.from.blockchain || stored.toBlockchain !== resolved.to.blockchain || !same(stored.fromToken, resolved.fromToken) || !same(stored.toToken, resolved.toToken)) {
        throw new VenueRejection('invalid_input', 'the stored Rubic quote was priced for another corridor');
      }
      // `enableChecks: false`: the allowance the engine adds comes after build, so Rubic must not simulate.
      const route = await post('/routes/swap', { ...routeBody(request, resolved), id: stored.id, enableChecks: false }, RubicSwapSchema, request, resolved, call);
      const tx = route.transaction;
      if (!tx) throw unsafe('Rubic answered the swap without a transaction');
      const amounts = { amountOut: BigInt(route.estimate.destinationWeiAmount), minAmountOut: BigInt(route.estimate.destinationWeiMinAmount) };
      // A recorded swap answer names its route only inside its echo of the request (`quote.id`).
      const context = { id: route.id ?? stored.id, providerType: route.providerType, destinationWeiAmount: route.estimate.destinationWeiAmount, destinationWeiMinAmount: route.estimate.destinationWeiMinAmount };
      const fees = fixedFeesOf(route);
      const deposit = depositOf(tx, request);
      if (deposit) {
        refuseFixedFeesBesideDeposit(route, fees);
        return depositPlan(deposit, request, amounts, { ...context, shape: 'deposit', ...(tx.exchangeId ? { exchangeId: tx.exchangeId } : {}) }, deps.now());
      }
      return stepsPlan(tx, request, resolved, amounts, { ...context, shape: 'calldata' }, { integrator, fees });
    },

    async status(request, call): Promise<VenueStatus> {
      const context = readRubicContext(request.context);
      try {
        // `rubicId`, as Rubic's own app asks (rubic-app RubicApiService.fetchCrossChainTxStatusExtended) and a recorded answer echoes it.
        const body = await deps.http.get('/info/statusExtended', { rubicId: context.id, srcTxHash: request.sourceTxHash }, RubicStatusSchema, call, { notFoundAs: null });
        if (body === null) return { state: 'pending', venueStatus: 'NOT_FOUND', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'not indexed by Rubic yet' };
        const status = toRubicStatus(body, request.toToken.address ?? RUBIC_NATIVE);
        // Rubic names no amount, and on FALLBACK not the bridged token either: both from the destination's logs.
        return await withDestinationDelivery(status, status.destinationTxHash === null ? null : deps.evm(request.toChain), request.recipient, request.toToken.address);
      } catch (error) {
        if (error instanceof VenueHttpError) throw translateRubicError(error, null);
        throw error;
      }
    },
  };
}

type RubicTransaction = NonNullable<RubicRoute['transaction']>;

/** Where a deposit route asks the user to pay: `depositAddress`, or a plain transfer (Rubic's "EVM deposit" shape). */
function depositOf(tx: RubicTransaction, request: VenueQuoteRequest): { address: string; amount: bigint | null; memo: string | null } | null {
  const memo = tx.extraFields?.value ? tx.extraFields.value : null;
  if (tx.depositAddress) {
    const amount = tx.amountToSend ? decimalToAtomic(tx.amountToSend, request.fromToken.decimals, 'down') : null;
    return { address: tx.depositAddress, amount, memo };
  }
  if (!tx.to || !tx.data) return null;
  const token = request.fromToken.address;
  if (token !== null && same(tx.to, token)) {
    try {
      const decoded = decodeFunctionData({ abi: erc20Abi, data: hexData(tx.data) });
      if (decoded.functionName !== 'transfer') throw unsafe(`Rubic's transaction calls ${decoded.functionName} on the source token`);
      return { address: decoded.args[0], amount: decoded.args[1], memo };
    } catch (error) {
      if (error instanceof VenueRejection) throw error;
      throw unsafe("Rubic's transaction to the source token is not an ERC-20 transfer");
    }
  }
  if (token === null && tx.data === '0x') return { address: tx.to, amount: tx.value ? quantity(tx.value) : null, memo };
  return null;
}

function depositPlan(deposit: { address: string; amount: bigint | null; memo: string | null }, request: VenueQuoteRequest, amounts: { amountOut: bigint; minAmountOut: bigint }, context: Record<string, string>, now: number): DepositPlan {
  if (!isAddress(deposit.address, { strict: false })) throw badResponse(`Rubic deposit address ${deposit.address} is not a ${request.fromChain} address`, '/transaction/depositAddress');
  if (deposit.amount !== request.amountIn) throw badResponse(`Rubic expects ${deposit.amount ?? 'no amount'} instead of the requested ${request.amountIn}`, '/transaction/amountToSend');
  // A plain EVM transfer cannot carry a memo, and a deposit without its memo may never be credited.
  if (deposit.memo !== null) throw badResponse('Rubic asks for a deposit memo an EVM transfer cannot carry', '/transaction/extraFields');
  return {
    shape: 'deposit',
    deposit: { chain: request.fromChain, address: getAddress(deposit.address), token: request.fromToken.address, amount: request.amountIn, memo: null, deadlineMs: now + DEPOSIT_WINDOW_MS },
    fundingStep: fundingStepOf(request, deposit.address, request.amountIn),
    ...amounts,
    context,
  };
}

function stepsPlan(
  tx: RubicTransaction,
  request: VenueQuoteRequest,
  resolved: Resolved,
  amounts: { amountOut: bigint; minAmountOut: bigint },
  context: Record<string, string>,
  { integrator, fees }: { integrator: string | undefined; fees: RubicFixedFees },
): StepsPlan {
  if (!tx.to || !tx.data) throw unsafe('Rubic answered the swap without a transaction to send');
  const chain = resolved.from;
  const chainId = chainIdOf(chain.key);
  const isNative = request.fromToken.address === null;
  // A native source may call the diamond directly or go through the ERC20Proxy's startViaRubic pulling
  // no token (Rubic's recorded ETH → POL answer does the latter); a token source always goes through it.
  const viaEntry = !isNative || same(tx.to, chain.erc20Proxy);
  // The pinned contract, not Rubic's spelling of it, is what the wallet signs.
  const target = viaEntry ? chain.erc20Proxy : chain.multiProxy;
  if (!same(tx.to, target)) throw unsafe(`Rubic's transaction calls ${tx.to}, not its ERC20Proxy ${chain.erc20Proxy} or RubicMultiProxy ${chain.multiProxy} on ${chain.key}`);
  if (!isNative && tx.approvalAddress && !same(tx.approvalAddress, chain.erc20Proxy)) throw unsafe(`Rubic asks to approve ${tx.approvalAddress}, not its ERC20Proxy ${chain.erc20Proxy}`);
  const data = hexData(tx.data);
  const value = quantity(tx.value ?? '0');
  const intent = { sourceChainId: chainId, sourceToken: request.fromToken.address, amount: request.amountIn, recipient: request.recipient, destinationChainId: chainIdOf(resolved.to.key) };
  const why = viaEntry ? whyNotRubicEntryCall(data, value, intent, fees) : whyNotRubicProxyCall(data, value, intent, fees);
  if (why !== null) throw unsafe(`Rubic's transaction ${why}`);
  // What the intent cannot say (allowList checks see no destination token or integrator): checked here, at build.
  const entry = viaEntry ? decodeRubicEntryCall(data) : null;
  const diamondCall = decodeRubicProxyCall(entry === null || typeof entry === 'string' ? data : entry.facetCallData);
  if (typeof diamondCall === 'string') throw unsafe(`Rubic's transaction ${diamondCall}`);
  if (!same(diamondCall.bridge.receivingAssetId, resolved.toToken)) throw unsafe(`Rubic's transaction delivers ${diamondCall.bridge.receivingAssetId}, not ${resolved.toToken}`);
  if (integrator !== undefined && !same(diamondCall.bridge.integrator, integrator)) throw unsafe(`Rubic's transaction credits integrator ${diamondCall.bridge.integrator}, not ${integrator}`);
  const nativeFee = fees.protocol + fees.provider;
  return {
    shape: 'steps',
    steps: [{ vm: 'evm', step: 'main', chainId, to: getAddress(target), data, value }],
    approval: isNative ? null : { chainId, token: resolved.fromToken, spender: getAddress(chain.erc20Proxy), amount: request.amountIn },
    ...amounts,
    context,
    // Rubic's fixed fees, beside the amount whatever the source asset (the call check held value to exactly that).
    ...(nativeFee > 0n ? { nativeFee } : {}),
  };
}

/**
 * A route for another transfer than the one asked (chains, tokens, decimals, amount) is never priced.
 * A swap answer without `tokens` is checked on its estimate only (its calldata is checked at build).
 */
function refuseOtherTransfer(route: RubicRoute, request: VenueQuoteRequest, resolved: Resolved): void {
  const problems: string[] = [];
  if (route.tokens !== undefined) {
    const { from, to } = route.tokens;
    if (from.blockchain !== resolved.from.blockchain || to.blockchain !== resolved.to.blockchain) problems.push(`blockchains ${from.blockchain} → ${to.blockchain}`);
    if (!same(from.address, resolved.fromToken) || !same(to.address, resolved.toToken)) problems.push(`tokens ${from.address} → ${to.address}`);
    if (from.decimals !== request.fromToken.decimals || to.decimals !== request.toToken.decimals) problems.push(`decimals ${from.decimals} → ${to.decimals}`);
    if (from.amount !== undefined && !isStatedInput(decimalToAtomic(from.amount, request.fromToken.decimals, 'down'), request.amountIn, route.fees?.percentFees?.percent)) problems.push(`amount ${from.amount}`);
  }
  if (BigInt(route.estimate.destinationWeiMinAmount) > BigInt(route.estimate.destinationWeiAmount)) problems.push(`a minimum ${route.estimate.destinationWeiMinAmount} above its estimate ${route.estimate.destinationWeiAmount}`);
  if (problems.length > 0) throw new VenueRejection('venue_bad_response', `Rubic priced another transfer than the one asked: ${problems.join(', ')}`, { path: '/tokens' });
}

/**
 * Whether the input Rubic states is the one asked: as asked (a swap answer), or net of Rubic's percent
 * fee (a quoteBest answer: 0.01 ETH at 0.4 % is stated "0.00996"), within the display's rounding.
 */
function isStatedInput(stated: bigint | null, asked: bigint, percent: number | null | undefined): boolean {
  if (stated === null) return false;
  if (stated === asked) return true;
  if (typeof percent !== 'number' || !(percent > 0 && percent < 100)) return false;
  const net = asked - (asked * BigInt(Math.round(percent * 10_000))) / 1_000_000n;
  const rounding = asked / 1_000_000n + 1n;
  return stated >= net - rounding && stated <= net + rounding;
}

/** The fixed fees the route charges in the source chain's native coin on top of the amount (absent: none). */
function fixedFeesOf(route: RubicRoute): RubicFixedFees {
  const fees = route.fees?.gasTokenFees;
  return { protocol: BigInt(fees?.protocol?.fixedWeiAmount ?? '0'), provider: BigInt(fees?.provider?.fixedWeiAmount ?? '0') };
}

/** A deposit plan pays the deposit address the amount and nothing else: a fixed native fee beside it has no step to ride. */
function refuseFixedFeesBesideDeposit(route: RubicRoute, fees: RubicFixedFees): void {
  const fixed = fees.protocol + fees.provider;
  if (fixed > 0n) {
    throw new VenueRejection('no_liquidity', `Rubic's ${route.providerType} deposit route charges a fixed fee of ${fixed} native wei beside the deposit, which a deposit cannot carry`, { venueProvider: route.providerType, fixedFeeWei: fixed.toString() });
  }
}

function hexData(data: string): Hex {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(data) || size(data as Hex) === 0) throw unsafe(`Rubic's transaction data is not hex calldata ('${data.slice(0, 16)}')`);
  return data as Hex;
}

function quantity(value: string): bigint {
  if (!/^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(value)) throw unsafe(`Rubic's transaction value '${value.slice(0, 20)}' is not a quantity`);
  return BigInt(value);
}

function unsafe(message: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path: '/transaction' });
}

function evmAddress(value: string, field: string): Address {
  if (!isAddress(value, { strict: false })) throw new VenueRejection('invalid_input', `Rubic needs an EVM ${field}, got '${value}'`, { field });
  return value;
}

/** The stored quote (and build) context, validated once and read typed. */
export function readRubicContext(context: unknown): RubicContext {
  if (!Value.Check(RubicContextSchema, context)) {
    const first = Value.Errors(RubicContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `stored Rubic context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}
