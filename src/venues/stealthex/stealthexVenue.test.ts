import { decodeFunctionData, erc20Abi, type Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestVenue, depositSettlement, fixturesOf, knownToken, passes, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import { resolveToken } from '../../domain/tokens.ts';
import { type DepositPlan, type VenueQuote, type VenueQuoteRequest, type VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { STEALTHEX_ASSETS, assetBySymbol, assetOf } from './stealthexChains.ts';
import { startStealthexFake, type StealthexFake } from './stealthexFake.ts';
import { atomicEchoMatches, decimalText, decimalToAtomic } from '../../domain/amounts.ts';
import { STEALTHEX_STATUS_TABLE, memoOf } from './stealthexMapping.ts';
import { StealthexCurrenciesSchema, StealthexErrorSchema, StealthexEstimateSchema, StealthexExchangeSchema, StealthexRangeSchema } from './stealthexSchemas.ts';
import { stealthexVenue } from './stealthexVenue.ts';

const known = knownToken;
const USDC_BASE = known('base', 'USDC');
const USDC_ARB = known('arbitrum', 'USDC');
const USDC_SOL = known('solana', 'USDC');
const USDC_POLYGON = known('polygon', 'USDC');
const USDC_LINEA = known('linea', 'USDC');
const ETH_BASE = known('base', null);
const XRP = known('xrpl', null);
const SENDER = '0x2222222222222222222222222222222222222222';
const RECIPIENT = '0x3333333333333333333333333333333333333333';
const SOL_SENDER = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const XRP_SENDER = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const NOW = Date.parse('2026-01-01T00:00:00.000Z');
const KEY = 'test-stealthex-key';
// 25 USDC less the fake's 50 bps fixed-rate spread and its 1 USDC withdrawal fee.
const OUT = 23_875_000n;
const ROUTE = { from: { symbol: 'usdc', network: 'base' }, to: { symbol: 'usdc', network: 'arbitrum' } };

const request = (overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest =>
  ({ fromChain: 'base', toChain: 'arbitrum', fromToken: USDC_BASE, toToken: USDC_ARB, amountIn: 25_000_000n, sender: SENDER, recipient: RECIPIENT, userIp: null, integratorFee: null, ...overrides }) as VenueQuoteRequest;

const fixture = fixturesOf(import.meta.url);
const check = passes;
const rejection = rejectionOf;

let fake: StealthexFake;
let adapter: ReturnType<typeof createTestVenue>;
const venueAt = (now: number, credentials: Record<string, string | undefined> = { API_KEY: KEY }) => createTestVenue(stealthexVenue, fake.url, { now: () => now, credentials }).venue;

beforeAll(async () => {
  fake = await startStealthexFake({ apiKey: KEY, now: () => NOW });
});
afterAll(() => fake.close());
beforeEach(() => {
  // A fresh adapter per test: scripted faults must not open the breaker of the next test.
  adapter = createTestVenue(stealthexVenue, fake.url, { now: () => NOW, credentials: { API_KEY: KEY } });
  fake.server.setFault(null);
  fake.setRange(null);
  fake.setNextDeposit(null);
  fake.server.requests.length = 0;
});

const sent = (method: string, path: string) => fake.server.requests.filter((r) => r.method === method && r.path === path);

describe('fixtures and tables', () => {
  it('pass the schemas, and the currency rows name the contracts of the static table', async () => {
    expect(check(StealthexEstimateSchema, fixture('estimateResponse.json'))).toBe(true);
    expect(check(StealthexRangeSchema, fixture('rangeResponse.json'))).toBe(true);
    expect(check(StealthexExchangeSchema, fixture('exchangeResponse.json'))).toBe(true);
    expect(check(StealthexExchangeSchema, fixture('statusFinished.json'))).toBe(true);
    expect(check(StealthexErrorSchema, fixture('errorNoPair.json'))).toBe(true);
    expect(check(StealthexCurrenciesSchema, fixture('currencies.json'))).toBe(true);
    for (const row of fixture('currencies.json') as { symbol: string; network: string; contract_address: string | null }[]) {
      const asset = assetBySymbol(row.symbol, row.network);
      expect(asset, `${row.symbol}/${row.network}`).toBeDefined();
      // Natives are matched by (symbol, network): some carry a pseudo contract (`baseeth`).
      if (asset?.address) expect(asset.address.toLowerCase()).toBe(row.contract_address?.toLowerCase());
    }
    const response = await fetch(`${fake.url}/v4/currencies?limit=250&offset=0`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(check(StealthexCurrenciesSchema, await response.json())).toBe(true);
  });

  it('serves table tokens between two served chains', () => {
    const { venue } = adapter;
    expect(venue.supports(request())).toEqual({ served: true });
    expect(venue.supports({ ...request(), toChain: 'base', toToken: ETH_BASE })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports({ ...request(), toChain: 'linea', toToken: USDC_LINEA })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports({ ...request(), toChain: 'polygon', toToken: USDC_POLYGON })).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.coverage().origins).toEqual(expect.arrayContaining(['ethereum', 'arbitrum', 'base', 'solana', 'bitcoin', 'xrpl', 'hyperevm', 'osmosis']));
    expect(venue.coverage().tokenSymbols('base', 'arbitrum')).toEqual(['ETH', 'USDC']);
  });

  it('agrees with the token registry on every asset', () => {
    for (const entry of STEALTHEX_ASSETS) {
      const registered = resolveToken(entry.chain, entry.address);
      expect(registered, `${entry.chain}:${entry.symbol}`).toBeDefined();
      expect({ symbol: registered?.symbol, decimals: registered?.decimals }).toEqual({ symbol: entry.symbol, decimals: entry.decimals });
      expect(registered && assetOf(registered)).toBe(entry);
    }
  });

  it('builds the Bearer header only when the credential is set', () => {
    expect(stealthexVenue.id).toBe('stealthex');
    expect(stealthexVenue.headers?.({ API_KEY: 'k' })).toEqual({ Authorization: 'Bearer k' });
    expect(stealthexVenue.headers?.({})).toEqual({});
  });
});

describe('amounts', () => {
  it('reads StealthEX numbers exactly and converts down for outputs, up for minimums', () => {
    expect(decimalText(243.87)).toBe('243.87');
    expect(decimalText(1.5e-7)).toBe('0.00000015');
    expect(decimalText('1,5')).toBeNull();
    expect(decimalToAtomic(243.87, 6, 'down')).toBe(243_870_000n);
    expect(decimalToAtomic(1.23456789, 6, 'down')).toBe(1_234_567n);
    expect(decimalToAtomic(1.23456789, 6, 'up')).toBe(1_234_568n);
    expect(decimalToAtomic(0.1, 18, 'down')).toBe(100_000_000_000_000_000n);
    expect(atomicEchoMatches(123_456_789_012_345_680n, 123_456_789_012_345_678n)).toBe(true);
    expect(atomicEchoMatches(25_000_001n, 25_000_000n)).toBe(false);
    expect([memoOf(123456), memoOf('  '), memoOf(null), memoOf('abc')]).toEqual(['123456', null, null, 'abc']);
  });
});

describe('quote', () => {
  it('asks the fixed-rate range and estimate with numeric amounts and the Bearer key, and maps exactly', async () => {
    const quote = await adapter.venue.quote(request({ integratorFee: { bps: 10, recipient: SENDER } }), testCall());
    const [range] = sent('POST', '/v4/rates/range');
    const [estimate] = sent('POST', '/v4/rates/estimated-amount');
    expect(fake.server.requests).toHaveLength(2);
    expect(range?.body).toEqual({ route: ROUTE, estimation: 'direct', rate: 'fixed' });
    expect(estimate?.body).toEqual({ route: ROUTE, estimation: 'direct', rate: 'fixed', amount: 25 });
    for (const r of fake.server.requests) {
      expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(r.query.has('api_key')).toBe(false);
    }
    expect(quote).toMatchObject({ amountIn: 25_000_000n, amountOut: OUT, minAmountOut: OUT, estimatedSeconds: null, expiresAt: NOW + 5 * 60_000 });
    expect(quote.context).toMatchObject({ rate: 'fixed', validUntil: '2026-01-01T00:05:00.000Z', estimatedAmount: '23.875', minAmountOut: '23875000' });
    expect(quote.context.rateId).toMatch(/^[0-9a-f]{32}$/);
    expect(quote.context.integratorFeeNote).toMatch(/not sent to StealthEX/);
  });

  it('converts an 18-decimal input and rounds the output down', async () => {
    // 0.0123456789 ETH at 3000 USD, less 50 bps and 1 USD: 35.8518515165 USDC, cut to 6 decimals.
    const quote = await adapter.venue.quote(request({ fromToken: ETH_BASE, amountIn: 12_345_678_900_000_000n }), testCall());
    expect((sent('POST', '/v4/rates/estimated-amount')[0]?.body as Record<string, unknown>).amount).toBe(0.0123456789);
    expect(quote.amountOut).toBe(35_851_851n);
  });

  it('treats a fixed estimate without rate as no fixed route', async () => {
    fake.server.setFault({ kind: 'status', status: 200, body: { estimated_amount: 24.1, min_amount: 1 } });
    expect((await rejection(adapter.venue.quote(request(), testCall()))).code).toBe('route_not_served');
  });

  it('translates an amount below the range minimum to below_min, with the known output', async () => {
    fake.setRange({ min_amount: 30, max_amount: null });
    const error = await rejection(adapter.venue.quote(request(), testCall()));
    expect(error.code).toBe('below_min');
    expect(error.details).toEqual({ minAmountAtomic: '30000000' });
    expect(error.message).toBe('StealthEX needs at least 30 USDC for this pair');
  });

  it('translates an amount above the range maximum to above_max', async () => {
    fake.setRange({ min_amount: 1, max_amount: 20.5 });
    const error = await rejection(adapter.venue.quote(request(), testCall()));
    expect(error.code).toBe('above_max');
    expect(error.details).toEqual({ maxAmountAtomic: '20500000' });
  });

  it.each([
    [{ err: { kind: 'NoPair', details: 'pair not supported' } }, 'route_not_served'],
    [{ err: { kind: 'MarketUnavailable', details: 'market closed' } }, 'route_not_served'],
    [{ err: { kind: 'UnknownCurrency', details: 'xyz' } }, 'token_not_supported'],
    [{ err: { kind: 'AmountOutOfRange', details: 'amount is less than the minimum 9.8' } }, 'below_min'],
    [{ err: { kind: 'NoRate', details: 'no liquidity' } }, 'no_liquidity'],
    [{ err: { kind: 'NotAllowed', details: null } }, 'venue_error'],
  ])('translates the 400 %j to %s', async (body, code) => {
    fake.server.setFault({ kind: 'status', status: 400, body });
    expect((await rejection(adapter.venue.quote(request(), testCall()))).code).toBe(code);
  });

  it('reports a missing or wrong API key clearly', async () => {
    const error = await rejection(venueAt(NOW, {}).quote(request(), testCall()));
    expect(error).toMatchObject({ code: 'venue_error', details: { status: 401 } });
    expect(fake.server.requests.at(-1)?.headers.authorization).toBeUndefined();
    expect((await rejection(venueAt(NOW, { API_KEY: 'other' }).quote(request(), testCall()))).code).toBe('venue_error');
  });

  it('maps 429 to venue_rate_limited and leaves 5xx as the venue fault', async () => {
    fake.server.setFault({ kind: 'status', status: 429, body: { err: { kind: 'TooManyRequests', details: 'slow down' } } });
    expect((await rejection(adapter.venue.quote(request(), testCall()))).code).toBe('venue_rate_limited');
    fake.server.setFault({ kind: 'status', status: 500, body: { err: { kind: 'Internal', details: 'boom' } } });
    const error = await adapter.venue.quote(request(), testCall()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VenueHttpError);
  });

  it('refuses a malformed answer by schema as venue_bad_response', async () => {
    fake.server.setFault({ kind: 'status', status: 200, body: { estimated_amount: 'lots', rate: { id: 'x' } } });
    expect((await rejection(adapter.venue.quote(request(), testCall()))).code).toBe('venue_bad_response');
  });
});

async function quoteAndBuild(overrides: Partial<VenueQuoteRequest> = {}, buildAt = NOW): Promise<{ quote: VenueQuote; plan: DepositPlan }> {
  const req = request(overrides);
  const quote = await adapter.venue.quote(req, testCall());
  fake.server.requests.length = 0;
  const plan = await venueAt(buildAt).build({ request: req, quote }, testCall());
  expect(plan.shape).toBe('deposit');
  return { quote, plan: plan as DepositPlan };
}

describe('build', () => {
  it('creates the exchange at the quoted rate and returns an ERC-20 transfer to the deposit address', async () => {
    const { quote, plan } = await quoteAndBuild({ integratorFee: { bps: 10, recipient: SENDER } });
    expect(fake.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v4/exchanges']);
    expect(fake.server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    // No additional_fee_percent: Strait's fee is collected by its own steps.
    expect(fake.server.requests[0]?.body).toEqual({ route: ROUTE, estimation: 'direct', rate: 'fixed', amount: 25, rate_id: quote.context.rateId, address: RECIPIENT, refund_address: SENDER });
    const address = plan.deposit.address;
    const exchangeId = String(plan.context.exchangeId);
    expect((fake.exchange(exchangeId)?.deposit as { address: string }).address).toBe(address);
    expect(plan.deposit).toEqual({ chain: 'base', address, token: USDC_BASE.address, amount: 25_000_000n, memo: null, deadlineMs: NOW + 20 * 60_000 });
    expect(plan).toMatchObject({ amountOut: OUT, minAmountOut: OUT });
    const step = plan.fundingStep;
    expect(step).toMatchObject({ vm: 'evm', step: 'main', chainId: 8453, to: USDC_BASE.address, value: 0n });
    const call = decodeFunctionData({ abi: erc20Abi, data: step?.data as Hex });
    expect(call.functionName).toBe('transfer');
    expect(call.args).toEqual([address, 25_000_000n]);
    expect(plan.context).toMatchObject({ exchangeId, depositAddress: address, depositExtraId: null, rate: 'fixed', rateId: quote.context.rateId, depositAmount: '25', withdrawalAmount: '23.875', minAmountOut: '23875000' });
  });

  it('locks a fresh rate when the quoted one is about to expire, and sends native ETH straight', async () => {
    const { quote, plan } = await quoteAndBuild({ fromToken: ETH_BASE, amountIn: 10n ** 16n }, NOW + 5 * 60_000 - 5_000);
    expect(fake.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v4/rates/estimated-amount', 'POST /v4/exchanges']);
    expect(plan.context.rateId).not.toBe(quote.context.rateId);
    expect((fake.server.requests[1]?.body as Record<string, unknown>).rate_id).toBe(plan.context.rateId);
    expect(plan.fundingStep).toEqual({ vm: 'evm', step: 'main', chainId: 8453, to: plan.deposit.address, data: '0x', value: 10n ** 16n });
  });

  it('carries a numeric deposit.extra_id as the memo, with no EVM step off EVM', async () => {
    fake.setNextDeposit({ address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', extra_id: 123456 });
    const { plan } = await quoteAndBuild({ fromChain: 'xrpl', fromToken: XRP, amountIn: 20_000_000n, sender: XRP_SENDER });
    expect(plan.deposit).toEqual({ chain: 'xrpl', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', token: null, amount: 20_000_000n, memo: '123456', deadlineMs: NOW + 20 * 60_000 });
    expect(plan.fundingStep).toBeNull();
    expect(plan.context.depositExtraId).toBe('123456');
    expect((fake.server.requests[0]?.body as Record<string, unknown>).refund_address).toBe(XRP_SENDER);
    const sol = await quoteAndBuild({ fromChain: 'solana', fromToken: USDC_SOL, sender: SOL_SENDER });
    expect(sol.plan.fundingStep).toBeNull();
    expect(sol.plan.deposit).toMatchObject({ chain: 'solana', token: USDC_SOL.address, memo: null });
  });

  it('refuses a deposit on another chain, a payout to someone else, or a repriced amount', async () => {
    const req = request();
    const quote = await adapter.venue.quote(req, testCall());
    const build = () => rejection(adapter.venue.build({ request: req, quote }, testCall()));
    const base = fixture('exchangeResponse.json') as Record<string, Record<string, unknown>>;
    const deposit = { ...base.deposit, symbol: 'usdc', network: 'base' };
    fake.server.setFault({ kind: 'status', status: 201, body: { ...base, deposit } });
    expect(await build()).toMatchObject({ code: 'venue_bad_response', details: { path: '/deposit/address' } });
    const evmDeposit = { ...deposit, address: '0x76b4c56085ED136a8744D52bE956396624a730E8', expected_amount: 25 };
    fake.server.setFault({ kind: 'status', status: 201, body: { ...base, deposit: evmDeposit } });
    expect(await build()).toMatchObject({ code: 'venue_bad_response', details: { path: '/withdrawal/address' } });
    const withdrawal = { ...base.withdrawal, address: RECIPIENT };
    fake.server.setFault({ kind: 'status', status: 201, body: { ...base, deposit: { ...evmDeposit, expected_amount: 24 }, withdrawal } });
    expect(await build()).toMatchObject({ code: 'venue_bad_response', details: { path: '/deposit/expected_amount' } });
  });

  it('translates a refused exchange', async () => {
    const req = request();
    const quote = await adapter.venue.quote(req, testCall());
    fake.server.setFault({ kind: 'status', status: 400, body: { err: { kind: 'RouteIsDisabled', details: 'disabled' } } });
    expect((await rejection(adapter.venue.build({ request: req, quote }, testCall()))).code).toBe('route_not_served');
  });
});

const statusRequest = (plan: DepositPlan, quote: VenueQuote): VenueStatusRequest =>
  ({ fromChain: 'base', toChain: 'arbitrum', toToken: USDC_ARB, sourceTxHash: `0x${'ab'.repeat(32)}`, recipient: RECIPIENT, amountIn: 25_000_000n, expectedOut: plan.amountOut, context: { ...quote.context, ...plan.context } }) as VenueStatusRequest;

describe('status', () => {
  const expected: Record<string, string> = {
    waiting: 'pending', confirming: 'pending', exchanging: 'pending', sending: 'pending', verifying: 'pending',
    finished: 'completed', failed: 'failed', refunded: 'refunded', expired: 'failed',
  };

  it('tables every StealthEX status', () => {
    expect(Object.keys(STEALTHEX_STATUS_TABLE).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))('maps %s to %s', async (status, state) => {
    const { quote, plan } = await quoteAndBuild();
    fake.setStatus(String(plan.context.exchangeId), status);
    const answer = await adapter.venue.status(statusRequest(plan, quote), testCall());
    expect(answer).toMatchObject({ state, venueStatus: status });
    expect(answer.unrecognized).toBeUndefined();
    expect(answer.detail === null).toBe(state === 'completed');
    if (state === 'completed') {
      expect(answer).toMatchObject({ receivedAmount: OUT, receivedAsset: USDC_ARB.address });
      expect(answer.destinationTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    }
    if (status === 'refunded') expect(answer.detail).toBe(`refunded to ${SENDER}`);
  });

  it('keeps an unknown status pending and flags it', async () => {
    const { quote, plan } = await quoteAndBuild();
    fake.setStatus(String(plan.context.exchangeId), 'on_hold');
    expect(await adapter.venue.status(statusRequest(plan, quote), testCall())).toMatchObject({ state: 'pending', venueStatus: 'on_hold', unrecognized: true, detail: expect.stringMatching(/unknown StealthEX status/) });
  });

  it('asks by exchange id with the Bearer key', async () => {
    const { quote, plan } = await quoteAndBuild();
    fake.server.requests.length = 0;
    expect((await adapter.venue.status(statusRequest(plan, quote), testCall())).venueStatus).toBe('waiting');
    const [poll] = fake.server.requests;
    expect(`${poll?.method} ${poll?.path}`).toBe(`GET /v4/exchanges/${String(plan.context.exchangeId)}`);
    expect(poll?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('reports a payout below the fixed amount as partial, falling back to expected_amount when amount is 0', async () => {
    const { quote, plan } = await quoteAndBuild();
    const id = String(plan.context.exchangeId);
    fake.setStatus(id, 'finished', { amount: 20.5 });
    expect(await adapter.venue.status(statusRequest(plan, quote), testCall())).toMatchObject({ state: 'partial', receivedAmount: 20_500_000n });
    fake.setStatus(id, 'finished', { amount: 0, tx_hash: null });
    expect(await adapter.venue.status(statusRequest(plan, quote), testCall())).toMatchObject({ state: 'completed', receivedAmount: OUT, destinationTxHash: null });
  });

  it('treats an unknown exchange as pending, and refuses a bad shape or a missing id', async () => {
    const { quote, plan } = await quoteAndBuild();
    const stranger = { ...plan, context: { ...plan.context, exchangeId: 'ffffffffff' } };
    expect(await adapter.venue.status(statusRequest(stranger, quote), testCall())).toMatchObject({ state: 'pending', venueStatus: 'not_found' });
    const missing = { ...plan, context: { ...plan.context, exchangeId: null } };
    expect((await rejection(adapter.venue.status(statusRequest(missing, quote), testCall()))).code).toBe('invalid_input');
    fake.server.setFault({ kind: 'status', status: 200, body: { id: 'x', status: 7 } });
    expect((await rejection(adapter.venue.status(statusRequest(plan, quote), testCall()))).code).toBe('venue_bad_response');
  });
});

describe('sandbox mode', () => {
  it('pays once the deposit address holds the amount, then reports finished', async () => {
    const { settlement, balances, payments } = depositSettlement();
    const sandbox = await startStealthexFake({ settlement, apiKey: KEY, now: () => NOW, chainIds: { base: 8453, arbitrum: 42161 } });
    try {
      const venue = createTestVenue(stealthexVenue, sandbox.url, { now: () => NOW, credentials: { API_KEY: KEY } }).venue;
      const req = request();
      const quote = await venue.quote(req, testCall());
      const plan = (await venue.build({ request: req, quote }, testCall())) as DepositPlan;
      const key = `8453:${USDC_BASE.address}:${plan.deposit.address}`.toLowerCase();
      const poll = () => venue.status(statusRequest(plan, quote), testCall());
      expect((await poll()).venueStatus).toBe('waiting');
      balances.set(key, 10_000_000n);
      expect((await poll()).venueStatus).toBe('confirming');
      balances.set(key, 25_000_000n);
      const [first, second] = await Promise.all([poll(), poll()]);
      expect(first).toMatchObject({ state: 'completed', venueStatus: 'finished', destinationTxHash: `0x${'cd'.repeat(32)}`, receivedAmount: OUT });
      expect(second?.state).toBe('completed');
      expect(payments).toEqual([{ chainId: 42161, token: USDC_ARB.address, recipient: RECIPIENT, amount: OUT }]);
    } finally {
      await sandbox.close();
    }
  });
});

describe('coverage snapshot', () => {
  type Row = { symbol: string; network: string; rates?: string[]; contract_address: string | null };

  it('pages through /v4/currencies and narrows coverage to the fixed-rate table assets it lists; the table until then', async () => {
    const venue = adapter.venue;
    const snapshot = venue.snapshot;
    if (!snapshot) throw new Error('StealthEX publishes its currencies: the adapter must have a snapshot');
    expect(snapshot.fetchedAt()).toBeNull();
    expect(venue.supports(request())).toEqual({ served: true });

    // Pages of 250 are read until a short one (the fake's catalogue fits one page).
    await snapshot.refresh(testCall());
    expect(snapshot.fetchedAt()).toBe(NOW);
    expect(venue.supports(request())).toEqual({ served: true });
    const pages = () => fake.server.requests.filter((r) => r.path === '/v4/currencies').map((r) => r.query.get('offset'));
    expect(pages()).toEqual(['0']);

    // Base USDC floating-only and a token outside the table: neither becomes quotable.
    const rows = (await (await fetch(`${fake.url}/v4/currencies?limit=250&offset=0`, { headers: { authorization: `Bearer ${KEY}` } })).json()) as Row[];
    const published = [
      ...rows.map((r) => (r.symbol === 'usdc' && r.contract_address?.toLowerCase() === USDC_BASE.address?.toLowerCase() ? { ...r, rates: ['floating'] } : r)),
      { symbol: 'pepe', network: 'eth', rates: ['fixed'], contract_address: '0x6982508145454Ce325dDbE47a25d4ec3d2311933' },
    ];
    fake.server.setFault({ kind: 'status', status: 200, body: published });
    await snapshot.refresh(testCall());
    expect(venue.supports(request())).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.coverage().tokenSymbols('base', 'arbitrum')).not.toContain('USDC');
    expect(venue.coverage().tokenSymbols('ethereum', 'base')).not.toContain('PEPE');

    // A catalogue that never ends is cut after 20 pages instead of looping.
    fake.server.requests.length = 0;
    fake.server.setFault({ kind: 'status', status: 200, body: Array.from({ length: 250 }, () => published[0]) });
    await snapshot.refresh(testCall());
    expect(pages()).toHaveLength(20);

    // A failed or empty refresh keeps the last good list.
    fake.server.setFault({ kind: 'status', status: 200, body: [] });
    await expect(snapshot.refresh(testCall())).rejects.toThrow(/listed none/);
    fake.server.setFault({ kind: 'status', status: 503, body: { err: { kind: 'Unavailable' } } });
    await expect(snapshot.refresh(testCall())).rejects.toThrow();
    expect(venue.supports(request())).toMatchObject({ served: false });
  });
});
