import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { sameAddress } from '../../domain/addresses/sameAddress.ts';
import { decimalText, decimalToAtomic } from '../../domain/amounts.ts';
import type { ChainKey } from '../../domain/chains.ts';
import { type Venue, type VenueQuoteRequest } from '../Venue.ts';
import type { VenueDeps, VenueModule } from '../VenueModule.ts';
import { badResponse } from '../depositVenueSupport.ts';
import { createDeskVenue, type DeskDialect, type DeskOrder } from '../desks/createDeskVenue.ts';
import { EXOLIX_ASSETS, EXOLIX_CHAINS, assetOf, assetsOn, networkOf, toExolixAddress, type ExolixAsset } from './exolixChains.ts';
import {
  CURRENCIES_MAX_PAGES,
  CURRENCIES_PAGE,
  DEPOSIT_WINDOW_MS,
  EXOLIX_STATUS_DETAIL,
  EXOLIX_STATUS_TABLE,
  QUOTE_TTL_MS,
  RATE_TYPE,
  SNAPSHOT_INTERVAL_MS,
  amountOutOf,
  listedAssets,
  priceOf,
  progressOf,
  rateRejection,
  toExolixRejection,
  toRateQuery,
  toTransactionBody,
  type ExolixPair,
} from './exolixMapping.ts';
import { ExolixContextSchema, ExolixCurrenciesSchema, ExolixRateSchema, ExolixTransactionSchema, type ExolixCurrencies, type ExolixTransaction } from './exolixSchemas.ts';

/**
 * Exolix (API v2): an instant-exchange desk with a deposit address per transaction (custodial hop).
 * Quote asks the fixed rate (`GET /rate`, nothing is created); build creates the transaction at a
 * fixed rate (`POST /transactions`), whose `depositAddress` (+ `depositExtraId`) is where the user
 * sends `amountIn`; status polls the transaction by id. The shared desk stack (deposit plan, status
 * table) is `createDeskVenue`; this file is Exolix's dialect.
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
  contextSchema: ExolixContextSchema,
  // The sandbox's private route: the desk's deposit address is paid on one chain, the fake pays out on the other.
  sandboxFake: async ({ settlement }) => (await import('./exolixFake.ts')).startExolixFake({ settlement }),
  create(deps) {
    return createExolixVenue(deps);
  },
};

function served(chain: ChainKey): boolean {
  return networkOf(chain) !== undefined && assetsOn(chain).length > 0;
}

/** The coin of a created transaction is the asset asked: code and network, and the contract when Exolix names one for a token. */
const sameCoin = (coin: { readonly coinCode: string; readonly network: string; readonly contract?: string | null }, asset: ExolixAsset) =>
  coin.coinCode.toUpperCase() === asset.coin &&
  coin.network.toUpperCase() === asset.network &&
  (asset.address === null || typeof coin.contract !== 'string' || coin.contract === '' || sameAddress(asset.chain, coin.contract, asset.address));

/** Checks a created transaction and reads it as the order the factory turns into a deposit. */
function orderOf(tx: ExolixTransaction, request: VenueQuoteRequest, pair: ExolixPair): DeskOrder {
  // A transaction for another coin or network than asked would take the deposit and pay something else.
  if (!sameCoin(tx.coinFrom, pair.from)) throw badResponse(`Exolix expects a deposit of ${tx.coinFrom.coinCode}/${tx.coinFrom.network} instead of ${pair.from.coin}/${pair.from.network}`, '/coinFrom');
  if (!sameCoin(tx.coinTo, pair.to)) throw badResponse(`Exolix would pay ${tx.coinTo.coinCode}/${tx.coinTo.network} instead of ${pair.to.coin}/${pair.to.network}`, '/coinTo');
  if (!isValidAddress(request.fromChain, tx.depositAddress)) throw badResponse(`Exolix depositAddress ${tx.depositAddress} is not a ${request.fromChain} address`, '/depositAddress');
  if (tx.rateType !== undefined && tx.rateType !== RATE_TYPE) throw badResponse(`Exolix created a ${tx.rateType} rate transaction instead of a fixed one`, '/rateType');
  const memo = tx.depositExtraId && tx.depositExtraId.length > 0 ? tx.depositExtraId : null;
  return {
    id: tx.id,
    depositAddress: tx.depositAddress,
    depositAddressPath: '/depositAddress',
    memo,
    payoutAddress: toExolixAddress(request.toChain, tx.withdrawalAddress),
    payoutAddressPath: '/withdrawalAddress',
    recipient: toExolixAddress(request.toChain, request.recipient),
    amountIn: decimalToAtomic(tx.amount, pair.from.decimals, 'down'),
    amountInText: String(tx.amount),
    amountInPath: '/amount',
    amountOut: amountOutOf(tx.amountTo, pair, '/amountTo'),
    // Exolix returns no deadline; `overdue` ends an unpaid transaction.
    validUntil: null,
    context: {
      transactionId: tx.id,
      depositAddress: tx.depositAddress,
      depositExtraId: memo,
      rateType: tx.rateType ?? RATE_TYPE,
      amount: decimalText(tx.amount),
      amountTo: decimalText(tx.amountTo),
    },
  };
}

export function createExolixVenue(deps: VenueDeps): Venue {
  const dialect: DeskDialect<ExolixAsset, typeof ExolixContextSchema> = {
    id: exolixVenue.id,
    name: 'Exolix',
    orderNoun: 'transaction',
    orderKey: 'transactionId',
    chains: EXOLIX_CHAINS,
    served,
    assetOf,
    assetsOn,
    quoteTtlMs: QUOTE_TTL_MS,
    depositWindowMs: DEPOSIT_WINDOW_MS,
    rateReuseMarginMs: null,
    contextSchema: ExolixContextSchema,
    integratorFeeNote: 'integrator fee not charged: Exolix takes no fee per request (partner share is tied to the API key)',
    statusTable: EXOLIX_STATUS_TABLE,
    statusDetail: EXOLIX_STATUS_DETAIL,

    async price(request, pair, call) {
      let answer;
      try {
        answer = await deps.http.get('/rate', toRateQuery(pair, request.amountIn), ExolixRateSchema, call);
      } catch (error) {
        throw toExolixRejection(error, pair, request.amountIn);
      }
      // A 200 can still refuse (`message` set, e.g. under `withdrawMin`, or a zero output).
      const refused = rateRejection(answer, request.amountIn, pair);
      if (refused) throw refused;
      return priceOf(answer, request, pair);
    },

    async create(request, pair, _lock, call) {
      let tx: ExolixTransaction;
      try {
        tx = await deps.http.post('/transactions', toTransactionBody(pair, request), ExolixTransactionSchema, call);
      } catch (error) {
        throw toExolixRejection(error, pair, request.amountIn);
      }
      return orderOf(tx, request, pair);
    },

    listing: {
      intervalMs: SNAPSHOT_INTERVAL_MS,
      async listed(call) {
        const coins: ExolixCurrencies['data'][number][] = [];
        for (let page = 1; page <= CURRENCIES_MAX_PAGES; page += 1) {
          const answer = await deps.http.get('/currencies', { withNetworks: 'true', page: String(page), size: String(CURRENCIES_PAGE) }, ExolixCurrenciesSchema, call);
          coins.push(...answer.data);
          if (answer.data.length < CURRENCIES_PAGE || (answer.count !== undefined && coins.length >= answer.count)) break;
        }
        return listedAssets(coins, EXOLIX_ASSETS);
      },
    },

    async progress(transactionId, to, _context, call) {
      const response = await deps.http.get(`/transactions/${encodeURIComponent(transactionId)}`, {}, ExolixTransactionSchema, call, { notFoundAs: null });
      return response === null ? null : progressOf(response, to);
    },
  };

  return createDeskVenue(deps, dialect);
}
