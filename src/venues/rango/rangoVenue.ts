import { decodeFunctionData, getAddress, isAddress, parseAbi, type Address, type Hex } from 'viem';
import { Value } from 'typebox/value';
import type { ChainKey } from '../../domain/chains.ts';
import { tokensOn } from '../../domain/tokens.ts';
import { VenueRejection, type CallContext, type CoverageAnswer, type Corridor, type StepsPlan, type Venue, type VenueQuote, type VenueQuoteRequest, type VenueStatus } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { RANGO_BRIDGE_SELECTORS, rangoBuildFacts, whyNotRangoBridgeCall } from './rangoBridgeCalls.ts';
import { evmChainIdOf, RANGO_CHAINS, rangoAsset, rangoChain, type RangoChain } from './rangoChains.ts';
import { RANGO_ERROR_CODES, rangoRefusal, toRangoStatus, translateRangoHttpError } from './rangoMapping.ts';
import { RangoContextSchema, RangoErrorSchema, RangoEvmTxSchema, RangoQuoteSchema, RangoStatusSchema, RangoSwapSchema, type RangoContext, type RangoEvmTx, type RangoRoute } from './rangoSchemas.ts';

const ZERO = '0x0000000000000000000000000000000000000000';
/** Rango swapper ids or groups of the bridges rangoBridgeCalls.ts reads (Across; Circle's CCTP). */
const CHECKED_SWAPPER = /\bacross\b|\bcctp\b|circle/i;
/** Rango publishes no quote lifetime; build asks `/basic/swap` again for fresh calldata anyway. */
const QUOTE_TTL_MS = 60_000;
/** Rango's slippage is a percent (`1` = 1 %); its default is 0.5. */
const SLIPPAGE_PERCENT = '1';

/**
 * Rango Exchange (an aggregator of bridges and DEXs) through its Basic API: `GET /basic/quote`,
 * `GET /basic/swap` (the transaction) and `GET /basic/status`, the API key as the `apiKey` query
 * parameter. EVM sources are built: the call goes to Rango's diamond and is decoded
 * (rangoBridgeCalls.ts) — only its Across and CCTP entry points, which name receiver and destination
 * chain, pass. Solana, Bitcoin and Tron sources are quoted only: Rango answers them with a Solana,
 * TRANSFER or TRON transaction Strait does not check yet.
 */
export const rangoVenue: VenueModule = {
  id: 'rango',
  // venue-param: Strait's platform cut is Rango's affiliate fee (`referrerFee` + `referrerAddress`),
  // which the diamond pays the fee wallet in the same call; it is checked in the calldata (rangoBridgeCalls.ts).
  capabilities: { archetype: 'aggregator', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata'], feeCapture: 'venue-param', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: ['API_KEY'],
  defaultBaseUrl: 'https://api.rango.exchange',
  contextSchema: RangoContextSchema,
  errorCodes: RANGO_ERROR_CODES,
  // Rango documents per-key limits only by agreement; no figure to publish.
  rateLimit: () => null,
  allowList: {
    calls: RANGO_CHAINS.flatMap((chain) => {
      const chainId = evmChainIdOf(chain);
      return chain.diamond && chainId !== null ? [{ chainId, to: chain.diamond, selectors: RANGO_BRIDGE_SELECTORS, check: whyNotRangoBridgeCall }] : [];
    }),
    transferRecipients: [],
  },
  create(deps) {
    return createRangoVenue(deps);
  },
};

interface Resolved {
  readonly from: RangoChain;
  readonly to: RangoChain;
  readonly fromAsset: string;
  readonly toAsset: string;
}

type NotServed = Extract<CoverageAnswer, { served: false }>;

function resolve(corridor: Corridor): Resolved | NotServed {
  const from = rangoChain(corridor.fromChain);
  const to = rangoChain(corridor.toChain);
  if (!from || !to) return { served: false, code: 'route_not_served', message: `Rango is not configured for ${!from ? corridor.fromChain : corridor.toChain}` };
  if (from === to) return { served: false, code: 'route_not_served', message: 'Rango is used for cross-chain transfers only' };
  // An EVM transaction to a non-EVM receiver names it in bridge-specific bytes Strait does not read.
  if (evmChainIdOf(from) !== null && evmChainIdOf(to) === null) return { served: false, code: 'route_not_served', message: `Rango's EVM transactions to ${to.key} pay a receiver Strait cannot check` };
  return { from, to, fromAsset: rangoAsset(from, corridor.fromToken), toAsset: rangoAsset(to, corridor.toToken) };
}

function resolveOrThrow(corridor: Corridor): Resolved {
  const resolved = resolve(corridor);
  if ('served' in resolved) throw new VenueRejection(resolved.code, resolved.message);
  return resolved;
}

const sameAddress = (a: string | null | undefined, b: string | null): boolean => (a ?? null) === null || b === null ? (a ?? null) === b : a!.toLowerCase() === b.toLowerCase();

function createRangoVenue(deps: VenueDeps): Venue {
  const apiKey = deps.credentials.API_KEY ?? '';

  function httpError(error: unknown): unknown {
    if (!(error instanceof VenueHttpError)) return error;
    return translateRangoHttpError(error, Value.Check(RangoErrorSchema, error.body) ? error.body : null);
  }

  async function fetchQuote(request: VenueQuoteRequest, resolved: Resolved, call: CallContext) {
    const query = { from: resolved.fromAsset, to: resolved.toAsset, amount: request.amountIn.toString(), slippage: SLIPPAGE_PERCENT, avoidNativeFee: 'true', ...referrerFeeOf(request), apiKey };
    const body = await deps.http.get('/basic/quote', query, RangoQuoteSchema, call).catch((error: unknown) => {
      throw httpError(error);
    });
    const refusal = rangoRefusal(body, request.amountIn);
    if (refusal) throw refusal;
    if (!body.route) throw new VenueRejection('no_liquidity', 'Rango answered OK without a route', { venueCode: body.resultType });
    const route = checkedRoute(body.route, request, resolved);
    // An EVM row is built, so it is offered only through a bridge whose calldata Strait reads; a row
    // Strait would refuse at build would mark the venue degraded for Rango's choice of bridge.
    if (resolved.from.diamond && !CHECKED_SWAPPER.test(`${route.swapper.id} ${route.swapper.swapperGroup ?? ''}`)) {
      throw new VenueRejection('no_liquidity', `Rango's route goes through ${route.swapper.id}, whose calldata Strait cannot check yet (Across and CCTP only)`, { venueTool: route.swapper.id });
    }
    return { requestId: body.requestId, route };
  }

  return {
    id: rangoVenue.id,
    supports: (corridor) => {
      const resolved = resolve(corridor);
      return 'served' in resolved ? resolved : { served: true };
    },
    coverage: () => ({
      origins: RANGO_CHAINS.map((chain) => chain.key),
      tokenSymbols(fromChain: ChainKey, toChain: ChainKey): readonly string[] {
        const from = rangoChain(fromChain);
        const to = rangoChain(toChain);
        // The pairs `supports` serves: not same-chain, not an EVM source to a non-EVM receiver.
        if (!from || !to || from === to || (evmChainIdOf(from) !== null && evmChainIdOf(to) === null)) return [];
        const there = new Set(tokensOn(toChain).map((token) => token.symbol));
        return tokensOn(fromChain)
          .map((token) => token.symbol)
          .filter((symbol) => there.has(symbol));
      },
    }),

    async quote(request, call): Promise<VenueQuote> {
      const resolved = resolveOrThrow(request);
      const { requestId, route } = await fetchQuote(request, resolved, call);
      const net = netOutput(route);
      const context: RangoContext = { requestId, from: resolved.fromAsset, to: resolved.toAsset, swapper: route.swapper.id, outputAmount: net.amountOut.toString(), outputAmountMin: net.minAmountOut.toString() };
      return {
        amountIn: request.amountIn,
        ...net,
        estimatedSeconds: route.estimatedTimeInSeconds == null ? null : Math.round(route.estimatedTimeInSeconds),
        expiresAt: deps.now() + QUOTE_TTL_MS,
        context,
      };
    },

    async build({ request, quote }, call): Promise<StepsPlan> {
      const resolved = resolveOrThrow(request);
      const stored = readContext(quote.context);
      if (stored.from !== resolved.fromAsset || stored.to !== resolved.toAsset) throw new VenueRejection('invalid_input', 'the stored Rango quote was priced for another corridor');
      const diamond = resolved.from.diamond;
      const chainId = evmChainIdOf(resolved.from);
      if (!diamond || chainId === null) {
        throw new VenueRejection('route_not_served', `Rango answers a ${resolved.from.key} source with a transaction Strait cannot check yet; the route is quoted only`);
      }
      const query = {
        from: resolved.fromAsset,
        to: resolved.toAsset,
        amount: request.amountIn.toString(),
        fromAddress: evmAddress(request.sender, 'sender'),
        toAddress: evmAddress(request.recipient, 'recipient'),
        slippage: SLIPPAGE_PERCENT,
        avoidNativeFee: 'true',
        // Balance checks are the wallet's; Rango's would refuse a sender who funds the transfer later.
        disableEstimate: 'true',
        ...referrerFeeOf(request),
        ...(request.integratorFee ? { referrerAddress: evmAddress(request.integratorFee.recipient, 'fee wallet') } : {}),
        apiKey,
      };
      const body = await deps.http.get('/basic/swap', query, RangoSwapSchema, call).catch((error: unknown) => {
        throw httpError(error);
      });
      const refusal = rangoRefusal(body, request.amountIn);
      if (refusal) throw refusal;
      if (!body.route) throw unsafe('Rango answered the swap without a route');
      const route = checkedRoute(body.route, request, resolved);
      const tx = body.tx;
      if (!tx) throw unsafe('Rango answered the swap without a transaction');
      if (tx.type !== 'EVM' || !Value.Check(RangoEvmTxSchema, tx)) throw unsafe(`Rango answered a ${tx.type} transaction for an EVM source`);
      const data = checkEvmTx(tx, resolved.from, chainId, diamond, request.fromToken.address);
      const value = quantity(tx.value ?? '0');
      const why = whyNotRangoBridgeCall(data, value, {
        sourceChainId: chainId,
        sourceToken: request.fromToken.address,
        amount: request.amountIn,
        recipient: request.recipient,
        destinationChainId: evmChainIdOf(resolved.to),
        venueFee: request.integratorFee ? { recipient: request.integratorFee.recipient, amount: cutOf(request.integratorFee, request.amountIn) } : null,
      });
      if (why !== null) throw unsafe(`Rango's transaction ${why}`);
      const facts = rangoBuildFacts(data);
      const refundTo = facts?.refundTo ?? null;
      if (refundTo !== null && refundTo.toLowerCase() !== ZERO && refundTo.toLowerCase() !== request.sender.toLowerCase()) {
        throw unsafe(`Rango's transaction refunds an unfilled deposit to ${refundTo}, not the sender ${request.sender}`);
      }
      // Native delivery arrives as the destination's wrapped token unwrapped by Across; only a token is compared.
      const wanted = request.toToken.address;
      if (facts?.outputToken && wanted !== null && facts.outputToken.toLowerCase() !== wanted.toLowerCase()) {
        throw unsafe(`Rango's transaction delivers ${facts.outputToken}, not the requested ${request.toToken.symbol} ${wanted}`);
      }
      if (facts?.mintsUsdc && request.toToken.symbol !== 'USDC') throw unsafe(`Rango's transaction bridges over CCTP, which delivers USDC, not the requested ${request.toToken.symbol}`);
      const net = netOutput(route);
      const isNative = request.fromToken.address === null;
      return {
        shape: 'steps',
        // The pinned diamond, not Rango's spelling of it, is what the wallet signs.
        steps: [{ vm: 'evm', step: 'main', chainId, to: getAddress(diamond), data, value }],
        approval: isNative ? null : { chainId, token: getAddress(request.fromToken.address!), spender: getAddress(diamond), amount: request.amountIn },
        ...net,
        context: { swapRequestId: body.requestId, diamond: getAddress(diamond), txType: tx.type, swapper: route.swapper.id, outputAmount: net.amountOut.toString(), outputAmountMin: net.minAmountOut.toString() },
      };
    },

    async status(request, call): Promise<VenueStatus> {
      const context = readContext(request.context);
      const query = { requestId: context.swapRequestId ?? context.requestId, txId: request.sourceTxHash, apiKey };
      const body = await deps.http.get('/basic/status', query, RangoStatusSchema, call).catch((error: unknown) => {
        throw httpError(error);
      });
      return toRangoStatus(body);
    },
  };
}

/** The platform cut Rango is asked to take: the engine's exact amount (or, unstated, the whole basis points of the amount). */
function cutOf(fee: NonNullable<VenueQuoteRequest['integratorFee']>, amountIn: bigint): bigint {
  return fee.amount ?? (amountIn * BigInt(fee.bps)) / 10_000n;
}

/** Digits of the percent Rango is sent: enough that an exact `amount × percent / 100`, rounded down, is the cut for any amount below 10^22 units. */
const PERCENT_DIGITS = 20;

/**
 * Strait's platform cut as Rango's `referrerFee`, a percent of the amount (`1.12` = 1.12 %): the
 * exact cut over the amount, rounded up in the last of PERCENT_DIGITS decimals so that Rango's
 * `amount × percent / 100` rounded down gives the cut itself (the call check requires exactly it).
 */
export function referrerFeeOf(request: Pick<VenueQuoteRequest, 'amountIn' | 'integratorFee'>): { referrerFee?: string } {
  const fee = request.integratorFee;
  const cut = fee ? cutOf(fee, request.amountIn) : 0n;
  if (cut <= 0n || request.amountIn <= 0n) return {};
  const scale = 10n ** BigInt(PERCENT_DIGITS);
  const scaled = (cut * 100n * scale + request.amountIn - 1n) / request.amountIn;
  const whole = scaled / scale;
  const fraction = (scaled % scale).toString().padStart(PERCENT_DIGITS, '0').replace(/0+$/, '');
  return { referrerFee: fraction ? `${whole}.${fraction}` : whole.toString() };
}

/** A route for another transfer than the one asked (chains, tokens), or with a minimum above its estimate, is impossible. */
function checkedRoute(route: RangoRoute, request: VenueQuoteRequest, resolved: Resolved): RangoRoute {
  const problems: string[] = [];
  if (route.from.blockchain !== resolved.from.blockchain || route.to.blockchain !== resolved.to.blockchain) problems.push(`chains ${route.from.blockchain} → ${route.to.blockchain}`);
  if (!sameAddress(route.from.address, request.fromToken.address) || !sameAddress(route.to.address, request.toToken.address)) problems.push(`tokens ${route.from.address ?? 'native'} → ${route.to.address ?? 'native'}`);
  if (BigInt(route.outputAmountMin) > BigInt(route.outputAmount)) problems.push(`a minimum ${route.outputAmountMin} above its estimate ${route.outputAmount}`);
  if (problems.length > 0) throw new VenueRejection('venue_bad_response', `Rango priced another transfer than the one asked: ${problems.join(', ')}`, { path: '/route' });
  // A fee the wallet pays beside the amount (a bridge's native fee) rides as extra value the call
  // checks refuse; such a route is not offered rather than refused at build.
  const extra = route.fee.find((fee) => fee.expenseType === 'FROM_SOURCE_WALLET' && !isGas(fee) && /^[0-9]+$/.test(fee.amount) && BigInt(fee.amount) > 0n);
  if (extra) throw new VenueRejection('no_liquidity', `Rango's ${route.swapper.id} route charges ${extra.name ?? 'a fee'} of ${extra.amount} beside the amount sent, which Strait cannot carry`, { venueTool: route.swapper.id });
  return route;
}

const isGas = (fee: RangoRoute['fee'][number]): boolean => fee.meta?.type === 'EvmNetworkFeeMeta' || /network fee/i.test(fee.name ?? '');

/**
 * Rango's `outputAmount` is already net of its DECREASE_FROM_OUTPUT fees (its docs: "already
 * calculated in the estimated output"); a FROM_DESTINATION_WALLET fee in the delivered token comes
 * off what the recipient nets. Gas the sender pays is in another asset and is not the transfer's.
 */
function netOutput(route: RangoRoute): { amountOut: bigint; minAmountOut: bigint } {
  const destinationFees = route.fee
    .filter((fee) => fee.expenseType === 'FROM_DESTINATION_WALLET' && fee.token.blockchain === route.to.blockchain && sameAddress(fee.token.address, route.to.address ?? null) && /^[0-9]+$/.test(fee.amount))
    .reduce((sum, fee) => sum + BigInt(fee.amount), 0n);
  const floor = (value: bigint): bigint => (value > destinationFees ? value - destinationFees : 0n);
  return { amountOut: floor(BigInt(route.outputAmount)), minAmountOut: floor(BigInt(route.outputAmountMin)) };
}

const APPROVE = parseAbi(['function approve(address spender, uint256 amount)']);

/** The EVM transaction must call the pinned diamond on the source chain; Rango's own approval, when it sends one, must name that diamond. */
function checkEvmTx(tx: RangoEvmTx, from: RangoChain, chainId: number, diamond: Address, token: string | null): Hex {
  if (tx.blockChain.name !== from.blockchain) throw unsafe(`Rango's transaction is for ${tx.blockChain.name}, not ${from.blockchain}`);
  if (tx.blockChain.chainId != null && Number(tx.blockChain.chainId) !== chainId) throw unsafe(`Rango's transaction is for chain ${tx.blockChain.chainId}, not ${chainId}`);
  if (tx.txTo.toLowerCase() !== diamond.toLowerCase()) throw unsafe(`Rango's transaction calls ${tx.txTo}, not its diamond ${diamond} on ${from.key}`);
  if (tx.approveData) {
    if (token === null || !tx.approveTo || tx.approveTo.toLowerCase() !== token.toLowerCase()) throw unsafe(`Rango asks for an approval on ${tx.approveTo ?? 'no contract'}, not the source token`);
    let spender: string;
    try {
      spender = decodeFunctionData({ abi: APPROVE, data: hexData(tx.approveData) }).args[0];
    } catch {
      throw unsafe("Rango's approval data is not an ERC-20 approve");
    }
    if (spender.toLowerCase() !== diamond.toLowerCase()) throw unsafe(`Rango asks to approve ${spender}, not its diamond ${diamond}`);
  }
  return hexData(tx.txData ?? '0x');
}

function hexData(data: string): Hex {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(data)) throw unsafe(`Rango's transaction data is not hex calldata ('${data.slice(0, 16)}')`);
  return data as Hex;
}

function quantity(value: string): bigint {
  if (!/^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(value)) throw unsafe(`Rango's transaction value '${value.slice(0, 20)}' is not a quantity`);
  return BigInt(value);
}

function unsafe(message: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path: '/tx' });
}

function evmAddress(value: string, field: string): Address {
  if (!isAddress(value, { strict: false })) throw new VenueRejection('invalid_input', `Rango needs an EVM ${field} for an EVM transfer, got '${value}'`, { field });
  return value;
}

/** The stored quote (and build) context, validated once and read typed. */
function readContext(context: unknown): RangoContext {
  if (!Value.Check(RangoContextSchema, context)) {
    const first = Value.Errors(RangoContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `stored Rango context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}
