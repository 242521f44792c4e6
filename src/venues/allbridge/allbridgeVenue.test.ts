import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import { createTestVenue, knownToken, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { StepsPlan, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { decodeSwapAndBridge, whyNotAllbridgeCall, word32 } from './allbridgeBridgeCalls.ts';
import { allbridgeChain } from './allbridgeChains.ts';
import { startAllbridgeFake, type AllbridgeFake } from './allbridgeFake.ts';
import { allbridgeVenue } from './allbridgeVenue.ts';

/**
 * The Allbridge Core adapter as the registry builds it (shared client, schemas) against the loopback
 * fake, which answers in the layout of the REST API's own swagger examples (allbridgeFake.ts).
 */

const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const EVIL: Hex = '0x00000000000000000000000000000000000bad00';
const ETH_BRIDGE = allbridgeChain('ethereum')?.bridge ?? '';

let fake: AllbridgeFake;
beforeAll(async () => {
  fake = await startAllbridgeFake();
});
afterAll(async () => {
  await fake.close();
});

const adapter = () => createTestVenue(allbridgeVenue, fake.url).venue;

const usdc: VenueQuoteRequest = {
  fromChain: 'ethereum',
  toChain: 'arbitrum',
  fromToken: knownToken('ethereum', 'USDC'),
  toToken: knownToken('arbitrum', 'USDC'),
  amountIn: 250_000_000n,
  sender: SENDER,
  recipient: RECIPIENT,
  userIp: null,
  integratorFee: null,
};

const asked = (path: string) => fake.server.requests.filter((r) => r.path === path);

function mainStep(plan: StepsPlan) {
  const [step] = plan.steps;
  if (plan.steps.length !== 1 || !step || step.vm !== 'evm') throw new Error('expected one EVM step');
  return step;
}

describe('Allbridge Core adapter against its fake', () => {
  it('quotes in its dialect: token addresses and the atomic amount; the Allbridge messenger with the fee in native is the row', async () => {
    fake.setOptions({ nativeFee: 70_000_000_000_000n });
    const quote = await adapter().quote(usdc, testCall());
    expect(quote.amountOut).toBe((250_000_000n * 9_985n) / 10_000n);
    expect(quote.minAmountOut).toBe(quote.amountOut);
    expect(quote.estimatedSeconds).toBe(90);
    expect(quote.context).toMatchObject({ messenger: 'ALLBRIDGE', feePaymentMethod: 'WITH_NATIVE_CURRENCY', nativeFee: '70000000000000', sourceSymbol: 'ETH', destinationChainId: 42161 });
    expect(Object.fromEntries(asked('/bridge/quote').at(-1)?.query ?? [])).toEqual({ amount: '250000000', sourceToken: usdc.fromToken.address, destinationToken: usdc.toToken.address });
  });

  it('builds one swapAndBridge call to the pinned bridge: fee pinned and carried as value, declared as the native fee, an exact approval', async () => {
    fake.setOptions({ nativeFee: 70_000_000_000_000n });
    const venue = adapter();
    const quote = await venue.quote(usdc, testCall());
    const plan = (await venue.build({ request: usdc, quote }, testCall())) as StepsPlan;
    const step = mainStep(plan);
    expect(step).toMatchObject({ chainId: 1, to: ETH_BRIDGE, value: 70_000_000_000_000n });
    expect(plan.nativeFee).toBe(70_000_000_000_000n);
    expect(plan.approval).toEqual({ chainId: 1, token: usdc.fromToken.address, spender: ETH_BRIDGE, amount: 250_000_000n });
    expect(asked('/raw/bridge').at(-1)?.query.get('fee')).toBe('70000000000000');
    const call = decodeSwapAndBridge(step.data);
    if (typeof call === 'string') throw new Error(call);
    expect(call).toMatchObject({ amount: 250_000_000n, recipient: word32(RECIPIENT), destinationChainId: 6n, messenger: 1, feeTokenAmount: 0n });
  });

  it.each([
    ['another recipient', { recipient: word32(EVIL) }],
    ['another Allbridge chain', { destinationChainId: 9n }],
    ['another amount', { amount: 1n }],
    ['another token', { token: word32(EVIL) }],
    ['another receive token', { receiveToken: word32(EVIL) }],
    ['another messenger (Wormhole)', { messenger: 2 }],
    ['a fee taken in the token', { feeTokenAmount: 5n }],
    ['another contract', { to: EVIL }],
    ['more native value than the quoted fee', { value: 10n ** 18n }],
  ] as const)('refuses a built call with %s', async (_name, tamper) => {
    fake.setOptions({});
    const venue = adapter();
    const quote = await venue.quote(usdc, testCall());
    fake.setOptions({ tamper });
    const rejection = await rejectionOf(venue.build({ request: usdc, quote }, testCall()));
    expect(rejection.code).toBe('venue_bad_response');
  });

  it('the allow-list check refuses a mutated recipient, destination or amount on the honest call', async () => {
    fake.setOptions({});
    const venue = adapter();
    const quote = await venue.quote(usdc, testCall());
    const step = mainStep((await venue.build({ request: usdc, quote }, testCall())) as StepsPlan);
    const intent = { sourceChainId: 1, sourceToken: usdc.fromToken.address, amount: usdc.amountIn, recipient: RECIPIENT, destinationChainId: 42161 };
    expect(whyNotAllbridgeCall(step.data, step.value, intent)).toBeNull();
    expect(whyNotAllbridgeCall(step.data, step.value, { ...intent, recipient: EVIL })).toMatch(/pays/);
    expect(whyNotAllbridgeCall(step.data, step.value, { ...intent, destinationChainId: 8453 })).toMatch(/Allbridge chain 6, not 9/);
    expect(whyNotAllbridgeCall(step.data, step.value, { ...intent, amount: usdc.amountIn + 1n })).toMatch(/bridges/);
    expect(whyNotAllbridgeCall(step.data, step.value, { ...intent, sourceToken: knownToken('ethereum', 'USDT').address })).toMatch(/takes token/);
  });

  it('translates its 400s: too little, too much, unknown token; and a 429', async () => {
    fake.setOptions({ minAmount: 10_000_000n, maxAmount: 1_000_000_000n });
    expect((await rejectionOf(adapter().quote({ ...usdc, amountIn: 1_000_000n }, testCall()))).code).toBe('below_min');
    expect((await rejectionOf(adapter().quote({ ...usdc, amountIn: 2_000_000_000n }, testCall()))).code).toBe('above_max');
    fake.setOptions({ rateLimited: true });
    expect((await rejectionOf(adapter().quote(usdc, testCall()))).code).toBe('venue_rate_limited');
  });

  it('refuses locally what it does not build: non-EVM chains, tokens without a pool, same chain', () => {
    const venue = adapter();
    expect(venue.supports({ ...usdc, toChain: 'solana', toToken: knownToken('solana', 'USDC') })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports({ ...usdc, fromToken: knownToken('ethereum', 'WETH') })).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.supports({ ...usdc, toChain: 'ethereum', toToken: knownToken('ethereum', 'USDT') })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports({ ...usdc, toChain: 'base', toToken: knownToken('base', 'USDC') })).toEqual({ served: true });
  });

  it('without a configured base URL it refuses every corridor, naming the setting', async () => {
    const venue = createTestVenue(allbridgeVenue, allbridgeVenue.defaultBaseUrl).venue;
    expect(venue.supports(usdc)).toMatchObject({ served: false, code: 'venue_disabled' });
    const rejection = await rejectionOf(venue.quote(usdc, testCall()));
    expect(rejection.code).toBe('venue_disabled');
    expect(rejection.message).toMatch(/STRAIT_VENUE_ALLBRIDGE_BASE_URL/);
  });

  describe('status', () => {
    const statusRequest = async (): Promise<VenueStatusRequest> => {
      fake.setOptions({});
      const quote = await adapter().quote(usdc, testCall());
      return { fromChain: 'ethereum', toChain: 'arbitrum', toToken: usdc.toToken, sourceTxHash: `0x${'12'.repeat(32)}`, recipient: RECIPIENT, amountIn: usdc.amountIn, expectedOut: quote.amountOut, context: quote.context };
    };

    it('asks by source chain symbol and hash; a receive leg is completed with its hash and amount', async () => {
      const request = await statusRequest();
      fake.setOptions({ status: 'received' });
      const status = await adapter().status(request, testCall());
      expect(status).toMatchObject({ state: 'completed', destinationTxHash: '0x5678', receivedAmount: 999_000n });
      expect(Object.fromEntries(asked('/transfer/status').at(-1)?.query ?? [])).toEqual({ chain: 'ETH', txId: request.sourceTxHash });
    });

    it('no receive leg yet, or not indexed (404), is pending', async () => {
      const request = await statusRequest();
      fake.setOptions({ status: 'signing' });
      expect(await adapter().status(request, testCall())).toMatchObject({ state: 'pending', venueStatus: 'signing', receivedAmount: null });
      fake.setOptions({ status: 'unindexed' });
      expect(await adapter().status(request, testCall())).toMatchObject({ state: 'pending', venueStatus: 'not_indexed' });
    });

    it('with a settlement, pays the decoded recipient once on the chain the call names, then reports it', async () => {
      const venue = adapter();
      fake.setOptions({});
      const quote = await venue.quote(usdc, testCall());
      const step = mainStep((await venue.build({ request: usdc, quote }, testCall())) as StepsPlan);
      const payments: { chainId: number; token: string | null; recipient: string; amount: bigint }[] = [];
      const settlement: FakeSettlement = {
        findTransaction: async () => ({ from: SENDER, to: step.to, input: step.data, value: step.value, success: true, logs: [] }),
        balanceOf: async () => 0n,
        pay: async (chainId, token, recipient, amount) => {
          payments.push({ chainId, token, recipient, amount });
          return `0x${'ee'.repeat(32)}`;
        },
        send: async () => `0x${'00'.repeat(32)}`,
      };
      fake.setOptions({ settlement });
      const request: VenueStatusRequest = { fromChain: 'ethereum', toChain: 'arbitrum', toToken: usdc.toToken, sourceTxHash: `0x${'34'.repeat(32)}`, recipient: RECIPIENT, amountIn: usdc.amountIn, expectedOut: quote.amountOut, context: quote.context };
      const first = await venue.status(request, testCall());
      await venue.status(request, testCall());
      expect(first).toMatchObject({ state: 'completed', destinationTxHash: `0x${'ee'.repeat(32)}`, receivedAmount: quote.amountOut });
      expect(payments).toEqual([{ chainId: 42161, token: usdc.toToken.address, recipient: RECIPIENT, amount: quote.amountOut }]);
    });
  });
});
