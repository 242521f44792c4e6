import type { Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { validatorOf } from '../../domain/validatorOf.ts';
import { impossibleQuote } from '../../engine/fanOutQuotes.ts';
import { describeContractReplay } from '../contract/replayContract.ts';
import { createTestVenue, knownToken, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { StepsPlan, VenueQuoteRequest } from '../Venue.ts';
import { contract } from './stargate.contract.ts';
import { DESTINATION_TX, startStargateFake, type StargateFake } from './stargateFake.ts';
import { addressToBytes32, decodeStargateSend, whyNotStargateSend } from './stargateSendCalls.ts';
import { stargateVenue } from './stargateVenue.ts';

const SENDER = '0x1111111111111111111111111111111111111111';
const RECIPIENT = '0x2222222222222222222222222222222222222222';
const THIEF = '0x9999999999999999999999999999999999999999';
const ETHER = 10n ** 18n;

const request = (amountIn: bigint, overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest => ({
  fromChain: 'base',
  toChain: 'arbitrum',
  fromToken: knownToken('base', null),
  toToken: knownToken('arbitrum', null),
  amountIn,
  sender: SENDER,
  recipient: RECIPIENT,
  userIp: null,
  integratorFee: null,
  ...overrides,
});

describe('stargate adapter against its fake', () => {
  let fake: StargateFake;
  beforeAll(async () => {
    fake = await startStargateFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.setOptions({});
    fake.server.requests.length = 0;
  });
  const venue = () => createTestVenue(stargateVenue, fake.url).venue;

  it('quotes in its dialect: native ETH, chain keys, the input less the LayerZero fee in pool steps', async () => {
    const quote = await venue().quote(request(ETHER + 123n), testCall());
    const asked = fake.server.requests.map((r) => Object.fromEntries(r.query));
    expect(asked).toHaveLength(2);
    expect(asked[0]).toMatchObject({ srcToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', dstToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', srcChainKey: 'base', dstChainKey: 'arbitrum', srcAddress: SENDER, dstAddress: RECIPIENT, srcAmount: ETHER.toString() });
    // 1 ETH + 123 wei less the 0.000038 ETH fee, floored to 10¹² wei.
    expect(asked[1]!.srcAmount).toBe('999962000000000000');
    expect(quote.amountOut).toBe((999_962_000_000_000_000n * 9_996n) / 10_000n / 10n ** 12n * 10n ** 12n);
    expect(quote.minAmountOut).toBeLessThanOrEqual(quote.amountOut);
    expect(impossibleQuote(quote, request(ETHER + 123n))).toBeNull();
    expect(validatorOf(stargateVenue.contextSchema).Check(quote.context)).toBe(true);
  });

  it('builds one step to the pinned Base pool that sends no more than the input, refund to the recipient', async () => {
    const v = venue();
    const quote = await v.quote(request(ETHER), testCall());
    const plan = (await v.build({ request: request(ETHER), quote }, testCall())) as StepsPlan;
    const step = plan.steps[0]!;
    expect(plan.steps).toHaveLength(1);
    expect(step).toMatchObject({ vm: 'evm', step: 'main', chainId: 8453, to: '0xdc181Bd607330aeeBEF6ea62e03e5e1Fb4B6F7C7' });
    if (step.vm !== 'evm') throw new Error('evm step expected');
    const send = decodeStargateSend(step.data)!;
    expect(step.value).toBe(send.amountLD + send.nativeFee);
    expect(step.value).toBeLessThanOrEqual(ETHER);
    expect(send.refundAddress).toBe(RECIPIENT);
    expect(send.to).toBe(addressToBytes32(RECIPIENT));
    expect(plan.approval).toBeNull();
    expect(whyNotStargateSend(step.data, step.value, { sourceChainId: 8453, sourceToken: null, amount: ETHER, recipient: RECIPIENT, destinationChainId: 42161 })).toBeNull();
  });

  const usdc = (amountIn = 250_000_000n) => request(amountIn, { fromToken: knownToken('base', 'USDC'), toToken: knownToken('arbitrum', 'USDC') });
  const BASE_USDC_POOL = '0x27a16dc786820B16E5c9028b75B99F6f604b5d26';

  it('quotes USDC once, for the whole input, with the pool tokens as srcToken / dstToken', async () => {
    const quote = await venue().quote(usdc(), testCall());
    const asked = fake.server.requests.map((r) => Object.fromEntries(r.query));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ srcToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', dstToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', srcAmount: '250000000', dstAmountMin: '248750000' });
    expect(quote.amountOut).toBe(249_900_000n);
    expect(quote.context).toMatchObject({ pool: BASE_USDC_POOL, amountLD: '250000000', nativeFee: '38000000000000' });
  });

  it("builds USDC: an exact approval of the pinned pool, one send whose value is the LayerZero fee, declared as the plan's native fee", async () => {
    const v = venue();
    const quote = await v.quote(usdc(), testCall());
    const plan = (await v.build({ request: usdc(), quote }, testCall())) as StepsPlan;
    expect(plan.steps).toHaveLength(1);
    const step = plan.steps[0]!;
    if (step.vm !== 'evm') throw new Error('evm step expected');
    expect(step).toMatchObject({ step: 'main', chainId: 8453, to: BASE_USDC_POOL, value: 38_000_000_000_000n });
    expect(plan.nativeFee).toBe(38_000_000_000_000n);
    expect(plan.approval).toEqual({ chainId: 8453, token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', spender: BASE_USDC_POOL, amount: 250_000_000n });
    const send = decodeStargateSend(step.data)!;
    expect(send).toMatchObject({ amountLD: 250_000_000n, refundAddress: RECIPIENT, to: addressToBytes32(RECIPIENT) });
    expect(whyNotStargateSend(step.data, step.value, { sourceChainId: 8453, sourceToken: usdc().fromToken.address, amount: 250_000_000n, recipient: RECIPIENT, destinationChainId: 42161 }, usdc().fromToken.address)).toBeNull();
  });

  it.each([
    ['a value above the fee', { value: 38_000_000_000_001n }],
    ['no fee beside the token', { value: 0n }],
    ['the native pool', { pool: '0xdc181Bd607330aeeBEF6ea62e03e5e1Fb4B6F7C7' as const }],
    ['another amount', { amountLD: 1n }],
    ['another recipient', { to: addressToBytes32(THIEF) }],
  ])('refuses a USDC answer with %s', async (_, tamper) => {
    fake.setOptions({ tamper });
    expect((await rejectionOf(venue().quote(usdc(), testCall()))).code).toBe('venue_bad_response');
  });

  it('USDC above srcAmountMax is above_max with the pool limit itself (the fee rides beside)', async () => {
    fake.setOptions({ maxAmount: 100_000_000n });
    expect(await rejectionOf(venue().quote(usdc(), testCall()))).toMatchObject({ code: 'above_max', details: { maxAmountAtomic: '100000000' } });
  });

  it.each([
    ['another recipient', { to: addressToBytes32(THIEF) }],
    ['another destination', { dstEid: 30111 }],
    ['another amount', { amountLD: 5n * 10n ** 17n }],
    ['a refund to a stranger', { refundAddress: THIEF as Hex }],
    ['a compose message', { composeMsg: '0xdeadbeef' as Hex }],
    ['another pool', { pool: '0xe8CDF27AcD73a434D661C84887215F7598e7d0d3' as Hex }],
    ['more value than the input', { value: 2n * ETHER }],
  ] as const)('refuses a venue answer with %s as venue_bad_response', async (_, tamper) => {
    fake.setOptions({ tamper });
    const rejection = await rejectionOf(venue().quote(request(ETHER), testCall()));
    expect(rejection.code).toBe('venue_bad_response');
  });

  it('translates the limits: too little for the fee, above the pool, no quotes, unserved corridors', async () => {
    expect(await rejectionOf(venue().quote(request(10n ** 13n), testCall()))).toMatchObject({ code: 'below_min', details: { minAmountAtomic: '39000000000000' } });
    fake.setOptions({ maxAmount: ETHER });
    expect(await rejectionOf(venue().quote(request(2n * ETHER), testCall()))).toMatchObject({ code: 'above_max', details: { maxAmountAtomic: (ETHER + 38_000_000_000_000n).toString() } });
    fake.setOptions({ noQuotes: true });
    expect((await rejectionOf(venue().quote(request(ETHER), testCall()))).code).toBe('no_liquidity');
    const usdtToUsdc = request(10n ** 8n, { fromChain: 'arbitrum', toChain: 'optimism', fromToken: knownToken('arbitrum', 'USDT'), toToken: knownToken('optimism', 'USDC') });
    expect((await rejectionOf(venue().quote(usdtToUsdc, testCall()))).code).toBe('token_not_supported');
    expect(venue().supports(usdtToUsdc)).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue().supports(request(10n ** 8n, { fromToken: knownToken('base', 'USDC'), toToken: knownToken('arbitrum', 'USDC') }))).toEqual({ served: true });
    expect(venue().supports(request(ETHER, { toChain: 'polygon', toToken: knownToken('polygon', null) }))).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue().coverage().tokenSymbols('base', 'arbitrum')).toEqual(['ETH', 'USDC']);
    expect(venue().coverage().tokenSymbols('arbitrum', 'optimism')).toEqual(['ETH', 'USDC', 'USDT']);
    expect(venue().coverage().tokenSymbols('base', 'linea')).toEqual(['ETH']);
  });

  it('tracks by LayerZero Scan: delivered with the amount the taxi pays, pending while not indexed, unknown values flagged', async () => {
    const v = venue();
    const quote = await v.quote(request(ETHER), testCall());
    const statusRequest = { fromChain: 'base' as const, toChain: 'arbitrum' as const, toToken: knownToken('arbitrum', null), sourceTxHash: `0x${'ab'.repeat(32)}`, recipient: RECIPIENT, amountIn: ETHER, expectedOut: quote.amountOut, context: quote.context };
    expect(await v.status(statusRequest, testCall())).toMatchObject({ state: 'completed', destinationTxHash: DESTINATION_TX, receivedAmount: quote.amountOut });
    expect(fake.server.requests.at(-1)?.path).toBe(`/messages/tx/0x${'ab'.repeat(32)}`);
    fake.setOptions({ status: null });
    expect(await v.status(statusRequest, testCall())).toMatchObject({ state: 'pending', venueStatus: 'NOT_INDEXED' });
    fake.setOptions({ status: 'SOMETHING_NEW' });
    expect(await v.status(statusRequest, testCall())).toMatchObject({ state: 'pending', unrecognized: true });
    fake.setOptions({ status: 'FAILED' });
    expect(await v.status(statusRequest, testCall())).toMatchObject({ state: 'failed', receivedAmount: null });
    expect((await rejectionOf(v.status({ ...statusRequest, sourceTxHash: 'nope' }, testCall()))).code).toBe('invalid_input');
  });
});

// The contract cases (stargate.contract.ts), replayed here because `stargate` is not registered yet.
describeContractReplay(stargateVenue, contract, new URL('./fixtures/', import.meta.url));
