import { readFileSync } from 'node:fs';
import { decodeFunctionData, erc20Abi, type Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveToken } from '../../domain/tokens.ts';
import { createTestVenue, depositSettlement, knownToken, passes, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import { startFakeServer } from '../fake/startFakeServer.ts';
import type { DepositPlan, VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { FIXEDFLOAT_ASSETS, assetOf } from './fixedfloatChains.ts';
import { startFixedfloatFake, type FixedfloatFake } from './fixedfloatFake.ts';
import { FIXEDFLOAT_STATUS_TABLE, precisionRejection, signatureOf, statusKeyOf } from './fixedfloatMapping.ts';
import { FixedfloatOrderSchema, type FixedfloatOrder } from './fixedfloatSchemas.ts';
import { fixedfloatVenue } from './fixedfloatVenue.ts';

const USDC_ARB = knownToken('arbitrum', 'USDC');
const USDC_SOL = knownToken('solana', 'USDC');
const USDC_BASE = knownToken('base', 'USDC');
const ETH_BASE = knownToken('base', null);
const ETH = knownToken('ethereum', null);
const XRP = knownToken('xrpl', null);
const TRX = knownToken('tron', null);
const SENDER = '0x2222222222222222222222222222222222222222';
const RECIPIENT = '0x3333333333333333333333333333333333333333';
const SOL_RECIPIENT = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const NOW = Date.parse('2026-01-01T00:00:00.000Z');
const KEY = 'test-ff-key';
const SECRET = 'test-ff-secret';
const CREDENTIALS = { API_KEY: KEY, API_SECRET: SECRET };
// 25 USDC less the fake's 50 bps spread and its 1 USD network fee.
const OUT = 23_875_000n;

const request = (overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest =>
  ({ fromChain: 'arbitrum', toChain: 'solana', fromToken: USDC_ARB, toToken: USDC_SOL, amountIn: 25_000_000n, sender: SENDER, recipient: SOL_RECIPIENT, userIp: null, integratorFee: null, ...overrides }) as VenueQuoteRequest;

const realData = (name: string): FixedfloatOrder => JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as FixedfloatOrder;

let fake: FixedfloatFake;
let adapter: ReturnType<typeof createTestVenue>;

beforeAll(async () => {
  fake = await startFixedfloatFake({ apiKey: KEY, apiSecret: SECRET, now: () => NOW });
});
afterAll(() => fake.close());
beforeEach(() => {
  adapter = createTestVenue(fixedfloatVenue, fake.url, { now: () => NOW, credentials: CREDENTIALS });
  fake.server.setFault(null);
  fake.setPriceErrors(null);
  fake.setNextDeposit(null);
  fake.server.requests.length = 0;
});

const statusRequest = (plan: DepositPlan, quote: VenueQuote, req = request()): VenueStatusRequest => ({
  fromChain: req.fromChain,
  toChain: req.toChain,
  toToken: req.toToken,
  sourceTxHash: `0x${'ab'.repeat(32)}`,
  recipient: req.recipient,
  amountIn: req.amountIn,
  expectedOut: plan.amountOut,
  context: { ...quote.context, ...plan.context },
});

async function quoteAndBuild(overrides: Partial<VenueQuoteRequest> = {}) {
  const req = request(overrides);
  const quote = await adapter.venue.quote(req, testCall());
  fake.server.requests.length = 0;
  const plan = (await adapter.venue.build({ request: req, quote }, testCall())) as DepositPlan;
  return { req, quote, plan };
}

describe('recorded answers and tables', () => {
  it('reads every recorded order with the order schema, and keys a DONE refund apart from a DONE payout', () => {
    for (const name of ['create-data-new-btc-usdttrc-float.json', 'order-data-pending-ltc-trx-float.json', 'order-data-exchange-ltc-trx-float.json', 'order-data-withdraw-ltc-trx-float.json', 'order-data-done-ltc-trx-float.json']) {
      expect(passes(FixedfloatOrderSchema, realData(name)), name).toBe(true);
    }
    const done = realData('order-data-done-ltc-trx-float.json');
    expect(statusKeyOf(done)).toBe('DONE');
    const refunded = { ...done, to: { ...done.to, tx: { ...done.to.tx, id: null } }, back: { ...done.back, address: 'x', tx: { ...done.to.tx, id: 'refund-hash' } } } as FixedfloatOrder;
    expect(statusKeyOf(refunded)).toBe('DONE_REFUND');
    expect(FIXEDFLOAT_STATUS_TABLE).toEqual({ NEW: 'pending', PENDING: 'pending', EXCHANGE: 'pending', WITHDRAW: 'pending', DONE: 'completed', EXPIRED: 'failed', EMERGENCY: 'pending', DONE_REFUND: 'refunded' });
  });

  it('agrees with the token registry on every asset, one code each (BSC-USD, outside the registry, by address)', () => {
    // The built-in registry has no BNB Chain token; the token directory names BSC-USD by address.
    const outsideRegistry = new Set(['bnb:0x55d398326f99059fF775485246999027B3197955']);
    for (const entry of FIXEDFLOAT_ASSETS) {
      if (outsideRegistry.has(`${entry.chain}:${entry.address}`)) {
        expect(assetOf({ chain: entry.chain, address: entry.address })).toBe(entry);
        continue;
      }
      const registered = resolveToken(entry.chain, entry.address);
      expect(registered, `${entry.chain}:${entry.symbol}`).toBeDefined();
      expect({ symbol: registered?.symbol, decimals: registered?.decimals }).toEqual({ symbol: entry.symbol, decimals: entry.decimals });
      expect(registered && assetOf(registered)).toBe(entry);
    }
    expect(new Set(FIXEDFLOAT_ASSETS.map((a) => a.code)).size).toBe(FIXEDFLOAT_ASSETS.length);
  });

  it('serves table tokens only, and sends the key header', () => {
    expect(adapter.venue.supports(request())).toEqual({ served: true });
    expect(adapter.venue.supports({ ...request(), toChain: 'base', toToken: USDC_BASE })).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(fixedfloatVenue.headers?.({ API_KEY: 'k', API_SECRET: 's' })).toEqual({ 'X-API-KEY': 'k' });
    expect(fixedfloatVenue.headers?.({})).toEqual({});
    expect(fixedfloatVenue.capabilities.privacyModel).toBe('custodial-hop');
  });

  it('refuses an amount finer than FixedFloat keeps, naming the one it takes', () => {
    const asset = FIXEDFLOAT_ASSETS.find((a) => a.code === 'ETH');
    if (!asset) throw new Error('ETH missing');
    expect(precisionRejection(10n ** 16n, 8, asset)).toBeNull();
    expect(precisionRejection(10n ** 16n + 1n, 8, asset)).toMatchObject({ code: 'invalid_input', details: { precision: 8, suggestedAmountAtomic: '10000000000000000' } });
    expect(precisionRejection(123n, undefined, asset)).toBeNull();
  });
});

describe('quote', () => {
  it('signs a fixed exact-in /price and maps to.amount to amountOut and minAmountOut', async () => {
    const quote = await adapter.venue.quote(request({ integratorFee: { bps: 10, recipient: SENDER } }), testCall());
    const [sent] = fake.server.requests;
    expect(fake.server.requests).toHaveLength(1);
    expect(sent?.path).toBe('/price');
    expect(sent?.body).toEqual({ type: 'fixed', fromCcy: 'USDCARBITRUM', toCcy: 'USDCSOL', direction: 'from', amount: 25 });
    expect(sent?.headers['x-api-key']).toBe(KEY);
    expect(sent?.headers['x-api-sign']).toBe(signatureOf('{"type":"fixed","fromCcy":"USDCARBITRUM","toCcy":"USDCSOL","direction":"from","amount":25}', SECRET));
    expect(quote).toMatchObject({ amountIn: 25_000_000n, amountOut: OUT, minAmountOut: OUT, estimatedSeconds: null, expiresAt: NOW + 60_000 });
    expect(quote.context).toMatchObject({ rateType: 'fixed', fromCcy: 'USDCARBITRUM', toCcy: 'USDCSOL', minAmountOut: OUT.toString() });
    expect(quote.context.integratorFeeNote).toMatch(/not sent to FixedFloat/);
  });

  it('translates price errors: limits with the bound, reserve, maintenance', async () => {
    expect(await rejectionOf(adapter.venue.quote(request({ amountIn: 5_000_000n }), testCall()))).toMatchObject({ code: 'below_min', details: { minAmountAtomic: '10000000' } });
    expect(await rejectionOf(adapter.venue.quote(request({ amountIn: 200_000_000_000n }), testCall()))).toMatchObject({ code: 'above_max', details: { maxAmountAtomic: '100000000000' } });
    fake.setPriceErrors(['RESERVE_TO']);
    expect(await rejectionOf(adapter.venue.quote(request(), testCall()))).toMatchObject({ code: 'no_liquidity', details: { venueErrors: ['RESERVE_TO'] } });
    fake.setPriceErrors(['OFFLINE_FROM', 'LIMIT_MAX']);
    expect((await rejectionOf(adapter.venue.quote(request(), testCall()))).code).toBe('above_max');
    fake.setPriceErrors(['MAINTENANCE_TO']);
    expect((await rejectionOf(adapter.venue.quote(request(), testCall()))).code).toBe('route_not_served');
  });

  it('refuses an 18-decimal amount finer than the 8 decimals FixedFloat keeps', async () => {
    const rejection = await rejectionOf(adapter.venue.quote(request({ fromChain: 'base', fromToken: ETH_BASE, amountIn: 10n ** 16n + 7n }), testCall()));
    expect(rejection).toMatchObject({ code: 'invalid_input', details: { suggestedAmountAtomic: (10n ** 16n).toString() } });
  });

  it('says which credentials are wrong, and needs both to call at all', async () => {
    const wrongSecret = createTestVenue(fixedfloatVenue, fake.url, { now: () => NOW, credentials: { API_KEY: KEY, API_SECRET: 'other' } }).venue;
    expect(await rejectionOf(wrongSecret.quote(request(), testCall()))).toMatchObject({ code: 'venue_error', message: expect.stringMatching(/credentials.*Invalid signature/) as unknown });
    fake.server.requests.length = 0;
    const noSecret = createTestVenue(fixedfloatVenue, fake.url, { now: () => NOW, credentials: { API_KEY: KEY } }).venue;
    expect((await rejectionOf(noSecret.quote(request(), testCall()))).code).toBe('venue_disabled');
    expect(fake.server.requests).toHaveLength(0);
  });

  it('refuses an envelope whose data is not a price, and leaves a 5xx as the venue fault', async () => {
    fake.server.setFault({ kind: 'status', status: 200, body: { code: 0, msg: '', data: { from: { code: 'USDCARBITRUM' } } } });
    expect(await rejectionOf(adapter.venue.quote(request(), testCall()))).toMatchObject({ code: 'venue_bad_response', details: { path: expect.stringMatching(/^\/data/) as unknown } });
    fake.server.setFault({ kind: 'status', status: 200, body: { code: 0, msg: '', data: { from: { code: 'BTC', amount: '1', min: '0', max: '9' }, to: { code: 'USDCSOL', amount: '1', min: '0', max: '9' }, errors: [] } } });
    expect((await rejectionOf(adapter.venue.quote(request(), testCall()))).code).toBe('venue_bad_response');
    fake.server.setFault({ kind: 'status', status: 503, body: { code: 500, msg: 'down' } });
    await expect(adapter.venue.quote(request(), testCall())).rejects.toThrow();
  });
});

describe('build', () => {
  it('creates a fixed order paying the recipient and returns an ERC-20 transfer of exactly amountIn to from.address', async () => {
    const { plan } = await quoteAndBuild();
    expect(fake.server.requests.map((r) => r.path)).toEqual(['/create']);
    expect(fake.server.requests[0]?.body).toEqual({ type: 'fixed', fromCcy: 'USDCARBITRUM', toCcy: 'USDCSOL', direction: 'from', amount: 25, toAddress: SOL_RECIPIENT });
    const orderId = String(plan.context.orderId);
    const order = fake.order(orderId) as { token: string; from: { address: string } };
    expect(plan.deposit).toEqual({ chain: 'arbitrum', address: order.from.address, token: USDC_ARB.address, amount: 25_000_000n, memo: null, deadlineMs: NOW + 30 * 60_000 });
    expect(plan).toMatchObject({ amountOut: OUT, minAmountOut: OUT });
    expect(plan.context).toMatchObject({ orderId, orderToken: order.token, depositAddress: order.from.address, depositTag: null, fromAmount: '25.00000000', toAmount: '23.87500000', minAmountOut: OUT.toString() });
    const step = plan.fundingStep;
    expect(step).toMatchObject({ vm: 'evm', chainId: 42161, to: USDC_ARB.address, value: 0n });
    const call = decodeFunctionData({ abi: erc20Abi, data: step?.data as Hex });
    expect(call.args).toEqual([order.from.address, 25_000_000n]);
  });

  it('carries from.tag as the deposit memo on a tagged chain', async () => {
    fake.setNextDeposit({ address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', tag: '884211' });
    const { plan } = await quoteAndBuild({ fromChain: 'xrpl', fromToken: XRP, amountIn: 20_000_000n, sender: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe' });
    expect(plan.deposit).toMatchObject({ chain: 'xrpl', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', memo: '884211' });
    expect(plan.fundingStep).toBeNull();
  });

  it('refuses an order that would pay someone else, deposit elsewhere, or charge another amount', async () => {
    const req = request();
    const quote = await adapter.venue.quote(req, testCall());
    const created = (await (await fetch(`${fake.url}/create`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': KEY, 'x-api-sign': signatureOf(JSON.stringify({ type: 'fixed', fromCcy: 'USDCARBITRUM', toCcy: 'USDCSOL', direction: 'from', amount: 25, toAddress: SOL_RECIPIENT }), SECRET) }, body: JSON.stringify({ type: 'fixed', fromCcy: 'USDCARBITRUM', toCcy: 'USDCSOL', direction: 'from', amount: 25, toAddress: SOL_RECIPIENT }) })).json()) as { data: Record<string, Record<string, unknown>> };
    const data = created.data;
    const tampered = [
      { ...data, to: { ...data.to, address: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T' } },
      { ...data, from: { ...data.from, address: 'not-an-address' } },
      { ...data, from: { ...data.from, amount: '25.5' } },
      { ...data, type: 'float' },
      { ...data, from: { ...data.from, code: 'USDTARBITRUM' } },
      { ...data, token: undefined },
    ];
    for (const body of tampered) {
      fake.server.setFault({ kind: 'status', status: 200, body: { code: 0, msg: '', data: body } });
      expect((await rejectionOf(adapter.venue.build({ request: req, quote }, testCall()))).code).toBe('venue_bad_response');
    }
    fake.server.setFault({ kind: 'status', status: 200, body: { code: 301, msg: 'Invalid address', data: null } });
    expect((await rejectionOf(adapter.venue.build({ request: req, quote }, testCall()))).code).toBe('invalid_input');
  });
});

describe('status', () => {
  it('reads the order with its id and token, signed, and follows the forced statuses', async () => {
    const { quote, plan } = await quoteAndBuild();
    const orderId = String(plan.context.orderId);
    const poll = () => adapter.venue.status(statusRequest(plan, quote), testCall());
    fake.server.requests.length = 0;
    expect(await poll()).toMatchObject({ state: 'pending', venueStatus: 'NEW' });
    expect(fake.server.requests[0]?.body).toEqual({ id: orderId, token: plan.context.orderToken });
    const to = (fake.order(orderId) as { to: Record<string, unknown> }).to;
    fake.setStatus(orderId, 'DONE', { to: { ...to, tx: { ...(to.tx as object), id: '5ut1kqXz3f8uQm9vR2pLs7dWc4hYbNe6JgTa1oKxVrCmPayout', amount: '23.87500000' } } });
    expect(await poll()).toMatchObject({ state: 'completed', destinationTxHash: '5ut1kqXz3f8uQm9vR2pLs7dWc4hYbNe6JgTa1oKxVrCmPayout', receivedAmount: OUT, receivedAsset: USDC_SOL.address });
    fake.setStatus(orderId, 'DONE', { to: { ...to, tx: { ...(to.tx as object), id: 'short', amount: '20.00000000' } } });
    expect(await poll()).toMatchObject({ state: 'partial', receivedAmount: 20_000_000n });
    fake.setStatus(orderId, 'EMERGENCY', { emergency: { status: ['LESS'], choice: 'NONE', repeat: '0' } });
    expect(await poll()).toMatchObject({ state: 'pending', venueStatus: 'EMERGENCY', detail: expect.stringMatching(/needs a choice/) as unknown });
    fake.setStatus(orderId, 'EXPIRED');
    expect(await poll()).toMatchObject({ state: 'failed' });
    fake.setStatus(orderId, 'DONE', { back: { code: 'USDCARBITRUM', amount: '25', address: SENDER, tag: '', tx: { id: '0xrefund', amount: '25' } } });
    expect(await poll()).toMatchObject({ state: 'refunded', venueStatus: 'DONE_REFUND', detail: expect.stringContaining(SENDER) as unknown });
    fake.setStatus(orderId, 'HOLD');
    expect(await poll()).toMatchObject({ state: 'pending', unrecognized: true });
  });

  it('keeps an order FixedFloat does not know pending, and needs the stored token', async () => {
    const { quote, plan } = await quoteAndBuild();
    const unknown = statusRequest(plan, quote);
    const status = await adapter.venue.status({ ...unknown, context: { ...unknown.context, orderToken: 'wrong' } }, testCall());
    expect(status).toMatchObject({ state: 'pending', venueStatus: 'not_found' });
    expect((await rejectionOf(adapter.venue.status({ ...unknown, context: { ...unknown.context, orderToken: null } }, testCall()))).code).toBe('invalid_input');
  });

  it('maps the recorded LTC → TRX order through every recorded stage', async () => {
    const stages: [string, string, string | null][] = [
      ['order-data-pending-ltc-trx-float.json', 'pending', null],
      ['order-data-exchange-ltc-trx-float.json', 'pending', null],
      ['order-data-withdraw-ltc-trx-float.json', 'pending', '099d8f7ee5f07a4e764a75be60b7a7ef6e659304b66ec1b697b7e5c81fa05812'],
      ['order-data-done-ltc-trx-float.json', 'completed', 'bccc316c9c51a0a7c5b83fa1b4c4759f675c47b417a2e7cbf958ecf45bd763f4'],
    ];
    let answer: unknown = null;
    const replay = await startFakeServer({ 'POST /order': () => ({ body: { code: 0, msg: '', data: answer } }) });
    try {
      const venue = createTestVenue(fixedfloatVenue, replay.url, { now: () => NOW, credentials: CREDENTIALS }).venue;
      const req: VenueStatusRequest = {
        fromChain: 'litecoin',
        toChain: 'tron',
        toToken: TRX,
        sourceTxHash: 'd368a9398be6f8b9a2867d33bad28ca86189ae321369c211a63b49127132b5a0',
        recipient: 'TFmiVeSoRg5kzLtHrmdmrpyrTXB3Xgh2xv',
        amountIn: 1_631_000n,
        expectedOut: 10_448_000n,
        context: { orderId: '1HZPQP', orderToken: 'WOY0pdz4Fy50KaRiCjQWsjE9hxhs5VHx9uvN8PwQ', minAmountOut: '10448000' },
      };
      for (const [file, state, hash] of stages) {
        answer = realData(file);
        expect(await venue.status(req, testCall()), file).toMatchObject({ state, destinationTxHash: hash });
      }
      expect((await venue.status(req, testCall())).receivedAmount).toBe(10_448_000n);
    } finally {
      await replay.close();
    }
  });
});

describe('sandbox settlement', () => {
  it('pays once the deposit address holds the amount, then reports DONE', async () => {
    const { settlement, balances, payments } = depositSettlement();
    const sandbox = await startFixedfloatFake({ settlement, apiKey: KEY, apiSecret: SECRET, now: () => NOW, chainIds: { base: 8453, arbitrum: 42161 } });
    try {
      const venue = createTestVenue(fixedfloatVenue, sandbox.url, { now: () => NOW, credentials: CREDENTIALS }).venue;
      const req = request({ toChain: 'base', toToken: ETH_BASE, recipient: RECIPIENT });
      const quote = await venue.quote(req, testCall());
      const plan = (await venue.build({ request: req, quote }, testCall())) as DepositPlan;
      const key = `42161:${USDC_ARB.address}:${plan.deposit.address}`.toLowerCase();
      const poll = () => venue.status(statusRequest(plan, quote, req), testCall());
      expect((await poll()).venueStatus).toBe('NEW');
      balances.set(key, 10_000_000n);
      expect((await poll()).venueStatus).toBe('PENDING');
      balances.set(key, 25_000_000n);
      const [first, second] = await Promise.all([poll(), poll()]);
      expect(first).toMatchObject({ state: 'completed', venueStatus: 'DONE', destinationTxHash: `0x${'cd'.repeat(32)}`, receivedAmount: plan.amountOut });
      expect(second?.state).toBe('completed');
      expect(payments).toEqual([{ chainId: 8453, token: null, recipient: RECIPIENT, amount: plan.amountOut }]);
    } finally {
      await sandbox.close();
    }
  });
});

describe('coverage snapshot', () => {
  it('narrows coverage to the codes /ccies lists as sendable and receivable; the table until then', async () => {
    const snapshot = adapter.venue.snapshot;
    if (!snapshot) throw new Error('FixedFloat publishes its currencies: the adapter must have a snapshot');
    expect(adapter.venue.supports(request())).toEqual({ served: true });
    await snapshot.refresh(testCall());
    expect(snapshot.fetchedAt()).toBe(NOW);
    expect(fake.server.requests.map((r) => r.path)).toEqual(['/ccies']);
    expect(fake.server.requests[0]?.headers['x-api-sign']).toBe(signatureOf('{}', SECRET));
    expect(adapter.venue.supports(request())).toEqual({ served: true });
    fake.server.setFault({ kind: 'status', status: 200, body: { code: 0, msg: '', data: [{ code: 'USDCARBITRUM', recv: true, send: true }, { code: 'USDCSOL', recv: false, send: true }, { code: 'ETH', recv: 1, send: 1 }] } });
    await snapshot.refresh(testCall());
    expect(adapter.venue.supports(request())).toMatchObject({ served: false });
    expect(adapter.venue.supports(request({ toChain: 'ethereum', toToken: ETH, recipient: RECIPIENT }))).toEqual({ served: true });
    fake.server.setFault({ kind: 'status', status: 200, body: { code: 0, msg: '', data: [] } });
    await expect(snapshot.refresh(testCall())).rejects.toThrow(/listed none/);
    expect(adapter.venue.supports(request({ toChain: 'ethereum', toToken: ETH, recipient: RECIPIENT }))).toEqual({ served: true });
  });
});
