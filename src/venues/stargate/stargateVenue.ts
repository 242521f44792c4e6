import { getAddress, isAddress, type Address, type Hex } from 'viem';
import { Value } from 'typebox/value';
import { evmChainId } from '../../domain/chains.ts';
import { createVenueHttpClient, VenueHttpError, type VenueHttpClient } from '../venueHttpClient.ts';
import { VenueHealth } from '../venueHealth.ts';
import { isVenueFault } from '../venueHttpClient.ts';
import { VenueRejection, type CallContext, type CoverageAnswer, type Corridor, type StepsPlan, type Venue, type VenueQuote, type VenueQuoteRequest, type VenueStatus } from '../Venue.ts';
import type { CallIntent } from '../allowList.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { tokensOn } from '../../domain/tokens.ts';
import { NATIVE_CONVERSION_RATE, STARGATE_CHAINS, STARGATE_NATIVE_TOKEN, STARGATE_SEND_SELECTOR, stargateChain, stargateTokenPool, type StargateChain, type StargateTokenPool } from './stargateChains.ts';
import { errorMessageOf, pickMessage, STARGATE_ERROR_CODES, toStargateStatus, translateStargateError } from './stargateMapping.ts';
import { StargateContextSchema, StargateErrorBodySchema, StargateQuotesAnswerSchema, ScanMessagesSchema, type StargateContext, type StargateQuote, type StargateQuotes } from './stargateSchemas.ts';
import { decodeStargateSend, encodeStargateSend, whyNotStargateSend, type StargateSend } from './stargateSendCalls.ts';

const DEFAULT_BASE_URL = 'https://stargate.finance/api/v1';
/** LayerZero Scan's public API (docs.layerzero.network "LayerZero Scan API"), unless `STRAIT_VENUE_STARGATE_SCAN_URL` says otherwise. */
const PUBLIC_SCAN_URL = 'https://scan.layerzero-api.com/v1';
/** The Stargate API is stateless and publishes no quote lifetime (pool balances and credits move): rows hold a minute and build asks again. */
const QUOTE_TTL_MS = 60_000;
/** `dstAmountMin` asked of the API: the docs put Stargate's own fee at 0.15 % at most; 0.5 % leaves room for the pool to move. */
const SLIPPAGE_BPS = 50n;
const TAXI = 'stargate/v2/taxi';

/**
 * Stargate v2 through the Stargate API (`GET /quotes`, which returns the transactions to sign) for
 * native ETH and the USDC/USDT pools between the chains of `stargateChains.ts`, and LayerZero Scan for
 * status (Stargate's API has none). The LayerZero fee rides as `msg.value`: from a native pool on top
 * of the amount bridged, so Strait asks twice (once for the fee, then for `amountIn − fee`) and the one
 * step sends no more than the input; beside an ERC-20 pool's `send` it is the whole value, declared as
 * the plan's native fee (StepsPlan.nativeFee) and bounded by Strait. Every `send` is decoded and must be
 * a plain taxi paying the recipient on the requested chain (stargateSendCalls.ts), at build and again
 * at submit.
 */
export const stargateVenue: VenueModule = {
  id: 'stargate',
  capabilities: { archetype: 'pool', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  defaultBaseUrl: DEFAULT_BASE_URL,
  contextSchema: StargateContextSchema,
  errorCodes: STARGATE_ERROR_CODES,
  // Each chain's pools, their `send` only, each call checked against the transfer and the pool's token.
  allowList: {
    calls: STARGATE_CHAINS.flatMap((chain) => [
      { chainId: evmChainId(chain.key), to: chain.nativePool, selectors: [STARGATE_SEND_SELECTOR], check: whyNotStargateSend },
      ...chain.tokenPools.map((pool) => ({
        chainId: evmChainId(chain.key),
        to: pool.pool,
        selectors: [STARGATE_SEND_SELECTOR],
        check: (data: Hex, value: bigint, intent: CallIntent) => whyNotStargateSend(data, value, intent, pool.token),
      })),
    ]),
    transferRecipients: [],
  },
  create(deps) {
    return createStargateVenue(deps);
  },
};

interface Resolved {
  readonly from: StargateChain;
  readonly to: StargateChain;
  /** The source chain's ERC-20 pool, `null` for native ETH. */
  readonly tokenPool: StargateTokenPool | null;
  /** The pool the step calls. */
  readonly pool: Address;
  /** The Stargate API's `srcToken` / `dstToken`. */
  readonly srcToken: Address;
  readonly dstToken: Address;
}

type NotServed = Extract<CoverageAnswer, { served: false }>;

function resolve(corridor: Corridor): Resolved | NotServed {
  const from = stargateChain(corridor.fromChain);
  const to = stargateChain(corridor.toChain);
  if (!from || !to || from.key === to.key) {
    return { served: false, code: 'route_not_served', message: `Strait routes Stargate between the pools of ${STARGATE_CHAINS.map((c) => c.key).join(', ')} only` };
  }
  const fromAddress = corridor.fromToken.address;
  const toAddress = corridor.toToken.address;
  if (fromAddress === null && toAddress === null) return { from, to, tokenPool: null, pool: from.nativePool, srcToken: STARGATE_NATIVE_TOKEN, dstToken: STARGATE_NATIVE_TOKEN };
  const source = fromAddress === null ? undefined : stargateTokenPool(from, fromAddress);
  const destination = toAddress === null ? undefined : stargateTokenPool(to, toAddress);
  // A pool delivers its own asset: USDC to USDC, USDT to USDT, ETH to ETH.
  if (!source || !destination || source.symbol !== destination.symbol) {
    return { served: false, code: 'token_not_supported', message: 'Strait moves native ETH, USDC and USDT through Stargate, each to the same asset, between the pools of stargateChains.ts' };
  }
  return { from, to, tokenPool: source, pool: source.pool, srcToken: source.token, dstToken: destination.token };
}

/** An ERC-20 pool keeps 6 shared decimals like its token, so it moves any atomic amount; ETH moves in steps of 10¹² wei. */
const conversionRate = (resolved: Resolved): bigint => (resolved.tokenPool === null ? NATIVE_CONVERSION_RATE : 1n);

function resolveOrThrow(corridor: Corridor): Resolved {
  const resolved = resolve(corridor);
  if ('served' in resolved) throw new VenueRejection(resolved.code, resolved.message);
  return resolved;
}

/** A taxi answer read and checked: the decoded call (refund pinned to the recipient), its value, the API's figures. */
interface Priced {
  readonly send: StargateSend;
  readonly value: bigint;
  readonly quote: StargateQuote;
  readonly dstAmount: bigint;
}

const floorToPool = (amount: bigint, rate: bigint = NATIVE_CONVERSION_RATE): bigint => (amount / rate) * rate;

function createStargateVenue(deps: VenueDeps): Venue {
  const scan = scanClient(deps);

  async function ask(request: VenueQuoteRequest, resolved: Resolved, srcAmount: bigint, call: CallContext): Promise<StargateQuotes> {
    const query = {
      srcToken: resolved.srcToken,
      dstToken: resolved.dstToken,
      srcAddress: evmAddress(request.sender, 'sender'),
      dstAddress: evmAddress(request.recipient, 'recipient'),
      srcChainKey: resolved.from.chainKey,
      dstChainKey: resolved.to.chainKey,
      srcAmount: srcAmount.toString(),
      dstAmountMin: floorToPool((srcAmount * (10_000n - SLIPPAGE_BPS)) / 10_000n, conversionRate(resolved)).toString(),
    };
    try {
      const answer = await deps.http.get('/quotes', query, StargateQuotesAnswerSchema, call);
      if (answer.quotes === undefined) throw translateStargateError(answer.message);
      return answer;
    } catch (error) {
      if (error instanceof VenueRejection) throw error;
      if (!(error instanceof VenueHttpError) || error.status >= 500) throw error;
      const body = Value.Check(StargateErrorBodySchema, error.body) ? error.body : null;
      throw translateStargateError(errorMessageOf(body?.error) || (body?.message ?? ''), {}, error.status);
    }
  }

  /**
   * The taxi route of an answer, its bridge step decoded and checked against the request, or the typed
   * reason there is none. A probe (`exact: false`) is read for its LayerZero fee only.
   */
  function taxiOf(body: StargateQuotes, request: VenueQuoteRequest, resolved: Resolved, srcAmount: bigint, exact: boolean): Priced {
    const taxi = body.quotes.find((q) => q.route === TAXI && !errorMessageOf(q.error));
    if (!taxi) {
      if (body.quotes.length === 0) throw new VenueRejection('no_liquidity', 'Stargate quoted no route for this transfer', { venueMessage: 'no quotes' });
      const failed = body.quotes.find((q) => q.route === TAXI) ?? body.quotes.find((q) => errorMessageOf(q.error)) ?? body.quotes[0]!;
      const message = errorMessageOf(failed.error) || `only the ${body.quotes.map((q) => q.route ?? 'unnamed').join(', ')} route(s), no taxi`;
      // A native input pays the LayerZero fee out of itself, so its limit is the pool's plus the fee.
      const limit = failed.srcAmountMax !== undefined ? BigInt(failed.srcAmountMax) + (resolved.tokenPool === null ? nativeFeeOf(failed) : 0n) : undefined;
      if (limit !== undefined && srcAmount > BigInt(failed.srcAmountMax!)) throw translateStargateError(`amount ${srcAmount} exceeds srcAmountMax ${failed.srcAmountMax}`, { maxAmountAtomic: limit });
      throw translateStargateError(message, limit !== undefined ? { maxAmountAtomic: limit } : {});
    }
    const tx = bridgeStepOf(taxi, resolved);
    if (!same(tx.to, resolved.pool)) throw unsafe(`Stargate's bridge step calls ${tx.to}, not the ${resolved.tokenPool?.symbol ?? 'native'} pool ${resolved.pool} of ${resolved.from.key}`);
    const data = hexData(tx.data);
    const decoded = decodeStargateSend(data);
    if (!decoded) throw unsafe("Stargate's bridge step is not a send call");
    const value = quantity(tx.value ?? '0');
    if (taxi.dstAmount === undefined) throw unsafe("Stargate's taxi answer has no dstAmount");
    const dstAmount = BigInt(taxi.dstAmount);
    const refundAddress = getAddress(request.recipient);
    if (!exact) return { send: { ...decoded, refundAddress }, value, quote: taxi, dstAmount };
    if (decoded.amountLD !== srcAmount) throw unsafe(`Stargate's send bridges ${decoded.amountLD}, not the ${srcAmount} asked`);
    const expectedValue = resolved.tokenPool === null ? decoded.amountLD + decoded.nativeFee : decoded.nativeFee;
    if (value !== expectedValue) throw unsafe(`Stargate's bridge step sends ${value} wei for ${resolved.tokenPool === null ? `${decoded.amountLD} bridged plus ` : ''}a ${decoded.nativeFee} LayerZero fee`);
    if (taxi.srcAmount !== undefined && BigInt(taxi.srcAmount) !== srcAmount) throw unsafe(`Stargate priced ${taxi.srcAmount}, not the ${srcAmount} asked`);
    if (decoded.minAmountLD > dstAmount) throw unsafe(`Stargate's send asks a minimum of ${decoded.minAmountLD} above its dstAmount ${dstAmount}`);
    if (!same(decoded.refundAddress, request.sender) && !same(decoded.refundAddress, refundAddress)) throw unsafe(`Stargate's send refunds to ${decoded.refundAddress}, neither the sender nor the recipient`);
    // The endpoint refunds any fee overpaid to `refundAddress`; the submit-time check knows only the recipient, so it is the one refunded.
    return { send: { ...decoded, refundAddress }, value, quote: taxi, dstAmount };
  }

  /** Asks for the fee, then for `amountIn − fee`: the priced taxi whose one step sends no more than `amountIn`. */
  async function priceNative(request: VenueQuoteRequest, resolved: Resolved, call: CallContext): Promise<Priced> {
    const probeAmount = floorToPool(request.amountIn);
    if (probeAmount === 0n) throw new VenueRejection('below_min', `Stargate moves ETH in steps of ${NATIVE_CONVERSION_RATE} wei`, { minAmountAtomic: NATIVE_CONVERSION_RATE.toString() });
    const probe = taxiOf(await ask(request, resolved, probeAmount, call), request, resolved, probeAmount, false);
    const fee = probe.send.nativeFee;
    const amountLD = request.amountIn > fee ? floorToPool(request.amountIn - fee) : 0n;
    if (amountLD === 0n) {
      throw new VenueRejection('below_min', `the input does not cover Stargate's LayerZero fee of ${fee} wei and one pool step`, { minAmountAtomic: (fee + NATIVE_CONVERSION_RATE).toString() });
    }
    const priced = taxiOf(await ask(request, resolved, amountLD, call), request, resolved, amountLD, true);
    if (priced.value > request.amountIn) {
      throw new VenueRejection('no_liquidity', `Stargate's LayerZero fee rose to ${priced.send.nativeFee} wei between two asks; the step would send more than the input`);
    }
    return checked(priced, request, resolved);
  }

  /** An ERC-20 pool bridges the whole input: one ask, the LayerZero fee beside it as the step's whole value. */
  async function priceToken(request: VenueQuoteRequest, resolved: Resolved, call: CallContext): Promise<Priced> {
    const priced = taxiOf(await ask(request, resolved, request.amountIn, call), request, resolved, request.amountIn, true);
    return checked(priced, request, resolved);
  }

  /** The re-encoded call as the allow-list will see it, checked against the transfer now rather than at vetting. */
  function checked(priced: Priced, request: VenueQuoteRequest, resolved: Resolved): Priced {
    const why = whyNotStargateSend(
      encodeStargateSend(priced.send),
      priced.value,
      { sourceChainId: evmChainId(resolved.from.key), sourceToken: request.fromToken.address, amount: request.amountIn, recipient: request.recipient, destinationChainId: evmChainId(resolved.to.key) },
      resolved.tokenPool?.token ?? null,
    );
    if (why !== null) throw unsafe(`Stargate's send ${why}`);
    return priced;
  }

  const price = (request: VenueQuoteRequest, resolved: Resolved, call: CallContext): Promise<Priced> => (resolved.tokenPool === null ? priceNative(request, resolved, call) : priceToken(request, resolved, call));

  function contextOf(resolved: Resolved, priced: Priced): StargateContext {
    return {
      srcChainKey: resolved.from.chainKey,
      dstChainKey: resolved.to.chainKey,
      pool: getAddress(resolved.pool),
      amountLD: priced.send.amountLD.toString(),
      nativeFee: priced.send.nativeFee.toString(),
      dstAmount: priced.dstAmount.toString(),
      minAmountLD: priced.send.minAmountLD.toString(),
      route: TAXI,
    };
  }

  return {
    id: stargateVenue.id,
    supports(corridor): CoverageAnswer {
      const resolved = resolve(corridor);
      return 'served' in resolved ? resolved : { served: true };
    },
    coverage: () => ({
      origins: STARGATE_CHAINS.map((c) => c.key),
      tokenSymbols(fromChain, toChain) {
        const from = stargateChain(fromChain);
        const to = stargateChain(toChain);
        if (!from || !to || fromChain === toChain) return [];
        // A pool's token counts only where the registry knows it at the pool's address on both chains.
        const known = (chain: StargateChain, pool: StargateTokenPool) => tokensOn(chain.key).some((token) => token.address !== null && same(token.address, pool.token));
        const pooled = from.tokenPools.filter((pool) => known(from, pool) && to.tokenPools.some((there) => there.symbol === pool.symbol && known(to, there)));
        return ['ETH', ...pooled.map((pool) => pool.symbol)];
      },
    }),

    async quote(request, call): Promise<VenueQuote> {
      const resolved = resolveOrThrow(request);
      const priced = await price(request, resolved, call);
      const estimated = priced.quote.duration?.estimated;
      return {
        amountIn: request.amountIn,
        // Stargate's dstAmount is net of its pool fee; the LayerZero fee came out of a native input, or rides beside a token.
        amountOut: priced.dstAmount,
        minAmountOut: priced.send.minAmountLD,
        estimatedSeconds: estimated === undefined || estimated === null ? null : Math.round(estimated),
        expiresAt: deps.now() + QUOTE_TTL_MS,
        context: contextOf(resolved, priced),
      };
    },

    async build({ request, quote }, call): Promise<StepsPlan> {
      const resolved = resolveOrThrow(request);
      const stored = readContext(quote.context);
      if (stored.srcChainKey !== resolved.from.chainKey || stored.dstChainKey !== resolved.to.chainKey || !same(stored.pool, resolved.pool)) {
        throw new VenueRejection('invalid_input', 'the stored Stargate quote was priced for another corridor');
      }
      // Fresh calldata: the LayerZero fee and the pool's credit move between quote and build.
      const priced = await price(request, resolved, call);
      const chainId = evmChainId(resolved.from.key);
      const pool = getAddress(resolved.pool);
      const token = resolved.tokenPool;
      return {
        shape: 'steps',
        // The pinned pool, and the call re-encoded from its checked fields (refund to the recipient).
        steps: [{ vm: 'evm', step: 'main', chainId, to: pool, data: encodeStargateSend(priced.send), value: priced.value }],
        // The API's own approve step is not used: Strait approves the pinned pool for exactly the amount.
        approval: token === null ? null : { chainId, token: token.token, spender: pool, amount: request.amountIn },
        amountOut: priced.dstAmount,
        minAmountOut: priced.send.minAmountLD,
        context: contextOf(resolved, priced),
        // Beside a token the LayerZero fee is the step's whole value; a native input pays it out of the amount.
        ...(token !== null ? { nativeFee: priced.send.nativeFee } : {}),
        // Strait's own encoding of an OFT send to a Solidity pool: the engine tags it (engine/tagCalldata.ts).
        tagMain: true,
      };
    },

    async status(request, call): Promise<VenueStatus> {
      const to = stargateChain(request.toChain);
      if (!/^0x[0-9a-fA-F]{64}$/.test(request.sourceTxHash)) throw new VenueRejection('invalid_input', `'${request.sourceTxHash}' is not an EVM transaction hash`);
      // Scan answers 404 (or an empty list) for a transaction it has not indexed yet.
      const body = await scan.get(`/messages/tx/${request.sourceTxHash}`, {}, ScanMessagesSchema, call, { notFoundAs: null });
      const messages = body?.data ?? [];
      const message = pickMessage(messages, to?.eid ?? -1);
      if (message === null) {
        const detail = messages.length === 0 ? 'LayerZero Scan has not indexed the message yet' : `LayerZero Scan lists ${messages.length} messages for the transaction, none to ${request.toChain}`;
        return { state: 'pending', venueStatus: 'NOT_INDEXED', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail };
      }
      return toStargateStatus(message, { recipient: request.recipient, toToken: request.toToken });
    },
  };
}

/**
 * LayerZero Scan lives on another host than the Stargate API, so status needs a client of its own:
 * `STRAIT_VENUE_STARGATE_SCAN_URL` when set; otherwise the public Scan API, unless the venue's base
 * URL was pointed elsewhere (a gateway, the sandbox's or a test's fake), which then answers both
 * dialects on one host through the registry's own client.
 */
function scanClient(deps: VenueDeps): VenueHttpClient {
  const configured = deps.credentials.SCAN_URL?.trim();
  const pointedElsewhere = deps.baseUrl.replace(/\/+$/, '') !== DEFAULT_BASE_URL;
  if (!configured && pointedElsewhere) return deps.http;
  const baseUrl = configured || PUBLIC_SCAN_URL;
  if (baseUrl.replace(/\/+$/, '') === deps.baseUrl.replace(/\/+$/, '')) return deps.http;
  // Status polls only: a breaker of its own, so Scan's faults never rest Stargate's quoting.
  return createVenueHttpClient({
    venueId: 'stargate',
    baseUrl,
    attemptTimeoutMs: 10_000,
    maxAttempts: 2,
    health: new VenueHealth('stargate', { failuresToOpen: 5, halfOpenAfterMs: 30_000 }, isVenueFault),
    now: deps.now,
  });
}

/**
 * The taxi's one bridge transaction. A native transfer takes that step alone; a token transfer may be
 * preceded by the API's approval of the source token, which Strait replaces by its own exact one.
 */
function bridgeStepOf(taxi: StargateQuote, resolved: Resolved): StargateTransaction {
  const steps = taxi.steps ?? [];
  const bridges = steps.filter((s) => s.type === 'bridge');
  const others = steps.filter((s) => s.type !== 'bridge');
  const approvalsOnly = resolved.tokenPool !== null && others.every((s) => s.type === 'approve' && same(s.transaction.to, resolved.srcToken));
  if (bridges.length !== 1 || (others.length > 0 && !approvalsOnly)) {
    throw unsafe(`Stargate's taxi answer has steps [${steps.map((s) => s.type).join(', ')}], not the one bridge step ${resolved.tokenPool === null ? 'a native transfer takes' : '(after an approval of the source token) a token transfer takes'}`);
  }
  return bridges[0]!.transaction;
}

type StargateTransaction = NonNullable<StargateQuote['steps']>[number]['transaction'];

function nativeFeeOf(quote: StargateQuote): bigint {
  const fee = (quote.fees ?? []).find((f) => f.type?.toLowerCase() === 'message' && f.amount !== undefined && /^[0-9]{1,78}$/.test(f.amount));
  return fee?.amount !== undefined ? BigInt(fee.amount) : 0n;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

function hexData(data: string): Hex {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(data)) throw unsafe(`Stargate's bridge data is not hex calldata ('${data.slice(0, 16)}')`);
  return data as Hex;
}

function quantity(value: string): bigint {
  if (!/^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(value)) throw unsafe(`Stargate's bridge value '${value.slice(0, 20)}' is not a quantity`);
  return BigInt(value);
}

function unsafe(message: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path: '/quotes/steps' });
}

function evmAddress(value: string, field: string): Address {
  if (!isAddress(value, { strict: false })) throw new VenueRejection('invalid_input', `Stargate needs an EVM ${field}, got '${value}'`, { field });
  return value;
}

/** The stored quote (and build) context, validated once and read typed. */
function readContext(context: unknown): StargateContext {
  if (!Value.Check(StargateContextSchema, context)) {
    const first = Value.Errors(StargateContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `stored Stargate context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}
