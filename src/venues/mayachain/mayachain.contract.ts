import type { Hex } from 'viem';
import { nativeToken, resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import type { ContractCase, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import { decodeDeposit } from '../shared/thorchainFamily/routerDeposit.ts';
import type { VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { mayachainChain } from './mayachainChains.ts';

/**
 * Maya Protocol against its answers (fixtures/real/SOURCES.json): xchainjs's recorded MAYANode
 * answers — two ETH → BTC quotes (one streaming with a memo limit, one streaming without a limit),
 * a BTC → ETH quote of an older node (no memo, no expiry) and the inbound addresses — and the BTC →
 * ETH answer of the MAYAChain docs' quickstart (an early node: the ETA in parts only). The recorded
 * quotes and inbound list were taken at different times, so their ETH vaults differ: that pair
 * proves the vault refusal, and a synthetic inbound list with the quote's vault (and an ARB entry)
 * proves the build. Status is tracked on Maya's Midgard (`/v2/actions?txid=`): its recorded answers
 * (xchainjs's address history with a pending streaming swap, a finished swap paying on Arbitrum and
 * swaps paying CACAO; ShapeShift's txid answers of a refund and a finished streaming swap) prove the
 * pending, completed, refunded and not-ours readings; partial fills, pending and empty refunds and
 * unknown action types read synthetic answers derived from them (fixtures/synthetic/SOURCES.json).
 */

function token(chain: string, symbol: string | null): TokenInfo {
  const found = symbol === null ? nativeToken(chain) : resolveToken(chain, symbol);
  if (!found) throw new Error(`no ${symbol ?? 'native'} token on ${chain}`);
  return found;
}

/** Before the recorded quotes' expiries (1721775525 and 1722246842). */
const NOW = 1_721_775_000_000;
const SENDER = '0x2222222222222222222222222222222222222222';
/** The destination the recorded ETH → BTC quotes' memos pay. */
const BTC_RECIPIENT = 'bc1q07kx42qz758yhr7jn3pu9ffz2rwy0snlwztwf8';
const ETH_RECIPIENT = '0x3021c479f7f8c9f1d5c7d8523ba5e22c0bcb5430';
/** The destination of the MAYAChain docs' quickstart request and memo. */
const DOCS_RECIPIENT = '0x86d526d6624AbC0178cF7296cD538Ecc080A95F1';
const QUOTE_VAULT = '0xb9ac6d689a18be4588f348301208e40f57a868d4';
const REAL_MEMO = `=:BTC.BTC:${BTC_RECIPIENT}:5216435/100/2`;

/** 1 ETH Ethereum → BTC, built as a router deposit. */
const ethToBtc: VenueQuoteRequest = {
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
const arbToBtc: VenueQuoteRequest = { ...ethToBtc, fromChain: 'arbitrum', fromToken: token('arbitrum', null) };

/** 1 BTC → ETH: priced, quote only. */
const btcToEth: VenueQuoteRequest = {
  fromChain: 'bitcoin',
  toChain: 'ethereum',
  fromToken: token('bitcoin', null),
  toToken: token('ethereum', null),
  amountIn: 100_000_000n,
  sender: 'bc1qmlw9x4xnkmyd5xgtvn5cuwc5jcq033g4cj2ur9',
  recipient: ETH_RECIPIENT,
  userIp: null,
  integratorFee: null,
};

const storedQuote = (fromAsset: string): VenueQuote => ({
  amountIn: 10n ** 18n,
  amountOut: 5_248_264n,
  minAmountOut: 5_216_435n,
  estimatedSeconds: 600,
  expiresAt: 1_721_775_525_000,
  context: { fromAsset, toAsset: 'BTC.BTC', amountThor: '100000000', expectedOutThor: '5248264', limitThor: '5216435', toleranceBps: 100, expiry: 1_721_775_525 },
});

const inboundAt = (file: string): ServedRoute => ({ method: 'GET', path: '/mayachain/inbound_addresses', answer: { file } });
const quoteAt = (file: string, status = 200): ServedRoute => ({ method: 'GET', path: '/mayachain/quote/swap', answer: { file, status } });
const REAL_INBOUND = inboundAt('real/inbound-addresses.json');
const LIVE_INBOUND = inboundAt('synthetic/inbound-addresses-live.json');
const STREAMING = quoteAt('real/quote-eth-to-btc-streaming.json');

function quoteCase(name: string, routes: readonly ServedRoute[], request: VenueQuoteRequest, expect: ContractCase['expect']): ContractCase {
  return { name, routes, call: { kind: 'quote', request }, expect, now: NOW };
}

const INBOUND_HASH = '5B0F2C8E4A6D1B3F7E9C2A4D6F8B0E1C3A5D7F9B2E4C6A8D0F1B3E5C7A9D2F4E';
const OUT_HASH = 'C4E6A8D0F2B4C6E8A0D2F4B6C8E0A2D4F6B8C0E2A4D6F8B0C2E4A6D8F0B2C4E6';
/** Inbounds of the recorded Midgard answers (fixtures/real/SOURCES.json). */
const RECORDED = {
  pendingStreaming: '4C8A83C316B0247AE293F3D5A0B07974DE4083F220BF5551ACF20E66D17BC252',
  paidOnArbitrum: '4CC77E1FC51E9F99F0EE2AAC42FA2FD38A149796E9AD0B8368A1B3EB80AA4C85',
  paidInCacao: '224CAF4D502A0A415F1312AFD16C0E7A2E3E79840AF593C2F875C806AA12E020',
  refunded: 'DD08D4EF686857E97C7134226996AF590E2CDE0015E8961347D3A668CCF99106',
} as const;
/** The sender the recorded ETH → ARB.TGT swap paid (its memo names no destination). */
const ARB_PAYEE = '0xAA278b62225f6dbc4436De8Fa3dD195e1542d159';

const statusRequest: VenueStatusRequest = {
  fromChain: 'ethereum',
  toChain: 'bitcoin',
  toToken: token('bitcoin', null),
  sourceTxHash: `0x${INBOUND_HASH.toLowerCase()}`,
  recipient: BTC_RECIPIENT,
  amountIn: 10n ** 18n,
  expectedOut: 5_248_264n,
  context: storedQuote('ETH.ETH').context,
};
/** Midgard's actions (the adapter asks `?txid=`; the recorded address answer lists other inbounds too, which it must skip). */
const actionsAt = (file: string): ServedRoute[] => [{ method: 'GET', path: '/v2/actions', answer: { file } }];
function statusCase(name: string, routes: readonly ServedRoute[], expect: ContractCase['expect'], request: Partial<VenueStatusRequest> = {}): ContractCase {
  return { name, routes, call: { kind: 'status', request: { ...statusRequest, ...request } }, expect, now: NOW };
}
const stageIs = (stage: string) => (status: { venueStatus?: string }) => {
  if (status.venueStatus !== stage) throw new Error(`stage ${status.venueStatus ?? 'none'}, expected ${stage}`);
};

function depositCheck(chainKey: 'ethereum' | 'arbitrum', chainId: number) {
  return (plan: Parameters<Extract<ContractCase['expect'], { kind: 'plan' }>['check']>[0]) => {
    if (plan.shape !== 'steps') throw new Error(`shape ${plan.shape}`);
    const [step] = plan.steps;
    if (plan.steps.length !== 1 || !step || step.vm !== 'evm') throw new Error('expected one EVM step');
    const router = mayachainChain(chainKey)?.router;
    if (step.to !== router || step.value !== 10n ** 18n || step.chainId !== chainId) throw new Error(`step ${step.to} ${step.value} ${step.chainId}`);
    const call = decodeDeposit(step.data as Hex);
    if (typeof call === 'string') throw new Error(call);
    if (call.vault.toLowerCase() !== QUOTE_VAULT || call.memo !== REAL_MEMO || call.expiry !== 1_721_775_525n || call.amount !== 10n ** 18n) throw new Error(`call ${call.vault} ${call.memo} ${call.expiry}`);
    if (plan.approval !== null || plan.minAmountOut !== 5_216_435n || plan.amountOut !== 5_248_264n) throw new Error('a native input needs no approval; the memo limit is the minimum');
  };
}

const cases: readonly ContractCase[] = [
  quoteCase('a recorded streaming ETH → BTC quote: expected_amount_out and the memo limit (LIM/INTERVAL/QUANTITY) in BTC sats, ETA and expiry', [REAL_INBOUND, STREAMING], ethToBtc, {
    kind: 'row',
    amountOut: 5_248_264n,
    minAmountOut: 5_216_435n,
    estimatedSeconds: 600,
    expiresAt: 1_721_775_525_000,
    check: (quote) => {
      const context = quote.context as Record<string, unknown>;
      if (context.memo !== REAL_MEMO || context.router !== '0xe3985E6b61b814F7Cdb188766562ba71b446B46d' || context.recommendedGasRate !== '1' || context.gasRateUnits !== 'gwei') throw new Error(`context ${JSON.stringify(context)}`);
    },
  }),
  quoteCase('a recorded streaming quote whose memo sets no limit (0/100/10) guarantees nothing: minimum 0', [REAL_INBOUND, quoteAt('real/quote-eth-to-btc-no-limit.json')], ethToBtc, {
    kind: 'row',
    amountOut: 11_361_662_429n,
    minAmountOut: 0n,
    estimatedSeconds: 5400,
    expiresAt: 1_722_246_842_000,
  }),
  quoteCase("an older node's BTC → ETH quote without memo or expiry: rescaled to 18 decimals, no expiry, no minimum", [REAL_INBOUND, quoteAt('real/quote-btc-to-eth.json')], btcToEth, {
    kind: 'row',
    amountOut: 1_740_667_871n * 10n ** 10n,
    minAmountOut: 0n,
    estimatedSeconds: 4320,
    expiresAt: null,
  }),
  quoteCase("the docs' quickstart answer (an early node: no total_swap_seconds, expiry or minimum): the ETA is its confirmation wait plus outbound delay", [REAL_INBOUND, quoteAt('real/quote-btc-to-eth-docs-quickstart.json')], { ...btcToEth, recipient: DOCS_RECIPIENT }, {
    kind: 'row',
    amountOut: 1_855_545_107n * 10n ** 10n,
    minAmountOut: 0n,
    estimatedSeconds: 600 + 2685,
    expiresAt: null,
  }),
  quoteCase('the ARB router answers for an Arbitrum source', [LIVE_INBOUND, quoteAt('synthetic/quote-arb-to-btc-streaming.json')], arbToBtc, { kind: 'row', amountOut: 5_248_264n, minAmountOut: 5_216_435n }),
  quoteCase('a halted source chain is a typed rejection, never a row', [inboundAt('synthetic/inbound-addresses-eth-halted.json'), STREAMING], ethToBtc, {
    kind: 'rejection',
    code: 'route_not_served',
    details: { chain: 'ETH', halted: true },
  }),
  quoteCase('paused trading on the destination chain is a typed rejection', [inboundAt('synthetic/inbound-addresses-btc-trading-paused.json'), STREAMING], ethToBtc, {
    kind: 'rejection',
    code: 'route_not_served',
    details: { chain: 'BTC', tradingPaused: true },
  }),
  quoteCase('globally paused trading is a typed rejection', [inboundAt('synthetic/inbound-addresses-global-trading-paused.json'), STREAMING], ethToBtc, { kind: 'rejection', code: 'route_not_served', details: { tradingPaused: true } }),
  quoteCase('a chain missing from the inbound list (the recorded list has no ARB) is not served', [REAL_INBOUND, quoteAt('synthetic/quote-arb-to-btc-streaming.json')], arbToBtc, { kind: 'rejection', code: 'route_not_served', details: { chain: 'ARB' } }),
  quoteCase("the node's minimum error is below_min with the minimum in wei", [REAL_INBOUND, quoteAt('synthetic/error-min-swap-amount.json', 400)], ethToBtc, {
    kind: 'rejection',
    code: 'below_min',
    details: { minAmountAtomic: '6915760000000000', venueCode: 'less than min swap amount' },
  }),
  quoteCase("the node's trading-halted error is route_not_served", [REAL_INBOUND, quoteAt('synthetic/error-trading-halted.json', 400)], ethToBtc, { kind: 'rejection', code: 'route_not_served' }),
  quoteCase('a 429 is venue_rate_limited', [REAL_INBOUND, quoteAt('synthetic/error-min-swap-amount.json', 429)], ethToBtc, { kind: 'rejection', code: 'venue_rate_limited' }),
  quoteCase('a taproot recipient (Maya loses taproot payouts) is refused before any call', [], { ...ethToBtc, recipient: 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297' }, { kind: 'rejection', code: 'invalid_input' }),
  quoteCase('a token without a Maya pool Strait quotes is refused before any call', [], { ...ethToBtc, fromToken: token('ethereum', 'WETH') }, { kind: 'rejection', code: 'token_not_supported' }),
  quoteCase('a chain Maya does not serve is refused before any call', [], { ...ethToBtc, toChain: 'base', toToken: token('base', null), recipient: SENDER }, { kind: 'rejection', code: 'route_not_served' }),
  quoteCase('a memo paying someone else is refused', [REAL_INBOUND, STREAMING], { ...ethToBtc, recipient: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }, { kind: 'rejection', code: 'venue_bad_response' }),
  {
    name: 'build: one depositWithExpiry to the pinned ETH router, vault = the live inbound address, the recorded memo and expiry',
    routes: [LIVE_INBOUND, STREAMING],
    call: { kind: 'build', request: { request: ethToBtc, quote: storedQuote('ETH.ETH') } },
    now: NOW,
    expect: { kind: 'plan', check: depositCheck('ethereum', 1) },
  },
  {
    name: 'build: an Arbitrum source calls the pinned ARB router',
    routes: [LIVE_INBOUND, quoteAt('synthetic/quote-arb-to-btc-streaming.json')],
    call: { kind: 'build', request: { request: arbToBtc, quote: storedQuote('ARB.ETH') } },
    now: NOW,
    expect: { kind: 'plan', check: depositCheck('arbitrum', 42161) },
  },
  {
    name: "build: a quote naming a vault that is not the live inbound address is refused (the recorded quote's vault against the recorded list)",
    routes: [REAL_INBOUND, STREAMING],
    call: { kind: 'build', request: { request: ethToBtc, quote: storedQuote('ETH.ETH') } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/inbound_address' } },
  },
  {
    name: 'build: a memo without a price limit is refused',
    routes: [REAL_INBOUND, quoteAt('real/quote-eth-to-btc-no-limit.json')],
    call: { kind: 'build', request: { request: ethToBtc, quote: storedQuote('ETH.ETH') } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/memo' } },
  },
  {
    name: 'build: an expired quote is refused',
    routes: [LIVE_INBOUND, STREAMING],
    call: { kind: 'build', request: { request: ethToBtc, quote: storedQuote('ETH.ETH') } },
    now: 1_721_775_525_000,
    expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/expiry' } },
  },
  statusCase('a recorded streaming swap Midgard lists as pending is pending (the other inbounds of the answer skipped)', actionsAt('real/midgard-actions-address-xchainjs.json'), { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null, check: stageIs('swap_pending') }, { sourceTxHash: RECORDED.pendingStreaming }),
  statusCase("a recorded finished swap paying the recipient on Arbitrum is completed with the outbound's hash; the affiliate's CACAO leg is not the payout, and an asset other than the one asked gives no amount", actionsAt('real/midgard-actions-address-xchainjs.json'), {
    kind: 'status',
    state: 'completed',
    destinationTxHash: '0x1e9f450e6174407fe846929bd16d057547dfb3bd1918176e12aacdaf6c753a8b',
    receivedAmount: null,
    check: stageIs('out'),
  }, { fromChain: 'ethereum', toChain: 'arbitrum', toToken: token('arbitrum', null), recipient: ARB_PAYEE, sourceTxHash: `0x${RECORDED.paidOnArbitrum.toLowerCase()}` }),
  statusCase('a recorded finished swap that pays no one the transfer names (CACAO to maya1…) is never a completion: pending and unrecognized', actionsAt('real/midgard-actions-address-xchainjs.json'), { kind: 'status', state: 'pending', unrecognized: true }, { sourceTxHash: RECORDED.paidInCacao }),
  statusCase('a recorded refund action (emit asset less than price limit) returning the input is refunded', actionsAt('real/midgard-actions-txid-refund.json'), { kind: 'status', state: 'refunded', destinationTxHash: null, receivedAmount: null, check: stageIs('refund') }, { toChain: 'zcash', toToken: token('zcash', null), recipient: 't1QLmq7VDqCBwq9rfVGcANZTQ3ZhNJ5orA2', sourceTxHash: RECORDED.refunded }),
  statusCase('a recorded answer about another inbound only is not this transfer: pending, not observed', actionsAt('real/midgard-actions-txid-refund.json'), { kind: 'status', state: 'pending', check: stageIs('not_observed') }),
  statusCase('an inbound Midgard has not indexed (no action) is pending', actionsAt('synthetic/midgard-actions-empty.json'), { kind: 'status', state: 'pending', destinationTxHash: null, check: stageIs('not_observed') }),
  statusCase('an inbound Midgard does not know (404) is pending', [], { kind: 'status', state: 'pending', destinationTxHash: null }),
  statusCase('a BTC payout to the recipient is completed, with the payout hash and amount', actionsAt('synthetic/midgard-actions-eth-to-btc-out.json'), { kind: 'status', state: 'completed', destinationTxHash: OUT_HASH, receivedAmount: 5_248_264n }),
  statusCase('a payout and the rest returned to the sender in the input asset (a stream filled in part) is partial with the paid part', actionsAt('synthetic/midgard-actions-eth-to-btc-partial.json'), { kind: 'status', state: 'partial', destinationTxHash: OUT_HASH, receivedAmount: 2_624_132n }),
  statusCase('a refund still pending is pending', actionsAt('synthetic/midgard-actions-refund-pending.json'), { kind: 'status', state: 'pending', check: stageIs('refund_pending') }),
  statusCase('a refund of nothing (smaller than the outbound fee) is failed', actionsAt('synthetic/midgard-actions-refund-nothing.json'), { kind: 'status', state: 'failed' }),
  statusCase('an action type the adapter does not map is pending and unrecognized', actionsAt('synthetic/midgard-actions-unknown-type.json'), { kind: 'status', state: 'pending', unrecognized: true }),
];

export const contract: VenueContract = { venue: 'mayachain', cases };
