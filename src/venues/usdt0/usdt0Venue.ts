import { getAddress, isAddress, type Address, type PublicClient } from 'viem';
import { Value } from 'typebox/value';
import { evmChainId, type ChainKey } from '../../domain/chains.ts';
import { tokensOn } from '../../domain/tokens.ts';
import { VenueRejection, type CallContext, type CoverageAnswer, type Corridor, type StepsPlan, type Venue, type VenueQuote, type VenueQuoteRequest, type VenueStatus } from '../Venue.ts';
import type { CallIntent } from '../allowList.ts';
import { PUBLIC_SCAN_URL, pickMessage, ScanMessagesSchema, unindexedStatus } from '../layerzero/layerZeroScan.ts';
import { addressToBytes32, encodeOftSend, OFT_SEND_SELECTOR, type OftSend } from '../layerzero/oftSend.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { oftViewAbi, USDT0_CHAINS, USDT0_DECIMALS, usdt0Chain, type Usdt0Chain } from './usdt0Chains.ts';
import { toUsdt0Status, translateMessengerError, USDT0_ERROR_CODES } from './usdt0Mapping.ts';
import { Usdt0ContextSchema, type Usdt0Context } from './usdt0Schemas.ts';
import { whyNotUsdt0Send } from './usdt0Send.ts';

/** The LayerZero fee moves with gas prices on both sides: a row holds a minute, and build reads it again. */
const QUOTE_TTL_MS = 60_000;
/**
 * Source finality plus DVN verification and the executor (shared/venues/usdt0.md, unconfirmed by
 * LayerZero): Ethereum waits 15 confirmations, the L2s about a minute.
 */
const ETA_FROM_ETHEREUM_S = 180;
const ETA_FROM_L2_S = 60;
const PLAIN = '0x' as const;

/**
 * USDT0, Tether's LayerZero OFT: USDT locked in Ethereum's adapter, USDT0 minted and burned on the
 * other chains of `usdt0Chains.ts`. There is no quote API: the adapter reads the source chain's
 * messenger through the configured RPC (`quoteOFT` for amounts and limits, `quoteSend` for the
 * LayerZero fee) and builds `send` itself, the fee as the step's value declared as the plan's native
 * fee. Without an RPC for the source chain it refuses (`venue_disabled`), never guesses. Status comes
 * from LayerZero Scan, the venue's base URL.
 */
export const usdt0Venue: VenueModule = {
  id: 'usdt0',
  capabilities: { archetype: 'canonical', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  defaultBaseUrl: PUBLIC_SCAN_URL,
  contextSchema: Usdt0ContextSchema,
  errorCodes: USDT0_ERROR_CODES,
  // Each chain's messenger, its `send` only, every call decoded and checked against the transfer.
  allowList: {
    calls: USDT0_CHAINS.map((chain) => ({
      chainId: evmChainId(chain.key),
      to: chain.messenger,
      selectors: [OFT_SEND_SELECTOR],
      check: (data, value, intent: CallIntent) => whyNotUsdt0Send(data, value, intent, chain),
    })),
    transferRecipients: [],
  },
  create: (deps) => createUsdt0Venue(deps),
};

interface Route {
  readonly from: Usdt0Chain;
  readonly to: Usdt0Chain;
}

type NotServed = Extract<CoverageAnswer, { served: false }>;

function resolve(corridor: Corridor): Route | NotServed {
  const from = usdt0Chain(corridor.fromChain);
  const to = usdt0Chain(corridor.toChain);
  if (!from || !to || from.key === to.key) {
    return { served: false, code: 'route_not_served', message: `Strait routes USDT0 between ${USDT0_CHAINS.map((c) => c.key).join(', ')} only` };
  }
  const isToken = (token: Corridor['fromToken'], chain: Usdt0Chain) => token.address !== null && token.address.toLowerCase() === chain.token.toLowerCase();
  if (!isToken(corridor.fromToken, from) || !isToken(corridor.toToken, to)) {
    return { served: false, code: 'token_not_supported', message: `USDT0 moves USDT/USDT0 only (${from.key}: ${from.token}, ${to.key}: ${to.token})` };
  }
  return { from, to };
}

function routeOrThrow(corridor: Corridor): Route {
  const route = resolve(corridor);
  if ('served' in route) throw new VenueRejection(route.code, route.message);
  return route;
}

/** What the messenger said, checked: the `send` to build (refund to the sender) and what it delivers. */
interface Priced {
  readonly send: OftSend;
  readonly amountReceived: bigint;
}

function createUsdt0Venue(deps: VenueDeps): Venue {
  function clientFor(chain: ChainKey): PublicClient {
    const client = deps.evm(chain);
    if (client === null) {
      throw new VenueRejection('venue_disabled', `USDT0 is priced from ${chain}'s chain and no RPC is configured for it (STRAIT_RPC_${chain.toUpperCase()})`, { chain, reason: 'no_rpc' });
    }
    return client;
  }

  async function read<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw translateMessengerError(error, what);
    }
  }

  async function price(request: VenueQuoteRequest, route: Route): Promise<Priced> {
    const sender = evmAddress(request.sender, 'sender');
    const recipient = evmAddress(request.recipient, 'recipient');
    const client = clientFor(route.from.key);
    const messenger = route.from.messenger;
    const probe = { dstEid: route.to.eid, to: addressToBytes32(recipient), amountLD: request.amountIn, minAmountLD: 0n, extraOptions: PLAIN, composeMsg: PLAIN, oftCmd: PLAIN } as const;
    const [token, sharedDecimals, [limit, , receipt]] = await Promise.all([
      read('token()', () => client.readContract({ address: messenger, abi: oftViewAbi, functionName: 'token' })),
      read('sharedDecimals()', () => client.readContract({ address: messenger, abi: oftViewAbi, functionName: 'sharedDecimals' })),
      read('the transfer (quoteOFT)', () => client.readContract({ address: messenger, abi: oftViewAbi, functionName: 'quoteOFT', args: [probe] })),
    ]);
    if (token.toLowerCase() !== route.from.token.toLowerCase()) throw unsafe(`the messenger ${messenger} of ${route.from.key} moves ${token}, not ${route.from.token}`);
    if (sharedDecimals > USDT0_DECIMALS) throw unsafe(`the messenger keeps ${sharedDecimals} shared decimals, more than USDT's ${USDT0_DECIMALS}`);
    // An amount with dust below the shared decimals would be cut by the OFT: only whole steps are priced.
    const step = 10n ** BigInt(USDT0_DECIMALS - sharedDecimals);
    if (request.amountIn % step !== 0n) throw new VenueRejection('invalid_input', `USDT0 moves multiples of ${step} atomic units`, { field: 'amountAtomic', stepAtomic: step.toString() });
    if (request.amountIn < limit.minAmountLD) throw new VenueRejection('below_min', `USDT0 moves at least ${limit.minAmountLD}`, { minAmountAtomic: limit.minAmountLD.toString() });
    if (request.amountIn > limit.maxAmountLD) throw new VenueRejection('above_max', `USDT0 moves at most ${limit.maxAmountLD} now`, { maxAmountAtomic: limit.maxAmountLD.toString() });
    if (receipt.amountSentLD !== request.amountIn) throw unsafe(`quoteOFT debits ${receipt.amountSentLD}, not the ${request.amountIn} asked`);
    if (receipt.amountReceivedLD === 0n || receipt.amountReceivedLD > receipt.amountSentLD) throw unsafe(`quoteOFT delivers ${receipt.amountReceivedLD} for ${receipt.amountSentLD} sent`);
    // The OFT's debit is deterministic (no pool, no price): the floor is what quoteOFT delivers, and a
    // change of its fee between quote and send reverts the whole transaction rather than paying less.
    const param = { ...probe, minAmountLD: receipt.amountReceivedLD };
    const fee = await read('the LayerZero fee (quoteSend)', () => client.readContract({ address: messenger, abi: oftViewAbi, functionName: 'quoteSend', args: [param, false] }));
    const send: OftSend = { ...param, nativeFee: fee.nativeFee, lzTokenFee: 0n, refundAddress: sender };
    const why = whyNotUsdt0Send(encodeOftSend(send), send.nativeFee, intentOf(request, route), route.from);
    if (why !== null) throw unsafe(`the send built from the messenger's answers ${why}`);
    return { send, amountReceived: receipt.amountReceivedLD };
  }

  function contextOf(route: Route, priced: Priced): Usdt0Context {
    return {
      srcEid: route.from.eid,
      dstEid: route.to.eid,
      messenger: getAddress(route.from.messenger),
      amountLD: priced.send.amountLD.toString(),
      minAmountLD: priced.send.minAmountLD.toString(),
      nativeFee: priced.send.nativeFee.toString(),
    };
  }

  return {
    id: usdt0Venue.id,
    supports(corridor): CoverageAnswer {
      const route = resolve(corridor);
      return 'served' in route ? route : { served: true };
    },
    coverage: () => ({
      origins: USDT0_CHAINS.map((c) => c.key),
      tokenSymbols(fromChain, toChain) {
        const from = usdt0Chain(fromChain);
        const to = usdt0Chain(toChain);
        if (!from || !to || fromChain === toChain) return [];
        // Listed only where the registry knows the token at the messenger's token address on both chains.
        const known = (chain: Usdt0Chain) => tokensOn(chain.key).some((token) => token.address !== null && token.address.toLowerCase() === chain.token.toLowerCase());
        return known(from) && known(to) ? ['USDT'] : [];
      },
    }),

    async quote(request): Promise<VenueQuote> {
      const route = routeOrThrow(request);
      const priced = await price(request, route);
      return {
        amountIn: request.amountIn,
        amountOut: priced.amountReceived,
        minAmountOut: priced.send.minAmountLD,
        estimatedSeconds: route.from.key === 'ethereum' ? ETA_FROM_ETHEREUM_S : ETA_FROM_L2_S,
        expiresAt: deps.now() + QUOTE_TTL_MS,
        context: contextOf(route, priced),
      };
    },

    async build({ request, quote }): Promise<StepsPlan> {
      const route = routeOrThrow(request);
      const stored = readContext(quote.context);
      if (stored.srcEid !== route.from.eid || stored.dstEid !== route.to.eid || stored.messenger.toLowerCase() !== route.from.messenger.toLowerCase()) {
        throw new VenueRejection('invalid_input', 'the stored USDT0 quote was priced for another corridor');
      }
      // Fresh reads: the LayerZero fee and the messenger's limits move between quote and build.
      const priced = await price(request, route);
      const chainId = evmChainId(route.from.key);
      const messenger = getAddress(route.from.messenger);
      return {
        shape: 'steps',
        steps: [{ vm: 'evm', step: 'main', chainId, to: messenger, data: encodeOftSend(priced.send), value: priced.send.nativeFee }],
        // Ethereum's adapter pulls the USDT it locks: exactly the amount. The OFTs burn from the caller.
        approval: route.from.pullsToken ? { chainId, token: getAddress(route.from.token), spender: messenger, amount: request.amountIn } : null,
        amountOut: priced.amountReceived,
        minAmountOut: priced.send.minAmountLD,
        context: contextOf(route, priced),
        nativeFee: priced.send.nativeFee,
        tagMain: true,
      };
    },

    async status(request, call: CallContext): Promise<VenueStatus> {
      const to = usdt0Chain(request.toChain);
      if (!/^0x[0-9a-fA-F]{64}$/.test(request.sourceTxHash)) throw new VenueRejection('invalid_input', `'${request.sourceTxHash}' is not an EVM transaction hash`);
      // Scan answers 404 (or an empty list) for a transaction it has not indexed yet.
      const body = await deps.http.get(`/messages/tx/${request.sourceTxHash}`, {}, ScanMessagesSchema, call, { notFoundAs: null });
      const messages = body?.data ?? [];
      const message = pickMessage(messages, to?.eid ?? -1);
      if (message === null) return unindexedStatus(messages, request.toChain);
      return toUsdt0Status(message, { recipient: request.recipient, toToken: request.toToken, sharedDecimals: USDT0_DECIMALS });
    },
  };
}

function intentOf(request: VenueQuoteRequest, route: Route): CallIntent {
  return { sourceChainId: evmChainId(route.from.key), sourceToken: request.fromToken.address, amount: request.amountIn, recipient: request.recipient, destinationChainId: evmChainId(route.to.key) };
}

function unsafe(message: string): VenueRejection {
  return new VenueRejection('venue_bad_response', `USDT0: ${message}`, { path: 'messenger' });
}

function evmAddress(value: string, field: string): Address {
  if (!isAddress(value, { strict: false })) throw new VenueRejection('invalid_input', `USDT0 needs an EVM ${field}, got '${value}'`, { field });
  return getAddress(value);
}

/** The stored quote context, validated once and read typed. */
function readContext(context: unknown): Usdt0Context {
  if (!Value.Check(Usdt0ContextSchema, context)) {
    const first = Value.Errors(Usdt0ContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `stored USDT0 context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}
