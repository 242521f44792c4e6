import type { ChainKey } from '../../domain/chains.ts';
import { resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import type { ContractCase, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import type { DepositPlan, VenueQuote, VenueQuoteRequest, VenueStatusRequest, VenueTransferState } from '../Venue.ts';

/**
 * ChangeNOW v2. No answer the real API gave was found in the sources searched (docs pages are stored
 * only in part; integrators' tests keep v1 answers or templated doubles), so fixtures/real/ is empty
 * and every case is served from fixtures/synthetic/: answers hand-written in the documented v2 shapes,
 * with the nulls the by-id answer carries while an exchange is not paid out and the extra keys
 * integrators parse (`fromLegacyTicker`, `refundHash`, `userId`, …). The contract runner fails this
 * module until a recorded quote and status answer are added to fixtures/real/.
 */

function token(chain: ChainKey, symbol: string | null): TokenInfo {
  const found = resolveToken(chain, symbol);
  if (!found) throw new Error(`changenow contract: token ${chain}:${symbol} unknown`);
  return found;
}

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

const at = (method: 'GET' | 'POST', path: string, file: string, status?: number): ServedRoute => ({ method, path, answer: { file: `synthetic/${file}`, ...(status === undefined ? {} : { status }) } });
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
  {
    name: 'a fixed-rate estimate is the guaranteed output until its validUntil (synthetic)',
    routes: [range, estimate()],
    call: { kind: 'quote', request: REQUEST },
    credentials: KEY,
    now: NOW,
    expect: { kind: 'row', amountOut: OUT, minAmountOut: OUT, estimatedSeconds: 3600, expiresAt: Date.parse('2026-03-01T10:02:00.000Z') },
  },
  quoteRefusal('deposit_too_small names the minimum from its message', 'error-deposit-too-small.json', 400, { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '9800000' } }),
  quoteRefusal('deposit_too_small with the range answered names the range minimum', 'error-deposit-too-small.json', 400, { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '9800000' } }, [range]),
  quoteRefusal('pair_is_inactive is a route ChangeNOW does not serve now', 'error-pair-is-inactive.json', 400, { kind: 'rejection', code: 'route_not_served' }),
  quoteRefusal('fixed_rate_not_enabled is a route without a fixed rate', 'error-fixed-rate-not-enabled.json', 400, { kind: 'rejection', code: 'route_not_served' }),
  quoteRefusal('not_valid_params about a currency is a token ChangeNOW does not carry', 'error-not-valid-params.json', 400, { kind: 'rejection', code: 'token_not_supported' }),
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
  statusCase('waiting', 'pending'),
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
