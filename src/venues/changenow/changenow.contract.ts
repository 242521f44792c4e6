import type { ContractCase, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import type { DepositPlan, VenueQuote, VenueQuoteRequest, VenueStatusRequest, VenueTransferState } from '../Venue.ts';
import { knownToken as token } from '../fake/testVenueDeps.ts';

/**
 * ChangeNOW v2. The real answers (fixtures/real/) are Cake Wallet's recorded fixtures: its
 * `tool/fetch_exchange_fixtures.dart` called api.changenow.io/v2 on 2026-07-29 and wrote each body byte
 * for byte (the standard flow: range and estimate of btc→xmr, an estimate below the minimum, an
 * eth→usdt exchange created and then read by id while `waiting`). Strait prices with the fixed-rate
 * flow, so those answers prove the limits, the error body, the by-id shape and that a floating answer
 * is never taken for a fixed one; the fixed-rate estimate, the fixed-rate exchange and every status
 * nobody recorded stay in fixtures/synthetic/, written in the key set of the recorded answers.
 *
 * Monero is no Strait chain: the btc→xmr recordings are served to a btc→ETH request; the answers read
 * here (range, minimum, `rateId`) concern the BTC side only.
 */


const SENDER = '7YttLkHDoNj9wyDur5pM1ejNaAvT9X4eqaYcHQqtj2G5';
const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const USDC_SOL = token('solana', 'USDC');
const USDC_ETH = token('ethereum', 'USDC');
const KEY = { API_KEY: 'contract-key' };
const NOW = Date.parse('2026-03-01T10:00:00.000Z');
const OUT = 243_380_000n;

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

const at = (method: 'GET' | 'POST', path: string, file: string, status?: number, kind: 'real' | 'synthetic' = 'synthetic'): ServedRoute => ({ method, path, answer: { file: `${kind}/${file}`, ...(status === undefined ? {} : { status }) } });
const real = (method: 'GET' | 'POST', path: string, file: string, status?: number): ServedRoute => at(method, path, file, status, 'real');
const range = at('GET', '/v2/exchange/range', 'range-usdc-sol-to-eth.json');
const estimate = (file = 'estimate-fixed-usdc-sol-to-eth.json', status?: number) => at('GET', '/v2/exchange/estimated-amount', file, status);

const QUOTE: VenueQuote = {
  amountIn: REQUEST.amountIn,
  amountOut: OUT,
  minAmountOut: OUT,
  estimatedSeconds: 3600,
  expiresAt: Date.parse('2026-03-01T10:02:00.000Z'),
  context: { flow: 'fixed-rate', rateId: '3hJk0sVq9gM2TfL1aXw7cR4pN6yB8eZd', validUntil: '2026-03-01T10:02:00.000Z', fromCurrency: 'usdc', fromNetwork: 'sol', toCurrency: 'usdc', toNetwork: 'eth', toAmount: '243.38', minAmountOut: OUT.toString(), warningMessage: null, integratorFeeNote: null },
};

const STATUS: VenueStatusRequest = {
  fromChain: 'solana',
  toChain: 'ethereum',
  toToken: USDC_ETH,
  sourceTxHash: '5Ut1kqXz3f8uQm9vR2pLs7dWc4hYbNe6JgTa1oKxVrCm',
  recipient: RECIPIENT,
  amountIn: REQUEST.amountIn,
  expectedOut: OUT,
  context: { ...QUOTE.context, exchangeId: 'a1b2c3d4e5f607', payinAddress: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', payinExtraId: null, fromAmount: '250' },
};

// --- The recorded answers (Cake Wallet, 2026-07-29): btc→xmr prices, an eth→usdt exchange ---------

const BTC = token('bitcoin', null);
const ETH = token('ethereum', null);
const USDT_ETH = token('ethereum', 'USDT');
/** Cake Wallet's payout and refund address of the recorded exchange. */
const CAKE = '0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C';
const RECORDED_AT = Date.parse('2026-07-29T14:04:27.001Z');

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
const realRange = real('GET', '/v2/exchange/range', 'range-btc-xmr-standard.json');
const realBelowMin = real('GET', '/v2/exchange/estimated-amount', 'error-deposit-too-small-btc-xmr.json', 400);

/**
 * The recorded exchange: 0.01 ETH → USDT, both on Ethereum, paid out to Cake Wallet's address. Strait
 * only builds cross-chain, so the build request names USDT on Arbitrum; the flow check refuses the
 * answer before its `toNetwork` matters.
 */
const ETH_REQUEST: VenueQuoteRequest = { fromChain: 'ethereum', toChain: 'arbitrum', fromToken: ETH, toToken: token('arbitrum', 'USDT'), amountIn: 10n ** 16n, sender: CAKE, recipient: CAKE, userIp: null, integratorFee: null };
const ETH_QUOTE: VenueQuote = {
  amountIn: ETH_REQUEST.amountIn,
  amountOut: 18_373_221n,
  minAmountOut: 18_373_221n,
  estimatedSeconds: 3600,
  expiresAt: RECORDED_AT + 120_000,
  context: { flow: 'fixed-rate', rateId: 'rate-locked-by-the-quote', validUntil: '2026-07-29T14:06:27.001Z', fromCurrency: 'eth', fromNetwork: 'eth', toCurrency: 'usdt', toNetwork: 'eth', toAmount: '18.373221', minAmountOut: '18373221', warningMessage: null, integratorFeeNote: null },
};
const ETH_STATUS: VenueStatusRequest = {
  fromChain: 'ethereum',
  toChain: 'ethereum',
  toToken: USDT_ETH,
  // Nothing was deposited to the recorded exchange: the engine would hold the user's hash here.
  sourceTxHash: `0x${'0'.repeat(64)}`,
  recipient: CAKE,
  amountIn: ETH_REQUEST.amountIn,
  expectedOut: 18_373_221n,
  context: { ...ETH_QUOTE.context, exchangeId: 'c2036055d1f776', payinAddress: '0x82E5678e6360596b949f2d5727b61BEa1402126d', payinExtraId: null, fromAmount: '0.01' },
};

const realCases: ContractCase[] = [
  {
    name: 'deposit_too_small with the range answered names the range minimum (real, btc)',
    routes: [realRange, realBelowMin],
    call: { kind: 'quote', request: BTC_REQUEST(1n) },
    credentials: KEY,
    expect: { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '12050' } },
  },
  {
    name: 'deposit_too_small without the range names the minimum its payload.range carries (real, btc)',
    routes: [realBelowMin],
    call: { kind: 'quote', request: BTC_REQUEST(1n) },
    credentials: KEY,
    expect: { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '12045' } },
  },
  {
    name: 'a standard-flow estimate (rateId null) is refused, never ranked as a fixed price (real, btc)',
    routes: [realRange, real('GET', '/v2/exchange/estimated-amount', 'estimate-btc-xmr-standard.json')],
    call: { kind: 'quote', request: BTC_REQUEST(1_000_000n) },
    credentials: KEY,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: 'an exchange created in the standard flow is refused: its toAmount is no fixed output (real, eth→usdt)',
    routes: [real('POST', '/v2/exchange', 'exchange-created-eth-usdt-standard.json')],
    call: { kind: 'build', request: { request: ETH_REQUEST, quote: ETH_QUOTE } },
    credentials: KEY,
    now: RECORDED_AT,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: 'waiting with null amounts, hashes and extra ids is pending (real, eth→usdt)',
    routes: [real('GET', '/v2/exchange/by-id', 'status-waiting-eth-usdt.json')],
    call: { kind: 'status', request: ETH_STATUS },
    credentials: KEY,
    expect: { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null, unrecognized: false, check: (s) => void (s.venueStatus === 'waiting' || fail(`venueStatus ${s.venueStatus}`)) },
  },
];

function statusCase(value: string, state: VenueTransferState, extra: Partial<Extract<ContractCase['expect'], { kind: 'status' }>> = {}, file = `status-${value}.json`): ContractCase {
  return { name: `${value} is ${state} (synthetic)`, routes: [at('GET', '/v2/exchange/by-id', file)], call: { kind: 'status', request: STATUS }, credentials: KEY, expect: { kind: 'status', state, ...extra } };
}

const quoteRefusal = (name: string, file: string, status: number, expect: ContractCase['expect'], routes: ServedRoute[] = []): ContractCase => ({
  name: `${name} (synthetic)`,
  routes: [...routes, estimate(file, status)],
  call: { kind: 'quote', request: REQUEST },
  credentials: KEY,
  expect,
});

const cases: ContractCase[] = [
  ...realCases,
  {
    name: 'a fixed-rate estimate is the guaranteed output until its validUntil (synthetic)',
    routes: [range, estimate()],
    call: { kind: 'quote', request: REQUEST },
    credentials: KEY,
    now: NOW,
    expect: { kind: 'row', amountOut: OUT, minAmountOut: OUT, estimatedSeconds: 3600, expiresAt: Date.parse('2026-03-01T10:02:00.000Z') },
  },
  quoteRefusal('pair_is_inactive is a route ChangeNOW does not serve now', 'error-pair-is-inactive.json', 400, { kind: 'rejection', code: 'route_not_served' }),
  quoteRefusal('fixed_rate_not_enabled is a route without a fixed rate', 'error-fixed-rate-not-enabled.json', 400, { kind: 'rejection', code: 'route_not_served' }),
  quoteRefusal('not_valid_params about a currency is a token ChangeNOW does not carry', 'error-not-valid-params.json', 400, { kind: 'rejection', code: 'token_not_supported' }),
  quoteRefusal('not_valid_params saying the amount is too small is below the minimum its payload.range names, not a bad request', 'error-not-valid-params-amount-too-small.json', 400, { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '300000000' } }),
  quoteRefusal('pair_is_inactive with an empty message is still a route not served', 'error-pair-is-inactive-empty-message.json', 400, { kind: 'rejection', code: 'route_not_served' }),
  quoteRefusal('an estimate body carrying error under HTTP 200 is a refusal', 'error-pair-is-inactive.json', 200, { kind: 'rejection', code: 'route_not_served' }),
  quoteRefusal('a refused API key is a venue error', 'error-unauthorized.json', 401, { kind: 'rejection', code: 'venue_error' }),
  {
    name: 'the exchange is created at the quoted rate id and is a deposit of exactly 250 USDC (synthetic)',
    routes: [at('POST', '/v2/exchange', 'exchange-created.json')],
    call: { kind: 'build', request: { request: REQUEST, quote: QUOTE } },
    credentials: KEY,
    now: NOW,
    expect: {
      kind: 'plan',
      check(plan) {
        const deposit = plan as DepositPlan;
        if (deposit.shape !== 'deposit') throw new Error(`expected a deposit plan, got ${plan.shape}`);
        if (deposit.deposit.address !== '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' || deposit.deposit.amount !== 250_000_000n) throw new Error('deposit differs from the exchange');
        if (deposit.amountOut !== OUT || deposit.deposit.deadlineMs !== Date.parse('2026-03-01T10:20:12.000Z')) throw new Error('output or deadline differs from the exchange');
        if (deposit.context.rateId !== QUOTE.context.rateId) throw new Error('the quoted rate id was not reused');
      },
    },
  },
  statusCase('new', 'pending', { destinationTxHash: null, receivedAmount: null }),
  statusCase('confirming', 'pending'),
  statusCase('exchanging', 'pending'),
  statusCase('sending', 'pending'),
  statusCase('verifying', 'pending', { check: (s) => void (/AML/.test(s.detail ?? '') || fail(`detail ${s.detail}`)) }),
  statusCase('finished', 'completed', { destinationTxHash: '0x9f3a6c0e2b8d4f1a7e5c3b9d0f2a4c6e8b1d3f5a7c9e0b2d4f6a8c1e3b5d7f9a', receivedAmount: OUT }),
  { ...statusCase('finished', 'partial', { receivedAmount: 240_100_000n }, 'status-finished-short.json'), name: 'finished below the fixed amount is partial (synthetic)' },
  statusCase('failed', 'failed'),
  statusCase('refunded', 'refunded', { check: (s) => void (s.detail === `refunded 249.1 USDC to ${SENDER} (tx 4Rm8kqXz3f8uQm9vR2pLs7dWc4hYbNe6JgTa1oKxVrCm)` || fail(`detail ${s.detail}`)) }),
  statusCase('expired', 'failed'),
  { ...statusCase('hold', 'pending', { unrecognized: true }), name: 'a status outside the table stays pending, flagged unrecognized (synthetic)' },
  {
    name: 'an exchange ChangeNOW does not know yet (HTTP 404) is pending (synthetic)',
    routes: [at('GET', '/v2/exchange/by-id', 'error-not-found.json', 404)],
    call: { kind: 'status', request: STATUS },
    credentials: KEY,
    expect: { kind: 'status', state: 'pending' },
  },
];

function fail(message: string): never {
  throw new Error(message);
}

export const contract: VenueContract = { venue: 'changenow', cases };
