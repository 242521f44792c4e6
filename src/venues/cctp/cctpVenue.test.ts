import { readFileSync } from 'node:fs';
import { Compile } from 'typebox/compile';
import { decodeFunctionData, pad } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestVenue, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { EvmStep } from '../../domain/steps.ts';
import { type VenueQuote } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { TOKEN_MESSENGER_V2, tokenMessengerV2Abi } from './cctpChains.ts';
import { startCctpFake, type CctpFake } from './cctpFake.ts';
import { cctpVenue } from './cctpVenue.ts';
import { IrisFees, IrisMessages } from './cctpSchemas.ts';
import { RECIPIENT, quoteRequest, usdcOn } from './cctpTestSupport.ts';

const NOW = 1_750_000_000_000;
const USDC = (n: number) => BigInt(n) * 1_000_000n;
const ARB_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';

let fake: CctpFake;
let venue: ReturnType<typeof createTestVenue>['venue'];

beforeAll(async () => {
  fake = await startCctpFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  // A fresh adapter per test: fault tests must not leave the breaker open for the next one.
  venue = createTestVenue(cctpVenue, fake.url, { now: () => NOW }).venue;
  fake.server.requests.length = 0;
  fake.server.setFault(null);
  fake.setAllowance(5_000_000);
});

const rejection = rejectionOf;

describe('real answers', () => {
  const load = (name: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
  it.each([
    ['real/fees-0-26-docs.json', IrisFees],
    ['real/fees-forward-6-1-docs.json', IrisFees],
    ['real/messages-complete-docs.json', IrisMessages],
    ['real/messages-v1-and-v2-docs.json', IrisMessages],
    ['synthetic/messages-pending.json', IrisMessages],
  ] as const)('%s passes its schema', (name, schema) => {
    expect(Compile(schema).Check(load(name))).toBe(true);
  });
});

describe('coverage', () => {
  it('serves USDC between CCTP v2 EVM chains', () => {
    expect(venue.supports({ fromChain: 'arbitrum', toChain: 'base', fromToken: usdcOn('arbitrum'), toToken: usdcOn('base') })).toEqual({ served: true });
    expect(venue.coverage().origins).toHaveLength(13);
    expect(venue.coverage().tokenSymbols('ethereum', 'hyperevm')).toEqual(['USDC']);
    expect(venue.coverage().tokenSymbols('ethereum', 'bnb')).toEqual([]);
  });

  it('refuses other chains and other tokens', () => {
    const usdt = { chain: 'arbitrum', symbol: 'USDT', address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', decimals: 6 } as ReturnType<typeof usdcOn>;
    expect(venue.supports({ fromChain: 'arbitrum', toChain: 'base', fromToken: usdt, toToken: usdcOn('base') })).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.supports({ fromChain: 'arbitrum', toChain: 'bnb', fromToken: usdcOn('arbitrum'), toToken: { ...usdcOn('base'), chain: 'bnb' } })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports({ fromChain: 'base', toChain: 'base', fromToken: usdcOn('base'), toToken: usdcOn('base') })).toMatchObject({ served: false, code: 'route_not_served' });
  });
});

describe('quote', () => {
  it('prices a fast forwarded burn from the Iris fee table (1,000 USDC Arbitrum → Base)', async () => {
    const quote = await venue.quote(quoteRequest('arbitrum', 'base', USDC(1000)), testCall());
    const fees = fake.server.requests.find((r) => r.path.startsWith('/v2/burn'));
    expect(fees?.path).toBe('/v2/burn/USDC/fees/3/6');
    expect(fees?.query.get('forward')).toBe('true');
    expect(fake.server.requests.some((r) => r.path === '/v2/fastBurn/USDC/allowance')).toBe(true);
    // Expected: protocol fee 1 bps = 100000 and the median forward fee 200000. The burn allows
    // 120000 (Circle's 10–20 % headroom) + the high forward estimate 300000 = 420000.
    expect(quote).toEqual({
      amountIn: USDC(1000),
      amountOut: USDC(1000) - 100_000n - 200_000n,
      minAmountOut: USDC(1000) - 420_000n,
      estimatedSeconds: 30,
      expiresAt: NOW + 60_000,
      context: { srcDomain: 3, dstDomain: 6, minFinalityThreshold: 1000, maxFee: '420000', protocolFee: '100000', forwardFee: '200000' },
    });
  });

  it('falls back to standard when the amount exceeds the fast allowance (human units)', async () => {
    fake.setAllowance('999.9999995');
    const quote = await venue.quote(quoteRequest('arbitrum', 'base', USDC(1000)), testCall());
    expect(quote).toMatchObject({ amountOut: USDC(1000) - 200_000n, minAmountOut: USDC(1000) - 300_000n, estimatedSeconds: 1080 });
    expect(quote.context).toMatchObject({ minFinalityThreshold: 2000, maxFee: '300000', protocolFee: '0' });
    fake.setAllowance(1000);
    expect((await venue.quote(quoteRequest('arbitrum', 'base', USDC(1000)), testCall())).context['minFinalityThreshold']).toBe(1000);
  });

  it('prices standard when the allowance cannot be read', async () => {
    fake.setAllowance('plenty');
    const quote = await venue.quote(quoteRequest('arbitrum', 'base', USDC(1000)), testCall());
    expect(quote.context).toMatchObject({ minFinalityThreshold: 2000 });
  });

  it('uses standard without asking for an allowance from a chain without fast transfer', async () => {
    const quote = await venue.quote(quoteRequest('polygon', 'ethereum', USDC(10)), testCall());
    expect(fake.server.requests.map((r) => r.path)).toEqual(['/v2/burn/USDC/fees/7/0']);
    expect(quote.context).toMatchObject({ minFinalityThreshold: 2000, srcDomain: 7, dstDomain: 0 });
  });

  it('rounds a fractional bps fee up in integer arithmetic (Linea 1.3 bps)', async () => {
    const quote = await venue.quote(quoteRequest('linea', 'base', 1_234_567n), testCall());
    // 1,234,567 × 1.3 / 10,000 = 160.49 → 161; maxFee = ceil(161 × 1.2) = 194 + 300,000.
    expect(quote).toMatchObject({ amountOut: 1_234_567n - 161n - 200_000n, minAmountOut: 1_234_567n - 300_194n });
    expect(quote.context).toMatchObject({ protocolFee: '161', maxFee: '300194' });
  });

  it('answers below_min with the least amount that covers maxFee', async () => {
    const error = await rejection(venue.quote(quoteRequest('arbitrum', 'base', 300_000n), testCall()));
    expect(error.code).toBe('below_min');
    // Fast fee ceil(30 × 1.2) = 36 + the high forward fee 300,000.
    expect(error.details).toEqual({ minAmountAtomic: '300037' });
  });

  it('refuses an unserved pair without calling Iris', async () => {
    const request = { ...quoteRequest('arbitrum', 'base', USDC(5)), toChain: 'solana' as const };
    expect((await rejection(venue.quote(request, testCall()))).code).toBe('route_not_served');
    expect(fake.server.requests).toHaveLength(0);
  });

  it.each([
    [{ kind: 'status', status: 429, body: { message: 'Too Many Requests' } }, 'venue_rate_limited'],
    [{ kind: 'status', status: 400, body: { code: 400, message: 'Invalid domain' } }, 'route_not_served'],
    [{ kind: 'status', status: 403, body: { error: 'Forbidden' } }, 'venue_error'],
    [{ kind: 'status', status: 200, body: [{ finalityThreshold: 2000 }] }, 'venue_bad_response'],
    [{ kind: 'malformed' }, 'venue_bad_response'],
  ] as const)('translates %o to %s', async (fault, code) => {
    fake.server.setFault(fault);
    expect((await rejection(venue.quote(quoteRequest('arbitrum', 'base', USDC(5)), testCall()))).code).toBe(code);
  });

  it('lets a 5xx through as VenueHttpError', async () => {
    fake.server.setFault({ kind: 'status', status: 500, body: { message: 'boom' } });
    await expect(venue.quote(quoteRequest('arbitrum', 'base', USDC(5)), testCall())).rejects.toBeInstanceOf(VenueHttpError);
  });
});

describe('build', () => {
  let quote: VenueQuote;
  beforeEach(async () => {
    quote = await venue.quote(quoteRequest('arbitrum', 'base', USDC(1000)), testCall());
  });

  it('burns with the forwarding hook on TokenMessengerV2, without network', async () => {
    fake.server.requests.length = 0;
    const plan = await venue.build({ request: quoteRequest('arbitrum', 'base', USDC(1000)), quote }, testCall());
    expect(fake.server.requests).toHaveLength(0);
    if (plan.shape !== 'steps') throw new Error('expected steps');
    const [step] = plan.steps;
    if (step?.vm !== 'evm') throw new Error('expected an EVM step');
    expect(step).toMatchObject({ step: 'main', chainId: 42161, to: TOKEN_MESSENGER_V2, value: 0n });
    const call = decodeFunctionData({ abi: tokenMessengerV2Abi, data: step.data });
    expect(call.functionName).toBe('depositForBurnWithHook');
    expect(call.args).toEqual([
      USDC(1000),
      6,
      pad(RECIPIENT, { size: 32 }),
      ARB_USDC,
      `0x${'0'.repeat(64)}`,
      420_000n,
      1000,
      '0x636374702d666f72776172640000000000000000000000000000000000000000',
    ]);
    expect(plan.approval).toEqual({ chainId: 42161, token: ARB_USDC, spender: TOKEN_MESSENGER_V2, amount: USDC(1000) });
    expect(plan).toMatchObject({ amountOut: quote.amountOut, minAmountOut: quote.minAmountOut, context: { srcDomain: 3, dstDomain: 6 } });
  });

  it('refuses a quote context without the burn terms, or a non-EVM recipient', async () => {
    const request = quoteRequest('arbitrum', 'base', USDC(1000));
    expect((await rejection(venue.build({ request, quote: { ...quote, context: {} } }, testCall()))).code).toBe('invalid_input');
    expect((await rejection(venue.build({ request: { ...request, recipient: 'not-an-address' }, quote }, testCall()))).code).toBe('invalid_input');
  });
});

describe('the manual route (Circle does not forward to the destination)', () => {
  beforeEach(() => fake.setForwarding(6, true));

  it('prices a plain burn with only the protocol fee, and builds depositForBurn with a claim', async () => {
    fake.setForwarding(6, false);
    const request = quoteRequest('arbitrum', 'base', USDC(1000));
    const quote = await venue.quote(request, testCall());
    // Fast 1 bps = 100,000; maxFee ceil(100,000 × 1.2) = 120,000; no forward fee.
    expect(quote).toEqual({
      amountIn: USDC(1000),
      amountOut: USDC(1000) - 100_000n,
      minAmountOut: USDC(1000) - 120_000n,
      estimatedSeconds: 30,
      expiresAt: NOW + 60_000,
      context: { srcDomain: 3, dstDomain: 6, minFinalityThreshold: 1000, maxFee: '120000', protocolFee: '100000', forwardFee: '0', route: 'manual' },
      claim: { chain: 'base', actions: ['receiveMessage'], signer: 'anyone' },
    });
    const plan = await venue.build({ request, quote }, testCall());
    if (plan.shape !== 'steps') throw new Error('expected steps');
    const call = decodeFunctionData({ abi: tokenMessengerV2Abi, data: (plan.steps[0] as EvmStep).data });
    expect(call.functionName).toBe('depositForBurn');
    expect(call.args).toEqual([USDC(1000), 6, pad(RECIPIENT.toLowerCase() as `0x${string}`), ARB_USDC, `0x${'0'.repeat(64)}`, 120_000n, 1000]);
    expect(plan.claim).toMatchObject({ chain: 'base', actions: ['receiveMessage'], signer: 'anyone' });
    expect(plan.context).toMatchObject({ burnAmount: USDC(1000).toString() });
  });

  it('keeps the forwarded burn (no claim) where the Forwarding Service serves the pair', async () => {
    const request = quoteRequest('arbitrum', 'base', USDC(1000));
    const quote = await venue.quote(request, testCall());
    const plan = await venue.build({ request, quote }, testCall());
    if (plan.shape !== 'steps') throw new Error('expected steps');
    expect(decodeFunctionData({ abi: tokenMessengerV2Abi, data: (plan.steps[0] as EvmStep).data }).functionName).toBe('depositForBurnWithHook');
    expect(plan.claim).toBeUndefined();
  });
});
