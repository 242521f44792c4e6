import { encodeAbiParameters, pad, toEventSelector, type Hex, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whyNotAllowed } from '../../engine/vetSteps.ts';
import { createTestVenue, knownToken, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { startRubicFake, type RubicFake } from './rubicFake.ts';
import { rubicVenue } from './rubicVenue.ts';

/** The Rubic adapter against its loopback fake, built exactly as the registry builds it. */

const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const EVIL = '0x00000000000000000000000000000000000bad00' as const;
const ERC20_PROXY = '0x3335733c454805df6a77f825f266e136FB4a3333';
const ARBITRUM_DIAMOND = '0x6AA981bFF95eDfea36Bdae98C26B274FfcafE8d3';
const NOW = 1_760_000_000_000;
/** The recorded quote's fixed fee on Base (0.0012 ETH). */
const FIXED_FEE = 1_200_797_329_426_739n;

let fake: RubicFake;
beforeAll(async () => {
  fake = await startRubicFake();
});
afterAll(async () => {
  await fake.close();
});

const venue = (credentials: Record<string, string> = {}) => createTestVenue(rubicVenue, fake.url, { credentials, now: () => NOW }).venue;

const usdcRequest: VenueQuoteRequest = {
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
const ethRequest: VenueQuoteRequest = { ...usdcRequest, fromChain: 'arbitrum', toChain: 'base', fromToken: knownToken('arbitrum', null), toToken: knownToken('base', null), amountIn: 10n ** 17n };

async function quoteAndBuild(request: VenueQuoteRequest) {
  const adapter = venue();
  const quote = await adapter.quote(request, testCall());
  return adapter.build({ request, quote }, testCall());
}

describe('rubic quotes', () => {
  it('asks quoteBest in display units with Rubic blockchain names and its referrer, and prices the atomic estimate', async () => {
    fake.setOptions({});
    const quote = await venue().quote(usdcRequest, testCall());
    expect(quote.amountOut).toBe(248_750_000n);
    expect(quote.minAmountOut).toBe(248_750_000n);
    expect(quote.estimatedSeconds).toBe(60);
    expect(quote.expiresAt).toBe(NOW + 60_000);
    const asked = fake.server.requests.at(-1)!;
    expect(asked.path).toBe('/routes/quoteBest');
    expect(asked.body).toMatchObject({ srcTokenBlockchain: 'BASE', srcTokenAmount: '250', dstTokenBlockchain: 'ARBITRUM', fromAddress: SENDER, receiver: RECIPIENT, referrer: 'strait' });
    expect(asked.headers.apikey).toBeUndefined();
  });

  it('sends the API key, referrer and integrator address when configured', async () => {
    fake.setOptions({});
    await venue({ API_KEY: 'k-123', REFERRER: 'acme', INTEGRATOR_ADDRESS: '0x9999999999999999999999999999999999999999' }).quote(usdcRequest, testCall());
    const asked = fake.server.requests.at(-1)!;
    expect(asked.headers.apikey).toBe('k-123');
    expect(asked.body).toMatchObject({ referrer: 'acme', integratorAddress: '0x9999999999999999999999999999999999999999' });
  });

  it('prices a route charging a fixed native fee beside the amount (the fee is the build\'s, not the row\'s)', async () => {
    fake.setOptions({ fixedFeeWei: FIXED_FEE });
    const quote = await venue().quote(usdcRequest, testCall());
    expect(quote.amountOut).toBe(248_750_000n);
  });

  it('turns MIN_AMOUNT into below_min with the minimum in atomic units', async () => {
    fake.setOptions({ error: { httpStatus: 400, code: 2005, reason: 'Min amount is 300 USDC', data: { tokenSymbol: 'USDC', minAmount: '300.5' } } });
    const rejection = await rejectionOf(venue().quote(usdcRequest, testCall()));
    expect(rejection.code).toBe('below_min');
    expect(rejection.details).toMatchObject({ venueCode: '2005', minAmountAtomic: '300500000', tokenSymbol: 'USDC' });
  });

  it('does not serve non-EVM chains, chains without pinned contracts, or same-chain swaps', () => {
    const adapter = venue();
    expect(adapter.supports({ ...usdcRequest, toChain: 'solana' })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(adapter.supports({ ...usdcRequest, toChain: 'gnosis' })).toMatchObject({ served: false });
    expect(adapter.supports({ ...usdcRequest, toChain: 'base' })).toMatchObject({ served: false });
    expect(adapter.supports(usdcRequest)).toEqual({ served: true });
    expect(adapter.coverage().tokenSymbols('base', 'arbitrum')).toContain('USDC');
  });

  it('publishes its request budget: 10 a minute keyless, 400 with a key', () => {
    expect(rubicVenue.rateLimit!({})).toEqual({ requests: 10, perMs: 60_000 });
    expect(rubicVenue.rateLimit!({ API_KEY: 'k' })).toEqual({ requests: 400, perMs: 60_000 });
  });
});

describe('rubic builds', () => {
  it('a token source: one checked startViaRubic call to the ERC20Proxy and an exact approval of it', async () => {
    fake.setOptions({});
    const plan = await quoteAndBuild(usdcRequest);
    if (plan.shape !== 'steps') throw new Error('expected steps');
    const [main] = plan.steps;
    if (main?.vm !== 'evm') throw new Error('expected an EVM step');
    expect(main.to).toBe(ERC20_PROXY);
    expect(plan.approval).toEqual({ chainId: 8453, token: usdcRequest.fromToken.address, spender: ERC20_PROXY, amount: 250_000_000n });
    const swap = fake.server.requests.at(-1)!;
    expect(swap.path).toBe('/routes/swap');
    expect(swap.body).toMatchObject({ enableChecks: false, receiver: RECIPIENT });
    const intent = { sourceChainId: 8453, sourceToken: usdcRequest.fromToken.address, amount: 250_000_000n, recipient: RECIPIENT, destinationChainId: 42161 };
    expect(whyNotAllowed(main, { venue: 'rubic', allowList: rubicVenue.allowList!, chainId: 8453, sourceToken: usdcRequest.fromToken, amountIn: 250_000_000n, depositAddress: null, feeRecipients: [], intent })).toBeNull();
    expect(plan.context).toMatchObject({ shape: 'calldata' });
  });

  it('a native source: one startViaRubic call to the ERC20Proxy pulling no token, carrying exactly the amount, no approval', async () => {
    fake.setOptions({});
    const plan = await quoteAndBuild(ethRequest);
    if (plan.shape !== 'steps') throw new Error('expected steps');
    const [main] = plan.steps;
    if (main?.vm !== 'evm') throw new Error('expected an EVM step');
    expect(main).toMatchObject({ to: ERC20_PROXY, value: 10n ** 17n, chainId: 42161 });
    expect(plan.approval).toBeNull();
    const intent = { sourceChainId: 42161, sourceToken: null, amount: 10n ** 17n, recipient: RECIPIENT, destinationChainId: 8453 };
    expect(whyNotAllowed(main, { venue: 'rubic', allowList: rubicVenue.allowList!, chainId: 42161, sourceToken: ethRequest.fromToken, amountIn: 10n ** 17n, depositAddress: null, feeRecipients: [], intent })).toBeNull();
  });

  it('a native source answered as a direct diamond call: one call to the diamond carrying exactly the amount, no approval', async () => {
    fake.setOptions({ nativeDirect: true });
    const plan = await quoteAndBuild(ethRequest);
    if (plan.shape !== 'steps') throw new Error('expected steps');
    expect(plan.steps[0]).toMatchObject({ to: ARBITRUM_DIAMOND, value: 10n ** 17n, chainId: 42161 });
    expect(plan.approval).toBeNull();
  });

  it('a token source with fixed fees: value is exactly both fees, declared as the native fee; the engine bounds it', async () => {
    fake.setOptions({ fixedFeeWei: FIXED_FEE, providerFeeWei: 5_000n });
    const plan = await quoteAndBuild(usdcRequest);
    if (plan.shape !== 'steps') throw new Error('expected steps');
    const [main] = plan.steps;
    if (main?.vm !== 'evm') throw new Error('expected an EVM step');
    expect(main.value).toBe(FIXED_FEE + 5_000n);
    expect(plan.nativeFee).toBe(FIXED_FEE + 5_000n);
    const intent = { sourceChainId: 8453, sourceToken: usdcRequest.fromToken.address, amount: 250_000_000n, recipient: RECIPIENT, destinationChainId: 42161 };
    const rules = { venue: 'rubic', allowList: rubicVenue.allowList!, chainId: 8453, sourceToken: usdcRequest.fromToken, amountIn: 250_000_000n, depositAddress: null, feeRecipients: [], intent };
    expect(whyNotAllowed(main, { ...rules, nativeFee: plan.nativeFee })).toBeNull();
    expect(whyNotAllowed({ ...main, value: main.value + 1n }, { ...rules, nativeFee: plan.nativeFee })).toMatch(/native fee/);
    expect(whyNotAllowed(main, rules)).toMatch(/native units/);
  });

  it('a native source with a fixed fee: value is the amount plus the fee, declared as the native fee', async () => {
    fake.setOptions({ fixedFeeWei: FIXED_FEE });
    const plan = await quoteAndBuild(ethRequest);
    if (plan.shape !== 'steps') throw new Error('expected steps');
    expect(plan.steps[0]).toMatchObject({ to: ERC20_PROXY, value: 10n ** 17n + FIXED_FEE });
    expect(plan.nativeFee).toBe(FIXED_FEE);
  });

  it('declares no native fee on a route without fixed fees', async () => {
    fake.setOptions({});
    const plan = await quoteAndBuild(usdcRequest);
    expect(plan.shape === 'steps' && plan.nativeFee).toBeFalsy();
  });

  it.each([
    ['less than the fee', { fixedFeeWei: FIXED_FEE, tamper: { value: FIXED_FEE - 1n } }],
    ['more than the fee', { fixedFeeWei: FIXED_FEE, tamper: { value: FIXED_FEE + 1n } }],
    ['the fee forwarded to the provider beyond its own', { fixedFeeWei: FIXED_FEE, tamper: { extraNative: 1n } }],
  ])('refuses a value or extraNative that is not the route\'s fixed fee: %s', async (_name, options) => {
    fake.setOptions(options);
    const rejection = await rejectionOf(quoteAndBuild(usdcRequest));
    expect(rejection.code).toBe('venue_bad_response');
    expect(rejection.message).toMatch(/native units/);
  });

  it('refuses a deposit route with a fixed fee: a deposit carries nothing beside the amount', async () => {
    fake.setOptions({ mode: 'deposit', fixedFeeWei: FIXED_FEE });
    const rejection = await rejectionOf(quoteAndBuild(usdcRequest));
    expect(rejection.code).toBe('no_liquidity');
    expect(rejection.details).toMatchObject({ fixedFeeWei: FIXED_FEE.toString() });
  });

  it.each([
    ['another recipient', { receiver: EVIL }],
    ['another destination chain', { destinationChainId: 10n }],
    ['another source token', { sendingAssetId: '0x0000000000000000000000000000000000000000' as const }],
    ['another destination token', { receivingAssetId: '0x0000000000000000000000000000000000000000' as const }],
    ['another amount', { minAmount: 1n }],
    ['a larger pull', { pulledAmount: 500_000_000n }],
    ['extra native for the provider', { extraNative: 7n }],
    ['native value beside the token', { value: 1n }],
  ])('refuses calldata that lies about %s', async (_name, tamper) => {
    fake.setOptions({ tamper });
    const rejection = await rejectionOf(quoteAndBuild(usdcRequest));
    expect(rejection.code).toBe('venue_bad_response');
  });

  it('credits only the configured integrator when one is set', async () => {
    const adapter = venue({ INTEGRATOR_ADDRESS: '0x9999999999999999999999999999999999999999' });
    fake.setOptions({});
    const quote = await adapter.quote(usdcRequest, testCall());
    await expect(adapter.build({ request: usdcRequest, quote }, testCall())).resolves.toMatchObject({ shape: 'steps' });
    fake.setOptions({ tamper: { integrator: EVIL } });
    expect((await rejectionOf(adapter.build({ request: usdcRequest, quote }, testCall()))).message).toMatch(/credits integrator/);
  });

  it("a deposit provider's route becomes a deposit plan paying its address exactly the amount", async () => {
    fake.setOptions({ mode: 'deposit' });
    const plan = await quoteAndBuild(usdcRequest);
    if (plan.shape !== 'deposit') throw new Error('expected a deposit');
    expect(plan.deposit).toMatchObject({ chain: 'base', address: '0x4444444444444444444444444444444444444444', amount: 250_000_000n, memo: null, deadlineMs: NOW + 30 * 60_000 });
    expect(plan.fundingStep?.to).toBe(usdcRequest.fromToken.address);
    expect(plan.context).toMatchObject({ shape: 'deposit' });
  });
});

describe('rubic status', () => {
  const statusRequest: VenueStatusRequest = {
    fromChain: 'base',
    toChain: 'arbitrum',
    toToken: knownToken('arbitrum', 'USDC'),
    sourceTxHash: `0x${'ab'.repeat(32)}`,
    recipient: RECIPIENT,
    amountIn: 250_000_000n,
    expectedOut: 248_750_000n,
    context: { id: 'rubic-id-1', fromBlockchain: 'BASE', toBlockchain: 'ARBITRUM', fromToken: usdcRequest.fromToken.address!, toToken: usdcRequest.toToken.address!, providerType: 'lifi', destinationWeiAmount: '248750000', destinationWeiMinAmount: '248750000', shape: 'calldata' },
  };

  it.each([
    ['SUCCESS', 'completed'],
    ['PENDING', 'pending'],
    ['LONG_PENDING', 'pending'],
    ['NOT_FOUND', 'pending'],
    ['READY_TO_CLAIM', 'pending'],
    ['REVERT', 'pending'],
    ['REVERTED', 'refunded'],
    ['FALLBACK', 'partial'],
    ['FAIL', 'failed'],
    ['WAITING_FOR_TRUSTLINE', 'pending'],
    ['WAITING_FOR_REFUND_TRUSTLINE', 'pending'],
    ['INDETERMINATE', 'pending'],
  ] as const)('maps %s to %s, asking by id and source hash', async (status, state) => {
    fake.setOptions({ status });
    const answer = await venue().status(statusRequest, testCall());
    expect(answer.state).toBe(state);
    expect(answer.unrecognized).toBeUndefined();
    const asked = fake.server.requests.at(-1)!;
    expect(Object.fromEntries(asked.query)).toEqual({ rubicId: 'rubic-id-1', srcTxHash: statusRequest.sourceTxHash });
  });

  it('fills the destination hash and the requested asset on SUCCESS, and keeps an unknown value pending', async () => {
    fake.setOptions({ status: 'SUCCESS' });
    expect(await venue().status(statusRequest, testCall())).toMatchObject({ destinationTxHash: `0x${'5e'.repeat(32)}`, receivedAsset: statusRequest.toToken.address });
    fake.setOptions({ status: 'SOMETHING_NEW' });
    expect(await venue().status(statusRequest, testCall())).toMatchObject({ state: 'pending', unrecognized: true });
  });

  it('reads the received amount, and on FALLBACK the bridged token, from the destination transaction when Strait has an RPC there', async () => {
    const USDC = statusRequest.toToken.address as Hex;
    const USDC_E: Hex = '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8';
    const transfer = (token: Hex, value: bigint) => ({ address: token, topics: [toEventSelector('Transfer(address,address,uint256)'), pad(USDC_E), pad(RECIPIENT)], data: encodeAbiParameters([{ type: 'uint256' }], [value]) });
    let logs = [transfer(USDC, 248_600_000n)];
    const evm = (chain: string) => (chain === 'arbitrum' ? ({ getTransactionReceipt: () => Promise.resolve({ logs }) } as unknown as PublicClient) : null);
    const withRpc = createTestVenue(rubicVenue, fake.url, { now: () => NOW, evm }).venue;
    fake.setOptions({ status: 'SUCCESS' });
    expect(await withRpc.status(statusRequest, testCall())).toMatchObject({ state: 'completed', receivedAmount: 248_600_000n, receivedAsset: USDC });
    // FALLBACK names no token: the first one paid to the recipient is the bridged one.
    logs = [transfer(USDC_E, 248_100_000n)];
    fake.setOptions({ status: 'FALLBACK' });
    expect(await withRpc.status(statusRequest, testCall())).toMatchObject({ state: 'partial', receivedAmount: 248_100_000n, receivedAsset: USDC_E });
    // READY_TO_CLAIM keeps its hash but nothing is delivered yet: nothing is read.
    fake.setOptions({ status: 'READY_TO_CLAIM' });
    expect(await withRpc.status(statusRequest, testCall())).toMatchObject({ state: 'pending', receivedAmount: null });
  });
});
