import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { VenueRejection, type CallContext, type Corridor, type DepositPlan, type Venue, type VenueSnapshot, type VenueBuildRequest, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { badResponse, fundingStepOf, supportsFrom, tableCoverage } from '../depositVenueSupport.ts';
import { atomicToDecimal, decimalToAtomic } from '../../domain/amounts.ts';
import type { ChainKey } from '../../domain/chains.ts';
import { HOUDINI_ASSETS, HOUDINI_ORIGINS, assetOf, assetsOn, shortNameOf, type HoudiniAsset } from './houdiniChains.ts';
import {
  DEFAULT_DEPOSIT_WINDOW_MS,
  QUOTE_REUSE_MARGIN_MS,
  complianceHeaders,
  errorTextOf,
  isQuoteExpired,
  isStaticDepositBusy,
  minimumOf,
  privateRoutesOf,
  sameAmount,
  toExchangeBody,
  toHoudiniRejection,
  toQuoteQuery,
  toVenueQuote,
  toVenueStatus,
  usdMinimumOf,
  type HoudiniPair,
  type PrivateRoute,
} from './houdiniMapping.ts';
import { HoudiniContextSchema, HoudiniExchangeSchema, HoudiniMinMaxSchema, HoudiniOrderSchema, HoudiniQuotesResponseSchema, type HoudiniContext, type HoudiniExchange, type HoudiniQuotesResponse } from './houdiniSchemas.ts';
import { readHoudiniContext } from './readHoudiniContext.ts';
import { createHoudiniTokenIds } from './houdiniTokenIds.ts';

/**
 * HoudiniSwap through its Partner API v2: an aggregator of instant-exchange desks. Strait takes its
 * `private` routes only — two desks with a private hop between them, so the deposit and the payout
 * are not linkable on chain — which makes Houdini one of Strait's two `unlinkable` venues.
 *
 * Pricing: `GET /v2/quotes?types=private` (read-only). Build: `POST /v2/exchanges` with a quote id less
 * than 60 s old, which returns the one-time deposit address the user pays. Status: `GET /v2/orders/{id}`.
 *
 * Geo-gated: every quote and exchange call carries the end user's IP in `x-user-ip` (with
 * `x-user-agent` / `x-user-timezone`, which Houdini also requires) in the call context's `headers`.
 * Status polls carry none: the status request has no IP.
 *
 * Credentials `API_KEY` and `API_SECRET` (both required): every call carries
 * `Authorization: <key>:<secret>`; without it Houdini answers 402.
 */
export const houdiniVenue: VenueModule = {
  id: 'houdini',
  capabilities: { archetype: 'offchain', tradeTypes: ['EXACT_IN'], executionShapes: ['deposit_address'], feeCapture: 'none', requiresUserIp: true, privacyModel: 'unlinkable' },
  requiredCredentials: ['API_KEY', 'API_SECRET'],
  defaultBaseUrl: 'https://api-partner.houdiniswap.com',
  headers(credentials): Record<string, string> {
    const key = credentials.API_KEY;
    const secret = credentials.API_SECRET;
    return key && secret ? { authorization: `${key}:${secret}` } : {};
  },
  contextSchema: HoudiniContextSchema,
  create(deps) {
    return createHoudiniVenue(deps);
  },
};

/** How often the registry re-reads which table assets Houdini lists (one `GET /v2/tokens` per asset). */
export const SNAPSHOT_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** Token lookups a snapshot refresh runs at once. */
const SNAPSHOT_CONCURRENCY = 4;

/**
 * Coverage from the asset table, narrowed to the assets Houdini's last token list named (`listed`,
 * `null` until a snapshot refresh succeeds). Never wider than the table: an asset the table lacks
 * could not be quoted.
 */
function coverageOf(listed: () => ReadonlySet<HoudiniAsset> | null) {
  const listedOf = (asset: HoudiniAsset | undefined) => {
    const names = listed();
    return asset && (names === null || names.has(asset)) ? asset : undefined;
  };
  const listedOn = (chain: ChainKey) => assetsOn(chain).filter((a) => listedOf(a) !== undefined);
  const served = (chain: ChainKey) => shortNameOf(chain) !== undefined && listedOn(chain).length > 0;
  const assetOfListed = (token: Corridor['fromToken']) => listedOf(assetOf(token));
  const supports = supportsFrom({ name: 'Houdini', served, assetOf: assetOfListed, sameChain: true });
  function assetsFor(corridor: Corridor): { from: HoudiniAsset; to: HoudiniAsset } {
    const answer = supports(corridor);
    if (!answer.served) throw new VenueRejection(answer.code, answer.message);
    const from = assetOfListed(corridor.fromToken);
    const to = assetOfListed(corridor.toToken);
    if (!from || !to) throw new VenueRejection('token_not_supported', 'Houdini does not carry this token pair');
    return { from, to };
  }
  const coverage = () => tableCoverage(HOUDINI_ORIGINS.filter(served), served, (chain) => listedOn(chain).map((a) => a.symbol), { sameChain: true });
  return { supports, assetsFor, coverage };
}

/** Houdini serves only calls that name the end user's IP; refuse before calling without it. */
function geoCall(request: VenueQuoteRequest, call: CallContext): CallContext {
  if (!request.userIp) throw new VenueRejection('invalid_input', "Houdini is geo-gated and needs the end user's IP: pass userIp");
  return { ...call, headers: { ...call.headers, ...complianceHeaders(request.userIp) } };
}

/** Checks a created order and turns it into the deposit the user must make. */
function toDepositPlan(order: HoudiniExchange, request: VenueQuoteRequest, now: number): DepositPlan {
  const { depositAddress } = order;
  // Strait offers Houdini as unlinkable: an order Houdini placed on a non-private route is not that.
  if (order.anonymous === false) throw badResponse(`Houdini placed order ${order.houdiniId} on a non-private route`, '/anonymous');
  if (!isValidAddress(request.fromChain, depositAddress)) throw badResponse(`Houdini depositAddress ${depositAddress} is not a ${request.fromChain} address`, '/depositAddress');
  const inAmount = decimalToAtomic(order.inAmount, request.fromToken.decimals, 'down');
  // Never ask the wallet to send another amount than the user asked to move.
  if (inAmount === null || !sameAmount(inAmount, request.amountIn)) throw badResponse(`Houdini asked for ${order.inAmount} ${request.fromToken.symbol} instead of ${atomicToDecimal(request.amountIn, request.fromToken.decimals)}`, '/inAmount');
  const expires = order.expires ? Date.parse(order.expires) : Number.NaN;
  const deadlineMs = Number.isNaN(expires) ? now + DEFAULT_DEPOSIT_WINDOW_MS : expires;
  const memo = order.depositTag ? order.depositTag : null;
  const amountOut = decimalToAtomic(order.outAmount, request.toToken.decimals, 'down') ?? 0n;
  const minAmountOut = minimumOf(amountOut);
  const context: HoudiniContext = {
    houdiniId: order.houdiniId,
    depositAddress,
    depositTag: memo,
    expires: order.expires ?? null,
    inAmount: order.inAmount,
    outAmount: order.outAmount,
    anonymous: order.anonymous ?? null,
    minAmountOut: minAmountOut.toString(),
  };
  return {
    shape: 'deposit',
    deposit: { chain: request.fromChain, address: depositAddress, token: request.fromToken.address, amount: request.amountIn, memo, deadlineMs },
    fundingStep: fundingStepOf(request, depositAddress, request.amountIn),
    amountOut,
    minAmountOut,
    context,
  };
}

const USD_STABLES = new Set(['USDC', 'USDT']);
/** Routes build tries when desks' static deposit addresses are busy (Houdini's exchange calls are scarce: 1/min on the free tier). */
const MAX_ROUTES_TRIED = 3;

export function createHoudiniVenue(deps: VenueDeps): Venue {
  const tokenIds = createHoudiniTokenIds(deps.http, deps.now);
  let listed: ReadonlySet<HoudiniAsset> | null = null;
  let fetchedAt: number | null = null;
  const { supports, assetsFor, coverage } = coverageOf(() => listed);

  const snapshot: VenueSnapshot = {
    intervalMs: SNAPSHOT_INTERVAL_MS,
    async refresh(call: CallContext) {
      const snapshotCall = { ...call, purpose: call.purpose ?? 'snapshot' };
      const found = new Set<HoudiniAsset>();
      const queue = [...HOUDINI_ASSETS];
      // A failed lookup fails the refresh: coverage keeps its previous answer rather than a partial one.
      const worker = async () => {
        for (let asset = queue.shift(); asset; asset = queue.shift()) {
          if ((await tokenIds.refresh(asset, snapshotCall)) !== null) found.add(asset);
        }
      };
      await Promise.all(Array.from({ length: SNAPSHOT_CONCURRENCY }, worker));
      // An empty answer is a venue fault, not "trades nothing".
      if (found.size === 0) throw new Error('Houdini listed none of the tokens Strait routes; keeping the previous coverage');
      listed = found;
      fetchedAt = deps.now();
    },
    fetchedAt: () => fetchedAt,
  };

  async function pairOf(from: HoudiniAsset, to: HoudiniAsset, call: CallContext): Promise<HoudiniPair> {
    const [fromTokenId, toTokenId] = await Promise.all([tokenIds.resolve(from, call), tokenIds.resolve(to, call)]);
    for (const [asset, id] of [[from, fromTokenId], [to, toTokenId]] as const) {
      if (!id) throw new VenueRejection('token_not_supported', `Houdini does not list ${asset.symbol} on ${asset.chain}`);
    }
    return { fromTokenId: fromTokenId as string, toTokenId: toTokenId as string };
  }

  /**
   * Houdini's "minimum is 25 USD" names no token amount: ask `GET /v2/minMax` for the private
   * bounds in from-token units, or, for a USD stablecoin, read the USD figure as tokens.
   */
  async function withLimit(rejection: unknown, request: VenueQuoteRequest, pair: HoudiniPair, call: CallContext): Promise<unknown> {
    if (!(rejection instanceof VenueRejection) || (rejection.code !== 'below_min' && rejection.code !== 'above_max')) return rejection;
    const below = rejection.code === 'below_min';
    if (rejection.details?.[below ? 'minAmountAtomic' : 'maxAmountAtomic'] !== undefined) return rejection;
    const decimals = request.fromToken.decimals;
    let atomic: bigint | null = null;
    try {
      const bounds = (await deps.http.get('/v2/minMax', { tokenIdFrom: pair.fromTokenId, tokenIdTo: pair.toTokenId }, HoudiniMinMaxSchema, call)).private;
      if (bounds) atomic = below ? decimalToAtomic(bounds.min, decimals, 'up') : decimalToAtomic(bounds.max, decimals, 'down');
    } catch {
      // The limit is a courtesy; the rejection stands without it.
    }
    const usd = usdMinimumOf(rejection);
    if (atomic === null && below && usd !== null && USD_STABLES.has(request.fromToken.symbol)) atomic = decimalToAtomic(usd, decimals, 'up');
    if (atomic === null) return rejection;
    const details = below ? { minAmountAtomic: atomic.toString() } : { maxAmountAtomic: atomic.toString() };
    return new VenueRejection(rejection.code, rejection.message, { ...rejection.details, ...details }, { cause: rejection.cause });
  }

  async function privateRoutes(request: VenueQuoteRequest, pair: HoudiniPair, amount: string, call: CallContext): Promise<PrivateRoute[]> {
    let response: HoudiniQuotesResponse;
    try {
      response = await deps.http.get('/v2/quotes', toQuoteQuery(pair, amount), HoudiniQuotesResponseSchema, call);
    } catch (error) {
      throw await withLimit(toHoudiniRejection(error), request, pair, call);
    }
    return privateRoutesOf(response, request);
  }

  async function createExchange(quoteId: string, request: VenueQuoteRequest, call: CallContext): Promise<HoudiniExchange> {
    return deps.http.post('/v2/exchanges', toExchangeBody(quoteId, request), HoudiniExchangeSchema, call);
  }

  /**
   * Places the order: the stored quote id while it is fresh, else the best fresh private routes. A
   * route whose desk deposit address is busy (409) yields to the next one, and an expired quote id to
   * a fresh quote; Houdini is asked for a fresh quote at most once.
   */
  async function placeOrder(request: VenueQuoteRequest, stored: VenueQuote, call: CallContext): Promise<HoudiniExchange> {
    const { from, to } = assetsFor(request);
    const storedId = readHoudiniContext(stored.context, 'build').quoteId ?? null;
    const fresh = storedId !== null && stored.expiresAt !== null && stored.expiresAt - deps.now() > QUOTE_REUSE_MARGIN_MS;
    const amount = atomicToDecimal(request.amountIn, from.decimals);
    const requote = async () => (await privateRoutes(request, await pairOf(from, to, call), amount, call)).slice(0, MAX_ROUTES_TRIED).map((r) => r.quote.quoteId);
    let quoteIds = fresh ? [storedId] : await requote();
    let requoted = !fresh;
    const tried = new Set<string>();
    let lastError: unknown = new VenueRejection('no_liquidity', 'Houdini has no private route to place the order on');
    for (let attempt = 0; attempt < MAX_ROUTES_TRIED + 2; attempt += 1) {
      const quoteId = quoteIds.find((id) => !tried.has(id));
      if (quoteId === undefined) {
        if (requoted) break;
        requoted = true;
        quoteIds = await requote();
        continue;
      }
      tried.add(quoteId);
      try {
        return await createExchange(quoteId, request, call);
      } catch (error) {
        if (isStaticDepositBusy(error)) {
          lastError = error;
        } else if (isQuoteExpired(error) && !requoted) {
          requoted = true;
          quoteIds = await requote();
        } else {
          throw toHoudiniRejection(error);
        }
      }
    }
    throw toHoudiniRejection(lastError);
  }

  return {
    id: houdiniVenue.id,
    supports,
    coverage,
    snapshot,

    async quote(request: VenueQuoteRequest, call: CallContext): Promise<VenueQuote> {
      const houdiniCall = geoCall(request, call);
      const { from, to } = assetsFor(request);
      const pair = await pairOf(from, to, houdiniCall);
      const amount = atomicToDecimal(request.amountIn, from.decimals);
      const [best] = await privateRoutes(request, pair, amount, houdiniCall);
      if (!best) throw new VenueRejection('no_liquidity', 'Houdini returned no private route');
      return toVenueQuote(best, request, pair, amount, deps.now());
    },

    async build({ request, quote }: VenueBuildRequest, call: CallContext): Promise<DepositPlan> {
      const order = await placeOrder(request, quote, geoCall(request, call));
      return toDepositPlan(order, request, deps.now());
    },

    async status(request: VenueStatusRequest, call: CallContext): Promise<VenueStatus> {
      const houdiniId = readHoudiniContext(request.context, 'status').houdiniId;
      if (!houdiniId) throw new VenueRejection('invalid_input', 'houdini status needs the houdiniId of the build context');
      try {
        const order = await deps.http.get(`/v2/orders/${encodeURIComponent(houdiniId)}`, {}, HoudiniOrderSchema, call);
        return toVenueStatus(order, request.toToken);
      } catch (error) {
        // Houdini keeps orders queryable for 48 h; an unknown id is not a verdict on the transfer.
        if (error instanceof VenueHttpError && error.status === 404) {
          return { state: 'pending', venueStatus: 'NOT_FOUND', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'Houdini does not know this order (orders older than 48 h are no longer listed)' };
        }
        // Any other refusal of a status query is about the query, not a verdict on the transfer.
        if (error instanceof VenueHttpError && error.status < 500 && error.status !== 429) {
          throw new VenueRejection('venue_error', `Houdini refused the order query (HTTP ${error.status}): ${errorTextOf(error.body) || 'error'}`, { status: error.status }, { cause: error });
        }
        throw toHoudiniRejection(error);
      }
    },
  };
}
