import { getAddress, isAddress, type Address, type Hex } from 'viem';
import { Value } from 'typebox/value';
import { tokensOn } from '../../domain/tokens.ts';
import { VenueRejection, type CallContext, type CoverageAnswer, type Corridor, type StepsPlan, type Venue, type VenueCoverage, type VenueQuote, type VenueQuoteRequest, type VenueStatus } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { ECO_CHAINS, ECO_PORTAL, ECO_PROVERS, ECO_SYMBOLS, ecoChain, type EcoChain } from './ecoChains.ts';
import { decodeEcoRoute, ecoDelivery, ECO_PORTAL_SELECTORS, encodeEcoPublish, whyNotEcoCall } from './ecoIntentCalls.ts';
import { ECO_ERROR_CODES, toEcoStatus, translateEcoError } from './ecoMapping.ts';
import { EcoContextSchema, EcoErrorSchema, EcoIntentStatusSchema, EcoQuotesSchema, type EcoContext, type EcoQuoteEntry } from './ecoSchemas.ts';

const EXACT_IN = '/api/v3/quotes/exactIn';
const INTENT_STATUS = '/api/v3/intents/intentStatus';
/** Attribution only (`dAppID`); any stable string is accepted. */
const DEFAULT_DAPP_ID = 'strait';

/**
 * Eco Routes: the user publishes an intent on Eco's Portal and funds its vault in the same call
 * (`publishAndFund`); a solver pays the recipient on the destination from its own funds and is
 * repaid from the vault once a prover attests the fill; unfilled by the deadline, the funds go back
 * to the sender. Quotes come from Eco's quote service (`POST /api/v3/quotes/exactIn`, SELF_PUBLISH
 * quotes only: GASLESS ones need a Permit2 signature, which Strait does not verify yet); the call is
 * built here from the quote's `encodedRoute`, and the route is decoded and must pay exactly the
 * quoted amount of the quoted stablecoin to the recipient on the requested chain (ecoIntentCalls.ts),
 * at build and again at submit. Status: `POST /api/v3/intents/intentStatus` by the publishing
 * transaction's hash.
 *
 * Served: USDC→USDC and USDT→USDT between the EVM chains of ecoChains.ts. Not built: GASLESS
 * (signature) intents, Solana and Tron, native assets, EXACT_OUT.
 */
export const ecoVenue: VenueModule = {
  id: 'eco',
  capabilities: { archetype: 'intent', tradeTypes: ['EXACT_IN'], executionShapes: ['evm_calldata'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'none' },
  requiredCredentials: [],
  defaultBaseUrl: 'https://quotes.eco.com',
  contextSchema: EcoContextSchema,
  errorCodes: ECO_ERROR_CODES,
  // The Portal pulls the reward into a vault and releases it only on the prover's word: every call decoded.
  allowList: {
    calls: ECO_CHAINS.map((chain) => ({ chainId: chain.chainId, to: ECO_PORTAL, selectors: ECO_PORTAL_SELECTORS, check: whyNotEcoCall })),
    transferRecipients: [],
  },
  // Eco publishes no request budget for its quote service.
  rateLimit: () => null,
  create(deps) {
    return createEcoVenue(deps);
  },
};

interface Resolved {
  readonly from: EcoChain;
  readonly to: EcoChain;
  readonly fromToken: Address;
  readonly toToken: Address;
}

type NotServed = Extract<CoverageAnswer, { served: false }>;

function resolve(corridor: Corridor): Resolved | NotServed {
  const from = ecoChain(corridor.fromChain);
  const to = ecoChain(corridor.toChain);
  if (!from || !to) {
    const missing = !from ? corridor.fromChain : corridor.toChain;
    return { served: false, code: 'route_not_served', message: `Eco is built for the EVM chains of its v2.12 Portal only, not ${missing}` };
  }
  const { fromToken, toToken } = corridor;
  if (fromToken.address === null || toToken.address === null || !ECO_SYMBOLS.includes(fromToken.symbol) || fromToken.symbol !== toToken.symbol) {
    return { served: false, code: 'token_not_supported', message: `Eco moves ${ECO_SYMBOLS.join(' or ')} into the same stablecoin, not ${fromToken.symbol} → ${toToken.symbol}` };
  }
  return { from, to, fromToken: getAddress(fromToken.address), toToken: getAddress(toToken.address) };
}

function resolveOrThrow(corridor: Corridor): Resolved {
  const resolved = resolve(corridor);
  if ('served' in resolved) throw new VenueRejection(resolved.code, resolved.message);
  return resolved;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** A quote entry Strait can build, with what it was checked to deliver. */
interface Usable {
  readonly entry: EcoQuoteEntry;
  readonly destinationAmount: bigint;
  readonly deadline: bigint;
  readonly prover: Address;
  readonly encodedRoute: Hex;
}

function createEcoVenue(deps: VenueDeps): Venue {
  const dAppID = deps.credentials.DAPP_ID ?? DEFAULT_DAPP_ID;

  /** The best SELF_PUBLISH quote for exactly this transfer, its route checked. */
  async function bestQuote(request: VenueQuoteRequest, resolved: Resolved, call: CallContext): Promise<Usable> {
    const sender = evmAddress(request.sender, 'sender');
    const recipient = evmAddress(request.recipient, 'recipient');
    let body;
    try {
      body = await deps.http.post(
        EXACT_IN,
        {
          dAppID,
          intentExecutionTypes: ['SELF_PUBLISH'],
          quoteRequest: {
            sourceChainID: resolved.from.chainId,
            destinationChainID: resolved.to.chainId,
            sourceToken: resolved.fromToken,
            destinationToken: resolved.toToken,
            sourceAmount: request.amountIn.toString(),
            funder: sender,
            recipient,
            refundRecipient: sender,
          },
        },
        EcoQuotesSchema,
        call,
      );
    } catch (error) {
      if (!(error instanceof VenueHttpError)) throw error;
      throw translateEcoError(error, Value.Check(EcoErrorSchema, error.body) ? error.body : null);
    }
    if (body.data.length === 0) throw new VenueRejection('no_liquidity', 'Eco: no solver quoted this transfer', { venueCode: 'NO_QUOTES' });
    const problems: string[] = [];
    let best: Usable | null = null;
    for (const entry of body.data) {
      const usable = usableEntry(entry, request, resolved, recipient);
      if (typeof usable === 'string') {
        problems.push(usable);
        continue;
      }
      if (best === null || usable.destinationAmount > best.destinationAmount) best = usable;
    }
    if (best === null) throw new VenueRejection('venue_bad_response', `Eco answered no quote Strait can build: ${problems.join('; ')}`, { path: '/data' });
    if (best.deadline * 1000n <= BigInt(deps.now())) throw new VenueRejection('venue_bad_response', `Eco's quote expired at ${best.deadline} before it arrived`, { path: '/data/quoteData/quoteResponse/deadline' });
    return best;
  }

  const coverage: VenueCoverage = {
    origins: ECO_CHAINS.map((chain) => chain.key),
    tokenSymbols(fromChain, toChain) {
      if (!ecoChain(fromChain) || !ecoChain(toChain) || fromChain === toChain) return [];
      const there = new Set(tokensOn(toChain).flatMap((token) => (token.address !== null ? [token.symbol] : [])));
      return ECO_SYMBOLS.filter((symbol) => there.has(symbol) && tokensOn(fromChain).some((token) => token.symbol === symbol && token.address !== null));
    },
  };

  return {
    id: ecoVenue.id,
    supports(corridor): CoverageAnswer {
      const resolved = resolve(corridor);
      if ('served' in resolved) return resolved;
      return { served: true };
    },
    coverage: () => coverage,

    async quote(request, call): Promise<VenueQuote> {
      const resolved = resolveOrThrow(request);
      const best = await bestQuote(request, resolved, call);
      const quote = best.entry.quoteData.quoteResponse;
      const context: EcoContext = {
        sourceChainID: resolved.from.chainId,
        destinationChainID: resolved.to.chainId,
        sourceToken: resolved.fromToken,
        destinationToken: resolved.toToken,
        destinationAmount: best.destinationAmount.toString(),
        ...(best.entry.quoteID === undefined ? {} : { quoteID: best.entry.quoteID }),
        ...(best.entry.solverID === undefined ? {} : { solverID: best.entry.solverID }),
      };
      return {
        amountIn: request.amountIn,
        // The route pays exactly this (the solver's fees are the difference from the reward): the
        // intent fills whole or refunds, so expected and minimum are one figure.
        amountOut: best.destinationAmount,
        minAmountOut: best.destinationAmount,
        estimatedSeconds: quote.estimatedFulfillTimeSec ?? null,
        expiresAt: Number(best.deadline) * 1000,
        context,
      };
    },

    async build({ request, quote }, call): Promise<StepsPlan> {
      const resolved = resolveOrThrow(request);
      const stored = readContext(quote.context);
      if (stored.sourceChainID !== resolved.from.chainId || stored.destinationChainID !== resolved.to.chainId || !same(stored.sourceToken, resolved.fromToken) || !same(stored.destinationToken, resolved.toToken)) {
        throw new VenueRejection('invalid_input', 'the stored Eco quote was priced for another corridor');
      }
      // A fresh route (its salt and deadlines are per quote); the engine compares its amount with the stored minimum.
      const best = await bestQuote(request, resolved, call);
      const sender = evmAddress(request.sender, 'sender');
      const reward = { deadline: best.deadline, creator: sender, prover: best.prover, nativeAmount: 0n, tokens: [{ token: resolved.fromToken, amount: request.amountIn }] };
      const data = encodeEcoPublish(BigInt(resolved.to.chainId), best.encodedRoute, reward);
      const why = whyNotEcoCall(data, 0n, { sourceChainId: resolved.from.chainId, sourceToken: resolved.fromToken, amount: request.amountIn, recipient: request.recipient, destinationChainId: resolved.to.chainId });
      if (why !== null) throw unsafe(`Eco's intent ${why}`);
      const context: EcoContext = {
        ...stored,
        destinationAmount: best.destinationAmount.toString(),
        ...(best.entry.quoteID === undefined ? {} : { quoteID: best.entry.quoteID }),
        ...(best.entry.solverID === undefined ? {} : { solverID: best.entry.solverID }),
        rewardDeadline: best.deadline.toString(),
        prover: best.prover,
        encodedRoute: best.encodedRoute,
      };
      return {
        shape: 'steps',
        steps: [{ vm: 'evm', step: 'main', chainId: resolved.from.chainId, to: ECO_PORTAL, data, value: 0n }],
        // The Portal pulls the reward from the sender into the intent's vault.
        approval: { chainId: resolved.from.chainId, token: resolved.fromToken, spender: ECO_PORTAL, amount: request.amountIn },
        amountOut: best.destinationAmount,
        minAmountOut: best.destinationAmount,
        context,
      };
    },

    async status(request, call): Promise<VenueStatus> {
      const context = readContext(request.context);
      try {
        // Eco answers 404 for a publishing transaction it has not indexed yet.
        const body = await deps.http.post(INTENT_STATUS, { intentCreatedHash: request.sourceTxHash }, EcoIntentStatusSchema, call, { notFoundAs: null });
        if (body === null) return { state: 'pending', venueStatus: 'None', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'not indexed by Eco yet' };
        return toEcoStatus(body, BigInt(context.destinationAmount));
      } catch (error) {
        if (!(error instanceof VenueHttpError)) throw error;
        throw translateEcoError(error, Value.Check(EcoErrorSchema, error.body) ? error.body : null);
      }
    },
  };
}

/**
 * Whether a quote entry is one Strait can build for this transfer: SELF_PUBLISH, for exactly the
 * chains, tokens, amount, funder and recipient asked, on the pinned Portal with a pinned prover, its
 * route paying the recipient the quoted amount of the destination token. A string says why not.
 */
function usableEntry(entry: EcoQuoteEntry, request: VenueQuoteRequest, resolved: Resolved, recipient: Address): Usable | string {
  const quote = entry.quoteData.quoteResponse;
  const contracts = entry.quoteData.contracts;
  if (quote.intentExecutionType !== 'SELF_PUBLISH') return `a ${quote.intentExecutionType} quote`;
  if (quote.sourceChainID !== resolved.from.chainId || quote.destinationChainID !== resolved.to.chainId) return `chains ${quote.sourceChainID} → ${quote.destinationChainID}`;
  if (!same(quote.sourceToken, resolved.fromToken) || !same(quote.destinationToken, resolved.toToken)) return `tokens ${quote.sourceToken} → ${quote.destinationToken}`;
  if (BigInt(quote.sourceAmount) !== request.amountIn) return `a source amount of ${quote.sourceAmount}`;
  if (!same(quote.recipient, recipient) || !same(quote.funder, request.sender)) return `funder ${quote.funder} and recipient ${quote.recipient}`;
  if (!same(contracts.sourcePortal, ECO_PORTAL)) return `the Portal ${contracts.sourcePortal}, not the pinned ${ECO_PORTAL}`;
  const prover = ECO_PROVERS.find((known) => same(known, contracts.prover));
  if (!prover) return `the prover ${contracts.prover}, not one Strait pins`;
  const route = decodeEcoRoute(quote.encodedRoute as Hex);
  if (typeof route === 'string') return `a route that ${route}`;
  const delivery = ecoDelivery(route, resolved.to.chainId);
  if (typeof delivery === 'string') return `a route that ${delivery}`;
  const destinationAmount = BigInt(quote.destinationAmount);
  if (!same(delivery.token, resolved.toToken) || !same(delivery.recipient, recipient) || delivery.amount !== destinationAmount) {
    return `a route paying ${delivery.amount} of ${delivery.token} to ${delivery.recipient}, not ${destinationAmount} of ${resolved.toToken} to the recipient`;
  }
  if (destinationAmount <= 0n) return 'nothing delivered';
  return { entry, destinationAmount, deadline: BigInt(quote.deadline), prover, encodedRoute: quote.encodedRoute as Hex };
}

function unsafe(message: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path: '/data/quoteData' });
}

function evmAddress(value: string, field: string): Address {
  if (!isAddress(value, { strict: false })) throw new VenueRejection('invalid_input', `Eco needs an EVM ${field}, got '${value}'`, { field });
  return getAddress(value);
}

/** The stored quote (and build) context, validated once and read typed. */
function readContext(context: unknown): EcoContext {
  if (!Value.Check(EcoContextSchema, context)) {
    const first = Value.Errors(EcoContextSchema, context)[0];
    throw new VenueRejection('invalid_input', `stored Eco context is incomplete at '${first?.instancePath ?? ''}'`, { path: `context${first?.instancePath ?? ''}` });
  }
  return context;
}
