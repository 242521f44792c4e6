import type { Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nativeToken, resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import { whyNotAllowed } from '../../engine/vetSteps.ts';
import { recordedAnswer } from '../fake/recordedAnswers.ts';
import { startFakeServer } from '../fake/startFakeServer.ts';
import { createTestVenue, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { StepsPlan, VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { startRangoFake, type RangoFake } from './rangoFake.ts';
import { rangoVenue } from './rangoVenue.ts';

const NOW = 1_767_225_600_000;
const KEY = { API_KEY: 'test-key' };
const DIAMOND = '0x69460570c93f9DE5E2edbC3052bf10125f0Ca22d';
const SENDER = '0x1111111111111111111111111111111111111111';
const RECIPIENT = '0x2222222222222222222222222222222222222222';
const OTHER = '0x3333333333333333333333333333333333333333';
const SOURCE_TX = '0xaaa0000000000000000000000000000000000000000000000000000000000001';

function token(chain: string, symbol: string | null): TokenInfo {
  const info = symbol === null ? nativeToken(chain) : resolveToken(chain, symbol);
  if (!info) throw new Error(`no ${symbol ?? 'native'} on ${chain}`);
  return info;
}
const ARB_USDC = token('arbitrum', 'USDC');
const OP_USDC = token('optimism', 'USDC');

function quoteRequest(overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest {
  return { fromChain: 'arbitrum', toChain: 'optimism', fromToken: ARB_USDC, toToken: OP_USDC, amountIn: 100_000_000n, sender: SENDER, recipient: RECIPIENT, userIp: null, integratorFee: null, ...overrides };
}

let fake: RangoFake;
let venue: ReturnType<typeof createTestVenue>['venue'];

beforeAll(async () => {
  fake = await startRangoFake();
  venue = createTestVenue(rangoVenue, fake.url, { credentials: KEY, now: () => NOW }).venue;
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.setOptions({});
  fake.server.setFault(null);
  fake.server.requests.length = 0;
});

async function quoted(overrides: Partial<VenueQuoteRequest> = {}): Promise<{ request: VenueQuoteRequest; quote: VenueQuote }> {
  const request = quoteRequest(overrides);
  return { request, quote: await venue.quote(request, testCall()) };
}

describe('rango quote on real recorded answers', () => {
  /** Serves one real fixture at /basic/quote and quotes 1 native coin through it. */
  async function refusalOf(file: string, fromChain: string, toChain: string) {
    const server = await startFakeServer({ 'GET /basic/quote': () => ({ body: recordedAnswer(new URL(`./fixtures/real/${file}`, import.meta.url)) }) });
    try {
      const real = createTestVenue(rangoVenue, server.url, { credentials: KEY, now: () => NOW }).venue;
      return await rejectionOf(real.quote(quoteRequest({ fromChain, toChain, fromToken: token(fromChain, null), toToken: token(toChain, null), amountIn: 10n ** 18n }), testCall()));
    } finally {
      await server.close();
    }
  }

  it('refuses the Stargate route for the Swapper Fees it charges beside the amount, before looking at the swapper', async () => {
    const refusal = await refusalOf('quote-ok-polygon-arbitrum-stargate-swapper-fee.json', 'polygon', 'arbitrum');
    expect(refusal.code).toBe('no_liquidity');
    expect(refusal.message).toMatch(/Swapper Fee of 2063914461587054727 beside the amount/);
  });

  it('reads the Hyphen route (gas named Network Fee, no meta) as gas only and refuses it for its swapper', async () => {
    const refusal = await refusalOf('quote-ok-ethereum-polygon-hyphen-aggregator.json', 'ethereum', 'polygon');
    expect(refusal.code).toBe('no_liquidity');
    expect(refusal.message).toMatch(/goes through Hyphen Aggregator/);
  });
});

describe('rango quote', () => {
  it('asks /basic/quote with Rango asset strings, atomic amount, percent slippage and the apiKey parameter', async () => {
    const { quote } = await quoted();
    const asked = fake.server.requests[0]!;
    expect(asked.path).toBe('/basic/quote');
    expect(asked.query.get('from')).toBe(`ARBITRUM--${ARB_USDC.address}`);
    expect(asked.query.get('to')).toBe(`OPTIMISM--${OP_USDC.address}`);
    expect(asked.query.get('amount')).toBe('100000000');
    expect(asked.query.get('slippage')).toBe('1');
    expect(asked.query.get('apiKey')).toBe('test-key');
    expect(quote.amountOut).toBe(99_650_000n);
    expect(quote.minAmountOut).toBe(98_653_500n);
    expect(quote.expiresAt).toBe(NOW + 60_000);
    expect(quote.context).toMatchObject({ requestId: 'rango-fake-1', swapper: 'Across' });
  });

  it('names a native coin by its blockchain alone', async () => {
    await quoted({ fromToken: token('arbitrum', null), toToken: token('optimism', null) });
    expect(fake.server.requests[0]!.query.get('from')).toBe('ARBITRUM');
  });

  it('turns NO_ROUTE into no_liquidity and INPUT_LIMIT_ISSUE into below_min with the minimum', async () => {
    fake.setOptions({ resultType: 'NO_ROUTE' });
    expect((await rejectionOf(venue.quote(quoteRequest(), testCall()))).code).toBe('no_liquidity');
    fake.setOptions({ resultType: 'INPUT_LIMIT_ISSUE' });
    const low = await rejectionOf(venue.quote(quoteRequest({ amountIn: 1_000_000n }), testCall()));
    expect(low.code).toBe('below_min');
    expect(low.details).toMatchObject({ minAmountAtomic: '2000000' });
  });

  it('does not offer an EVM route through a bridge whose calldata it cannot read; a quote-only source is priced anyway', async () => {
    fake.setOptions({ swapper: 'StargateV2' });
    expect(await rejectionOf(venue.quote(quoteRequest(), testCall()))).toMatchObject({ code: 'no_liquidity', details: { venueTool: 'StargateV2' } });
    const solana = await venue.quote(quoteRequest({ fromChain: 'solana', fromToken: token('solana', 'USDC'), sender: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' }), testCall());
    expect(solana.context.swapper).toBe('StargateV2');
  });

  it('answers corridors it cannot check or does not cover without calling Rango', async () => {
    expect(venue.supports(quoteRequest({ toChain: 'solana', toToken: token('solana', 'USDC') }))).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports(quoteRequest({ toChain: 'arbitrum', toToken: ARB_USDC }))).toMatchObject({ served: false });
    expect(venue.supports(quoteRequest({ fromChain: 'sui' as VenueQuoteRequest['fromChain'] }))).toMatchObject({ served: false });
    expect(venue.supports(quoteRequest())).toEqual({ served: true });
    expect(venue.coverage().tokenSymbols('arbitrum', 'optimism')).toContain('USDC');
    expect(venue.coverage().tokenSymbols('arbitrum', 'solana')).toEqual([]);
    expect(venue.coverage().tokenSymbols('solana', 'arbitrum')).toContain('USDC');
    expect(fake.server.requests).toHaveLength(0);
  });

  it('quotes a Solana source (its rows stay quote_only: the module builds EVM calldata only)', async () => {
    const { quote } = await quoted({ fromChain: 'solana', fromToken: token('solana', 'USDC'), sender: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' });
    expect(quote.amountOut).toBe(99_650_000n);
    expect(fake.server.requests[0]!.query.get('from')).toBe(`SOLANA--${token('solana', 'USDC').address}`);
    expect(rangoVenue.capabilities.executionShapes).toEqual(['evm_calldata']);
  });

  it('translates an HTTP 400 by its Rango code, a refused key into venue_error, and leaves a 5xx to the client', async () => {
    fake.server.setFault({ kind: 'status', status: 400, body: { error: 'The requested blockchain is not supported', errorCode: 1206, traceId: 7 } });
    expect(await rejectionOf(venue.quote(quoteRequest(), testCall()))).toMatchObject({ code: 'route_not_served', details: { venueCode: '1206' } });
    fake.server.setFault(null);
    const keyless = createTestVenue(rangoVenue, fake.url, { now: () => NOW }).venue;
    expect((await rejectionOf(keyless.quote(quoteRequest(), testCall()))).code).toBe('venue_error');
    fake.server.setFault({ kind: 'status', status: 503 });
    const error = await venue.quote(quoteRequest(), testCall()).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect((error as { code?: string }).code).not.toBe('invalid_input');
  });
});

describe('rango build', () => {
  it('asks /basic/swap for this sender and recipient and builds one diamond call with an exact approval', async () => {
    const { request, quote } = await quoted();
    const plan = (await venue.build({ request, quote }, testCall())) as StepsPlan;
    const asked = fake.server.requests.find((r) => r.path === '/basic/swap')!;
    expect(asked.query.get('fromAddress')).toBe(SENDER);
    expect(asked.query.get('toAddress')).toBe(RECIPIENT);
    expect(asked.query.get('disableEstimate')).toBe('true');
    expect(plan.steps).toHaveLength(1);
    const step = plan.steps[0]!;
    if (step.vm !== 'evm') throw new Error('expected an EVM step');
    expect(step).toMatchObject({ step: 'main', chainId: 42161, to: DIAMOND, value: 0n });
    expect(plan.approval).toEqual({ chainId: 42161, token: ARB_USDC.address, spender: DIAMOND, amount: 100_000_000n });
    expect(plan.context).toMatchObject({ diamond: DIAMOND, txType: 'EVM' });
    // Status tracks the swap answer's request id, not the quote's.
    expect(plan.context.swapRequestId).toMatch(/^rango-fake-[0-9]+$/);
    expect(plan.context.swapRequestId).not.toBe(quote.context.requestId);
    const intent = { sourceChainId: 42161, sourceToken: ARB_USDC.address, amount: 100_000_000n, recipient: RECIPIENT, destinationChainId: 10 };
    expect(whyNotAllowed(step, { venue: 'rango', allowList: rangoVenue.allowList!, chainId: 42161, sourceToken: ARB_USDC, amountIn: 100_000_000n, depositAddress: null, feeRecipients: [], intent })).toBeNull();
  });

  it('builds a native source with the amount as value and no approval', async () => {
    const { request, quote } = await quoted({ fromToken: token('arbitrum', null), toToken: token('optimism', null), amountIn: 10n ** 18n });
    const plan = (await venue.build({ request, quote }, testCall())) as StepsPlan;
    expect(plan.approval).toBeNull();
    expect(plan.steps[0]).toMatchObject({ value: 10n ** 18n });
  });

  it.each([
    ['recipient', { recipient: OTHER }, /not the recipient/],
    ['destination chain', { destinationChainId: 8453n }, /bridges to chain 8453/],
    ['token', { token: OTHER }, /not the source token/],
    ['amount', { amount: 1n }, /takes/],
    ['message', { message: '0xdeadbeef' as Hex }, /destination message/],
    ['refund address', { depositor: OTHER }, /refunds an unfilled deposit to 0x3333/],
    ['delivered token', { outputToken: OTHER }, /delivers 0x3333.*not the requested USDC/],
  ] as const)('refuses calldata with another %s as venue_bad_response', async (_field, tamper, reason) => {
    const { request, quote } = await quoted();
    fake.setOptions({ tamper });
    const refused = await rejectionOf(venue.build({ request, quote }, testCall()));
    expect(refused.code).toBe('venue_bad_response');
    expect(refused.message).toMatch(reason);
  });

  it('refuses a non-EVM transaction for an EVM source', async () => {
    const { request, quote } = await quoted();
    fake.setOptions({ txType: 'TRON' });
    expect((await rejectionOf(venue.build({ request, quote }, testCall()))).message).toMatch(/TRON transaction for an EVM source/);
  });

  it('does not build a Solana source: route_not_served, Rango not called', async () => {
    const { request, quote } = await quoted({ fromChain: 'solana', fromToken: token('solana', 'USDC'), sender: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' });
    fake.server.requests.length = 0;
    const refused = await rejectionOf(venue.build({ request, quote }, testCall()));
    expect(refused.code).toBe('route_not_served');
    expect(fake.server.requests).toHaveLength(0);
  });

  it('refuses a stored quote of another corridor and a context without a request id', async () => {
    const { request, quote } = await quoted();
    expect((await rejectionOf(venue.build({ request: { ...request, toToken: token('optimism', 'USDT') }, quote }, testCall()))).code).toBe('invalid_input');
    expect((await rejectionOf(venue.build({ request, quote: { ...quote, context: { from: 'x' } } }, testCall()))).message).toMatch(/stored Rango context/);
  });
});

describe('rango status', () => {
  async function statusRequest(): Promise<VenueStatusRequest> {
    const { request, quote } = await quoted();
    const plan = (await venue.build({ request, quote }, testCall())) as StepsPlan;
    return { fromChain: 'arbitrum', toChain: 'optimism', toToken: OP_USDC, sourceTxHash: SOURCE_TX, recipient: RECIPIENT, amountIn: request.amountIn, expectedOut: quote.amountOut, context: { ...quote.context, ...plan.context } };
  }

  it('asks /basic/status with the swap request id and the source hash', async () => {
    const request = await statusRequest();
    const status = await venue.status(request, testCall());
    const asked = fake.server.requests.find((r) => r.path === '/basic/status')!;
    expect(asked.query.get('requestId')).toBe(request.context.swapRequestId);
    expect(asked.query.get('txId')).toBe(SOURCE_TX);
    expect(status).toMatchObject({ state: 'completed', venueStatus: 'success/DESIRED_OUTPUT', receivedAmount: 99_668n, destinationTxHash: `0x${'b'.repeat(64)}` });
  });

  it.each([
    [{ status: 'running', outputType: null }, 'pending'],
    [{ status: null, outputType: null }, 'pending'],
    [{ status: 'success', outputType: 'MIDDLE_ASSET_IN_DEST' }, 'partial'],
    [{ status: 'success', outputType: 'MIDDLE_ASSET_IN_SRC' }, 'partial'],
    [{ status: 'failed', outputType: 'REVERTED_TO_INPUT' }, 'refunded'],
    [{ status: 'failed', outputType: null }, 'failed'],
  ] as const)('maps %o to %s', async (chosen, state) => {
    const request = await statusRequest();
    fake.setOptions({ status: chosen });
    expect((await venue.status(request, testCall())).state).toBe(state);
  });

  it('keeps an unknown status pending and flags it', async () => {
    const request = await statusRequest();
    fake.setOptions({ status: { status: 'paused', outputType: null } });
    expect(await venue.status(request, testCall())).toMatchObject({ state: 'pending', unrecognized: true });
  });
});
