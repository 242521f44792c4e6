import { encodeAbiParameters, getAddress, pad, toEventSelector, type Hex, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../../createStrait.ts';
import { createTestStrait } from '../../../test/testStrait.ts';
import { createTestVenue, knownToken, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { StepsPlan, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { whyNotXyBridgeCall } from './xyfinanceBridgeCalls.ts';
import { startXyFinanceFake, type XyFinanceFake } from './xyfinanceFake.ts';
import { xyfinanceVenue } from './xyfinanceVenue.ts';

/**
 * The XY Finance adapter against its loopback fake (XY's dialect: HTTP 200 with `success: false` for
 * refusals), and through the whole service: a build whose YBridge call pays another recipient, chain,
 * token or amount, or calls another contract, is refused (502 unsafe_venue_answer).
 */

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const RECIPIENT = getAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
const EVIL = getAddress('0x00000000000000000000000000000000000bad00');
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const Y_BRIDGE_BASE = '0x73Ce60416035B8D7019f6399778c14ccf5C9c7A1';
const XY_NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';

let fake: XyFinanceFake;
beforeAll(async () => {
  fake = await startXyFinanceFake();
});
afterAll(async () => {
  await fake.close();
});

const request = (overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest => ({
  fromChain: 'base',
  toChain: 'arbitrum',
  fromToken: knownToken('base', 'USDC'),
  toToken: knownToken('arbitrum', 'USDC'),
  amountIn: 250_000_000n,
  sender: USER,
  recipient: RECIPIENT,
  userIp: null,
  integratorFee: { bps: 20, recipient: USER },
  ...overrides,
});

const adapter = () => createTestVenue(xyfinanceVenue, fake.url, { now: () => 1_000 }).venue;

describe('xyfinance adapter against its fake', () => {
  it("quotes yBridge routes only, in XY's units (percent slippage, no commission), net of XY's fees", async () => {
    fake.setOptions({});
    const quote = await adapter().quote(request(), testCall());
    expect(quote.amountOut).toBe((250_000_000n * 9_970n) / 10_000n);
    expect(quote.minAmountOut).toBe((quote.amountOut * 99n) / 100n);
    expect(quote.expiresAt).toBe(61_000);
    expect(quote.context).toMatchObject({ srcChainId: 8453, dstChainId: 42161, bridgeProvider: 'yBridge' });
    const asked = Object.fromEntries(fake.server.requests.findLast((r) => r.path === '/quote')!.query);
    expect(asked).toMatchObject({ srcChainId: '8453', dstChainId: '42161', srcQuoteTokenAddress: BASE_USDC, srcQuoteTokenAmount: '250000000', slippage: '1', bridgeProviders: 'yBridge' });
    // Strait's fee stays a fee step: XY's commission would go through the XY Router Strait never calls.
    expect(asked).not.toHaveProperty('commissionRate');
    expect(asked).not.toHaveProperty('affiliate');
  });

  it('sends a configured AFFILIATE for attribution, still without a commission', async () => {
    fake.setOptions({});
    const venue = createTestVenue(xyfinanceVenue, fake.url, { credentials: { AFFILIATE: USER } }).venue;
    await venue.quote(request(), testCall());
    const asked = Object.fromEntries(fake.server.requests.findLast((r) => r.path === '/quote')!.query);
    expect(asked).toMatchObject({ affiliate: USER });
    expect(asked).not.toHaveProperty('commissionRate');
  });

  it("turns XY's minimum into below_min with the minimum in atomic units", async () => {
    fake.setOptions({ minAmount: { atomic: 5_000_000n, display: '5', symbol: 'USDC' } });
    const rejection = await rejectionOf(adapter().quote(request({ amountIn: 1_000_000n }), testCall()));
    expect(rejection.code).toBe('below_min');
    expect(rejection.details).toMatchObject({ minAmountAtomic: '5000000', venueCode: '20004' });
  });

  it('offers nothing when XY answers only routes through its XY Router', async () => {
    fake.setOptions({ routerOnly: true });
    expect((await rejectionOf(adapter().quote(request(), testCall()))).code).toBe('no_liquidity');
  });

  it('refuses corridors off its YBridge table before calling XY', async () => {
    const served = adapter().supports({ fromChain: 'base', toChain: 'solana', fromToken: knownToken('base', 'USDC'), toToken: knownToken('solana', 'USDC') });
    expect(served).toMatchObject({ served: false, code: 'route_not_served' });
    expect(adapter().coverage().origins).toContain('linea');
  });

  it('builds one checked YBridge call with the quoted providers and an exact approval of the YBridge', async () => {
    fake.setOptions({});
    const venue = adapter();
    const asked = request();
    const quote = await venue.quote(asked, testCall());
    const plan = (await venue.build({ request: asked, quote }, testCall())) as StepsPlan;
    expect(plan.steps).toHaveLength(1);
    const main = plan.steps[0]!;
    expect(main).toMatchObject({ vm: 'evm', chainId: 8453, to: Y_BRIDGE_BASE, value: 0n });
    expect(whyNotXyBridgeCall((main as { data: Hex }).data, 0n, { sourceChainId: 8453, sourceToken: BASE_USDC, amount: 250_000_000n, recipient: RECIPIENT, destinationChainId: 42161 })).toBeNull();
    expect(plan.approval).toEqual({ chainId: 8453, token: BASE_USDC, spender: Y_BRIDGE_BASE, amount: 250_000_000n });
    expect(plan.context).toMatchObject({ yBridge: Y_BRIDGE_BASE });
    const built = Object.fromEntries(fake.server.requests.findLast((r) => r.path === '/buildTx')!.query);
    expect(built).toMatchObject({ receiver: RECIPIENT, bridgeProvider: 'yBridge', srcBridgeTokenAddress: BASE_USDC, slippage: '1' });
  });

  it('stores a source swap provider and asks buildTx for it; the swap payload is opaque but the call still pays the recipient', async () => {
    const BASE_WETH = '0x4200000000000000000000000000000000000006';
    fake.setOptions({ sourceSwapInto: BASE_WETH });
    const venue = adapter();
    const asked = request({ toToken: knownToken('arbitrum', null) });
    const quote = await venue.quote(asked, testCall());
    expect(quote.context).toMatchObject({ srcSwapProvider: 'OneInch V5 DexAggregator', srcBridgeTokenAddress: BASE_WETH });
    const plan = (await venue.build({ request: asked, quote }, testCall())) as StepsPlan;
    expect(plan.steps[0]).toMatchObject({ to: Y_BRIDGE_BASE, value: 0n });
    expect(Object.fromEntries(fake.server.requests.findLast((r) => r.path === '/buildTx')!.query)).toMatchObject({ srcSwapProvider: 'OneInch V5 DexAggregator', srcBridgeTokenAddress: BASE_WETH });
  });

  it('builds a native source with the amount as value and no approval', async () => {
    fake.setOptions({});
    const venue = adapter();
    const asked = request({ fromToken: knownToken('base', null), toToken: knownToken('arbitrum', null), amountIn: 10n ** 17n });
    const quote = await venue.quote(asked, testCall());
    const plan = (await venue.build({ request: asked, quote }, testCall())) as StepsPlan;
    expect(plan.approval).toBeNull();
    expect(plan.steps[0]).toMatchObject({ value: 10n ** 17n });
    expect(Object.fromEntries(fake.server.requests.findLast((r) => r.path === '/buildTx')!.query)).toMatchObject({ srcQuoteTokenAddress: XY_NATIVE, dstQuoteTokenAddress: XY_NATIVE });
  });

  it.each([
    ['another recipient', { receiver: EVIL }, /not the recipient/],
    ['another destination chain', { dstChainId: 10 }, /bridges to chain 10/],
    ['another token', { srcToken: EVIL }, /not the source token/],
    ['another amount', { amount: 1n }, /pulls 1, not/],
    ['another contract', { to: EVIL }, /not the YBridge/],
    ['native value on an ERC-20 bridge', { value: 1n }, /native units/],
  ])('refuses a build whose call names %s', async (_name, tamper, reason) => {
    fake.setOptions({ tamper });
    const venue = adapter();
    const asked = request();
    fake.setOptions({});
    const quote = await venue.quote(asked, testCall());
    fake.setOptions({ tamper });
    const rejection = await rejectionOf(venue.build({ request: asked, quote }, testCall()));
    expect(rejection.code).toBe('venue_bad_response');
    expect(rejection.message).toMatch(reason);
  });

  it.each([
    ['Done', 'completed', `0x${'b2'.repeat(32)}`],
    ['Processing', 'pending', null],
    ['Not found', 'pending', null],
    ['Pending refund', 'pending', null],
    ['Receive bridge token', 'partial', `0x${'b2'.repeat(32)}`],
    ['Refunded', 'refunded', null],
  ])('maps status %s to %s', async (status, state, hash) => {
    fake.setOptions({ status });
    const venue = adapter();
    const asked = request();
    fake.setOptions({});
    const quote = await venue.quote(asked, testCall());
    fake.setOptions({ status });
    const statusRequest: VenueStatusRequest = { fromChain: 'base', toChain: 'arbitrum', toToken: asked.toToken, sourceTxHash: `0x${'a1'.repeat(32)}`, recipient: RECIPIENT, amountIn: asked.amountIn, expectedOut: quote.amountOut, context: quote.context };
    const answer = await venue.status(statusRequest, testCall());
    expect(answer).toMatchObject({ state, destinationTxHash: hash });
    if (state === 'partial') expect(answer.receivedAsset).toBe(quote.context.dstBridgeTokenAddress);
    expect(Object.fromEntries(fake.server.requests.findLast((r) => r.path === '/crossChainStatus')!.query)).toEqual({ srcChainId: '8453', srcTxHash: `0x${'a1'.repeat(32)}` });
  });

  it('reads the received amount from the destination transaction when Strait has an RPC there (XY names none)', async () => {
    const fresh = adapter();
    const asked = request();
    fake.setOptions({});
    const quote = await fresh.quote(asked, testCall());
    const bridgeToken = quote.context.dstBridgeTokenAddress as Hex;
    const toToken = asked.toToken.address as Hex;
    const transfer = (token: Hex, to: Hex, value: bigint) => ({ address: token, topics: [toEventSelector('Transfer(address,address,uint256)'), pad(Y_BRIDGE_BASE), pad(to)], data: encodeAbiParameters([{ type: 'uint256' }], [value]) });
    let receipt = { logs: [transfer(toToken, EVIL, 5n), transfer(toToken, RECIPIENT, 249_000_000n)] };
    const evm = (chain: string) => (chain === 'arbitrum' ? ({ getTransactionReceipt: () => Promise.resolve(receipt) } as unknown as PublicClient) : null);
    const venue = createTestVenue(xyfinanceVenue, fake.url, { now: () => 1_000, evm }).venue;
    const statusRequest: VenueStatusRequest = { fromChain: 'base', toChain: 'arbitrum', toToken: asked.toToken, sourceTxHash: `0x${'a1'.repeat(32)}`, recipient: RECIPIENT, amountIn: asked.amountIn, expectedOut: quote.amountOut, context: quote.context };
    fake.setOptions({ status: 'Done' });
    expect(await venue.status(statusRequest, testCall())).toMatchObject({ state: 'completed', receivedAmount: 249_000_000n, receivedAsset: toToken });
    // The bridge token delivered instead: counted in the token XY's route names.
    receipt = { logs: [transfer(toToken, EVIL, 5n), transfer(bridgeToken, RECIPIENT, 7n)] };
    fake.setOptions({ status: 'Receive bridge token' });
    expect(await venue.status(statusRequest, testCall())).toMatchObject({ state: 'partial', receivedAmount: 7n, receivedAsset: bridgeToken });
    // A refund pays the sender on the source chain: nothing is read.
    fake.setOptions({ status: 'Refunded' });
    expect(await venue.status(statusRequest, testCall())).toMatchObject({ state: 'refunded', receivedAmount: null });
  });

  it('keeps an undocumented status pending and unrecognized', async () => {
    const venue = adapter();
    fake.setOptions({});
    const quote = await venue.quote(request(), testCall());
    fake.setOptions({ status: 'Manual review' });
    const answer = await venue.status({ fromChain: 'base', toChain: 'arbitrum', toToken: request().toToken, sourceTxHash: `0x${'a1'.repeat(32)}`, recipient: RECIPIENT, amountIn: 1n, expectedOut: 1n, context: quote.context }, testCall());
    expect(answer).toMatchObject({ state: 'pending', unrecognized: true, venueStatus: 'Manual review' });
  });
});

describe('xyfinance through the whole service', () => {
  let strait: Strait;
  beforeAll(async () => {
    strait = await createTestStrait({ STRAIT_VENUE_XYFINANCE_BASE_URL: fake.url, STRAIT_QUOTE_MIN_WAIT_MS: '0' });
  });
  afterAll(async () => {
    await strait.close();
  });

  const post = async <T>(url: string, payload: object) => {
    const response = await strait.app.inject({ method: 'POST', url, payload });
    return { status: response.statusCode, body: response.json() as T };
  };

  async function build() {
    const quote = await post<{ decisionId: string; best: { venue: string } | null }>('/v1/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '250000000', sender: USER, recipient: RECIPIENT });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.best?.venue).toBe('xyfinance');
    return post<{ steps: { step: string; to: string }[]; error?: { code: string } }>('/v1/bridge/build', { decisionId: quote.body.decisionId });
  }

  it('quotes and builds an exact approve of the YBridge plus its checked call', async () => {
    fake.setOptions({});
    const { status, body } = await build();
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.steps.filter((s) => s.step !== 'fee').map((s) => s.step)).toEqual(['approve', 'main']);
    expect(body.steps.find((s) => s.step === 'main')!.to).toBe(Y_BRIDGE_BASE);
  });

  it('answers 502 unsafe_venue_answer when the built call pays someone else', async () => {
    fake.setOptions({ tamper: { receiver: EVIL } });
    const { status, body } = await build();
    expect(status, JSON.stringify(body)).toBe(502);
    expect(body.error?.code).toBe('unsafe_venue_answer');
  });
});
