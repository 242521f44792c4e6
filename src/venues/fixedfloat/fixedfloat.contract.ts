import type { ContractCase, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import type { DepositPlan, VenueQuote, VenueQuoteRequest, VenueStatusRequest, VenueTransferState } from '../Venue.ts';
import { knownToken as token } from '../fake/testVenueDeps.ts';

/**
 * FixedFloat v2. The real answers (fixtures/real/):
 * - a live `/price` answer (USDTTRC → USDTBSC, fixed, 10 USDT) and a live refusal of a placeholder key
 *   (`{"code":"501","msg":"Not have permission","data":null}`), both whole envelopes an integrator
 *   (relayd) replays byte for byte in its tests — they prove the envelope, the numeric amounts and the
 *   string code;
 * - FixedFloat orders another integrator (CRYPTOCHILL-EXCHANGE) kept in comments in Nov–Dec 2023: a
 *   created BTC → USDTTRC order and order 1HZPQP (LTC → TRX) read while PENDING, EXCHANGE and DONE,
 *   and order 23G1SP while WITHDRAW. Those are the `data` member only: the status cases serve them
 *   byte for byte inside the `{code, msg, data}` envelope the two live answers show
 *   (fixtures/synthetic/), and the status read refused with the real 501 answer is a status case
 *   served a real file.
 */

const LTC = token('litecoin', null);
const TRX = token('tron', null);
/** The recorded order's deposit (FixedFloat's) and payout (the integrator's) addresses. */
const DEPOSIT = 'ltc1qvyffzgz7l7meq56xlag7kkgrghpqpfrr2sdhx6';
const RECIPIENT = 'TFmiVeSoRg5kzLtHrmdmrpyrTXB3Xgh2xv';
const SENDER = 'ltc1qp9dt2h5lcr8qkyctmdm0tlhgrd30rxz707fdml';
const CREDENTIALS = { API_KEY: 'contract-key', API_SECRET: 'contract-secret' };
/** Order 1HZPQP: registered 2023-12-05T11:54:19Z, expires 30 minutes later. */
const REG = 1_701_777_259_000;
const EXPIRATION = 1_701_779_059_000;
const AMOUNT_IN = 1_631_000n; // 0.01631 LTC
const OUT = 10_449_000n; // 10.449 TRX (6 decimals)

const REQUEST: VenueQuoteRequest = {
  fromChain: 'litecoin',
  toChain: 'tron',
  fromToken: LTC,
  toToken: TRX,
  amountIn: AMOUNT_IN,
  sender: SENDER,
  recipient: RECIPIENT,
  userIp: null,
  integratorFee: null,
};

/** The recorded live price: 10 USDT on Tron to USDT on BNB Chain, fixed. */
const USDT_TRON = token('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
/** Binance-Peg BSC-USD (18 decimals): not in the built-in registry, so named here as the token directory would. */
const USDT_BNB = { chain: 'bnb', symbol: 'USDT', address: '0x55d398326f99059fF775485246999027B3197955', decimals: 18 } as const;
const LIVE_REQUEST: VenueQuoteRequest = {
  fromChain: 'tron',
  toChain: 'bnb',
  fromToken: USDT_TRON,
  toToken: USDT_BNB,
  amountIn: 10_000_000n,
  sender: RECIPIENT,
  recipient: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  userIp: null,
  integratorFee: null,
};

/** Served from fixtures/real/ byte for byte. */
const real = (path: string, file: string): ServedRoute => ({ method: 'POST', path, answer: { file: `real/${file}` } });
const served = (path: string, file: string): ServedRoute => ({ method: 'POST', path, answer: { file: `synthetic/${file}` } });
const price = (file: string) => served('/price', file);
const order = (file: string) => served('/order', file);

const QUOTE: VenueQuote = {
  amountIn: AMOUNT_IN,
  amountOut: OUT,
  minAmountOut: OUT,
  estimatedSeconds: null,
  expiresAt: REG + 60_000,
  context: { rateType: 'fixed', fromCcy: 'LTC', toCcy: 'TRX', priceToAmount: '10.44900000', minAmountOut: OUT.toString(), integratorFeeNote: null },
};

const STATUS: VenueStatusRequest = {
  fromChain: 'litecoin',
  toChain: 'tron',
  toToken: TRX,
  sourceTxHash: 'd368a9398be6f8b9a2867d33bad28ca86189ae321369c211a63b49127132b5a0',
  recipient: RECIPIENT,
  amountIn: AMOUNT_IN,
  expectedOut: OUT,
  context: { ...QUOTE.context, orderId: '1HZPQP', orderToken: 'WOY0pdz4Fy50KaRiCjQWsjE9hxhs5VHx9uvN8PwQ', depositAddress: DEPOSIT, depositTag: null, expiresAt: new Date(EXPIRATION).toISOString(), fromAmount: '0.01631000', toAmount: '10.44900000' },
};

const statusCase = (name: string, file: string, state: VenueTransferState, extra: Partial<Extract<ContractCase['expect'], { kind: 'status' }>> = {}): ContractCase => ({
  name,
  routes: [order(file)],
  call: { kind: 'status', request: STATUS },
  expect: { kind: 'status', state, ...extra },
  credentials: CREDENTIALS,
  now: REG,
});

const quoteCase = (name: string, file: string, expect: ContractCase['expect']): ContractCase => ({ name, routes: [price(file)], call: { kind: 'quote', request: REQUEST }, expect, credentials: CREDENTIALS, now: REG });

export const contract: VenueContract = {
  venue: 'fixedfloat',
  cases: [
    {
      name: 'the live fixed USDTTRC → USDTBSC price (amounts as JSON numbers) maps to.amount 9.551 to amountOut and minAmountOut',
      routes: [real('/price', 'price-fixed-usdttrc-usdtbsc-10.json')],
      call: { kind: 'quote', request: LIVE_REQUEST },
      expect: {
        kind: 'row',
        amountOut: 9_551_000_000_000_000_000n,
        minAmountOut: 9_551_000_000_000_000_000n,
        estimatedSeconds: null,
        check(quote) {
          if (quote.context.fromCcy !== 'USDTTRC' || quote.context.toCcy !== 'USDTBSC' || quote.context.priceToAmount !== '9.551') throw new Error(`context ${JSON.stringify(quote.context)}`);
        },
      },
      credentials: CREDENTIALS,
      now: REG,
    },
    {
      name: 'a live refusal with a string code ("501", Not have permission) is venue_error naming the code, never a bad response',
      routes: [real('/price', 'error-501-not-have-permission.json')],
      call: { kind: 'quote', request: LIVE_REQUEST },
      expect: { kind: 'rejection', code: 'venue_error', details: { venueCode: 501 } },
      credentials: CREDENTIALS,
      now: REG,
    },
    {
      name: 'a status read refused live (501) is venue_error, never a transfer state',
      routes: [real('/order', 'error-501-not-have-permission.json')],
      call: { kind: 'status', request: STATUS },
      expect: { kind: 'rejection', code: 'venue_error', details: { venueCode: 501 } },
      credentials: CREDENTIALS,
      now: REG,
    },
    quoteCase('a fixed LTC → TRX price maps to.amount to amountOut and minAmountOut', 'price-fixed-ltc-trx.json', {
      kind: 'row',
      amountOut: OUT,
      minAmountOut: OUT,
      estimatedSeconds: null,
      expiresAt: REG + 60_000,
      check(quote) {
        if (quote.context.fromCcy !== 'LTC' || quote.context.toCcy !== 'TRX') throw new Error(`context names ${String(quote.context.fromCcy)} → ${String(quote.context.toCcy)}`);
      },
    }),
    quoteCase('LIMIT_MIN is below_min with from.min rounded up', 'price-fixed-ltc-trx-limit-min.json', { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '2000000' } }),
    quoteCase('LIMIT_MAX is above_max with from.max', 'price-fixed-ltc-trx-limit-max.json', { kind: 'rejection', code: 'above_max', details: { maxAmountAtomic: '1000000' } }),
    quoteCase('RESERVE_TO is no_liquidity', 'price-fixed-ltc-trx-reserve.json', { kind: 'rejection', code: 'no_liquidity' }),
    quoteCase('MAINTENANCE_FROM is route_not_served', 'price-fixed-ltc-trx-maintenance.json', { kind: 'rejection', code: 'route_not_served' }),
    {
      name: 'the values of a real BTC → ETH price (LIMIT_MIN) give the minimum in satoshis',
      routes: [price('price-fixed-btc-eth-limit-min.json')],
      call: { kind: 'quote', request: { ...REQUEST, fromChain: 'bitcoin', toChain: 'ethereum', fromToken: token('bitcoin', null), toToken: token('ethereum', null), amountIn: 1_000_000n, sender: 'bc1q0elzn0s46p3jyg3d7d0pkpdwldy6ggsygjz228', recipient: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' } },
      expect: { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '36661' } },
      credentials: CREDENTIALS,
      now: REG,
    },
    quoteCase('a refused envelope naming the address is invalid_input', 'error-invalid-address.json', { kind: 'rejection', code: 'invalid_input' }),
    {
      name: 'build creates the order and deposits exactly amountIn to from.address until time.expiration',
      routes: [served('/create', 'create-fixed-ltc-trx.json')],
      call: { kind: 'build', request: { request: REQUEST, quote: QUOTE } },
      expect: {
        kind: 'plan',
        check(plan) {
          const deposit = (plan as DepositPlan).deposit;
          if (deposit.address !== DEPOSIT || deposit.amount !== AMOUNT_IN || deposit.memo !== null || deposit.deadlineMs !== EXPIRATION) throw new Error(`deposit ${JSON.stringify(deposit, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
          if (plan.context.orderToken !== 'WOY0pdz4Fy50KaRiCjQWsjE9hxhs5VHx9uvN8PwQ') throw new Error('the order token is not stored');
        },
      },
      credentials: CREDENTIALS,
      now: REG,
    },
    {
      name: 'an order paying another currency than asked (the recorded BTC → USDTTRC order for a BTC → ETH request) is refused',
      routes: [served('/create', 'create-new.json')],
      call: { kind: 'build', request: { request: { ...REQUEST, fromChain: 'bitcoin', toChain: 'ethereum', fromToken: token('bitcoin', null), toToken: token('ethereum', null), amountIn: 50_000_000n, recipient: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }, quote: QUOTE } },
      expect: { kind: 'rejection', code: 'venue_bad_response' },
      credentials: CREDENTIALS,
      now: REG,
    },
    statusCase('NEW is pending', 'create-fixed-ltc-trx.json', 'pending'),
    statusCase('PENDING (deposit confirming) is pending', 'order-pending.json', 'pending', { destinationTxHash: null }),
    statusCase('EXCHANGE is pending', 'order-exchange.json', 'pending'),
    statusCase('WITHDRAW is pending with the payout hash already known', 'order-withdraw.json', 'pending', { destinationTxHash: '099d8f7ee5f07a4e764a75be60b7a7ef6e659304b66ec1b697b7e5c81fa05812' }),
    statusCase('DONE pays to.tx.amount in to.tx.id: 10.448 TRX, under the fixed 10.449 → partial', 'order-done.json', 'partial', {
      destinationTxHash: 'bccc316c9c51a0a7c5b83fa1b4c4759f675c47b417a2e7cbf958ecf45bd763f4',
      receivedAmount: 10_448_000n,
    }),
    { ...statusCase('DONE at the fixed amount is completed', 'order-done.json', 'completed', { receivedAmount: 10_448_000n }), call: { kind: 'status', request: { ...STATUS, expectedOut: 10_448_000n, context: { ...STATUS.context, minAmountOut: '10448000' } } } },
    statusCase('DONE short of the fixed amount is partial', 'order-done-short.json', 'partial', { receivedAmount: 10_000_000n }),
    statusCase('DONE with a refund transaction and no payout is refunded', 'order-done-refund.json', 'refunded'),
    statusCase('EXPIRED is failed', 'order-expired.json', 'failed'),
    statusCase('EMERGENCY (paid less, no choice yet) stays pending', 'order-emergency-less.json', 'pending'),
    statusCase('an undocumented status stays pending, unrecognized', 'order-unknown-status.json', 'pending', { unrecognized: true }),
    statusCase('an order FixedFloat does not know (yet) stays pending', 'error-not-found.json', 'pending'),
  ],
};
