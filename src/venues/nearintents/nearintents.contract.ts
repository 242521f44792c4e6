import type { ContractCase, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import type { VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { knownToken as token } from '../fake/testVenueDeps.ts';

/**
 * NEAR Intents 1Click proven by answers the real service gave (fixtures/real/SOURCES.json): staging
 * quotes from the official SDK's signature tests, live status answers a wallet (Zashi) recorded, and
 * the error bodies integrators and the docs show. Status values nobody recorded are synthetic
 * variants of the recorded PENDING_DEPOSIT answer (fixtures/synthetic/SOURCES.json).
 */


// The SDK's staging quotes: 10000 sat of BTC to Ethereum USDT, at the addresses the quotes name.
const BTC_TO_USDT: VenueQuoteRequest = {
  fromChain: 'bitcoin',
  toChain: 'ethereum',
  fromToken: token('bitcoin', null),
  toToken: token('ethereum', 'USDT'),
  amountIn: 10_000n,
  sender: 'bc1q6mte80265ghwq4vsrpm9lnaz46uvdreu9z8wly',
  recipient: '0xcac3C41676deF4FE375E57118f3eB83A99105577',
  userIp: null,
  integratorFee: null,
};
/** The staging quote's own timestamp: real answers carry fixed times. */
const QUOTED_AT = Date.parse('2026-06-23T17:10:41.104Z');

const quoteRoute = (file: string, status?: number): ServedRoute => ({ method: 'POST', path: '/v0/quote', answer: { file, ...(status === undefined ? {} : { status }) } });

// Zashi's recorded swaps: ZEC from a transparent address, deposit addresses as 1Click issued them.
function statusRequest(depositAddress: string, minAmountOut: string, expectedOut: bigint): VenueStatusRequest {
  return {
    fromChain: 'zcash',
    toChain: 'near',
    toToken: token('near', null),
    sourceTxHash: '0839045295a9ea2967e673773626ef9ff3ee97ffa2ce4411f2d988930dfc297b',
    recipient: '0526d09ea436f7460791f255789884ad86ae2397ca6c4dc24d0b748e26df1633',
    amountIn: 100_000n,
    expectedOut,
    context: { correlationId: 'c0ffee00-0000-4000-8000-000000000000', minAmountOut, signature: null, depositAddress, depositMemo: null, deadline: '2025-06-21T10:45:28.809Z', amountIn: '100000' },
  };
}

/** Status answers are served for `GET /v0/status` and for the deposit report that precedes it. */
function statusRoutes(file: string): ServedRoute[] {
  return [
    { method: 'GET', path: '/v0/status', answer: { file } },
    { method: 'POST', path: '/v0/deposit/submit', answer: { file } },
  ];
}

const PENDING = statusRequest('t1evCZ4Zc3h1fueaZTbgwZkXcssajcWUKCV', '517948224304602462', 523180024550103497n);
const REFUNDED = statusRequest('t1ZVjVfpcCm7mqNqYQ3VAs8NreDWQt2AB22', '41973', 41977n);
const SUCCEEDED = statusRequest('t1SLqm2JGH8ectbEpvN1x1GPVDjwJpNLepo', '1000000', 1_000_000n);

const pendingCase = (name: string, file: string, request: VenueStatusRequest = PENDING): ContractCase => ({
  name,
  routes: statusRoutes(file),
  call: { kind: 'status', request },
  expect: { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null, check: (status) => { if (status.unrecognized) throw new Error('a documented status was flagged unrecognized'); } },
});

export const contract: VenueContract = {
  venue: 'nearintents',
  cases: [
    {
      name: 'dry quote (staging, BTC → Ethereum USDT) prices a row held for a minute',
      routes: [quoteRoute('real/quote-dry-btc-to-eth-usdt.json')],
      call: { kind: 'quote', request: BTC_TO_USDT },
      now: QUOTED_AT,
      expect: { kind: 'row', amountOut: 5_935_024n, minAmountOut: 5_875_673n, estimatedSeconds: 812, expiresAt: QUOTED_AT + 60_000 },
    },
    {
      name: 'live quote builds the deposit, due by the requested deadline, not the address deadline three days later',
      routes: [quoteRoute('real/quote-live-btc-to-eth-usdt.json')],
      call: { kind: 'build', request: { request: BTC_TO_USDT, quote: { amountIn: 10_000n, amountOut: 5_935_024n, minAmountOut: 5_875_673n, estimatedSeconds: 812, expiresAt: null, context: {} } } },
      now: QUOTED_AT,
      expect: {
        kind: 'plan',
        check(plan) {
          if (plan.shape !== 'deposit') throw new Error(`expected a deposit plan, got ${plan.shape}`);
          if (plan.deposit.address !== 'bc1q873cxltdc560dth6tpwqpehq9uvhxxcdgwnmnw') throw new Error(`deposit address ${plan.deposit.address}`);
          if (plan.deposit.amount !== 10_000n || plan.minAmountOut !== 5_872_244n || plan.amountOut !== 5_931_560n) throw new Error('amounts differ from the live quote');
          if (plan.deposit.deadlineMs !== Date.parse('2026-06-23T19:00:00.000Z')) throw new Error(`deadline ${new Date(plan.deposit.deadlineMs ?? 0).toISOString()}`);
          if (plan.fundingStep !== null) throw new Error('a bitcoin deposit has no EVM funding step');
        },
      },
    },
    {
      name: 'HTTP 400 "Amount is too low for bridge, try at least N" is below_min with the atomic minimum',
      routes: [quoteRoute('real/error-amount-too-low.json', 400)],
      call: { kind: 'quote', request: BTC_TO_USDT },
      expect: { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '8516130' } },
    },
    {
      name: 'HTTP 400 "Temporary swap limits: minimum swap amount is $1,000" is below_min, not missing liquidity',
      routes: [quoteRoute('real/error-temporary-swap-limit.json', 400)],
      call: { kind: 'quote', request: BTC_TO_USDT },
      expect: { kind: 'rejection', code: 'below_min', details: { minAmountUsd: '1000' } },
    },
    pendingCase('PENDING_DEPOSIT with null amounts and slippage in swapDetails stays pending', 'real/status-pending-deposit.json'),
    {
      name: 'REFUNDED with null amounts reports the refunded amount, no delivery',
      routes: statusRoutes('real/status-refunded.json'),
      call: { kind: 'status', request: REFUNDED },
      expect: {
        kind: 'status',
        state: 'refunded',
        destinationTxHash: null,
        receivedAmount: null,
        check(status) {
          if (status.detail !== 'refunded 53000 to the sender') throw new Error(`detail ${status.detail}`);
        },
      },
    },
    {
      name: 'SUCCESS delivers amountOut with the destination hash',
      routes: statusRoutes('real/status-success.json'),
      call: { kind: 'status', request: SUCCEEDED },
      expect: { kind: 'status', state: 'completed', destinationTxHash: '9oS2NbV1aRyRwQ5CZWN4JpyqiipoWLu1QpL7Vo2kRp2C', receivedAmount: 1_000_000n },
    },
    {
      name: 'SUCCESS below the guaranteed minimum is partial',
      routes: statusRoutes('synthetic/status-success-below-minimum.json'),
      call: { kind: 'status', request: SUCCEEDED },
      expect: { kind: 'status', state: 'partial', receivedAmount: 999_000n },
    },
    {
      name: 'HTTP 404 on status (deposit address not known yet, synthetic body) stays pending',
      routes: [
        { method: 'GET', path: '/v0/status', answer: { file: 'synthetic/status-not-found.json', status: 404 } },
        { method: 'POST', path: '/v0/deposit/submit', answer: { file: 'synthetic/status-not-found.json', status: 404 } },
      ],
      call: { kind: 'status', request: PENDING },
      expect: { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null, check: (status) => { if (status.venueStatus !== 'NOT_FOUND') throw new Error(`venueStatus ${status.venueStatus}`); } },
    },
    pendingCase('KNOWN_DEPOSIT_TX stays pending', 'synthetic/status-known-deposit-tx.json'),
    pendingCase('PROCESSING stays pending', 'synthetic/status-processing.json'),
    pendingCase('INCOMPLETE_DEPOSIT stays pending until topped up or refunded', 'synthetic/status-incomplete-deposit.json'),
    {
      name: 'FAILED is failed',
      routes: statusRoutes('synthetic/status-failed.json'),
      call: { kind: 'status', request: PENDING },
      expect: { kind: 'status', state: 'failed', destinationTxHash: null, receivedAmount: null },
    },
    {
      name: 'an undocumented status value stays pending, flagged unrecognized',
      routes: statusRoutes('synthetic/status-unknown-value.json'),
      call: { kind: 'status', request: PENDING },
      expect: { kind: 'status', state: 'pending', unrecognized: true },
    },
  ],
};
