import { encodeAbiParameters, pad, toEventSelector, type Hex, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestVenue, knownToken, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { startSquidFake, type SquidFake } from './squidFake.ts';
import { whyNotSquidRouterCall } from './squidRouterCalls.ts';
import { squidVenue } from './squidVenue.ts';

/**
 * The Squid adapter as the registry builds it (shared client, schemas) against the loopback fake,
 * which answers in the layout of the real recorded route and status (squidFake.ts).
 */

const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const EVIL: Hex = '0x00000000000000000000000000000000000bad00';
const ROUTER = '0xce16F69375520ab01377ce7B88f5BA8C48F8D666';
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';

let fake: SquidFake;
beforeAll(async () => {
  fake = await startSquidFake();
});
afterAll(async () => {
  await fake.close();
});

const adapter = () => createTestVenue(squidVenue, fake.url, { credentials: { INTEGRATOR_ID: 'strait-test' } }).venue;

const usdc: VenueQuoteRequest = {
  fromChain: 'base',
  toChain: 'arbitrum',
  fromToken: knownToken('base', 'USDC'),
  toToken: knownToken('arbitrum', 'USDC'),
  amountIn: 250_000_000n,
  sender: SENDER,
  recipient: RECIPIENT,
  userIp: null,
  integratorFee: null,
};
const eth: VenueQuoteRequest = { ...usdc, fromToken: knownToken('base', null), toToken: knownToken('arbitrum', null), amountIn: 10n ** 17n };

function lastRouteBody(): Record<string, unknown> {
  const asked = fake.server.requests.filter((r) => r.path === '/v2/route').at(-1);
  return asked?.body as Record<string, unknown>;
}

describe('Squid adapter against its fake', () => {
  it('quotes in its dialect: POST /v2/route with string chain ids, slippage in percent and the integrator id header', async () => {
    fake.setOptions({});
    const quote = await adapter().quote(usdc, testCall());
    expect(quote.amountOut).toBe((250_000_000n * 9_970n) / 10_000n);
    expect(quote.minAmountOut).toBe(quote.amountOut);
    expect(quote.estimatedSeconds).toBe(20);
    expect(quote.context).toMatchObject({ fromChainId: 8453, toChainId: 42161, quoteId: expect.any(String) as unknown });
    expect(lastRouteBody()).toMatchObject({ fromChain: '8453', toChain: '42161', fromAmount: '250000000', fromAddress: SENDER, toAddress: RECIPIENT, slippage: 1, quoteOnly: false });
    const asked = fake.server.requests.filter((r) => r.path === '/v2/route').at(-1);
    expect(asked?.headers['x-integrator-id']).toBe('strait-test');
  });

  it('builds one checked router call and an exact approval of the amount to the router', async () => {
    fake.setOptions({});
    const venue = adapter();
    const quote = await venue.quote(usdc, testCall());
    const plan = await venue.build({ request: usdc, quote }, testCall());
    if (plan.shape !== 'steps') throw new Error('expected steps');
    const [step] = plan.steps;
    if (step?.vm !== 'evm') throw new Error('expected an EVM step');
    expect(step.to).toBe(ROUTER);
    expect(step.value).toBe(0n);
    expect(plan.approval).toEqual({ chainId: 8453, token: usdc.fromToken.address, spender: ROUTER, amount: 250_000_000n });
    expect(whyNotSquidRouterCall(step.data, step.value, { sourceChainId: 8453, sourceToken: usdc.fromToken.address, amount: 250_000_000n, recipient: RECIPIENT, destinationChainId: 42161 })).toBeNull();
    // The check the allow-list runs at submit: the same call is refused for another transfer.
    expect(whyNotSquidRouterCall(step.data, step.value, { sourceChainId: 8453, sourceToken: usdc.fromToken.address, amount: 250_000_000n, recipient: EVIL, destinationChainId: 42161 })).not.toBeNull();
    expect(squidVenue.allowList?.calls.find((c) => c.chainId === 8453)?.check?.(step.data, step.value, { sourceChainId: 8453, sourceToken: usdc.fromToken.address, amount: 250_000_000n, recipient: RECIPIENT, destinationChainId: 42161 })).toBeNull();
  });

  it.each([
    ['another recipient', { recipient: EVIL }, /does not end with a sweep/],
    ['another refund recipient', { refundRecipient: EVIL }, /refunds a failed destination swap/],
    ['another destination chain', { destinationChain: 'Polygon' }, /bridges to 'Polygon'/],
    ['another source token', { token: '0x0000000000000000000000000000000000000001' as Hex }, /not the source token/],
    ['another amount', { amount: 1n }, /takes 1, not/],
    ['another destination contract', { destinationAddress: EVIL }, /hands the bridged token to/],
  ])('refuses a build whose calldata names %s', async (_name, tamper, reason) => {
    fake.setOptions({});
    const venue = adapter();
    const quote = await venue.quote(usdc, testCall());
    fake.setOptions({ tamper });
    const rejection = await rejectionOf(venue.build({ request: usdc, quote }, testCall()));
    expect(rejection.code).toBe('venue_bad_response');
    expect(rejection.message).toMatch(reason);
  });

  it('refuses a build that calls another contract or another route type', async () => {
    fake.setOptions({});
    const venue = adapter();
    const quote = await venue.quote(usdc, testCall());
    fake.setOptions({ transaction: { target: EVIL } });
    expect((await rejectionOf(venue.build({ request: usdc, quote }, testCall()))).code).toBe('no_liquidity');
    fake.setOptions({ transaction: { routeType: 'CORAL_V2' } });
    expect((await rejectionOf(venue.quote(usdc, testCall()))).details).toMatchObject({ venueRouteType: 'CORAL_V2' });
  });

  it('for a native input asks Squid for amountIn less its gas, and builds value = bridged + gas', async () => {
    fake.setOptions({ nativeFee: 1_000_000_000_000n });
    const venue = adapter();
    const quote = await venue.quote(eth, testCall());
    const send = 10n ** 17n - 1_000_000_000_000n;
    expect(quote.context.sendAmount).toBe(send.toString());
    expect(lastRouteBody()).toMatchObject({ fromToken: NATIVE, fromAmount: send.toString(), quoteOnly: false });
    const plan = await venue.build({ request: eth, quote }, testCall());
    if (plan.shape !== 'steps' || plan.steps[0]?.vm !== 'evm') throw new Error('expected an EVM step');
    expect(plan.steps[0].value).toBe(10n ** 17n);
    expect(plan.approval).toBeNull();
    expect(whyNotSquidRouterCall(plan.steps[0].data, plan.steps[0].value, { sourceChainId: 8453, sourceToken: null, amount: 10n ** 17n, recipient: RECIPIENT, destinationChainId: 42161 })).toBeNull();
  });

  it('builds an ERC-20 route that needs native gas with the gas as the plan\'s declared native fee', async () => {
    fake.setOptions({ nativeFee: 5n });
    const venue = adapter();
    const quote = await venue.quote(usdc, testCall());
    const plan = await venue.build({ request: usdc, quote }, testCall());
    if (plan.shape !== 'steps' || plan.steps[0]?.vm !== 'evm') throw new Error('expected an EVM step');
    expect(plan.nativeFee).toBe(5n);
    expect(plan.steps[0].value).toBe(5n);
  });

  it('translates Squid error bodies at the edge', async () => {
    fake.setOptions({ error: { status: 400, body: { message: 'Unable to fetch token data', statusCode: '400', type: 'BAD_REQUEST_ERROR' } } });
    expect((await rejectionOf(adapter().quote(usdc, testCall()))).code).toBe('no_liquidity');
    fake.setOptions({ error: { status: 400, body: { message: 'The amount is too low, minimum amount is 1000000', statusCode: '400', type: 'BAD_REQUEST_ERROR' } } });
    const low = await rejectionOf(adapter().quote(usdc, testCall()));
    expect(low.code).toBe('below_min');
    expect(low.details).toMatchObject({ minAmountAtomic: '1000000' });
    fake.setOptions({ error: { status: 429, body: { message: 'Too many requests', statusCode: '429', type: 'RATE_LIMIT' } } });
    expect((await rejectionOf(adapter().quote(usdc, testCall()))).code).toBe('venue_rate_limited');
  });

  it('refuses corridors off its router table without a call', async () => {
    const answer = adapter().supports({ ...usdc, toChain: 'solana', toToken: knownToken('solana', 'USDC') });
    expect(answer).toMatchObject({ served: false, code: 'route_not_served' });
  });

  it('maps every status of the fake through the table, with the destination hash on success', async () => {
    const request: VenueStatusRequest = { fromChain: 'base', toChain: 'arbitrum', toToken: usdc.toToken, sourceTxHash: `0x${'ab'.repeat(32)}`, recipient: RECIPIENT, amountIn: 1n, expectedOut: 1n, context: { fromChainId: 8453, toChainId: 42161, fromToken: usdc.fromToken.address!, toToken: usdc.toToken.address!, toAmount: '1', toAmountMin: '1', quoteId: 'q' } };
    const expected: Record<string, string> = { success: 'completed', ongoing: 'pending', needs_gas: 'pending', not_found: 'pending', partial_success: 'partial', failed_on_destination: 'failed', refunded: 'refunded', refund: 'refunded' };
    for (const [venueStatus, state] of Object.entries(expected)) {
      fake.setOptions({ status: venueStatus });
      const status = await adapter().status(request, testCall());
      expect(status.state, venueStatus).toBe(state);
    }
    fake.setOptions({ status: 'success' });
    const done = await adapter().status(request, testCall());
    expect(done.destinationTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(done.receivedAsset).toBe(usdc.toToken.address);
    const asked = fake.server.requests.filter((r) => r.path === '/v2/status').at(-1);
    expect(Object.fromEntries(asked?.query ?? [])).toMatchObject({ transactionId: request.sourceTxHash, fromChainId: '8453', toChainId: '42161', quoteId: 'q' });
    fake.setOptions({ status: 'paused_for_review' });
    expect(await adapter().status(request, testCall())).toMatchObject({ state: 'pending', unrecognized: true });
  });

  it('reads the received amount from the destination transaction when Strait has an RPC there', async () => {
    const AXL_USDC: Hex = '0xEB466342C4d449BC9f53A865D5Cb90586f405215';
    const transfer = (token: Hex, to: Hex, value: bigint) => ({ address: token, topics: [toEventSelector('Transfer(address,address,uint256)'), pad(ROUTER), pad(to)], data: encodeAbiParameters([{ type: 'uint256' }], [value]) });
    const receipt = { logs: [transfer(usdc.toToken.address as Hex, EVIL, 5n), transfer(AXL_USDC, RECIPIENT, 7n), transfer(usdc.toToken.address as Hex, RECIPIENT, 249_000_000n)] };
    const evm = (chain: string) => (chain === 'arbitrum' ? ({ getTransactionReceipt: () => Promise.resolve(receipt) } as unknown as PublicClient) : null);
    const venue = createTestVenue(squidVenue, fake.url, { credentials: { INTEGRATOR_ID: 'strait-test' }, evm }).venue;
    const request: VenueStatusRequest = { fromChain: 'base', toChain: 'arbitrum', toToken: usdc.toToken, sourceTxHash: `0x${'cd'.repeat(32)}`, recipient: RECIPIENT, amountIn: 1n, expectedOut: 1n, context: { fromChainId: 8453, toChainId: 42161, fromToken: usdc.fromToken.address!, toToken: usdc.toToken.address!, toAmount: '1', toAmountMin: '1' } };
    fake.setOptions({ status: 'success' });
    expect(await venue.status(request, testCall())).toMatchObject({ state: 'completed', receivedAmount: 249_000_000n, receivedAsset: usdc.toToken.address });
    // A partial success pays the bridged token, which only the logs name.
    fake.setOptions({ status: 'partial_success' });
    expect(await venue.status(request, testCall())).toMatchObject({ state: 'partial', receivedAmount: 7n, receivedAsset: AXL_USDC });
  });
});
