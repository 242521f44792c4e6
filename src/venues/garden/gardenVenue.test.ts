import { getAddress, toFunctionSelector, type Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestVenue, fixturesOf, knownToken, passes, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { TokenInfo } from '../../domain/tokens.ts';
import type { DepositPlan, StepsPlan, Venue, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { GARDEN_ASSETS, gardenAssetOf, sameGardenAsset } from './gardenChains.ts';
import { startGardenFake, type GardenFake } from './gardenFake.ts';
import { INITIATE_SELECTOR, MAX_TIMELOCK_BLOCKS, decodeInitiate, initiateCheckOf } from './gardenInitiateCall.ts';
import { GardenCreateOrderResponseSchema, GardenOrderResponseSchema, GardenQuoteResponseSchema } from './gardenSchemas.ts';
import { GARDEN_STATUS_TABLE } from './gardenStatus.ts';
import { toStepsPlan } from './gardenMapping.ts';
import { VenueRejection } from '../Venue.ts';
import type { GardenCreatedOrder } from './gardenSchemas.ts';
import { gardenVenue } from './gardenVenue.ts';

const WBTC_ETH: TokenInfo = { chain: 'ethereum', symbol: 'WBTC', address: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', decimals: 8 };
const BTC = knownToken('bitcoin', null);
const USDC_BASE = knownToken('base', 'USDC');
const USDC_ARB = knownToken('arbitrum', 'USDC');
const SENDER = '0x2222222222222222222222222222222222222222';
const RECIPIENT = '0x3333333333333333333333333333333333333333';
const BTC_USER = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const APP_ID = 'test-app-id';

const request = (overrides: Partial<VenueQuoteRequest> = {}): VenueQuoteRequest => ({
  fromChain: 'base',
  toChain: 'arbitrum',
  fromToken: USDC_BASE,
  toToken: USDC_ARB,
  amountIn: 25_000_000n,
  sender: SENDER,
  recipient: RECIPIENT,
  userIp: null,
  integratorFee: null,
  ...overrides,
});
const fromBitcoin = request({ fromChain: 'bitcoin', toChain: 'ethereum', fromToken: BTC, toToken: WBTC_ETH, amountIn: 100_000n, sender: BTC_USER });

const fixture = fixturesOf(import.meta.url);

let fake: GardenFake;
let adapter: Venue;

beforeAll(async () => {
  fake = await startGardenFake();
  adapter = createTestVenue(gardenVenue, fake.url, { credentials: { APP_ID } }).venue;
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.setOptions({});
  fake.server.setFault(null);
  fake.server.requests.length = 0;
});

describe('fixtures and tables', () => {
  it('real and synthetic answers pass the schemas', () => {
    for (const name of ['quote-btc-to-base-wbtc.json', 'quote-eth-wbtc-to-btc.json']) expect(passes(GardenQuoteResponseSchema, fixture(`real/${name}`))).toBe(true);
    for (const name of ['order-btc-source.json', 'order-evm-source.json']) expect(passes(GardenCreateOrderResponseSchema, fixture(`real/${name}`))).toBe(true);
    for (const name of ['status-btc-source-redeemed.json', 'status-evm-source-not-initiated.json']) expect(passes(GardenOrderResponseSchema, fixture(`real/${name}`))).toBe(true);
  });

  it("the docs' initiate call is the HTLC's initiate(redeemer, timelock, amount, secretHash)", () => {
    expect(INITIATE_SELECTOR).toBe(toFunctionSelector('initiate(address,uint256,uint256,bytes32)'));
    const order = fixture('real/order-evm-source.json') as { result: { initiate_transaction: { data: Hex }; typed_data: { message: Record<string, string> } } };
    const args = decodeInitiate(order.result.initiate_transaction.data);
    expect(args).toEqual({ redeemer: getAddress(order.result.typed_data.message.redeemer!), timelock: 7200n, amount: 50_000n, secretHash: order.result.typed_data.message.secretHash });
  });

  it('pins one HTLC per EVM source asset, EIP-55, and no HTLC for Bitcoin or Solana', () => {
    for (const asset of GARDEN_ASSETS) {
      if (asset.chain === 'bitcoin' || asset.chain === 'solana') expect(asset.htlc).toBeNull();
      else expect(asset.htlc).toBe(getAddress(asset.htlc!));
    }
    const pairs = GARDEN_ASSETS.filter((a) => a.htlc).map((a) => `${a.chain}:${a.htlc}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('reads testnet asset ids as their mainnet twins, nothing else', () => {
    expect(sameGardenAsset('ethereum_sepolia:wbtc', 'ethereum:wbtc')).toBe(true);
    expect(sameGardenAsset('bitcoin_testnet:btc', 'bitcoin:btc')).toBe(true);
    expect(sameGardenAsset('base_sepolia:wbtc', 'base:cbbtc')).toBe(false);
    expect(sameGardenAsset('arbitrum:wbtc', 'ethereum:wbtc')).toBe(false);
  });

  it('maps every lifecycle status Garden documents', () => {
    expect(Object.keys(GARDEN_STATUS_TABLE).sort()).toEqual(
      ['Created', 'Matched', 'InitiateDetected', 'Initiated', 'CounterPartyInitiateDetected', 'CounterPartyInitiated', 'RedeemDetected', 'Redeemed', 'CounterPartyRedeemDetected', 'CounterPartyRedeemed', 'Completed', 'CounterPartySwapExpired', 'Expired', 'RefundDetected', 'Refunded', 'CounterPartyRefundDetected', 'CounterPartyRefunded', 'DeadLineExceeded'].sort(),
    );
  });
});

describe('the allow-list check of an initiate', () => {
  const asset = gardenAssetOf(USDC_BASE)!;
  const check = initiateCheckOf(asset);
  const intent = { sourceChainId: 8453, sourceToken: USDC_BASE.address, amount: 1_000n, recipient: RECIPIENT, destinationChainId: 42161 };
  const data = (amount: bigint, timelock = 7200n, redeemer = '0x661bA32eb5f86CaB358DDbB7F264b10c5825e2dd', secret = `0x${'11'.repeat(32)}`): Hex =>
    `${INITIATE_SELECTOR}${redeemer.slice(2).toLowerCase().padStart(64, '0')}${timelock.toString(16).padStart(64, '0')}${amount.toString(16).padStart(64, '0')}${secret.slice(2)}` as Hex;

  it('passes the exact amount of the HTLC token', () => expect(check(data(1_000n), 0n, intent)).toBeNull());
  it.each([
    ['another amount', data(1_001n), 0n, intent, /locks 1001/],
    ['native value', data(1_000n), 1n, intent, /native/],
    ['no timelock', data(1_000n, 0n), 0n, intent, /blocks/],
    ['a lock of weeks', data(1_000n, MAX_TIMELOCK_BLOCKS + 1n), 0n, intent, /blocks/],
    ['no redeemer', data(1_000n, 7200n, `0x${'0'.repeat(40)}`), 0n, intent, /redeemer/],
    ['an empty secret hash', data(1_000n, 7200n, undefined, `0x${'0'.repeat(64)}`), 0n, intent, /secret/],
    ['another token', data(1_000n), 0n, { ...intent, sourceToken: '0x4200000000000000000000000000000000000006' }, /HTLC locks/],
    ['another function', `0xdeadbeef${data(1_000n).slice(10)}` as Hex, 0n, intent, /not an HTLC initiate/],
  ] as const)('refuses %s', (_name, calldata, value, callIntent, reason) => {
    expect(check(calldata, value, callIntent)).toMatch(reason);
  });
});

describe('quote', () => {
  it('asks GET /v2/quote in Garden ids with the app id header, and prices 99.7 % net with a 0.5 % floor', async () => {
    const quote = await adapter.quote(request(), testCall());
    const sent = fake.server.requests.at(-1)!;
    expect(sent.path).toBe('/v2/quote');
    expect(Object.fromEntries(sent.query)).toEqual({ from: 'base:usdc', to: 'arbitrum:usdc', from_amount: '25000000' });
    expect(sent.headers['garden-app-id']).toBe(APP_ID);
    expect(quote.amountOut).toBe(24_925_000n);
    expect(quote.minAmountOut).toBe(24_925_000n - 124_625n);
    expect(quote.context).toEqual({ fromAsset: 'base:usdc', toAsset: 'arbitrum:usdc', solverId: '0x9dd9c2d208b07bf9a4ef9ca311f36d7185749635' });
  });

  it('turns the range error into below_min / above_max with the limits', async () => {
    fake.setOptions({ range: { min: 50_000_000n, max: 100_000_000n } });
    const low = await rejectionOf(adapter.quote(request(), testCall()));
    expect(low.code).toBe('below_min');
    expect(low.details).toMatchObject({ minAmountAtomic: '50000000', maxAmountAtomic: '100000000' });
    const high = await rejectionOf(adapter.quote(request({ amountIn: 200_000_000n }), testCall()));
    expect(high.code).toBe('above_max');
  });

  it('refuses unserved corridors without a call', async () => {
    expect(adapter.supports(request({ toChain: 'base', toToken: USDC_BASE })).served).toBe(false);
    const solana = adapter.supports(request({ fromChain: 'solana', fromToken: knownToken('solana', 'USDC') }));
    expect(solana).toMatchObject({ served: false, code: 'route_not_served' });
    expect(adapter.supports(request({ toToken: knownToken('arbitrum', 'USDT') }))).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(fake.server.requests).toHaveLength(0);
    expect(adapter.coverage().origins).not.toContain('solana');
    expect(adapter.coverage().tokenSymbols('ethereum', 'bitcoin')).toEqual(['WBTC', 'cbBTC', 'USDC']);
  });

  it('does not take an exact-output request', async () => {
    expect((await rejectionOf(adapter.quote({ ...request(), exactOut: 1_000n }, testCall()))).code).toBe('trade_type_not_supported');
  });
});

describe('build and status', () => {
  it('from an EVM chain: creates the one-click order and answers the checked initiate with an exact approval', async () => {
    const quote = await adapter.quote(request(), testCall());
    const plan = (await adapter.build({ request: request(), quote }, testCall())) as StepsPlan;
    const body = fake.server.requests.at(-1)!.body as Record<string, unknown>;
    expect(body).toEqual({
      source: { asset: 'base:usdc', owner: SENDER, amount: '25000000' },
      destination: { asset: 'arbitrum:usdc', owner: RECIPIENT, amount: '24925000' },
      slippage: 50,
      solver_id: '0x9dd9c2d208b07bf9a4ef9ca311f36d7185749635',
    });
    expect(body).not.toHaveProperty('secret_hash');
    const htlc = gardenAssetOf(USDC_BASE)!.htlc!;
    expect(plan.steps).toHaveLength(1);
    expect(plan.steps[0]).toMatchObject({ vm: 'evm', step: 'main', chainId: 8453, to: htlc, value: 0n });
    expect(plan.approval).toEqual({ chainId: 8453, token: USDC_BASE.address, spender: htlc, amount: 25_000_000n });
    expect(decodeInitiate((plan.steps[0] as { data: Hex }).data)?.amount).toBe(25_000_000n);
    expect(typeof plan.context.orderId).toBe('string');
  });

  it.each(['amount', 'htlc', 'chain', 'timelock', 'selector'] as const)('refuses an order whose initiate lies (%s) as a bad answer', async (tamper) => {
    const quote = await adapter.quote(request(), testCall());
    fake.setOptions({ tamper });
    expect((await rejectionOf(adapter.build({ request: request(), quote }, testCall()))).code).toBe('venue_bad_response');
  });

  it('from Bitcoin: the order HTLC address is the deposit of exactly the amount', async () => {
    const quote = await adapter.quote(fromBitcoin, testCall());
    const plan = (await adapter.build({ request: fromBitcoin, quote }, testCall())) as DepositPlan;
    expect(plan.shape).toBe('deposit');
    expect(plan.deposit).toMatchObject({ chain: 'bitcoin', token: null, amount: 100_000n, memo: null });
    expect(plan.deposit.address).toMatch(/^bc1p/);
    expect(plan.fundingStep).toBeNull();
    expect(plan.context.depositAddress).toBe(plan.deposit.address);
  });

  it('tracks the order: pending, then completed with the redeem hash, or refunded', async () => {
    const quote = await adapter.quote(fromBitcoin, testCall());
    const plan = await adapter.build({ request: fromBitcoin, quote }, testCall());
    const statusRequest: VenueStatusRequest = { fromChain: 'bitcoin', toChain: 'ethereum', toToken: WBTC_ETH, sourceTxHash: 'ab'.repeat(32), recipient: RECIPIENT, amountIn: 100_000n, expectedOut: quote.amountOut, context: { ...quote.context, ...plan.context } };
    expect(await adapter.status(statusRequest, testCall())).toMatchObject({ state: 'pending', venueStatus: 'Matched' });
    fake.setOptions({ lifecycle: 'redeemed' });
    expect(await adapter.status(statusRequest, testCall())).toMatchObject({ state: 'completed', destinationTxHash: '0x7b3d81b0caddadbb35a9cf717b5f23b2ceddfa7a1a5251b2dbee723247cffdd6', receivedAmount: quote.amountOut });
    fake.setOptions({ lifecycle: 'refunded' });
    expect(await adapter.status(statusRequest, testCall())).toMatchObject({ state: 'refunded', venueStatus: 'Refunded' });
    const path = fake.server.requests.at(-1)!.path;
    expect(path).toBe(`/v2/orders/${String(plan.context.orderId)}`);
  });

  it('answers an order Garden does not know yet as pending, and refuses a status without an order id', async () => {
    const statusRequest: VenueStatusRequest = { fromChain: 'bitcoin', toChain: 'ethereum', toToken: WBTC_ETH, sourceTxHash: 'ab'.repeat(32), recipient: RECIPIENT, amountIn: 1n, expectedOut: 1n, context: { fromAsset: 'bitcoin:btc', toAsset: 'ethereum:wbtc', solverId: null, orderId: 'ff'.repeat(32) } };
    expect(await adapter.status(statusRequest, testCall())).toMatchObject({ state: 'pending', venueStatus: 'NotFound' });
    expect((await rejectionOf(adapter.status({ ...statusRequest, context: { fromAsset: 'bitcoin:btc', toAsset: 'ethereum:wbtc', solverId: null } }, testCall()))).code).toBe('invalid_input');
  });
});

describe('the typed data beside the initiate', () => {
  const order = () => structuredClone((fixture('synthetic/order-evm-source-mainnet.json') as { result: GardenCreatedOrder }).result);
  const wbtcToBtc = request({ fromChain: 'ethereum', toChain: 'bitcoin', fromToken: WBTC_ETH, toToken: BTC, amountIn: 50_000n, recipient: BTC_USER });
  const context = { fromAsset: 'ethereum:wbtc', toAsset: 'bitcoin:btc', solverId: null };
  const plan = (o: GardenCreatedOrder) => () => toStepsPlan(o, wbtcToBtc, gardenAssetOf(WBTC_ETH)!, context, 49_850n);

  it('agrees on the mainnet variant of the docs\' order', () => expect(plan(order())().steps).toHaveLength(1));
  it.each([
    ['amount', '0xc351'],
    ['timelock', '0x1c21'],
    ['redeemer', '0x0000000000000000000000000000000000000001'],
    ['secretHash', `0x${'22'.repeat(32)}`],
    ['amount', 'not a number'],
  ])('refuses a message whose %s differs from the call (%s)', (field, value) => {
    const lying = order();
    (lying.typed_data!.message as Record<string, unknown>)[field] = value;
    expect(plan(lying)).toThrow(VenueRejection);
    expect(plan(lying)).toThrow(new RegExp(field));
  });
  it('refuses a domain naming another contract', () => {
    const lying = order();
    lying.typed_data!.domain.verifyingContract = '0x0000000000000000000000000000000000000bad';
    expect(plan(lying)).toThrow(/verifyingContract/);
  });
});
