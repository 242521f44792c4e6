import type { TokenInfo } from '../../domain/tokens.ts';
import type { ContractCase, VenueContract } from '../contract/ContractCase.ts';
import { onlyEvmStep } from '../contract/onlyEvmStep.ts';
import { servedAt } from '../contract/servedAt.ts';
import { knownToken as token } from '../fake/testVenueDeps.ts';
import type { VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { whyNotLifiBridgeCall } from './lifiBridgeCalls.ts';

/**
 * LI.FI against its answers (fixtures/real/SOURCES.json): the quote and status examples of LI.FI's own
 * OpenAPI spec, the no-quote example of its docs' "Possible Tool Errors", two coded `/status` error
 * bodies an integrator recorded live (404/1003, 400/1011), five live `/status` answers a wallet recorded
 * for transfers that really ended DONE/PARTIAL (3) and DONE/REFUNDED (2), integrators' live Steps and
 * quotes with real diamond calldata (native ETH and USDC over Across, GasZip, a LayerZero fee outside the
 * amount), two live DONE statuses (one from an integrator's vcrpy cassette) and a live 404/1002. Tool errors with limits, other quote error codes and
 * PENDING or FAILED statuses were not found whole: those are synthetic variants
 * (fixtures/synthetic/SOURCES.json).
 */

const NOW = 1_729_163_645_000;

/** The docs' quote: 1 xDAI → MIVA on Gnosis through 1inch, for the docs' own wallet. */
const DOCS_WALLET = '0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0';
const MIVA: TokenInfo = { chain: 'gnosis', symbol: 'MIVA', address: '0x63e62989d9eb2d37dfdb1f93a22f063635b07d51', decimals: 18 };
const docsRequest: VenueQuoteRequest = {
  fromChain: 'gnosis',
  toChain: 'gnosis',
  fromToken: token('gnosis', null),
  toToken: MIVA,
  amountIn: 10n ** 18n,
  sender: DOCS_WALLET,
  recipient: DOCS_WALLET,
  userIp: null,
  integratorFee: null,
};
const docsQuote: VenueQuote = {
  amountIn: 10n ** 18n,
  amountOut: 21_922_914_496_086_353_975n,
  minAmountOut: 21_265_227_061_203_763_356n,
  estimatedSeconds: null,
  expiresAt: NOW + 60_000,
  context: { fromChainId: 100, toChainId: 100, fromToken: '0x0000000000000000000000000000000000000000', toToken: MIVA.address!, tool: '1inch', toAmount: '21922914496086353975', toAmountMin: '21265227061203763356' },
};

/** 100 USDC Arbitrum → Optimism through Across, LI.FI's fixed fee collected by a source swap. */
const SENDER = '0x1111111111111111111111111111111111111111';
const RECIPIENT = '0x2222222222222222222222222222222222222222';
const DIAMOND = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE';
const acrossRequest: VenueQuoteRequest = {
  fromChain: 'arbitrum',
  toChain: 'optimism',
  fromToken: token('arbitrum', 'USDC'),
  toToken: token('optimism', 'USDC'),
  amountIn: 100_000_000n,
  sender: SENDER,
  recipient: RECIPIENT,
  userIp: null,
  integratorFee: null,
};
const acrossQuote: VenueQuote = {
  amountIn: 100_000_000n,
  amountOut: 99_650_123n,
  minAmountOut: 99_650_123n,
  estimatedSeconds: null,
  expiresAt: NOW + 60_000,
  context: {
    fromChainId: 42161,
    toChainId: 10,
    fromToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
    toToken: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
    tool: 'across',
    toAmount: '99650123',
    toAmountMin: '99650123',
    transactionId: '0x7a1c5e0b9d3f4a2e8c6b1d0f9e8a7c6b5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a',
  },
};

/** LI.FI's live Step for 0.0002 ETH Ethereum → Linea over Across, its fee paid through the FeeForwarder (real calldata). */
const LIVE_WALLET = '0x1a642f0E3c3aF545E7AcBD38b07251B3990914F1';
const liveRequest: VenueQuoteRequest = {
  fromChain: 'ethereum',
  toChain: 'linea',
  fromToken: token('ethereum', null),
  toToken: token('linea', null),
  amountIn: 200_000_000_000_000n,
  sender: LIVE_WALLET,
  recipient: LIVE_WALLET,
  userIp: null,
  integratorFee: null,
};
const liveQuote: VenueQuote = {
  amountIn: 200_000_000_000_000n,
  amountOut: 189_197_517_787_962n,
  minAmountOut: 189_197_517_787_962n,
  estimatedSeconds: 2,
  expiresAt: NOW + 60_000,
  context: {
    fromChainId: 1,
    toChainId: 59144,
    fromToken: '0x0000000000000000000000000000000000000000',
    toToken: '0x0000000000000000000000000000000000000000',
    tool: 'across',
    toAmount: '189197517787962',
    toAmountMin: '189197517787962',
    transactionId: '0x6c39c7fde090ceeb2d25a2c526088292560fc864bf88ebf8e93218f50db2c450',
  },
};
const LIVE_STEP = 'real/step-eth-ethereum-linea-across-feeforwarder.json';
/** LI.FI's live Step for 10 USDC Ethereum → Base over Across: an ERC-20 whose 0.25 % fee the FeeForwarder takes in a source swap (real calldata). */
const USDC_STEP = 'real/step-usdc-ethereum-base-across.json';
const usdcRequest: VenueQuoteRequest = { ...acrossRequest, fromChain: 'ethereum', toChain: 'base', fromToken: token('ethereum', 'USDC'), toToken: token('base', 'USDC'), amountIn: 10_000_000n, recipient: SENDER };
const usdcQuote: VenueQuote = {
  amountIn: 10_000_000n,
  amountOut: 9_970_607n,
  minAmountOut: 9_970_607n,
  estimatedSeconds: 2,
  expiresAt: NOW + 60_000,
  context: {
    fromChainId: 1,
    toChainId: 8453,
    fromToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    toToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    tool: 'across',
    toAmount: '9970607',
    toAmountMin: '9970607',
    transactionId: '0x8d7b2e493e545d672b39dbf3e81b6f4fd52b26b88aa7d4987883f62eceaa84f2',
  },
};
const STARGATE_WALLET = '0x823A3a5BaB1186141b32fC65F8E25Ca24c679Ce7';

const quoteAt = servedAt('GET', '/quote');
const statusAt = servedAt('GET', '/status');

/** The docs' status answer: USDT Arbitrum → Taiko over stargateV2Bus; the context is what quote and build stored. */
const statusRequest: VenueStatusRequest = {
  fromChain: 'arbitrum',
  toChain: 'taiko',
  toToken: { chain: 'taiko', symbol: 'USDT', address: '0x9c2dc7377717603eB92b2655c5f2E7997a4945BD', decimals: 6 },
  sourceTxHash: '0xe1ffdcf09d5aa92a2d89b1b39db3f8cadf09428a296cce0d5e387595ac83d08f',
  recipient: '0x204dedcf79dbbb02359205f4f64ce2cbdd483906',
  amountIn: 129_486_280n,
  expectedOut: 128_671_479n,
  context: {
    fromChainId: 42161,
    toChainId: 167000,
    fromToken: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
    toToken: '0x9c2dc7377717603eB92b2655c5f2E7997a4945BD',
    tool: 'stargateV2Bus',
    toAmount: '128671479',
    toAmountMin: '128000000',
    diamond: DIAMOND,
  },
};

/** LI.FI's live answers for transfers that really ended DONE/PARTIAL: file, destination hash, amount and token delivered. */
const RECORDED_PARTIALS: readonly (readonly [string, string, bigint, string])[] = [
  ['status-done-partial-across-ethereum-robinhood.json', '0xbce705db67fadc3ddfeaf18824d354e5df19ac0cb0853c86563f8004706c2e18', 229_889_872_623_107_371n, '0x0Bd7D308f8E1639FAb988df18A8011f41EAcAD73'],
  ['status-done-partial-mayan-solana-base.json', '0xad9f244873b2f1c24a059b3b1557fc11289171976ba4589e323076765bf58aba', 116_151_518n, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'],
  ['status-done-partial-across-robinhood-bnb.json', '0xc278da7226787a864951e6f56a4ef539e9807f4ceccbff0e871712f54d9f27a6', 38_581_163_391_863_784n, '0x2170Ed0880ac9A755fd29B2688956BD959F933F8'],
];
/** LI.FI's live answers for transfers that really ended DONE/REFUNDED. */
const RECORDED_REFUNDS = ['status-done-refunded-relaydepository-base.json', 'status-done-refunded-lifiintents-hyperevm.json'];

function statusCase(name: string, file: string, expect: ContractCase['expect'], status = 200): ContractCase {
  return { name, routes: statusAt(file, status), call: { kind: 'status', request: statusRequest }, expect };
}

const cases: ContractCase[] = [
  {
    name: "docs quote (xDAI → MIVA on Gnosis, no executionDuration) prices LI.FI's net toAmount for 60 s",
    routes: quoteAt('real/quote-gnosis-xdai-miva-1inch.json'),
    call: { kind: 'quote', request: docsRequest },
    now: NOW,
    expect: { kind: 'row', amountOut: 21_922_914_496_086_353_975n, minAmountOut: 21_265_227_061_203_763_356n, estimatedSeconds: null, expiresAt: NOW + 60_000 },
  },
  {
    name: "docs quote built: its transaction calls 1inch's router, not LI.FI's diamond, so nothing is built",
    routes: quoteAt('real/quote-gnosis-xdai-miva-1inch.json'),
    call: { kind: 'build', request: { request: docsRequest, quote: docsQuote } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: 'Across quote with the LI.FI fee collected by a source swap prices its net output',
    routes: quoteAt('synthetic/quote-usdc-arbitrum-optimism-across.json'),
    call: { kind: 'quote', request: acrossRequest },
    now: NOW,
    expect: { kind: 'row', amountOut: 99_650_123n, minAmountOut: 99_650_123n, estimatedSeconds: null },
  },
  {
    name: 'Across build: one call to the known diamond whose BridgeData pays the recipient on Optimism, approve exactly the amount',
    routes: quoteAt('synthetic/quote-usdc-arbitrum-optimism-across.json'),
    call: { kind: 'build', request: { request: acrossRequest, quote: acrossQuote } },
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        const { step, approval } = onlyEvmStep(plan, { to: DIAMOND, chainId: 42161, value: 0n });
        const why = whyNotLifiBridgeCall(step.data, step.value, { sourceChainId: 42161, sourceToken: acrossRequest.fromToken.address, amount: 100_000_000n, recipient: RECIPIENT, destinationChainId: 10 });
        if (why !== null) throw new Error(why);
        if (approval?.spender !== DIAMOND || approval.amount !== 100_000_000n) throw new Error('approval must be exactly the amount, to the diamond');
        if (plan.amountOut !== 99_650_123n) throw new Error(`amountOut ${plan.amountOut}`);
      },
    },
  },
  {
    name: 'Across answer built for another recipient is refused (the answer names 0x2222…, the transfer asked 0x3333…)',
    routes: quoteAt('synthetic/quote-usdc-arbitrum-optimism-across.json'),
    call: { kind: 'build', request: { request: { ...acrossRequest, recipient: '0x3333333333333333333333333333333333333333' }, quote: acrossQuote } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: "live Step (ETH Ethereum → Linea over Across, included fees with feeSplit) prices LI.FI's net toAmount",
    routes: quoteAt(LIVE_STEP),
    call: { kind: 'quote', request: liveRequest },
    now: NOW,
    expect: { kind: 'row', amountOut: 189_197_517_787_962n, minAmountOut: 189_197_517_787_962n, expiresAt: NOW + 60_000 },
  },
  {
    name: 'live Step built: its real calldata (swapAndStartBridgeTokensViaAcrossV4, fee through the FeeForwarder) passes every check, value = the amount',
    routes: quoteAt(LIVE_STEP),
    call: { kind: 'build', request: { request: liveRequest, quote: liveQuote } },
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        const { step, approval } = onlyEvmStep(plan, { to: DIAMOND, chainId: 1, value: 200_000_000_000_000n });
        const why = whyNotLifiBridgeCall(step.data, step.value, { sourceChainId: 1, sourceToken: null, amount: 200_000_000_000_000n, recipient: LIVE_WALLET, destinationChainId: 59144 });
        if (why !== null) throw new Error(why);
        if (approval !== null && approval !== undefined) throw new Error('a native transfer needs no approval');
      },
    },
  },
  {
    name: 'live Step built for another recipient is refused (its BridgeData pays 0x1a64…)',
    routes: quoteAt(LIVE_STEP),
    call: { kind: 'build', request: { request: { ...liveRequest, recipient: RECIPIENT }, quote: liveQuote } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: "live ERC-20 Step (USDC Ethereum → Base over Across) prices LI.FI's net toAmount",
    routes: quoteAt(USDC_STEP),
    call: { kind: 'quote', request: usdcRequest },
    now: NOW,
    expect: { kind: 'row', amountOut: 9_970_607n, minAmountOut: 9_970_607n, estimatedSeconds: 2, expiresAt: NOW + 60_000 },
  },
  {
    name: 'live ERC-20 Step built: its real calldata (fee swap to the FeeForwarder forwardERC20Fees, minAmount = amount - 25000) passes every check, approve exactly the amount to the diamond',
    routes: quoteAt(USDC_STEP),
    call: { kind: 'build', request: { request: usdcRequest, quote: usdcQuote } },
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        const { step, approval } = onlyEvmStep(plan, { to: DIAMOND, chainId: 1, value: 0n });
        const why = whyNotLifiBridgeCall(step.data, step.value, { sourceChainId: 1, sourceToken: usdcRequest.fromToken.address, amount: 10_000_000n, recipient: SENDER, destinationChainId: 8453 });
        if (why !== null) throw new Error(why);
        if (approval?.spender !== DIAMOND || approval.amount !== 10_000_000n) throw new Error('approval must be exactly the amount, to the diamond');
      },
    },
  },
  {
    name: 'live ERC-20 Step built for a smaller amount is refused (its fee swap moves 10 USDC, not 9)',
    routes: quoteAt(USDC_STEP),
    call: { kind: 'build', request: { request: { ...usdcRequest, amountIn: 9_000_000n }, quote: { ...usdcQuote, amountIn: 9_000_000n } } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: 'live ERC-20 Step built for another recipient is refused (its BridgeData pays 0x1111…)',
    routes: quoteAt(USDC_STEP),
    call: { kind: 'build', request: { request: { ...usdcRequest, recipient: RECIPIENT }, quote: usdcQuote } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: "live Step over stargateV2 whose LayerZero native fee is sent beside the amount (included: false) is not offered",
    routes: quoteAt('real/step-usdc-base-arbitrum-stargatev2-native-fee.json'),
    call: {
      kind: 'quote',
      request: { ...acrossRequest, fromChain: 'base', toChain: 'arbitrum', fromToken: token('base', 'USDC'), toToken: token('arbitrum', 'USDC'), amountIn: 150_000n, sender: STARGATE_WALLET, recipient: STARGATE_WALLET },
    },
    now: NOW,
    expect: { kind: 'rejection', code: 'no_liquidity', details: { venueTool: 'stargateV2' } },
  },
  {
    name: 'live native-ETH Step over stargateV2 whose value is the amount plus the LayerZero fee (included: false) is not offered',
    routes: quoteAt('real/step-eth-ethereum-base-stargatev2-native-fee.json'),
    call: {
      kind: 'quote',
      request: {
        ...liveRequest,
        toChain: 'base',
        toToken: token('base', null),
        amountIn: 100_000_000_000_000n,
        sender: STARGATE_WALLET,
        recipient: '0x991e254B5C8e0AAf6c244eaa2706BAd059809b04',
      },
    },
    now: NOW,
    expect: { kind: 'rejection', code: 'no_liquidity', details: { venueTool: 'stargateV2' } },
  },
  {
    name: "a route charging LayerZero's native fee outside the amount (included: false) is not offered",
    routes: quoteAt('synthetic/quote-usdc-arbitrum-optimism-native-fee.json'),
    call: { kind: 'quote', request: acrossRequest },
    now: NOW,
    expect: { kind: 'rejection', code: 'no_liquidity', details: { venueTool: 'stargateV2Bus' } },
  },
  {
    name: 'error 1002 whose tool says AMOUNT_TOO_LOW with its minimum is below_min with the figure',
    routes: quoteAt('synthetic/error-1002-no-quote.json', 404),
    call: { kind: 'quote', request: acrossRequest },
    expect: { kind: 'rejection', code: 'below_min', details: { venueCode: '1002', minAmountAtomic: '1000000' } },
  },
  {
    name: "error 1002 whose only path failed with Across's live tool error FEES_HIGHER_THAN_AMOUNT is below_min (no figure)",
    routes: quoteAt('synthetic/error-1002-fees-higher-than-amount.json', 404),
    call: { kind: 'quote', request: { ...liveRequest, toChain: 'base', toToken: token('base', null), amountIn: 100_000_000_000_000n } },
    expect: { kind: 'rejection', code: 'below_min', details: { venueCode: '1002', toolCode: 'FEES_HIGHER_THAN_AMOUNT' } },
  },
  {
    name: "LI.FI's live 404/1002 whose only route was filtered out (errors.filteredOut, failed empty) is no_liquidity",
    routes: quoteAt('real/error-1002-filtered-out-stargatev2-unichain.json', 404),
    call: { kind: 'quote', request: { ...usdcRequest, toChain: 'unichain', toToken: token('unichain', 'USDC') } },
    expect: { kind: 'rejection', code: 'no_liquidity', details: { venueCode: '1002' } },
  },
  {
    name: "docs no-quote answer (404, a flat list of tool errors, no numeric code) is no_liquidity",
    routes: quoteAt('real/error-404-tool-errors-docs.json', 404),
    call: { kind: 'quote', request: acrossRequest },
    expect: { kind: 'rejection', code: 'no_liquidity', details: { venueCode: 'UNKNOWN' } },
  },
  {
    name: 'the docs layout whose tool says AMOUNT_TOO_LOW (no figure) is below_min',
    routes: quoteAt('synthetic/error-404-tool-errors-amount-too-low.json', 404),
    call: { kind: 'quote', request: acrossRequest },
    expect: { kind: 'rejection', code: 'below_min', details: { toolCode: 'AMOUNT_TOO_LOW' } },
  },
  {
    name: 'error 1011 (validation) is invalid_input',
    routes: quoteAt('synthetic/error-1011-validation.json', 400),
    call: { kind: 'quote', request: acrossRequest },
    expect: { kind: 'rejection', code: 'invalid_input', details: { venueCode: '1011' } },
  },
  {
    name: 'HTTP 429 (code 1005) is venue_rate_limited',
    routes: quoteAt('synthetic/error-1005-rate-limit.json', 429, { 'retry-after': '2' }),
    call: { kind: 'quote', request: acrossRequest },
    expect: { kind: 'rejection', code: 'venue_rate_limited' },
  },
  statusCase('docs status DONE/COMPLETED fills the destination hash, amount and asset', 'real/status-done-completed-stargatev2bus.json', {
    kind: 'status',
    state: 'completed',
    destinationTxHash: '0xd3142ffb0abaefd030e9c108d6fedcd9b5bab9099346531b54f370762301bb4e',
    receivedAmount: 128_671_479n,
    check: (status) => {
      if (status.receivedAsset !== '0x9c2dc7377717603eB92b2655c5f2E7997a4945BD') throw new Error(`receivedAsset ${status.receivedAsset}`);
    },
  }),
  ...RECORDED_PARTIALS.map(([file, hash, amount, asset]) =>
    statusCase(`live DONE/PARTIAL (${file}): partial, with the destination hash and the token LI.FI says arrived`, `real/${file}`, {
      kind: 'status',
      state: 'partial',
      destinationTxHash: hash,
      receivedAmount: amount,
      unrecognized: false,
      check: (status) => {
        if (status.receivedAsset !== asset) throw new Error(`receivedAsset ${status.receivedAsset}`);
        if (status.venueStatus !== 'DONE/PARTIAL') throw new Error(`venueStatus ${status.venueStatus}`);
      },
    }),
  ),
  ...RECORDED_REFUNDS.map((file) =>
    // Its `receiving` is the refund on the source chain, with its own hash: not a delivery.
    statusCase(`live DONE/REFUNDED (${file}): refunded, the source-chain refund leg is not reported as a delivery`, `real/${file}`, { kind: 'status', state: 'refunded', destinationTxHash: null, receivedAmount: null, unrecognized: false }),
  ),
  statusCase('PENDING/WAIT_SOURCE_CONFIRMATIONS stays pending', 'synthetic/status-pending-wait-source.json', { kind: 'status', state: 'pending', destinationTxHash: null, unrecognized: false }),
  statusCase('PENDING/WAIT_DESTINATION_TRANSACTION (receiving holds only its chainId) stays pending', 'synthetic/status-pending-wait-destination.json', { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null }),
  statusCase('PENDING/REFUND_IN_PROGRESS stays pending', 'synthetic/status-pending-refund-in-progress.json', { kind: 'status', state: 'pending' }),
  statusCase('DONE/PARTIAL delivered another token: partial, with the asset LI.FI names', 'synthetic/status-done-partial.json', {
    kind: 'status',
    state: 'partial',
    receivedAmount: 128_671_479n,
    check: (status) => {
      if (status.receivedAsset !== '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9') throw new Error(`receivedAsset ${status.receivedAsset}`);
    },
  }),
  statusCase('DONE/REFUNDED is refunded, with no delivery', 'synthetic/status-done-refunded.json', { kind: 'status', state: 'refunded', destinationTxHash: null, receivedAmount: null }),
  statusCase('FAILED/SLIPPAGE_EXCEEDED is failed', 'synthetic/status-failed-slippage.json', { kind: 'status', state: 'failed' }),
  statusCase('FAILED/REFUNDED (a substatus the API reference lists under FAILED too) is refunded, with no delivery', 'synthetic/status-failed-refunded.json', { kind: 'status', state: 'refunded', destinationTxHash: null, receivedAmount: null }),
  statusCase('INVALID (no substatus) stays pending', 'synthetic/status-invalid.json', { kind: 'status', state: 'pending', unrecognized: false }),
  statusCase('NOT_FOUND with a null substatus stays pending', 'synthetic/status-not-found.json', { kind: 'status', state: 'pending', unrecognized: false }),
  statusCase('an unknown status value is pending and unrecognized', 'synthetic/status-unknown-value.json', { kind: 'status', state: 'pending', unrecognized: true }),
  statusCase('FAILED with only `sending` (the shape LI.FI answered live for a reverted source transaction) is failed', 'synthetic/status-failed-sending-only.json', { kind: 'status', state: 'failed', destinationTxHash: null, receivedAmount: null }),
  statusCase("LI.FI's live 404 for a hash it has not indexed (code 1003) stays pending", 'real/status-404-not-found-any-chain.json', { kind: 'status', state: 'pending', destinationTxHash: null, unrecognized: false }, 404),
  statusCase("LI.FI's live 400 (code 1011) is a failed poll, retried by the status worker, never a transfer outcome", 'real/status-400-invalid-txhash.json', { kind: 'rejection', code: 'invalid_input', details: { venueCode: '1011' } }, 400),
  // regit-web3's live captures (li.quest, 2026-10-07): a GasZip quote with real diamond calldata and the live DONE status.
  ...regitLiveCases(),
];

/**
 * The answers regit-web3 captured live from li.quest (fixtures/real/SOURCES.json): 0.01 ETH Arbitrum →
 * Base over GasZip, whose transaction is LI.FI's own `swapAndStartBridgeTokensViaGasZip` calldata with
 * the fixed fee forwarded by `forwardNativeFees`, and the live DONE answer of the transfer the OpenAPI
 * example also shows (no `feeCosts`, its LI.Fuel included step).
 */
function regitLiveCases(): ContractCase[] {
  const wallet = '0x204dedcf79dbbb02359205f4f64ce2cbdd483906';
  const request: VenueQuoteRequest = {
    fromChain: 'arbitrum',
    toChain: 'base',
    fromToken: token('arbitrum', null),
    toToken: token('base', null),
    amountIn: 10n ** 16n,
    sender: wallet,
    recipient: wallet,
    userIp: null,
    integratorFee: null,
  };
  const quote: VenueQuote = {
    amountIn: 10n ** 16n,
    amountOut: 9_973_849_077_309_328n,
    minAmountOut: 9_923_979_831_922_781n,
    estimatedSeconds: 46,
    expiresAt: NOW + 60_000,
    context: { fromChainId: 42161, toChainId: 8453, fromToken: '0x0000000000000000000000000000000000000000', toToken: '0x0000000000000000000000000000000000000000', tool: 'gasZipBridge', toAmount: '9973849077309328', toAmountMin: '9923979831922781' },
  };
  const file = 'real/quote-eth-arbitrum-base-gaszip-live.json';
  return [
    {
      name: 'live GasZip quote (0.01 ETH Arbitrum → Base) prices the net toAmount, its minimum and its 46 s',
      routes: quoteAt(file),
      call: { kind: 'quote', request },
      now: NOW,
      expect: {
        kind: 'row',
        amountOut: 9_973_849_077_309_328n,
        minAmountOut: 9_923_979_831_922_781n,
        estimatedSeconds: 46,
        expiresAt: NOW + 60_000,
        check: (row) => {
          const context = row.context as Record<string, unknown>;
          if (context.tool !== 'gasZipBridge' || context.transactionId !== '0x65337eba1a50f798d02cb98f0cee06749d5699f6d7bc0c4019d89b3bb21abab5') throw new Error(`context ${JSON.stringify(context)}`);
        },
      },
    },
    {
      name: "live GasZip build: LI.FI's real swapAndStartBridgeTokensViaGasZip call passes every check (recipient, Base, native 0.01 ETH, fee forwarded = amount − minAmount)",
      routes: quoteAt(file),
      call: { kind: 'build', request: { request, quote } },
      now: NOW,
      expect: {
        kind: 'plan',
        check: (plan) => {
          const { step, approval } = onlyEvmStep(plan, { to: DIAMOND, chainId: 42161, value: 10n ** 16n });
          if (!step.data.startsWith('0x606326ff')) throw new Error(`selector ${step.data.slice(0, 10)}`);
          const why = whyNotLifiBridgeCall(step.data, step.value, { sourceChainId: 42161, sourceToken: null, amount: 10n ** 16n, recipient: wallet, destinationChainId: 8453 });
          if (why !== null) throw new Error(why);
          if (approval !== null) throw new Error('a native input needs no approval');
          if (plan.amountOut !== 9_973_849_077_309_328n || plan.minAmountOut !== 9_923_979_831_922_781n) throw new Error(`amounts ${plan.amountOut} ${plan.minAmountOut}`);
        },
      },
    },
    {
      name: 'live GasZip answer built for another recipient is refused before any calldata is read',
      routes: quoteAt(file),
      call: { kind: 'build', request: { request: { ...request, recipient: '0x3333333333333333333333333333333333333333' }, quote } },
      now: NOW,
      expect: { kind: 'rejection', code: 'venue_bad_response' },
    },
    statusCase('live status DONE/COMPLETED (no feeCosts, a LI.Fuel included step) fills the destination hash, amount and asset', 'real/status-done-completed-stargatev2bus-live.json', {
      kind: 'status',
      state: 'completed',
      destinationTxHash: '0xd3142ffb0abaefd030e9c108d6fedcd9b5bab9099346531b54f370762301bb4e',
      receivedAmount: 128_671_479n,
      unrecognized: false,
      check: (status) => {
        if (status.receivedAsset !== '0x9c2dc7377717603eB92b2655c5f2E7997a4945BD') throw new Error(`receivedAsset ${status.receivedAsset}`);
      },
    }),
    // valory-xyz/olas-operate-middleware's vcrpy cassette of li.quest (2026-02-19): xDAI Gnosis → native ETH Base, a source swap, LayerZero's fee `included: false`.
    statusCase('VCR-recorded live DONE/COMPLETED (source swap, native ETH delivered on Base) fills the destination hash, amount and the zero-address asset', 'real/status-done-completed-stargatev2bus-gnosis-base-vcr.json', {
      kind: 'status',
      state: 'completed',
      destinationTxHash: '0x407a815ac865ea888f31d26c7105609c1337daed934c9e09bf2c6ebf448b30ed',
      receivedAmount: 381_000_000_000_000n,
      unrecognized: false,
      check: (status) => {
        if (status.receivedAsset !== '0x0000000000000000000000000000000000000000') throw new Error(`receivedAsset ${status.receivedAsset}`);
        if (status.venueStatus !== 'DONE/COMPLETED' || status.detail !== 'The transfer is complete.') throw new Error(`venueStatus ${status.venueStatus} detail ${status.detail}`);
      },
    }),
  ];
}

export const contract: VenueContract = { venue: 'lifi', cases };
