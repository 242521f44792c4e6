import type { ContractCase, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import type { DepositPlan, VenueQuote, VenueQuoteRequest, VenueStatusRequest, VenueTransferState } from '../Venue.ts';
import { knownToken as token } from '../fake/testVenueDeps.ts';

/**
 * SimpleSwap v3. No SimpleSwap answer was recorded anywhere we could read, so every case serves a
 * file of fixtures/synthetic/, written in the typed clients of the integrations that call v3 (Edge's
 * cleaners, Rubic's types and status list). That is why the module is not registered: the contract
 * runner needs a passing quote and status case on real answers. The cases run in
 * simpleswapVenue.test.ts (describeContractReplay).
 */

const DEPOSIT = '7YttLkHDoNj9wyDur5pM1ejNaAvT9X4eqaYcHQqtj2G5';
const SENDER = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const CREDENTIALS = { API_KEY: 'contract-key' };
const NOW = Date.parse('2026-03-01T10:00:00.000Z');
const RATE_UNTIL = Date.parse('2026-03-01T10:05:00.000Z');
const EXCHANGE_UNTIL = Date.parse('2026-03-01T10:30:05.000Z');
const AMOUNT_IN = 250_000_000n; // 250 USDC
const OUT = 244_180_000n; // 244.18 USDC

const REQUEST: VenueQuoteRequest = {
  fromChain: 'solana',
  toChain: 'ethereum',
  fromToken: token('solana', 'USDC'),
  toToken: token('ethereum', 'USDC'),
  amountIn: AMOUNT_IN,
  sender: SENDER,
  recipient: RECIPIENT,
  userIp: null,
  integratorFee: null,
};

const get = (path: string | RegExp, file: string, status?: number): ServedRoute => ({ method: 'GET', path, answer: { file: `synthetic/${file}`, ...(status ? { status } : {}) } });
const post = (path: string, file: string, status?: number): ServedRoute => ({ method: 'POST', path, answer: { file: `synthetic/${file}`, ...(status ? { status } : {}) } });
const RANGES = get('/ranges', 'ranges-fixed-usdc-sol-usdc-eth.json');
const ESTIMATE = get('/estimates', 'estimate-fixed-usdc-sol-usdc-eth-250.json');

const QUOTE: VenueQuote = {
  amountIn: AMOUNT_IN,
  amountOut: OUT,
  minAmountOut: OUT,
  estimatedSeconds: null,
  expiresAt: RATE_UNTIL,
  context: {
    tickerFrom: 'usdc',
    networkFrom: 'sol',
    tickerTo: 'usdc',
    networkTo: 'eth',
    estimatedAmount: '244.18',
    rateId: 'b3a1f2c4-6d7e-4f80-9a1b-2c3d4e5f6a7b',
    validUntil: '2026-03-01T10:05:00.000Z',
    minAmountOut: OUT.toString(),
    integratorFeeNote: null,
  },
};

const STATUS: VenueStatusRequest = {
  fromChain: 'solana',
  toChain: 'ethereum',
  toToken: token('ethereum', 'USDC'),
  sourceTxHash: '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
  recipient: RECIPIENT,
  amountIn: AMOUNT_IN,
  expectedOut: OUT,
  context: { ...QUOTE.context, exchangeId: 'ss7kq2m9x4w1', depositAddress: DEPOSIT, depositExtraId: null, amountFrom: '250', amountTo: '244.18' },
};

const EXCHANGE_PATH = /^\/exchanges\/ss7kq2m9x4w1$/;

const quoteCase = (name: string, routes: readonly ServedRoute[], expect: ContractCase['expect'], request: VenueQuoteRequest = REQUEST): ContractCase => ({ name, routes, call: { kind: 'quote', request }, expect, credentials: CREDENTIALS, now: NOW });
const buildCase = (name: string, file: string, expect: ContractCase['expect'], status?: number): ContractCase => ({ name, routes: [post('/exchanges', file, status)], call: { kind: 'build', request: { request: REQUEST, quote: QUOTE } }, expect, credentials: CREDENTIALS, now: NOW });
const statusCase = (name: string, file: string, state: VenueTransferState, extra: Partial<Extract<ContractCase['expect'], { kind: 'status' }>> = {}, status?: number): ContractCase => ({
  name,
  routes: [get(EXCHANGE_PATH, file, status)],
  call: { kind: 'status', request: STATUS },
  expect: { kind: 'status', state, ...extra },
  credentials: CREDENTIALS,
  now: NOW,
});

export const contract: VenueContract = {
  venue: 'simpleswap',
  cases: [
    quoteCase('a fixed estimate maps estimatedAmount to amountOut = minAmountOut, locked until validUntil', [RANGES, ESTIMATE], {
      kind: 'row',
      amountOut: OUT,
      minAmountOut: OUT,
      estimatedSeconds: null,
      expiresAt: RATE_UNTIL,
      check(quote) {
        if (quote.context.rateId !== 'b3a1f2c4-6d7e-4f80-9a1b-2c3d4e5f6a7b') throw new Error(`rateId ${String(quote.context.rateId)}`);
      },
    }),
    quoteCase('a range without a maximum prices any amount above the minimum', [get('/ranges', 'ranges-fixed-unbounded.json'), ESTIMATE], { kind: 'row', amountOut: OUT }),
    quoteCase('an amount under the range minimum is below_min with the minimum, before any estimate', [RANGES], { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '19500000' } }, { ...REQUEST, amountIn: 10_000_000n }),
    quoteCase('an amount over the range maximum is above_max with the maximum', [RANGES], { kind: 'rejection', code: 'above_max', details: { maxAmountAtomic: '50000000000' } }, { ...REQUEST, amountIn: 60_000_000_000n }),
    quoteCase('a fixed estimate without a rateId locks nothing: venue_bad_response', [RANGES, get('/estimates', 'estimate-fixed-without-rate-id.json')], { kind: 'rejection', code: 'venue_bad_response' }),
    quoteCase('HTTP 403 (key not allowed) is venue_error', [get('/ranges', 'error-forbidden.json', 403)], { kind: 'rejection', code: 'venue_error', details: { status: 403 } }),
    quoteCase('HTTP 404 (pair not found) is route_not_served', [get('/ranges', 'error-pair-not-found.json', 404)], { kind: 'rejection', code: 'route_not_served' }),
    buildCase('build creates the fixed exchange and deposits exactly amountIn to addressFrom until valid_until', 'exchange-created-fixed-usdc-sol-usdc-eth.json', {
      kind: 'plan',
      check(plan) {
        const deposit = (plan as DepositPlan).deposit;
        if (deposit.address !== DEPOSIT || deposit.amount !== AMOUNT_IN || deposit.memo !== null || deposit.deadlineMs !== EXCHANGE_UNTIL) {
          throw new Error(`deposit ${JSON.stringify(deposit, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
        }
        if (plan.context.exchangeId !== 'ss7kq2m9x4w1' || plan.amountOut !== OUT) throw new Error('the exchange id or the fixed output is not kept');
      },
    }, 201),
    buildCase('a floating exchange is refused: its output moves', 'exchange-floating.json', { kind: 'rejection', code: 'venue_bad_response' }, 201),
    buildCase('an exchange expecting another deposit asset is refused', 'exchange-other-deposit-asset.json', { kind: 'rejection', code: 'venue_bad_response' }, 201),
    buildCase('HTTP 400 naming the address is invalid_input', 'error-invalid-address.json', { kind: 'rejection', code: 'invalid_input' }, 400),
    statusCase('waiting is pending', 'exchange-created-fixed-usdc-sol-usdc-eth.json', 'pending', { destinationTxHash: null }),
    statusCase('confirming is pending', 'exchange-confirming.json', 'pending'),
    statusCase('exchanging is pending', 'exchange-exchanging.json', 'pending'),
    statusCase('sending is pending', 'exchange-sending.json', 'pending'),
    statusCase('verifying (held) is pending', 'exchange-verifying.json', 'pending'),
    statusCase('finished at the fixed amount is completed with txTo', 'exchange-finished.json', 'completed', { destinationTxHash: '0x6a1f0b3c2d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8', receivedAmount: OUT }),
    statusCase('finished short of the fixed amount is partial', 'exchange-finished-short.json', 'partial', { receivedAmount: 240_000_000n }),
    statusCase('failed is failed', 'exchange-failed.json', 'failed'),
    statusCase('refunded is refunded', 'exchange-refunded.json', 'refunded'),
    statusCase('expired is failed', 'exchange-expired.json', 'failed'),
    statusCase('an undocumented status stays pending, unrecognized', 'exchange-unknown-status.json', 'pending', { unrecognized: true }),
    statusCase('an exchange SimpleSwap does not know (yet, 404) stays pending', 'error-pair-not-found.json', 'pending', {}, 404),
  ],
};
