import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveToken } from '../../domain/tokens.ts';
import { describeContractReplay } from '../contract/replayContract.ts';
import { createTestVenue, fixturesOf, knownToken, passes, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { DepositPlan, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { contract } from './simpleswap.contract.ts';
import { SIMPLESWAP_ASSETS, assetOf } from './simpleswapChains.ts';
import { startSimpleswapFake, type SimpleswapFake } from './simpleswapFake.ts';
import { SIMPLESWAP_STATUS_TABLE } from './simpleswapMapping.ts';
import { SimpleswapCurrenciesSchema, SimpleswapEstimateSchema, SimpleswapExchangeSchema, SimpleswapRangeSchema } from './simpleswapSchemas.ts';
import { simpleswapVenue } from './simpleswapVenue.ts';

/**
 * SimpleSwap v3 against its loopback fake, and its contract replayed (SimpleSwap is not registered:
 * no recorded answer of it exists where we could read).
 */

const USDC_BASE = knownToken('base', 'USDC');
const USDC_ARB = knownToken('arbitrum', 'USDC');
const USDC_LINEA = knownToken('linea', 'USDC');
const USDC_POLYGON = knownToken('polygon', 'USDC');
const SENDER = '0x2222222222222222222222222222222222222222';
const RECIPIENT = '0x3333333333333333333333333333333333333333';
const NOW = Date.parse('2026-03-01T10:00:00.000Z');
const KEY = 'test-simpleswap-key';
// 25 USDC less the fake's 100 bps fixed-rate spread.
const OUT = 24_750_000n;

const request = (overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest =>
  ({ fromChain: 'base', toChain: 'arbitrum', fromToken: USDC_BASE, toToken: USDC_ARB, amountIn: 25_000_000n, sender: SENDER, recipient: RECIPIENT, userIp: null, integratorFee: null, ...overrides }) as VenueQuoteRequest;

const fixture = fixturesOf(import.meta.url);

let fake: SimpleswapFake;
let clock = NOW;
let adapter: ReturnType<typeof createTestVenue>;

beforeAll(async () => {
  fake = await startSimpleswapFake({ apiKey: KEY, now: () => clock });
});
afterAll(() => fake.close());
beforeEach(() => {
  clock = NOW;
  adapter = createTestVenue(simpleswapVenue, fake.url, { now: () => clock, credentials: { API_KEY: KEY } });
  fake.server.setFault(null);
  fake.setRange(null);
  fake.setNextDeposit(null);
  fake.server.requests.length = 0;
});

const sent = (method: string, path: string) => fake.server.requests.filter((r) => r.method === method && r.path === path);

describe('fixtures and tables', () => {
  it('pass the schemas', () => {
    expect(passes(SimpleswapRangeSchema, fixture('synthetic/ranges-fixed-usdc-sol-usdc-eth.json'))).toBe(true);
    expect(passes(SimpleswapRangeSchema, fixture('synthetic/ranges-fixed-unbounded.json'))).toBe(true);
    expect(passes(SimpleswapEstimateSchema, fixture('synthetic/estimate-fixed-usdc-sol-usdc-eth-250.json'))).toBe(true);
    expect(passes(SimpleswapExchangeSchema, fixture('synthetic/exchange-created-fixed-usdc-sol-usdc-eth.json'))).toBe(true);
    expect(passes(SimpleswapExchangeSchema, fixture('synthetic/exchange-finished.json'))).toBe(true);
    expect(passes(SimpleswapCurrenciesSchema, fixture('synthetic/currencies.json'))).toBe(true);
  });

  it('agree with the token registry on every asset, one (ticker, network) each', () => {
    for (const entry of SIMPLESWAP_ASSETS) {
      const registered = resolveToken(entry.chain, entry.address);
      expect(registered, `${entry.chain}:${entry.symbol}`).toBeDefined();
      expect({ symbol: registered?.symbol, decimals: registered?.decimals }).toEqual({ symbol: entry.symbol, decimals: entry.decimals });
      expect(registered && assetOf(registered)).toBe(entry);
    }
    expect(new Set(SIMPLESWAP_ASSETS.map((a) => `${a.ticker}/${a.network}`)).size).toBe(SIMPLESWAP_ASSETS.length);
  });

  it('maps every status value Rubic lists', () => {
    expect(SIMPLESWAP_STATUS_TABLE).toEqual({ waiting: 'pending', confirming: 'pending', exchanging: 'pending', sending: 'pending', verifying: 'pending', finished: 'completed', failed: 'failed', refunded: 'refunded', expired: 'failed' });
  });
});

describe('coverage and credentials', () => {
  it('serves table tokens between served chains and refuses the rest without a call', async () => {
    const { venue } = adapter;
    expect(venue.supports(request())).toEqual({ served: true });
    expect(venue.supports({ ...request(), toChain: 'linea', toToken: USDC_LINEA })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports({ ...request(), toChain: 'polygon', toToken: USDC_POLYGON })).toMatchObject({ served: false, code: 'token_not_supported' });
    expect((await rejectionOf(venue.quote(request({ toChain: 'polygon', toToken: USDC_POLYGON }), testCall()))).code).toBe('token_not_supported');
    expect(fake.server.requests).toHaveLength(0);
  });

  it('sends the key as x-api-key, and reports a refused key (403) as venue_error', async () => {
    expect(simpleswapVenue.headers?.({ API_KEY: 'k' })).toEqual({ 'x-api-key': 'k', Accept: 'application/json' });
    await adapter.venue.quote(request(), testCall());
    expect(fake.server.requests.every((r) => r.headers['x-api-key'] === KEY)).toBe(true);
    const other = createTestVenue(simpleswapVenue, fake.url, { now: () => clock, credentials: { API_KEY: 'other' } }).venue;
    const error = await rejectionOf(other.quote(request(), testCall()));
    expect(error.code).toBe('venue_error');
    expect(error.message).toMatch(/refused the API key \(HTTP 403\)/);
  });
});

describe('quote', () => {
  it('reads the range, then the fixed estimate, and locks its rate id until validUntil', async () => {
    const quote = await adapter.venue.quote(request(), testCall());
    expect(fake.server.requests.map((r) => r.path)).toEqual(['/v3/ranges', '/v3/estimates']);
    const [estimate] = sent('GET', '/v3/estimates');
    expect(Object.fromEntries(estimate?.query ?? [])).toEqual({ tickerFrom: 'usdc', networkFrom: 'base', tickerTo: 'usdc', networkTo: 'arbitrum', fixed: 'true', reverse: 'false', amount: '25' });
    expect(quote.amountOut).toBe(OUT);
    expect(quote.minAmountOut).toBe(OUT);
    expect(quote.expiresAt).toBe(NOW + 5 * 60 * 1000);
    expect(typeof quote.context.rateId).toBe('string');
  });

  it('refuses an amount outside the range with its limit, without asking an estimate', async () => {
    fake.setRange({ min: '30', max: '40' });
    const below = await rejectionOf(adapter.venue.quote(request(), testCall()));
    expect(below.code).toBe('below_min');
    expect(below.details).toMatchObject({ minAmountAtomic: '30000000' });
    const above = await rejectionOf(adapter.venue.quote(request({ amountIn: 41_000_000n }), testCall()));
    expect(above.code).toBe('above_max');
    expect(above.details).toMatchObject({ maxAmountAtomic: '40000000' });
    expect(sent('GET', '/v3/estimates')).toHaveLength(0);
  });

  it('keeps a 5xx a venue fault, not a route refusal', async () => {
    fake.server.setFault({ kind: 'status', status: 500, body: { message: 'check extra_id' } });
    // The fan-out classifies it as venue_error; the adapter does not turn it into a refusal of the route.
    await expect(adapter.venue.quote(request(), testCall())).rejects.toBeInstanceOf(VenueHttpError);
  });
});

describe('build', () => {
  it('creates the fixed exchange with the quoted rate id and deposits exactly amountIn to addressFrom', async () => {
    const quote = await adapter.venue.quote(request(), testCall());
    fake.server.requests.length = 0;
    const plan = (await adapter.venue.build({ request: request(), quote }, testCall())) as DepositPlan;
    expect(fake.server.requests.map((r) => r.path)).toEqual(['/v3/exchanges']);
    const body = sent('POST', '/v3/exchanges')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ tickerFrom: 'usdc', networkFrom: 'base', tickerTo: 'usdc', networkTo: 'arbitrum', amount: '25', fixed: true, reverse: false, addressTo: RECIPIENT, userRefundAddress: SENDER, rateId: quote.context.rateId, customFee: null });
    const created = fake.exchange(String(plan.context.exchangeId));
    expect(plan.deposit).toMatchObject({ chain: 'base', address: created?.addressFrom, amount: 25_000_000n, memo: null, deadlineMs: NOW + 30 * 60 * 1000 });
    expect(plan.amountOut).toBe(OUT);
  });

  it('re-estimates when the quoted rate is about to lapse', async () => {
    const quote = await adapter.venue.quote(request(), testCall());
    clock = NOW + 5 * 60 * 1000 - 1_000;
    fake.server.requests.length = 0;
    const plan = (await adapter.venue.build({ request: request(), quote }, testCall())) as DepositPlan;
    expect(fake.server.requests.map((r) => r.path)).toEqual(['/v3/ranges', '/v3/estimates', '/v3/exchanges']);
    expect((sent('POST', '/v3/exchanges')[0]?.body as Record<string, unknown>).rateId).not.toBe(quote.context.rateId);
    expect(plan.amountOut).toBe(OUT);
  });

  it('carries a deposit memo, and refuses a deposit address of another chain', async () => {
    const quote = await adapter.venue.quote(request(), testCall());
    fake.setNextDeposit({ addressFrom: '0x4444444444444444444444444444444444444444', extraIdFrom: '123456' });
    const plan = (await adapter.venue.build({ request: request(), quote }, testCall())) as DepositPlan;
    expect(plan.deposit.memo).toBe('123456');
    fake.setNextDeposit({ addressFrom: '7YttLkHDoNj9wyDur5pM1ejNaAvT9X4eqaYcHQqtj2G5', extraIdFrom: null });
    expect((await rejectionOf(adapter.venue.build({ request: request(), quote }, testCall()))).code).toBe('venue_bad_response');
  });
});

describe('status', () => {
  async function built(): Promise<VenueStatusRequest> {
    const quote = await adapter.venue.quote(request(), testCall());
    const plan = await adapter.venue.build({ request: request(), quote }, testCall());
    return { fromChain: 'base', toChain: 'arbitrum', toToken: USDC_ARB, sourceTxHash: `0x${'ab'.repeat(32)}`, recipient: RECIPIENT, amountIn: 25_000_000n, expectedOut: OUT, context: { ...quote.context, ...plan.context } };
  }

  it('follows the exchange from waiting to finished, and keeps an unknown exchange pending', async () => {
    const status = await built();
    expect((await adapter.venue.status(status, testCall())).state).toBe('pending');
    const id = String(status.context.exchangeId);
    fake.setStatus(id, 'verifying');
    expect(await adapter.venue.status(status, testCall())).toMatchObject({ state: 'pending', venueStatus: 'verifying' });
    fake.setStatus(id, 'finished', { txTo: `0x${'cd'.repeat(32)}` });
    expect(await adapter.venue.status(status, testCall())).toMatchObject({ state: 'completed', destinationTxHash: `0x${'cd'.repeat(32)}`, receivedAmount: OUT });
    fake.setStatus(id, 'refunded');
    expect((await adapter.venue.status(status, testCall())).state).toBe('refunded');
    expect(await adapter.venue.status({ ...status, context: { ...status.context, exchangeId: 'nope' } }, testCall())).toMatchObject({ state: 'pending', venueStatus: 'not_found' });
  });
});

describe('coverage snapshot', () => {
  it('narrows coverage to the table assets /currencies lists; keeps the last list on a failed refresh', async () => {
    const snapshot = adapter.venue.snapshot;
    if (!snapshot) throw new Error('SimpleSwap publishes its currencies: the adapter must have a snapshot');
    await snapshot.refresh(testCall());
    expect(snapshot.fetchedAt()).toBe(NOW);
    expect(adapter.venue.supports(request())).toEqual({ served: true });
    fake.server.setFault({ kind: 'status', status: 200, body: { result: [{ ticker: 'usdc', network: 'arbitrum' }, { ticker: 'usdc', network: 'eth' }] } });
    await snapshot.refresh(testCall());
    expect(adapter.venue.supports(request())).toMatchObject({ served: false });
    fake.server.setFault({ kind: 'status', status: 200, body: { result: [] } });
    await expect(snapshot.refresh(testCall())).rejects.toThrow(/listed none/);
    expect(adapter.venue.coverage().origins).toEqual(['ethereum', 'arbitrum']);
  });
});

describeContractReplay(simpleswapVenue, contract, new URL('./fixtures/', import.meta.url));
