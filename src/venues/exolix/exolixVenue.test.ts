import { decodeFunctionData, erc20Abi, type Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestVenue, depositSettlement, fixturesOf, knownToken, passes, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import { resolveToken } from '../../domain/tokens.ts';
import { type DepositPlan, type VenueQuote, type VenueQuoteRequest, type VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { EXOLIX_ASSETS, assetOf, toExolixAddress } from './exolixChains.ts';
import { startExolixFake, type ExolixFake } from './exolixFake.ts';
import { decimalText, decimalToAtomic } from '../../domain/amounts.ts';
import { EXOLIX_STATUS_TABLE } from './exolixMapping.ts';
import { ExolixContextSchema, ExolixErrorSchema, ExolixRateSchema, ExolixTransactionSchema } from './exolixSchemas.ts';
import { exolixVenue } from './exolixVenue.ts';

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
const KEY = 'test-exolix-key';
// 25 USDC less the fake's 200 bps fixed-rate spread and its 0.1 USDC withdrawal fee: 24.4 USDC.
const OUT = 24_400_000n;

const request = (overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest =>
  ({ fromChain: 'base', toChain: 'arbitrum', fromToken: USDC_BASE, toToken: USDC_ARB, amountIn: 25_000_000n, sender: SENDER, recipient: RECIPIENT, userIp: null, integratorFee: null, ...overrides }) as VenueQuoteRequest;

const fixture = fixturesOf(import.meta.url);
const rejection = rejectionOf;

let fake: ExolixFake;
let adapter: ReturnType<typeof createTestVenue>;
const venueWith = (credentials: Record<string, string | undefined>) => createTestVenue(exolixVenue, fake.url, { now: () => NOW, credentials }).venue;

beforeAll(async () => {
  fake = await startExolixFake({ apiKey: KEY, now: () => NOW });
});
afterAll(() => fake.close());
beforeEach(() => {
  // A fresh adapter per test: scripted faults must not open the breaker of the next test.
  adapter = createTestVenue(exolixVenue, fake.url, { now: () => NOW, credentials: { API_KEY: KEY } });
  fake.server.setFault(null);
  fake.setLimits(null);
  fake.setNextDeposit(null);
  fake.server.requests.length = 0;
});

const sent = (method: string, path: string) => fake.server.requests.filter((r) => r.method === method && r.path === path);
const rateBody = (overrides: Record<string, unknown>) => ({ ...(fixture('rateResponse.json') as object), fromAmount: 25, ...overrides });

describe('fixtures and tables', () => {
  it('pass the schemas', () => {
    expect(passes(ExolixRateSchema, fixture('rateResponse.json'))).toBe(true);
    expect(passes(ExolixRateSchema, fixture('rateBelowMin.json'))).toBe(true);
    expect(passes(ExolixTransactionSchema, fixture('transactionCreated.json'))).toBe(true);
    expect(passes(ExolixTransactionSchema, fixture('transactionSuccess.json'))).toBe(true);
    expect(passes(ExolixErrorSchema, { message: 'Validation failed', errors: { coinFrom: 'coinFrom should not be empty' } })).toBe(true);
  });

  it('agree with the token registry on every asset', () => {
    for (const entry of EXOLIX_ASSETS) {
      const registered = resolveToken(entry.chain, entry.address);
      expect(registered, `${entry.chain}:${entry.symbol}`).toBeDefined();
      expect({ symbol: registered?.symbol, decimals: registered?.decimals }).toEqual({ symbol: entry.symbol, decimals: entry.decimals });
      expect(registered && assetOf(registered)).toBe(entry);
    }
  });

  it('read Exolix numbers exactly and convert down for outputs, up for minimums', () => {
    expect(decimalText(244.9)).toBe('244.9');
    expect(decimalText(1.5e-7)).toBe('0.00000015');
    expect(decimalText('1,5')).toBeNull();
    expect(decimalToAtomic(244.9, 6, 'down')).toBe(244_900_000n);
    expect(decimalToAtomic(1.23456789, 6, 'down')).toBe(1_234_567n);
    expect(decimalToAtomic(1.23456789, 6, 'up')).toBe(1_234_568n);
    expect(decimalToAtomic(0.1, 18, 'down')).toBe(100_000_000_000_000_000n);
    expect(toExolixAddress('bitcoincash', 'bitcoincash:qq07d3s9k4u8x7n5c9dc8zlz6wdxr3sl7s4v2l5k3y')).toBe('qq07d3s9k4u8x7n5c9dc8zlz6wdxr3sl7s4v2l5k3y');
  });
});

describe('coverage and credentials', () => {
  it('serves table tokens between two served chains and refuses the rest without a call', async () => {
    const { venue } = adapter;
    expect(venue.supports(request())).toEqual({ served: true });
    expect(venue.supports({ ...request(), toChain: 'base', toToken: ETH_BASE })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports({ ...request(), toChain: 'linea', toToken: USDC_LINEA })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports({ ...request(), toChain: 'polygon', toToken: USDC_POLYGON })).toMatchObject({ served: false, code: 'token_not_supported' });
    expect((await rejection(venue.quote(request({ toChain: 'polygon', toToken: USDC_POLYGON }), testCall()))).code).toBe('token_not_supported');
    expect(fake.server.requests).toHaveLength(0);
    expect(venue.coverage().origins).toEqual(expect.arrayContaining(['ethereum', 'arbitrum', 'base', 'solana', 'bitcoin', 'xrpl']));
    expect(venue.coverage().tokenSymbols('base', 'arbitrum')).toEqual(['ETH', 'USDC']);
    expect(venue.coverage().tokenSymbols('base', 'linea')).toEqual([]);
  });

  it('sends the raw API key as Authorization only when set, and reports a refused key as venue_error', async () => {
    expect(exolixVenue.headers?.({ API_KEY: 'k' })).toEqual({ Authorization: 'k' });
    expect(exolixVenue.headers?.({})).toEqual({});
    await venueWith({}).quote(request(), testCall());
    expect(fake.server.requests.at(-1)?.headers.authorization).toBeUndefined();
    const error = await rejection(venueWith({ API_KEY: 'other' }).quote(request(), testCall()));
    expect(error.code).toBe('venue_error');
    expect(error.message).toMatch(/refused the API key \(HTTP 401\)/);
    expect(fake.server.requests.at(-1)?.headers.authorization).toBe('other');
  });
});

describe('quote', () => {
  it('asks the fixed rate with the API key and maps amounts exactly', async () => {
    const quote = await adapter.venue.quote(request(), testCall());
    const [rate] = sent('GET', '/api/v2/rate');
    expect(fake.server.requests).toHaveLength(1);
    expect(Object.fromEntries(rate?.query ?? [])).toEqual({ coinFrom: 'USDC', coinFromNetwork: 'BASE', coinTo: 'USDC', coinToNetwork: 'ARBITRUM', amount: '25', rateType: 'fixed' });
    expect(rate?.headers.authorization).toBe(KEY);
    expect(quote).toEqual({
      amountIn: 25_000_000n, amountOut: OUT, minAmountOut: OUT, estimatedSeconds: null, expiresAt: NOW + 60_000,
      context: { rateType: 'fixed', coinFrom: 'USDC', networkFrom: 'BASE', coinTo: 'USDC', networkTo: 'ARBITRUM', toAmount: '24.4', minAmountOut: '24400000', integratorFeeNote: null },
    });
  });

  it('converts an 18-decimal input, rounds the output down and notes the fee it cannot charge', async () => {
    // 0.0123456789 ETH at 3000 USD less 200 bps = 36.296295966 USDC, cut to 36.296295, less 0.1 USDC.
    const quote = await adapter.venue.quote(request({ fromToken: ETH_BASE, amountIn: 12_345_678_900_000_000n, integratorFee: { bps: 10, recipient: SENDER } }), testCall());
    expect(sent('GET', '/api/v2/rate')[0]?.query.get('amount')).toBe('0.0123456789');
    expect(quote.amountOut).toBe(36_196_295n);
    expect(quote.context.integratorFeeNote).toMatch(/no fee per request/);
    fake.server.setFault({ kind: 'status', status: 200, body: rateBody({ toAmount: 1.23456789 }) });
    expect((await adapter.venue.quote(request(), testCall())).amountOut).toBe(1_234_567n);
  });

  it('translates the 422 of an amount under the minimum to below_min', async () => {
    fake.setLimits({ minAmount: 30, maxAmount: 1000 });
    const error = await rejection(adapter.venue.quote(request(), testCall()));
    expect(error).toMatchObject({ code: 'below_min', details: { minAmountAtomic: '30000000' }, message: 'Exolix needs at least 30 USDC for this pair' });
    fake.setLimits(null);
    fake.server.setFault({ kind: 'status', status: 422, body: fixture('rateBelowMin.json') });
    expect(await rejection(adapter.venue.quote(request({ amountIn: 5_000_000n }), testCall()))).toMatchObject({ code: 'below_min', details: { minAmountAtomic: '21500000' } });
  });

  it('carries the known output on a 200 refused under withdrawMin', async () => {
    fake.server.setFault({ kind: 'status', status: 200, body: rateBody({ toAmount: 19.5, message: 'Amount to exchange is below the possible min amount to exchange', minAmount: 20, withdrawMin: 20 }) });
    const error = await rejection(adapter.venue.quote(request(), testCall()));
    expect(error).toMatchObject({ code: 'below_min', details: { minAmountAtomic: '20000000', amountOutAtomic: '19500000' } });
  });

  it('translates an amount above the maximum to above_max', async () => {
    fake.setLimits({ minAmount: 1, maxAmount: 20.5 });
    const error = await rejection(adapter.venue.quote(request(), testCall()));
    expect(error).toMatchObject({ code: 'above_max', details: { maxAmountAtomic: '20500000' } });
  });

  it.each([
    [400, { message: 'Validation failed', errors: { coinFrom: 'coinFrom must be a valid coin' } }, 'token_not_supported'],
    [400, { message: 'Validation failed', errors: { amount: 'amount must be a positive number' } }, 'invalid_input'],
    [200, rateBody({ toAmount: 0, message: 'Exchange is temporarily unavailable' }), 'no_liquidity'],
    [200, rateBody({ toAmount: 0, message: null }), 'no_liquidity'],
    [429, { message: 'Too many requests' }, 'venue_rate_limited'],
  ])('translates HTTP %i %j to %s', async (status, body, code) => {
    fake.server.setFault({ kind: 'status', status, body });
    expect((await rejection(adapter.venue.quote(request(), testCall()))).code).toBe(code);
  });

  it('leaves a 5xx as the venue fault; the fake answers an unknown pair with 422', async () => {
    fake.server.setFault({ kind: 'status', status: 500, body: { message: 'boom' } });
    const error = await adapter.venue.quote(request(), testCall()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VenueHttpError);
    fake.server.setFault(null);
    const reply = await fetch(`${fake.url}/rate?coinFrom=USDC&coinFromNetwork=NOPE&coinTo=USDC&coinToNetwork=ETH&amount=25&rateType=fixed`);
    expect(reply.status).toBe(422);
    fake.server.setFault({ kind: 'status', status: 422, body: await reply.json() });
    expect((await rejection(adapter.venue.quote(request(), testCall()))).code).toBe('route_not_served');
  });

  it('refuses a malformed answer or a repriced amount as venue_bad_response', async () => {
    fake.server.setFault({ kind: 'status', status: 200, body: { fromAmount: 25, toAmount: 'lots', message: null } });
    expect((await rejection(adapter.venue.quote(request(), testCall()))).code).toBe('venue_bad_response');
    fake.server.setFault({ kind: 'status', status: 200, body: rateBody({ fromAmount: 24 }) });
    expect(await rejection(adapter.venue.quote(request(), testCall()))).toMatchObject({ code: 'venue_bad_response', details: { path: '/fromAmount' } });
  });
});

async function quoteAndBuild(overrides: Partial<VenueQuoteRequest> = {}): Promise<{ quote: VenueQuote; plan: DepositPlan }> {
  const req = request(overrides);
  const quote = await adapter.venue.quote(req, testCall());
  fake.server.requests.length = 0;
  const plan = await adapter.venue.build({ request: req, quote }, testCall());
  expect(plan.shape).toBe('deposit');
  return { quote, plan: plan as DepositPlan };
}

describe('build', () => {
  it('creates a fixed-rate transaction and returns an ERC-20 transfer to the deposit address', async () => {
    const { plan } = await quoteAndBuild();
    expect(fake.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/v2/transactions']);
    expect(fake.server.requests[0]?.headers.authorization).toBe(KEY);
    expect(fake.server.requests[0]?.body).toEqual({
      coinFrom: 'USDC', networkFrom: 'BASE', coinTo: 'USDC', networkTo: 'ARBITRUM', amount: '25',
      withdrawalAddress: RECIPIENT, withdrawalExtraId: '', refundAddress: SENDER, refundExtraId: '', rateType: 'fixed',
    });
    const address = plan.deposit.address;
    const transactionId = String(plan.context.transactionId);
    // Exolix ids are `ex` and 12 hex digits (fixtures/real/transaction-wait-eth-to-cake.json).
    expect(transactionId).toMatch(/^ex[0-9a-f]{12}$/);
    expect(fake.transaction(transactionId)?.depositAddress).toBe(address);
    expect(plan.deposit).toEqual({ chain: 'base', address, token: USDC_BASE.address, amount: 25_000_000n, memo: null, deadlineMs: NOW + 10 * 60_000 });
    expect(plan).toMatchObject({ amountOut: OUT, minAmountOut: OUT });
    const step = plan.fundingStep;
    expect(step).toMatchObject({ vm: 'evm', step: 'main', chainId: 8453, to: USDC_BASE.address, value: 0n });
    const call = decodeFunctionData({ abi: erc20Abi, data: step?.data as Hex });
    expect(call.functionName).toBe('transfer');
    expect(call.args).toEqual([address, 25_000_000n]);
    expect(plan.context).toEqual({ transactionId, depositAddress: address, depositExtraId: null, rateType: 'fixed', amount: '25', amountTo: '24.4', minAmountOut: '24400000' });
  });

  it('sends native ETH straight to the deposit address', async () => {
    const { plan } = await quoteAndBuild({ fromToken: ETH_BASE, amountIn: 10n ** 16n });
    expect(plan.deposit.token).toBeNull();
    expect(plan.fundingStep).toEqual({ vm: 'evm', step: 'main', chainId: 8453, to: plan.deposit.address, data: '0x', value: 10n ** 16n });
  });

  it('returns no EVM step for a Solana origin and refunds to the Solana sender', async () => {
    const { plan } = await quoteAndBuild({ fromChain: 'solana', fromToken: USDC_SOL, sender: SOL_SENDER });
    expect(plan.fundingStep).toBeNull();
    expect(plan.deposit).toMatchObject({ chain: 'solana', token: USDC_SOL.address, amount: 25_000_000n, memo: null });
    expect((fake.server.requests[0]?.body as Record<string, unknown>).refundAddress).toBe(SOL_SENDER);
  });

  it('carries depositExtraId as the deposit memo', async () => {
    fake.setNextDeposit({ depositAddress: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', depositExtraId: '123456' });
    const { plan } = await quoteAndBuild({ fromChain: 'xrpl', fromToken: XRP, amountIn: 20_000_000n, sender: XRP_SENDER });
    expect(plan.deposit).toEqual({ chain: 'xrpl', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', token: null, amount: 20_000_000n, memo: '123456', deadlineMs: NOW + 10 * 60_000 });
    expect(plan.fundingStep).toBeNull();
    expect(plan.context.depositExtraId).toBe('123456');
  });

  it('refuses a deposit address of another chain, a payout to someone else or a float rate', async () => {
    const req = request();
    const quote = await adapter.venue.quote(req, testCall());
    const created = fixture('transactionCreated.json') as Record<string, unknown>;
    const build = async (body: Record<string, unknown>) => {
      // The created transaction names the pair asked (Base USDC → Arbitrum USDC), as a real one does.
      const coins = { coinFrom: { coinCode: 'USDC', network: 'BASE' }, coinTo: { coinCode: 'USDC', network: 'ARBITRUM' } };
      fake.server.setFault({ kind: 'status', status: 201, body: { ...created, amount: 25, ...coins, ...body } });
      return rejection(adapter.venue.build({ request: req, quote }, testCall()));
    };
    const evm = { depositAddress: '0x76b4c56085ED136a8744D52bE956396624a730E8' };
    expect(await build({})).toMatchObject({ code: 'venue_bad_response', details: { path: '/depositAddress' } });
    expect(await build(evm)).toMatchObject({ code: 'venue_bad_response', details: { path: '/withdrawalAddress' } });
    expect(await build({ ...evm, withdrawalAddress: RECIPIENT, rateType: 'float' })).toMatchObject({ code: 'venue_bad_response', details: { path: '/rateType' } });
    expect(await build({ ...evm, withdrawalAddress: RECIPIENT, amount: 24 })).toMatchObject({ code: 'venue_bad_response', details: { path: '/amount' } });
    // A transaction for another coin or network would pay something else than the quote promised.
    expect(await build({ ...evm, withdrawalAddress: RECIPIENT, coinTo: { coinCode: 'USDT', network: 'ARBITRUM' } })).toMatchObject({ code: 'venue_bad_response', details: { path: '/coinTo' } });
    expect(await build({ ...evm, withdrawalAddress: RECIPIENT, coinFrom: { coinCode: 'USDC', network: 'ETH' } })).toMatchObject({ code: 'venue_bad_response', details: { path: '/coinFrom' } });
  });

  it('translates a refused transaction', async () => {
    const req = request();
    const quote = await adapter.venue.quote(req, testCall());
    fake.server.setFault({ kind: 'status', status: 400, body: { message: 'Validation failed', errors: { withdrawalAddress: 'Invalid address' } } });
    expect((await rejection(adapter.venue.build({ request: req, quote }, testCall()))).code).toBe('invalid_input');
    fake.setLimits({ minAmount: 30, maxAmount: 1000 });
    fake.server.setFault(null);
    expect((await rejection(adapter.venue.build({ request: req, quote }, testCall()))).code).toBe('below_min');
  });
});

const statusRequest = (plan: DepositPlan, quote: VenueQuote): VenueStatusRequest =>
  ({ fromChain: 'base', toChain: 'arbitrum', toToken: USDC_ARB, sourceTxHash: `0x${'ab'.repeat(32)}`, recipient: RECIPIENT, amountIn: 25_000_000n, expectedOut: plan.amountOut, context: { ...quote.context, ...plan.context } }) as VenueStatusRequest;

describe('status', () => {
  const expected: Record<string, string> = {
    wait: 'pending', confirmation: 'pending', confirmed: 'pending', exchanging: 'pending', sending: 'pending',
    success: 'completed', overdue: 'failed', refunded: 'refunded', deleted: 'failed', error: 'failed',
  };

  it('tables every Exolix status', () => {
    expect(Object.keys(EXOLIX_STATUS_TABLE).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))('maps %s to %s', async (status, state) => {
    const { quote, plan } = await quoteAndBuild();
    fake.setStatus(String(plan.context.transactionId), status);
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
    fake.setStatus(String(plan.context.transactionId), 'hold');
    expect(await adapter.venue.status(statusRequest(plan, quote), testCall())).toMatchObject({ state: 'pending', venueStatus: 'hold', unrecognized: true, detail: expect.stringMatching(/unknown Exolix status/) });
  });

  it('asks by transaction id with the API key', async () => {
    const { quote, plan } = await quoteAndBuild();
    fake.server.requests.length = 0;
    expect((await adapter.venue.status(statusRequest(plan, quote), testCall())).venueStatus).toBe('wait');
    const [poll] = fake.server.requests;
    expect(`${poll?.method} ${poll?.path}`).toBe(`GET /api/v2/transactions/${String(plan.context.transactionId)}`);
    expect(poll?.headers.authorization).toBe(KEY);
  });

  it('reports a payout below the fixed amount as partial', async () => {
    const { quote, plan } = await quoteAndBuild();
    fake.setStatus(String(plan.context.transactionId), 'success', { amountTo: 20.5 });
    expect(await adapter.venue.status(statusRequest(plan, quote), testCall())).toMatchObject({ state: 'partial', receivedAmount: 20_500_000n });
  });

  it('treats an unknown transaction as pending, and refuses a bad shape or a missing id', async () => {
    const { quote, plan } = await quoteAndBuild();
    const stranger = { ...plan, context: { ...plan.context, transactionId: 'exffffffffffff' } };
    expect(await adapter.venue.status(statusRequest(stranger, quote), testCall())).toMatchObject({ state: 'pending', venueStatus: 'not_found' });
    const missing = { ...plan, context: { ...plan.context, transactionId: null } };
    expect((await rejection(adapter.venue.status(statusRequest(missing, quote), testCall()))).code).toBe('invalid_input');
    fake.server.setFault({ kind: 'status', status: 200, body: { id: 'x', status: 7 } });
    expect((await rejection(adapter.venue.status(statusRequest(plan, quote), testCall()))).code).toBe('venue_bad_response');
  });

  it('reads the stored context through ExolixContextSchema: a context it did not write is refused clearly', async () => {
    const { quote, plan } = await quoteAndBuild();
    for (const context of [{ ...plan.context, transactionId: 42 }, { ...plan.context, minAmountOut: '25.5' }]) {
      const refused = await rejection(adapter.venue.status(statusRequest({ ...plan, context }, quote), testCall()));
      expect(refused.code).toBe('invalid_input');
      expect(refused.message).toMatch(/stored Exolix context is not one this adapter wrote at \/(transactionId|minAmountOut)/);
    }
    expect(exolixVenue.contextSchema).toBe(ExolixContextSchema);
  });
});

describe('sandbox mode', () => {
  it('pays once the deposit address holds the amount, then reports success', async () => {
    const { settlement, balances, payments } = depositSettlement();
    const sandbox = await startExolixFake({ settlement, apiKey: KEY, now: () => NOW, chainIds: { BASE: 8453, ARBITRUM: 42161 } });
    try {
      const venue = createTestVenue(exolixVenue, sandbox.url, { now: () => NOW, credentials: { API_KEY: KEY } }).venue;
      const req = request();
      const quote = await venue.quote(req, testCall());
      const plan = (await venue.build({ request: req, quote }, testCall())) as DepositPlan;
      const key = `8453:${USDC_BASE.address}:${plan.deposit.address}`.toLowerCase();
      const poll = () => venue.status(statusRequest(plan, quote), testCall());
      expect((await poll()).venueStatus).toBe('wait');
      balances.set(key, 10_000_000n);
      expect((await poll()).venueStatus).toBe('confirmation');
      balances.set(key, 25_000_000n);
      const [first, second] = await Promise.all([poll(), poll()]);
      expect(first).toMatchObject({ state: 'completed', venueStatus: 'success', destinationTxHash: `0x${'cd'.repeat(32)}`, receivedAmount: OUT });
      expect(second?.state).toBe('completed');
      expect(payments).toEqual([{ chainId: 42161, token: USDC_ARB.address, recipient: RECIPIENT, amount: OUT }]);
    } finally {
      await sandbox.close();
    }
  });
});

describe('coverage snapshot', () => {
  it('pages /v2/currencies and narrows coverage to the table assets it lists; the table until then', async () => {
    const venue = adapter.venue;
    const snapshot = venue.snapshot;
    if (!snapshot) throw new Error('Exolix publishes its currencies: the adapter must have a snapshot');
    expect(snapshot.fetchedAt()).toBeNull();
    expect(venue.supports(request())).toEqual({ served: true });

    await snapshot.refresh(testCall());
    expect(snapshot.fetchedAt()).toBe(NOW);
    expect(venue.supports(request())).toEqual({ served: true });
    const pages = () => fake.server.requests.filter((r) => r.path === '/api/v2/currencies').map((r) => r.query.get('page'));
    expect(pages()).toEqual(['1']);

    // USDC listed without Base, and a coin outside the table: neither becomes quotable.
    fake.server.setFault({ kind: 'status', status: 200, body: { data: [{ code: 'USDC', networks: [{ network: 'ARBITRUM' }, { network: 'ETH' }] }, { code: 'PEPE', networks: [{ network: 'ETH' }] }], count: 2 } });
    await snapshot.refresh(testCall());
    expect(venue.supports(request())).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.coverage().tokenSymbols('ethereum', 'arbitrum')).toEqual(['USDC']);
    expect(venue.coverage().origins).not.toContain('base');

    // Full pages are read on until a short page or `count`, at most 30.
    fake.server.requests.length = 0;
    fake.server.setFault({ kind: 'status', status: 200, body: { data: Array.from({ length: 100 }, () => ({ code: 'USDC', networks: [{ network: 'BASE' }] })) } });
    await snapshot.refresh(testCall());
    expect(pages()).toHaveLength(30);

    // A failed or empty refresh keeps the last good list.
    fake.server.setFault({ kind: 'status', status: 200, body: { data: [], count: 0 } });
    await expect(snapshot.refresh(testCall())).rejects.toThrow(/listed none/);
    fake.server.setFault({ kind: 'status', status: 503, body: { message: 'maintenance' } });
    await expect(snapshot.refresh(testCall())).rejects.toThrow();
    // Still the 30-page list: Base USDC only.
    expect(venue.coverage().origins).toEqual(['base']);
    expect(venue.supports(request())).toMatchObject({ served: false, code: 'route_not_served' });
  });
});
