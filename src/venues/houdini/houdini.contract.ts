import type { ChainKey } from '../../domain/chains.ts';
import type { TokenInfo } from '../../domain/tokens.ts';
import type { ContractCase, RecordedAnswer, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import type { VenueBuildPlan, VenueQuote, VenueQuoteRequest, VenueStatus, VenueStatusRequest, VenueTransferState } from '../Venue.ts';
import { knownToken as token } from '../fake/testVenueDeps.ts';

/**
 * Houdini Partner API v2 proven against the answers Houdini really gave: Edge's recorded live v2
 * traffic (fixtures/real, byte for byte) and the docs' examples (transcribed); fixtures/synthetic
 * holds order statuses nobody recorded, derived from a recorded order.
 */


const ETH = token('ethereum', null);
const USDC_ETH = token('ethereum', 'USDC');
const BTC = token('bitcoin', null);

const CREDENTIALS = { API_KEY: 'contract-key', API_SECRET: 'contract-secret' };
const USER_IP = '203.0.113.7';
/** The receiver Edge's recordings name. */
const RECEIVER = '0x9f1f9a5c0f1d9a5c0f1d9a5c0f1d9a5c0f1d9a5c';
const BTC_SENDER = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
/** When Edge recorded the ETH → USDC exchange (its `created`). */
const ETH_USDC_CREATED = Date.parse('2026-06-11T22:49:54.398Z');

const real = (file: string, status?: number): RecordedAnswer => ({ file: `real/${file}`, ...(status ? { status } : {}) });
const synthetic = (file: string, status?: number): RecordedAnswer => ({ file: `synthetic/${file}`, ...(status ? { status } : {}) });
const quotesRoute = (answer: RecordedAnswer): ServedRoute => ({ method: 'GET', path: '/v2/quotes', answer });
const exchangesRoute = (answer: RecordedAnswer): ServedRoute => ({ method: 'POST', path: '/v2/exchanges', answer });
const orderRoute = (answer: RecordedAnswer): ServedRoute => ({ method: 'GET', path: /^\/v2\/orders\/[^/]+$/, answer });

function quoteRequest(fromToken: TokenInfo, toToken: TokenInfo, amountIn: bigint, sender: string): VenueQuoteRequest {
  return { fromChain: fromToken.chain as ChainKey, toChain: toToken.chain as ChainKey, fromToken, toToken, amountIn, sender, recipient: RECEIVER, userIp: USER_IP, integratorFee: null };
}

/** 0.05 ETH → USDC on Ethereum: the pair and amount of Edge's recorded private quotes and exchange. */
const ethToUsdc = quoteRequest(ETH, USDC_ETH, 50_000_000_000_000_000n, RECEIVER);
const btcToEth = (amountIn: bigint) => quoteRequest(BTC, ETH, amountIn, BTC_SENDER);

/** The stored row of the best recorded ETH → USDC private route, 10 s old at build. */
const storedEthToUsdc: VenueQuote = {
  amountIn: ethToUsdc.amountIn,
  amountOut: 82_104_448n,
  minAmountOut: 79_641_314n,
  estimatedSeconds: 1080,
  expiresAt: ETH_USDC_CREATED + 50_000,
  context: { quoteId: '6a2b3b8da3ad2fca3a860d3a', fromTokenId: '6689b73ec90e45f3b3e51566', toTokenId: '6689b73ec90e45f3b3e51554', amount: '0.05', amountOut: '82104448', minAmountOut: '79641314' },
};

function equal(actual: unknown, expected: unknown, what: string): void {
  if (actual !== expected) throw new Error(`${what}: expected ${String(expected)}, got ${String(actual)}`);
}

const quote = (name: string, routes: ServedRoute[], request: VenueQuoteRequest, expect: ContractCase['expect']): ContractCase => ({
  name,
  routes,
  call: { kind: 'quote', request },
  expect,
  credentials: CREDENTIALS,
  now: ETH_USDC_CREATED,
});

const quoteCases: ContractCase[] = [
  quote('0.05 ETH → USDC (Edge, types=private): the best of five private routes, 3 % floating-rate margin, duration minutes as seconds, 60 s lifetime', [quotesRoute(real('quotes-private-eth-usdc.json'))], ethToUsdc, {
    kind: 'row',
    amountOut: 82_104_448n,
    minAmountOut: 79_641_314n,
    estimatedSeconds: 1080,
    expiresAt: ETH_USDC_CREATED + 60_000,
    check: (q) => equal(q.context.quoteId, '6a2b3b8da3ad2fca3a860d3a', 'quoteId'),
  }),
  quote('0.01 BTC → ETH (Edge, types=private): a 17-digit JSON number amountOut read exactly', [quotesRoute(real('quotes-private-btc-eth.json'))], btcToEth(1_000_000n), {
    kind: 'row',
    amountOut: 372_710_382_656_000_040n,
    minAmountOut: 361_529_071_176_320_038n,
    estimatedSeconds: 540,
  }),
  quote('0.05 BTC → ETH unfiltered (Edge, 225 dex/standard/private routes): only private routes count, though dex ones pay more', [quotesRoute(real('quotes-all-types-btc-eth.json'))], btcToEth(5_000_000n), {
    kind: 'row',
    amountOut: 1_872_373_684_800_000_000n,
    minAmountOut: 1_816_202_474_256_000_000n,
    estimatedSeconds: 1740,
  }),
  quote("below every recorded private route's min (smallest 2.55e-05 BTC) is below_min in satoshis", [quotesRoute(real('quotes-private-btc-eth.json'))], btcToEth(1_000n), { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '2550' } }),
  quote('422 QUOTE_OVER_LIMIT (docs) is above_max', [quotesRoute(real('error-docs-422-quote-over-limit.json', 422))], ethToUsdc, { kind: 'rejection', code: 'above_max' }),
  quote("422 VALIDATION_ERROR on `amount` (docs) is Strait's request, a venue_error", [quotesRoute(real('error-docs-422-validation.json', 422))], ethToUsdc, { kind: 'rejection', code: 'venue_error' }),
  quote('429 RATE_LIMIT_EXCEEDED (docs v2 envelope) is venue_rate_limited with retryAfter', [quotesRoute(real('error-docs-429-rate-limit.json', 429))], ethToUsdc, { kind: 'rejection', code: 'venue_rate_limited', details: { retryAfterMs: 45_000 } }),
  // The shared client reads a top-level `retryAfter` only, so this shape waits its default (reported, not ours to change).
  quote('429 with a numeric code and retryAfter under extensions (docs REST example) is venue_rate_limited', [quotesRoute(real('error-docs-429-rate-limit-rest.json', 429))], ethToUsdc, { kind: 'rejection', code: 'venue_rate_limited' }),
];

const build = (name: string, routes: ServedRoute[], request: VenueQuoteRequest, stored: VenueQuote, expect: ContractCase['expect']): ContractCase => ({
  name,
  routes,
  call: { kind: 'build', request: { request, quote: stored } },
  expect,
  credentials: CREDENTIALS,
  now: ETH_USDC_CREATED,
});

const buildCases: ContractCase[] = [
  build("Edge's private ETH → USDC exchange: deposit exactly 0.05 ETH to Houdini's one-time address before `expires`", [exchangesRoute(real('exchange-private-eth-usdc.json'))], ethToUsdc, storedEthToUsdc, {
    kind: 'plan',
    check: (plan: VenueBuildPlan) => {
      if (plan.shape !== 'deposit') throw new Error(`expected a deposit plan, got ${plan.shape}`);
      equal(plan.deposit.address.toLowerCase(), '0xc386524b5e5bf828b597b4d41b649dbbab5525a3', 'deposit address');
      equal(plan.deposit.amount, 50_000_000_000_000_000n, 'deposit amount');
      equal(plan.deposit.memo, null, 'memo (depositTag null)');
      equal(plan.deposit.deadlineMs, Date.parse('2026-06-11T23:19:54.398Z'), 'deadline');
      equal(plan.amountOut, 82_104_446n, 'amountOut');
      equal(plan.minAmountOut, 79_641_312n, 'minAmountOut');
      equal(plan.context.houdiniId, 'dAgmRhz5wBdarXQfeeLKja', 'houdiniId');
    },
  }),
  build("an order Houdini placed on a standard route (Edge's fixed exact-out exchange, anonymous false) is refused: not unlinkable", [exchangesRoute(real('exchange-standard-fixed-receive.json'))], btcToEth(421_549n), { ...storedEthToUsdc, amountIn: 421_549n }, {
    kind: 'rejection',
    code: 'venue_bad_response',
  }),
  build('422 ADDRESS_TO_IN_DEPOSIT_LOG is invalid_input (use another recipient)', [exchangesRoute(real('error-422-address-in-deposit-log.json', 422))], ethToUsdc, storedEthToUsdc, { kind: 'rejection', code: 'invalid_input' }),
  build('409 STATIC_DEPOSIT_IN_USE on every route, after one fresh quote, is no_liquidity', [exchangesRoute(real('error-409-static-deposit-in-use.json', 409)), quotesRoute(real('quotes-private-eth-usdc.json'))], ethToUsdc, storedEthToUsdc, {
    kind: 'rejection',
    code: 'no_liquidity',
  }),
  build('422 "quote has expired" again after one fresh quote is a venue_error', [exchangesRoute(real('error-422-quote-expired.json', 422)), quotesRoute(real('quotes-private-eth-usdc.json'))], ethToUsdc, storedEthToUsdc, {
    kind: 'rejection',
    code: 'venue_error',
  }),
];

function statusRequest(toToken: TokenInfo): VenueStatusRequest {
  return {
    fromChain: 'ethereum',
    toChain: toToken.chain as ChainKey,
    toToken,
    sourceTxHash: '0x00',
    recipient: RECEIVER,
    amountIn: ethToUsdc.amountIn,
    expectedOut: 82_104_446n,
    context: { ...storedEthToUsdc.context, houdiniId: 'dAgmRhz5wBdarXQfeeLKja', depositAddress: '0xC386524B5e5BF828B597B4D41B649DbbAB5525a3', depositTag: null, expires: '2026-06-11T23:19:54.398Z', inAmount: 0.05, outAmount: 82.104446, anonymous: true, minAmountOut: '79641312' },
  };
}

const status = (name: string, answer: RecordedAnswer, state: VenueTransferState, more: { destinationTxHash?: string | null; receivedAmount?: bigint | null; check?: (s: VenueStatus) => void } = {}): ContractCase => ({
  name,
  routes: [orderRoute(answer)],
  call: { kind: 'status', request: statusRequest(USDC_ETH) },
  expect: { kind: 'status', state, destinationTxHash: null, receivedAmount: null, ...more },
  credentials: CREDENTIALS,
});

const statusCases: ContractCase[] = [
  status("the docs' order example (status 0, displayStatus only, no statusLabel) is pending", real('order-docs-waiting.json'), 'pending'),
  status("Edge's recorded order at creation (WAITING, transactionHash null, hashUrl \"\") is pending", real('exchange-private-eth-usdc.json'), 'pending'),
  status('-2 INITIALIZING is pending', synthetic('order-status--2-initializing.json'), 'pending'),
  status('-1 NEW is pending', synthetic('order-status--1-new.json'), 'pending'),
  status('1 CONFIRMING is pending', synthetic('order-status-1-confirming.json'), 'pending'),
  status('2 EXCHANGING is pending', synthetic('order-status-2-exchanging.json'), 'pending'),
  status('3 ANONYMIZING is pending', synthetic('order-status-3-anonymizing.json'), 'pending'),
  status('4 FINISHED is completed with the payout tx and outAmount', synthetic('order-status-4-finished.json'), 'completed', {
    destinationTxHash: '0x5c1e0b7d8e2f4a6b9c3d1e0f2a4b6c8d0e1f3a5b7c9d1e3f5a7b9c1d3e5f7a9b',
    receivedAmount: 82_104_400n,
  }),
  status('5 EXPIRED is failed', synthetic('order-status-5-expired.json'), 'failed'),
  status('6 FAILED is failed', synthetic('order-status-6-failed.json'), 'failed'),
  status('7 REFUNDED is refunded', synthetic('order-status-7-refunded.json'), 'refunded'),
  status('8 DELETED is failed', synthetic('order-status-8-deleted.json'), 'failed'),
  status('an undocumented status (11 PAUSED / ON_HOLD) is pending and flagged unrecognized', synthetic('order-status-unknown.json'), 'pending', { check: (s) => equal(s.unrecognized, true, 'unrecognized') }),
];

export const contract: VenueContract = {
  venue: 'houdini',
  cases: [...quoteCases, ...buildCases, ...statusCases],
};
