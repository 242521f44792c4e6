import type { PublicClient } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestVenue, knownToken, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { startBungeeFake, type BungeeFake } from './bungeeFake.ts';
import { readBungeeGatewayCall, whyNotBungeeGatewayCall } from './bungeeGatewayCalls.ts';
import { bungeeVenue } from './bungeeVenue.ts';

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const GATEWAY = '0x3a23F943181408EAC424116Af7b7790c94Cb97a5';

let fake: BungeeFake;
beforeAll(async () => {
  fake = await startBungeeFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.setOptions({});
  fake.server.setFault(null);
});

const venue = (credentials: Record<string, string> = {}) => createTestVenue(bungeeVenue, fake.url, { credentials }).venue;

function request(from: string, to: string, symbol: string | null, amountIn: bigint): VenueQuoteRequest {
  return { fromChain: from as VenueQuoteRequest['fromChain'], toChain: to as VenueQuoteRequest['toChain'], fromToken: knownToken(from, symbol), toToken: knownToken(to, symbol), amountIn, sender: USER, recipient: RECIPIENT, userIp: null, integratorFee: { bps: 20, recipient: USER } };
}

const usdc = request('base', 'arbitrum', 'USDC', 250_000_000n);
const eth = request('arbitrum', 'optimism', null, 10n ** 17n);

describe('bungee adapter against its fake', () => {
  it('asks for Manual bridge-only routes in its dialect, without Strait’s fee, and prices the net output', async () => {
    const quote = await venue().quote(usdc, testCall());
    expect(quote.amountOut).toBe(249_500_000n);
    expect(quote.minAmountOut).toBe(249_500_000n);
    expect(quote.estimatedSeconds).toBe(30);
    const asked = fake.server.requests.find((r) => r.path === '/api/v1/bungee/quote')!;
    expect(Object.fromEntries(asked.query)).toMatchObject({ originChainId: '8453', destinationChainId: '42161', inputAmount: '250000000', userAddress: USER, receiverAddress: RECIPIENT, slippage: '0.5', enableManual: 'true', disableSwapping: 'true', includeBridges: 'across,cctp-v2,cctp-v2-fast' });
    expect(asked.query.has('feeBps')).toBe(false);
    expect(asked.headers['x-api-key']).toBeUndefined();
  });

  it('sends the API key and affiliate id when configured, and publishes the public budget only without a key', async () => {
    await venue({ API_KEY: 'k-1', AFFILIATE: 'aff-1' }).quote(usdc, testCall());
    const asked = fake.server.requests.at(-1)!;
    expect(asked.headers['x-api-key']).toBe('k-1');
    expect(asked.headers.affiliate).toBe('aff-1');
    expect(bungeeVenue.rateLimit?.({})).toEqual({ requests: 20, perMs: 60_000 });
    expect(bungeeVenue.rateLimit?.({ API_KEY: 'k' })).toBeNull();
    expect(bungeeVenue.requiredCredentials).toEqual([]);
  });

  it('builds USDC over CCTP v2: one checked call to the pinned gateway and an exact approval', async () => {
    const adapter = venue();
    const quote = await adapter.quote(usdc, testCall());
    const plan = await adapter.build({ request: usdc, quote }, testCall());
    if (plan.shape !== 'steps') throw new Error('expected steps');
    const [step] = plan.steps;
    if (step?.vm !== 'evm') throw new Error('expected an EVM step');
    expect(step.to).toBe(GATEWAY);
    expect(step.chainId).toBe(8453);
    expect(whyNotBungeeGatewayCall(step.data, step.value, { sourceChainId: 8453, sourceToken: usdc.fromToken.address, amount: 250_000_000n, recipient: RECIPIENT, destinationChainId: 42161 })).toBeNull();
    expect(readBungeeGatewayCall(step.data)).toMatchObject({ name: 'CctpV2.bridgeERC20To' });
    expect(plan.approval).toEqual({ chainId: 8453, token: usdc.fromToken.address, spender: GATEWAY, amount: 250_000_000n });
  });

  it('builds native ETH over Across V3 with the amount as value and no approval', async () => {
    const adapter = venue();
    const quote = await adapter.quote(eth, testCall());
    const plan = await adapter.build({ request: eth, quote }, testCall());
    if (plan.shape !== 'steps' || plan.steps[0]?.vm !== 'evm') throw new Error('expected one EVM step');
    expect(plan.steps[0].value).toBe(10n ** 17n);
    expect(readBungeeGatewayCall(plan.steps[0].data)).toMatchObject({ name: 'AcrossV3.bridgeNativeTo', sourceToken: null });
    expect(plan.approval).toBeNull();
  });

  it.each([
    ['another recipient', { receiver: '0x00000000000000000000000000000000000bad00' as const }, /pays 0x0000/],
    ['another destination chain', { toChainId: 10n }, /chain 10/],
    ['another amount', { amount: 1n }, /bridges 1,|bridges 1 /],
    ['another source token', { token: '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2' as const }, /sends 0xfde4/],
    ['less than the quoted minimum', { delivers: 1n }, /below the quoted minimum/],
  ])('refuses a build whose calldata names %s', async (_what, tamper, message) => {
    const adapter = venue();
    const quote = await adapter.quote(usdc, testCall());
    fake.setOptions({ tamper });
    const rejection = await rejectionOf(adapter.build({ request: usdc, quote }, testCall()));
    expect(rejection.code).toBe('venue_bad_response');
    expect(rejection.message).toMatch(message);
  });

  it('with an RPC, builds only when the gateway sends the route id to a published implementation of that bridge', async () => {
    const asked: unknown[] = [];
    const rpc = (answer: string) => ({ readContract: async (args: unknown) => (asked.push(args), answer) }) as unknown as PublicClient;
    const withRpc = (answer: string) => createTestVenue(bungeeVenue, fake.url, { evm: (chain) => (chain === 'base' ? rpc(answer) : null) }).venue;
    const honest = withRpc('0x8EAeE07f8FFF38695708be900c1F9aacFB8b3C09');
    const plan = await honest.build({ request: usdc, quote: await honest.quote(usdc, testCall()) }, testCall());
    expect(plan.context).toMatchObject({ routeId: 0x1a6, routeImplementation: '0x8EAeE07f8FFF38695708be900c1F9aacFB8b3C09' });
    expect(asked[0]).toMatchObject({ address: GATEWAY, functionName: 'getRoute', args: [0x1a6] });
    // Base's Across V3 implementation answering a CCTP selector is not a CCTP route.
    const other = withRpc('0x740EA79e2FccDDB4eE8bB8Fc8ccAC5eb6dFa0b40');
    const rejection = await rejectionOf(other.build({ request: usdc, quote: await other.quote(usdc, testCall()) }, testCall()));
    expect(rejection.code).toBe('venue_bad_response');
    expect(rejection.message).toMatch(/not a published cctpV2 implementation on base/);
  });

  it('refuses an Across build delivering another token than asked', async () => {
    const adapter = venue();
    const usdt = request('arbitrum', 'optimism', 'USDT', 50_000_000n);
    const quote = await adapter.quote(usdt, testCall());
    fake.setOptions({ tamper: { outputToken: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85' } });
    const rejection = await rejectionOf(adapter.build({ request: usdt, quote }, testCall()));
    expect(rejection.message).toMatch(/delivers 0x0b2C/);
  });

  it('re-quotes at build when the stored quote id has expired', async () => {
    const adapter = venue();
    const quote = await adapter.quote(usdc, testCall());
    const stale = { ...quote, context: { ...quote.context, quoteExpiry: 1 } };
    const before = fake.server.requests.length;
    await adapter.build({ request: usdc, quote: stale }, testCall());
    expect(fake.server.requests.slice(before).map((r) => r.path)).toEqual(['/api/v1/bungee/quote', '/api/v1/bungee/build-tx']);
  });

  it('refuses a quote offering only a Bungee Auto route, saying why', async () => {
    fake.setOptions({ autoOnly: true });
    const rejection = await rejectionOf(venue().quote(usdc, testCall()));
    expect(rejection.code).toBe('no_liquidity');
    expect(rejection.message).toMatch(/Auto route .*cannot build/);
  });

  it('translates an amount refusal and leaves a 5xx to the registry', async () => {
    fake.server.setFault({ kind: 'status', status: 400, body: { success: false, statusCode: 400, message: 'Amount is too low' } });
    expect((await rejectionOf(venue().quote(usdc, testCall()))).code).toBe('below_min');
    fake.server.setFault({ kind: 'status', status: 500, body: { success: false, statusCode: 500, message: 'Internal server error' } });
    await expect(venue().quote(usdc, testCall())).rejects.toThrow(/HTTP 500/);
  });

  it('does not serve a swap between two assets or an unknown chain', () => {
    const adapter = venue();
    expect(adapter.supports({ ...usdc, toToken: knownToken('arbitrum', null) })).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(adapter.supports({ ...usdc, toChain: 'solana', toToken: knownToken('solana', 'USDC') })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(adapter.supports(usdc)).toEqual({ served: true });
  });

  it('tracks by the source hash: fulfilled, partial with another token, refunded', async () => {
    const adapter = venue();
    const quote = await adapter.quote(usdc, testCall());
    const plan = await adapter.build({ request: usdc, quote }, testCall());
    const statusRequest: VenueStatusRequest = { fromChain: 'base', toChain: 'arbitrum', toToken: usdc.toToken, sourceTxHash: `0x${'a'.repeat(64)}`, recipient: RECIPIENT, amountIn: 250_000_000n, expectedOut: quote.amountOut, context: { ...quote.context, ...plan.context } };
    const done = await adapter.status(statusRequest, testCall());
    expect(done).toMatchObject({ state: 'completed', receivedAmount: 249_500_000n });
    expect(done.destinationTxHash).toMatch(/^0x0+d1$/);
    expect(fake.server.requests.at(-1)!.query.get('requestHash')).toBe(statusRequest.sourceTxHash);
    fake.setOptions({ deliveredToken: '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8' });
    expect(await adapter.status(statusRequest, testCall())).toMatchObject({ state: 'partial', receivedAsset: '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8' });
    fake.setOptions({ statusCode: 8 });
    expect(await adapter.status(statusRequest, testCall())).toMatchObject({ state: 'refunded', destinationTxHash: null });
    fake.setOptions({ statusCode: 2 });
    expect(await adapter.status(statusRequest, testCall())).toMatchObject({ state: 'pending' });
  });
});
