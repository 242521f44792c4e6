import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { sameAddress } from '../../domain/addresses/sameAddress.ts';
import { atomicToDecimal, decimalToAtomic } from '../../domain/amounts.ts';
import { type ChainKey } from '../../domain/chains.ts';
import type { JsonObject } from '../../domain/steps.ts';
import { VenueRejection, type CallContext, type Corridor, type DepositPlan, type Venue, type VenueBuildRequest, type VenueSnapshot, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { badResponse, fundingStepOf, supportsFrom, tableCoverage } from '../depositVenueSupport.ts';
import { readSideShiftContext } from './readSideShiftContext.ts';
import { SIDESHIFT_ASSETS, SIDESHIFT_CHAINS, assetOf, assetsOn, networkOf, type SideShiftAsset } from './sideShiftChains.ts';
import { commissionOf, limitBreachOf, limitRejection, listedAssets, pairPath, pricePair, toSideShiftRejection, toVenueQuote, toVenueStatus } from './sideShiftMapping.ts';
import { SideShiftCoinsSchema, SideShiftContextSchema, SideShiftFixedShiftSchema, SideShiftPairSchema, SideShiftQuoteSchema, SideShiftShiftSchema, type SideShiftContext, type SideShiftFixedShift, type SideShiftPair, type SideShiftQuote } from './sideShiftSchemas.ts';

/**
 * SideShift.ai (API v2): an instant exchange desk that gives each shift its own deposit address.
 * `quote` reads the indicative rate and deposit range of `GET /v2/pair` (no side effect at the venue);
 * `build` locks a fixed-rate quote (`POST /v2/quotes`) and creates the fixed shift from it
 * (`POST /v2/shifts/fixed`), whose deposit address receives exactly `amountIn`; `status` polls the
 * shift. Geo-gated: every call carries the end user's IP in `x-user-ip`.
 *
 * Credentials: `SECRET` (the account private key, header `x-sideshift-secret`) and `AFFILIATE_ID` (the
 * account id, `affiliateId` in the query of `/pair` and the bodies of `/quotes` and `/shifts/fixed`).
 */
export const sideShiftVenue: VenueModule = {
  id: 'sideshift',
  capabilities: { archetype: 'offchain', tradeTypes: ['EXACT_IN'], executionShapes: ['deposit_address'], feeCapture: 'none', requiresUserIp: true, privacyModel: 'custodial-hop' },
  requiredCredentials: ['SECRET', 'AFFILIATE_ID'],
  defaultBaseUrl: 'https://sideshift.ai/api',
  headers(credentials): Record<string, string> {
    return credentials.SECRET ? { 'x-sideshift-secret': credentials.SECRET } : {};
  },
  contextSchema: SideShiftContextSchema,
  create(deps) {
    return createSideShiftVenue(deps);
  },
};

interface Assets {
  readonly deposit: SideShiftAsset;
  readonly settle: SideShiftAsset;
}

/** How often the registry re-reads `GET /v2/coins`. */
export const SNAPSHOT_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Coverage from the asset table, narrowed to the assets SideShift's last `/v2/coins` listed (`listed`,
 * `null` until a snapshot refresh succeeds). Never wider than the table: an asset the table lacks could
 * not be quoted.
 */
function coverageOf(listed: () => ReadonlySet<SideShiftAsset> | null) {
  const listedOf = (asset: SideShiftAsset | undefined) => {
    const names = listed();
    return asset && (names === null || names.has(asset)) ? asset : undefined;
  };
  const listedOn = (chain: ChainKey) => assetsOn(chain).filter((a) => listedOf(a) !== undefined);
  const served = (chain: ChainKey) => networkOf(chain) !== undefined && listedOn(chain).length > 0;
  const assetOfListed = (token: Corridor['fromToken']) => listedOf(assetOf(token));
  const supports = supportsFrom({ name: 'SideShift', served, assetOf: assetOfListed });
  function assetsFor(request: Corridor): Assets {
    const answer = supports(request);
    if (!answer.served) throw new VenueRejection(answer.code, answer.message);
    const deposit = assetOfListed(request.fromToken);
    const settle = assetOfListed(request.toToken);
    if (!deposit || !settle) throw new VenueRejection('token_not_supported', 'SideShift does not carry this token pair');
    return { deposit, settle };
  }
  const coverage = () => tableCoverage(SIDESHIFT_CHAINS.filter(served), served, (chain) => listedOn(chain).map((a) => a.coin.toUpperCase()));
  return { supports, assetsFor, coverage };
}

function userIpOf(request: VenueQuoteRequest): string {
  if (!request.userIp) throw new VenueRejection('invalid_input', "SideShift is geo-gated and needs the end user's IP address (userIp) for every request");
  return request.userIp;
}

const sameCoin = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The answer is about the pair that was asked for (SideShift echoes coins and networks). */
function checkPair(answer: Pick<SideShiftPair, 'depositCoin' | 'depositNetwork' | 'settleCoin' | 'settleNetwork'>, assets: Assets, what: string): void {
  const { deposit, settle } = assets;
  const matches = sameCoin(answer.depositCoin, deposit.coin) && sameCoin(answer.depositNetwork, deposit.network) && sameCoin(answer.settleCoin, settle.coin) && sameCoin(answer.settleNetwork, settle.network);
  if (!matches) {
    throw badResponse(`SideShift ${what} is for ${answer.depositCoin}-${answer.depositNetwork} → ${answer.settleCoin}-${answer.settleNetwork}, not ${deposit.coin}-${deposit.network} → ${settle.coin}-${settle.network}`, '/depositCoin');
  }
}

/** A decimal the venue must have echoed exactly: no digit below the token's precision. */
function exactAtomic(value: string, decimals: number): bigint | null {
  const down = decimalToAtomic(value, decimals, 'down');
  return down !== null && down === decimalToAtomic(value, decimals, 'up') ? down : null;
}

/** Checks a created fixed shift against the request and turns it into the deposit the user must make. */
function toDepositPlan(shift: SideShiftFixedShift, quote: SideShiftQuote, request: VenueQuoteRequest, extra: SideShiftContext): DepositPlan {
  const { fromChain, fromToken, toToken } = request;
  if (shift.quoteId !== quote.id) throw badResponse(`SideShift made the shift from quote ${shift.quoteId}, not ${quote.id}`, '/quoteId');
  const depositAddress = shift.depositAddress;
  if (!isValidAddress(fromChain, depositAddress)) throw badResponse(`SideShift depositAddress ${depositAddress} is not a ${fromChain} address`, '/depositAddress');
  if (shift.settleAddress != null && !sameAddress(request.toChain, shift.settleAddress, request.recipient)) throw badResponse(`SideShift settles to ${shift.settleAddress}, not the recipient`, '/settleAddress');
  // Never ask the wallet to send another amount than the user asked to move: a fixed shift refunds any other.
  const amountIn = exactAtomic(shift.depositAmount, fromToken.decimals);
  if (amountIn !== request.amountIn) throw badResponse(`SideShift asked for ${shift.depositAmount} ${fromToken.symbol} instead of ${atomicToDecimal(request.amountIn, fromToken.decimals)}`, '/depositAmount');
  const amountOut = decimalToAtomic(shift.settleAmount, toToken.decimals, 'down');
  if (amountOut === null) throw badResponse('SideShift settleAmount is not a decimal', '/settleAmount');
  const deadlineMs = Date.parse(shift.expiresAt);
  if (Number.isNaN(deadlineMs)) throw badResponse('SideShift shift has no valid expiresAt', '/expiresAt');
  const memo = shift.depositMemo ?? null;
  const context: SideShiftContext = {
    ...extra,
    shiftId: shift.id,
    quoteId: quote.id,
    depositAddress,
    depositMemo: memo,
    depositAmount: shift.depositAmount,
    settleAmount: shift.settleAmount,
    minAmountOut: amountOut.toString(),
    expiresAt: shift.expiresAt,
    averageShiftSeconds: shift.averageShiftSeconds ?? null,
  };
  return {
    shape: 'deposit',
    deposit: { chain: fromChain, address: depositAddress, token: fromToken.address, amount: amountIn, memo, deadlineMs },
    fundingStep: fundingStepOf(request, depositAddress, amountIn),
    // A fixed shift delivers exactly its settleAmount (network fees and commission are in the rate).
    amountOut,
    minAmountOut: amountOut,
    context: context as JsonObject,
  };
}

export function createSideShiftVenue(deps: VenueDeps): Venue {
  let listed: ReadonlySet<SideShiftAsset> | null = null;
  let fetchedAt: number | null = null;
  const { supports, assetsFor, coverage } = coverageOf(() => listed);
  const snapshot: VenueSnapshot = {
    intervalMs: SNAPSHOT_INTERVAL_MS,
    async refresh(call: CallContext) {
      const coins = await deps.http.get('/v2/coins', {}, SideShiftCoinsSchema, { ...call, purpose: call.purpose ?? 'snapshot' });
      const found = listedAssets(coins, SIDESHIFT_ASSETS);
      // An empty answer is a venue fault, not "trades nothing".
      if (found.length === 0) throw new Error('SideShift listed none of the assets Strait routes; keeping the previous coverage');
      listed = new Set(found);
      fetchedAt = deps.now();
    },
    fetchedAt: () => fetchedAt,
  };

  function affiliateId(): string {
    const id = deps.credentials.AFFILIATE_ID;
    if (!id) throw new VenueRejection('venue_disabled', 'SideShift needs its AFFILIATE_ID credential');
    return id;
  }

  async function getPair(assets: Assets, request: VenueQuoteRequest, commissionRate: string, call: CallContext): Promise<SideShiftPair> {
    const amount = atomicToDecimal(request.amountIn, request.fromToken.decimals);
    try {
      const pair = await deps.http.get(pairPath(assets.deposit, assets.settle), { amount, affiliateId: affiliateId(), commissionRate }, SideShiftPairSchema, call);
      checkPair(pair, assets, 'pair');
      return pair;
    } catch (error) {
      throw toSideShiftRejection(error);
    }
  }

  /** A fixed quote refused for its amount: the deposit range comes from `/pair`, as SideShift's message has none. */
  async function quoteRefusal(error: unknown, assets: Assets, request: VenueQuoteRequest, commissionRate: string, call: CallContext): Promise<unknown> {
    const breach = limitBreachOf(error);
    if (!breach) return toSideShiftRejection(error);
    const pair = await getPair(assets, request, commissionRate, call);
    return limitRejection(pricePair(pair, request), request, { breach, cause: error }) ?? toSideShiftRejection(error);
  }

  async function lockQuote(assets: Assets, request: VenueQuoteRequest, commissionRate: string, call: CallContext): Promise<SideShiftQuote> {
    const body = {
      depositCoin: assets.deposit.coin,
      depositNetwork: assets.deposit.network,
      settleCoin: assets.settle.coin,
      settleNetwork: assets.settle.network,
      depositAmount: atomicToDecimal(request.amountIn, request.fromToken.decimals),
      affiliateId: affiliateId(),
      commissionRate,
    };
    let quote: SideShiftQuote;
    try {
      quote = await deps.http.post('/v2/quotes', body, SideShiftQuoteSchema, call);
    } catch (error) {
      throw await quoteRefusal(error, assets, request, commissionRate, call);
    }
    checkPair(quote, assets, 'quote');
    if (exactAtomic(quote.depositAmount, request.fromToken.decimals) !== request.amountIn) throw badResponse(`SideShift quoted a deposit of ${quote.depositAmount} instead of ${body.depositAmount}`, '/depositAmount');
    return quote;
  }

  async function createShift(quote: SideShiftQuote, request: VenueQuoteRequest, call: CallContext): Promise<SideShiftFixedShift> {
    const body = { quoteId: quote.id, affiliateId: affiliateId(), settleAddress: request.recipient, refundAddress: request.sender };
    try {
      return await deps.http.post('/v2/shifts/fixed', body, SideShiftFixedShiftSchema, call);
    } catch (error) {
      throw toSideShiftRejection(error);
    }
  }

  return {
    id: sideShiftVenue.id,
    supports,
    coverage,
    snapshot,

    async quote(request: VenueQuoteRequest, call: CallContext): Promise<VenueQuote> {
      const assets = assetsFor(request);
      const ip = userIpOf(request);
      const { commissionRate, feeNote } = commissionOf(request);
      const pair = await getPair(assets, request, commissionRate, withUserIp(call, ip));
      const context: SideShiftContext = {
        depositCoin: assets.deposit.coin,
        depositNetwork: assets.deposit.network,
        settleCoin: assets.settle.coin,
        settleNetwork: assets.settle.network,
        commissionRate,
        integratorFeeNote: feeNote,
      };
      return toVenueQuote(pair, request, context as JsonObject);
    },

    async build({ request, quote }: VenueBuildRequest, call: CallContext): Promise<DepositPlan> {
      const assets = assetsFor(request);
      const ip = userIpOf(request);
      // The commission priced at quote time, so the shift matches the rate the user was shown.
      const commissionRate = readSideShiftContext(quote.context, 'build').commissionRate ?? commissionOf(request).commissionRate;
      const ipCall = withUserIp(call, ip);
      const fixed = await lockQuote(assets, request, commissionRate, ipCall);
      const shift = await createShift(fixed, request, ipCall);
      // The IP goes with the shift: status polls must name the same end user.
      return toDepositPlan(shift, fixed, request, { userIp: ip, commissionRate });
    },

    async status(request: VenueStatusRequest, call: CallContext): Promise<VenueStatus> {
      const stored = readSideShiftContext(request.context, 'status');
      const shiftId = stored.shiftId;
      if (!shiftId) throw new VenueRejection('invalid_input', 'sideshift status needs the shiftId of the build context');
      const ip = stored.userIp;
      try {
        const shift = await deps.http.get(`/v2/shifts/${encodeURIComponent(shiftId)}`, {}, SideShiftShiftSchema, ip ? withUserIp(call, ip) : call);
        return toVenueStatus(shift, { toToken: request.toToken, minAmountOut: stored.minAmountOut === undefined ? null : BigInt(stored.minAmountOut) });
      } catch (error) {
        if (error instanceof VenueHttpError && error.status === 404) {
          return { state: 'pending', venueStatus: 'NOT_FOUND', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: `shift ${shiftId} not known to SideShift yet` };
        }
        // A 400 on status is our malformed query, not a pricing answer.
        if (error instanceof VenueHttpError && error.status === 400) throw new VenueRejection('venue_error', `SideShift refused the status query: ${error.message}`, { status: 400 }, { cause: error });
        throw toSideShiftRejection(error);
      }
    },
  };
}

/** SideShift blocks server-side calls that do not name the end user's IP in `x-user-ip`. */
function withUserIp(call: CallContext, ip: string): CallContext {
  return { ...call, headers: { ...call.headers, 'x-user-ip': ip } };
}
