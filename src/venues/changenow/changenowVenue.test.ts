import { decodeFunctionData, erc20Abi, type Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestVenue, depositSettlement, fixturesOf, knownToken, passes, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import { resolveToken } from '../../domain/tokens.ts';
import { type DepositPlan, type VenueQuote, type VenueQuoteRequest, type VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { CHANGENOW_ASSETS, assetByTicker, assetOf } from './changenowChains.ts';
import { startChangenowFake, type ChangenowFake } from './changenowFake.ts';
import { atomicEchoMatches, decimalText, decimalToAtomic } from '../../domain/amounts.ts';
import { CHANGENOW_STATUS_TABLE, etaSeconds, limitRejection } from './changenowMapping.ts';
import { ChangenowCurrenciesSchema, ChangenowErrorSchema, ChangenowEstimateAnswerSchema, ChangenowExchangeSchema, ChangenowRangeSchema, ChangenowStatusSchema } from './changenowSchemas.ts';
import { changenowVenue } from './changenowVenue.ts';

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
const KEY = 'test-changenow-key';
// 25 USDC less the fake's 50 bps fixed-rate spread and its 1 USDC withdrawal fee.
const OUT = 23_875_000n;

const request = (overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest =>
  ({ fromChain: 'base', toChain: 'arbitrum', fromToken: USDC_BASE, toToken: USDC_ARB, amountIn: 25_000_000n, sender: SENDER, recipient: RECIPIENT, userIp: null, integratorFee: null, ...overrides }) as VenueQuoteRequest;

const fixture = fixturesOf(import.meta.url);
const check = passes;

const rejection = rejectionOf;

let fake: ChangenowFake;
let adapter: ReturnType<typeof createTestVenue>;
const venueAt = (now: number, credentials: Record<string, string | undefined> = { API_KEY: KEY }) => createTestVenue(changenowVenue, fake.url, { now: () => now, credentials }).venue;

beforeAll(async () => {
  fake = await startChangenowFake({ apiKey: KEY, now: () => NOW });
});
afterAll(() => fake.close());
beforeEach(() => {
  // A fresh adapter per test: scripted faults must not open the breaker of the next test.
  adapter = createTestVenue(changenowVenue, fake.url, { now: () => NOW, credentials: { API_KEY: KEY } });
  fake.server.setFault(null);
  fake.setRange(null);
  fake.setNextDeposit(null);
  fake.server.requests.length = 0;
});

const sent = (method: string, path: string) => fake.server.requests.filter((r) => r.method === method && r.path === path);

describe('fixtures', () => {
  it('pass the schemas', () => {
    expect(check(ChangenowEstimateAnswerSchema, fixture('estimateResponse.json'))).toBe(true);
    expect(check(ChangenowEstimateAnswerSchema, fixture('estimateStandard.json'))).toBe(true);
    expect(check(ChangenowRangeSchema, fixture('rangeResponse.json'))).toBe(true);
    expect(check(ChangenowExchangeSchema, fixture('exchangeResponse.json'))).toBe(true);
    expect(check(ChangenowStatusSchema, fixture('statusFinished.json'))).toBe(true);
    expect(check(ChangenowErrorSchema, fixture('errorDepositTooSmall.json'))).toBe(true);
    expect(check(ChangenowCurrenciesSchema, fixture('currencies.json'))).toBe(true);
  });

  it('name the contracts of the static table', () => {
    for (const row of fixture('currencies.json') as { ticker: string; network: string; tokenContract: string | null }[]) {
      const asset = assetByTicker(row.ticker, row.network);
      expect(asset, `${row.ticker}/${row.network}`).toBeDefined();
      expect(asset?.address?.toLowerCase() ?? null).toBe(row.tokenContract?.toLowerCase() ?? null);
    }
  });

  it('match what the fake serves on /v2/exchange/currencies', async () => {
    const response = await fetch(`${fake.url}/v2/exchange/currencies?active=true&isFiat=false`, { headers: { 'x-changenow-api-key': KEY } });
    expect(check(ChangenowCurrenciesSchema, await response.json())).toBe(true);
  });
});

describe('coverage', () => {
  it('serves table tokens between two served chains', () => {
    const { venue } = adapter;
    expect(venue.supports(request())).toEqual({ served: true });
    expect(venue.supports({ ...request(), toChain: 'base', toToken: ETH_BASE })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports({ ...request(), toChain: 'linea', toToken: USDC_LINEA })).toMatchObject({ served: false, code: 'route_not_served' });
    // ChangeNOW's usdc/matic is bridged USDC.e, not the registry's native Polygon USDC.
    expect(venue.supports({ ...request(), toChain: 'polygon', toToken: USDC_POLYGON })).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.coverage().origins).toEqual(expect.arrayContaining(['ethereum', 'arbitrum', 'base', 'solana', 'bitcoin', 'xrpl']));
    expect(venue.coverage().tokenSymbols('base', 'arbitrum')).toEqual(['ETH', 'USDC']);
    expect(venue.coverage().tokenSymbols('base', 'linea')).toEqual([]);
  });

  it('agrees with the token registry on every asset', () => {
    for (const entry of CHANGENOW_ASSETS) {
      const registered = resolveToken(entry.chain, entry.address);
      expect(registered, `${entry.chain}:${entry.symbol}`).toBeDefined();
      expect({ symbol: registered?.symbol, decimals: registered?.decimals }).toEqual({ symbol: entry.symbol, decimals: entry.decimals });
      expect(registered && assetOf(registered)).toBe(entry);
    }
  });

  it('sends the API key header only when the credential is set', () => {
    expect(changenowVenue.headers?.({ API_KEY: 'k' })).toEqual({ 'x-changenow-api-key': 'k' });
    expect(changenowVenue.headers?.({})).toEqual({});
  });
});

describe('amounts', () => {
  it('reads ChangeNOW numbers exactly, exponent forms included', () => {
    expect(decimalText(244.61)).toBe('244.61');
    expect(decimalText(1.5e-7)).toBe('0.00000015');
    expect(decimalText(1e21)).toBe('1000000000000000000000');
    expect(decimalText('12.5')).toBe('12.5');
    expect(decimalText(-1)).toBeNull();
    expect(decimalText('1,5')).toBeNull();
  });

  it('converts to atomic units, down for outputs and up for minimums', () => {
    expect(decimalToAtomic(244.61, 6, 'down')).toBe(244_610_000n);
    expect(decimalToAtomic(1.23456789, 6, 'down')).toBe(1_234_567n);
    expect(decimalToAtomic(1.23456789, 6, 'up')).toBe(1_234_568n);
    expect(decimalToAtomic(1.5e-7, 18, 'down')).toBe(150_000_000_000n);
    expect(decimalToAtomic(0.1, 18, 'down')).toBe(100_000_000_000_000_000n);
    expect(decimalToAtomic(9.8, 6, 'up')).toBe(9_800_000n);
  });

  it('accepts an echo within double precision only, and reads the ETA upper bound', () => {
    expect(atomicEchoMatches(123_456_789_012_345_680n, 123_456_789_012_345_678n)).toBe(true);
    expect(atomicEchoMatches(25_000_001n, 25_000_000n)).toBe(false);
    expect(etaSeconds('10-60')).toBe(3600);
    expect(etaSeconds('5')).toBe(300);
    expect(etaSeconds(null)).toBeNull();
    expect(etaSeconds('soon')).toBeNull();
  });

  it('puts the known output on a limit rejection', () => {
    const pair = { from: assetOf(USDC_BASE)!, to: assetOf(USDC_ARB)! };
    const below = limitRejection(5_000_000n, { min: 9_800_000n, max: null }, pair, 4_000_000n);
    expect(below?.details).toEqual({ minAmountAtomic: '9800000', amountOutAtomic: '4000000' });
    expect(limitRejection(25_000_000n, { min: 9_800_000n, max: 20_000_000n }, pair, null)?.details).toEqual({ maxAmountAtomic: '20000000' });
    expect(limitRejection(25_000_000n, { min: 9_800_000n, max: null }, pair, null)).toBeNull();
  });
});

describe('quote', () => {
  it('asks the fixed-rate range and estimate with the API key and maps amounts exactly', async () => {
    const quote = await adapter.venue.quote(request(), testCall());
    const [range] = sent('GET', '/v2/exchange/range');
    const [estimate] = sent('GET', '/v2/exchange/estimated-amount');
    expect(fake.server.requests).toHaveLength(2);
    expect(Object.fromEntries(range?.query ?? [])).toEqual({ fromCurrency: 'usdc', toCurrency: 'usdc', fromNetwork: 'base', toNetwork: 'arbitrum', flow: 'fixed-rate' });
    expect(Object.fromEntries(estimate?.query ?? [])).toEqual({ fromCurrency: 'usdc', toCurrency: 'usdc', fromNetwork: 'base', toNetwork: 'arbitrum', flow: 'fixed-rate', fromAmount: '25', type: 'direct', useRateId: 'true' });
    for (const r of fake.server.requests) expect(r.headers['x-changenow-api-key']).toBe(KEY);
    expect(quote).toMatchObject({ amountIn: 25_000_000n, amountOut: OUT, minAmountOut: OUT, estimatedSeconds: 3600, expiresAt: NOW + 5 * 60_000 });
    expect(quote.context).toMatchObject({ flow: 'fixed-rate', validUntil: '2026-01-01T00:05:00.000Z', toAmount: '23.875', minAmountOut: '23875000', integratorFeeNote: null });
    expect(quote.context.rateId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('converts an 18-decimal input and rounds the output down', async () => {
    // 0.0123456789 ETH at 3000 USD, less 50 bps and 1 USD: 35.8518515165 USDC, cut to 6 decimals.
    const quote = await adapter.venue.quote(request({ fromToken: ETH_BASE, amountIn: 12_345_678_900_000_000n }), testCall());
    expect(sent('GET', '/v2/exchange/estimated-amount')[0]?.query.get('fromAmount')).toBe('0.0123456789');
    expect(quote.amountOut).toBe(35_851_851n);
    const body = { ...(fixture('estimateResponse.json') as object), fromCurrency: 'usdc', fromNetwork: 'base', toCurrency: 'usdc', toNetwork: 'arbitrum', fromAmount: 25, toAmount: 1.23456789 };
    fake.server.setFault({ kind: 'status', status: 200, body });
    expect((await adapter.venue.quote(request(), testCall())).amountOut).toBe(1_234_567n);
  });

  it('notes that ChangeNOW charges no integrator fee per request', async () => {
    const quote = await adapter.venue.quote(request({ integratorFee: { bps: 10, recipient: SENDER } }), testCall());
    expect(quote.context.integratorFeeNote).toMatch(/no fee per request/);
  });

  it('translates an amount below the range minimum to below_min', async () => {
    fake.setRange({ minAmount: 30, maxAmount: null });
    const error = await rejection(adapter.venue.quote(request(), testCall()));
    expect(error.code).toBe('below_min');
    expect(error.details).toEqual({ minAmountAtomic: '30000000' });
    expect(error.message).toBe('ChangeNOW needs at least 30 USDC for this pair');
  });

  it('translates an amount above the range maximum to above_max', async () => {
    fake.setRange({ minAmount: 1, maxAmount: 20.5 });
    const error = await rejection(adapter.venue.quote(request(), testCall()));
    expect(error.code).toBe('above_max');
    expect(error.details).toEqual({ maxAmountAtomic: '20500000' });
  });

  it.each([
    [{ error: 'deposit_too_small', message: 'Amount is less then minimal: 9.8 USDC' }, 'below_min', { minAmountAtomic: '9800000' }],
    [{ error: 'out_of_range', message: 'Amount is more then maximal: 20 USDC' }, 'above_max', { maxAmountAtomic: '20000000' }],
    [{ error: 'max_amount_exceeded', message: 'Max amount exceeded' }, 'above_max', undefined],
    [{ error: 'pair_is_inactive', message: 'Pair is inactive' }, 'route_not_served', undefined],
    [{ error: 'fixed_rate_not_enabled', message: 'Fixed rate is not enabled for this pair' }, 'route_not_served', undefined],
    [{ error: 'not_valid_params', message: 'Currency xyz on network abc is not supported' }, 'token_not_supported', undefined],
    [{ error: 'not_valid_params', message: 'fromAmount must be a positive number' }, 'invalid_input', undefined],
    [{ error: 'internal_liquidity', message: 'Not enough liquidity' }, 'no_liquidity', undefined],
  ])('translates the 400 %j to %s', async (body, code, details) => {
    fake.server.setFault({ kind: 'status', status: 400, body });
    const error = await rejection(adapter.venue.quote(request(), testCall()));
    expect(error.code).toBe(code);
    expect(error.details).toEqual(details);
  });

  it('treats an estimate body carrying error under HTTP 200 as a refusal', async () => {
    fake.server.setFault({ kind: 'status', status: 200, body: { error: 'pair_is_inactive', message: 'Pair is inactive' } });
    expect((await rejection(adapter.venue.quote(request(), testCall()))).code).toBe('route_not_served');
  });

  it('reports a missing or wrong API key clearly', async () => {
    const error = await rejection(venueAt(NOW, {}).quote(request(), testCall()));
    expect(error.code).toBe('venue_error');
    expect(error.message).toMatch(/refused the API key \(HTTP 401\)/);
    expect(fake.server.requests.at(-1)?.headers['x-changenow-api-key']).toBeUndefined();
    expect((await rejection(venueAt(NOW, { API_KEY: 'other' }).quote(request(), testCall()))).code).toBe('venue_error');
  });

  it('maps 429 to venue_rate_limited and leaves 5xx as the venue fault', async () => {
    fake.server.setFault({ kind: 'status', status: 429, body: { error: 'too_many_requests', message: 'slow down' } });
    expect((await rejection(adapter.venue.quote(request(), testCall()))).code).toBe('venue_rate_limited');
    fake.server.setFault({ kind: 'status', status: 500, body: { error: 'internal', message: 'boom' } });
    const error = await adapter.venue.quote(request(), testCall()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VenueHttpError);
    expect((error as VenueHttpError).status).toBe(500);
  });

  it('refuses a wrong-shaped answer or a repriced amount as venue_bad_response', async () => {
    fake.server.setFault({ kind: 'status', status: 200, body: { fromCurrency: 'usdc', toAmount: 'lots' } });
    expect((await rejection(adapter.venue.quote(request(), testCall()))).code).toBe('venue_bad_response');
    const body = { ...(fixture('estimateResponse.json') as object), fromAmount: 24 };
    fake.server.setFault({ kind: 'status', status: 200, body });
    const error = await rejection(adapter.venue.quote(request(), testCall()));
    expect(error).toMatchObject({ code: 'venue_bad_response', details: { path: '/fromAmount' } });
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
  it('creates the exchange at the quoted rate and returns an ERC-20 transfer to the payin address', async () => {
    const { quote, plan } = await quoteAndBuild();
    expect(fake.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v2/exchange']);
    expect(fake.server.requests[0]?.headers['x-changenow-api-key']).toBe(KEY);
    expect(fake.server.requests[0]?.body).toEqual({
      fromCurrency: 'usdc', fromNetwork: 'base', toCurrency: 'usdc', toNetwork: 'arbitrum', fromAmount: '25', toAmount: '', type: 'direct', flow: 'fixed-rate',
      rateId: quote.context.rateId, address: RECIPIENT, refundAddress: SENDER,
    });
    const address = plan.deposit.address;
    const exchangeId = String(plan.context.exchangeId);
    expect(fake.exchange(exchangeId)?.payinAddress).toBe(address);
    expect(plan.deposit).toEqual({ chain: 'base', address, token: USDC_BASE.address, amount: 25_000_000n, memo: null, deadlineMs: NOW + 20 * 60_000 });
    expect(plan).toMatchObject({ amountOut: OUT, minAmountOut: OUT });
    const step = plan.fundingStep;
    expect(step).toMatchObject({ vm: 'evm', step: 'main', chainId: 8453, to: USDC_BASE.address, value: 0n });
    const call = decodeFunctionData({ abi: erc20Abi, data: step?.data as Hex });
    expect(call.functionName).toBe('transfer');
    expect(call.args).toEqual([address, 25_000_000n]);
    expect(plan.context).toMatchObject({ exchangeId, payinAddress: address, payinExtraId: null, flow: 'fixed-rate', rateId: quote.context.rateId, fromAmount: '25', toAmount: '23.875', minAmountOut: '23875000' });
  });

  it('locks a fresh rate when the quoted one is about to expire', async () => {
    const { quote, plan } = await quoteAndBuild({}, NOW + 5 * 60_000 - 5_000);
    expect(fake.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v2/exchange/estimated-amount', 'POST /v2/exchange']);
    expect(plan.context.rateId).not.toBe(quote.context.rateId);
    expect((fake.server.requests[1]?.body as Record<string, unknown>).rateId).toBe(plan.context.rateId);
  });

  it('sends native ETH straight to the payin address', async () => {
    const { plan } = await quoteAndBuild({ fromToken: ETH_BASE, amountIn: 10n ** 16n });
    expect(plan.deposit.token).toBeNull();
    expect(plan.fundingStep).toEqual({ vm: 'evm', step: 'main', chainId: 8453, to: plan.deposit.address, data: '0x', value: 10n ** 16n });
  });

  it('returns no EVM step for a Solana origin', async () => {
    const { plan } = await quoteAndBuild({ fromChain: 'solana', fromToken: USDC_SOL, sender: SOL_SENDER });
    expect(plan.fundingStep).toBeNull();
    expect(plan.deposit).toMatchObject({ chain: 'solana', token: USDC_SOL.address, amount: 25_000_000n, memo: null });
    expect((fake.server.requests[0]?.body as Record<string, unknown>).refundAddress).toBe(SOL_SENDER);
  });

  it('carries payinExtraId as the deposit memo', async () => {
    fake.setNextDeposit({ payinAddress: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', payinExtraId: '123456' });
    const { plan } = await quoteAndBuild({ fromChain: 'xrpl', fromToken: XRP, amountIn: 20_000_000n, sender: XRP_SENDER });
    expect(plan.deposit).toEqual({ chain: 'xrpl', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', token: null, amount: 20_000_000n, memo: '123456', deadlineMs: NOW + 20 * 60_000 });
    expect(plan.fundingStep).toBeNull();
    expect(plan.context.payinExtraId).toBe('123456');
  });

  it('refuses a payin address of another chain or a payout to someone else', async () => {
    const req = request();
    const quote = await adapter.venue.quote(req, testCall());
    fake.server.setFault({ kind: 'status', status: 200, body: fixture('exchangeResponse.json') });
    expect(await rejection(adapter.venue.build({ request: req, quote }, testCall()))).toMatchObject({ code: 'venue_bad_response', details: { path: '/payinAddress' } });
    const body = { ...(fixture('exchangeResponse.json') as object), payinAddress: '0x76b4c56085ED136a8744D52bE956396624a730E8', fromAmount: 25 };
    fake.server.setFault({ kind: 'status', status: 200, body });
    expect(await rejection(adapter.venue.build({ request: req, quote }, testCall()))).toMatchObject({ code: 'venue_bad_response', details: { path: '/payoutAddress' } });
  });

  it('translates a refused exchange', async () => {
    const req = request();
    const quote = await adapter.venue.quote(req, testCall());
    fake.server.setFault({ kind: 'status', status: 400, body: { error: 'pair_is_inactive', message: 'Pair is inactive' } });
    expect((await rejection(adapter.venue.build({ request: req, quote }, testCall()))).code).toBe('route_not_served');
  });
});

const statusRequest = (plan: DepositPlan, quote: VenueQuote): VenueStatusRequest =>
  ({ fromChain: 'base', toChain: 'arbitrum', toToken: USDC_ARB, sourceTxHash: `0x${'ab'.repeat(32)}`, recipient: RECIPIENT, amountIn: 25_000_000n, expectedOut: plan.amountOut, context: { ...quote.context, ...plan.context } }) as VenueStatusRequest;

describe('status', () => {
  const expected: Record<string, string> = {
    new: 'pending', waiting: 'pending', confirming: 'pending', exchanging: 'pending', sending: 'pending', verifying: 'pending',
    finished: 'completed', failed: 'failed', refunded: 'refunded', expired: 'failed',
  };

  it('tables every ChangeNOW status', () => {
    expect(Object.keys(CHANGENOW_STATUS_TABLE).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))('maps %s to %s', async (status, state) => {
    const { quote, plan } = await quoteAndBuild();
    fake.setStatus(String(plan.context.exchangeId), status);
    const answer = await adapter.venue.status(statusRequest(plan, quote), testCall());
    expect(answer).toMatchObject({ state, venueStatus: status });
    expect(answer.detail === null).toBe(state === 'completed');
    if (state === 'completed') {
      expect(answer).toMatchObject({ receivedAmount: OUT, receivedAsset: USDC_ARB.address });
      expect(answer.destinationTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    }
    if (status === 'refunded') expect(answer.detail).toMatch(new RegExp(`^refunded 25 USDC to ${SENDER} \\(tx 0x`));
    if (status === 'verifying') expect(answer.detail).toMatch(/AML\/KYC/);
  });

  it('keeps an unknown status pending', async () => {
    const { quote, plan } = await quoteAndBuild();
    fake.setStatus(String(plan.context.exchangeId), 'on_hold_review');
    expect(await adapter.venue.status(statusRequest(plan, quote), testCall())).toMatchObject({ state: 'pending', venueStatus: 'on_hold_review', detail: expect.stringMatching(/unknown ChangeNOW status/) });
  });

  it('asks by exchange id with the API key', async () => {
    const { quote, plan } = await quoteAndBuild();
    fake.server.requests.length = 0;
    expect((await adapter.venue.status(statusRequest(plan, quote), testCall())).venueStatus).toBe('waiting');
    const [poll] = fake.server.requests;
    expect(`${poll?.method} ${poll?.path}`).toBe('GET /v2/exchange/by-id');
    expect(poll?.query.get('id')).toBe(plan.context.exchangeId);
    expect(poll?.headers['x-changenow-api-key']).toBe(KEY);
  });

  it('reports a payout below the fixed amount as partial', async () => {
    const { quote, plan } = await quoteAndBuild();
    fake.setStatus(String(plan.context.exchangeId), 'finished', { amountTo: 20.5 });
    expect(await adapter.venue.status(statusRequest(plan, quote), testCall())).toMatchObject({ state: 'partial', receivedAmount: 20_500_000n });
  });

  it('treats an unknown exchange as pending, and refuses a bad shape or a missing id', async () => {
    const { quote, plan } = await quoteAndBuild();
    const stranger = { ...plan, context: { ...plan.context, exchangeId: 'ffffffffffffff' } };
    expect(await adapter.venue.status(statusRequest(stranger, quote), testCall())).toMatchObject({ state: 'pending', venueStatus: 'not_found' });
    const missing = { ...plan, context: { ...plan.context, exchangeId: null } };
    expect((await rejection(adapter.venue.status(statusRequest(missing, quote), testCall()))).code).toBe('invalid_input');
    fake.server.setFault({ kind: 'status', status: 200, body: { id: 'x', status: 7 } });
    expect((await rejection(adapter.venue.status(statusRequest(plan, quote), testCall()))).code).toBe('venue_bad_response');
  });
});

describe('sandbox mode', () => {
  it('pays once the payin address holds fromAmount, then reports finished', async () => {
    const { settlement, balances, payments } = depositSettlement();
    const sandbox = await startChangenowFake({ settlement, apiKey: KEY, now: () => NOW, chainIds: { base: 8453, arbitrum: 42161 } });
    try {
      const venue = createTestVenue(changenowVenue, sandbox.url, { now: () => NOW, credentials: { API_KEY: KEY } }).venue;
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
      expect((await poll()).state).toBe('completed');
      expect(payments).toEqual([{ chainId: 42161, token: USDC_ARB.address, recipient: RECIPIENT, amount: OUT }]);
    } finally {
      await sandbox.close();
    }
  });
});

describe('coverage snapshot', () => {
  type Row = { ticker: string; network: string; tokenContract: string | null; supportsFixedRate?: boolean };
  const listed = async (): Promise<Row[]> => (await (await fetch(`${fake.url}/v2/exchange/currencies?active=true&flow=fixed-rate`, { headers: { 'x-changenow-api-key': KEY } })).json()) as Row[];

  it('answers from the static table until a refresh succeeds, then from the listed fixed-rate assets only', async () => {
    const venue = adapter.venue;
    const snapshot = venue.snapshot;
    if (!snapshot) throw new Error('ChangeNOW publishes its currencies: the adapter must have a snapshot');
    expect(snapshot.fetchedAt()).toBeNull();
    expect(venue.supports(request())).toEqual({ served: true });

    // A failed refresh keeps the table.
    const rows = await listed();
    fake.server.setFault({ kind: 'status', status: 503, body: { error: 'unavailable' } });
    await expect(snapshot.refresh(testCall())).rejects.toThrow();
    expect(snapshot.fetchedAt()).toBeNull();
    expect(venue.supports(request())).toEqual({ served: true });

    // Base USDC unlisted, Arbitrum USDC without a fixed rate, and a token the table lacks: none becomes quotable.
    const published = [
      ...rows.filter((r) => !(r.ticker === 'usdc' && r.network === 'base')).map((r) => (r.ticker === 'usdc' && r.network === 'arbitrum' ? { ...r, supportsFixedRate: false } : r)),
      { ticker: 'pepe', network: 'eth', tokenContract: '0x6982508145454Ce325dDbE47a25d4ec3d2311933', supportsFixedRate: true },
    ];
    fake.server.setFault({ kind: 'status', status: 200, body: published });
    await snapshot.refresh(testCall());
    expect(snapshot.fetchedAt()).toBe(NOW);
    expect(venue.supports(request())).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.coverage().tokenSymbols('base', 'arbitrum')).not.toContain('USDC');
    expect(venue.coverage().tokenSymbols('base', 'arbitrum')).toContain('ETH');
    expect(venue.coverage().tokenSymbols('ethereum', 'base')).not.toContain('PEPE');

    // An empty list is a fault: the last good list stays.
    fake.server.setFault({ kind: 'status', status: 200, body: [] });
    await expect(snapshot.refresh(testCall())).rejects.toThrow(/listed none/);
    expect(venue.supports(request())).toMatchObject({ served: false });

    // Status of a transfer already under way still reads the whole table.
    fake.server.setFault(null);
    const fresh = venueAt(NOW);
    const quote = await fresh.quote(request(), testCall());
    const plan = (await fresh.build({ request: request(), quote }, testCall())) as DepositPlan;
    expect((await venue.status(statusRequest(plan, quote), testCall())).venueStatus).toBe('waiting');
  });
});
