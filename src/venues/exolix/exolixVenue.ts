import { sameAddress } from '../../domain/addresses/sameAddress.ts';
import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import type { ChainKey } from '../../domain/chains.ts';
import { VenueRejection, type CallContext, type Corridor, type DepositPlan, type Venue, type VenueBuildRequest, type VenueQuote, type VenueQuoteRequest, type VenueStatus, type VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { assetsOfCorridor, badResponse, contextAmount, contextString, fundingStepOf, supportsFrom, tableCoverage } from '../depositVenueSupport.ts';
import { EXOLIX_CHAINS, assetOf, assetsOn, networkOf, toExolixAddress } from './exolixChains.ts';
import { atomicEchoMatches, decimalText, decimalToAtomic } from '../../domain/amounts.ts';
import {
  DEPOSIT_WINDOW_MS,
  RATE_TYPE,
  amountOutOf,
  rateRejection,
  toExolixRejection,
  toRateQuery,
  toTransactionBody,
  toVenueQuote,
  toVenueStatus,
  type ExolixPair,
} from './exolixMapping.ts';
import { ExolixRateSchema, ExolixTransactionSchema, type ExolixTransaction } from './exolixSchemas.ts';

/**
 * Exolix (API v2): an instant-exchange desk with a deposit address per transaction (custodial hop).
 * Quote asks the fixed rate (`GET /rate`, nothing is created); build creates the transaction at a
 * fixed rate (`POST /transactions`), whose `depositAddress` (+ `depositExtraId`) is where the user
 * sends `amountIn`; status polls the transaction by id.
 *
 * Credential `API_KEY` (optional, partner attribution), sent raw as the `Authorization` header (no
 * `Bearer`) on every call when set.
 */
export const exolixVenue: VenueModule = {
  id: 'exolix',
  capabilities: { archetype: 'offchain', tradeTypes: ['EXACT_IN'], executionShapes: ['deposit_address'], feeCapture: 'none', requiresUserIp: false, privacyModel: 'custodial-hop' },
  requiredCredentials: [],
  defaultBaseUrl: 'https://exolix.com/api/v2',
  headers(credentials): Record<string, string> {
    const key = credentials.API_KEY;
    return key ? { Authorization: key } : {};
  },
  create(deps) {
    return createExolixVenue(deps);
  },
};

function served(chain: ChainKey): boolean {
  return networkOf(chain) !== undefined && assetsOn(chain).length > 0;
}

const coverage = { name: 'Exolix', served, assetOf };
const supports = supportsFrom(coverage);

function pairFor(corridor: Corridor): ExolixPair {
  return assetsOfCorridor(coverage, corridor);
}

/** Checks a created transaction and turns it into the deposit the user must make. */
function toDepositPlan(tx: ExolixTransaction, request: VenueQuoteRequest, pair: ExolixPair, now: number): DepositPlan {
  const depositAddress = tx.depositAddress;
  if (!isValidAddress(request.fromChain, depositAddress)) throw badResponse(`Exolix depositAddress ${depositAddress} is not a ${request.fromChain} address`, '/depositAddress');
  const recipient = toExolixAddress(request.toChain, request.recipient);
  if (!sameAddress(request.toChain, toExolixAddress(request.toChain, tx.withdrawalAddress), recipient)) {
    throw badResponse(`Exolix would pay ${tx.withdrawalAddress} instead of the recipient ${request.recipient}`, '/withdrawalAddress');
  }
  if (tx.rateType !== undefined && tx.rateType !== RATE_TYPE) throw badResponse(`Exolix created a ${tx.rateType} rate transaction instead of a fixed one`, '/rateType');
  const echoed = decimalToAtomic(tx.amount, pair.from.decimals, 'down');
  // Never ask the wallet to send another amount than the user asked to move.
  if (echoed === null || !atomicEchoMatches(echoed, request.amountIn)) throw badResponse(`Exolix expects ${String(tx.amount)} instead of the requested amount`, '/amount');
  const amountOut = amountOutOf(tx.amountTo, pair, '/amountTo');
  if (amountOut === 0n) throw new VenueRejection('no_liquidity', 'Exolix would deliver nothing for this amount after its fees');
  const memo = tx.depositExtraId && tx.depositExtraId.length > 0 ? tx.depositExtraId : null;
  return {
    shape: 'deposit',
    deposit: { chain: request.fromChain, address: depositAddress, token: request.fromToken.address, amount: request.amountIn, memo, deadlineMs: now + DEPOSIT_WINDOW_MS },
    fundingStep: fundingStepOf(request, depositAddress, request.amountIn),
    amountOut,
    minAmountOut: amountOut,
    context: {
      transactionId: tx.id,
      depositAddress,
      depositExtraId: memo,
      rateType: tx.rateType ?? RATE_TYPE,
      amount: decimalText(tx.amount),
      amountTo: decimalText(tx.amountTo),
      minAmountOut: amountOut.toString(),
    },
  };
}

export function createExolixVenue(deps: VenueDeps): Venue {
  return {
    id: exolixVenue.id,
    supports,
    coverage: () => tableCoverage(EXOLIX_CHAINS, served, (chain) => assetsOn(chain).map((a) => a.symbol)),

    async quote(request: VenueQuoteRequest, call: CallContext): Promise<VenueQuote> {
      const pair = pairFor(request);
      let answer;
      try {
        answer = await deps.http.get('/rate', toRateQuery(pair, request.amountIn), ExolixRateSchema, call);
      } catch (error) {
        throw toExolixRejection(error, pair, request.amountIn);
      }
      // A 200 can still refuse (`message` set, e.g. under `withdrawMin`, or a zero output).
      const refused = rateRejection(answer, request.amountIn, pair);
      if (refused) throw refused;
      const fee = request.integratorFee;
      const feeNote = fee && fee.bps > 0 ? 'integrator fee not charged: Exolix takes no fee per request (partner share is tied to the API key)' : null;
      return toVenueQuote(answer, request, pair, deps.now(), feeNote);
    },

    async build({ request }: VenueBuildRequest, call: CallContext): Promise<DepositPlan> {
      const pair = pairFor(request);
      let tx: ExolixTransaction;
      try {
        tx = await deps.http.post('/transactions', toTransactionBody(pair, request), ExolixTransactionSchema, call);
      } catch (error) {
        throw toExolixRejection(error, pair, request.amountIn);
      }
      return toDepositPlan(tx, request, pair, deps.now());
    },

    async status(request: VenueStatusRequest, call: CallContext): Promise<VenueStatus> {
      const transactionId = contextString(request.context, 'transactionId');
      if (!transactionId) throw new VenueRejection('invalid_input', 'exolix status needs the transactionId of the build context');
      const to = assetOf(request.toToken);
      if (!to) throw new VenueRejection('token_not_supported', `Exolix does not carry ${request.toToken.symbol} on ${request.toToken.chain}`);
      try {
        const response = await deps.http.get(`/transactions/${encodeURIComponent(transactionId)}`, {}, ExolixTransactionSchema, call);
        return toVenueStatus(response, { to, minAmountOut: contextAmount(request.context, 'minAmountOut') });
      } catch (error) {
        if (error instanceof VenueHttpError && error.status === 404) {
          return { state: 'pending', venueStatus: 'not_found', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: `Exolix does not know transaction ${transactionId} yet` };
        }
        // A 4xx on status is our query Exolix refused, not a pricing answer.
        if (error instanceof VenueHttpError && error.status < 500) {
          throw new VenueRejection('venue_error', `Exolix refused the status query (HTTP ${error.status}): ${error.message}`, { status: error.status }, { cause: error });
        }
        throw error;
      }
    },
  };
}
