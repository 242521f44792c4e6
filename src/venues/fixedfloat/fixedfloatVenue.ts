import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { decimalText, decimalToAtomic } from '../../domain/amounts.ts';
import type { ChainKey } from '../../domain/chains.ts';
import { VenueRejection, type CallContext, type Venue, type VenueQuoteRequest } from '../Venue.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { badResponse } from '../depositVenueSupport.ts';
import { createDeskVenue, type DeskDialect, type DeskOrder } from '../desks/createDeskVenue.ts';
import { FIXEDFLOAT_ASSETS, FIXEDFLOAT_CHAINS, assetOf, assetsOn, type FixedfloatAsset } from './fixedfloatChains.ts';
import {
  DEPOSIT_WINDOW_MS,
  FIXEDFLOAT_ERROR_CODES,
  FIXEDFLOAT_STATUS_DETAIL,
  FIXEDFLOAT_STATUS_TABLE,
  QUOTE_TTL_MS,
  RATE_TYPE,
  SNAPSHOT_INTERVAL_MS,
  dataOf,
  expirationOf,
  isOrderNotFound,
  listedAssets,
  priceOf,
  progressOf,
  signatureOf,
  tagOf,
  toCreateBody,
  toPriceBody,
  type FixedfloatPair,
} from './fixedfloatMapping.ts';
import { FixedfloatContextSchema, FixedfloatCurrenciesSchema, FixedfloatEnvelopeSchema, FixedfloatOrderSchema, FixedfloatPriceSchema, type FixedfloatEnvelope, type FixedfloatOrder } from './fixedfloatSchemas.ts';

/**
 * FixedFloat (ff.io, API v2): an instant-exchange desk with a deposit address per order (custodial
 * hop). Quote asks the fixed-rate `/price` (no order is created); build creates the order (`/create`),
 * whose `from.address` (+ `from.tag`) is where the user sends `amountIn`; status reads `/order` with the
 * order's id and token. The shared desk stack (deposit plan, status table) is `createDeskVenue`; this
 * file is FixedFloat's dialect.
 *
 * Credentials `API_KEY` and `API_SECRET` (both required): every call is a POST carrying `X-API-KEY` and
 * `X-API-SIGN`, the hex HMAC-SHA256 of the exact JSON body keyed with the secret.
 */
export const fixedfloatVenue: VenueModule = {
  id: 'fixedfloat',
  capabilities: { archetype: 'offchain', tradeTypes: ['EXACT_IN'], executionShapes: ['deposit_address'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'custodial-hop' },
  requiredCredentials: ['API_KEY', 'API_SECRET'],
  defaultBaseUrl: 'https://ff.io/api/v2',
  headers(credentials): Record<string, string> {
    const key = credentials.API_KEY;
    return key ? { 'X-API-KEY': key } : {};
  },
  errorCodes: FIXEDFLOAT_ERROR_CODES,
  contextSchema: FixedfloatContextSchema,
  create(deps) {
    return createFixedfloatVenue(deps);
  },
};

function served(chain: ChainKey): boolean {
  return assetsOn(chain).length > 0;
}

/** Checks a created order and reads it as the order the factory turns into a deposit. */
function orderOf(order: FixedfloatOrder, request: VenueQuoteRequest, pair: FixedfloatPair): DeskOrder {
  // An order for another currency would take the deposit and pay something else.
  if (order.from.code.toUpperCase() !== pair.from.code) throw badResponse(`FixedFloat expects a deposit of ${order.from.code} instead of ${pair.from.code}`, '/data/from/code');
  if (order.to.code.toUpperCase() !== pair.to.code) throw badResponse(`FixedFloat would pay ${order.to.code} instead of ${pair.to.code}`, '/data/to/code');
  // A float order pays a moving amount: never a fixed output.
  if (order.type !== RATE_TYPE) throw badResponse(`FixedFloat created a ${order.type} order instead of a fixed one`, '/data/type');
  if (!order.token) throw badResponse('FixedFloat created an order without the token needed to read it', '/data/token');
  if (!isValidAddress(request.fromChain, order.from.address)) throw badResponse(`FixedFloat deposit address ${order.from.address} is not a ${request.fromChain} address`, '/data/from/address');
  if (order.from.amount === null) throw badResponse('FixedFloat created an order without its deposit amount', '/data/from/amount');
  if (order.to.amount === null) throw badResponse('FixedFloat created an order without its payout amount', '/data/to/amount');
  const amountOut = decimalToAtomic(order.to.amount, pair.to.decimals, 'down');
  if (amountOut === null) throw badResponse(`FixedFloat amount ${String(order.to.amount)} is not an amount`, '/data/to/amount');
  const memo = tagOf(order.from.tag);
  const validUntil = expirationOf(order);
  return {
    id: order.id,
    depositAddress: order.from.address,
    depositAddressPath: '/data/from/address',
    memo,
    payoutAddress: order.to.address,
    payoutAddressPath: '/data/to/address',
    recipient: request.recipient,
    amountIn: decimalToAtomic(order.from.amount, pair.from.decimals, 'down'),
    amountInText: String(order.from.amount),
    amountInPath: '/data/from/amount',
    amountOut,
    validUntil,
    context: {
      orderId: order.id,
      orderToken: order.token,
      depositAddress: order.from.address,
      depositTag: memo,
      expiresAt: validUntil,
      fromAmount: decimalText(order.from.amount),
      toAmount: decimalText(order.to.amount),
    },
  };
}

export function createFixedfloatVenue(deps: VenueDeps): Venue {
  /** A signed POST: the body is serialised once here and by the client the same way, so the signature covers the bytes sent. */
  async function call(path: string, body: Record<string, unknown>, ctx: CallContext): Promise<FixedfloatEnvelope> {
    const secret = deps.credentials.API_SECRET;
    if (!secret || !deps.credentials.API_KEY) throw new VenueRejection('venue_disabled', 'FixedFloat needs STRAIT_VENUE_FIXEDFLOAT_API_KEY and _API_SECRET');
    const signed: CallContext = { ...ctx, headers: { ...ctx.headers, 'X-API-SIGN': signatureOf(JSON.stringify(body), secret) } };
    return deps.http.post(path, body, FixedfloatEnvelopeSchema, signed);
  }

  const dialect: DeskDialect<FixedfloatAsset, typeof FixedfloatContextSchema> = {
    id: fixedfloatVenue.id,
    name: 'FixedFloat',
    orderNoun: 'order',
    orderKey: 'orderId',
    chains: FIXEDFLOAT_CHAINS,
    served,
    assetOf,
    assetsOn,
    quoteTtlMs: QUOTE_TTL_MS,
    depositWindowMs: DEPOSIT_WINDOW_MS,
    // No rate id: the fixed rate is locked by the order itself.
    rateReuseMarginMs: null,
    contextSchema: FixedfloatContextSchema,
    integratorFeeNote: 'integrator fee not sent to FixedFloat (refcode/afftax unused): Strait collects its fee in its own steps',
    statusTable: FIXEDFLOAT_STATUS_TABLE,
    statusDetail: FIXEDFLOAT_STATUS_DETAIL,

    async price(request, pair, ctx) {
      const price = dataOf(await call('/price', toPriceBody(pair, request.amountIn), ctx), FixedfloatPriceSchema);
      return priceOf(price, pair, request.amountIn);
    },

    async create(request, pair, _lock, ctx) {
      const order = dataOf(await call('/create', toCreateBody(pair, request), ctx), FixedfloatOrderSchema);
      return orderOf(order, request, pair);
    },

    listing: {
      intervalMs: SNAPSHOT_INTERVAL_MS,
      async listed(ctx) {
        return listedAssets(dataOf(await call('/ccies', {}, ctx), FixedfloatCurrenciesSchema), FIXEDFLOAT_ASSETS);
      },
    },

    async progress(orderId, to, context, ctx) {
      const token = context.orderToken;
      if (!token) throw new VenueRejection('invalid_input', 'fixedfloat status needs the orderToken of the build context');
      const envelope = await call('/order', { id: orderId, token }, ctx);
      if (isOrderNotFound(envelope)) return null;
      return progressOf(dataOf(envelope, FixedfloatOrderSchema), to);
    },
  };

  return createDeskVenue(deps, dialect);
}
