import { encodeAbiParameters, encodeFunctionData, erc20Abi, parseAbiParameters, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestVenue, knownToken, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { StepsPlan, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { ECO_HYPER_PROVER, ECO_PORTAL } from './ecoChains.ts';
import { startEcoFake, type EcoFake } from './ecoFake.ts';
import { decodeEcoPublish, ECO_PORTAL_SELECTORS, encodeEcoPublish, whyNotEcoCall, type EcoReward } from './ecoIntentCalls.ts';
import { ecoVenue } from './ecoVenue.ts';

/**
 * The Eco adapter as the registry builds it (shared client, schemas) against the loopback fake
 * (ecoFake.ts), and the Portal call check on real-shaped `publishAndFund` calldata.
 */

const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const EVIL: Address = '0x00000000000000000000000000000000000bad00';
const ARB_USDC: Address = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const BASE_USDC: Address = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

let fake: EcoFake;
beforeAll(async () => {
  fake = await startEcoFake();
});
afterAll(async () => {
  await fake.close();
});

const adapter = (credentials: Record<string, string> = {}) => createTestVenue(ecoVenue, fake.url, { credentials }).venue;

const usdc: VenueQuoteRequest = {
  fromChain: 'arbitrum',
  toChain: 'base',
  fromToken: knownToken('arbitrum', 'USDC'),
  toToken: knownToken('base', 'USDC'),
  amountIn: 250_000_000n,
  sender: SENDER,
  recipient: RECIPIENT,
  userIp: null,
  integratorFee: null,
};
const OUT = (250_000_000n * 9_940n) / 10_000n;

function mainStep(plan: StepsPlan) {
  const [step] = plan.steps;
  if (plan.steps.length !== 1 || !step || step.vm !== 'evm') throw new Error('expected one EVM step');
  return step;
}

describe('Eco adapter against its fake', () => {
  it('quotes in its dialect: SELF_PUBLISH exactIn with numeric chain ids, the dApp id, funder and refund to the sender', async () => {
    fake.setOptions({});
    const before = fake.server.requests.length;
    const quote = await adapter({ DAPP_ID: 'strait-test' }).quote(usdc, testCall());
    expect(quote.amountOut).toBe(OUT);
    expect(quote.minAmountOut).toBe(OUT);
    expect(quote.estimatedSeconds).toBe(30);
    expect(quote.context).toMatchObject({ sourceChainID: 42161, destinationChainID: 8453, destinationAmount: OUT.toString() });
    const asked = fake.server.requests.slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.path).toBe('/api/v3/quotes/exactIn');
    expect(asked[0]?.body).toEqual({
      dAppID: 'strait-test',
      intentExecutionTypes: ['SELF_PUBLISH'],
      quoteRequest: { sourceChainID: 42161, destinationChainID: 8453, sourceToken: ARB_USDC, destinationToken: BASE_USDC, sourceAmount: '250000000', funder: SENDER, recipient: RECIPIENT, refundRecipient: SENDER },
    });
  });

  it('builds one publishAndFund on the pinned Portal, rewarding exactly the input, with an exact approval to the Portal', async () => {
    fake.setOptions({});
    const venue = adapter();
    const quote = await venue.quote(usdc, testCall());
    const plan = (await venue.build({ request: usdc, quote }, testCall())) as StepsPlan;
    const step = mainStep(plan);
    expect(step).toMatchObject({ to: ECO_PORTAL, chainId: 42161, value: 0n });
    expect(plan.approval).toEqual({ chainId: 42161, token: ARB_USDC, spender: ECO_PORTAL, amount: 250_000_000n });
    expect(plan.nativeFee).toBeUndefined();
    const decoded = decodeEcoPublish(step.data);
    if (typeof decoded === 'string') throw new Error(decoded);
    expect(decoded.destination).toBe(8453n);
    expect(decoded.allowPartial).toBe(false);
    expect(decoded.reward).toMatchObject({ creator: SENDER, prover: ECO_HYPER_PROVER, nativeAmount: 0n, tokens: [{ token: ARB_USDC, amount: 250_000_000n }] });
    expect(plan.context).toMatchObject({ destinationAmount: OUT.toString(), prover: ECO_HYPER_PROVER });
    expect(whyNotEcoCall(step.data, step.value, { sourceChainId: 42161, sourceToken: ARB_USDC, amount: 250_000_000n, recipient: RECIPIENT, destinationChainId: 8453 })).toBeNull();
  });

  it.each([
    ['a route paying someone else', { recipient: EVIL }],
    ['a route addressed to another Portal', { portal: EVIL }],
    ['a quote on another source Portal', { sourcePortal: EVIL }],
    ['an unknown prover', { prover: EVIL }],
    ['a route calling another contract than the token', { callTarget: EVIL }],
    ['a route moving another amount than quoted', { routeAmount: 1n }],
    ['a route with a second call', { extraCall: true }],
  ] as const)('refuses %s (venue_bad_response)', async (_name, tamper) => {
    fake.setOptions({ tamper });
    const rejection = await rejectionOf(adapter().quote(usdc, testCall()));
    expect(rejection.code).toBe('venue_bad_response');
    fake.setOptions({});
  });

  it('answers no quote as no_liquidity', async () => {
    fake.setOptions({ noQuotes: true });
    expect((await rejectionOf(adapter().quote(usdc, testCall()))).code).toBe('no_liquidity');
    fake.setOptions({});
  });

  it('does not serve other tokens, native assets or chains', () => {
    const venue = adapter();
    expect(venue.supports({ ...usdc, toToken: knownToken('base', 'WETH') })).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.supports({ ...usdc, fromToken: knownToken('arbitrum', null), toToken: knownToken('base', null) })).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.supports({ ...usdc, toChain: 'solana', toToken: knownToken('solana', 'USDC') })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports(usdc)).toEqual({ served: true });
    expect(venue.coverage().tokenSymbols('arbitrum', 'base')).toContain('USDC');
  });

  const statusRequest: VenueStatusRequest = {
    fromChain: 'arbitrum',
    toChain: 'base',
    toToken: knownToken('base', 'USDC'),
    sourceTxHash: `0x${'ab'.repeat(32)}`,
    recipient: RECIPIENT,
    amountIn: 250_000_000n,
    expectedOut: OUT,
    context: { sourceChainID: 42161, destinationChainID: 8453, sourceToken: ARB_USDC, destinationToken: BASE_USDC, destinationAmount: OUT.toString() },
  };

  it.each([
    ['WaitingToFulfill', 'pending', null],
    ['WaitingForRefund', 'pending', null],
    ['Fulfilled', 'completed', OUT],
    ['Refunded', 'refunded', null],
  ] as const)('maps %s to %s, asking by the publishing transaction', async (subStatus, state, received) => {
    fake.setOptions({ subStatus });
    const before = fake.server.requests.length;
    const status = await adapter().status(statusRequest, testCall());
    expect(status.state).toBe(state);
    expect(status.receivedAmount).toBe(received);
    expect(status.unrecognized).toBeUndefined();
    if (state === 'completed') expect(status.destinationTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(fake.server.requests.slice(before)[0]?.body).toEqual({ intentCreatedHash: statusRequest.sourceTxHash });
  });

  it('keeps an unknown status pending and unrecognized, and an unindexed intent pending', async () => {
    fake.setOptions({ subStatus: 'WaitingForProof' });
    expect(await adapter().status(statusRequest, testCall())).toMatchObject({ state: 'pending', unrecognized: true });
    fake.setOptions({ subStatus: null });
    expect(await adapter().status(statusRequest, testCall())).toMatchObject({ state: 'pending', venueStatus: 'None' });
    fake.setOptions({});
  });
});

describe('the Portal call check', () => {
  const ROUTE = parseAbiParameters('(bytes32 salt, uint64 deadline, address portal, uint256 nativeAmount, (address token, uint256 amount)[] tokens, (address target, bytes data, uint256 value)[] calls)');
  const intent = { sourceChainId: 42161, sourceToken: ARB_USDC, amount: 5_000_000n, recipient: RECIPIENT, destinationChainId: 8453 };
  const route = (to: Address = RECIPIENT, amount = 4_970_000n, token: Address = BASE_USDC): Hex =>
    encodeAbiParameters(ROUTE, [{ salt: `0x${'11'.repeat(32)}`, deadline: 1_759_866_786n, portal: ECO_PORTAL, nativeAmount: 0n, tokens: [{ token, amount }], calls: [{ target: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }), value: 0n }] }]);
  const reward = (over: Partial<EcoReward> = {}): EcoReward => ({ deadline: 1_759_870_386n, creator: SENDER, prover: ECO_HYPER_PROVER, nativeAmount: 0n, tokens: [{ token: ARB_USDC, amount: 5_000_000n }], ...over });

  it('accepts the call that does what the transfer asked, with the selector of Eco\'s own Portal ABI', () => {
    const data = encodeEcoPublish(8453n, route(), reward());
    expect(ECO_PORTAL_SELECTORS).toEqual(['0xdf00f8fa']);
    expect(data.slice(0, 10)).toBe('0xdf00f8fa');
    expect(whyNotEcoCall(data, 0n, intent)).toBeNull();
  });

  it.each([
    ['another recipient', () => encodeEcoPublish(8453n, route(EVIL), reward()), /pays/],
    ['another destination chain', () => encodeEcoPublish(10n, route(), reward()), /publishes for chain 10/],
    ['another reward amount', () => encodeEcoPublish(8453n, route(), reward({ tokens: [{ token: ARB_USDC, amount: 5_000_001n }] })), /rewards 5000001/],
    ['another reward token', () => encodeEcoPublish(8453n, route(), reward({ tokens: [{ token: EVIL, amount: 5_000_000n }] })), /rewards 0x/],
    ['an unknown prover', () => encodeEcoPublish(8453n, route(), reward({ prover: EVIL })), /prover/],
    ['a native reward', () => encodeEcoPublish(8453n, route(), reward({ nativeAmount: 1n })), /native/],
    ['a route delivering a token Strait does not know', () => encodeEcoPublish(8453n, route(RECIPIENT, 4_970_000n, EVIL), reward()), /stablecoin/],
    ['calldata that is not publishAndFund', () => encodeEcoPublish(8453n, route(), reward()).replace(/^0x/, '0xdeadbeef').slice(0, 10) as Hex, /decode/],
  ] as const)('refuses %s', (_name, data, why) => {
    expect(whyNotEcoCall(data(), 0n, intent)).toMatch(why);
  });

  it('refuses value beside the call', () => {
    expect(whyNotEcoCall(encodeEcoPublish(8453n, route(), reward()), 1n, intent)).toMatch(/native/);
  });
});
