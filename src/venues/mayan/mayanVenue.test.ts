import { decodeFunctionData, encodeFunctionData, pad, type Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { whyNotAllowed } from '../../engine/vetSteps.ts';
import { nativeToken, resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import { createTestVenue, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError, type VenueHttpClient } from '../venueHttpClient.ts';
import { MAYAN_FORWARDER, MAYAN_SWIFT_V1, MAYAN_SWIFT_V2 } from './mayanChains.ts';
import { startMayanFake, type MayanFake } from './mayanFake.ts';
import { MAYAN_STATUS_TABLE } from './mayanMapping.ts';
import { MAYAN_EXPLORER_API, MAYAN_PRICE_API, mayanVenue } from './mayanVenue.ts';
import { FORWARDER_SELECTORS, mayanForwarderAbi, mayanSwiftV1Abi, mayanSwiftV2Abi, swiftForwardProblem } from './mayanSwiftCall.ts';

const NOW = 1_767_225_600_000;
function token(chain: string, symbol: string | null): TokenInfo {
  const info = symbol === null ? nativeToken(chain) : resolveToken(chain, symbol);
  if (!info) throw new Error(`no ${symbol ?? 'native'} on ${chain}`);
  return info;
}
const SENDER = '0x1111111111111111111111111111111111111111';
const RECIPIENT = '0x2222222222222222222222222222222222222222';
const SOL_RECIPIENT = 'A21o4asMbFHYadqXdLusT9Bvx9xaC5YV9gcaidjqtdXC';
const SOURCE_TX = '0xaaa0000000000000000000000000000000000000000000000000000000000001';
const FILL_TX = '0xbbb0000000000000000000000000000000000000000000000000000000000002';

function quoteRequest(overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest {
  return { fromChain: 'arbitrum', toChain: 'base', fromToken: token('arbitrum', null), toToken: token('base', null), amountIn: 2n * 10n ** 18n, sender: SENDER, recipient: RECIPIENT, userIp: null, integratorFee: null, ...overrides };
}

let fake: MayanFake;
let venue: ReturnType<typeof createTestVenue>['venue'];

beforeAll(async () => {
  fake = await startMayanFake({ now: () => NOW });
  venue = createTestVenue(mayanVenue, fake.url, { now: () => NOW }).venue;
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.server.setFault(null);
  fake.patchQuote(null);
  fake.server.requests.length = 0;
});

describe('mayan quote', () => {
  it('asks for Swift routes only, in Mayan chain names and token ids', async () => {
    await venue.quote(quoteRequest({ fromChain: 'ethereum', fromToken: token('ethereum', 'USDC'), toChain: 'solana', toToken: token('solana', null), amountIn: 50_000_000n, recipient: SOL_RECIPIENT }), testCall());
    const query = fake.server.requests[0]?.query;
    expect(fake.server.requests[0]?.path).toBe('/quote');
    expect(query?.get('fromChain')).toBe('ethereum');
    expect(query?.get('toChain')).toBe('solana');
    expect(query?.get('toToken')).toBe('So11111111111111111111111111111111111111112');
    expect(query?.get('amountIn64')).toBe('50000000');
    expect([query?.get('swift'), query?.get('mctp'), query?.get('fastMctp'), query?.get('wormhole'), query?.get('gasless')]).toEqual(['true', 'false', 'false', 'false', 'false']);
    expect(query?.get('forwarderAddress')).toBe(MAYAN_FORWARDER);
  });

  it('prices a row net of the fake fee, the minimum cut to the order floor', async () => {
    const quote = await venue.quote(quoteRequest(), testCall());
    expect(quote.amountOut).toBe(2n * 10n ** 18n - (2n * 10n ** 18n * 10n) / 10_000n);
    expect(quote.minAmountOut).toBeLessThanOrEqual(quote.amountOut);
    expect(quote.minAmountOut % 10n ** 10n).toBe(0n); // 18-decimal floors carry 8 decimals on chain
    expect(quote.context.swiftContract).toBe(MAYAN_SWIFT_V1);
  });

  it('refuses amounts outside the limits with them in details', async () => {
    const low = await rejectionOf(venue.quote(quoteRequest({ amountIn: 10n ** 17n }), testCall()));
    expect(low.code).toBe('below_min');
    expect(low.details).toMatchObject({ minAmountAtomic: '1000000000000000000' });
    const high = await rejectionOf(venue.quote(quoteRequest({ amountIn: 2_000_000n * 10n ** 18n }), testCall()));
    expect(high.code).toBe('above_max');
    expect(high.details).toMatchObject({ maxAmountAtomic: '1000000000000000000000000' });
  });

  it('never prices a V2, gasless or foreign-contract Swift answer', async () => {
    for (const patch of [{ swiftVersion: 'V2' }, { gasless: true }, { swiftMayanContract: '0x3333333333333333333333333333333333333333' }, { type: 'MCTP' }]) {
      fake.patchQuote(patch);
      expect((await rejectionOf(venue.quote(quoteRequest(), testCall()))).code).toBe('route_not_served');
    }
  });

  it('refuses a recipient the destination cannot hold, and same-chain corridors', async () => {
    expect((await rejectionOf(venue.quote(quoteRequest({ toChain: 'solana', toToken: token('solana', null) }), testCall()))).code).toBe('invalid_input');
    expect(venue.supports({ fromChain: 'base', toChain: 'base', fromToken: token('base', null), toToken: token('base', null) }).served).toBe(false);
    expect(venue.supports({ fromChain: 'base', toChain: 'tron', fromToken: token('base', null), toToken: token('base', null) }).served).toBe(false);
  });

  it('leaves a 5xx to the registry as the HTTP error', async () => {
    fake.server.setFault({ kind: 'status', status: 503 });
    await expect(venue.quote(quoteRequest(), testCall())).rejects.toBeInstanceOf(VenueHttpError);
  });
});

describe('mayan build', () => {
  it('native ETH: forwardEth → createOrderWithEth paying the recipient on Base, value = amount, no approval', async () => {
    const request = quoteRequest();
    const quote = await venue.quote(request, testCall());
    const plan = await venue.build({ request, quote }, testCall());
    if (plan.shape !== 'steps') throw new Error('steps expected');
    const step = plan.steps[0];
    if (step?.vm !== 'evm') throw new Error('evm step expected');
    expect(step.to).toBe(MAYAN_FORWARDER);
    expect(step.value).toBe(request.amountIn);
    expect(plan.approval).toBeNull();
    const outer = decodeFunctionData({ abi: mayanForwarderAbi, data: step.data });
    if (outer.functionName !== 'forwardEth') throw new Error('forwardEth expected');
    expect(outer.args[0]).toBe(MAYAN_SWIFT_V1);
    const inner = decodeFunctionData({ abi: mayanSwiftV1Abi, data: outer.args[1] });
    if (inner.functionName !== 'createOrderWithEth') throw new Error('createOrderWithEth expected');
    const order = inner.args[0];
    expect(order.destAddr).toBe(pad(RECIPIENT, { size: 32 }));
    expect(order.trader).toBe(pad(SENDER, { size: 32 }));
    expect(order.destChainId).toBe(30);
    expect(order.minAmountOut * 10n ** 10n).toBe(quote.minAmountOut);
    expect(order.referrerBps).toBe(0);
    const intent = { sourceChainId: 42161, sourceToken: null, amount: request.amountIn, recipient: RECIPIENT, destinationChainId: 8453 };
    expect(swiftForwardProblem(step.data, step.value, intent)).toBeNull();
    expect(swiftForwardProblem(step.data, step.value, { ...intent, recipient: SENDER })).toMatch(/recipient/);
    expect(swiftForwardProblem(step.data, step.value, { ...intent, destinationChainId: 10 })).toMatch(/destination/);
    expect(swiftForwardProblem(step.data, step.value, { ...intent, amount: 1n })).toMatch(/locks/);
    expect(swiftForwardProblem(step.data, 1n, intent)).toMatch(/locks/);
  });

  it('ERC-20: forwardERC20 with an exact approval to the forwarder', async () => {
    const request = quoteRequest({ fromToken: token('arbitrum', 'USDC'), toToken: token('base', 'USDC'), amountIn: 25_000_000n });
    const quote = await venue.quote(request, testCall());
    const plan = await venue.build({ request, quote }, testCall());
    if (plan.shape !== 'steps') throw new Error('steps expected');
    expect(plan.approval).toEqual({ chainId: 42161, token: request.fromToken.address, spender: MAYAN_FORWARDER, amount: 25_000_000n });
    const step = plan.steps[0];
    if (step?.vm !== 'evm') throw new Error('evm step expected');
    expect(step.value).toBe(0n);
    const intent = { sourceChainId: 42161, sourceToken: request.fromToken.address, amount: 25_000_000n, recipient: RECIPIENT, destinationChainId: 8453 };
    expect(swiftForwardProblem(step.data, step.value, intent)).toBeNull();
    expect(swiftForwardProblem(step.data, step.value, { ...intent, sourceToken: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1' })).toMatch(/locks/);
  });

  it('passes the engine\'s step vetting with its allow-list; a step to another recipient or chain does not', async () => {
    const request = quoteRequest({ fromToken: token('arbitrum', 'USDC'), toToken: token('base', 'USDC'), amountIn: 25_000_000n });
    const quote = await venue.quote(request, testCall());
    const plan = await venue.build({ request, quote }, testCall());
    if (plan.shape !== 'steps' || plan.steps[0]?.vm !== 'evm') throw new Error('evm steps expected');
    const step = plan.steps[0];
    const allowList = mayanVenue.allowList;
    if (!allowList) throw new Error('allow-list expected');
    const intent = { sourceChainId: 42161, sourceToken: request.fromToken.address, amount: request.amountIn, recipient: RECIPIENT, destinationChainId: 8453 };
    const rules = { venue: 'mayan', allowList, chainId: 42161, sourceToken: request.fromToken, amountIn: request.amountIn, depositAddress: null, feeRecipients: [], intent };
    expect(whyNotAllowed(step, rules)).toBeNull();
    expect(whyNotAllowed(step, { ...rules, intent: { ...intent, recipient: SENDER } })).toMatch(/recipient/);
    expect(whyNotAllowed(step, { ...rules, intent: { ...intent, destinationChainId: 137 } })).toMatch(/destination/);
    expect(whyNotAllowed({ ...step, to: '0x3333333333333333333333333333333333333333' }, rules)).toMatch(/allow-list/);
  });

  it('Swift V2 from an ERC-20: forwardERC20 → the V2 source contract, default payload; a V2 answer for a native input is not priced', async () => {
    fake.patchQuote({ swiftVersion: 'V2', swiftMayanContract: MAYAN_SWIFT_V2 });
    const request = quoteRequest({ fromToken: token('arbitrum', 'USDC'), toToken: token('base', 'USDC'), amountIn: 25_000_000n });
    const quote = await venue.quote(request, testCall());
    expect(quote.context.route).toBe('SWIFT_V2');
    const plan = await venue.build({ request, quote }, testCall());
    if (plan.shape !== 'steps' || plan.steps[0]?.vm !== 'evm') throw new Error('evm steps expected');
    const step = plan.steps[0];
    const outer = decodeFunctionData({ abi: mayanForwarderAbi, data: step.data });
    if (outer.functionName !== 'forwardERC20') throw new Error('forwardERC20 expected');
    expect(outer.args[3]).toBe(MAYAN_SWIFT_V2);
    const inner = decodeFunctionData({ abi: mayanSwiftV2Abi, data: outer.args[4] });
    expect(inner.args[2]).toMatchObject({ payloadType: 1, destAddr: pad(RECIPIENT, { size: 32 }), destChainId: 30, referrerBps: 0 });
    expect(inner.args[3]).toBe('0x');
    const intent = { sourceChainId: 42161, sourceToken: request.fromToken.address, amount: 25_000_000n, recipient: RECIPIENT, destinationChainId: 8453 };
    expect(swiftForwardProblem(step.data, step.value, intent)).toBeNull();
    expect(swiftForwardProblem(step.data, step.value, { ...intent, recipient: SENDER })).toMatch(/recipient/);
    const withPayload = encodeFunctionData({ abi: mayanForwarderAbi, functionName: 'forwardERC20', args: [outer.args[0], outer.args[1], outer.args[2], MAYAN_SWIFT_V2, encodeFunctionData({ abi: mayanSwiftV2Abi, functionName: 'createOrderWithToken', args: [inner.args[0], inner.args[1], { ...inner.args[2], payloadType: 2 }, '0xdeadbeef'] })] });
    expect(swiftForwardProblem(withPayload, 0n, intent)).toMatch(/custom payload/);
    expect((await rejectionOf(venue.quote(quoteRequest(), testCall()))).code).toBe('route_not_served');
  });

  it('the check refuses a forward to another protocol, a referrer cut, and any other forwarder method', () => {
    const order = { trader: pad(SENDER, { size: 32 }), tokenOut: pad('0x', { size: 32 }), minAmountOut: 1n, gasDrop: 0n, cancelFee: 0n, refundFee: 0n, deadline: 1n, destAddr: pad(RECIPIENT, { size: 32 }), destChainId: 30, referrerAddr: pad(SENDER, { size: 32 }), referrerBps: 0, auctionMode: 1, random: pad('0x01', { size: 32 }) };
    const intent = { sourceChainId: 42161, sourceToken: null, amount: 5n, recipient: RECIPIENT, destinationChainId: 8453 };
    const forward = (protocol: Hex, o = order) => encodeFunctionData({ abi: mayanForwarderAbi, functionName: 'forwardEth', args: [protocol, encodeFunctionData({ abi: mayanSwiftV1Abi, functionName: 'createOrderWithEth', args: [o] })] });
    expect(swiftForwardProblem(forward(MAYAN_SWIFT_V1), 5n, intent)).toBeNull();
    expect(swiftForwardProblem(forward('0x3333333333333333333333333333333333333333'), 5n, intent)).toMatch(/not Mayan Swift/);
    expect(swiftForwardProblem(forward(MAYAN_SWIFT_V1, { ...order, referrerBps: 50 }), 5n, intent)).toMatch(/referrer/);
    expect(swiftForwardProblem('0xdeadbeef', 5n, intent)).toMatch(/not a Mayan forwarder call/);
    expect(mayanVenue.allowList?.calls.every((call) => call.to === MAYAN_FORWARDER && call.selectors === FORWARDER_SELECTORS && call.check)).toBe(true);
    // The forwarder selectors integrators hard-code (0x Settler's Mayan action, among others).
    expect(FORWARDER_SELECTORS).toEqual(['0xb0f584ff', '0xe4269fc4']);
  });

  it('refuses a Solana source (quote_only) and a stored quote naming another Swift contract', async () => {
    const solRequest = quoteRequest({ fromChain: 'solana', fromToken: token('solana', null), sender: SOL_RECIPIENT, amountIn: 10n ** 9n });
    const solQuote = await venue.quote(solRequest, testCall());
    expect((await rejectionOf(venue.build({ request: solRequest, quote: solQuote }, testCall()))).code).toBe('route_not_served');
    const request = quoteRequest();
    const quote = await venue.quote(request, testCall());
    const forged = { ...quote, context: { ...quote.context, swiftContract: '0x3333333333333333333333333333333333333333' } };
    expect((await rejectionOf(venue.build({ request, quote: forged }, testCall()))).code).toBe('venue_bad_response');
  });
});

describe('mayan status', () => {
  const request: VenueStatusRequest = { fromChain: 'arbitrum', toChain: 'base', toToken: token('base', null), sourceTxHash: SOURCE_TX, recipient: RECIPIENT, amountIn: 1n, expectedOut: 1n, context: {} };

  it('maps every clientStatus of the table', async () => {
    fake.setStatus(SOURCE_TX, { clientStatus: 'COMPLETED', fulfillTxHash: FILL_TX, toAmount: '1.5', toAmount64: '1500000000000000000' });
    expect(await venue.status(request, testCall())).toMatchObject({ state: 'completed', destinationTxHash: FILL_TX, receivedAmount: 1_500_000_000_000_000_000n });
    fake.setStatus(SOURCE_TX, { clientStatus: 'INPROGRESS' });
    expect(await venue.status(request, testCall())).toMatchObject({ state: 'pending', receivedAmount: null });
    fake.setStatus(SOURCE_TX, { clientStatus: 'REFUNDED', refundTxHash: FILL_TX });
    expect(await venue.status(request, testCall())).toMatchObject({ state: 'refunded', receivedAmount: null });
    fake.setStatus(SOURCE_TX, { clientStatus: 'SOMETHING_NEW' });
    expect(await venue.status(request, testCall())).toMatchObject({ state: 'pending', unrecognized: true });
    expect(Object.keys(MAYAN_STATUS_TABLE).sort()).toEqual(['COMPLETED', 'INPROGRESS', 'REFUNDED']);
  });

  it('reads toAmount in the token decimals when toAmount64 is absent', async () => {
    fake.setStatus(SOURCE_TX, { clientStatus: 'COMPLETED', fulfillTxHash: FILL_TX, toAmount: '0.25', toAmount64: null });
    expect((await venue.status(request, testCall())).receivedAmount).toBe(250_000_000_000_000_000n);
  });

  it('a hash the explorer has not indexed is pending', async () => {
    fake.setStatus(SOURCE_TX, null);
    expect(await venue.status(request, testCall())).toMatchObject({ state: 'pending', venueStatus: 'NOT_INDEXED' });
  });

  it('asks the explorer host, not the price API, when built on the default base URL', async () => {
    const hosts: string[] = [];
    const client = (host: string): VenueHttpClient => ({
      get: (path) => {
        hosts.push(`${host}${path}`);
        return Promise.reject(new Error('offline'));
      },
      post: () => Promise.reject(new Error('offline')),
    });
    const adapter = mayanVenue.create({ http: client(MAYAN_PRICE_API), httpAt: client, baseUrl: MAYAN_PRICE_API, credentials: {}, evm: () => null, now: () => NOW });
    await expect(adapter.status(request, testCall())).rejects.toThrow('offline');
    expect(hosts).toEqual([`${MAYAN_EXPLORER_API}/swap/trx/${SOURCE_TX}`]);
  });
});
