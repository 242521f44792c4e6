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

// Captured from production 1Click on 2026-10-02 by a Solana wallet (GabrielNeugebauer/deadman): Solana to a Zcash unified address.
const ZEC_RECIPIENT = 'u1cv7rewjqmj395gla0zzfz669ntf6cr5hx9n983ct5t4dv0gphgyg5qjqe5re6ue5menlw94876wp0q90uf2cskh75rfvfejr564x8heq9zrs5p40n0fhqvehy8sjgxy0eu58l87w2mk48y3j07ggvgw5z5lncusl6y2a03rqau44ha2g';
const SOLANA_SENDER = '13QkxhNMrTPxoCkRdYdJ65tFuwXPhL5gLS2Z5Nr6gjRK';
const SOL_TO_ZEC: VenueQuoteRequest = { ...BTC_TO_USDT, fromChain: 'solana', toChain: 'zcash', fromToken: token('solana', null), toToken: token('zcash', null), amountIn: 1_000_000_000n, sender: SOLANA_SENDER, recipient: ZEC_RECIPIENT };
const USDC_TO_ZEC: VenueQuoteRequest = { ...SOL_TO_ZEC, fromToken: token('solana', 'USDC'), amountIn: 5_000_000n };
const SOL_QUOTED_AT = Date.parse('2026-10-02T18:27:31.021Z');
const USDC_QUOTED_AT = Date.parse('2026-10-02T18:29:39.675Z');
const USDC_TO_ZEC_STATUS: VenueStatusRequest = {
  fromChain: 'solana',
  toChain: 'zcash',
  toToken: token('zcash', null),
  sourceTxHash: '5'.repeat(88),
  recipient: ZEC_RECIPIENT,
  amountIn: 5_000_000n,
  expectedOut: 340_565n,
  context: { correlationId: '48837116-8c91-41b3-89b3-3cb2469865eb', minAmountOut: '337159', signature: null, depositAddress: 'E5RdW4ip1B4wx1Loy83zr2dVadYywJazHvB22JBKq1Dg', depositMemo: null, deadline: '2026-10-02T18:59:39.000Z', amountIn: '5000000' },
};

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
      name: 'production dry quote (2026, SOL → ZEC, with refundFee, withdrawFee, appFees echoed) prices a row held for a minute',
      routes: [quoteRoute('real/quote-dry-sol-to-zec-2026.json')],
      call: { kind: 'quote', request: SOL_TO_ZEC },
      now: SOL_QUOTED_AT,
      expect: { kind: 'row', amountOut: 8_848_584n, minAmountOut: 8_760_098n, estimatedSeconds: 135, expiresAt: SOL_QUOTED_AT + 60_000 },
    },
    {
      name: 'production live quote (2026, Solana USDC → ZEC) builds the Solana deposit due by the requested deadline, not the address deadline three days later',
      routes: [quoteRoute('real/quote-live-solana-usdc-to-zec-2026.json')],
      call: { kind: 'build', request: { request: USDC_TO_ZEC, quote: { amountIn: 5_000_000n, amountOut: 340_565n, minAmountOut: 337_159n, estimatedSeconds: 137, expiresAt: null, context: {} } } },
      now: USDC_QUOTED_AT,
      expect: {
        kind: 'plan',
        check(plan) {
          if (plan.shape !== 'deposit') throw new Error(`expected a deposit plan, got ${plan.shape}`);
          if (plan.deposit.address !== 'E5RdW4ip1B4wx1Loy83zr2dVadYywJazHvB22JBKq1Dg' || plan.deposit.chain !== 'solana') throw new Error(`deposit ${plan.deposit.chain} ${plan.deposit.address}`);
          if (plan.deposit.amount !== 5_000_000n || plan.minAmountOut !== 337_159n || plan.amountOut !== 340_565n) throw new Error('amounts differ from the live quote');
          if (plan.deposit.deadlineMs !== Date.parse('2026-10-02T18:59:39.000Z')) throw new Error(`deadline ${new Date(plan.deposit.deadlineMs ?? 0).toISOString()}`);
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
      name: 'HTTP 400 "recipient is not valid" (with correlationId, timestamp, path) is invalid_input, never a venue fault',
      routes: [quoteRoute('real/error-recipient-not-valid.json', 400)],
      call: { kind: 'quote', request: SOL_TO_ZEC },
      expect: { kind: 'rejection', code: 'invalid_input' },
    },
    {
      name: 'HTTP 400 "Temporary swap limits: minimum swap amount is $1,000" is below_min, not missing liquidity',
      routes: [quoteRoute('real/error-temporary-swap-limit.json', 400)],
      call: { kind: 'quote', request: BTC_TO_USDT },
      expect: { kind: 'rejection', code: 'below_min', details: { minAmountUsd: '1000' } },
    },
    pendingCase('PENDING_DEPOSIT with null amounts and slippage in swapDetails stays pending', 'real/status-pending-deposit.json'),
    pendingCase('production PENDING_DEPOSIT (2026: depositedAmount fields, refundFee, withdrawFee, the quoteResponse echoed) is pending', 'real/status-pending-deposit-2026.json', USDC_TO_ZEC_STATUS),
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
