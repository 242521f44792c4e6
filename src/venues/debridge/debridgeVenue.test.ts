import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import { createTestVenue, fixturesOf, knownToken, passes, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { StepsPlan, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { DEBRIDGE_ROUTER, DLN_SOURCE } from './debridgeChains.ts';
import { startDebridgeFake, type DebridgeFake } from './debridgeFake.ts';
import { decodeDlnCall, whyNotDebridgeCall } from './debridgeOrderCalls.ts';
import { DebridgeCreateTxSchema } from './debridgeSchemas.ts';
import { debridgeVenue } from './debridgeVenue.ts';

/**
 * The deBridge adapter as the registry builds it (shared client, schemas) against the loopback fake,
 * which answers in the layout of deBridge's own create-tx example and status answers (debridgeFake.ts).
 */

const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const EVIL: Hex = '0x00000000000000000000000000000000000bad00';
const FEE = 1_000_000_000_000_000n;

let fake: DebridgeFake;
beforeAll(async () => {
  fake = await startDebridgeFake();
});
afterAll(async () => {
  await fake.close();
});

const adapter = (credentials: Record<string, string> = {}) => createTestVenue(debridgeVenue, fake.url, { credentials }).venue;

const eth: VenueQuoteRequest = {
  fromChain: 'arbitrum',
  toChain: 'base',
  fromToken: knownToken('arbitrum', null),
  toToken: knownToken('base', null),
  amountIn: 10n ** 18n,
  sender: SENDER,
  recipient: RECIPIENT,
  userIp: null,
  integratorFee: null,
};
const usdc: VenueQuoteRequest = { ...eth, fromToken: knownToken('arbitrum', 'USDC'), toToken: knownToken('base', 'USDC'), amountIn: 250_000_000n };

const createTxAsked = () => fake.server.requests.filter((r) => r.path === '/v1.0/dln/order/create-tx');

function mainStep(plan: StepsPlan) {
  const [step] = plan.steps;
  if (!step || step.vm !== 'evm') throw new Error('expected one EVM step');
  return step;
}

describe('deBridge adapter against its fake', () => {
  it('quotes a native input in its dialect: deBridge chain ids, the fee learned once and taken out of the amount given', async () => {
    fake.setOptions({});
    const venue = adapter({ REFERRAL_CODE: '31805', ACCESS_TOKEN: 'token-1' });
    const before = createTxAsked().length;
    const quote = await venue.quote(eth, testCall());
    const give = 10n ** 18n - FEE;
    expect(quote.amountOut).toBe((give * 9_960n) / 10_000n);
    expect(quote.minAmountOut).toBe(quote.amountOut);
    expect(quote.estimatedSeconds).toBe(3);
    expect(quote.context).toMatchObject({ srcChainId: 42161, dstChainId: 8453, giveAmount: give.toString(), fixFee: FEE.toString() });
    const asked = createTxAsked().slice(before);
    // A first look learns the fee, the order then gives the rest.
    expect(asked.map((r) => r.query.get('srcChainTokenInAmount'))).toEqual([(10n ** 18n).toString(), give.toString()]);
    expect(Object.fromEntries(asked[1]?.query ?? [])).toMatchObject({
      srcChainId: '42161',
      dstChainId: '8453',
      dstChainTokenOutAmount: 'auto',
      dstChainTokenOutRecipient: RECIPIENT,
      dstChainOrderAuthorityAddress: RECIPIENT,
      srcChainOrderAuthorityAddress: SENDER,
      srcChainRefundAddress: SENDER,
      prependOperatingExpenses: 'false',
      referralCode: '31805',
      accesstoken: 'token-1',
    });
    // The fee is known now: one call.
    await venue.quote(eth, testCall());
    expect(createTxAsked().length - before).toBe(3);
  });

  it("names newer chains by deBridge's own ids (Gnosis is 100000002)", async () => {
    fake.setOptions({});
    const before = createTxAsked().length;
    await adapter().quote({ ...eth, toChain: 'gnosis', toToken: knownToken('gnosis', null) }, testCall());
    expect(createTxAsked().slice(before).at(-1)?.query.get('dstChainId')).toBe('100000002');
  });

  it('builds an ERC-20 input giving all of it, with an exact approval and the flat fee as the declared native fee', async () => {
    fake.setOptions({});
    const venue = adapter();
    const quote = await venue.quote(usdc, testCall());
    expect(quote.context.giveAmount).toBe(usdc.amountIn.toString());
    const plan = (await venue.build({ request: usdc, quote }, testCall())) as StepsPlan;
    expect(plan.nativeFee).toBe(FEE);
    expect(mainStep(plan).value).toBe(FEE);
    expect(plan.approval?.amount).toBe(usdc.amountIn);
  });

  it('translates too small an amount, and a fee larger than the amount', async () => {
    fake.setOptions({ minGive: 10n ** 17n });
    const low = await rejectionOf(adapter().quote({ ...eth, amountIn: 10n ** 16n }, testCall()));
    expect(low.code).toBe('below_min');
    expect(low.details).toMatchObject({ venueCode: 'ERROR_LOW_GIVE_AMOUNT' });
    fake.setOptions({ fixFee: 10n ** 18n });
    const eaten = await rejectionOf(adapter().quote(eth, testCall()));
    expect(eaten.code).toBe('below_min');
  });

  it('does not serve a Solana destination, Solana inputs it would pre-swap, or chains outside its deployment list, without a call', () => {
    const venue = adapter();
    expect(venue.supports({ ...eth, toChain: 'solana', toToken: knownToken('solana', null) })).toMatchObject({ served: false, code: 'route_not_served' });
    const fromSolana = { ...usdc, fromChain: 'solana' as const, fromToken: knownToken('solana', 'USDC') };
    expect(venue.supports(fromSolana)).toEqual({ served: true });
    expect(venue.supports({ ...fromSolana, fromToken: knownToken('solana', null), toToken: knownToken('base', null) })).toEqual({ served: true });
    expect(venue.supports({ ...fromSolana, fromToken: knownToken('solana', 'USDT') })).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.coverage().origins).toContain('solana');
    expect(venue.coverage().tokenSymbols('solana', 'base')).toEqual(expect.arrayContaining(['USDC']));
    expect(venue.coverage().tokenSymbols('solana', 'base')).not.toContain('USDT');
    expect(venue.supports({ ...eth, fromChain: 'scroll', fromToken: knownToken('scroll', null) })).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports(eth)).toEqual({ served: true });
    expect(venue.supports(usdc)).toEqual({ served: true });
    expect(venue.coverage().tokenSymbols('arbitrum', 'base')).toEqual(expect.arrayContaining(['ETH', 'USDC']));
  });

  it('asks for a Solana order with the Solana sender, and refuses an EVM sender there before any call', async () => {
    fake.setOptions({});
    const fromSolana: VenueQuoteRequest = { ...usdc, fromChain: 'solana', fromToken: knownToken('solana', 'USDC'), amountIn: 25_000_000n, sender: '6piKmZxbAeLhsFeVX9V9gaSQ2tdHn5EcFnoTMQ8KoX1q' };
    const quote = await adapter().quote(fromSolana, testCall());
    expect(quote.amountOut).toBe((25_000_000n * 9_960n) / 10_000n);
    const asked = createTxAsked().at(-1)!.query;
    expect(asked.get('srcChainId')).toBe('7565164');
    expect(asked.get('srcChainTokenIn')).toBe('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
    expect(asked.get('senderAddress')).toBe(fromSolana.sender);
    const before = createTxAsked().length;
    const refused = await rejectionOf(adapter().quote({ ...fromSolana, sender: SENDER }, testCall()));
    expect(refused.code).toBe('invalid_input');
    expect(createTxAsked()).toHaveLength(before);
  });

  it('builds one DlnSource call carrying give plus fee, whose order passes the allow-list check', async () => {
    fake.setOptions({});
    const venue = adapter();
    const quote = await venue.quote(eth, testCall());
    const plan = (await venue.build({ request: eth, quote }, testCall())) as StepsPlan;
    const step = mainStep(plan);
    expect(step.to).toBe(DLN_SOURCE);
    expect(step.value).toBe(10n ** 18n);
    expect(plan.approval).toBeNull();
    expect(plan.amountOut).toBe(quote.amountOut);
    expect(plan.context).toMatchObject({ orderId: expect.stringMatching(/^0x[0-9a-f]{64}$/) as unknown, dlnTarget: DLN_SOURCE });
    const intent = { sourceChainId: 42161, sourceToken: null, amount: eth.amountIn, recipient: RECIPIENT, destinationChainId: 8453 };
    expect(whyNotDebridgeCall(step.data, step.value, intent)).toBeNull();
    const decoded = decodeDlnCall(step.data);
    expect(typeof decoded === 'string' ? decoded : decoded.order.takeAmount).toBe(quote.amountOut);
  });

  it.each([
    ['another receiver', { receiverDst: EVIL }, /not the recipient/],
    ['another destination chain', { takeChainId: 42161n }, /not 8453/],
    ['another amount given', { giveAmount: 5n }, /takes 5|less than/],
    ['another output token', { takeTokenAddress: EVIL }, /takes 0x00000000000000000000000000000000000bad00/],
    ['another destination authority', { orderAuthorityAddressDst: EVIL }, /destination authority/],
    ['a hook', { externalCall: '0x01' as Hex }, /hook/],
    ['another contract', { to: EVIL }, /neither DlnSource nor DeBridgeRouter/],
  ])('refuses an order with %s at build', async (_label, tamper, why) => {
    fake.setOptions({ tamper });
    const venue = adapter();
    const quote = await venue.quote(eth, testCall());
    const rejection = await rejectionOf(venue.build({ request: eth, quote }, testCall()));
    expect(rejection.code).toBe('venue_bad_response');
    expect(rejection.message).toMatch(why);
  });

  it('finds the order from the source transaction and maps its status; completed delivers the take amount', async () => {
    fake.setOptions({ status: 'ClaimedUnlock' });
    const venue = adapter();
    const quote = await venue.quote(eth, testCall());
    const plan = (await venue.build({ request: eth, quote }, testCall())) as StepsPlan;
    const request: VenueStatusRequest = {
      fromChain: 'arbitrum',
      toChain: 'base',
      toToken: eth.toToken,
      sourceTxHash: `0x${'ab'.repeat(32)}`,
      recipient: RECIPIENT,
      amountIn: eth.amountIn,
      expectedOut: quote.amountOut,
      context: { ...quote.context, ...plan.context },
    };
    const done = await venue.status(request, testCall());
    expect(done).toMatchObject({ state: 'completed', venueStatus: 'ClaimedUnlock', receivedAmount: quote.amountOut, destinationTxHash: null });
    expect(fake.server.requests.some((r) => r.path === `/v1.0/dln/tx/${request.sourceTxHash}/order-ids`)).toBe(true);
    fake.setOptions({ status: 'ClaimedOrderCancel' });
    expect(await venue.status(request, testCall())).toMatchObject({ state: 'refunded', receivedAmount: null });
    fake.setOptions({ status: 'SentOrderCancel' });
    expect(await venue.status(request, testCall())).toMatchObject({ state: 'pending' });
    fake.setOptions({ status: 'Paused' });
    expect(await venue.status(request, testCall())).toMatchObject({ state: 'pending', unrecognized: true });
  });

  it('settles for real with a settlement: the mined order is paid to its receiver once, then Fulfilled', async () => {
    const payments: { chainId: number; token: string | null; recipient: string; amount: bigint }[] = [];
    let mined: Hex | null = null;
    const settlement: FakeSettlement = {
      findTransaction: (chainId) => Promise.resolve(chainId === 42161 && mined ? { from: SENDER, to: DLN_SOURCE, input: mined, value: eth.amountIn, success: true, logs: [] } : null),
      balanceOf: () => Promise.resolve(0n),
      pay: (chainId, token, recipient, amount) => {
        payments.push({ chainId, token, recipient, amount });
        return Promise.resolve(`0x${'cd'.repeat(32)}` as Hex);
      },
      send: () => Promise.resolve(`0x${'00'.repeat(32)}` as Hex),
    };
    fake.setOptions({ settlement });
    const venue = adapter();
    const quote = await venue.quote(eth, testCall());
    const plan = (await venue.build({ request: eth, quote }, testCall())) as StepsPlan;
    const request: VenueStatusRequest = {
      fromChain: 'arbitrum',
      toChain: 'base',
      toToken: eth.toToken,
      sourceTxHash: `0x${'ef'.repeat(32)}`,
      recipient: RECIPIENT,
      amountIn: eth.amountIn,
      expectedOut: quote.amountOut,
      context: { ...quote.context, ...plan.context },
    };
    // Not mined yet: the built order is not indexed.
    expect(await venue.status(request, testCall())).toMatchObject({ state: 'pending' });
    mined = mainStep(plan).data;
    expect(await venue.status(request, testCall())).toMatchObject({ state: 'completed', venueStatus: 'Fulfilled' });
    await venue.status(request, testCall());
    expect(payments).toEqual([{ chainId: 8453, token: null, recipient: RECIPIENT.toLowerCase(), amount: quote.amountOut }]);
  });

  it("reads an integrator's recorded answer: no fixFee field, the flat fee is what tx.value carries beyond the amount given", () => {
    const recorded = fixturesOf(import.meta.url)('real/create-tx-eth-base-to-ip-story-exact-out.json') as { estimation: { srcChainTokenIn: { amount: string } }; tx: { value: string } };
    expect(passes(DebridgeCreateTxSchema, recorded)).toBe(true);
    expect('fixFee' in recorded).toBe(false);
    expect(BigInt(recorded.tx.value) - BigInt(recorded.estimation.srcChainTokenIn.amount)).toBe(FEE);
  });

  it("publishes deBridge's request budget: 50 a minute, 300 with an access token", () => {
    expect(debridgeVenue.rateLimit?.({})).toEqual({ requests: 50, perMs: 60_000 });
    expect(debridgeVenue.rateLimit?.({ ACCESS_TOKEN: 'token-1' })).toEqual({ requests: 300, perMs: 60_000 });
  });

  it('pins both DLN contracts on every chain it serves, each call checked', () => {
    const calls = debridgeVenue.allowList?.calls ?? [];
    expect(calls.filter((c) => c.chainId === 42161).map((c) => c.to)).toEqual([DLN_SOURCE, DEBRIDGE_ROUTER]);
    expect(calls.every((c) => c.check !== undefined && c.selectors !== 'any')).toBe(true);
  });
});
