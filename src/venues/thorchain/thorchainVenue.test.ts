import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestVenue, fixturesOf, knownToken, passes, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { StepsPlan, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { PoolInboundAddressesSchema, PoolQuoteSchema, PoolTxStatusSchema } from '../shared/thorchainFamily/poolSchemas.ts';
import { decodeDeposit, encodeDeposit } from '../shared/thorchainFamily/routerDeposit.ts';
import { parseSwapMemo } from '../shared/thorchainFamily/swapMemo.ts';
import { thorchainChain, whyNotThorchainCall } from './thorchainChains.ts';
import { startThorchainFake, type ThorchainFake } from './thorchainFake.ts';
import { tagCalldata } from '../../engine/tagCalldata.ts';

const TRANSFER_ID = '5081f440-054a-4852-90c5-c36626b9c32a';
import { thorchainVenue } from './thorchainVenue.ts';

/**
 * The THORChain adapter as the registry builds it (shared client, schemas) against the loopback fake,
 * which answers in the layout of THORChain's own docs answers (thorchainFake.ts).
 */

const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BTC_RECIPIENT = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const ETH_ROUTER = thorchainChain('ethereum')?.router ?? '0x';
const VAULT = '0xfc7a552fb07e83fe74b91638505a0b5bdb3e1d00';

let fake: ThorchainFake;
beforeAll(async () => {
  fake = await startThorchainFake();
});
afterAll(async () => {
  await fake.close();
});

const adapter = (credentials: Record<string, string> = {}) => createTestVenue(thorchainVenue, fake.url, { credentials }).venue;

const ethToBtc: VenueQuoteRequest = {
  fromChain: 'ethereum',
  toChain: 'bitcoin',
  fromToken: knownToken('ethereum', null),
  toToken: knownToken('bitcoin', null),
  amountIn: 10n ** 18n,
  sender: SENDER,
  recipient: BTC_RECIPIENT,
  userIp: null,
  integratorFee: null,
};
const usdcToAvax: VenueQuoteRequest = { ...ethToBtc, fromToken: knownToken('ethereum', 'USDC'), toChain: 'avalanche', toToken: knownToken('avalanche', null), amountIn: 250_000_000n, recipient: RECIPIENT };

function mainStep(plan: StepsPlan) {
  const [step] = plan.steps;
  if (!step || step.vm !== 'evm') throw new Error('expected one EVM step');
  return step;
}

const fixture = fixturesOf(import.meta.url);

describe('THORChain fixtures pass the adapter schemas', () => {
  it('real and synthetic answers', () => {
    expect(passes(PoolQuoteSchema, fixture('real/quote-btc-to-eth-affiliate.json'))).toBe(true);
    expect(passes(PoolQuoteSchema, fixture('synthetic/quote-eth-to-btc.json'))).toBe(true);
    expect(passes(PoolInboundAddressesSchema, fixture('real/inbound-addresses.json'))).toBe(true);
    expect(passes(PoolTxStatusSchema, fixture('real/status-btc-savers-observed.json'))).toBe(true);
    expect(passes(PoolTxStatusSchema, fixture('synthetic/status-out.json'))).toBe(true);
  });
});

describe('THORChain adapter against its fake', () => {
  it('quotes in its dialect: assets, 1e8 amounts, destination, refund address, tolerance, client id header', async () => {
    fake.setOptions({});
    const quote = await adapter({ CLIENT_ID: 'strait-test' }).quote(usdcToAvax, testCall());
    const asked = fake.server.requests.filter((r) => r.path === '/thorchain/quote/swap').at(-1);
    expect(asked?.query.get('from_asset')).toBe('ETH.USDC-0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48');
    expect(asked?.query.get('to_asset')).toBe('AVAX.AVAX');
    expect(asked?.query.get('amount')).toBe('25000000000');
    expect(asked?.query.get('destination')).toBe(RECIPIENT);
    expect(asked?.query.get('refund_address')).toBe(SENDER);
    expect(asked?.query.get('tolerance_bps')).toBe('100');
    expect(asked?.headers['x-client-id']).toBe('strait-test');
    // 99 % of 25 000 000 000 in 1e8 units, rescaled to AVAX's 18 decimals; the memo limit 1 % under it.
    expect(quote.amountOut).toBe(24_750_000_000n * 10n ** 10n);
    expect(quote.minAmountOut).toBe(24_502_500_000n * 10n ** 10n);
  });

  it('builds a token deposit: depositWithExpiry on the pinned router with an exact approval', async () => {
    fake.setOptions({});
    const venue = adapter();
    const quote = await venue.quote(usdcToAvax, testCall());
    const plan = (await venue.build({ request: usdcToAvax, quote }, testCall())) as StepsPlan;
    const step = mainStep(plan);
    expect(step.to).toBe(ETH_ROUTER);
    expect(step.value).toBe(0n);
    expect(plan.approval).toEqual({ chainId: 1, token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', spender: ETH_ROUTER, amount: 250_000_000n });
    const call = decodeDeposit(step.data);
    if (typeof call === 'string') throw new Error(call);
    expect(call.vault.toLowerCase()).toBe(VAULT);
    expect(call.amount).toBe(250_000_000n);
    expect(call.memo.startsWith(`=:AVAX.AVAX:${RECIPIENT}:`)).toBe(true);
    // Strait's own encoding to the router, which ignores trailing calldata: the engine tags it, and the tagged call still decodes.
    expect(plan.tagMain).toBe(true);
    expect(decodeDeposit(tagCalldata(step.data, TRANSFER_ID))).toEqual(call);
  });

  it('refuses a halted source chain and paused trading on the destination', async () => {
    fake.setOptions({ halted: ['ETH'] });
    expect((await rejectionOf(adapter().quote(ethToBtc, testCall()))).code).toBe('route_not_served');
    fake.setOptions({ tradingPaused: ['BTC'] });
    expect((await rejectionOf(adapter().quote(ethToBtc, testCall()))).details).toMatchObject({ chain: 'BTC', tradingPaused: true });
  });

  it("maps the node's minimum error to below_min with the minimum in the input's decimals", async () => {
    fake.setOptions({ minThor: 200_000_000n });
    const rejection = await rejectionOf(adapter().quote(ethToBtc, testCall()));
    expect(rejection.code).toBe('below_min');
    expect(rejection.details).toMatchObject({ minAmountAtomic: (2n * 10n ** 18n).toString() });
  });

  it('refuses to build when the quote names another router, another vault, or a memo paying someone else', async () => {
    const venue = adapter();
    fake.setOptions({});
    const quote = await venue.quote(ethToBtc, testCall());
    for (const tamper of [{ router: '0x000000000000000000000000000000000000bad1' }, { inbound_address: '0x000000000000000000000000000000000000bad2' }, { memo: `=:BTC.BTC:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq:1` }, { memo: `=:BTC.BTC:${BTC_RECIPIENT}:1:evil:50` }]) {
      fake.setOptions({ tamper });
      expect((await rejectionOf(venue.build({ request: ethToBtc, quote }, testCall()))).code).toBe('venue_bad_response');
    }
  });

  it('builds a BTC source as one utxo step to the live BTC vault, and refuses a vault, router or memo that is not the transfer\'s', async () => {
    const btcToEth: VenueQuoteRequest = { ...ethToBtc, fromChain: 'bitcoin', fromToken: knownToken('bitcoin', null), toChain: 'ethereum', toToken: knownToken('ethereum', null), amountIn: 10_000_000n, sender: BTC_RECIPIENT, recipient: RECIPIENT };
    const venue = adapter();
    fake.setOptions({});
    const quote = await venue.quote(btcToEth, testCall());
    expect(fake.server.requests.at(-1)?.query.has('refund_address')).toBe(false);
    const plan = (await venue.build({ request: btcToEth, quote }, testCall())) as StepsPlan;
    expect(plan.approval).toBeNull();
    expect(plan.steps).toEqual([{ vm: 'utxo', step: 'main', chain: 'bitcoin', psbt: null, outputs: [{ address: 'bc1qhal0a2ywtd5qt97zfc2mmjwelxwlshgj85lpc6', amount: 10_000_000n }], memo: expect.stringMatching(new RegExp(`^=:ETH\\.ETH:${RECIPIENT}:[0-9]+$`)), minFeeRate: 4 }]);
    const limit = '9702000';
    for (const tamper of [
      { memo: `=:ETH.ETH:0x000000000000000000000000000000000000bad3:${limit}` },
      { memo: `=:ETH.ETH:${RECIPIENT}` },
      { memo: `=:ETH.ETH:${RECIPIENT}:${limit}:evil:50` },
      { memo: `=:ETH.ETH:${RECIPIENT}/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq:${limit}` },
      { memo: `=:ETH.ETH:${RECIPIENT}:${limit}/${'1'.repeat(40)}` },
      { memo: `=:AVAX.AVAX:${RECIPIENT}:${limit}` },
      { inbound_address: VAULT },
      { inbound_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
      { router: ETH_ROUTER },
    ]) {
      fake.setOptions({ tamper });
      expect((await rejectionOf(venue.build({ request: btcToEth, quote }, testCall()))).code, JSON.stringify(tamper)).toBe('venue_bad_response');
    }
    fake.setOptions({});
  });

  it('tracks by the inbound hash without 0x, upper-case, and maps a payout and a refund', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    const request: VenueStatusRequest = { fromChain: 'ethereum', toChain: 'bitcoin', toToken: knownToken('bitcoin', null), sourceTxHash: hash, recipient: BTC_RECIPIENT, amountIn: 10n ** 18n, expectedOut: 1n, context: {} };
    fake.setOptions({ status: 'observed' });
    expect((await adapter().status(request, testCall())).state).toBe('pending');
    expect(fake.server.requests.at(-1)?.path).toBe(`/thorchain/tx/status/${'AB'.repeat(32)}`);
    fake.setOptions({ status: 'out' });
    expect((await adapter().status(request, testCall())).state).toBe('completed');
    // A payout answers in the layout of the real paid answer (fixtures/real/status-eth-usdt-to-btc.json).
    const paid = (await (await fetch(`${fake.url}/thorchain/tx/status/${'AB'.repeat(32)}`)).json()) as Record<string, unknown>;
    const real = fixture('real/status-eth-usdt-to-btc.json') as Record<string, unknown>;
    const keysOf = (value: unknown) => Object.keys(value as Record<string, unknown>).sort();
    const firstOut = (body: Record<string, unknown>) => (body.out_txs as readonly unknown[])[0];
    expect(keysOf(paid)).toEqual(keysOf(real));
    expect(keysOf(paid.stages)).toEqual(keysOf(real.stages));
    expect(keysOf(firstOut(paid))).toEqual(keysOf(firstOut(real)));
    fake.setOptions({ status: 'refund' });
    expect((await adapter().status(request, testCall())).state).toBe('refunded');
  });
});

describe('the router call check', () => {
  const intent = { sourceChainId: 1, sourceToken: null, amount: 10n ** 18n, recipient: BTC_RECIPIENT, destinationChainId: null };
  const good = { vault: VAULT as Hex, asset: '0x0000000000000000000000000000000000000000' as Hex, amount: 10n ** 18n, memo: `=:BTC.BTC:${BTC_RECIPIENT}:4845000`, expiry: 1_722_575_770n };
  it('passes the real-shaped deposit', () => {
    expect(whyNotThorchainCall(encodeDeposit(good), 10n ** 18n, intent)).toBeNull();
  });
  it('refuses a mutated recipient, destination, amount, token, value, limit or an affiliate', () => {
    const bad: readonly [Partial<typeof good>, bigint][] = [
      [{ memo: `=:BTC.BTC:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq:4845000` }, 10n ** 18n],
      [{ memo: `=:ETH.ETH:${BTC_RECIPIENT}:4845000` }, 10n ** 18n],
      [{ memo: `=:LTC.LTC:${BTC_RECIPIENT}:4845000` }, 10n ** 18n],
      [{ amount: 10n ** 18n + 1n }, 10n ** 18n],
      [{ asset: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' }, 10n ** 18n],
      [{}, 0n],
      [{ memo: `=:BTC.BTC:${BTC_RECIPIENT}` }, 10n ** 18n],
      [{ memo: `=:BTC.BTC:${BTC_RECIPIENT}:4845000:evil:50` }, 10n ** 18n],
      [{ memo: `=:BTC/BTC:${BTC_RECIPIENT}:4845000` }, 10n ** 18n],
    ];
    for (const [change, value] of bad) expect(whyNotThorchainCall(encodeDeposit({ ...good, ...change }), value, intent)).not.toBeNull();
    // An EVM destination: the memo must pay out on that chain.
    expect(whyNotThorchainCall(encodeDeposit({ ...good, memo: `=:BSC.BNB:${RECIPIENT}:1` }), 10n ** 18n, { ...intent, recipient: RECIPIENT, destinationChainId: 43114 })).not.toBeNull();
    expect(whyNotThorchainCall(encodeDeposit({ ...good, memo: `=:AVAX.AVAX:${RECIPIENT}:1` }), 10n ** 18n, { ...intent, recipient: RECIPIENT, destinationChainId: 43114 })).toBeNull();
  });
  it('reads the memo grammar', () => {
    expect(parseSwapMemo('=:ETH.ETH:0x3021c479f7f8c9f1d5c7d8523ba5e22c0bcb5430::dx:10')).toMatchObject({ asset: 'ETH.ETH', limit: 0n, affiliate: 'dx' });
    expect(parseSwapMemo('SWAP:BTC.BTC:bc1q/bc1r:100/1/0')).toMatchObject({ destination: 'bc1q', refundAddress: 'bc1r', limit: 100n });
    expect(typeof parseSwapMemo('+:BTC/BTC:t:0')).toBe('string');
  });
});
