import { getAddress, isAddress, type Address, type Hex } from 'viem';
import { Value } from 'typebox/value';
import { evmChainId } from '../../domain/chains.ts';
import { createVenueHttpClient, VenueHttpError, type VenueHttpClient } from '../venueHttpClient.ts';
import { VenueHealth } from '../venueHealth.ts';
import { isVenueFault } from '../venueHttpClient.ts';
import { VenueRejection, type CallContext, type CoverageAnswer, type Corridor, type StepsPlan, type Venue, type VenueQuote, type VenueQuoteRequest, type VenueStatus } from '../Venue.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { NATIVE_CONVERSION_RATE, STARGATE_CHAINS, STARGATE_NATIVE_TOKEN, STARGATE_SEND_SELECTOR, stargateChain, type StargateChain } from './stargateChains.ts';
import { errorMessageOf, pickMessage, STARGATE_ERROR_CODES, toStargateStatus, translateStargateError } from './stargateMapping.ts';
import { StargateContextSchema, StargateErrorBodySchema, StargateQuotesSchema, ScanMessagesSchema, type StargateContext, type StargateQuote, type StargateQuotes } from './stargateSchemas.ts';
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
 * native ETH between the chains of `stargateChains.ts`, and LayerZero Scan for status (Stargate's API
 * has none). The LayerZero fee rides as `msg.value` on top of the amount bridged, so Strait asks twice:
 * once for the fee, then for `amountIn − fee`, so that the one step sends no more than the input.
 * Every `send` is decoded and must be a plain taxi paying the recipient on the requested chain
 * (stargateSendCalls.ts), at build and again at submit. ERC-20 pools are not served: their fee would be
 * native value beside a token call, which Strait's vetting refuses.
 */
export const stargateVenue: VenueModule = {
  id: 'stargate',
  capabilities: { archetype: 'pool', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  defaultBaseUrl: DEFAULT_BASE_URL,
  contextSchema: StargateContextSchema,
  errorCodes: STARGATE_ERROR_CODES,
  // The native pool of each chain, its `send` only, each call checked against the transfer.
  allowList: {
    calls: STARGATE_CHAINS.map((chain) => ({ chainId: evmChainId(chain.key), to: chain.nativePool, selectors: [STARGATE_SEND_SELECTOR], check: whyNotStargateSend })),
    transferRecipients: [],
  },
  create(deps) {
    return createStargateVenue(deps);
  },
};

interface Resolved {
  readonly from: StargateChain;
  readonly to: StargateChain;
}

type NotServed = Extract<CoverageAnswer, { served: false }>;

function resolve(corridor: Corridor): Resolved | NotServed {
  const from = stargateChain(corridor.fromChain);
  const to = stargateChain(corridor.toChain);
  if (!from || !to || from.key === to.key) {
    return { served: false, code: 'route_not_served', message: `Strait routes Stargate between the native ETH pools of ${STARGATE_CHAINS.map((c) => c.key).join(', ')} only` };
  }
  if (corridor.fromToken.address !== null || corridor.toToken.address !== null) {
    return {
      served: false,
      code: 'token_not_supported',
      message: "Strait moves only native ETH through Stargate: an ERC-20 pool's send carries the LayerZero fee as native value beside the token call, which Strait's step checks refuse",
    };
  }
  return { from, to };
}

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

const floorToPool = (amount: bigint): bigint => (amount / NATIVE_CONVERSION_RATE) * NATIVE_CONVERSION_RATE;

function createStargateVenue(deps: VenueDeps): Venue {
  const scan = scanClient(deps);

  async function ask(request: VenueQuoteRequest, resolved: Resolved, srcAmount: bigint, call: CallContext): Promise<StargateQuotes> {
    const query = {
      srcToken: STARGATE_NATIVE_TOKEN,
      dstToken: STARGATE_NATIVE_TOKEN,
      srcAddress: evmAddress(request.sender, 'sender'),
      dstAddress: evmAddress(request.recipient, 'recipient'),
      srcChainKey: resolved.from.chainKey,
      dstChainKey: resolved.to.chainKey,
      srcAmount: srcAmount.toString(),
      dstAmountMin: floorToPool((srcAmount * (10_000n - SLIPPAGE_BPS)) / 10_000n).toString(),
    };
    try {
      return await deps.http.get('/quotes', query, StargateQuotesSchema, call);
    } catch (error) {
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
      const max = failed.srcAmountMax !== undefined ? BigInt(failed.srcAmountMax) : undefined;
      if (max !== undefined && srcAmount > max) throw translateStargateError(`amount ${srcAmount} exceeds srcAmountMax ${max}`, { maxAmountAtomic: max + nativeFeeOf(failed) });
      throw translateStargateError(message, max !== undefined ? { maxAmountAtomic: max + nativeFeeOf(failed) } : {});
    }
    const steps = taxi.steps ?? [];
    const bridges = steps.filter((s) => s.type === 'bridge');
    if (bridges.length !== 1 || steps.length !== 1) throw unsafe(`Stargate's taxi answer has steps [${steps.map((s) => s.type).join(', ')}], not the one bridge step a native transfer takes`);
    const tx = bridges[0]!.transaction;
    if (!same(tx.to, resolved.from.nativePool)) throw unsafe(`Stargate's bridge step calls ${tx.to}, not the native pool ${resolved.from.nativePool} of ${resolved.from.key}`);
    const data = hexData(tx.data);
    const decoded = decodeStargateSend(data);
    if (!decoded) throw unsafe("Stargate's bridge step is not a send call");
    const value = quantity(tx.value ?? '0');
    if (taxi.dstAmount === undefined) throw unsafe("Stargate's taxi answer has no dstAmount");
    const dstAmount = BigInt(taxi.dstAmount);
    const refundAddress = getAddress(request.recipient);
    if (!exact) return { send: { ...decoded, refundAddress }, value, quote: taxi, dstAmount };
    if (decoded.amountLD !== srcAmount) throw unsafe(`Stargate's send bridges ${decoded.amountLD}, not the ${srcAmount} asked`);
    if (value !== decoded.amountLD + decoded.nativeFee) throw unsafe(`Stargate's bridge step sends ${value} wei for ${decoded.amountLD} bridged plus a ${decoded.nativeFee} LayerZero fee`);
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
    const why = whyNotStargateSend(encodeStargateSend(priced.send), priced.value, {
      sourceChainId: evmChainId(resolved.from.key),
      sourceToken: request.fromToken.address,
      amount: request.amountIn,
      recipient: request.recipient,
      destinationChainId: evmChainId(resolved.to.key),
    });
    if (why !== null) throw unsafe(`Stargate's send ${why}`);
    return priced;
  }

  function contextOf(resolved: Resolved, priced: Priced): StargateContext {
    return {
      srcChainKey: resolved.from.chainKey,
      dstChainKey: resolved.to.chainKey,
      pool: getAddress(resolved.from.nativePool),
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
      tokenSymbols: (fromChain, toChain) => (stargateChain(fromChain) && stargateChain(toChain) && fromChain !== toChain ? ['ETH'] : []),
    }),

    async quote(request, call): Promise<VenueQuote> {
      const resolved = resolveOrThrow(request);
      const priced = await priceNative(request, resolved, call);
      const estimated = priced.quote.duration?.estimated;
      return {
        amountIn: request.amountIn,
        // Stargate's dstAmount is net of its pool fee; the LayerZero fee came out of the input.
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
      if (stored.srcChainKey !== resolved.from.chainKey || stored.dstChainKey !== resolved.to.chainKey || !same(stored.pool, resolved.from.nativePool)) {
        throw new VenueRejection('invalid_input', 'the stored Stargate quote was priced for another corridor');
      }
      // Fresh calldata: the LayerZero fee and the pool's credit move between quote and build.
      const priced = await priceNative(request, resolved, call);
      const chainId = evmChainId(resolved.from.key);
      return {
        shape: 'steps',
        // The pinned pool, and the call re-encoded from its checked fields (refund to the recipient).
        steps: [{ vm: 'evm', step: 'main', chainId, to: getAddress(resolved.from.nativePool), data: encodeStargateSend(priced.send), value: priced.value }],
        approval: null,
        amountOut: priced.dstAmount,
        minAmountOut: priced.send.minAmountLD,
        context: contextOf(resolved, priced),
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
