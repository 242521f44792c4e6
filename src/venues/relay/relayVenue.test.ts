import { readFileSync } from 'node:fs';
import { Compile } from 'typebox/compile';
import { decodeFunctionData, encodeFunctionData, erc20Abi, getAddress, parseAbi, slice, type Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeSettlement, MinedTransaction } from '../fake/FakeSettlement.ts';
import { startFakeServer } from '../fake/startFakeServer.ts';
import { createTestVenue, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import { type Corridor, type StepsPlan, type VenueQuote, type VenueQuoteRequest, type VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { RELAY_RECEIVER } from './relayChains.ts';
import { RELAY_FAKE_DEPOSITORY, RELAY_FAKE_SOLVER, startRelayFake, type RelayFake } from './relayFake.ts';
import { RELAY_STATUS_TABLE, RELAY_STATUSES } from './relayMapping.ts';
import { RelayContextSchema, RelayErrorSchema, RelayIntentStatusSchema, RelayQuoteSchema, RelayRequestsSchema } from './relaySchemas.ts';
import { relayVenue } from './relayVenue.ts';

type Token = Corridor['fromToken'];
const USDC_BASE: Token = { chain: 'base', symbol: 'USDC', address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', decimals: 6 };
const USDC_ARB: Token = { chain: 'arbitrum', symbol: 'USDC', address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', decimals: 6 };
const USDT_ARB: Token = { chain: 'arbitrum', symbol: 'USDT', address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', decimals: 6 };
const ETH_BASE: Token = { chain: 'base', symbol: 'ETH', address: null, decimals: 18 };
const ETH_ARB: Token = { chain: 'arbitrum', symbol: 'ETH', address: null, decimals: 18 };
const SENDER = '0x1111111111111111111111111111111111111111';
const RECIPIENT = '0x3333333333333333333333333333333333333333';
const NOW = 1_767_225_600_000;
// Build re-quotes live and reads nothing from the stored quote.
const STORED: VenueQuote = { amountIn: 50_000_000n, amountOut: 49_976_000n, minAmountOut: 49_726_120n, estimatedSeconds: 4, expiresAt: NOW + 30_000, context: {} };

function request(overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest {
  return { fromChain: 'base', toChain: 'arbitrum', fromToken: USDC_BASE, toToken: USDC_ARB, amountIn: 50_000_000n, sender: SENDER, recipient: RECIPIENT, userIp: null, integratorFee: null, ...overrides };
}

const rejection = rejectionOf;

let fake: RelayFake;
let venue: ReturnType<typeof createTestVenue>['venue'];

beforeAll(async () => {
  fake = await startRelayFake();
  venue = createTestVenue(relayVenue, fake.url, { credentials: { API_KEY: 'k-123' }, now: () => NOW }).venue;
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.server.requests.length = 0;
  fake.server.setFault(null);
  fake.setMinimum(null);
  fake.setMaximum(null);
  fake.setQuoteError(null);
  fake.setDepositMode('transfer');
  fake.setDepositTarget(null);
});

describe('relay quote', () => {
  it('speaks the /quote/v2 dialect and maps the answer', async () => {
    const quote = await venue.quote(request(), testCall());
    const sent = fake.server.requests[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/quote/v2');
    expect(sent?.headers['x-api-key']).toBe('k-123');
    expect(sent?.body).toEqual({
      user: SENDER,
      recipient: RECIPIENT,
      originChainId: 8453,
      destinationChainId: 42161,
      originCurrency: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      destinationCurrency: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
      amount: '50000000',
      tradeType: 'EXACT_INPUT',
      slippageTolerance: '50',
      referrer: 'strait',
    });
    // 3 bps service + 9000 relayer gas; minimum 50 bps below.
    expect(quote.amountIn).toBe(50_000_000n);
    expect(quote.amountOut).toBe(49_976_000n);
    expect(quote.minAmountOut).toBe(49_976_000n - 249_880n);
    expect(quote.estimatedSeconds).toBe(4);
    expect(quote.expiresAt).toBe(NOW + 30_000);
    const requestId = quote.context.requestId as string;
    expect(requestId).toMatch(/^0x[0-9a-f]{64}$/);
    expect(fake.quotes.has(requestId)).toBe(true);
    expect(quote.context.deposit).toMatchObject({ to: USDC_BASE.address?.toLowerCase(), value: '0', chainId: 8453 });
  });

  it('asks Relay for the integrator fee as appFees and nets it out', async () => {
    const quote = await venue.quote(request({ integratorFee: { bps: 10, recipient: '0x2222222222222222222222222222222222222222' } }), testCall());
    expect((fake.server.requests[0]?.body as Record<string, unknown>).appFees).toEqual([{ recipient: '0x2222222222222222222222222222222222222222', fee: '10' }]);
    expect(quote.amountOut).toBe(49_976_000n - 50_000n);
  });

  it('names native currency with the zero address', async () => {
    const quote = await venue.quote(request({ fromToken: ETH_BASE, toToken: ETH_ARB, amountIn: 10n ** 17n }), testCall());
    const body = fake.server.requests[0]?.body as Record<string, unknown>;
    expect(body.originCurrency).toBe('0x0000000000000000000000000000000000000000');
    expect(body.destinationCurrency).toBe('0x0000000000000000000000000000000000000000');
    expect(quote.context.deposit).toMatchObject({ to: RELAY_RECEIVER, value: (10n ** 17n).toString() });
  });
});

describe('relay coverage', () => {
  it('answers supports without a network call', () => {
    expect(venue.supports(request())).toEqual({ served: true });
    expect(venue.supports({ ...request(), fromChain: 'solana' })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports({ ...request(), toChain: 'tron' })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports({ ...request(), toChain: 'base', toToken: USDC_BASE })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports({ ...request(), fromToken: { ...USDC_BASE, symbol: 'DAI' } })).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(fake.server.requests).toHaveLength(0);
  });

  it('lists EVM origins and the symbols moved on a pair', () => {
    const coverage = venue.coverage();
    expect(coverage.origins).toEqual(expect.arrayContaining(['base', 'arbitrum', 'ethereum', 'optimism', 'polygon']));
    expect(coverage.origins).not.toContain('solana');
    expect(coverage.tokenSymbols('base', 'arbitrum')).toEqual(expect.arrayContaining(['ETH', 'USDC']));
    expect(coverage.tokenSymbols('ethereum', 'solana')).toEqual(['USDC']);
    expect(coverage.tokenSymbols('solana', 'base')).toEqual([]);
  });

  it('refuses an unserved corridor at quote time too', async () => {
    expect((await rejection(venue.quote({ ...request(), fromChain: 'tron' }, testCall()))).code).toBe('route_not_served');
  });
});

describe('relay errors', () => {
  it('translates AMOUNT_TOO_LOW to below_min, with the minimum when errorData has one', async () => {
    fake.setMinimum(60_000_000n, true);
    const withMin = await rejection(venue.quote(request(), testCall()));
    expect(withMin.code).toBe('below_min');
    expect(withMin.details?.minAmountAtomic).toBe('60000000');
    fake.setMinimum(60_000_000n, false);
    const without = await rejection(venue.quote(request(), testCall()));
    expect(without.code).toBe('below_min');
    expect(without.details?.minAmountAtomic).toBeUndefined();
  });

  it('translates SOLVER_CAPACITY_EXCEEDED to above_max with the ceiling', async () => {
    fake.setMaximum(10_000_000n);
    const error = await rejection(venue.quote(request(), testCall()));
    expect(error.code).toBe('above_max');
    expect(error.details?.maxAmountAtomic).toBe('10000000');
  });

  it('translates the fake refusing a currency to token_not_supported', async () => {
    expect((await rejection(venue.quote(request({ toToken: USDT_ARB }), testCall()))).code).toBe('token_not_supported');
  });

  it.each([
    ['INSUFFICIENT_LIQUIDITY', 'no_liquidity'],
    ['NO_QUOTES', 'no_liquidity'],
    ['NO_SWAP_ROUTES_FOUND', 'no_liquidity'],
    ['NO_INTERNAL_SWAP_ROUTES_FOUND', 'no_liquidity'],
    ['UNSUPPORTED_ROUTE', 'route_not_served'],
    ['UNSUPPORTED_CHAIN', 'route_not_served'],
    ['CHAIN_DISABLED', 'route_not_served'],
    ['ROUTE_TEMPORARILY_RESTRICTED', 'route_not_served'],
    ['UNSUPPORTED_CURRENCY', 'token_not_supported'],
    ['INVALID_ADDRESS', 'invalid_input'],
    ['SANCTIONED_WALLET_ADDRESS', 'invalid_input'],
    ['INVALID_SLIPPAGE_TOLERANCE', 'invalid_input'],
    ['SOMETHING_NEW', 'venue_error'],
  ])('translates %s to %s', async (errorCode, code) => {
    fake.setQuoteError({ status: 400, body: { message: 'no', errorCode } });
    const error = await rejection(venue.quote(request(), testCall()));
    expect(error.code).toBe(code);
    expect(error.details?.venueCode).toBe(errorCode);
  });

  it('translates 429 to venue_rate_limited and leaves 5xx to the registry', async () => {
    fake.setQuoteError({ status: 429, body: { message: 'Too many requests' } });
    expect((await rejection(venue.quote(request(), testCall()))).code).toBe('venue_rate_limited');
    fake.setQuoteError(null);
    fake.server.setFault({ kind: 'status', status: 500, body: { message: 'boom', errorCode: 'UNKNOWN_ERROR' } });
    const error = await venue.quote(request(), testCall()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VenueHttpError);
    expect((error as VenueHttpError).status).toBe(500);
  });

  it('rejects a wrong-shaped answer as venue_bad_response', async () => {
    fake.setQuoteError({ status: 200, body: { steps: [], details: {} } });
    const error = await rejection(venue.quote(request(), testCall()));
    expect(error.code).toBe('venue_bad_response');
    expect(error.details?.path).toBeDefined();
  });
});

function quoteWith(deposit: Record<string, unknown>, extraSteps: unknown[] = []) {
  const fixture = JSON.parse(readFileSync(new URL('./fixtures/quote.json', import.meta.url), 'utf8')) as { steps: { id: string; items: { data: Record<string, unknown> }[] }[] };
  const depositStep = fixture.steps.find((s) => s.id === 'deposit');
  if (depositStep?.items[0]) depositStep.items[0].data = { ...depositStep.items[0].data, ...deposit };
  return { ...fixture, steps: [...fixture.steps.filter((s) => s.id === 'deposit'), ...extraSteps] };
}

describe('relay build', () => {
  it('re-quotes and returns the ERC-20 transfer deposit carrying the request id', async () => {
    const stored = await venue.quote(request(), testCall());
    const plan = (await venue.build({ request: request(), quote: stored }, testCall())) as StepsPlan;
    expect(fake.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /quote/v2', 'POST /quote/v2']);
    expect(fake.server.requests[1]?.body).toEqual(fake.server.requests[0]?.body);
    expect(plan.shape).toBe('steps');
    expect(plan.approval).toBeNull();
    expect(plan.steps).toHaveLength(1);
    const step = plan.steps[0];
    if (step?.vm !== 'evm') throw new Error('expected an EVM step');
    expect(step).toMatchObject({ step: 'main', chainId: 8453, to: getAddress(USDC_BASE.address as string), value: 0n });
    const decoded = decodeFunctionData({ abi: erc20Abi, data: slice(step.data, 0, 68) });
    expect(decoded.functionName).toBe('transfer');
    expect(decoded.args).toEqual([RELAY_FAKE_SOLVER, 50_000_000n]);
    const requestId = plan.context.requestId as string;
    expect(slice(step.data, 68)).toBe(requestId);
    expect(requestId).not.toBe(stored.context.requestId);
    expect(plan.amountOut).toBe(49_976_000n);
    expect(plan.minAmountOut).toBe(49_726_120n);
  });

  it('turns an approve step into an approval and calls the depository', async () => {
    fake.setDepositMode('depository');
    const plan = (await venue.build({ request: request(), quote: await venue.quote(request(), testCall()) }, testCall())) as StepsPlan;
    expect(plan.approval).toEqual({ chainId: 8453, token: getAddress(USDC_BASE.address as string), spender: RELAY_FAKE_DEPOSITORY, amount: 50_000_000n });
    expect(plan.steps).toHaveLength(1);
    const step = plan.steps[0];
    if (step?.vm !== 'evm') throw new Error('expected an EVM step');
    expect(step.to).toBe(RELAY_FAKE_DEPOSITORY);
    const decoded = decodeFunctionData({ abi: parseAbi(['function depositErc20(address depositor, address token, uint256 amount, bytes32 id)']), data: step.data });
    expect(decoded.args).toEqual([getAddress(SENDER), getAddress(USDC_BASE.address as string), 50_000_000n, plan.context.requestId]);
  });

  it('sends native deposits to the receiver with the value', async () => {
    const native = request({ fromToken: ETH_BASE, toToken: ETH_ARB, amountIn: 10n ** 17n });
    const plan = (await venue.build({ request: native, quote: await venue.quote(native, testCall()) }, testCall())) as StepsPlan;
    expect(plan.approval).toBeNull();
    expect(plan.steps[0]).toMatchObject({ to: getAddress(RELAY_RECEIVER), value: 10n ** 17n, data: plan.context.requestId });
  });

  it('refuses a deposit to an unknown contract', async () => {
    const stored = await venue.quote(request(), testCall());
    fake.setDepositTarget('0x9999999999999999999999999999999999999999');
    const error = await rejection(venue.build({ request: request(), quote: stored }, testCall()));
    expect(error.code).toBe('venue_bad_response');
    expect(error.details?.path).toBe('/steps/deposit/items/0/data/to');
  });

  const token = USDC_BASE.address?.toLowerCase() as Hex;
  const id = '0x92b99e6e1ee1deeb9531b5ad7f87091b3d71254b3176de9e8b5f6c6d0bd3a331';
  const transfer = (to: Hex, amount: bigint, suffix: Hex = id) => `${encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })}${suffix.slice(2)}`;
  it.each([
    ['a deposit on another chain', quoteWith({ chainId: 42161 })],
    ['a transfer to someone other than Relay', quoteWith({ to: token, data: transfer('0x9999999999999999999999999999999999999999', 50_000_000n) })],
    ['a transfer of another amount', quoteWith({ to: token, data: transfer(RELAY_FAKE_SOLVER, 49_000_000n) })],
    ['a transfer without the request id', quoteWith({ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RELAY_FAKE_SOLVER, 50_000_000n] }) })],
    ['a token deposit with native value', quoteWith({ value: '1' })],
    ['a step the service cannot run', quoteWith({}, [{ id: 'swap', kind: 'transaction', requestId: id, items: [{ data: {} }] }])],
    ['a signature deposit', { ...quoteWith({}), steps: [{ id: 'deposit', kind: 'signature', requestId: id, items: [{ data: { sign: {} } }] }] }],
  ])('refuses %s', async (_name, body) => {
    fake.setQuoteError({ status: 200, body });
    expect((await rejection(venue.build({ request: request(), quote: STORED }, testCall()))).code).toBe('venue_bad_response');
  });
});

function statusRequest(requestId: string, overrides: Partial<VenueStatusRequest> = {}): VenueStatusRequest {
  return { fromChain: 'base', toChain: 'arbitrum', toToken: USDC_ARB, sourceTxHash: `0x${'ab'.repeat(32)}`, recipient: RECIPIENT, amountIn: 50_000_000n, expectedOut: 49_976_000n, context: { requestId }, ...overrides };
}

describe('relay status', () => {
  it('reads the stored context through RelayContextSchema and refuses one it did not write', async () => {
    const { context } = await venue.quote(request(), testCall());
    expect(Compile(RelayContextSchema).Check(context)).toBe(true);
    for (const bad of [{ requestId: 'not-an-id' }, { requestId: 42 }, { ...context, deposit: { to: 'nowhere' } }]) {
      expect((await rejection(venue.status({ ...statusRequest(''), context: bad } as VenueStatusRequest, testCall()))).code).toBe('invalid_input');
    }
  });

  it.each(RELAY_STATUSES.map((s) => [s, RELAY_STATUS_TABLE[s]] as const))('maps %s to %s', async (status, state) => {
    const { context } = await venue.quote(request(), testCall());
    const requestId = context.requestId as string;
    fake.setStatus(requestId, { status, receivedAmount: 49_970_000n });
    const answer = await venue.status(statusRequest(requestId), testCall());
    expect(answer.state).toBe(state);
    expect(answer.venueStatus).toBe(status);
    if (state === 'completed') {
      expect(answer.receivedAmount).toBe(49_970_000n);
      expect(answer.receivedAsset).toBe('0xaf88d065e77c8cc2239327c5edb3a432268e5831');
      expect(answer.destinationTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    } else {
      expect(answer.receivedAmount).toBeNull();
    }
  });

  it('indexes the origin transaction once, then polls /intents/status/v3', async () => {
    const requestId = (await venue.quote(request(), testCall())).context.requestId as string;
    const txHash = `0x${'cd'.repeat(32)}`;
    fake.server.requests.length = 0;
    await venue.status(statusRequest(requestId, { sourceTxHash: txHash }), testCall());
    await venue.status(statusRequest(requestId, { sourceTxHash: txHash }), testCall());
    const calls = fake.server.requests.map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual(['POST /transactions/index', 'GET /intents/status/v3', 'GET /intents/status/v3']);
    expect(fake.server.requests[0]?.body).toEqual({ chainId: '8453', txHash, requestId });
    expect(fake.server.requests[1]?.query.get('requestId')).toBe(requestId);
    expect(fake.indexed.get(txHash)).toBe(requestId);
  });

  it('keeps an unknown status pending and says so', async () => {
    const requestId = (await venue.quote(request(), testCall())).context.requestId as string;
    fake.setStatus(requestId, 'teleporting');
    const answer = await venue.status(statusRequest(requestId), testCall());
    expect(answer.state).toBe('pending');
    expect(answer.detail).toMatch(/unknown Relay status 'teleporting'/);
  });

  it('surfaces a 5xx and rejects a wrong-shaped status', async () => {
    const requestId = (await venue.quote(request(), testCall())).context.requestId as string;
    fake.server.setFault({ kind: 'status', status: 503 });
    expect(await venue.status(statusRequest(requestId), testCall()).catch((e: unknown) => e)).toBeInstanceOf(VenueHttpError);
    fake.server.setFault(null);
    fake.setStatus(requestId, { status: 42 } as never);
    expect((await rejection(venue.status(statusRequest(requestId), testCall()))).code).toBe('venue_bad_response');
  });

  it('falls back to the expected output when /requests/v2 fails', async () => {
    const server = await startFakeServer({
      'POST /transactions/index': () => ({ status: 400, body: { message: 'not found' } }),
      'GET /intents/status/v3': () => ({ body: JSON.parse(readFileSync(new URL('./fixtures/real/status-v3-success.json', import.meta.url), 'utf8')) as unknown }),
      'GET /requests/v2': () => ({ status: 500, body: { message: 'down' } }),
    });
    try {
      const { venue: other } = createTestVenue(relayVenue, server.url);
      const answer = await other.status(statusRequest(`0x${'12'.repeat(32)}`), testCall());
      expect(answer).toMatchObject({ state: 'completed', receivedAmount: 49_976_000n, destinationTxHash: '0x9da7bc54dfe6229d6980fd62250d472f23dfe0f41a1cdc870c81a08b3445f254' });
    } finally {
      await server.close();
    }
  });

  it('keeps a request Relay has not indexed yet pending on every poll, never opening the status breaker', async () => {
    // The fake answers 404 for a request id it never quoted and an empty /requests/v2 for an unknown hash.
    const unknownId = `0x${'34'.repeat(32)}`;
    const call = { ...testCall(), purpose: 'status' as const };
    for (let poll = 0; poll < 7; poll++) {
      expect(await venue.status(statusRequest(unknownId, { sourceTxHash: `0x${'56'.repeat(32)}` }), call)).toMatchObject({ state: 'pending', venueStatus: 'notIndexed', destinationTxHash: null });
      expect(await venue.status(statusRequest(unknownId, { sourceTxHash: `0x${'78'.repeat(32)}`, context: {} }), call)).toMatchObject({ state: 'pending', venueStatus: 'notIndexed', detail: expect.stringMatching(/knows no request for 0x7878/) as unknown });
    }
    expect(fake.server.requests.filter((r) => r.path === '/intents/status/v3').length).toBe(7);
  });

  it('recovers the request id from the origin hash when the context lacks it', async () => {
    const requestId = (await venue.quote(request(), testCall())).context.requestId as string;
    const txHash = `0x${'ef'.repeat(32)}`;
    await fetch(`${fake.url}/transactions/index`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ chainId: '8453', txHash, requestId }) });
    fake.setStatus(requestId, 'pending');
    const answer = await venue.status(statusRequest(requestId, { sourceTxHash: txHash, context: {} }), testCall());
    expect(answer.state).toBe('pending');
    expect(fake.server.requests.some((r) => r.path === '/requests/v2' && r.query.get('hash') === txHash)).toBe(true);
  });
});

describe('relay fake settlement', () => {
  it('pays the recipient once after a valid transfer deposit, and fails a wrong one', async () => {
    const mined = new Map<string, MinedTransaction>();
    const payments: unknown[][] = [];
    const settlement: FakeSettlement = {
      findTransaction: (_chainId, hash) => Promise.resolve(mined.get(hash) ?? null),
      balanceOf: () => Promise.resolve(0n),
      pay: (...args) => {
        payments.push(args);
        return Promise.resolve(`0x${'77'.repeat(32)}` as Hex);
      },
      send: () => Promise.reject(new Error('unused')),
    };
    const sandbox = await startRelayFake({ settlement });
    try {
      const { venue: v } = createTestVenue(relayVenue, sandbox.url);
      const plan = (await v.build({ request: request(), quote: await v.quote(request(), testCall()) }, testCall())) as StepsPlan;
      const main = plan.steps[0];
      if (main?.vm !== 'evm') throw new Error('expected an EVM step');
      const requestId = plan.context.requestId as string;
      const txHash = `0x${'01'.repeat(32)}`;
      const status = () => v.status(statusRequest(requestId, { sourceTxHash: txHash }), testCall());
      expect((await status()).venueStatus).toBe('waiting');
      mined.set(txHash, { from: SENDER, to: main.to, input: main.data, value: 0n, success: true, logs: [] });
      const done = await status();
      expect(done).toMatchObject({ state: 'completed', destinationTxHash: `0x${'77'.repeat(32)}`, receivedAmount: 49_976_000n });
      await status();
      expect(payments).toEqual([[42161, getAddress(USDC_ARB.address as string), getAddress(RECIPIENT), 49_976_000n]]);

      const second = (await v.build({ request: request(), quote: await v.quote(request(), testCall()) }, testCall())) as StepsPlan;
      const wrongHash = `0x${'02'.repeat(32)}`;
      const short = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RELAY_FAKE_SOLVER, 1n] });
      mined.set(wrongHash, { from: SENDER, to: main.to, input: `${short}${(second.context.requestId as string).slice(2)}` as Hex, value: 0n, success: true, logs: [] });
      const failed = await v.status(statusRequest(second.context.requestId as string, { sourceTxHash: wrongHash }), testCall());
      expect(failed.state).toBe('failed');
      expect(payments).toHaveLength(1);
    } finally {
      await sandbox.close();
    }
  });
});

describe('relay fixtures', () => {
  const load = (name: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
  it('recorded answers pass the schemas', () => {
    expect(Compile(RelayQuoteSchema).Check(load('real/quote-eth-to-base-native.json'))).toBe(true);
    expect(Compile(RelayQuoteSchema).Check(load('quote.json'))).toBe(true);
    expect(Compile(RelayIntentStatusSchema).Check(load('real/status-v3-success.json'))).toBe(true);
    expect(Compile(RelayRequestsSchema).Check(load('real/requests-v2-bsc_usdt_to_sol.json'))).toBe(true);
    expect(Compile(RelayRequestsSchema).Check(load('real/requests-v2-eth_to_btc.json'))).toBe(true);
    expect(Compile(RelayErrorSchema).Check(load('real/error-amount-too-low.json'))).toBe(true);
  });

  it('the fake accepts the documented request and answers in the documented shape', async () => {
    const response = await fetch(`${fake.url}/quote/v2`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(load('quoteRequest.json')) });
    expect(response.status).toBe(200);
    expect(Compile(RelayQuoteSchema).Check(await response.json())).toBe(true);
  });
});

describe('relay exact output', () => {
  const EXACT = 40_000_000n;
  const exact = (overrides: Partial<VenueQuoteRequest> = {}) => request({ exactOut: EXACT, amountIn: 2n ** 256n - 1n, ...overrides });

  it('asks EXACT_OUTPUT for the output amount, without app fees, and guarantees the exact output', async () => {
    const quote = await venue.quote(exact(), testCall());
    const sent = fake.server.requests[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ tradeType: 'EXACT_OUTPUT', amount: EXACT.toString() });
    expect(sent.appFees).toBeUndefined();
    expect(quote).toMatchObject({ amountOut: EXACT, minAmountOut: EXACT });
    expect(quote.amountIn).toBeGreaterThan(EXACT);
  });

  it('builds a deposit of exactly the input Relay states, within the bound, and says what it takes', async () => {
    const quote = await venue.quote(exact(), testCall());
    const plan = (await venue.build({ request: exact({ amountIn: quote.amountIn + 10_000n }), quote }, testCall())) as StepsPlan;
    const step = plan.steps[0];
    if (step?.vm !== 'evm') throw new Error('expected an EVM step');
    const { args } = decodeFunctionData({ abi: erc20Abi, data: slice(step.data, 0, 68) });
    expect(args[1]).toBe(quote.amountIn);
    expect(plan).toMatchObject({ amountIn: quote.amountIn, minAmountOut: EXACT, approval: null });
  });

  it('refuses an input above the bound the engine gave', async () => {
    const quote = await venue.quote(exact(), testCall());
    expect(await rejection(venue.build({ request: exact({ amountIn: quote.amountIn - 1n }), quote }, testCall()))).toMatchObject({ code: 'venue_bad_response' });
  });
});
