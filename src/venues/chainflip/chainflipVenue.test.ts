import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeFunctionData, erc20Abi } from 'viem';
import { createTestVenue, fixturesOf, knownToken, passes, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { DepositPlan, VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError, type VenueHttpClient } from '../venueHttpClient.ts';
import { CHAINFLIP_ASSETS } from './chainflipChains.ts';
import { startChainflipFake, type ChainflipFake } from './chainflipFake.ts';
import { createChainflipNetworkInfo } from './chainflipNetworkInfo.ts';
import { CHAINFLIP_STATUS_TABLE, minPriceX128Of } from './chainflipMapping.ts';
import { ChainflipDepositChannelSchema, ChainflipNetworkInfoSchema, ChainflipQuoteResponseSchema, ChainflipStatusSchema } from './chainflipSchemas.ts';
import { chainflipVenue } from './chainflipVenue.ts';

const USDC_ARB = knownToken('arbitrum', 'USDC');
const SOL = knownToken('solana', null);
const BTC = knownToken('bitcoin', null);
const ETH = knownToken('ethereum', null);
const SENDER = '0x2222222222222222222222222222222222222222';
const SOL_RECIPIENT = '4Az8dFA8ugjcx791yEW4gWKuNoPEw6cPC83Hr64Q5TwH';
const NOW = Date.parse('2026-01-01T00:00:00.000Z');

const request = (overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest => ({
  fromChain: 'arbitrum',
  toChain: 'solana',
  fromToken: USDC_ARB,
  toToken: SOL,
  amountIn: 150_000_000n,
  sender: SENDER,
  recipient: SOL_RECIPIENT,
  userIp: null,
  integratorFee: null,
  ...overrides,
});

const fixture = fixturesOf(import.meta.url);
let fake: ChainflipFake;
let adapter: ReturnType<typeof createTestVenue>['venue'];

beforeAll(async () => {
  fake = await startChainflipFake();
  adapter = createTestVenue(chainflipVenue, fake.url, { now: () => NOW }).venue;
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.server.setFault(null);
  fake.setMinimum(null);
  fake.disableAsset(null);
  fake.server.requests.length = 0;
});

async function opened(quoteRequest = request()): Promise<{ quote: VenueQuote; plan: DepositPlan }> {
  const quote = await adapter.quote(quoteRequest, testCall());
  const plan = await adapter.build({ request: quoteRequest, quote }, testCall());
  if (plan.shape !== 'deposit') throw new Error('expected a deposit plan');
  return { quote, plan };
}

const statusOf = (quoteRequest: VenueQuoteRequest, plan: DepositPlan, quote: VenueQuote): VenueStatusRequest => ({
  fromChain: quoteRequest.fromChain,
  toChain: quoteRequest.toChain,
  toToken: quoteRequest.toToken,
  sourceTxHash: `0x${'ab'.repeat(32)}`,
  recipient: quoteRequest.recipient,
  amountIn: quoteRequest.amountIn,
  expectedOut: plan.amountOut,
  context: { ...quote.context, ...plan.context },
});

describe('fixtures', () => {
  it('pass the schemas', () => {
    for (const name of ['quote-btc-eth-boost.json', 'quote-eth-sol-regular-dca.json']) expect(passes(ChainflipQuoteResponseSchema, fixture(`real/${name}`))).toBe(true);
    for (const name of ['status-completed-eth-btc.json', 'status-completed-dca-partial-refund-usdc-flip.json', 'status-failed-deposit-ignored.json', 'status-receiving-vault.json']) expect(passes(ChainflipStatusSchema, fixture(`real/${name}`))).toBe(true);
    expect(passes(ChainflipDepositChannelSchema, fixture('synthetic/deposit-channel-eth.json'))).toBe(true);
    for (const name of ['network-info-all-enabled.json', 'network-info-channel-creation-off.json']) expect(passes(ChainflipNetworkInfoSchema, fixture(`real/${name}`))).toBe(true);
  });
  it('name every asset of the table by a State Chain id the backend lists', () => {
    const listed = new Set((fixture('real/network-info-all-enabled.json') as { assets: { asset: string }[] }).assets.map((a) => a.asset));
    for (const asset of CHAINFLIP_ASSETS) expect(listed.has(asset.internalId), asset.internalId).toBe(true);
  });
});

describe('minPriceX128Of', () => {
  it('matches the SDK getPriceX128FromPrice vectors (shared functions.test.ts)', () => {
    expect(minPriceX128Of('2458.206', 0, 18, 6)).toBe(836484156059252456516448240236n);
    expect(minPriceX128Of('600', 0, 18, 10)).toBe(2041694201525630780780247644590609n);
  });
  it('lowers the price by the slippage', () => {
    expect(minPriceX128Of('1', 100, 6, 6)).toBe((2n ** 128n * 99n) / 100n);
  });
});

describe('quote', () => {
  it('asks for a regular deposit-channel quote in the backend dialect and prices the REGULAR one', async () => {
    const quote = await adapter.quote(request(), testCall());
    const query = fake.server.requests.at(-1)?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({ amount: '150000000', srcChain: 'Arbitrum', srcAsset: 'USDC', destChain: 'Solana', destAsset: 'SOL', isVaultSwap: 'false', isOnChain: 'false', dcaV2Enabled: 'false' });
    // 150 USD of SOL at 150 USD is 1 SOL, less 0.1 % network fee and 0.001 SOL egress fee.
    expect(quote.amountOut).toBe(1_000_000_000n - 1_000_000n - 1_000_000n);
    expect(quote.minAmountOut).toBeLessThan(quote.amountOut);
    expect(quote.expiresAt).toBe(NOW + 60_000);
  });

  it('refuses a corridor Chainflip does not serve without calling it', async () => {
    const error = await rejectionOf(adapter.quote(request({ toChain: 'base', toToken: knownToken('base', 'USDC'), recipient: SENDER }), testCall()));
    expect(error.code).toBe('route_not_served');
    expect(fake.server.requests).toHaveLength(0);
  });

  it('refuses a token Chainflip does not carry', async () => {
    const error = await rejectionOf(adapter.quote(request({ fromToken: knownToken('arbitrum', 'WETH') }), testCall()));
    expect(error.code).toBe('token_not_supported');
  });

  it('translates the minimum into below_min with the atomic amount', async () => {
    fake.setMinimum(200_000_000n);
    const error = await rejectionOf(adapter.quote(request(), testCall()));
    expect(error.code).toBe('below_min');
    expect(error.details).toMatchObject({ minAmountAtomic: '200000000' });
  });

  it('refuses a quote that echoes a State Chain internal swap (isOnChain true), never a deposit-channel row', async () => {
    const [regular] = fixture('synthetic/quote-eth-sol-regular-dca-channel.json') as Record<string, unknown>[];
    fake.server.setFault({ kind: 'status', status: 200, body: [{ ...regular, isOnChain: true }] });
    const error = await rejectionOf(adapter.quote(request({ fromChain: 'ethereum', fromToken: ETH, amountIn: 10n ** 19n }), testCall()));
    expect(error.code).toBe('venue_bad_response');
    expect(error.details).toMatchObject({ path: '/0/isOnChain' });
  });

  it('leaves a 5xx to the registry', async () => {
    fake.server.setFault({ kind: 'status', status: 500, body: { message: 'unknown error' } });
    await expect(adapter.quote(request(), testCall())).rejects.toBeInstanceOf(VenueHttpError);
  });
});

describe('build', () => {
  it('opens a channel refunding to the sender at the quoted minimum price, and funds it with an exact ERC-20 transfer', async () => {
    const { quote, plan } = await opened();
    const channelId = String(plan.context.channelId);
    const body = fake.channelRequest(channelId) as Record<string, unknown>;
    expect(body).toMatchObject({ srcAsset: { chain: 'Arbitrum', asset: 'USDC' }, destAsset: { chain: 'Solana', asset: 'SOL' }, destAddress: SOL_RECIPIENT, amount: '150000000' });
    const fok = body.fillOrKillParams as Record<string, unknown>;
    expect(fok.refundAddress).toBe(SENDER);
    expect(fok.minPriceX128).toBe(minPriceX128Of(String(quote.context.estimatedPrice), Number(quote.context.slippageBps), 6, 9).toString());
    expect(plan.deposit).toMatchObject({ chain: 'arbitrum', token: USDC_ARB.address, amount: 150_000_000n, memo: null });
    expect(plan.deposit.deadlineMs).toBeGreaterThan(NOW);
    const step = plan.fundingStep;
    expect(step?.to).toBe(USDC_ARB.address);
    const call = decodeFunctionData({ abi: erc20Abi, data: step?.data ?? '0x' });
    expect(call.functionName).toBe('transfer');
    expect(call.args).toEqual([plan.deposit.address, 150_000_000n]);
  });

  it('from bitcoin gives the channel address with no EVM step', async () => {
    const btcRequest = request({ fromChain: 'bitcoin', fromToken: BTC, amountIn: 1_000_000n, sender: 'bc1qvwmuc3pjhwju287sjs5vg7467t2jlymnmjyatp', toChain: 'ethereum', toToken: ETH, recipient: SENDER });
    const { plan } = await opened(btcRequest);
    expect(plan.deposit.address).toMatch(/^bc1/);
    expect(plan.fundingStep).toBeNull();
  });

  // The channel answer echoes no asset, address or amount, only its chain (in the id) and the two
  // fees the body left out: a channel that takes either delivers less than the row promised.
  async function buildAgainst(channel: Record<string, unknown>) {
    const ethRequest = request({ fromChain: 'ethereum', fromToken: ETH });
    const quote = await adapter.quote(ethRequest, testCall());
    fake.server.setFault({ kind: 'status', status: 201, body: channel });
    return adapter.build({ request: ethRequest, quote }, testCall());
  }
  const CHANNEL = fixture('synthetic/deposit-channel-eth.json') as Record<string, unknown>;

  it('builds on the channel answer as recorded (no commission, no boost)', async () => {
    const plan = await buildAgainst(CHANNEL);
    expect(plan.shape === 'deposit' && plan.deposit.address).toBe(CHANNEL.depositAddress);
  });

  it.each([
    ['brokerCommissionBps', 25],
    ['maxBoostFeeBps', 30],
  ])('refuses a channel opened with a %s of %i nobody asked for', async (key, value) => {
    const error = await rejectionOf(buildAgainst({ ...CHANNEL, [key]: value }));
    expect(error.code).toBe('venue_bad_response');
    expect(error.details).toMatchObject({ path: `/${key}` });
  });

  it('refuses a sender that cannot take a refund on the source chain', async () => {
    const quoteRequest = request({ sender: 'not-an-address' });
    const quote = await adapter.quote(quoteRequest, testCall());
    const error = await rejectionOf(adapter.build({ request: quoteRequest, quote }, testCall()));
    expect(error.code).toBe('invalid_input');
  });
});

describe('status', () => {
  it('maps every documented state', () => {
    expect(Object.keys(CHAINFLIP_STATUS_TABLE).sort()).toEqual(['COMPLETED', 'FAILED', 'RECEIVING', 'SENDING', 'SENT', 'SWAPPING', 'WAITING']);
  });

  it('follows a channel from WAITING to COMPLETED with the egress ref', async () => {
    const quoteRequest = request();
    const { quote, plan } = await opened(quoteRequest);
    const statusRequest = statusOf(quoteRequest, plan, quote);
    expect((await adapter.status(statusRequest, testCall())).state).toBe('pending');
    expect(fake.server.requests.at(-1)?.path).toBe(`/v2/swaps/${String(plan.context.channelId)}`);
    fake.setStatus(String(plan.context.channelId), 'COMPLETED', { swapEgress: { amount: '997000000', txRef: '5xSig', witnessedAt: 1 } });
    const done = await adapter.status(statusRequest, testCall());
    expect(done).toMatchObject({ state: 'completed', destinationTxHash: '5xSig', receivedAmount: 997_000_000n });
  });

  it('reads a COMPLETED with only a refund egress as refunded', async () => {
    const quoteRequest = request();
    const { quote, plan } = await opened(quoteRequest);
    fake.setStatus(String(plan.context.channelId), 'COMPLETED', { swapEgress: null, swap: { originalInputAmount: '150000000', swappedOutputAmount: '0' }, refundEgress: { amount: '149000000', txRef: '0xrefund' } });
    const status = await adapter.status(statusOf(quoteRequest, plan, quote), testCall());
    expect(status.state).toBe('refunded');
    expect(status.receivedAmount).toBeNull();
  });

  it('is pending for an id the backend does not know yet', async () => {
    const quoteRequest = request();
    const { quote, plan } = await opened(quoteRequest);
    const status = await adapter.status({ ...statusOf(quoteRequest, plan, quote), context: { ...quote.context, channelId: '1-Arbitrum-999' } }, testCall());
    expect(status).toMatchObject({ state: 'pending', venueStatus: 'NOT_FOUND' });
  });

  it('refuses a stored context it did not write', async () => {
    const quoteRequest = request();
    const { quote, plan } = await opened(quoteRequest);
    const error = await rejectionOf(adapter.status({ ...statusOf(quoteRequest, plan, quote), context: { channelId: 'x' } }, testCall()));
    expect(error.code).toBe('invalid_input');
  });
});

describe('network info snapshot', () => {
  it('refuses a paused asset locally once read, and drops it from the coverage', async () => {
    const venue = createTestVenue(chainflipVenue, fake.url, { now: () => NOW }).venue;
    expect(venue.supports(request())).toEqual({ served: true });
    fake.disableAsset('ArbUsdc');
    await venue.snapshot?.refresh(testCall());
    expect(venue.snapshot?.fetchedAt()).toBe(NOW);
    expect(venue.supports(request())).toMatchObject({ served: false, code: 'route_not_served' });
    fake.server.requests.length = 0;
    expect((await rejectionOf(venue.quote(request(), testCall()))).code).toBe('route_not_served');
    expect(fake.server.requests).toHaveLength(0);
    expect(venue.coverage().tokenSymbols('arbitrum', 'solana')).not.toContain('USDC');
    expect(venue.coverage().tokenSymbols('arbitrum', 'solana')).toContain('ETH');
  });

  it('without a snapshot, the 503 of a disabled asset is route_not_served', async () => {
    fake.disableAsset('Sol');
    expect((await rejectionOf(adapter.quote(request(), testCall()))).code).toBe('route_not_served');
  });

  it('reads the recorded safe-mode answer: no channel deposits, Flip still paid out', async () => {
    const info = fixture('real/network-info-channel-creation-off.json');
    const http = { get: () => Promise.resolve(info), post: () => Promise.reject(new Error('unused')) } as unknown as VenueHttpClient;
    const network = createChainflipNetworkInfo(http, () => NOW);
    const eth = CHAINFLIP_ASSETS.find((a) => a.internalId === 'Eth');
    const flip = CHAINFLIP_ASSETS.find((a) => a.internalId === 'Flip');
    if (!eth || !flip) throw new Error('table lacks Eth or Flip');
    expect(network.allows(eth, flip)).toEqual({ served: true });
    await network.snapshot.refresh(testCall());
    expect(network.allows(eth, flip)).toMatchObject({ served: false, code: 'route_not_served' });
    expect(network.takesDeposits(flip)).toBe(false);
  });
});
