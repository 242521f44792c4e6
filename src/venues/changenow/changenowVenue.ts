import { sameAddress } from '../../domain/addresses/sameAddress.ts';
import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { type ChainKey } from '../../domain/chains.ts';
import { VenueRejection, type CallContext, type Corridor, type DepositPlan, type Venue, type VenueBuildRequest, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { badResponse, contextAmount, contextString, fundingStepOf, supportsFrom, tableCoverage } from '../depositVenueSupport.ts';
import { CHANGENOW_CHAINS, assetOf, assetsOn, networkOf } from './changenowChains.ts';
import { atomicEchoMatches, decimalText, decimalToAtomic } from '../../domain/amounts.ts';
import {
  DEPOSIT_WINDOW_MS,
  RATE_REUSE_MARGIN_MS,
  amountOutOf,
  limitRejection,
  rejectionOfBody,
  timeOf,
  toChangenowRejection,
  toEstimateQuery,
  toExchangeBody,
  toLimits,
  toPairQuery,
  toVenueQuote,
  toVenueStatus,
  type ChangenowPair,
  type Limits,
} from './changenowMapping.ts';
import { ChangenowEstimateAnswerSchema, ChangenowExchangeSchema, ChangenowRangeSchema, ChangenowStatusSchema, type ChangenowEstimate, type ChangenowExchange } from './changenowSchemas.ts';

/**
 * ChangeNOW (API v2): an instant-exchange desk with a deposit address per order (custodial hop).
 * Quote asks the fixed-rate range and estimate (no order is created); build creates the exchange at the
 * locked rate, whose `payinAddress` (+ `payinExtraId`) is where the user sends `amountIn`; status polls
 * the exchange by id.
 *
 * Credential `API_KEY` (required), sent as the `x-changenow-api-key` header on every call.
 */
export const changenowVenue: VenueModule = {
  id: 'changenow',
  capabilities: { archetype: 'offchain', tradeTypes: ['EXACT_IN'], executionShapes: ['deposit_address'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'custodial-hop' },
  requiredCredentials: ['API_KEY'],
  defaultBaseUrl: 'https://api.changenow.io',
  headers(credentials): Record<string, string> {
    const key = credentials.API_KEY;
    return key ? { 'x-changenow-api-key': key } : {};
  },
  create(deps) {
    return createChangenowVenue(deps);
  },
};

function served(chain: ChainKey): boolean {
  return networkOf(chain) !== undefined && assetsOn(chain).length > 0;
}

const supports = supportsFrom({ name: 'ChangeNOW', served, assetOf });

function pairFor(corridor: Corridor): ChangenowPair {
  const answer = supports(corridor);
  if (!answer.served) throw new VenueRejection(answer.code, answer.message);
  const from = assetOf(corridor.fromToken);
  const to = assetOf(corridor.toToken);
  if (!from || !to) throw new VenueRejection('token_not_supported', 'ChangeNOW does not carry this token pair');
  return { from, to };
}

interface LockedRate {
  readonly rateId: string;
  readonly validUntil: string | null;
}

/** Checks a created exchange and turns it into the deposit the user must make. */
function toDepositPlan(exchange: ChangenowExchange, request: VenueQuoteRequest, pair: ChangenowPair, rate: LockedRate, now: number): DepositPlan {
  const depositAddress = exchange.payinAddress;
  if (!isValidAddress(request.fromChain, depositAddress)) throw badResponse(`ChangeNOW payinAddress ${depositAddress} is not a ${request.fromChain} address`, '/payinAddress');
  if (exchange.payoutAddress && !sameAddress(request.toChain, exchange.payoutAddress, request.recipient)) {
    throw badResponse(`ChangeNOW would pay ${exchange.payoutAddress} instead of the recipient ${request.recipient}`, '/payoutAddress');
  }
  const echoed = decimalToAtomic(exchange.fromAmount, pair.from.decimals, 'down');
  // Never ask the wallet to send another amount than the user asked to move.
  if (echoed === null || !atomicEchoMatches(echoed, request.amountIn)) throw badResponse(`ChangeNOW expects ${String(exchange.fromAmount)} instead of the requested amount`, '/fromAmount');
  const amountOut = amountOutOf(exchange, pair);
  const memo = exchange.payinExtraId && exchange.payinExtraId.length > 0 ? exchange.payinExtraId : null;
  const validUntil = exchange.validUntil ?? rate.validUntil;
  const deadlineMs = timeOf(validUntil) ?? now + DEPOSIT_WINDOW_MS;
  return {
    shape: 'deposit',
    deposit: { chain: request.fromChain, address: depositAddress, token: request.fromToken.address, amount: request.amountIn, memo, deadlineMs },
    fundingStep: fundingStepOf(request, depositAddress, request.amountIn),
    amountOut,
    minAmountOut: amountOut,
    context: {
      exchangeId: exchange.id,
      payinAddress: depositAddress,
      payinExtraId: memo,
      flow: exchange.flow ?? 'fixed-rate',
      rateId: rate.rateId,
      validUntil: validUntil ?? null,
      fromAmount: decimalText(exchange.fromAmount),
      toAmount: decimalText(exchange.toAmount),
      minAmountOut: amountOut.toString(),
    },
  };
}

const ESTIMATE_PATH = '/v2/exchange/estimated-amount';

type EstimateAnswer = ChangenowEstimate | { readonly error: string; readonly message?: string };

/** An estimate body carrying `error` is ChangeNOW declining to price, even under HTTP 200. */
function priceOf(answer: EstimateAnswer, pair: ChangenowPair, limits: Limits | null): ChangenowEstimate {
  if ('error' in answer) throw rejectionOfBody(200, answer, pair, limits);
  return answer;
}

export function createChangenowVenue(deps: VenueDeps): Venue {
  async function estimate(pair: ChangenowPair, amountIn: bigint, call: CallContext): Promise<ChangenowEstimate> {
    try {
      return priceOf(await deps.http.get(ESTIMATE_PATH, toEstimateQuery(pair, amountIn), ChangenowEstimateAnswerSchema, call), pair, null);
    } catch (error) {
      throw toChangenowRejection(error, pair);
    }
  }

  async function range(pair: ChangenowPair, call: CallContext): Promise<Limits | null> {
    const answer = await deps.http.get('/v2/exchange/range', toPairQuery(pair), ChangenowRangeSchema, call);
    return toLimits(answer, pair.from.decimals);
  }

  /** Range and estimate in parallel: a breached limit outranks whatever the estimate said. */
  async function priced(request: VenueQuoteRequest, pair: ChangenowPair, call: CallContext): Promise<ChangenowEstimate> {
    const [limitsResult, estimateResult] = await Promise.allSettled([
      range(pair, call),
      deps.http.get(ESTIMATE_PATH, toEstimateQuery(pair, request.amountIn), ChangenowEstimateAnswerSchema, call),
    ]);
    // The range only sharpens the answer: without it the estimate alone decides.
    const limits = limitsResult.status === 'fulfilled' ? limitsResult.value : null;
    const answer = estimateResult.status === 'fulfilled' ? estimateResult.value : null;
    const amountOut = answer && !('error' in answer) ? decimalToAtomic(answer.toAmount, pair.to.decimals, 'down') : null;
    const breached = limitRejection(request.amountIn, limits, pair, amountOut);
    if (breached) throw breached;
    if (estimateResult.status === 'rejected') throw toChangenowRejection(estimateResult.reason, pair, limits);
    return priceOf(estimateResult.value, pair, limits);
  }

  /** The quote's rate id while it holds for a while yet; otherwise a freshly locked one. */
  async function lockedRate(build: VenueBuildRequest, pair: ChangenowPair, call: CallContext): Promise<LockedRate> {
    const rateId = contextString(build.quote.context, 'rateId');
    const validUntil = contextString(build.quote.context, 'validUntil');
    const until = timeOf(validUntil);
    if (rateId && until !== null && until - deps.now() > RATE_REUSE_MARGIN_MS) return { rateId, validUntil };
    const fresh = await estimate(pair, build.request.amountIn, call);
    if (!fresh.rateId) throw badResponse('ChangeNOW fixed-rate estimate has no rateId', '/rateId');
    return { rateId: fresh.rateId, validUntil: fresh.validUntil ?? null };
  }

  return {
    id: changenowVenue.id,
    supports,
    coverage: () => tableCoverage(CHANGENOW_CHAINS, served, (chain) => assetsOn(chain).map((a) => a.symbol)),

    async quote(request: VenueQuoteRequest, call: CallContext): Promise<VenueQuote> {
      const pair = pairFor(request);
      const answer = await priced(request, pair, call);
      const fee = request.integratorFee;
      const feeNote = fee && fee.bps > 0 ? 'integrator fee not charged: ChangeNOW takes no fee per request (partner commission is set on the API key)' : null;
      return toVenueQuote(answer, request, pair, deps.now(), feeNote);
    },

    async build({ request, quote }: VenueBuildRequest, call: CallContext): Promise<DepositPlan> {
      const pair = pairFor(request);
      const rate = await lockedRate({ request, quote }, pair, call);
      let exchange: ChangenowExchange;
      try {
        exchange = await deps.http.post('/v2/exchange', toExchangeBody(pair, request, rate.rateId), ChangenowExchangeSchema, call);
      } catch (error) {
        throw toChangenowRejection(error, pair);
      }
      return toDepositPlan(exchange, request, pair, rate, deps.now());
    },

    async status(request: VenueStatusRequest, call: CallContext): Promise<VenueStatus> {
      const exchangeId = contextString(request.context, 'exchangeId');
      if (!exchangeId) throw new VenueRejection('invalid_input', 'changenow status needs the exchangeId of the build context');
      const to = assetOf(request.toToken);
      if (!to) throw new VenueRejection('token_not_supported', `ChangeNOW does not carry ${request.toToken.symbol} on ${request.toToken.chain}`);
      try {
        const response = await deps.http.get('/v2/exchange/by-id', { id: exchangeId }, ChangenowStatusSchema, call);
        return toVenueStatus(response, { to, fromTicker: contextString(request.context, 'fromCurrency'), minAmountOut: contextAmount(request.context, 'minAmountOut') });
      } catch (error) {
        if (error instanceof VenueHttpError && error.status === 404) {
          return { state: 'pending', venueStatus: 'not_found', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: `ChangeNOW does not know exchange ${exchangeId} yet` };
        }
        // A 4xx on status is our query ChangeNOW refused, not a pricing answer.
        if (error instanceof VenueHttpError && error.status < 500) {
          throw new VenueRejection('venue_error', `ChangeNOW refused the status query (HTTP ${error.status}): ${error.message}`, { status: error.status }, { cause: error });
        }
        throw error;
      }
    },
  };
}

