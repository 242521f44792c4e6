import type { ChainKey } from '../../domain/chains.ts';
import { resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import type { ContractCase, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import type { DepositPlan, VenueQuote, VenueQuoteRequest, VenueStatusRequest, VenueTransferState } from '../Venue.ts';

/**
 * StealthEX v4. No answer the real API gave was found in the sources searched (the API reference is
 * stored only in part; no integrator keeps recorded v4 answers), so fixtures/real/ is empty and every
 * case is served from fixtures/synthetic/: answers hand-written in the documented v4 shapes, with
 * `tx_hash` null and `amount` 0 while an exchange is not paid out. The contract runner fails this
 * module until a recorded quote and status answer are added to fixtures/real/.
 */

function token(chain: ChainKey, symbol: string | null): TokenInfo {
  const found = resolveToken(chain, symbol);
  if (!found) throw new Error(`stealthex contract: token ${chain}:${symbol} unknown`);
  return found;
}

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

const at = (method: 'GET' | 'POST', path: string | RegExp, file: string, status?: number): ServedRoute => ({ method, path, answer: { file: `synthetic/${file}`, ...(status === undefined ? {} : { status }) } });
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
  {
    name: 'a fixed estimate is the guaranteed output until its rate lapses (synthetic)',
    routes: [range, estimate()],
    call: { kind: 'quote', request: REQUEST },
    credentials: KEY,
    now: NOW,
    expect: { kind: 'row', amountOut: OUT, minAmountOut: OUT, estimatedSeconds: null, expiresAt: VALID_UNTIL },
  },
  {
    name: 'an amount under the fixed range is below_min with the range minimum (synthetic)',
    routes: [range, estimate()],
    call: { kind: 'quote', request: { ...REQUEST, amountIn: 20_000_000n } },
    credentials: KEY,
    expect: { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '22400000' } },
  },
  quoteRefusal('a fixed estimate without a rate lock is no fixed route', 'estimate-without-rate.json', 200, { kind: 'rejection', code: 'route_not_served' }),
  quoteRefusal('NoPair is a route StealthEX does not serve', 'error-no-pair.json', 400, { kind: 'rejection', code: 'route_not_served' }),
  quoteRefusal('an amount kind without the range is below_min', 'error-invalid-amount.json', 400, { kind: 'rejection', code: 'below_min' }),
  quoteRefusal('NotAllowed (refused key) is a venue error', 'error-not-allowed.json', 401, { kind: 'rejection', code: 'venue_error' }),
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
  statusCase('waiting', 'pending', { destinationTxHash: null, receivedAmount: null }),
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
