import { decodeFunctionData, erc20Abi, type Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveToken } from '../../domain/tokens.ts';
import { createTestVenue, depositSettlement, fixturesOf, knownToken, passes, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import { type DepositPlan, type VenueQuoteRequest, type VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { applyRate } from './applyRate.ts';
import { SIDESHIFT_ASSETS, assetByCoin, assetOf } from './sideShiftChains.ts';
import { startSideShiftFake, type SideShiftFake } from './sideShiftFake.ts';
import { SIDESHIFT_STATUS_TABLE, toVenueStatus } from './sideShiftMapping.ts';
import { SideShiftCoinsSchema, SideShiftErrorSchema, SideShiftFixedShiftSchema, SideShiftPairSchema, SideShiftQuoteSchema, SideShiftShiftSchema } from './sideShiftSchemas.ts';
import { sideShiftVenue } from './sideShiftVenue.ts';

const known = knownToken;
const USDC_BASE = known('base', 'USDC');
const USDC_ARB = known('arbitrum', 'USDC');
const USDC_SOL = known('solana', 'USDC');
const USDC_ETH = known('ethereum', 'USDC');
const USDC_OPT = known('optimism', 'USDC');
const USDC_LINEA = known('linea', 'USDC');
const ETH_BASE = known('base', null);
const SENDER = '0x2222222222222222222222222222222222222222';
const RECIPIENT = '0x3333333333333333333333333333333333333333';
const SOL_SENDER = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const USER_IP = '203.0.113.7';
const SECRET = 'sk_test_0123456789abcdef';
const AFFILIATE_ID = 'YQMi62XMb';
const NOW = Date.parse('2026-01-01T00:00:00.000Z');

const request = (overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest =>
  ({ fromChain: 'base', toChain: 'arbitrum', fromToken: USDC_BASE, toToken: USDC_ARB, amountIn: 25_000_000n, sender: SENDER, recipient: RECIPIENT, userIp: USER_IP, integratorFee: null, ...overrides }) as VenueQuoteRequest;

const fixture = fixturesOf(import.meta.url);
const check = passes;

const rejection = rejectionOf;

let fake: SideShiftFake;
let adapter: ReturnType<typeof createTestVenue>;

beforeAll(async () => {
  fake = await startSideShiftFake({ secret: SECRET, affiliateId: AFFILIATE_ID });
});
afterAll(() => fake.close());
beforeEach(() => {
  // A fresh adapter (and circuit breaker) per test: the fault tests would otherwise open it.
  adapter = createTestVenue(sideShiftVenue, fake.url, { now: () => NOW, credentials: { SECRET, AFFILIATE_ID } });
  fake.server.setFault(null);
  fake.setLimits(null);
  fake.setRate(null);
  fake.setRateUnavailable(false);
  fake.server.requests.length = 0;
});

const requests = () => fake.server.requests;
const last = () => requests().at(-1);

describe('fixtures', () => {
  it('pass the schemas', () => {
    expect(check(SideShiftPairSchema, fixture('pairResponse.json'))).toBe(true);
    expect(check(SideShiftQuoteSchema, fixture('quoteResponse.json'))).toBe(true);
    expect(check(SideShiftFixedShiftSchema, fixture('fixedShiftResponse.json'))).toBe(true);
    expect(check(SideShiftShiftSchema, fixture('statusSettled.json'))).toBe(true);
    expect(check(SideShiftErrorSchema, fixture('errorTooLow.json'))).toBe(true);
    expect(check(SideShiftErrorSchema, fixture('errorAccessDenied.json'))).toBe(true);
    expect(check(SideShiftCoinsSchema, fixture('coins.json'))).toBe(true);
  });

  it('name the coins and networks of the static table', () => {
    const body = fixture('quoteRequest.json') as Record<string, string>;
    expect(assetOf(USDC_SOL)).toMatchObject({ coin: body.depositCoin, network: body.depositNetwork });
    expect(assetOf(USDC_ETH)).toMatchObject({ coin: body.settleCoin, network: body.settleNetwork });
    for (const coin of fixture('coins.json') as { coin: string; tokenDetails?: Record<string, { contractAddress: string; decimals: number }> }[]) {
      for (const [network, details] of Object.entries(coin.tokenDetails ?? {})) {
        const entry = assetByCoin(coin.coin, network);
        if (entry) expect({ address: entry.address?.toLowerCase(), decimals: entry.decimals }).toEqual({ address: details.contractAddress.toLowerCase(), decimals: details.decimals });
      }
    }
    // SideShift's USDC on optimism is bridged USDC.e: the registry's native USDC must not map to it.
    expect(assetByCoin('USDC', 'optimism')).toBeUndefined();
    expect(assetOf(USDC_OPT)).toBeUndefined();
  });

  it('match what the fake serves on /v2/coins', async () => {
    const response = await fetch(`${fake.url}/v2/coins`);
    const coins = (await response.json()) as { coin: string; networks: string[] }[];
    expect(check(SideShiftCoinsSchema, coins)).toBe(true);
    for (const a of SIDESHIFT_ASSETS) expect(coins.find((c) => c.coin === a.coin)?.networks).toContain(a.network);
  });
});

describe('applyRate', () => {
  // Plain conversions are src/domain/amounts.ts's (tested there); the rate product is SideShift's own.
  it('multiplies by the decimal rate exactly and rounds down', () => {
    expect(applyRate(25_000_000n, 6, '0.98448', 6)).toBe(24_612_000n);
    expect(applyRate(123_456_789_012_345_678n, 18, '2999.123456789', 6)).toBe(370_262_151n);
    expect(applyRate(1_000_000n, 6, '0.000033283333333', 8)).toBe(3_328n);
    expect(applyRate(1n, 6, 'x', 6)).toBeNull();
  });
});

describe('coverage', () => {
  it('serves table tokens between two served chains', () => {
    const { venue } = adapter;
    expect(venue.supports(request())).toEqual({ served: true });
    expect(venue.supports({ ...request(), toChain: 'base', toToken: ETH_BASE })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports({ ...request(), toChain: 'linea', toToken: USDC_LINEA })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports({ ...request(), toChain: 'optimism', toToken: USDC_OPT })).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.coverage().origins).toEqual(expect.arrayContaining(['ethereum', 'base', 'arbitrum', 'solana', 'bitcoin', 'tron']));
    expect(venue.coverage().tokenSymbols('base', 'arbitrum')).toEqual(['ETH', 'USDC', 'WETH']);
    expect(venue.coverage().tokenSymbols('base', 'linea')).toEqual([]);
  });

  it('agrees with the token registry on every table asset', () => {
    for (const entry of SIDESHIFT_ASSETS) {
      const registered = resolveToken(entry.chain, entry.address);
      expect(registered, `${entry.coin}-${entry.network}`).toBeDefined();
      expect({ symbol: registered?.symbol.toUpperCase(), decimals: registered?.decimals }).toEqual({ symbol: entry.coin.toUpperCase(), decimals: entry.decimals });
    }
  });
});

describe('quote', () => {
  it('reads the /v2/pair rate with the credentials and the user IP, and converts exactly', async () => {
    const quote = await adapter.venue.quote(request(), testCall());
    const sent = last();
    expect(requests()).toHaveLength(1);
    expect(sent?.method).toBe('GET');
    expect(sent?.path).toBe('/v2/pair/usdc-base/usdc-arbitrum');
    expect(Object.fromEntries(sent?.query ?? [])).toMatchObject({ amount: '25', affiliateId: AFFILIATE_ID, commissionRate: '0' });
    expect(sent?.headers['x-user-ip']).toBe(USER_IP);
    expect(sent?.headers['x-sideshift-secret']).toBe(SECRET);
    // 25 USDC less the fake's 0.25 USD network fee: rate 0.99; the minimum keeps a 1 % margin.
    expect(quote).toMatchObject({ amountIn: 25_000_000n, amountOut: 24_750_000n, minAmountOut: 24_502_500n, estimatedSeconds: null, expiresAt: null });
    expect(quote.context).toEqual({
      depositCoin: 'USDC',
      depositNetwork: 'base',
      settleCoin: 'USDC',
      settleNetwork: 'arbitrum',
      commissionRate: '0',
      integratorFeeNote: null,
      rate: '0.99',
      indicativeAmountOut: '24750000',
      minAmountOut: '24502500',
    });
  });

  it('converts 18-decimal input and a long rate without floating point, rounding down', async () => {
    fake.setRate('2999.123456789');
    const quote = await adapter.venue.quote(request({ fromToken: ETH_BASE, amountIn: 123_456_789_012_345_678n }), testCall());
    expect(last()?.path).toBe('/v2/pair/eth-base/usdc-arbitrum');
    expect(last()?.query.get('amount')).toBe('0.123456789012345678');
    expect(quote.amountOut).toBe(370_262_151n);
  });

  it('asks SideShift for the integrator fee as commissionRate', async () => {
    const quote = await adapter.venue.quote(request({ integratorFee: { bps: 15, recipient: RECIPIENT } }), testCall());
    expect(last()?.query.get('commissionRate')).toBe('0.0015');
    expect(quote.amountOut).toBe(24_712_500n);
    expect(quote.context.commissionRate).toBe('0.0015');
    expect(quote.context.integratorFeeNote).toMatch(/affiliate account/);
  });

  it('sends each concurrent quote with its own user IP', async () => {
    const ips = ['203.0.113.1', '203.0.113.2', '2001:db8::3'];
    await Promise.all(ips.map((userIp, i) => adapter.venue.quote(request({ userIp, amountIn: BigInt(25 + i) * 1_000_000n }), testCall())));
    const byAmount = Object.fromEntries(requests().map((r) => [r.query.get('amount'), r.headers['x-user-ip']]));
    expect(byAmount).toEqual({ '25': ips[0], '26': ips[1], '27': ips[2] });
  });

  it('refuses without the user IP before calling', async () => {
    const error = await rejection(adapter.venue.quote(request({ userIp: null }), testCall()));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/IP/);
    expect(requests()).toHaveLength(0);
  });

  it('translates an amount below the pair minimum to below_min, rounding the minimum up', async () => {
    fake.setLimits({ min: '30.0000005' });
    const error = await rejection(adapter.venue.quote(request(), testCall()));
    expect(error.code).toBe('below_min');
    expect(error.details).toEqual({ minAmountAtomic: '30000001', amountOutAtomic: '24750000' });
    expect(error.message).toBe('SideShift needs at least 30.000001 USDC for this pair; 25 USDC is below its minimum');
  });

  it('translates an amount above the pair maximum to above_max', async () => {
    fake.setLimits({ max: '20' });
    const error = await rejection(adapter.venue.quote(request(), testCall()));
    expect(error.code).toBe('above_max');
    expect(error.details).toEqual({ maxAmountAtomic: '20000000', amountOutAtomic: '24750000' });
  });

  it.each([
    [400, { error: { message: 'Invalid coin' } }, 'token_not_supported'],
    [500, { error: { message: 'Invalid network' } }, 'token_not_supported'],
    [400, { error: { code: 'METHOD_NOT_FOUND', message: 'Method usdc-base/usdc-arbitrum not found' } }, 'token_not_supported'],
    [400, { error: { message: 'Pair not supported' } }, 'route_not_served'],
    [500, { error: { code: 'RATE_UNAVAILABLE', message: 'Rate unavailable' } }, 'no_liquidity'],
    [400, { error: { message: 'Deposit method usdc-base is disabled' } }, 'no_liquidity'],
    [400, { error: { message: 'Pair is temporarily unavailable' } }, 'no_liquidity'],
    [400, { error: { code: 'BAD_USER_INPUT', message: 'Invalid receiving address' } }, 'invalid_input'],
    [403, fixture('errorAccessDenied.json'), 'invalid_input'],
    [401, { error: { message: 'Invalid x-sideshift-secret' } }, 'venue_error'],
    [429, { error: { message: 'Too many requests' } }, 'venue_rate_limited'],
  ])('translates HTTP %i %j to %s', async (status, body, code) => {
    fake.server.setFault({ kind: 'status', status, body });
    expect((await rejection(adapter.venue.quote(request(), testCall()))).code).toBe(code);
  });

  it('translates the real no-rate and geo-block answers of the fake', async () => {
    fake.setRateUnavailable(true);
    expect((await rejection(adapter.venue.quote(request(), testCall()))).code).toBe('no_liquidity');
    fake.setRateUnavailable(false);
    fake.blockIp('198.51.100.9');
    const blocked = await rejection(adapter.venue.quote(request({ userIp: '198.51.100.9' }), testCall()));
    expect(blocked.code).toBe('invalid_input');
    expect(blocked.message).toMatch(/jurisdiction/);
    const malformedIp = await rejection(adapter.venue.quote(request({ userIp: 'localhost' }), testCall()));
    expect(malformedIp).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/x-user-ip/) });
  });

  it('reports a rejected secret clearly and leaves other 5xx as the venue fault', async () => {
    const wrong = createTestVenue(sideShiftVenue, fake.url, { now: () => NOW, credentials: { SECRET: 'other', AFFILIATE_ID } });
    const error = await rejection(wrong.venue.quote(request(), testCall()));
    expect(error.code).toBe('venue_error');
    expect(error.message).toMatch(/account secret/);
    fake.server.setFault({ kind: 'status', status: 500, body: { error: { message: 'boom' } } });
    const fault = await adapter.venue.quote(request(), testCall()).catch((e: unknown) => e);
    expect(fault).toBeInstanceOf(VenueHttpError);
  });

  it('refuses a wrong-shaped answer, or one about another pair, as venue_bad_response', async () => {
    fake.server.setFault({ kind: 'status', status: 200, body: { rate: 0.99, min: '3', max: '100' } });
    const shape = await rejection(adapter.venue.quote(request(), testCall()));
    expect(shape.code).toBe('venue_bad_response');
    fake.server.setFault({ kind: 'status', status: 200, body: fixture('pairResponse.json') });
    const other = await rejection(adapter.venue.quote(request(), testCall()));
    expect(other).toMatchObject({ code: 'venue_bad_response', details: { path: '/depositCoin' } });
  });
});

async function build(overrides: Partial<VenueQuoteRequest> = {}): Promise<DepositPlan> {
  const req = request(overrides);
  const quote = await adapter.venue.quote(req, testCall());
  const plan = await adapter.venue.build({ request: req, quote }, testCall());
  expect(plan.shape).toBe('deposit');
  return plan as DepositPlan;
}

describe('build', () => {
  it('locks a fixed quote, creates the fixed shift and returns an ERC-20 transfer to its deposit address', async () => {
    const plan = await build();
    const [quoteCall, shiftCall] = requests().slice(-2);
    expect(quoteCall?.path).toBe('/v2/quotes');
    expect(quoteCall?.body).toEqual({ depositCoin: 'USDC', depositNetwork: 'base', settleCoin: 'USDC', settleNetwork: 'arbitrum', depositAmount: '25', affiliateId: AFFILIATE_ID, commissionRate: '0' });
    expect(shiftCall?.path).toBe('/v2/shifts/fixed');
    const shiftId = String(plan.context.shiftId);
    const created = fake.shift(shiftId);
    expect(shiftCall?.body).toEqual({ quoteId: created?.quoteId, affiliateId: AFFILIATE_ID, settleAddress: RECIPIENT, refundAddress: SENDER });
    for (const call of [quoteCall, shiftCall]) expect({ ip: call?.headers['x-user-ip'], secret: call?.headers['x-sideshift-secret'] }).toEqual({ ip: USER_IP, secret: SECRET });

    const address = plan.deposit.address;
    expect(address).toBe(created?.depositAddress);
    expect(plan.deposit).toEqual({ chain: 'base', address, token: USDC_BASE.address, amount: 25_000_000n, memo: null, deadlineMs: Date.parse(String(created?.expiresAt)) });
    expect(plan.amountOut).toBe(24_750_000n);
    expect(plan.minAmountOut).toBe(24_750_000n);
    expect(plan.fundingStep).toMatchObject({ vm: 'evm', step: 'main', chainId: 8453, to: USDC_BASE.address, value: 0n });
    const call = decodeFunctionData({ abi: erc20Abi, data: plan.fundingStep?.data as Hex });
    expect(call.functionName).toBe('transfer');
    expect(call.args).toEqual([address, 25_000_000n]);
    expect(JSON.stringify(plan.context)).not.toContain(SECRET);
    expect(plan.context).toMatchObject({ shiftId, quoteId: created?.quoteId, depositAddress: address, depositMemo: null, depositAmount: '25', settleAmount: '24.75', minAmountOut: '24750000', userIp: USER_IP, commissionRate: '0', averageShiftSeconds: '42.5' });
  });

  it('sends native ETH straight to the deposit address', async () => {
    const plan = await build({ fromToken: ETH_BASE, amountIn: 10n ** 16n });
    expect(plan.deposit.token).toBeNull();
    expect(plan.fundingStep).toEqual({ vm: 'evm', step: 'main', chainId: 8453, to: plan.deposit.address, data: '0x', value: 10n ** 16n });
  });

  it('returns no EVM step for a Solana origin and refunds to the Solana sender', async () => {
    const plan = await build({ fromChain: 'solana', fromToken: USDC_SOL, sender: SOL_SENDER });
    expect(plan.fundingStep).toBeNull();
    expect(plan.deposit).toMatchObject({ chain: 'solana', token: USDC_SOL.address, amount: 25_000_000n });
    expect((last()?.body as Record<string, unknown>).refundAddress).toBe(SOL_SENDER);
  });

  it('keeps the commission priced at quote time', async () => {
    const req = request({ integratorFee: { bps: 15, recipient: RECIPIENT } });
    const quote = await adapter.venue.quote(req, testCall());
    const plan = (await adapter.venue.build({ request: { ...req, integratorFee: null }, quote }, testCall())) as DepositPlan;
    expect((requests().at(-2)?.body as Record<string, unknown>).commissionRate).toBe('0.0015');
    expect(plan.amountOut).toBe(24_712_500n);
  });

  it.each([
    [{ min: '30' }, 'below_min', { minAmountAtomic: '30000000', amountOutAtomic: '24750000' }],
    [{ max: '20' }, 'above_max', { maxAmountAtomic: '20000000', amountOutAtomic: '24750000' }],
  ])('translates the fixed quote refusal for limits %j to %s with the /pair limits', async (limits, code, details) => {
    const req = request();
    const quote = await adapter.venue.quote(req, testCall());
    fake.setLimits(limits);
    requests().length = 0;
    const error = await rejection(adapter.venue.build({ request: req, quote }, testCall()));
    expect(error).toMatchObject({ code, details });
    expect(requests().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v2/quotes', 'GET /v2/pair/usdc-base/usdc-arbitrum']);
  });

  it('refuses without the user IP or the affiliate id, before calling', async () => {
    const quote = await adapter.venue.quote(request(), testCall());
    requests().length = 0;
    expect((await rejection(adapter.venue.build({ request: request({ userIp: null }), quote }, testCall()))).code).toBe('invalid_input');
    const anonymous = createTestVenue(sideShiftVenue, fake.url, { now: () => NOW, credentials: { SECRET } });
    expect((await rejection(anonymous.venue.build({ request: request(), quote }, testCall()))).code).toBe('venue_disabled');
    expect(requests()).toHaveLength(0);
  });

  it('refuses a fixed quote for another pair as venue_bad_response', async () => {
    const req = request();
    const quote = await adapter.venue.quote(req, testCall());
    fake.server.setFault({ kind: 'status', status: 201, body: fixture('quoteResponse.json') });
    const error = await rejection(adapter.venue.build({ request: req, quote }, testCall()));
    expect(error).toMatchObject({ code: 'venue_bad_response', details: { path: '/depositCoin' } });
  });
});

const statusRequest = (plan: DepositPlan): VenueStatusRequest =>
  ({ fromChain: 'base', toChain: 'arbitrum', toToken: USDC_ARB, sourceTxHash: `0x${'ab'.repeat(32)}`, recipient: RECIPIENT, amountIn: 25_000_000n, expectedOut: plan.amountOut, context: plan.context }) as VenueStatusRequest;

describe('status', () => {
  const expected: Record<string, string> = {
    waiting: 'pending',
    pending: 'pending',
    processing: 'pending',
    review: 'pending',
    settling: 'pending',
    settled: 'completed',
    refund: 'pending',
    refunding: 'pending',
    refunded: 'refunded',
    expired: 'failed',
    multiple: 'pending',
  };

  it('tables every SideShift status', () => {
    expect(Object.keys(SIDESHIFT_STATUS_TABLE).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))('maps %s to %s', async (status, state) => {
    const plan = await build();
    fake.setStatus(String(plan.context.shiftId), status);
    const answer = await adapter.venue.status(statusRequest(plan), testCall());
    expect(answer).toMatchObject({ state, venueStatus: status });
    expect(last()?.path).toBe(`/v2/shifts/${String(plan.context.shiftId)}`);
    expect(last()?.headers['x-user-ip']).toBe(USER_IP);
    if (state === 'completed') expect(answer).toMatchObject({ receivedAmount: 24_750_000n, receivedAsset: USDC_ARB.address, destinationTxHash: expect.stringMatching(/^0x/), detail: null });
    else expect(answer).toMatchObject({ receivedAmount: null, detail: expect.any(String) });
  });

  it('keeps an unknown status pending', async () => {
    const plan = await build();
    fake.setStatus(String(plan.context.shiftId), 'quarantined');
    expect(await adapter.venue.status(statusRequest(plan), testCall())).toMatchObject({ state: 'pending', venueStatus: 'quarantined', detail: expect.stringMatching(/unknown/) });
  });

  it.each([
    [['settled', 'refunded'], 'partial', 24_750_000n],
    [['settled', 'settled'], 'completed', 49_500_000n],
    [['refunded', 'refunded'], 'refunded', null],
    [['settled', 'processing'], 'pending', 24_750_000n],
    [['settled', 'wobbling'], 'pending', 24_750_000n],
  ])('maps multiple deposits %j to %s', async (statuses, state, received) => {
    const plan = await build();
    const deposits = statuses.map((status, i) => ({ status, depositHash: `0x${String(i).repeat(64)}`, depositAmount: '25', ...(status === 'settled' ? { settleAmount: '24.75', settleHash: `0x${'c'.repeat(63)}${i}` } : {}) }));
    fake.setStatus(String(plan.context.shiftId), 'multiple', { deposits });
    const answer = await adapter.venue.status(statusRequest(plan), testCall());
    expect(answer).toMatchObject({ state, venueStatus: 'multiple', receivedAmount: received });
    if (received !== null) expect(answer.destinationTxHash).toBe(`0x${'c'.repeat(63)}0`);
  });

  it('reports a settlement below the guaranteed amount as partial, and explains refunds', async () => {
    const plan = await build();
    const shiftId = String(plan.context.shiftId);
    fake.setStatus(shiftId, 'settled', { settleAmount: '24.5' });
    expect(await adapter.venue.status(statusRequest(plan), testCall())).toMatchObject({ state: 'partial', receivedAmount: 24_500_000n });
    fake.setStatus(shiftId, 'refunded', { issue: 'incorrect amount', refundHash: '0xfeed' });
    expect((await adapter.venue.status(statusRequest(plan), testCall())).detail).toBe('refunded to the sender; refund tx 0xfeed (incorrect amount)');
  });

  it('treats an unknown shift as pending, a missing shiftId as invalid_input and a bad shape as venue_bad_response', async () => {
    const plan = await build();
    const stranger = { ...plan, context: { ...plan.context, shiftId: 'ffffffffffffffffffff', userIp: null } };
    expect(await adapter.venue.status(statusRequest(stranger), testCall())).toMatchObject({ state: 'pending', venueStatus: 'NOT_FOUND' });
    // No IP in the context: no x-user-ip header at all, never another user's.
    expect(last()?.headers['x-user-ip']).toBeUndefined();
    expect((await rejection(adapter.venue.status(statusRequest({ ...plan, context: {} }), testCall()))).code).toBe('invalid_input');
    fake.server.setFault({ kind: 'status', status: 200, body: { id: 'x', status: 7 } });
    expect((await rejection(adapter.venue.status(statusRequest(plan), testCall()))).code).toBe('venue_bad_response');
  });

  it('maps the recorded settled answer', () => {
    const shift = fixture('statusSettled.json') as Parameters<typeof toVenueStatus>[0];
    expect(toVenueStatus(shift, { toToken: USDC_ETH, minAmountOut: 246_120_000n })).toEqual({
      state: 'completed',
      venueStatus: 'settled',
      destinationTxHash: '0x7c2d…',
      receivedAmount: 246_120_000n,
      receivedAsset: USDC_ETH.address,
      detail: null,
    });
  });
});

describe('sandbox mode', () => {
  it('pays once the deposit address holds depositAmount, then reports settled', async () => {
    const { settlement, balances, payments } = depositSettlement();
    const sandbox = await startSideShiftFake({ secret: SECRET, affiliateId: AFFILIATE_ID, settlement, chainIds: { base: 8453, arbitrum: 42161 } });
    try {
      const venue = createTestVenue(sideShiftVenue, sandbox.url, { now: () => NOW, credentials: { SECRET, AFFILIATE_ID } }).venue;
      const req = request();
      const plan = (await venue.build({ request: req, quote: await venue.quote(req, testCall()) }, testCall())) as DepositPlan;
      const key = `8453:${USDC_BASE.address}:${plan.deposit.address}`.toLowerCase();
      const poll = () => venue.status(statusRequest(plan), testCall());
      expect((await poll()).venueStatus).toBe('waiting');
      balances.set(key, 25_000_000n);
      const [first, second] = await Promise.all([poll(), poll()]);
      expect(first).toMatchObject({ state: 'completed', venueStatus: 'settled', destinationTxHash: `0x${'cd'.repeat(32)}`, receivedAmount: 24_750_000n });
      expect(second?.state).toBe('completed');
      expect((await poll()).state).toBe('completed');
      expect(payments).toEqual([{ chainId: 42161, token: USDC_ARB.address, recipient: RECIPIENT, amount: 24_750_000n }]);
    } finally {
      await sandbox.close();
    }
  });
});
