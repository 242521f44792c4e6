import { decodeFunctionData, erc20Abi, type Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestVenue, depositSettlement, fixturesOf, knownToken, passes, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import { resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import { type DepositPlan, type VenueQuoteRequest, type VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { NEAR_INTENTS_ASSETS, assetOf } from './nearIntentsChains.ts';
import { startNearIntentsFake, type NearIntentsFake } from './nearIntentsFake.ts';
import { NEAR_INTENTS_STATUS_TABLE, intentsAccountOf } from './nearIntentsMapping.ts';
import { NearIntentsContextSchema, NearIntentsErrorSchema, NearIntentsQuoteResponseSchema, NearIntentsStatusResponseSchema, NearIntentsTokensSchema } from './nearIntentsSchemas.ts';
import { nearIntentsVenue } from './nearIntentsVenue.ts';

const known = knownToken;
const USDC_BASE = known('base', 'USDC');
const USDC_ARB = known('arbitrum', 'USDC');
const USDC_SOL = known('solana', 'USDC');
const ETH_BASE = known('base', null);
const USDC_LINEA = known('linea', 'USDC');
const SENDER = '0x2222222222222222222222222222222222222222';
const RECIPIENT = '0x3333333333333333333333333333333333333333';
const NOW = Date.parse('2026-01-01T00:00:00.000Z');

const request = (overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest =>
  ({ fromChain: 'base', toChain: 'arbitrum', fromToken: USDC_BASE, toToken: USDC_ARB, amountIn: 25_000_000n, sender: SENDER, recipient: RECIPIENT, userIp: null, integratorFee: null, ...overrides }) as VenueQuoteRequest;

const fixture = fixturesOf(import.meta.url);
const check = passes;

const rejection = rejectionOf;

let fake: NearIntentsFake;
let adapter: ReturnType<typeof createTestVenue>;

beforeAll(async () => {
  fake = await startNearIntentsFake();
  adapter = createTestVenue(nearIntentsVenue, fake.url, { now: () => NOW });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.server.setFault(null);
  fake.setMinimum(null);
  fake.setJwt(null);
  fake.server.requests.length = 0;
});

const lastBody = () => fake.server.requests.at(-1)?.body as Record<string, unknown>;

describe('fixtures', () => {
  it('pass the schemas', () => {
    for (const name of ['quote-dry-btc-to-eth-usdt.json', 'quote-live-btc-to-eth-usdt.json']) expect(check(NearIntentsQuoteResponseSchema, fixture(`real/${name}`))).toBe(true);
    for (const name of ['status-pending-deposit.json', 'status-refunded.json', 'status-success.json']) expect(check(NearIntentsStatusResponseSchema, fixture(`real/${name}`))).toBe(true);
    for (const name of ['error-amount-too-low.json', 'error-temporary-swap-limit.json']) expect(check(NearIntentsErrorSchema, fixture(`real/${name}`))).toBe(true);
    expect(check(NearIntentsTokensSchema, fixture('tokens.json'))).toBe(true);
  });
  it('name asset ids of the static table', () => {
    const ids = new Set(NEAR_INTENTS_ASSETS.map((a) => a.assetId));
    for (const entry of fixture('tokens.json') as { assetId: string }[]) expect(ids.has(entry.assetId)).toBe(true);
    // The recorded quote names BTC by the table's post-Omni id. (Its USDT id ends `.stft.near`: the
    // staging service's bridge, not production's `.omft.near`.)
    const body = (fixture('real/quote-live-btc-to-eth-usdt.json') as { quoteRequest: Record<string, string> }).quoteRequest;
    expect(assetOf(knownToken('bitcoin', null))?.assetId).toBe(body.originAsset);
    expect(body.destinationAsset).toBe(assetOf(knownToken('ethereum', 'USDT'))?.assetId.replace('.omft.near', '.stft.near'));
  });
  it('match what the fake serves on /v0/tokens', async () => {
    const response = await fetch(`${fake.url}/v0/tokens`);
    expect(check(NearIntentsTokensSchema, await response.json())).toBe(true);
  });
});

describe('coverage', () => {
  it('serves table tokens between two served chains', () => {
    const { venue } = adapter;
    expect(venue.supports(request())).toEqual({ served: true });
    expect(venue.supports({ ...request(), toChain: 'base', toToken: ETH_BASE })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports({ ...request(), toChain: 'linea', toToken: USDC_LINEA })).toMatchObject({ served: false, code: 'route_not_served' });
    const odd: TokenInfo = { chain: 'base', symbol: 'XYZ', address: '0x1111111111111111111111111111111111111111', decimals: 18 };
    expect(venue.supports({ ...request(), fromToken: odd })).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.coverage().origins).toEqual(expect.arrayContaining(['ethereum', 'base', 'arbitrum', 'optimism', 'polygon', 'solana']));
    expect(venue.coverage().tokenSymbols('base', 'arbitrum')).toEqual(['ETH', 'USDC']);
    expect(venue.coverage().tokenSymbols('base', 'linea')).toEqual([]);
  });
  it('agrees with the token registry wherever both know a token', () => {
    for (const entry of NEAR_INTENTS_ASSETS) {
      const registered = resolveToken(entry.chain, entry.address);
      if (registered) expect({ symbol: registered.symbol, decimals: registered.decimals, asset: assetOf(registered) }).toEqual({ symbol: entry.symbol, decimals: entry.decimals, asset: entry });
    }
  });
  it('has USDC on the five EVM chains and Solana', () => {
    for (const chain of ['ethereum', 'arbitrum', 'base', 'optimism', 'polygon', 'solana']) {
      expect(NEAR_INTENTS_ASSETS.some((a) => a.chain === chain && a.symbol === 'USDC')).toBe(true);
    }
  });
});

describe('quote', () => {
  it('speaks the dry-quote dialect and maps amounts', async () => {
    const quote = await adapter.venue.quote(request(), testCall());
    const sent = fake.server.requests.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v0/quote');
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.body).toEqual({
      dry: true,
      swapType: 'EXACT_INPUT',
      slippageTolerance: 100,
      originAsset: 'nep141:base-0x833589fcd6edb6e08f4c7c32d4f71b54bda02913.omft.near',
      depositType: 'ORIGIN_CHAIN',
      destinationAsset: 'nep141:arb-0xaf88d065e77c8cc2239327c5edb3a432268e5831.omft.near',
      amount: '25000000',
      refundTo: SENDER,
      refundType: 'ORIGIN_CHAIN',
      recipient: RECIPIENT,
      recipientType: 'DESTINATION_CHAIN',
      deadline: '2026-01-01T01:00:00.000Z',
    });
    // 20 bps platform fee, then the 1000-unit withdraw fee; 1 % slippage for the minimum.
    expect(quote.amountIn).toBe(25_000_000n);
    expect(quote.amountOut).toBe(24_949_000n);
    expect(quote.minAmountOut).toBe(24_699_510n);
    expect(quote.estimatedSeconds).toBe(20);
    expect(quote.expiresAt).toBe(NOW + 60_000);
    expect(quote.context).toMatchObject({ originAsset: expect.stringContaining('base-0x8335'), destinationAsset: expect.stringContaining('arb-0xaf88'), minAmountOut: '24699510', integratorFeeNote: null });
    expect(typeof quote.context.correlationId).toBe('string');
  });

  it('asks 1Click to charge the integrator fee to an Intents account', async () => {
    const quote = await adapter.venue.quote(request({ integratorFee: { bps: 10, recipient: '0xAbCdEf0123456789aBcDeF0123456789abCDef01' } }), testCall());
    expect(lastBody().appFees).toEqual([{ recipient: '0xabcdef0123456789abcdef0123456789abcdef01', fee: 10 }]);
    expect(quote.amountOut).toBe(24_924_000n);
    await adapter.venue.quote(request({ integratorFee: { bps: 5, recipient: 'strait.near' } }), testCall());
    expect(lastBody().appFees).toEqual([{ recipient: 'strait.near', fee: 5 }]);
  });

  it('leaves the fee out, with a note, when the recipient cannot be an Intents account', async () => {
    const quote = await adapter.venue.quote(request({ integratorFee: { bps: 10, recipient: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' } }), testCall());
    expect(lastBody().appFees).toBeUndefined();
    expect(quote.context.integratorFeeNote).toMatch(/not a NEAR Intents account/);
    expect(intentsAccountOf('Bad Account')).toBeNull();
  });

  it('translates the minimum-amount answer to below_min', async () => {
    fake.setMinimum(30_000_000n);
    const error = await rejection(adapter.venue.quote(request(), testCall()));
    expect(error.code).toBe('below_min');
    expect(error.details).toEqual({ minAmountAtomic: '30000000' });
  });

  it.each([
    ['originAsset is not valid: nep141:foo', 'token_not_supported'],
    ['Unsupported token', 'token_not_supported'],
    ['No quotes found for this pair', 'no_liquidity'],
    ['Failed to get quote', 'no_liquidity'],
    ['recipient is not valid', 'invalid_input'],
  ])('translates the 400 %j to %s', async (message, code) => {
    fake.server.setFault({ kind: 'status', status: 400, body: { message } });
    expect((await rejection(adapter.venue.quote(request(), testCall()))).code).toBe(code);
  });

  it('sends the JWT and reports a rejected one clearly', async () => {
    const withJwt = createTestVenue(nearIntentsVenue, fake.url, { now: () => NOW, credentials: { JWT: 'good' } });
    fake.setJwt('good');
    await withJwt.venue.quote(request(), testCall());
    expect(fake.server.requests.at(-1)?.headers.authorization).toBe('Bearer good');
    fake.setJwt('other');
    const error = await rejection(withJwt.venue.quote(request(), testCall()));
    expect(error.code).toBe('venue_error');
    expect(error.message).toMatch(/rejected the JWT/);
  });

  it('maps 429 to venue_rate_limited and leaves 5xx as the venue fault', async () => {
    fake.server.setFault({ kind: 'status', status: 429, body: { message: 'slow down' } });
    expect((await rejection(adapter.venue.quote(request(), testCall()))).code).toBe('venue_rate_limited');
    fake.server.setFault({ kind: 'status', status: 500, body: { message: 'boom' } });
    const error = await adapter.venue.quote(request(), testCall()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VenueHttpError);
    expect((error as VenueHttpError).status).toBe(500);
  });

  it('refuses a wrong-shaped answer as venue_bad_response', async () => {
    fake.server.setFault({ kind: 'status', status: 200, body: { correlationId: 'x', quote: { amountIn: 25, amountOut: '1' } } });
    const error = await rejection(adapter.venue.quote(request(), testCall()));
    expect(error.code).toBe('venue_bad_response');
    expect(error.details?.path).toMatch(/^\/quote/);
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
  it('re-quotes live and returns an ERC-20 transfer to the deposit address', async () => {
    const plan = await build();
    expect(lastBody()).toMatchObject({ dry: false, amount: '25000000', refundTo: SENDER, recipient: RECIPIENT });
    const address = plan.deposit.address;
    expect(fake.liveQuote(address)).toBeDefined();
    expect(plan.deposit).toEqual({ chain: 'base', address, token: USDC_BASE.address, amount: 25_000_000n, memo: null, deadlineMs: NOW + 3_600_000 });
    expect(plan.amountOut).toBe(24_949_000n);
    expect(plan.minAmountOut).toBe(24_699_510n);
    const step = plan.fundingStep;
    expect(step).toMatchObject({ vm: 'evm', step: 'main', chainId: 8453, to: USDC_BASE.address, value: 0n });
    const call = decodeFunctionData({ abi: erc20Abi, data: step?.data as Hex });
    expect(call.functionName).toBe('transfer');
    expect(call.args).toEqual([address, 25_000_000n]);
    expect(plan.context).toMatchObject({ depositAddress: address, depositMemo: null, minAmountOut: '24699510', deadline: '2026-01-01T01:00:00.000Z' });
    expect(String(plan.context.signature)).toMatch(/^ed25519:/);
    expect(typeof plan.context.correlationId).toBe('string');
  });

  it('sends native ETH straight to the deposit address', async () => {
    const plan = await build({ fromToken: ETH_BASE, amountIn: 10n ** 16n });
    expect(plan.deposit.token).toBeNull();
    expect(plan.fundingStep).toEqual({ vm: 'evm', step: 'main', chainId: 8453, to: plan.deposit.address, data: '0x', value: 10n ** 16n });
  });

  it('returns no EVM step for a Solana origin', async () => {
    const plan = await build({ fromChain: 'solana', fromToken: USDC_SOL, sender: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' });
    expect(plan.fundingStep).toBeNull();
    expect(plan.deposit).toMatchObject({ chain: 'solana', token: USDC_SOL.address, amount: 25_000_000n });
  });

  it('refuses a deposit address that is not an address of the origin chain', async () => {
    const req = request();
    const quote = await adapter.venue.quote(req, testCall());
    const body = fixture('real/quote-live-btc-to-eth-usdt.json') as { quote: Record<string, unknown> };
    fake.server.setFault({ kind: 'status', status: 200, body: { ...body, quote: { ...body.quote, depositAddress: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' } } });
    const error = await rejection(adapter.venue.build({ request: req, quote }, testCall()));
    expect(error.code).toBe('venue_bad_response');
    expect(error.details).toEqual({ path: '/quote/depositAddress' });
  });
});

const statusRequest = (plan: DepositPlan, sourceTxHash = `0x${'ab'.repeat(32)}`): VenueStatusRequest =>
  ({ fromChain: 'base', toChain: 'arbitrum', toToken: USDC_ARB, sourceTxHash, recipient: RECIPIENT, amountIn: 25_000_000n, expectedOut: plan.amountOut, context: plan.context }) as VenueStatusRequest;

describe('status', () => {
  const expected: Record<string, string> = { PENDING_DEPOSIT: 'pending', KNOWN_DEPOSIT_TX: 'pending', PROCESSING: 'pending', INCOMPLETE_DEPOSIT: 'pending', SUCCESS: 'completed', REFUNDED: 'refunded', FAILED: 'failed' };

  it('reads the stored context through NearIntentsContextSchema and refuses one it did not write', async () => {
    const req = request();
    const plan = (await adapter.venue.build({ request: req, quote: await adapter.venue.quote(req, testCall()) }, testCall())) as DepositPlan;
    expect(passes(NearIntentsContextSchema, plan.context)).toBe(true);
    const { correlationId: _dropped, ...withoutId } = plan.context;
    for (const context of [withoutId, { ...plan.context, minAmountOut: 'lots' }, { ...plan.context, depositAddress: 7 }]) {
      const error = await rejection(adapter.venue.status({ ...statusRequest(plan), context } as VenueStatusRequest, testCall()));
      expect(error.code).toBe('invalid_input');
    }
    const { depositAddress: _none, ...quoteOnly } = plan.context;
    expect((await rejection(adapter.venue.status({ ...statusRequest(plan), context: quoteOnly } as VenueStatusRequest, testCall()))).message).toMatch(/depositAddress/);
  });

  it('tables every 1Click status', () => {
    expect(Object.keys(NEAR_INTENTS_STATUS_TABLE).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))('maps %s to %s', async (status, state) => {
    const plan = await build();
    fake.setStatus(plan.deposit.address, status);
    const answer = await adapter.venue.status(statusRequest(plan), testCall());
    expect(answer.state).toBe(state);
    expect(answer.venueStatus).toBe(status);
    if (state === 'completed') {
      expect(answer.receivedAmount).toBe(24_949_000n);
      expect(answer.destinationTxHash).toMatch(/^0x/);
    }
    if (status === 'INCOMPLETE_DEPOSIT') expect(answer.detail).toMatch(/refunded after the deadline unless topped up/);
  });

  it('asks by deposit address after reporting the deposit tx once', async () => {
    const plan = await build();
    fake.server.requests.length = 0;
    await adapter.venue.status(statusRequest(plan), testCall());
    await adapter.venue.status(statusRequest(plan), testCall());
    const paths = fake.server.requests.map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(['POST /v0/deposit/submit', 'GET /v0/status', 'GET /v0/status']);
    expect(fake.server.requests[0]?.body).toEqual({ txHash: `0x${'ab'.repeat(32)}`, depositAddress: plan.deposit.address });
    expect(fake.server.requests[1]?.query.get('depositAddress')).toBe(plan.deposit.address);
    expect(fake.server.requests[1]?.query.has('depositMemo')).toBe(false);
  });

  it('reports a fill below the guaranteed minimum as partial', async () => {
    const plan = await build();
    fake.setStatus(plan.deposit.address, 'SUCCESS', { amountOut: '24000000' });
    const answer = await adapter.venue.status(statusRequest(plan), testCall());
    expect(answer).toMatchObject({ state: 'partial', receivedAmount: 24_000_000n });
  });

  it('explains a refund and keeps unknown statuses pending', async () => {
    const plan = await build();
    fake.setStatus(plan.deposit.address, 'REFUNDED', { refundedAmount: '25000000', refundReason: 'deadline passed' });
    expect((await adapter.venue.status(statusRequest(plan), testCall())).detail).toBe('refunded 25000000 to the sender: deadline passed');
    fake.setStatus(plan.deposit.address, 'SOMETHING_NEW');
    expect(await adapter.venue.status(statusRequest(plan), testCall())).toMatchObject({ state: 'pending', venueStatus: 'SOMETHING_NEW', detail: expect.stringMatching(/unknown/) });
  });

  it('treats an unknown deposit address as pending and a bad shape as venue_bad_response', async () => {
    const plan = await build();
    const stranger = { ...plan, context: { ...plan.context, depositAddress: '0x4444444444444444444444444444444444444444' } };
    expect(await adapter.venue.status(statusRequest(stranger), testCall())).toMatchObject({ state: 'pending', detail: 'deposit address not known yet' });
    fake.server.setFault({ kind: 'status', status: 200, body: { status: 7 } });
    expect((await rejection(adapter.venue.status(statusRequest(plan, ''), testCall()))).code).toBe('venue_bad_response');
  });
});

describe('sandbox mode', () => {
  it('pays once the deposit address holds amountIn, then reports SUCCESS', async () => {
    const { settlement, balances, payments } = depositSettlement();
    const sandbox = await startNearIntentsFake({ settlement, chainIds: { base: 8453, arb: 42161 } });
    try {
      const venue = createTestVenue(nearIntentsVenue, sandbox.url, { now: () => NOW }).venue;
      const req = request();
      const plan = (await venue.build({ request: req, quote: await venue.quote(req, testCall()) }, testCall())) as DepositPlan;
      const key = `8453:${USDC_BASE.address}:${plan.deposit.address}`.toLowerCase();
      const poll = () => venue.status(statusRequest(plan, ''), testCall());
      expect((await poll()).venueStatus).toBe('PENDING_DEPOSIT');
      balances.set(key, 10_000_000n);
      expect((await poll()).venueStatus).toBe('INCOMPLETE_DEPOSIT');
      balances.set(key, 25_000_000n);
      const [first, second] = await Promise.all([poll(), poll()]);
      expect(first).toMatchObject({ state: 'completed', venueStatus: 'SUCCESS', destinationTxHash: `0x${'cd'.repeat(32)}`, receivedAmount: 24_949_000n });
      expect(second?.state).toBe('completed');
      expect((await poll()).state).toBe('completed');
      expect(payments).toEqual([{ chainId: 42161, token: USDC_ARB.address, recipient: RECIPIENT, amount: 24_949_000n }]);
    } finally {
      await sandbox.close();
    }
  });
});
