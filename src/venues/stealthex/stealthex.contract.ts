import type { ContractCase, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import type { DepositPlan, VenueQuote, VenueQuoteRequest, VenueStatusRequest, VenueTransferState } from '../Venue.ts';
import { knownToken as token } from '../fake/testVenueDeps.ts';

/**
 * StealthEX v4. The real answers (fixtures/real/) are Cake Wallet's recorded fixtures: its
 * `tool/fetch_exchange_fixtures.dart` called api.stealthex.io/v4 on 2026-07-29 and wrote each body
 * byte for byte (the floating rate: range and estimate of btc→xmr, the 404 `NoPair` body, an eth→usdt
 * exchange created and then read by id while `waiting`). Strait prices with the fixed rate, so those
 * answers prove the limits, the error body, the exchange shape (`tx_hash` on both sides, `rate` echoed
 * as a string) and that a floating answer is never taken for a fixed one; the fixed estimate, the fixed
 * exchange and every status nobody recorded stay in fixtures/synthetic/.
 *
 * Monero is no Strait chain: the btc→xmr recordings are served to a btc→ETH request; the answers read
 * here (range, `rate` lock, error kind) do not depend on the destination.
 */


const SENDER = '7YttLkHDoNj9wyDur5pM1ejNaAvT9X4eqaYcHQqtj2G5';
const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const USDC_SOL = token('solana', 'USDC');
const USDC_ETH = token('ethereum', 'USDC');
const KEY = { API_KEY: 'contract-key' };
const NOW = Date.parse('2026-03-01T10:00:00.000Z');
const VALID_UNTIL = Date.parse('2026-03-01T10:20:00.000Z');
const OUT = 243_870_000n;

const REQUEST: VenueQuoteRequest = {
  fromChain: 'solana',
  toChain: 'ethereum',
  fromToken: USDC_SOL,
  toToken: USDC_ETH,
  amountIn: 250_000_000n,
  sender: SENDER,
  recipient: RECIPIENT,
  userIp: null,
  integratorFee: null,
};

const at = (method: 'GET' | 'POST', path: string | RegExp, file: string, status?: number, kind: 'real' | 'synthetic' = 'synthetic'): ServedRoute => ({ method, path, answer: { file: `${kind}/${file}`, ...(status === undefined ? {} : { status }) } });
const real = (method: 'GET' | 'POST', path: string | RegExp, file: string, status?: number): ServedRoute => at(method, path, file, status, 'real');
const range = at('POST', '/v4/rates/range', 'range-usdc-sol-to-eth.json');
const estimate = (file = 'estimate-fixed-usdc-sol-to-eth.json', status?: number) => at('POST', '/v4/rates/estimated-amount', file, status);
const polled = (file: string, status?: number) => at('GET', /^\/v4\/exchanges\/[^/]+$/, file, status);

const QUOTE: VenueQuote = {
  amountIn: REQUEST.amountIn,
  amountOut: OUT,
  minAmountOut: OUT,
  estimatedSeconds: null,
  expiresAt: VALID_UNTIL,
  context: { rate: 'fixed', rateId: '0f4e2c1a-7d8b-4b7e-9a53-3c2b1f7e8d90', validUntil: '2026-03-01T10:20:00.000Z', fromSymbol: 'usdc', fromNetwork: 'sol', toSymbol: 'usdc', toNetwork: 'eth', estimatedAmount: '243.87', minAmountOut: OUT.toString(), integratorFeeNote: null },
};

const STATUS: VenueStatusRequest = {
  fromChain: 'solana',
  toChain: 'ethereum',
  toToken: USDC_ETH,
  sourceTxHash: '5Ut1kqXz3f8uQm9vR2pLs7dWc4hYbNe6JgTa1oKxVrCm',
  recipient: RECIPIENT,
  amountIn: REQUEST.amountIn,
  expectedOut: OUT,
  context: { ...QUOTE.context, exchangeId: 'qz3xk1r9a7', depositAddress: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', depositExtraId: null, expiresAt: '2026-03-01T10:20:00.000Z', depositAmount: '250', withdrawalAmount: '243.87' },
};

// --- The recorded answers (Cake Wallet, 2026-07-29): btc→xmr prices, an eth→usdt exchange ---------

const BTC = token('bitcoin', null);
const ETH = token('ethereum', null);
/** Cake Wallet's payout and refund address of the recorded exchange. */
const CAKE = '0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C';
const RECORDED_AT = Date.parse('2026-07-29T14:04:37.519Z');

/** A BTC request in the recorded btc pair (Strait names ETH as the destination: it carries no Monero). */
const BTC_REQUEST = (amountIn: bigint): VenueQuoteRequest => ({
  fromChain: 'bitcoin',
  toChain: 'ethereum',
  fromToken: BTC,
  toToken: ETH,
  amountIn,
  sender: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  recipient: CAKE,
  userIp: null,
  integratorFee: null,
});
const realRange = real('POST', '/v4/rates/range', 'range-btc-xmr-floating.json');
const realEstimate = real('POST', '/v4/rates/estimated-amount', 'estimate-btc-xmr-floating.json');

/**
 * The recorded exchange: 0.01 ETH → USDT, both on Ethereum. Strait only builds cross-chain, so the
 * build request names USDT on Arbitrum; the rate check refuses the answer before its withdrawal side matters.
 */
const ETH_REQUEST: VenueQuoteRequest = { fromChain: 'ethereum', toChain: 'arbitrum', fromToken: ETH, toToken: token('arbitrum', 'USDT'), amountIn: 10n ** 16n, sender: CAKE, recipient: CAKE, userIp: null, integratorFee: null };
const ETH_QUOTE: VenueQuote = {
  amountIn: ETH_REQUEST.amountIn,
  amountOut: 18_722_082n,
  minAmountOut: 18_722_082n,
  estimatedSeconds: null,
  expiresAt: RECORDED_AT + 20 * 60_000,
  context: { rate: 'fixed', rateId: 'rate-locked-by-the-quote', validUntil: '2026-07-29T14:24:37.519Z', fromSymbol: 'eth', fromNetwork: 'mainnet', toSymbol: 'usdt', toNetwork: 'arbitrum', estimatedAmount: '18.722082', minAmountOut: '18722082', integratorFeeNote: null },
};
const ETH_STATUS: VenueStatusRequest = {
  fromChain: 'ethereum',
  toChain: 'ethereum',
  toToken: token('ethereum', 'USDT'),
  // Nothing was deposited to the recorded exchange: the engine would hold the user's hash here.
  sourceTxHash: `0x${'0'.repeat(64)}`,
  recipient: CAKE,
  amountIn: ETH_REQUEST.amountIn,
  expectedOut: 18_722_082n,
  context: { ...ETH_QUOTE.context, toNetwork: 'eth', exchangeId: 'GYfebH4n7', depositAddress: '0x0f735f51c2936d313777b1d183d63d9bd6da5ea3', depositExtraId: null, expiresAt: null, depositAmount: '0.01', withdrawalAmount: '18.722082' },
};

const realCases: ContractCase[] = [
  {
    name: 'an amount under the recorded range is below_min with the range minimum (real, btc)',
    routes: [realRange, realEstimate],
    call: { kind: 'quote', request: BTC_REQUEST(1n) },
    credentials: KEY,
    expect: { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '12030' } },
  },
  {
    name: 'an estimate without a rate lock (the floating answer) is no fixed route (real, btc)',
    routes: [realRange, realEstimate],
    call: { kind: 'quote', request: BTC_REQUEST(1_000_000n) },
    credentials: KEY,
    expect: { kind: 'rejection', code: 'route_not_served' },
  },
  {
    name: 'NoPair (HTTP 404; recorded on /rates/range, served for both calls) is a route StealthEX does not serve (real)',
    routes: [real('POST', '/v4/rates/range', 'error-no-pair.json', 404), real('POST', '/v4/rates/estimated-amount', 'error-no-pair.json', 404)],
    call: { kind: 'quote', request: BTC_REQUEST(1_000_000n) },
    credentials: KEY,
    expect: { kind: 'rejection', code: 'route_not_served' },
  },
  {
    name: 'an exchange created at the floating rate is refused: its expected_amount is no fixed output (real, eth→usdt)',
    routes: [real('POST', '/v4/exchanges', 'exchange-created-eth-usdt-floating.json', 201)],
    call: { kind: 'build', request: { request: ETH_REQUEST, quote: ETH_QUOTE } },
    credentials: KEY,
    now: RECORDED_AT,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: 'waiting with null tx_hash and amount equal to expected_amount is pending (real, eth→usdt)',
    routes: [real('GET', /^\/v4\/exchanges\/[^/]+$/, 'status-waiting-eth-usdt-floating.json')],
    call: { kind: 'status', request: ETH_STATUS },
    credentials: KEY,
    expect: { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null, unrecognized: false, check: (s) => void (s.venueStatus === 'waiting' || fail(`venueStatus ${s.venueStatus}`)) },
  },
];

function fail(message: string): never {
  throw new Error(message);
}

function statusCase(value: string, state: VenueTransferState, extra: Partial<Extract<ContractCase['expect'], { kind: 'status' }>> = {}, file = `status-${value}.json`, name = `${value} is ${state} (synthetic)`): ContractCase {
  return { name, routes: [polled(file)], call: { kind: 'status', request: STATUS }, credentials: KEY, expect: { kind: 'status', state, ...extra } };
}

const quoteRefusal = (name: string, file: string, status: number, expect: ContractCase['expect']): ContractCase => ({
  name: `${name} (synthetic)`,
  routes: [estimate(file, status)],
  call: { kind: 'quote', request: REQUEST },
  credentials: KEY,
  expect,
});

const cases: ContractCase[] = [
  ...realCases,
  {
    name: 'a fixed estimate is the guaranteed output until its rate lapses (synthetic)',
    routes: [range, estimate()],
    call: { kind: 'quote', request: REQUEST },
    credentials: KEY,
    now: NOW,
    expect: { kind: 'row', amountOut: OUT, minAmountOut: OUT, estimatedSeconds: null, expiresAt: VALID_UNTIL },
  },
  quoteRefusal('an amount kind without the range is below_min', 'error-invalid-amount.json', 400, { kind: 'rejection', code: 'below_min' }),
  quoteRefusal('NotAllowed (refused key) is a venue error', 'error-not-allowed.json', 401, { kind: 'rejection', code: 'venue_error' }),
  quoteRefusal('Auth (the kind a live bad-key refusal carries) is a venue error', 'error-auth.json', 401, { kind: 'rejection', code: 'venue_error' }),
  quoteRefusal('Auth under HTTP 400 is still a venue error, never a missing price', 'error-auth.json', 400, { kind: 'rejection', code: 'venue_error' }),
  {
    name: 'the exchange is created at the quoted rate id and is a deposit of exactly 250 USDC (synthetic)',
    routes: [at('POST', '/v4/exchanges', 'exchange-created.json', 201)],
    call: { kind: 'build', request: { request: REQUEST, quote: QUOTE } },
    credentials: KEY,
    now: NOW,
    expect: {
      kind: 'plan',
      check(plan) {
        const deposit = plan as DepositPlan;
        if (deposit.shape !== 'deposit') throw new Error(`expected a deposit plan, got ${plan.shape}`);
        if (deposit.deposit.address !== '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' || deposit.deposit.amount !== 250_000_000n) throw new Error('deposit differs from the exchange');
        if (deposit.amountOut !== OUT || deposit.deposit.deadlineMs !== VALID_UNTIL) throw new Error('output or deadline differs from the exchange');
        if (deposit.context.rateId !== QUOTE.context.rateId) throw new Error('the quoted rate id was not reused');
      },
    },
  },
  statusCase('confirming', 'pending'),
  statusCase('exchanging', 'pending'),
  statusCase('sending', 'pending'),
  statusCase('verifying', 'pending', { check: (s) => void (/AML/.test(s.detail ?? '') || fail(`detail ${s.detail}`)) }),
  statusCase('finished', 'completed', { destinationTxHash: '0x2b7c9f3a6c0e2b8d4f1a7e5c3b9d0f2a4c6e8b1d3f5a7c9e0b2d4f6a8c1e3b5d', receivedAmount: OUT }),
  statusCase('finished', 'partial', { receivedAmount: 240_500_000n }, 'status-finished-short.json', 'finished below the fixed amount is partial (synthetic)'),
  statusCase('failed', 'failed'),
  statusCase('refunded', 'refunded', { check: (s) => void (s.detail === `refunded to ${SENDER}` || fail(`detail ${s.detail}`)) }),
  statusCase('refunded', 'refunded', { check: (s) => void (s.detail === 'refunded to the sender' || fail(`detail ${s.detail}`)) }, 'status-refunded-null-refund.json', 'refunded with a null refund_address is refunded, not a bad response (synthetic)'),
  statusCase('expired', 'failed'),
  statusCase('hold', 'pending', { unrecognized: true }, 'status-hold.json', 'a status outside the table stays pending, flagged unrecognized (synthetic)'),
  {
    name: 'an exchange StealthEX does not know yet (HTTP 404) is pending (synthetic)',
    routes: [polled('error-not-found.json', 404)],
    call: { kind: 'status', request: STATUS },
    credentials: KEY,
    expect: { kind: 'status', state: 'pending' },
  },
];

export const contract: VenueContract = { venue: 'stealthex', cases };
