import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { decimalText, decimalToAtomic } from '../../domain/amounts.ts';
import type { ChainKey } from '../../domain/chains.ts';
import { VenueRejection, type CallContext, type Venue, type VenueQuoteRequest } from '../Venue.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { badResponse } from '../depositVenueSupport.ts';
import { createDeskVenue, type DeskDialect, type DeskLock, type DeskOrder } from '../desks/createDeskVenue.ts';
import { STEALTHEX_ASSETS, STEALTHEX_CHAINS, assetOf, assetsOn, type StealthexAsset } from './stealthexChains.ts';
import {
  CURRENCIES_MAX_PAGES,
  CURRENCIES_PAGE,
  DEPOSIT_WINDOW_MS,
  QUOTE_TTL_MS,
  RATE,
  RATE_REUSE_MARGIN_MS,
  SNAPSHOT_INTERVAL_MS,
  STEALTHEX_STATUS_DETAIL,
  STEALTHEX_STATUS_TABLE,
  amountOutOf,
  limitRejection,
  listedAssets,
  memoOf,
  priceOf,
  progressOf,
  toEstimateBody,
  toExchangeBody,
  toLimits,
  toRangeBody,
  toStealthexRejection,
  type Limits,
  type StealthexPair,
} from './stealthexMapping.ts';
import { StealthexContextSchema, StealthexCurrenciesSchema, StealthexEstimateSchema, StealthexExchangeSchema, StealthexRangeSchema, type StealthexCurrencies, type StealthexEstimate, type StealthexExchange } from './stealthexSchemas.ts';

/**
 * StealthEX (API v4): an instant-exchange desk with a deposit address per exchange (custodial hop).
 * Quote asks the fixed-rate range and estimate (no order is created); build creates the exchange at the
 * locked rate (`rate_id`), whose `deposit.address` (+ `deposit.extra_id`) is where the user sends
 * `amountIn`; status polls the exchange by id. The shared desk stack (rate reuse, deposit plan, status
 * table) is `createDeskVenue`; this file is StealthEX's dialect.
 *
 * Credential `API_KEY` (required), sent as `Authorization: Bearer <key>` on every call (never as the
 * `api_key` query parameter, which would leak into logs).
 */
export const stealthexVenue: VenueModule = {
  id: 'stealthex',
  capabilities: { archetype: 'offchain', tradeTypes: ['EXACT_IN'], executionShapes: ['deposit_address'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'custodial-hop' },
  requiredCredentials: ['API_KEY'],
  defaultBaseUrl: 'https://api.stealthex.io',
  headers(credentials): Record<string, string> {
    const key = credentials.API_KEY;
    return key ? { Authorization: `Bearer ${key}` } : {};
  },
  contextSchema: StealthexContextSchema,
  create(deps) {
    return createStealthexVenue(deps);
  },
};

const RANGE_PATH = '/v4/rates/range';
const ESTIMATE_PATH = '/v4/rates/estimated-amount';
const EXCHANGES_PATH = '/v4/exchanges';

function served(chain: ChainKey): boolean {
  return assetsOn(chain).length > 0;
}

/** StealthEX may write a Bitcoin Cash address with its `bitcoincash:` prefix. */
function depositAddressOf(chain: ChainKey, address: string): string {
  return chain === 'bitcoincash' ? address.replace(/^bitcoincash:/i, '') : address;
}

/** Checks a created exchange and reads it as the order the factory turns into a deposit. */
function orderOf(exchange: StealthexExchange, request: VenueQuoteRequest, pair: StealthexPair, lock: DeskLock): DeskOrder {
  const { deposit, withdrawal } = exchange;
  if (deposit.symbol.toLowerCase() !== pair.from.ticker || deposit.network.toLowerCase() !== pair.from.network) {
    throw badResponse(`StealthEX expects a deposit of ${deposit.symbol}/${deposit.network} instead of ${pair.from.ticker}/${pair.from.network}`, '/deposit/network');
  }
  const depositAddress = depositAddressOf(request.fromChain, deposit.address);
  if (!isValidAddress(request.fromChain, depositAddress)) throw badResponse(`StealthEX deposit address ${deposit.address} is not a ${request.fromChain} address`, '/deposit/address');
  const memo = memoOf(deposit.extra_id);
  const validUntil = exchange.expires_at ?? lock.validUntil;
  return {
    id: exchange.id,
    depositAddress,
    depositAddressPath: '/deposit/address',
    memo,
    payoutAddress: withdrawal.address,
    payoutAddressPath: '/withdrawal/address',
    recipient: request.recipient,
    amountIn: decimalToAtomic(deposit.expected_amount, pair.from.decimals, 'down'),
    amountInText: String(deposit.expected_amount),
    amountInPath: '/deposit/expected_amount',
    amountOut: amountOutOf(withdrawal.expected_amount, pair, '/withdrawal/expected_amount'),
    validUntil: exchange.expires_at ?? null,
    context: {
      exchangeId: exchange.id,
      depositAddress,
      depositExtraId: memo,
      rate: RATE,
      rateId: lock.rateId,
      expiresAt: validUntil ?? null,
      depositAmount: decimalText(deposit.expected_amount),
      withdrawalAmount: decimalText(withdrawal.expected_amount),
    },
  };
}

export function createStealthexVenue(deps: VenueDeps): Venue {
  async function estimate(pair: StealthexPair, amountIn: bigint, call: CallContext): Promise<StealthexEstimate> {
    try {
      return await deps.http.post(ESTIMATE_PATH, toEstimateBody(pair, amountIn), StealthexEstimateSchema, call);
    } catch (error) {
      throw toStealthexRejection(error, pair);
    }
  }

  async function range(pair: StealthexPair, call: CallContext): Promise<Limits | null> {
    const answer = await deps.http.post(RANGE_PATH, toRangeBody(pair), StealthexRangeSchema, call);
    return toLimits(answer, pair.from.decimals);
  }

  /** Range and estimate in parallel: a breached limit outranks whatever the estimate said. */
  async function priced(request: VenueQuoteRequest, pair: StealthexPair, call: CallContext): Promise<StealthexEstimate> {
    const [limitsResult, estimateResult] = await Promise.allSettled([range(pair, call), deps.http.post(ESTIMATE_PATH, toEstimateBody(pair, request.amountIn), StealthexEstimateSchema, call)]);
    // The range only sharpens the answer: without it the estimate alone decides.
    const limits = limitsResult.status === 'fulfilled' ? limitsResult.value : null;
    const answer = estimateResult.status === 'fulfilled' ? estimateResult.value : null;
    const amountOut = answer ? decimalToAtomic(answer.estimated_amount, pair.to.decimals, 'down') : null;
    const breached = limitRejection(request.amountIn, limits, pair, amountOut);
    if (breached) throw breached;
    if (estimateResult.status === 'rejected') throw toStealthexRejection(estimateResult.reason, pair, limits);
    return estimateResult.value;
  }

  const dialect: DeskDialect<StealthexAsset, typeof StealthexContextSchema> = {
    id: stealthexVenue.id,
    name: 'StealthEX',
    orderNoun: 'exchange',
    orderKey: 'exchangeId',
    chains: STEALTHEX_CHAINS,
    served,
    assetOf,
    assetsOn,
    quoteTtlMs: QUOTE_TTL_MS,
    depositWindowMs: DEPOSIT_WINDOW_MS,
    rateReuseMarginMs: RATE_REUSE_MARGIN_MS,
    contextSchema: StealthexContextSchema,
    integratorFeeNote: 'integrator fee not sent to StealthEX (additional_fee_percent unused): Strait collects its fee in its own steps',
    statusTable: STEALTHEX_STATUS_TABLE,
    statusDetail: STEALTHEX_STATUS_DETAIL,

    async price(request, pair, call) {
      return priceOf(await priced(request, pair, call), pair);
    },

    async relock(request, pair, call) {
      const fresh = await estimate(pair, request.amountIn, call);
      if (!fresh.rate) throw new VenueRejection('route_not_served', 'StealthEX no longer offers a fixed rate for this pair');
      return { rateId: fresh.rate.id, validUntil: fresh.rate.valid_until ?? null };
    },

    async create(request, pair, lock, call) {
      let exchange: StealthexExchange;
      try {
        exchange = await deps.http.post(EXCHANGES_PATH, toExchangeBody(pair, request, lock.rateId ?? ''), StealthexExchangeSchema, call);
      } catch (error) {
        throw toStealthexRejection(error, pair);
      }
      // A floating exchange (recorded answers echo `rate: "floating"`) pays a moving amount: never a fixed output.
      if (typeof exchange.rate === 'string' && exchange.rate !== RATE) throw badResponse(`StealthEX created a ${exchange.rate} exchange instead of a ${RATE} one`, '/rate');
      return orderOf(exchange, request, pair, lock);
    },

    listing: {
      intervalMs: SNAPSHOT_INTERVAL_MS,
      async listed(call) {
        const rows: StealthexCurrencies[number][] = [];
        for (let page = 0; page < CURRENCIES_MAX_PAGES; page += 1) {
          const answer = await deps.http.get('/v4/currencies', { limit: String(CURRENCIES_PAGE), offset: String(page * CURRENCIES_PAGE) }, StealthexCurrenciesSchema, call);
          rows.push(...answer);
          if (answer.length < CURRENCIES_PAGE) break;
        }
        return listedAssets(rows, STEALTHEX_ASSETS);
      },
    },

    async progress(exchangeId, to, _context, call) {
      const response = await deps.http.get(`${EXCHANGES_PATH}/${encodeURIComponent(exchangeId)}`, {}, StealthexExchangeSchema, call, { notFoundAs: null });
      return response === null ? null : progressOf(response, to);
    },
  };

  return createDeskVenue(deps, dialect);
}
