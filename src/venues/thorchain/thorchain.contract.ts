import type { Hex } from 'viem';
import { nativeToken, resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import type { ContractCase, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import type { VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { thorchainChain } from './thorchainChains.ts';
import { decodeDeposit } from '../shared/thorchainFamily/routerDeposit.ts';

/**
 * THORChain against its answers (fixtures/real/SOURCES.json): THORChain's dev-docs quote (1 BTC →
 * ETH with an affiliate) and status answer (an observed BTC inbound), xchainjs's recorded inbound
 * addresses, and Gem Wallet's recorded status answers of swaps with an affiliate (two completed, one
 * pending). No standalone recorded EVM-source quote, error body, refund or partial status was
 * found: those are synthetic variants of the real layouts (fixtures/synthetic/SOURCES.json).
 */

function token(chain: string, symbol: string | null): TokenInfo {
  const found = symbol === null ? nativeToken(chain) : resolveToken(chain, symbol);
  if (!found) throw new Error(`no ${symbol ?? 'native'} token on ${chain}`);
  return found;
}

/** Before the docs quote's expiry (1722575770). */
const NOW = 1_722_575_000_000;
const DOCS_RECIPIENT = '0x3021c479f7f8c9f1d5c7d8523ba5e22c0bcb5430';
const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BTC_RECIPIENT = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

/** The docs request: 1 BTC to ETH for 0x3021…5430 (built as a `utxo` step). */
const docsRequest: VenueQuoteRequest = {
  fromChain: 'bitcoin',
  toChain: 'ethereum',
  fromToken: token('bitcoin', null),
  toToken: token('ethereum', null),
  amountIn: 100_000_000n,
  sender: 'bc1qmlw9x4xnkmyd5xgtvn5cuwc5jcq033g4cj2ur9',
  recipient: DOCS_RECIPIENT,
  userIp: null,
  integratorFee: null,
};

/** 1 ETH Ethereum → BTC: built as a router deposit. */
const ethRequest: VenueQuoteRequest = {
  fromChain: 'ethereum',
  toChain: 'bitcoin',
  fromToken: token('ethereum', null),
  toToken: token('bitcoin', null),
  amountIn: 10n ** 18n,
  sender: SENDER,
  recipient: BTC_RECIPIENT,
  userIp: null,
  integratorFee: null,
};

const ethQuote: VenueQuote = {
  amountIn: 10n ** 18n,
  amountOut: 4_894_000n,
  minAmountOut: 4_845_000n,
  estimatedSeconds: 624,
  expiresAt: 1_722_575_770_000,
  context: { fromAsset: 'ETH.ETH', toAsset: 'BTC.BTC', amountThor: '100000000', expectedOutThor: '4894000', limitThor: '4845000', toleranceBps: 100, expiry: 1_722_575_770 },
};

/** The docs quote as stored for the docs request (BTC source). */
const btcQuote: VenueQuote = {
  amountIn: 100_000_000n,
  amountOut: 20_177_035_350_000_000_000n,
  minAmountOut: 0n,
  estimatedSeconds: 1662,
  expiresAt: 1_722_575_770_000,
  context: { fromAsset: 'BTC.BTC', toAsset: 'ETH.ETH', amountThor: '100000000', expectedOutThor: '2017703535', limitThor: '0', toleranceBps: 100, expiry: 1_722_575_770 },
};

const INBOUND: ServedRoute = { method: 'GET', path: '/thorchain/inbound_addresses', answer: { file: 'real/inbound-addresses.json' } };
const inboundAt = (file: string): ServedRoute => ({ method: 'GET', path: '/thorchain/inbound_addresses', answer: { file } });
const quoteAt = (file: string, status = 200): ServedRoute => ({ method: 'GET', path: '/thorchain/quote/swap', answer: { file, status } });

function quoteCase(name: string, routes: readonly ServedRoute[], request: VenueQuoteRequest, expect: ContractCase['expect']): ContractCase {
  return { name, routes, call: { kind: 'quote', request }, expect, now: NOW };
}

const INBOUND_HASH = '9C1E1A5A0E1E0F7DB2E4F4C86A3B5E3A0B1C2D3E4F5A6B7C8D9E0F1A2B3C4D5E';
const OUT_HASH = '7D2A4F0B2C9E8A1D3F5B7C9E1A3B5D7F9E1C3A5B7D9F1E3A5C7B9D1F3E5A7C9B';

const statusRequest: VenueStatusRequest = {
  fromChain: 'ethereum',
  toChain: 'bitcoin',
  toToken: token('bitcoin', null),
  sourceTxHash: `0x${INBOUND_HASH.toLowerCase()}`,
  recipient: BTC_RECIPIENT,
  amountIn: 10n ** 18n,
  expectedOut: 4_894_000n,
  context: ethQuote.context,
};

/** The docs' savers deposit, tracked by its BTC hash. */
const docsStatusRequest: VenueStatusRequest = {
  ...statusRequest,
  fromChain: 'bitcoin',
  sourceTxHash: 'A56B423250020E4960D9836C6F843E1D3333FAE583C9CA26776F0D68DA69CE4A',
};

const statusAt = (file: string, hash = INBOUND_HASH): ServedRoute[] => [{ method: 'GET', path: `/thorchain/tx/status/${hash}`, answer: { file } }];

function statusCase(name: string, routes: readonly ServedRoute[], expect: ContractCase['expect'], request = statusRequest): ContractCase {
  return { name, routes, call: { kind: 'status', request }, expect, now: NOW };
}

const ROUTER = thorchainChain('ethereum')?.router;

const cases: readonly ContractCase[] = [
  quoteCase('the docs quote (1 BTC → ETH): expected_amount_out rescaled from 1e8 to 18 decimals, no memo limit so no guaranteed minimum', [INBOUND, quoteAt('real/quote-btc-to-eth-affiliate.json')], docsRequest, {
    kind: 'row',
    amountOut: 20_177_035_350_000_000_000n,
    minAmountOut: 0n,
    estimatedSeconds: 1662,
    expiresAt: 1_722_575_770_000,
    check: (quote) => {
      const context = quote.context as Record<string, unknown>;
      if (context.fromAsset !== 'BTC.BTC' || context.toAsset !== 'ETH.ETH' || context.amountThor !== '100000000') throw new Error(`context ${JSON.stringify(context)}`);
    },
  }),
  quoteCase('an ETH quote: the memo limit (tolerance 1 %) is the minimum, both rescaled to BTC sats', [INBOUND, quoteAt('synthetic/quote-eth-to-btc.json')], ethRequest, {
    kind: 'row',
    amountOut: 4_894_000n,
    minAmountOut: 4_845_000n,
    estimatedSeconds: 624,
  }),
  quoteCase('an amount below recommended_min_amount_in is below_min with the minimum in the input decimals', [INBOUND, quoteAt('synthetic/quote-eth-to-btc.json')], { ...ethRequest, amountIn: 10n ** 15n }, {
    kind: 'rejection',
    code: 'below_min',
    details: { minAmountAtomic: '2000000000000000' },
  }),
  quoteCase("a newer node's 'less than min swap amount' error is below_min with its minimum", [INBOUND, quoteAt('synthetic/error-min-swap-amount.json', 400)], ethRequest, {
    kind: 'rejection',
    code: 'below_min',
    details: { minAmountAtomic: '33556630410000000000', venueCode: 'less than min swap amount' },
  }),
  quoteCase("an older node's 'pool does not exist' is token_not_supported", [INBOUND, quoteAt('synthetic/error-pool-does-not-exist.json', 400)], ethRequest, { kind: 'rejection', code: 'token_not_supported' }),
  quoteCase('a halted source chain is a typed rejection, never a row', [inboundAt('synthetic/inbound-addresses-eth-halted.json'), quoteAt('synthetic/quote-eth-to-btc.json')], ethRequest, {
    kind: 'rejection',
    code: 'route_not_served',
    details: { chain: 'ETH', halted: true },
  }),
  quoteCase('paused trading on the destination chain is a typed rejection', [inboundAt('synthetic/inbound-addresses-btc-trading-paused.json'), quoteAt('synthetic/quote-eth-to-btc.json')], ethRequest, {
    kind: 'rejection',
    code: 'route_not_served',
    details: { chain: 'BTC', tradingPaused: true },
  }),
  quoteCase('a 429 is venue_rate_limited', [INBOUND, quoteAt('synthetic/error-pool-does-not-exist.json', 429)], ethRequest, { kind: 'rejection', code: 'venue_rate_limited' }),
  quoteCase('a token without a THORChain pool Strait quotes is refused before any call', [], { ...ethRequest, fromToken: token('ethereum', 'WETH') }, { kind: 'rejection', code: 'token_not_supported' }),
  quoteCase('a memo paying someone else is refused', [INBOUND, quoteAt('synthetic/quote-eth-to-btc.json')], { ...ethRequest, recipient: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }, { kind: 'rejection', code: 'venue_bad_response' }),
  {
    name: 'build: one depositWithExpiry to the pinned ETH router, vault = the inbound address, the memo paying the recipient',
    routes: [INBOUND, quoteAt('synthetic/quote-eth-to-btc.json')],
    call: { kind: 'build', request: { request: ethRequest, quote: ethQuote } },
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        if (plan.shape !== 'steps') throw new Error(`shape ${plan.shape}`);
        const [step] = plan.steps;
        if (plan.steps.length !== 1 || !step || step.vm !== 'evm') throw new Error('expected one EVM step');
        if (step.to !== ROUTER || step.value !== 10n ** 18n || step.chainId !== 1) throw new Error(`step ${step.to} ${step.value} ${step.chainId}`);
        const call = decodeDeposit(step.data as Hex);
        if (typeof call === 'string') throw new Error(call);
        if (call.vault.toLowerCase() !== '0xfc7a552fb07e83fe74b91638505a0b5bdb3e1d00' || call.memo !== `=:BTC.BTC:${BTC_RECIPIENT}:4845000` || call.expiry !== 1_722_575_770n) throw new Error(`call ${JSON.stringify({ ...call, amount: 0, expiry: 0 })}`);
        if (plan.approval !== null || plan.minAmountOut !== 4_845_000n) throw new Error('a native input needs no approval');
      },
    },
  },
  {
    name: "build: the docs quote for a BTC source is refused: its memo sets no limit and names an affiliate",
    routes: [INBOUND, quoteAt('real/quote-btc-to-eth-affiliate.json')],
    call: { kind: 'build', request: { request: docsRequest, quote: btcQuote } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: 'build: a BTC source is one utxo step paying the live BTC vault exactly the amount, with the memo (limit, no affiliate)',
    routes: [INBOUND, quoteAt('synthetic/quote-btc-to-eth-limit.json')],
    call: { kind: 'build', request: { request: docsRequest, quote: btcQuote } },
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        if (plan.shape !== 'steps' || plan.steps.length !== 1 || plan.approval !== null) throw new Error(`one step without approval, got ${JSON.stringify(plan, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
        const step = plan.steps[0]!;
        if (step.vm !== 'utxo' || step.chain !== 'bitcoin' || step.psbt !== null) throw new Error(`a bitcoin utxo step without a PSBT (the engine composes it), got ${step.vm}`);
        const [vault] = step.outputs;
        if (step.outputs.length !== 1 || vault?.address !== 'bc1qhal0a2ywtd5qt97zfc2mmjwelxwlshgj85lpc6' || vault.amount !== 100_000_000n) throw new Error(`VOUT0 ${JSON.stringify(step.outputs, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
        if (step.memo !== `=:ETH.ETH:${DOCS_RECIPIENT}:1997526499`) throw new Error(`memo ${step.memo}`);
        // The answer's recommended_gas_rate (4 satsperbyte) is the PSBT's fee-rate floor.
        if (step.minFeeRate !== 4) throw new Error(`minFeeRate ${step.minFeeRate}`);
        if (plan.minAmountOut !== 19_975_264_990_000_000_000n) throw new Error(`minAmountOut ${plan.minAmountOut}`);
      },
    },
  },
  {
    name: 'build: a Dogecoin source is one utxo step paying the live DOGE vault the amount, with the memo and THORChain\'s DOGE gas rate as the fee floor',
    routes: [INBOUND, quoteAt('synthetic/quote-doge-to-eth-limit.json')],
    call: { kind: 'build', request: { request: { ...docsRequest, fromChain: 'dogecoin', fromToken: token('dogecoin', null), sender: 'DL54i6msdfchWaR7NHFA41HxSiYciTwhqW' }, quote: { ...btcQuote, context: { ...btcQuote.context, fromAsset: 'DOGE.DOGE' } } } },
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        const step = plan.shape === 'steps' ? plan.steps[0] : undefined;
        if (!step || step.vm !== 'utxo' || step.chain !== 'dogecoin') throw new Error('expected one dogecoin utxo step');
        if (step.outputs[0]?.address !== 'DNbdjeaEicpCpRpjopS35QGFCS42TLF4eU' || step.outputs[0].amount !== 100_000_000n) throw new Error(`VOUT0 ${step.outputs[0]?.address}`);
        if (step.minFeeRate !== 750_000) throw new Error(`minFeeRate ${step.minFeeRate}`);
      },
    },
  },
  statusCase('the docs status (inbound observed and finalised, nothing out yet) is pending', statusAt('real/status-btc-savers-observed.json', docsStatusRequest.sourceTxHash), { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null }, docsStatusRequest),
  statusCase('an OUT: payout with the outbound signed is completed, with the payout hash and amount', statusAt('synthetic/status-out.json'), { kind: 'status', state: 'completed', destinationTxHash: OUT_HASH, receivedAmount: 4_893_000n }),
  statusCase('a REFUND: out tx only is refunded', statusAt('synthetic/status-refund.json'), { kind: 'status', state: 'refunded', receivedAmount: null }),
  statusCase('a refund of nothing (smaller than the outbound fee) is failed', statusAt('synthetic/status-refund-nothing.json'), { kind: 'status', state: 'failed' }),
  statusCase('an OUT: and a REFUND: (streaming swap filled in part) is partial with the paid part', statusAt('synthetic/status-out-and-refund.json'), { kind: 'status', state: 'partial', receivedAmount: 2_446_000n }),
  statusCase('a streaming swap still running is pending', statusAt('synthetic/status-swap-pending.json'), { kind: 'status', state: 'pending' }),
  statusCase('an outbound scheduled but not signed is pending', statusAt('synthetic/status-outbound-scheduled.json'), { kind: 'status', state: 'pending', destinationTxHash: null }),
  statusCase('an out tx with an unknown memo is pending and unrecognized', statusAt('synthetic/status-unknown-out-memo.json'), { kind: 'status', state: 'pending', unrecognized: true }),
  statusCase('an inbound THORNode does not know yet (404) is pending', [], { kind: 'status', state: 'pending', destinationTxHash: null }),
  statusCase(
    "Gem's recorded LTC → ETH swap with an affiliate: completed with the recipient's ETH payout, not the affiliate's RUNE",
    [{ method: 'GET', path: '/thorchain/tx/status/D62DF92A6A0EEB68411BC0A594CBA178D2AA8BE9239893BE1ECAB0A43BEFE497', answer: { file: 'real/status-ltc-to-eth.json' } }],
    { kind: 'status', state: 'completed', destinationTxHash: '0x68f5ebd1ed3f00118a58c177d403ecf132971d93f0c9e0b1086663f4f99ceda3', receivedAmount: 124_368n * 10n ** 10n },
    { ...statusRequest, fromChain: 'litecoin', toChain: 'ethereum', toToken: token('ethereum', null), recipient: '0x5615E8AB93b9d695b6d4d6545f7792aA59e1069a', sourceTxHash: 'D62DF92A6A0EEB68411BC0A594CBA178D2AA8BE9239893BE1ECAB0A43BEFE497', context: { ...ethQuote.context, fromAsset: 'LTC.LTC', toAsset: 'ETH.ETH' } },
  ),
  statusCase(
    "Gem's recorded BSC → ETH USDT swap: the 1e8 payout rescaled to USDT's 6 decimals",
    [{ method: 'GET', path: '/thorchain/tx/status/F87B68976E5EF68C2C8BED031A44566F9977FFC0BE90EAC45C807CC84C56D4C5', answer: { file: 'real/status-bnb-to-eth-usdt.json' } }],
    { kind: 'status', state: 'completed', destinationTxHash: '0x2ff066bc2688f4cf099e1fefd560abadc731fcf25e2f2fae432469dfca7c0dfc', receivedAmount: 12_973_781n },
    { ...statusRequest, fromChain: 'bnb', toChain: 'ethereum', toToken: token('ethereum', 'USDT'), recipient: '0xb1Dfff6762b9A5Edd945e7fA55EE15288e2E294F', sourceTxHash: '0xf87b68976e5ef68c2c8bed031a44566f9977ffc0be90eac45c807cc84c56d4c5', context: { ...ethQuote.context, fromAsset: 'BSC.BNB', toAsset: 'ETH.USDT-0XDAC17F958D2EE523A2206206994597C13D831EC7' } },
  ),
  statusCase(
    "Gem's recorded swap whose affiliate is paid but whose recipient's outbound is not signed yet is pending",
    [{ method: 'GET', path: '/thorchain/tx/status/BB189F94566D89A96092D986DDC51938EED45D15ECE48AB82E38EB9F9073C467', answer: { file: 'real/status-bnb-to-tron-pending.json' } }],
    { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null },
    { ...statusRequest, fromChain: 'bnb', toChain: 'tron', toToken: token('tron', null), recipient: 'TEB39Rt69QkgD1BKhqaRNqGxfQzCarkRCb', sourceTxHash: 'BB189F94566D89A96092D986DDC51938EED45D15ECE48AB82E38EB9F9073C467' },
  ),
  // regit-web3's answers from the mainnet gateway (2026-10-07): a current node's quote, narrowed inbound list and two statuses.
  ...regitCases(),
];

/**
 * The answers regit-web3 took from THORNode on the mainnet gateway (fixtures/real/SOURCES.json): a
 * current node's BTC → ETH quote asked without a destination (so without a memo), the inbound list the
 * recorder narrowed to BTC and ETH, an ETH.USDT → BTC swap paid out, and a trade-asset swap settled
 * inside THORChain (chain THOR, null gas, all-zero out id).
 */
function regitCases(): ContractCase[] {
  const now = 1_791_338_000_000;
  const inbound = inboundAt('real/inbound-addresses-btc-eth-regit.json');
  const quoteFile = 'real/quote-btc-to-eth-no-destination.json';
  const quote: VenueQuote = { ...btcQuote, amountOut: 31_576_913_590_000_000_000n, estimatedSeconds: 1278, expiresAt: 1_791_338_843_000, context: { ...btcQuote.context, expectedOutThor: '3157691359', expiry: 1_791_338_843 } };
  const usdtToBtc: VenueStatusRequest = {
    fromChain: 'ethereum',
    toChain: 'bitcoin',
    toToken: token('bitcoin', null),
    sourceTxHash: '0xa3f81568387cd3880aed812780799e8f6d3f970e071f7b1861b581b20399f21f',
    recipient: 'bc1qvrmp2wwwgllg3efefnshhxf4umyfhff42g6llr',
    amountIn: 55_030_500_000n,
    expectedOut: 652_312n,
    context: { ...ethQuote.context, fromAsset: 'ETH.USDT-0XDAC17F958D2EE523A2206206994597C13D831EC7' },
  };
  const internalHash = 'A487E167659E0FC3681B60D1AEABFAB180D6C6917F5200AD48246D313F3469AC';
  return [
    { ...quoteCase("a current node's quote without a memo (asked without destination) prices expected_amount_out, with no guaranteed minimum and total_swap_seconds", [inbound, quoteAt(quoteFile)], docsRequest, { kind: 'row', amountOut: 31_576_913_590_000_000_000n, minAmountOut: 0n, estimatedSeconds: 1278, expiresAt: 1_791_338_843_000 }), now },
    {
      name: 'build: that memo-less answer is refused, nothing to put in the OP_RETURN',
      routes: [inbound, quoteAt(quoteFile)],
      call: { kind: 'build', request: { request: docsRequest, quote } },
      now,
      expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/memo' } },
    },
    statusCase(
      'an ETH.USDT → BTC swap paid out (outbound signed): completed with the BTC payout id and its sats',
      statusAt('real/status-eth-usdt-to-btc.json', 'A3F81568387CD3880AED812780799E8F6D3F970E071F7B1861B581B20399F21F'),
      { kind: 'status', state: 'completed', destinationTxHash: '16487E76DB13E0070F6259EB6F2A8366857E264DD93BFDA60A36213E974316B8', receivedAmount: 652_312n, unrecognized: false },
      usdtToBtc,
    ),
    statusCase(
      'the same paid answer read for a transfer that asked for another asset (BTC paid, the BTC/BTC trade asset asked): partial, no amount in the asked units, the paid asset named',
      statusAt('real/status-eth-usdt-to-btc.json', 'A3F81568387CD3880AED812780799E8F6D3F970E071F7B1861B581B20399F21F'),
      {
        kind: 'status',
        state: 'partial',
        destinationTxHash: '16487E76DB13E0070F6259EB6F2A8366857E264DD93BFDA60A36213E974316B8',
        receivedAmount: null,
        unrecognized: false,
        check: (status) => {
          if (!status.detail?.includes('BTC.BTC') || !status.detail.includes('BTC~BTC')) throw new Error(`detail ${status.detail}`);
        },
      },
      { ...usdtToBtc, context: { ...usdtToBtc.context, toAsset: 'BTC~BTC' } },
    ),
    statusCase(
      'a trade-asset swap credited inside THORChain to another address (chain THOR, null gas, all-zero id) is not our payout: pending',
      statusAt('real/status-thor-trade-asset-internal.json', internalHash),
      { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null, unrecognized: false },
      { ...usdtToBtc, sourceTxHash: internalHash },
    ),
  ];
}

export const contract: VenueContract = { venue: 'thorchain', cases };
