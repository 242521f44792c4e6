import { readFileSync } from 'node:fs';
import { decodeFunctionData, getAbiItem, pad, toFunctionSelector, type Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import { createTestVenue, knownToken, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { StepsPlan, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { acrossStatusBody, startAcrossFake, type AcrossFake } from './acrossFake.ts';
import { ACROSS_HYPERCORE_USDC_SPOT, HYPERCORE_ORIGINS, depositForBurnProblem, sponsoredCctpSrcPeripheryAbi, spotToStrait } from './acrossHyperCore.ts';
import { acrossVenue } from './acrossVenue.ts';

/**
 * Across as a direct-credit venue to a Hyperliquid account: spot USDC only, through the Swap API's
 * CCTP route and the pinned SponsoredCCTPSrcPeriphery, amounts in 8 decimals read in Strait's 6.
 */

const NOW = 1_767_225_600_000;
const SENDER = '0x1111111111111111111111111111111111111111';
const RECIPIENT = '0x2222222222222222222222222222222222222222';
const ARB_USDC = knownToken('arbitrum', 'USDC');
const SPOT = knownToken('hypercore', 'USDC (spot)');
const PERPS = knownToken('hypercore', 'USDC (perps)');
const ARB_PERIPHERY = '0xc9c54d789ebc18169d942E781C75bb4e3D19a27b';
const synthetic = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(`./fixtures/synthetic/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;

function request(overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest {
  return { fromChain: 'arbitrum', toChain: 'hypercore', fromToken: ARB_USDC, toToken: SPOT, amountIn: 25_000_000n, sender: SENDER, recipient: RECIPIENT, userIp: null, integratorFee: null, ...overrides };
}

let fake: AcrossFake;
let venue: ReturnType<typeof createTestVenue>['venue'];

beforeAll(async () => {
  fake = await startAcrossFake({ now: () => NOW });
  venue = createTestVenue(acrossVenue, fake.url, { now: () => NOW }).venue;
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.setSwapError(null);
  fake.server.requests.length = 0;
});

describe('across to HyperCore: coverage', () => {
  it('serves USDC to USDC (spot) from every pinned origin, and refuses perps, other tokens and HyperCore as an origin', () => {
    expect(venue.supports(request())).toEqual({ served: true });
    expect(venue.supports(request({ toToken: PERPS }))).toMatchObject({ served: false, code: 'token_not_supported', message: expect.stringContaining('spot') as unknown });
    expect(venue.supports(request({ fromToken: knownToken('arbitrum', 'USDT') }))).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.supports({ fromChain: 'hypercore', toChain: 'arbitrum', fromToken: SPOT, toToken: ARB_USDC })).toMatchObject({ served: false, code: 'route_not_served' });
    for (const key of ['ethereum', 'arbitrum', 'optimism', 'base', 'polygon'] as const) expect(venue.coverage().tokenSymbols(key, 'hypercore')).toEqual(['USDC']);
    expect(venue.coverage().tokenSymbols('hypercore', 'arbitrum')).toEqual([]);
  });

  it("allows the pinned periphery's depositForBurn on each origin and nothing else new", () => {
    const selector = toFunctionSelector(getAbiItem({ abi: sponsoredCctpSrcPeripheryAbi, name: 'depositForBurn' }));
    for (const origin of HYPERCORE_ORIGINS) {
      expect(acrossVenue.allowList?.calls).toContainEqual({ chainId: origin.chain.chainId, to: origin.periphery, selectors: [selector], check: depositForBurnProblem });
    }
    expect(HYPERCORE_ORIGINS).toHaveLength(5);
  });
});

describe('across to HyperCore: quote and build', () => {
  it('asks /swap/approval for USDC-SPOT on 1337 and reads the 8-decimal output in 6 decimals', async () => {
    const quote = await venue.quote(request(), testCall());
    const [sent] = fake.server.requests;
    expect(sent?.path).toBe('/swap/approval');
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({
      tradeType: 'exactInput',
      amount: '25000000',
      inputToken: ARB_USDC.address,
      outputToken: ACROSS_HYPERCORE_USDC_SPOT,
      originChainId: '42161',
      destinationChainId: '1337',
      depositor: SENDER,
      recipient: RECIPIENT,
    });
    expect(quote).toMatchObject({ amountIn: 25_000_000n, amountOut: 25_000_000n, minAmountOut: 25_000_000n, estimatedSeconds: 12, expiresAt: NOW + 300_000 });
    expect(quote.context).toEqual({ route: 'hypercore', originChainId: 42161, destinationChainId: 1337, outputAmount: '25000000' });
  });

  it("builds the periphery's depositForBurn for the recipient with an exact approval", async () => {
    const plan = (await venue.build({ request: request(), quote: await venue.quote(request(), testCall()) }, testCall())) as StepsPlan;
    const main = plan.steps[0];
    if (main?.vm !== 'evm') throw new Error('expected an EVM step');
    expect(main).toMatchObject({ chainId: 42161, to: ARB_PERIPHERY, value: 0n });
    const { args } = decodeFunctionData({ abi: sponsoredCctpSrcPeripheryAbi, data: main.data });
    expect(args[0]).toMatchObject({ amount: 25_000_000n, destinationDomain: 19, finalRecipient: pad(RECIPIENT, { size: 32 }) });
    expect(plan.approval).toEqual({ chainId: 42161, token: ARB_USDC.address, spender: ARB_PERIPHERY, amount: 25_000_000n });
    expect(plan.amountOut).toBe(25_000_000n);
    // The allow-list check that runs again at submit agrees with the build, and only with it.
    const intent = { sourceChainId: 42161, sourceToken: ARB_USDC.address, amount: 25_000_000n, recipient: RECIPIENT, destinationChainId: null };
    expect(depositForBurnProblem(main.data, 0n, intent)).toBeNull();
    expect(depositForBurnProblem(main.data, 0n, { ...intent, amount: 1n })).toMatch(/burns 25000000/);
    expect(depositForBurnProblem(main.data, 0n, { ...intent, recipient: SENDER })).toMatch(/another account/);
    expect(depositForBurnProblem(main.data, 0n, { ...intent, sourceToken: knownToken('arbitrum', 'USDT').address })).toMatch(/another token/);
    expect(depositForBurnProblem(main.data, 1n, intent)).toMatch(/native value/);
  });

  it('refuses an answer whose call is not the pinned periphery, or that burns another amount', async () => {
    const answer = synthetic('swap-approval-usdc-base-to-hypercore-spot.json');
    const base = request({ fromChain: 'base', fromToken: knownToken('base', 'USDC'), amountIn: 50_000_000n });
    fake.setSwapError({ status: 200, body: { ...answer, swapTx: { ...(answer.swapTx as object), to: '0x00000000000000000000000000000000000000aa' } } });
    expect(await rejectionOf(venue.quote(base, testCall()))).toMatchObject({ code: 'venue_bad_response', details: { path: '/swapTx/to' } });
    fake.setSwapError({ status: 200, body: answer });
    expect(await rejectionOf(venue.build({ request: { ...base, amountIn: 49_000_000n }, quote: await venue.quote(base, testCall()) }, testCall()))).toMatchObject({ code: 'venue_bad_response', details: { path: '/inputAmount' } });
  });

  it('turns HYPERCORE_ACCOUNT_NOT_INITIALIZED into invalid_input naming the recipient', async () => {
    fake.setSwapError({ status: 400, body: synthetic('error-hypercore-account-not-initialized.json') });
    expect(await rejectionOf(venue.quote(request(), testCall()))).toMatchObject({ code: 'invalid_input', details: { param: 'recipient' } });
  });

  it('never calls Across for USDC (perps)', async () => {
    expect((await rejectionOf(venue.quote(request({ toToken: PERPS }), testCall()))).code).toBe('token_not_supported');
    expect(fake.server.requests).toHaveLength(0);
  });
});

describe('across to HyperCore: status', () => {
  const statusRequest = (sourceTxHash: string): VenueStatusRequest => ({
    fromChain: 'arbitrum',
    toChain: 'hypercore',
    toToken: SPOT,
    sourceTxHash,
    recipient: RECIPIENT,
    amountIn: 25_000_000n,
    expectedOut: 25_000_000n,
    context: { route: 'hypercore', originChainId: 42161, destinationChainId: 1337, outputAmount: '25000000' },
  });

  it('reports a filled credit with its fill reference and the quoted output, not the 8-decimal swap amount', async () => {
    const hash = `0x${'c1'.repeat(32)}`;
    fake.setStatus(hash, { ...acrossStatusBody({ status: 'filled', originChainId: 42161, destinationChainId: 1337, depositId: 7, depositTxnRef: hash, fillTxnRef: `0x${'f1'.repeat(32)}` }), swapOutputAmount: '2500000000' });
    expect(await venue.status(statusRequest(hash), testCall())).toMatchObject({ state: 'completed', destinationTxHash: `0x${'f1'.repeat(32)}`, receivedAmount: 25_000_000n });
    fake.setStatus(hash, null);
  });

  it('refuses a stored context that is not a HyperCore credit', async () => {
    expect((await rejectionOf(venue.status({ ...statusRequest(`0x${'c2'.repeat(32)}`), context: { outputAmount: '1' } }, testCall()))).code).toBe('invalid_input');
  });

  it('in the sandbox, a HyperCore deposit is never settled: it stays pending', async () => {
    const settlement: FakeSettlement = {
      findTransaction: () => Promise.resolve({ from: SENDER, to: ARB_PERIPHERY, input: '0x' as Hex, value: 0n, success: true, logs: [] }),
      balanceOf: () => Promise.resolve(0n),
      pay: () => Promise.reject(new Error('no HyperCore payout expected')),
      send: () => Promise.reject(new Error('unused')),
    };
    const sandbox = await startAcrossFake({ settlement, now: () => NOW });
    try {
      const { venue: v } = createTestVenue(acrossVenue, sandbox.url, { now: () => NOW });
      expect(await v.status(statusRequest(`0x${'c3'.repeat(32)}`), testCall())).toMatchObject({ state: 'pending', destinationTxHash: null });
    } finally {
      await sandbox.close();
    }
  });
});

describe('spotToStrait', () => {
  it('rounds USDC-SPOT down to 6 decimals', () => {
    expect(spotToStrait(2_500_000_099n)).toBe(25_000_000n);
    expect(spotToStrait(99n)).toBe(0n);
  });
});
