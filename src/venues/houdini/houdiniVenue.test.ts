import { decodeFunctionData, erc20Abi, type Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import { createTestVenue, depositSettlement, fixturesOf, knownToken, passes, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import { type DepositPlan, type Venue, type VenueQuote, type VenueQuoteRequest, type VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { atomicToDecimal, decimalToAtomic } from '../../domain/amounts.ts';
import { HOUDINI_ASSETS, assetOf } from './houdiniChains.ts';
import { HOUDINI_FAKE_CREDENTIALS, fakeTokenId, startHoudiniFake, type HoudiniFake } from './houdiniFake.ts';
import { HOUDINI_DISPLAY_STATUSES, HOUDINI_STATUS_CODES, UNKNOWN_TIMEZONE, UNKNOWN_USER_AGENT } from './houdiniMapping.ts';
import { HoudiniErrorSchema, HoudiniExchangeSchema, HoudiniOrderSchema, HoudiniQuotesResponseSchema, HoudiniRateLimitSchema, HoudiniTokensResponseSchema } from './houdiniSchemas.ts';
import { houdiniVenue } from './houdiniVenue.ts';

const known = knownToken;
const USDC_BASE = known('base', 'USDC');
const USDC_ARB = known('arbitrum', 'USDC');
const USDC_ETH = known('ethereum', 'USDC');
const USDC_SOL = known('solana', 'USDC');
const ETH = known('ethereum', null);
const ETH_BASE = known('base', null);
const BTC = known('bitcoin', null);
const USDC_LINEA = known('linea', 'USDC');
const SENDER = '0x2222222222222222222222222222222222222222';
const RECIPIENT = '0x3333333333333333333333333333333333333333';
const SOL_SENDER = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const USER_IP = '203.0.113.7';
const NOW = Date.parse('2026-01-01T00:00:00.000Z');
const CREDENTIALS = HOUDINI_FAKE_CREDENTIALS;

const request = (overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest =>
  ({ fromChain: 'base', toChain: 'arbitrum', fromToken: USDC_BASE, toToken: USDC_ARB, amountIn: 100_000_000n, sender: SENDER, recipient: RECIPIENT, userIp: USER_IP, integratorFee: null, ...overrides }) as VenueQuoteRequest;

const fixture = fixturesOf(import.meta.url);
const check = passes;

function createHoudiniTestVenue(baseUrl: string): Venue {
  return createTestVenue(houdiniVenue, baseUrl, { credentials: CREDENTIALS, now: () => NOW }).venue;
}

const rejection = rejectionOf;

let fake: HoudiniFake;
let venue: Venue;

beforeAll(async () => {
  fake = await startHoudiniFake();
  venue = createHoudiniTestVenue(fake.url);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.server.setFault(null);
  fake.setFloorUsd(25);
  fake.setRouteLimits(null);
  fake.setPrivateRoutesOff(false);
  fake.setStaticDepositBusy(0);
  fake.setCredentials('fake-key', 'fake-secret');
  fake.server.requests.length = 0;
});

const requests = () => fake.server.requests.map((r) => `${r.method} ${r.path}`);
const lastTo = (path: string) => fake.server.requests.filter((r) => r.path === path).at(-1);

describe('fixtures', () => {
  it('pass the schemas', () => {
    expect(check(HoudiniQuotesResponseSchema, fixture('quotesResponse.json'))).toBe(true);
    expect(check(HoudiniExchangeSchema, fixture('exchangeResponse.json'))).toBe(true);
    expect(check(HoudiniOrderSchema, fixture('orderFinished.json'))).toBe(true);
    expect(check(HoudiniTokensResponseSchema, fixture('tokens.json'))).toBe(true);
    for (const name of ['errorQuoteExpired.json', 'errorStaticDepositInUse.json', 'errorAddressInDepositLog.json']) expect(check(HoudiniErrorSchema, fixture(name))).toBe(true);
    expect(check(HoudiniRateLimitSchema, fixture('errorRateLimit.json'))).toBe(true);
  });

  it('name the token ids the asset table records', () => {
    const query = (fixture('quotesRequest.json') as { query: Record<string, string> }).query;
    expect(assetOf(BTC)?.knownId).toBe(query.from);
    expect(assetOf(ETH)?.knownId).toBe(query.to);
    for (const entry of (fixture('tokens.json') as { tokens: { id: string; chain: string; address: string | null }[] }).tokens) {
      const asset = HOUDINI_ASSETS.find((a) => a.knownId === entry.id);
      expect(asset?.address?.toLowerCase() ?? null).toBe(entry.address);
    }
  });

  it('match what the fake serves', async () => {
    const answer = await fetch(`${fake.url}/v2/tokens?chain=ethereum&pageSize=100`, { headers: { authorization: 'fake-key:fake-secret' } });
    expect(check(HoudiniTokensResponseSchema, await answer.json())).toBe(true);
  });
});

describe('amounts', () => {
  // Houdini's JSON-number amounts through the one converter (src/domain/amounts.ts).
  it('convert display units exactly, without floats', () => {
    expect(atomicToDecimal(100_000_000n, 6)).toBe('100');
    expect(atomicToDecimal(50_000_000_000_000_000n, 18)).toBe('0.05');
    expect(decimalToAtomic(1.8711460317750002, 18, 'down')).toBe(1_871_146_031_775_000_200n);
    expect(decimalToAtomic(1.8711460317750002, 8, 'down')).toBe(187_114_603n);
    expect(decimalToAtomic(1.8711460317750002, 8, 'up')).toBe(187_114_604n);
    expect(decimalToAtomic(2.53e-5, 8, 'down')).toBe(2_530n);
    expect(decimalToAtomic(1e21, 6, 'down')).toBe(10n ** 27n);
    expect(decimalToAtomic('98.5', 6, 'down')).toBe(98_500_000n);
    expect(decimalToAtomic(Number.NaN, 6, 'down')).toBeNull();
    expect(decimalToAtomic(-1, 6, 'down')).toBeNull();
  });
});

describe('coverage', () => {
  it('serves table tokens on served chains only', () => {
    expect(venue.supports(request())).toEqual({ served: true });
    expect(venue.supports({ ...request(), toChain: 'linea', toToken: USDC_LINEA })).toMatchObject({ served: false, code: 'route_not_served' });
    const odd: TokenInfo = { chain: 'base', symbol: 'XYZ', address: '0x1111111111111111111111111111111111111111', decimals: 18 };
    expect(venue.supports({ ...request(), fromToken: odd })).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.coverage().origins).toEqual(expect.arrayContaining(['ethereum', 'base', 'arbitrum', 'solana', 'bitcoin', 'tron', 'xrpl']));
    expect(venue.coverage().tokenSymbols('base', 'arbitrum')).toEqual(['ETH', 'USDC']);
    expect(venue.coverage().tokenSymbols('base', 'linea')).toEqual([]);
  });

  it('agrees with the token registry on every asset', () => {
    for (const asset of HOUDINI_ASSETS) {
      const registered = resolveToken(asset.chain, asset.address);
      expect(registered, `${asset.chain}:${asset.symbol}`).toBeDefined();
      expect({ symbol: registered?.symbol, decimals: registered?.decimals }).toEqual({ symbol: asset.symbol, decimals: asset.decimals });
      expect(registered ? assetOf(registered) : undefined).toBe(asset);
    }
  });
});

describe('quote', () => {
  it('refuses without the end user IP before calling Houdini', async () => {
    const error = await rejection(venue.quote(request({ userIp: null }), testCall()));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/userIp/);
    expect(fake.server.requests).toHaveLength(0);
  });

  it('asks for private routes with credentials and compliance headers, and maps the best route exactly', async () => {
    const quote = await venue.quote(request(), testCall());
    const sent = lastTo('/v2/quotes');
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({ amount: '100', from: fakeTokenId(assetOf(USDC_BASE)!), to: fakeTokenId(assetOf(USDC_ARB)!), types: 'private' });
    expect(sent?.headers.authorization).toBe('fake-key:fake-secret');
    expect({ ip: sent?.headers['x-user-ip'], agent: sent?.headers['x-user-agent'], zone: sent?.headers['x-user-timezone'] }).toEqual({ ip: USER_IP, agent: UNKNOWN_USER_AGENT, zone: UNKNOWN_TIMEZONE });
    // Route one: 1.5 % → 98.5 USDC; the minimum keeps a 3 % floating-rate margin.
    expect(quote).toMatchObject({ amountIn: 100_000_000n, amountOut: 98_500_000n, minAmountOut: 95_545_000n, estimatedSeconds: 29 * 60, expiresAt: NOW + 60_000 });
    expect(quote.context).toMatchObject({ quoteId: expect.stringMatching(/^[0-9a-f]{24}$/), amount: '100', amountOut: '98500000', minAmountOut: '95545000' });
    expect(requests().filter((r) => r === 'GET /v2/tokens').length).toBeGreaterThan(0);
    fake.server.requests.length = 0;
    await venue.quote(request(), testCall());
    expect(requests()).toEqual(['GET /v2/quotes']);
  });

  it('resolves token ids through /v2/tokens, past mainnet=true for an L2 coin, once', async () => {
    const fresh = createHoudiniTestVenue(fake.url);
    const req = request({ fromChain: 'arbitrum', fromToken: known('arbitrum', null), toChain: 'base', toToken: USDC_BASE, amountIn: 10n ** 17n });
    await fresh.quote(req, testCall());
    const lookups = fake.server.requests.filter((r) => r.path === '/v2/tokens').map((r) => Object.fromEntries(r.query));
    expect(lookups).toEqual(
      expect.arrayContaining([
        { chain: 'arbitrum', pageSize: '100', mainnet: 'true' },
        { chain: 'arbitrum', pageSize: '100' },
        { chain: 'base', pageSize: '100', address: USDC_BASE.address },
      ]),
    );
    expect(lastTo('/v2/quotes')?.query.get('from')).toBe(fakeTokenId(assetOf(req.fromToken)!));
    fake.server.requests.length = 0;
    await fresh.quote(req, testCall());
    expect(requests()).toEqual(['GET /v2/quotes']);
  });

  it('faces a fake that refuses calls without credentials or compliance headers, as Houdini does', async () => {
    const url = `${fake.url}/v2/quotes?amount=1&from=${assetOf(ETH)?.knownId}&to=${assetOf(USDC_ETH)?.knownId}&types=private`;
    expect((await fetch(url)).status).toBe(402);
    const answer = await fetch(url, { headers: { authorization: 'fake-key:fake-secret' } });
    expect(answer.status).toBe(400);
    expect(Object.keys(((await answer.json()) as { fields: object }).fields)).toEqual(['x-user-ip', 'x-user-agent', 'x-user-timezone']);
  });

  it('converts 18-decimal amounts exactly and skips the lookup for recorded token ids', async () => {
    const quote = await venue.quote(request({ fromChain: 'ethereum', toChain: 'ethereum', fromToken: ETH, toToken: USDC_ETH, amountIn: 5n * 10n ** 16n }), testCall());
    expect(requests()).toEqual(['GET /v2/quotes']);
    expect(lastTo('/v2/quotes')?.query.get('amount')).toBe('0.05');
    expect(quote.amountOut).toBe(147_750_000n);
  });

  it('takes only private routes from a recorded answer, best output first, rounded down', async () => {
    fake.server.setFault({ kind: 'status', status: 200, body: fixture('quotesResponse.json') });
    const quote = await venue.quote(request({ fromChain: 'bitcoin', toChain: 'ethereum', fromToken: BTC, toToken: ETH, amountIn: 5_000_000n, sender: 'bc1qa0cw8r89n974366y7cakn7pj2p66u05shvvshm' }), testCall());
    expect(quote.amountOut).toBe(1_872_373_684_800_000_000n);
    expect(quote.estimatedSeconds).toBe(29 * 60);
    expect(quote.context.quoteId).toBe('6a2b55e3a5f07ecb32c9977a');
  });

  it('translates the 25 USD private floor to below_min with the atomic minimum from /minMax', async () => {
    const error = await rejection(venue.quote(request({ amountIn: 10_000_000n }), testCall()));
    expect(error.code).toBe('below_min');
    expect(error.message).toMatch(/minimum is 25 USD/);
    expect(error.details).toEqual({ minAmountAtomic: '25000000' });
    expect(lastTo('/v2/minMax')?.query.get('tokenIdFrom')).toBe(fakeTokenId(assetOf(USDC_BASE)!));
    const eth = await rejection(venue.quote(request({ fromChain: 'ethereum', toChain: 'ethereum', fromToken: ETH, toToken: USDC_ETH, amountIn: 5n * 10n ** 15n }), testCall()));
    expect(eth.details).toEqual({ minAmountAtomic: '8333333333333333' });
  });

  it('reads below_min and above_max from the routes limits, with what they would deliver', async () => {
    fake.setRouteLimits({ min: 200 });
    const low = await rejection(venue.quote(request(), testCall()));
    expect(low.code).toBe('below_min');
    expect(low.details).toEqual({ minAmountAtomic: '200000000', amountOutAtomic: '98500000' });
    expect(requests()).not.toContain('GET /v2/minMax');
    fake.setRouteLimits({ min: 1, max: 50.5 });
    const high = await rejection(venue.quote(request(), testCall()));
    expect(high.code).toBe('above_max');
    expect(high.details).toEqual({ maxAmountAtomic: '50500000', amountOutAtomic: '98500000' });
  });

  it('reports a pair without private routes as route_not_served', async () => {
    fake.setPrivateRoutesOff(true);
    expect((await rejection(venue.quote(request(), testCall()))).code).toBe('route_not_served');
  });

  it.each([
    [422, { code: 'VALIDATION_ERROR', message: 'Validation Failed', fields: { from: { value: 'x', message: 'Token not found' } } }, 'token_not_supported'],
    [422, { code: 'VALIDATION_ERROR', message: 'Validation Failed', fields: { amount: { value: 9e9, message: 'Amount is too high, maximum is 1000000 USD' } } }, 'above_max'],
    [400, { code: 'VALIDATION_ERROR', message: 'Validation Failed', fields: { 'x-user-ip': { message: 'x-user-ip header is required' } } }, 'invalid_input'],
    [422, { code: 'ROUTE_ERROR', requestId: 'r', message: 'No routes available for this amount' }, 'no_liquidity'],
    [402, undefined, 'venue_error'],
  ])('translates HTTP %i %j to %s', async (status, body, code) => {
    fake.server.setFault({ kind: 'status', status, body });
    expect((await rejection(venue.quote(request(), testCall()))).code).toBe(code);
  });

  it('maps 429 to venue_rate_limited with the retry window and leaves 5xx as the venue fault', async () => {
    fake.server.setFault({ kind: 'status', status: 429, body: fixture('errorRateLimit.json') });
    const limited = await rejection(venue.quote(request(), testCall()));
    expect(limited.code).toBe('venue_rate_limited');
    expect(limited.details).toEqual({ retryAfterMs: 42_000 });
    fake.server.setFault({ kind: 'status', status: 500, body: { message: 'boom' } });
    const error = await venue.quote(request(), testCall()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VenueHttpError);
  });

  it('sends key:secret and reports refused credentials without echoing the secret', async () => {
    expect(houdiniVenue.headers?.({ API_KEY: 'k', API_SECRET: 's' })).toEqual({ authorization: 'k:s' });
    expect(houdiniVenue.headers?.({ API_KEY: 'k' })).toEqual({});
    fake.setCredentials('fake-key', 'other-secret');
    const error = await rejection(venue.quote(request(), testCall()));
    expect(error.code).toBe('venue_error');
    expect(error.message).toMatch(/credentials/);
    expect(`${error.message} ${JSON.stringify(error.details)}`).not.toMatch(/fake-secret/);
  });

  it('refuses a wrong-shaped answer as venue_bad_response', async () => {
    fake.server.setFault({ kind: 'status', status: 200, body: { total: 1, quotes: [{ quoteId: 'q', type: 'private', amountOut: '98.5' }] } });
    const error = await rejection(venue.quote(request(), testCall()));
    expect(error.code).toBe('venue_bad_response');
    expect(error.details?.path).toBe('/quotes/0/amountOut');
  });

  it('refuses a route priced for another amount', async () => {
    fake.server.setFault({ kind: 'status', status: 200, body: { total: 1, quotes: [{ quoteId: 'q', type: 'private', amountIn: 90, amountOut: 88, min: 1, max: 1000 }] } });
    expect((await rejection(venue.quote(request(), testCall()))).code).toBe('venue_bad_response');
  });
});

async function quoteAndBuild(overrides: Partial<VenueQuoteRequest> = {}, adjust: (q: VenueQuote) => VenueQuote = (q) => q): Promise<DepositPlan> {
  const req = request(overrides);
  const quote = adjust(await venue.quote(req, testCall()));
  const plan = await venue.build({ request: req, quote }, testCall());
  expect(plan.shape).toBe('deposit');
  return plan as DepositPlan;
}

describe('build', () => {
  it('creates the private exchange from the stored quote and returns the ERC-20 transfer to its deposit address', async () => {
    const req = request();
    const quote = await venue.quote(req, testCall());
    fake.server.requests.length = 0;
    const plan = (await venue.build({ request: req, quote }, testCall())) as DepositPlan;
    expect(requests()).toEqual(['POST /v2/exchanges']);
    const sent = lastTo('/v2/exchanges');
    expect(sent?.body).toEqual({ quoteId: quote.context.quoteId, addressTo: RECIPIENT, refundAddress: SENDER });
    expect(sent?.headers['x-user-ip']).toBe(USER_IP);
    const address = plan.deposit.address;
    const order = fake.order(String(plan.context.houdiniId));
    expect(order?.depositAddress).toBe(address);
    expect(plan.deposit).toEqual({ chain: 'base', address, token: USDC_BASE.address, amount: 100_000_000n, memo: null, deadlineMs: Date.parse(String(order?.expires)) });
    expect({ amountOut: plan.amountOut, minAmountOut: plan.minAmountOut }).toEqual({ amountOut: 98_500_000n, minAmountOut: 95_545_000n });
    expect(plan.fundingStep).toMatchObject({ vm: 'evm', step: 'main', chainId: 8453, to: USDC_BASE.address, value: 0n });
    const call = decodeFunctionData({ abi: erc20Abi, data: plan.fundingStep?.data as Hex });
    expect(call.functionName).toBe('transfer');
    expect(call.args).toEqual([address, 100_000_000n]);
    expect(plan.context).toMatchObject({ houdiniId: expect.any(String), depositAddress: address, depositTag: null, anonymous: true });
  });

  it('sends a native coin straight to the deposit address', async () => {
    const plan = await quoteAndBuild({ fromToken: ETH_BASE, amountIn: 10n ** 16n });
    expect(plan.deposit.token).toBeNull();
    expect(plan.fundingStep).toEqual({ vm: 'evm', step: 'main', chainId: 8453, to: plan.deposit.address, data: '0x', value: 10n ** 16n });
  });

  it('returns no EVM step for a Solana origin', async () => {
    const plan = await quoteAndBuild({ fromChain: 'solana', fromToken: USDC_SOL, sender: SOL_SENDER });
    expect(plan.fundingStep).toBeNull();
    expect(isValidAddress('solana', plan.deposit.address)).toBe(true);
    expect(plan.deposit).toMatchObject({ chain: 'solana', token: USDC_SOL.address, amount: 100_000_000n });
  });

  it('re-quotes when the stored quote is too old to place', async () => {
    await quoteAndBuild({}, (q) => ({ ...q, expiresAt: NOW + 5_000 }));
    expect(requests().slice(-2)).toEqual(['GET /v2/quotes', 'POST /v2/exchanges']);
  });

  it('re-quotes once when Houdini says the quote expired', async () => {
    const req = request();
    const quote = await venue.quote(req, testCall());
    fake.expireQuotes();
    const before = fake.exchanges.length;
    await venue.build({ request: req, quote }, testCall());
    const bodies = fake.exchanges.slice(before);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]?.quoteId).toBe(quote.context.quoteId);
    expect(bodies[1]?.quoteId).not.toBe(quote.context.quoteId);
  });

  it('moves to the next route when a desk deposit address is busy, and gives up after the routes', async () => {
    fake.setStaticDepositBusy(1);
    const plan = await quoteAndBuild();
    expect(plan.context.houdiniId).toEqual(expect.any(String));
    fake.setStaticDepositBusy(10);
    const req = request();
    const error = await rejection(venue.build({ request: req, quote: await venue.quote(req, testCall()) }, testCall()));
    expect(error.code).toBe('no_liquidity');
  });

  it('explains a recipient Houdini refuses to pay', async () => {
    const first = await quoteAndBuild();
    const error = await rejection(quoteAndBuild({ recipient: first.deposit.address }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/deposit address/);
  });

  it('refuses without the end user IP, a deposit address of another chain, and a non-private order', async () => {
    const req = request();
    const quote = await venue.quote(req, testCall());
    expect((await rejection(venue.build({ request: { ...req, userIp: null }, quote }, testCall()))).code).toBe('invalid_input');
    fake.server.setFault({ kind: 'status', status: 200, body: fixture('exchangeResponse.json') });
    const error = await rejection(venue.build({ request: req, quote }, testCall()));
    expect(error).toMatchObject({ code: 'venue_bad_response', details: { path: '/depositAddress' } });
    const standard = { ...(fixture('exchangeResponse.json') as object), depositAddress: `0x${'44'.repeat(20)}`, inAmount: 100, anonymous: false };
    fake.server.setFault({ kind: 'status', status: 200, body: standard });
    expect(await rejection(venue.build({ request: req, quote }, testCall()))).toMatchObject({ code: 'venue_bad_response', details: { path: '/anonymous' } });
  });
});

const statusRequest = (plan: DepositPlan, toToken: TokenInfo = USDC_ARB): VenueStatusRequest =>
  ({ fromChain: 'base', toChain: 'arbitrum', toToken, sourceTxHash: `0x${'ab'.repeat(32)}`, recipient: RECIPIENT, amountIn: 100_000_000n, expectedOut: plan.amountOut, context: plan.context }) as VenueStatusRequest;

describe('status', () => {
  const codes: Record<string, string> = { '-2': 'pending', '-1': 'pending', '0': 'pending', '1': 'pending', '2': 'pending', '3': 'pending', '4': 'completed', '5': 'failed', '6': 'failed', '7': 'refunded', '8': 'failed' };
  const displays: Record<string, string> = {
    WAITING_FOR_DEPOSIT: 'pending', DEPOSIT_DETECTED: 'pending', EXCHANGE_IN_PROGRESS: 'pending', SENDING_TO_INTERMEDIARY: 'pending', REACHED_INTERMEDIARY: 'pending', INITIATING_SECOND_EXCHANGE: 'pending',
    SECOND_EXCHANGE_IN_PROGRESS: 'pending', SENDING_TO_RECEIVER: 'pending', SWAP_COMPLETED: 'completed', EXPIRED: 'failed', FAILED: 'failed', REFUNDED: 'refunded', DELETED: 'failed',
  };
  let plan: DepositPlan;
  beforeAll(async () => {
    // beforeAll runs before the top-level beforeEach: clear what the last build test left.
    fake.server.setFault(null);
    plan = await quoteAndBuild();
  });
  const houdiniId = () => String(plan.context.houdiniId);

  it('tables every status code and display status', () => {
    expect(Object.keys(HOUDINI_STATUS_CODES).sort()).toEqual(Object.keys(codes).sort());
    expect(Object.keys(HOUDINI_DISPLAY_STATUSES).sort()).toEqual(Object.keys(displays).sort());
  });

  it.each(Object.entries(codes))('maps the bare status code %s to %s', async (code, state) => {
    fake.setStatus(houdiniId(), Number(code), { labels: false });
    const answer = await venue.status(statusRequest(plan), testCall());
    expect(answer.state).toBe(state);
    expect(answer.venueStatus).toBe(code);
    expect(lastTo(`/v2/orders/${houdiniId()}`)?.method).toBe('GET');
    if (state === 'completed') expect(answer).toMatchObject({ receivedAmount: 98_500_000n, receivedAsset: USDC_ARB.address?.toLowerCase(), destinationTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    else expect(answer.receivedAmount).toBeNull();
  });

  it.each(Object.entries(displays))('maps displayStatus %s to %s', async (display, state) => {
    fake.setStatus(houdiniId(), 2, { displayStatus: display, statusLabel: 'SOMETHING_ELSE' });
    const answer = await venue.status(statusRequest(plan), testCall());
    expect(answer.state).toBe(state);
    expect(answer.venueStatus).toBe(`${display} (2)`);
  });

  it('keeps unknown values pending, and reads a numeric string', async () => {
    fake.setStatus(houdiniId(), 42, { labels: false });
    expect(await venue.status(statusRequest(plan), testCall())).toMatchObject({ state: 'pending', venueStatus: '42', detail: expect.stringMatching(/unknown Houdini status/) });
    fake.setStatus(houdiniId(), 'PAUSED', { displayStatus: 'ON_HOLD', statusLabel: 'PAUSED' });
    expect((await venue.status(statusRequest(plan), testCall())).state).toBe('pending');
    fake.setStatus(houdiniId(), '4', { labels: false });
    expect((await venue.status(statusRequest(plan), testCall())).state).toBe('completed');
  });

  it('explains refunds and expiries', async () => {
    fake.setStatus(houdiniId(), 7);
    expect((await venue.status(statusRequest(plan), testCall())).detail).toMatch(/refunded the deposit/);
    fake.setStatus(houdiniId(), 5);
    expect((await venue.status(statusRequest(plan), testCall())).detail).toMatch(/no deposit reached Houdini/);
  });

  it('maps the recorded finished order', async () => {
    fake.server.setFault({ kind: 'status', status: 200, body: fixture('orderFinished.json') });
    const answer = await venue.status(statusRequest(plan, ETH), testCall());
    expect(answer).toMatchObject({ state: 'completed', venueStatus: 'SWAP_COMPLETED (4)', receivedAmount: 1_870_200_000_000_000_000n, destinationTxHash: expect.stringMatching(/^0x5c1e/) });
  });

  it('treats an unknown order as pending and a bad shape as venue_bad_response', async () => {
    const stranger = { ...plan, context: { ...plan.context, houdiniId: 'unknownOrder' } };
    expect(await venue.status(statusRequest(stranger), testCall())).toMatchObject({ state: 'pending', venueStatus: 'NOT_FOUND' });
    expect((await rejection(venue.status(statusRequest({ ...plan, context: {} }), testCall()))).code).toBe('invalid_input');
    fake.server.setFault({ kind: 'status', status: 200, body: { houdiniId: 'x', status: true } });
    expect((await rejection(venue.status(statusRequest(plan), testCall()))).code).toBe('venue_bad_response');
  });
});

describe('sandbox mode', () => {
  it('pays once the deposit address holds inAmount, then reports FINISHED', async () => {
    const { settlement, balances, payments } = depositSettlement();
    const sandbox = await startHoudiniFake({ settlement, chainIds: { base: 8453, arbitrum: 42161 } });
    try {
      const local = createHoudiniTestVenue(sandbox.url);
      const req = request();
      const plan = (await local.build({ request: req, quote: await local.quote(req, testCall()) }, testCall())) as DepositPlan;
      const key = `8453:${USDC_BASE.address}:${plan.deposit.address}`.toLowerCase();
      const poll = () => local.status(statusRequest(plan), testCall());
      expect((await poll()).venueStatus).toBe('WAITING_FOR_DEPOSIT (0)');
      balances.set(key, 100_000_000n);
      const [first, second] = await Promise.all([poll(), poll()]);
      expect(first).toMatchObject({ state: 'completed', destinationTxHash: `0x${'cd'.repeat(32)}`, receivedAmount: 98_500_000n });
      expect(second?.state).toBe('completed');
      expect((await poll()).state).toBe('completed');
      expect(payments).toEqual([{ chainId: 42161, token: USDC_ARB.address, recipient: RECIPIENT, amount: 98_500_000n }]);
    } finally {
      await sandbox.close();
    }
  });
});
