import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { decimalText, decimalToAtomic } from '../../domain/amounts.ts';
import type { ChainKey } from '../../domain/chains.ts';
import type { CallContext, Venue, VenueQuoteRequest } from '../Venue.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { badResponse } from '../depositVenueSupport.ts';
import { createDeskVenue, type DeskDialect, type DeskLock, type DeskOrder, type DeskPrice } from '../desks/createDeskVenue.ts';
import { SIMPLESWAP_ASSETS, SIMPLESWAP_CHAINS, assetOf, assetsOn, networkOf, type SimpleswapAsset } from './simpleswapChains.ts';
import {
  DEPOSIT_WINDOW_MS,
  QUOTE_TTL_MS,
  RATE_REUSE_MARGIN_MS,
  SIMPLESWAP_STATUS_DETAIL,
  SIMPLESWAP_STATUS_TABLE,
  SNAPSHOT_INTERVAL_MS,
  amountOutOf,
  listedAssets,
  priceOf,
  progressOf,
  rangeRejection,
  toEstimateQuery,
  toExchangeBody,
  toPairQuery,
  toSimpleswapRejection,
  type SimpleswapPair,
} from './simpleswapMapping.ts';
import { SimpleswapContextSchema, SimpleswapCurrenciesSchema, SimpleswapEstimateSchema, SimpleswapExchangeSchema, SimpleswapRangeSchema, type SimpleswapExchange } from './simpleswapSchemas.ts';

/**
 * SimpleSwap (API v3): an instant-exchange desk with a deposit address per exchange (custodial hop).
 * Quote reads the pair's limits (`GET /ranges`) and the fixed-rate estimate (`GET /estimates`), which
 * locks the output under a `rateId` until `validUntil`; build creates the exchange (`POST /exchanges`)
 * with that rate, whose `addressFrom` (+ `extraIdFrom`) is where the user sends `amountIn`; status reads
 * `GET /exchanges/{id}`. The shared desk stack is `createDeskVenue`; this file is SimpleSwap's dialect.
 *
 * Credential `API_KEY` (required): sent as `x-api-key` on every call.
 *
 * Not registered: no SimpleSwap answer was recorded anywhere we could read, so the contract replays
 * answers written in the integrations' typed clients (fixtures/synthetic/).
 */
export const simpleswapVenue: VenueModule = {
  id: 'simpleswap',
  capabilities: { archetype: 'offchain', tradeTypes: ['EXACT_IN'], executionShapes: ['deposit_address'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'custodial-hop' },
  requiredCredentials: ['API_KEY'],
  defaultBaseUrl: 'https://api.simpleswap.io/v3',
  headers(credentials): Record<string, string> {
    const key = credentials.API_KEY;
    return key ? { 'x-api-key': key, Accept: 'application/json' } : { Accept: 'application/json' };
  },
  contextSchema: SimpleswapContextSchema,
  create(deps) {
    return createSimpleswapVenue(deps);
  },
};

function served(chain: ChainKey): boolean {
  return networkOf(chain) !== undefined && assetsOn(chain).length > 0;
}

const sameAsset = (ticker: string, network: string, asset: SimpleswapAsset) => ticker.toLowerCase() === asset.ticker && network.toLowerCase() === asset.network;

/** Checks a created exchange and reads it as the order the factory turns into a deposit. */
function orderOf(exchange: SimpleswapExchange, request: VenueQuoteRequest, pair: SimpleswapPair): DeskOrder {
  // An exchange for another asset than asked would take the deposit and pay something else.
  if (!sameAsset(exchange.tickerFrom, exchange.networkFrom, pair.from)) throw badResponse(`SimpleSwap expects a deposit of ${exchange.tickerFrom}/${exchange.networkFrom} instead of ${pair.from.ticker}/${pair.from.network}`, '/result/tickerFrom');
  if (!sameAsset(exchange.tickerTo, exchange.networkTo, pair.to)) throw badResponse(`SimpleSwap would pay ${exchange.tickerTo}/${exchange.networkTo} instead of ${pair.to.ticker}/${pair.to.network}`, '/result/tickerTo');
  // A floating exchange pays a moving amount: never the fixed output the quote promised.
  if (exchange.type !== undefined && exchange.type !== 'fixed') throw badResponse(`SimpleSwap created a ${exchange.type} exchange instead of a fixed one`, '/result/type');
  if (!isValidAddress(request.fromChain, exchange.addressFrom)) throw badResponse(`SimpleSwap deposit address ${exchange.addressFrom} is not a ${request.fromChain} address`, '/result/addressFrom');
  const memo = exchange.extraIdFrom && exchange.extraIdFrom.length > 0 ? exchange.extraIdFrom : null;
  const validUntil = exchange.validUntil ?? exchange.valid_until ?? null;
  return {
    id: exchange.id,
    depositAddress: exchange.addressFrom,
    depositAddressPath: '/result/addressFrom',
    memo,
    payoutAddress: exchange.addressTo,
    payoutAddressPath: '/result/addressTo',
    recipient: request.recipient,
    amountIn: decimalToAtomic(exchange.amountFrom, pair.from.decimals, 'down'),
    amountInText: String(exchange.amountFrom),
    amountInPath: '/result/amountFrom',
    amountOut: amountOutOf(exchange.amountTo, pair, '/result/amountTo'),
    validUntil,
    context: {
      exchangeId: exchange.id,
      depositAddress: exchange.addressFrom,
      depositExtraId: memo,
      amountFrom: decimalText(exchange.amountFrom),
      amountTo: decimalText(exchange.amountTo),
    },
  };
}

export function createSimpleswapVenue(deps: VenueDeps): Venue {
  /** The limits first (they name the minimum a refused amount needs), then the fixed estimate. */
  async function estimate(request: VenueQuoteRequest, pair: SimpleswapPair, call: CallContext): Promise<DeskPrice> {
    try {
      const { result: range } = await deps.http.get('/ranges', toPairQuery(pair), SimpleswapRangeSchema, call);
      const refused = rangeRejection(range, request.amountIn, pair);
      if (refused) throw refused;
      const { result } = await deps.http.get('/estimates', toEstimateQuery(pair, request.amountIn), SimpleswapEstimateSchema, call);
      return priceOf(result, pair);
    } catch (error) {
      throw toSimpleswapRejection(error, pair);
    }
  }

  const dialect: DeskDialect<SimpleswapAsset, typeof SimpleswapContextSchema> = {
    id: simpleswapVenue.id,
    name: 'SimpleSwap',
    orderNoun: 'exchange',
    orderKey: 'exchangeId',
    chains: SIMPLESWAP_CHAINS,
    served,
    assetOf,
    assetsOn,
    quoteTtlMs: QUOTE_TTL_MS,
    depositWindowMs: DEPOSIT_WINDOW_MS,
    rateReuseMarginMs: RATE_REUSE_MARGIN_MS,
    contextSchema: SimpleswapContextSchema,
    integratorFeeNote: 'integrator fee not sent to SimpleSwap (customFee null): Strait collects its fee in its own steps',
    statusTable: SIMPLESWAP_STATUS_TABLE,
    statusDetail: SIMPLESWAP_STATUS_DETAIL,

    price: estimate,

    async relock(request, pair, call): Promise<DeskLock> {
      const { rateId, validUntil } = await estimate(request, pair, call);
      return { rateId, validUntil };
    },

    async create(request, pair, lock, call) {
      let answer;
      try {
        answer = await deps.http.post('/exchanges', toExchangeBody(pair, request, lock), SimpleswapExchangeSchema, call);
      } catch (error) {
        throw toSimpleswapRejection(error, pair);
      }
      return orderOf(answer.result, request, pair);
    },

    listing: {
      intervalMs: SNAPSHOT_INTERVAL_MS,
      async listed(call) {
        const { result } = await deps.http.get('/currencies', {}, SimpleswapCurrenciesSchema, call);
        return listedAssets(result, SIMPLESWAP_ASSETS);
      },
    },

    async progress(exchangeId, to, _context, call) {
      const answer = await deps.http.get(`/exchanges/${encodeURIComponent(exchangeId)}`, {}, SimpleswapExchangeSchema, call, { notFoundAs: null });
      return answer === null ? null : progressOf(answer.result, to);
    },
  };

  return createDeskVenue(deps, dialect);
}

