import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { decimalText, decimalToAtomic } from '../../domain/amounts.ts';
import type { ChainKey } from '../../domain/chains.ts';
import { type CallContext, type Venue, type VenueQuoteRequest } from '../Venue.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { badResponse } from '../depositVenueSupport.ts';
import { createDeskVenue, type DeskDialect, type DeskLock, type DeskOrder } from '../desks/createDeskVenue.ts';
import { CHANGENOW_ASSETS, CHANGENOW_CHAINS, assetOf, assetsOn, networkOf, type ChangenowAsset } from './changenowChains.ts';
import {
  CHANGENOW_STATUS_DETAIL,
  CHANGENOW_STATUS_TABLE,
  DEPOSIT_WINDOW_MS,
  FLOW,
  QUOTE_TTL_MS,
  SNAPSHOT_INTERVAL_MS,
  RATE_REUSE_MARGIN_MS,
  amountOutOf,
  limitRejection,
  listedAssets,
  priceOf,
  progressOf,
  rejectionOfBody,
  toChangenowRejection,
  toEstimateQuery,
  toExchangeBody,
  toLimits,
  toPairQuery,
  type ChangenowPair,
  type Limits,
} from './changenowMapping.ts';
import {
  ChangenowContextSchema,
  ChangenowCurrenciesSchema,
  ChangenowEstimateAnswerSchema,
  ChangenowExchangeSchema,
  ChangenowRangeSchema,
  ChangenowStatusSchema,
  type ChangenowEstimate,
  type ChangenowExchange,
} from './changenowSchemas.ts';

/**
 * ChangeNOW (API v2): an instant-exchange desk with a deposit address per order (custodial hop).
 * Quote asks the fixed-rate range and estimate (no order is created); build creates the exchange at the
 * locked rate, whose `payinAddress` (+ `payinExtraId`) is where the user sends `amountIn`; status polls
 * the exchange by id. The shared desk stack (rate reuse, deposit plan, status table) is
 * `createDeskVenue`; this file is ChangeNOW's dialect.
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
  contextSchema: ChangenowContextSchema,
  create(deps) {
    return createChangenowVenue(deps);
  },
};

function served(chain: ChainKey): boolean {
  return networkOf(chain) !== undefined && assetsOn(chain).length > 0;
}

const ESTIMATE_PATH = '/v2/exchange/estimated-amount';

type EstimateAnswer = ChangenowEstimate | { readonly error: string; readonly message?: string };

/** An estimate body carrying `error` is ChangeNOW declining to price, even under HTTP 200. */
function estimateOf(answer: EstimateAnswer, pair: ChangenowPair, limits: Limits | null): ChangenowEstimate {
  if ('error' in answer) throw rejectionOfBody(200, answer, pair, limits);
  return answer;
}

/** Checks a created exchange and reads it as the order the factory turns into a deposit. */
function orderOf(exchange: ChangenowExchange, request: VenueQuoteRequest, pair: ChangenowPair, lock: DeskLock): DeskOrder {
  const memo = exchange.payinExtraId && exchange.payinExtraId.length > 0 ? exchange.payinExtraId : null;
  const validUntil = exchange.validUntil ?? lock.validUntil;
  return {
    id: exchange.id,
    depositAddress: exchange.payinAddress,
    depositAddressPath: '/payinAddress',
    memo,
    payoutAddress: exchange.payoutAddress ? exchange.payoutAddress : null,
    payoutAddressPath: '/payoutAddress',
    recipient: request.recipient,
    amountIn: decimalToAtomic(exchange.fromAmount, pair.from.decimals, 'down'),
    amountInText: String(exchange.fromAmount),
    amountInPath: '/fromAmount',
    amountOut: amountOutOf(exchange, pair),
    validUntil: exchange.validUntil ?? null,
    context: {
      exchangeId: exchange.id,
      payinAddress: exchange.payinAddress,
      payinExtraId: memo,
      flow: exchange.flow ?? FLOW,
      rateId: lock.rateId,
      validUntil: validUntil ?? null,
      fromAmount: decimalText(exchange.fromAmount),
      toAmount: decimalText(exchange.toAmount),
    },
  };
}

export function createChangenowVenue(deps: VenueDeps): Venue {
  async function estimate(pair: ChangenowPair, amountIn: bigint, call: CallContext): Promise<ChangenowEstimate> {
    try {
      return estimateOf(await deps.http.get(ESTIMATE_PATH, toEstimateQuery(pair, amountIn), ChangenowEstimateAnswerSchema, call), pair, null);
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
    const [limitsResult, estimateResult] = await Promise.allSettled([range(pair, call), deps.http.get(ESTIMATE_PATH, toEstimateQuery(pair, request.amountIn), ChangenowEstimateAnswerSchema, call)]);
    // The range only sharpens the answer: without it the estimate alone decides.
    const limits = limitsResult.status === 'fulfilled' ? limitsResult.value : null;
    const answer = estimateResult.status === 'fulfilled' ? estimateResult.value : null;
    const amountOut = answer && !('error' in answer) ? decimalToAtomic(answer.toAmount, pair.to.decimals, 'down') : null;
    const breached = limitRejection(request.amountIn, limits, pair, amountOut);
    if (breached) throw breached;
    if (estimateResult.status === 'rejected') throw toChangenowRejection(estimateResult.reason, pair, limits);
    return estimateOf(estimateResult.value, pair, limits);
  }

  const dialect: DeskDialect<ChangenowAsset, typeof ChangenowContextSchema> = {
    id: changenowVenue.id,
    name: 'ChangeNOW',
    orderNoun: 'exchange',
    orderKey: 'exchangeId',
    chains: CHANGENOW_CHAINS,
    served,
    assetOf,
    assetsOn,
    quoteTtlMs: QUOTE_TTL_MS,
    depositWindowMs: DEPOSIT_WINDOW_MS,
    rateReuseMarginMs: RATE_REUSE_MARGIN_MS,
    contextSchema: ChangenowContextSchema,
    integratorFeeNote: 'integrator fee not charged: ChangeNOW takes no fee per request (partner commission is set on the API key)',
    statusTable: CHANGENOW_STATUS_TABLE,
    statusDetail: CHANGENOW_STATUS_DETAIL,

    async price(request, pair, call) {
      return priceOf(await priced(request, pair, call), request, pair);
    },

    async relock(request, pair, call) {
      const fresh = await estimate(pair, request.amountIn, call);
      if (!fresh.rateId) throw badResponse('ChangeNOW fixed-rate estimate has no rateId', '/rateId');
      return { rateId: fresh.rateId, validUntil: fresh.validUntil ?? null };
    },

    async create(request, pair, lock, call) {
      let exchange: ChangenowExchange;
      try {
        exchange = await deps.http.post('/v2/exchange', toExchangeBody(pair, request, lock.rateId ?? ''), ChangenowExchangeSchema, call);
      } catch (error) {
        throw toChangenowRejection(error, pair);
      }
      if (!isValidAddress(request.fromChain, exchange.payinAddress)) throw badResponse(`ChangeNOW payinAddress ${exchange.payinAddress} is not a ${request.fromChain} address`, '/payinAddress');
      // A standard-flow order (recorded answers echo `flow`) pays a floating toAmount: never a fixed output.
      if (exchange.flow !== undefined && exchange.flow !== FLOW) throw badResponse(`ChangeNOW created a ${exchange.flow} exchange instead of a ${FLOW} one`, '/flow');
      return orderOf(exchange, request, pair, lock);
    },

    listing: {
      intervalMs: SNAPSHOT_INTERVAL_MS,
      async listed(call) {
        const rows = await deps.http.get('/v2/exchange/currencies', { active: 'true', flow: FLOW }, ChangenowCurrenciesSchema, call);
        return listedAssets(rows, CHANGENOW_ASSETS);
      },
    },

    async progress(exchangeId, to, context, call) {
      const response = await deps.http.get('/v2/exchange/by-id', { id: exchangeId }, ChangenowStatusSchema, call, { notFoundAs: null });
      return response === null ? null : progressOf(response, to, context.fromCurrency ?? null);
    },
  };

  return createDeskVenue(deps, dialect);
}
