import { sameAddress } from '../../domain/addresses/sameAddress.ts';
import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import type { ChainKey } from '../../domain/chains.ts';
import { VenueRejection, type CallContext, type DepositPlan, type Venue, type VenueBuildRequest, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { assetsOfCorridor, badResponse, contextAmount, contextString, fundingStepOf, supportsFrom, tableCoverage, type DepositCoverage } from '../depositVenueSupport.ts';
import { STEALTHEX_CHAINS, assetOf, assetsOn, type StealthexAsset } from './stealthexChains.ts';
import { atomicEchoMatches, decimalText, decimalToAtomic } from '../../domain/amounts.ts';
import {
  DEPOSIT_WINDOW_MS,
  RATE,
  RATE_REUSE_MARGIN_MS,
  amountOutOf,
  limitRejection,
  memoOf,
  timeOf,
  toEstimateBody,
  toExchangeBody,
  toLimits,
  toRangeBody,
  toStealthexRejection,
  toVenueQuote,
  toVenueStatus,
  type Limits,
  type StealthexPair,
} from './stealthexMapping.ts';
import { StealthexEstimateSchema, StealthexExchangeSchema, StealthexRangeSchema, type StealthexEstimate, type StealthexExchange } from './stealthexSchemas.ts';

/**
 * StealthEX (API v4): an instant-exchange desk with a deposit address per exchange (custodial hop).
 * Quote asks the fixed-rate range and estimate (no order is created); build creates the exchange at the
 * locked rate (`rate_id`), whose `deposit.address` (+ `deposit.extra_id`) is where the user sends
 * `amountIn`; status polls the exchange by id.
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

const coverageTable: DepositCoverage<StealthexAsset> = { name: 'StealthEX', served, assetOf };
const supports = supportsFrom(coverageTable);

function pairFor(request: VenueQuoteRequest): StealthexPair {
  return assetsOfCorridor(coverageTable, request);
}

/** StealthEX may write a Bitcoin Cash address with its `bitcoincash:` prefix. */
function depositAddressOf(chain: ChainKey, address: string): string {
  return chain === 'bitcoincash' ? address.replace(/^bitcoincash:/i, '') : address;
}

interface LockedRate {
  readonly rateId: string;
  readonly validUntil: string | null;
}

/** Checks a created exchange and turns it into the deposit the user must make. */
function toDepositPlan(exchange: StealthexExchange, request: VenueQuoteRequest, pair: StealthexPair, rate: LockedRate, now: number): DepositPlan {
  const { deposit, withdrawal } = exchange;
  if (deposit.symbol.toLowerCase() !== pair.from.ticker || deposit.network.toLowerCase() !== pair.from.network) {
    throw badResponse(`StealthEX expects a deposit of ${deposit.symbol}/${deposit.network} instead of ${pair.from.ticker}/${pair.from.network}`, '/deposit/network');
  }
  const depositAddress = depositAddressOf(request.fromChain, deposit.address);
  if (!isValidAddress(request.fromChain, depositAddress)) throw badResponse(`StealthEX deposit address ${deposit.address} is not a ${request.fromChain} address`, '/deposit/address');
  if (!sameAddress(request.toChain, withdrawal.address, request.recipient)) {
    throw badResponse(`StealthEX would pay ${withdrawal.address} instead of the recipient ${request.recipient}`, '/withdrawal/address');
  }
  const echoed = decimalToAtomic(deposit.expected_amount, pair.from.decimals, 'down');
  // Never ask the wallet to send another amount than the user asked to move.
  if (echoed === null || !atomicEchoMatches(echoed, request.amountIn)) throw badResponse(`StealthEX expects ${String(deposit.expected_amount)} instead of the requested amount`, '/deposit/expected_amount');
  const amountOut = amountOutOf(withdrawal.expected_amount, pair, '/withdrawal/expected_amount');
  const memo = memoOf(deposit.extra_id);
  const validUntil = exchange.expires_at ?? rate.validUntil;
  const deadlineMs = timeOf(validUntil) ?? now + DEPOSIT_WINDOW_MS;
  return {
    shape: 'deposit',
    deposit: { chain: request.fromChain, address: depositAddress, token: request.fromToken.address, amount: request.amountIn, memo, deadlineMs },
    fundingStep: fundingStepOf(request, depositAddress, request.amountIn),
    amountOut,
    minAmountOut: amountOut,
    context: {
      exchangeId: exchange.id,
      depositAddress,
      depositExtraId: memo,
      rate: RATE,
      rateId: rate.rateId,
      expiresAt: validUntil ?? null,
      depositAmount: decimalText(deposit.expected_amount),
      withdrawalAmount: decimalText(withdrawal.expected_amount),
      minAmountOut: amountOut.toString(),
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

  /** The quote's rate id while it holds for a while yet; otherwise a freshly locked one. */
  async function lockedRate(build: VenueBuildRequest, pair: StealthexPair, call: CallContext): Promise<LockedRate> {
    const rateId = contextString(build.quote.context, 'rateId');
    const validUntil = contextString(build.quote.context, 'validUntil');
    const until = timeOf(validUntil);
    if (rateId && until !== null && until - deps.now() > RATE_REUSE_MARGIN_MS) return { rateId, validUntil };
    const fresh = await estimate(pair, build.request.amountIn, call);
    if (!fresh.rate) throw new VenueRejection('route_not_served', 'StealthEX no longer offers a fixed rate for this pair');
    return { rateId: fresh.rate.id, validUntil: fresh.rate.valid_until ?? null };
  }

  return {
    id: stealthexVenue.id,
    supports,
    coverage: () => tableCoverage(STEALTHEX_CHAINS, served, (chain) => assetsOn(chain).map((a) => a.symbol)),

    async quote(request: VenueQuoteRequest, call: CallContext): Promise<VenueQuote> {
      const pair = pairFor(request);
      const answer = await priced(request, pair, call);
      const fee = request.integratorFee;
      const feeNote = fee && fee.bps > 0 ? 'integrator fee not sent to StealthEX (additional_fee_percent unused): Strait collects its fee in its own steps' : null;
      return toVenueQuote(answer, request, pair, deps.now(), feeNote);
    },

    async build({ request, quote }: VenueBuildRequest, call: CallContext): Promise<DepositPlan> {
      const pair = pairFor(request);
      const rate = await lockedRate({ request, quote }, pair, call);
      let exchange: StealthexExchange;
      try {
        exchange = await deps.http.post(EXCHANGES_PATH, toExchangeBody(pair, request, rate.rateId), StealthexExchangeSchema, call);
      } catch (error) {
        throw toStealthexRejection(error, pair);
      }
      return toDepositPlan(exchange, request, pair, rate, deps.now());
    },

    async status(request: VenueStatusRequest, call: CallContext): Promise<VenueStatus> {
      const exchangeId = contextString(request.context, 'exchangeId');
      if (!exchangeId) throw new VenueRejection('invalid_input', 'stealthex status needs the exchangeId of the build context');
      const to = assetOf(request.toToken);
      if (!to) throw new VenueRejection('token_not_supported', `StealthEX does not carry ${request.toToken.symbol} on ${request.toToken.chain}`);
      try {
        const response = await deps.http.get(`${EXCHANGES_PATH}/${encodeURIComponent(exchangeId)}`, {}, StealthexExchangeSchema, call);
        return toVenueStatus(response, { to, minAmountOut: contextAmount(request.context, 'minAmountOut') });
      } catch (error) {
        if (error instanceof VenueHttpError && error.status === 404) {
          return { state: 'pending', venueStatus: 'not_found', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: `StealthEX does not know exchange ${exchangeId} yet` };
        }
        // A 4xx on status is our query StealthEX refused, not a pricing answer.
        if (error instanceof VenueHttpError && error.status < 500) {
          throw new VenueRejection('venue_error', `StealthEX refused the status query (HTTP ${error.status}): ${error.message}`, { status: error.status }, { cause: error });
        }
        throw error;
      }
    },
  };
}
