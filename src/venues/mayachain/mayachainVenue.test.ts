import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeContractReplay } from '../contract/replayContract.ts';
import { createTestVenue, fixturesOf, knownToken, passes, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import { PoolInboundAddressesSchema, PoolQuoteSchema, PoolTxStatusSchema } from '../shared/thorchainFamily/poolSchemas.ts';
import { decodeDeposit, encodeDeposit } from '../shared/thorchainFamily/routerDeposit.ts';
import type { StepsPlan, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { contract } from './mayachain.contract.ts';
import { mayachainChain, whyNotMayachainCall } from './mayachainChains.ts';
import { startMayachainFake, type MayachainFake } from './mayachainFake.ts';
import { MidgardActionsSchema } from './mayachainMidgard.ts';
import { mayachainVenue } from './mayachainVenue.ts';

/**
 * The Maya adapter as the registry builds it (shared client, schemas) against the loopback MAYANode,
 * which answers from xchainjs's recorded Maya quote and the recorded Midgard actions
 * (mayachainFake.ts), then the real-answer contract replayed.
 */

const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BTC_RECIPIENT = 'bc1q07kx42qz758yhr7jn3pu9ffz2rwy0snlwztwf8';
const ETH_ROUTER = mayachainChain('ethereum')?.router ?? '0x';
const ARB_ROUTER = mayachainChain('arbitrum')?.router ?? '0x';
const VAULT = '0xb9ac6d689a18be4588f348301208e40f57a868d4';

let fake: MayachainFake;
beforeAll(async () => {
  fake = await startMayachainFake();
});
afterAll(async () => {
  await fake.close();
});

const adapter = () => createTestVenue(mayachainVenue, fake.url).venue;

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
const usdcArbToEth: VenueQuoteRequest = { ...ethToBtc, fromChain: 'arbitrum', fromToken: knownToken('arbitrum', 'USDC'), toChain: 'ethereum', toToken: knownToken('ethereum', null), amountIn: 250_000_000n, recipient: RECIPIENT };

function mainStep(plan: StepsPlan) {
  const [step] = plan.steps;
  if (!step || step.vm !== 'evm') throw new Error('expected one EVM step');
  return step;
}

const fixture = fixturesOf(import.meta.url);

describe('Maya fixtures pass the family schemas', () => {
  it('real and synthetic answers', () => {
    for (const file of ['real/quote-eth-to-btc-streaming.json', 'real/quote-eth-to-btc-no-limit.json', 'real/quote-btc-to-eth.json', 'synthetic/quote-arb-to-btc-streaming.json']) expect(passes(PoolQuoteSchema, fixture(file)), file).toBe(true);
    expect(passes(PoolInboundAddressesSchema, fixture('real/inbound-addresses.json'))).toBe(true);
    expect(passes(PoolTxStatusSchema, fixture('synthetic/status-observed.json'))).toBe(true);
    for (const file of ['real/midgard-actions-address-xchainjs.json', 'real/midgard-actions-txid-refund.json', 'real/midgard-actions-txid-streaming-swap-out.json', 'synthetic/midgard-actions-eth-to-btc-partial.json']) expect(passes(MidgardActionsSchema, fixture(file)), file).toBe(true);
  });
});

describe('Maya adapter against its fake', () => {
  it('quotes in its dialect: /mayachain path, assets, 1e8 amounts, destination, refund address, tolerance, streaming', async () => {
    fake.setOptions({});
    const quote = await adapter().quote(usdcArbToEth, testCall());
    const asked = fake.server.requests.filter((r) => r.path === '/mayachain/quote/swap').at(-1);
    expect(asked?.query.get('from_asset')).toBe('ARB.USDC-0XAF88D065E77C8CC2239327C5EDB3A432268E5831');
    expect(asked?.query.get('to_asset')).toBe('ETH.ETH');
    expect(asked?.query.get('amount')).toBe('25000000000');
    expect(asked?.query.get('destination')).toBe(RECIPIENT);
    expect(asked?.query.get('refund_address')).toBe(SENDER);
    expect(asked?.query.get('tolerance_bps')).toBe('100');
    expect(asked?.query.get('streaming_interval')).toBe('1');
    expect(asked?.query.get('streaming_quantity')).toBe('0');
    expect(asked?.query.has('affiliate')).toBe(false);
    // 99 % of 25 000 000 000 in 1e8 units, rescaled to ETH's 18 decimals; the memo limit 1 % under it.
    expect(quote.amountOut).toBe(24_750_000_000n * 10n ** 10n);
    expect(quote.minAmountOut).toBe(24_502_500_000n * 10n ** 10n);
    expect((quote.context as { memo?: string }).memo).toBe(`=:ETH.ETH:${RECIPIENT}:24502500000/1/0`);
  });

  it('builds an Arbitrum token deposit: depositWithExpiry on the pinned ARB router with an exact approval, the streaming memo kept', async () => {
    fake.setOptions({});
    const venue = adapter();
    const quote = await venue.quote(usdcArbToEth, testCall());
    const plan = (await venue.build({ request: usdcArbToEth, quote }, testCall())) as StepsPlan;
    const step = mainStep(plan);
    expect(step.to).toBe(ARB_ROUTER);
    expect(step.chainId).toBe(42161);
    expect(step.value).toBe(0n);
    expect(plan.approval).toEqual({ chainId: 42161, token: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', spender: ARB_ROUTER, amount: 250_000_000n });
    const call = decodeDeposit(step.data);
    if (typeof call === 'string') throw new Error(call);
    expect(call.vault.toLowerCase()).toBe(VAULT);
    expect(call.amount).toBe(250_000_000n);
    expect(call.memo).toBe(`=:ETH.ETH:${RECIPIENT}:24502500000/1/0`);
    expect(whyNotMayachainCall(step.data, step.value, { sourceChainId: 42161, sourceToken: usdcArbToEth.fromToken.address, amount: 250_000_000n, recipient: RECIPIENT, destinationChainId: 1 })).toBeNull();
  });

  it('builds a native ETH deposit on the ETH router with the amount as value and no approval', async () => {
    fake.setOptions({});
    const venue = adapter();
    const quote = await venue.quote(ethToBtc, testCall());
    const plan = (await venue.build({ request: ethToBtc, quote }, testCall())) as StepsPlan;
    expect(mainStep(plan)).toMatchObject({ to: ETH_ROUTER, chainId: 1, value: 10n ** 18n });
    expect(plan.approval).toBeNull();
  });

  it('refuses a halted source chain and paused trading on the destination', async () => {
    fake.setOptions({ halted: ['ARB'] });
    expect((await rejectionOf(adapter().quote(usdcArbToEth, testCall()))).details).toMatchObject({ chain: 'ARB', halted: true });
    fake.setOptions({ tradingPaused: ['BTC'] });
    expect((await rejectionOf(adapter().quote(ethToBtc, testCall()))).details).toMatchObject({ chain: 'BTC', tradingPaused: true });
  });

  it("maps the node's minimum error to below_min with the minimum in the input's decimals", async () => {
    fake.setOptions({ minThor: 200_000_000n });
    const rejection = await rejectionOf(adapter().quote(ethToBtc, testCall()));
    expect(rejection.code).toBe('below_min');
    expect(rejection.details).toMatchObject({ minAmountAtomic: (2n * 10n ** 18n).toString() });
  });

  it('refuses to build when the quote names another router, another vault, a memo paying someone else or an affiliate', async () => {
    const venue = adapter();
    fake.setOptions({});
    const quote = await venue.quote(ethToBtc, testCall());
    for (const tamper of [
      { router: '0x000000000000000000000000000000000000bad1' },
      { inbound_address: '0x000000000000000000000000000000000000bad2' },
      { memo: '=:BTC.BTC:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq:1/1/0' },
      { memo: `=:BTC.BTC:${BTC_RECIPIENT}:1/1/0:maya18z343fsdlav47chtkyp0aawqt6sgxsh3vjy2vz:300` },
      { memo: `=:DASH.DASH:${BTC_RECIPIENT}:1/1/0` },
    ]) {
      fake.setOptions({ tamper });
      expect((await rejectionOf(venue.build({ request: ethToBtc, quote }, testCall()))).code).toBe('venue_bad_response');
    }
  });

  // The utxo step itself (PSBT, memo checks, broadcast, tracking) is proven in test/utxoMayachain.test.ts.
  it('keeps the vault, memo and gas rate a UTXO step needs in a UTXO source quote context', async () => {
    fake.setOptions({});
    const dashToEth: VenueQuoteRequest = { ...ethToBtc, fromChain: 'dash', fromToken: knownToken('dash', null), toChain: 'ethereum', toToken: knownToken('ethereum', null), amountIn: 10n ** 8n, sender: 'XdwUXJsAaw1jjcrqTuLz6zWYkyZQRUquUB', recipient: RECIPIENT };
    const quote = await adapter().quote(dashToEth, testCall());
    expect(quote.context).toMatchObject({ fromAsset: 'DASH.DASH', inboundAddress: 'XaxT9NnuEUKQTLJ7QsBG4WLXZNJ4A7P6Ec', recommendedGasRate: '1' });
  });

  it("tracks on Midgard's /v2/actions by the inbound hash without 0x, upper-case, and maps a payout with its amount and a refund", async () => {
    fake.setOptions({});
    const venue = adapter();
    const quote = await venue.quote(ethToBtc, testCall());
    const hash = `0x${'cd'.repeat(32)}`;
    const request: VenueStatusRequest = { fromChain: 'ethereum', toChain: 'bitcoin', toToken: knownToken('bitcoin', null), sourceTxHash: hash, recipient: BTC_RECIPIENT, amountIn: 10n ** 18n, expectedOut: quote.amountOut, context: {} };
    fake.setOptions({ status: 'observed' });
    expect((await venue.status(request, testCall())).state).toBe('pending');
    const asked = fake.server.requests.at(-1);
    expect(asked?.path).toBe('/v2/actions');
    expect(asked?.query.get('txid')).toBe('CD'.repeat(32));
    fake.setOptions({ status: 'out' });
    expect(await venue.status(request, testCall())).toMatchObject({ state: 'completed', destinationTxHash: 'AB'.repeat(32), receivedAmount: quote.amountOut });
    fake.setOptions({ status: 'refund' });
    expect((await venue.status(request, testCall())).state).toBe('refunded');
    expect((await rejectionOf(venue.status({ ...request, sourceTxHash: '0x1234' }, testCall()))).code).toBe('invalid_input');
  });

  it('asks the Midgard STRAIT_VENUE_MAYACHAIN_MIDGARD_URL names, on its own host', async () => {
    const midgard = await startMayachainFake({ status: 'refund' });
    try {
      const venue = createTestVenue(mayachainVenue, fake.url, { credentials: { MIDGARD_URL: midgard.url } }).venue;
      const request: VenueStatusRequest = { fromChain: 'ethereum', toChain: 'bitcoin', toToken: knownToken('bitcoin', null), sourceTxHash: `0x${'ef'.repeat(32)}`, recipient: BTC_RECIPIENT, amountIn: 10n ** 18n, expectedOut: 1n, context: {} };
      expect((await venue.status(request, testCall())).state).toBe('refunded');
      expect(midgard.server.requests.at(-1)?.query.get('txid')).toBe('EF'.repeat(32));
    } finally {
      await midgard.close();
    }
  });
});

describe('the MAYAChain router call check', () => {
  const intent = { sourceChainId: 1, sourceToken: null, amount: 10n ** 18n, recipient: BTC_RECIPIENT, destinationChainId: null };
  const good = { vault: VAULT as Hex, asset: '0x0000000000000000000000000000000000000000' as Hex, amount: 10n ** 18n, memo: `=:BTC.BTC:${BTC_RECIPIENT}:5216435/100/2`, expiry: 1_721_775_525n };
  it('passes the recorded deposit', () => {
    expect(whyNotMayachainCall(encodeDeposit(good), 10n ** 18n, intent)).toBeNull();
  });
  it('checks payouts on Maya chains by their address forms, and refuses taproot and THORChain payouts', () => {
    const dash = 'XdwUXJsAaw1jjcrqTuLz6zWYkyZQRUquUB';
    expect(whyNotMayachainCall(encodeDeposit({ ...good, memo: `=:DASH.DASH:${dash}:1` }), 10n ** 18n, { ...intent, recipient: dash })).toBeNull();
    expect(whyNotMayachainCall(encodeDeposit({ ...good, memo: `=:BTC.BTC:${dash}:1` }), 10n ** 18n, { ...intent, recipient: dash })).not.toBeNull();
    const taproot = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297';
    expect(whyNotMayachainCall(encodeDeposit({ ...good, memo: `=:BTC.BTC:${taproot}:1` }), 10n ** 18n, { ...intent, recipient: taproot })).not.toBeNull();
    const thor = 'thor1qtemwlu9ju3ts3da5l82qejnzdl3xfs309c9l6';
    expect(whyNotMayachainCall(encodeDeposit({ ...good, memo: `=:THOR.RUNE:${thor}:1` }), 10n ** 18n, { ...intent, recipient: thor })).not.toBeNull();
    // An EVM destination: the memo must pay out on that chain (ARB, not ETH).
    expect(whyNotMayachainCall(encodeDeposit({ ...good, memo: `=:ETH.ETH:${RECIPIENT}:1` }), 10n ** 18n, { ...intent, recipient: RECIPIENT, destinationChainId: 42161 })).not.toBeNull();
    expect(whyNotMayachainCall(encodeDeposit({ ...good, memo: `=:ARB.ETH:${RECIPIENT}:1` }), 10n ** 18n, { ...intent, recipient: RECIPIENT, destinationChainId: 42161 })).toBeNull();
  });
});

describeContractReplay(mayachainVenue, contract, new URL('./fixtures/', import.meta.url));
