import { decodeFunctionData, type Hex } from 'viem';
import { nativeToken, resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import type { ContractCase, VenueContract } from '../contract/ContractCase.ts';
import type { VenueBuildPlan, VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { MAYAN_FORWARDER, MAYAN_SWIFT_V2 } from './mayanChains.ts';
import { mayanForwarderAbi, mayanSwiftV2Abi, swiftForwardProblem } from './mayanSwiftCall.ts';

/**
 * Mayan against its real answers (fixtures/real/SOURCES.json): quotes and explorer answers Gem
 * Wallet recorded for its tests, the error bodies quoted in swap-sdk's issue tracker and those a
 * research note reproduced from live calls (ROUTE_NOT_FOUND, SDK_VERSION_TOO_OLD, a 500). Variants
 * nobody recorded (too large, a foreign contract, an unknown status) are synthetic.
 */

function token(chain: string, symbol: string | null): TokenInfo {
  const found = symbol === null ? nativeToken(chain) : resolveToken(chain, symbol);
  if (!found) throw new Error(`no ${symbol ?? 'native'} token on ${chain}`);
  return found;
}

const SENDER = '0x1111111111111111111111111111111111111111';
const SOLANA_RECIPIENT = 'A21o4asMbFHYadqXdLusT9Bvx9xaC5YV9gcaidjqtdXC';
const EVM_RECIPIENT = '0x2222222222222222222222222222222222222222';
const QUOTE_NOW = Date.UTC(2025, 2, 31, 7, 0, 0);

const usdcToSol: VenueQuoteRequest = {
  fromChain: 'ethereum',
  toChain: 'solana',
  fromToken: token('ethereum', 'USDC'),
  toToken: token('solana', null),
  amountIn: 100_000_000n,
  sender: SENDER,
  recipient: SOLANA_RECIPIENT,
  userIp: null,
  integratorFee: null,
};

const bnbToSol: VenueQuoteRequest = { ...usdcToSol, fromChain: 'bnb', fromToken: token('bnb', null), amountIn: 10n ** 17n };
const solToEth: VenueQuoteRequest = { ...usdcToSol, fromChain: 'solana', toChain: 'ethereum', fromToken: token('solana', null), toToken: token('ethereum', null), amountIn: 10n ** 9n, sender: SOLANA_RECIPIENT, recipient: EVM_RECIPIENT };
const ethSmall: VenueQuoteRequest = { ...usdcToSol, fromToken: token('ethereum', null), amountIn: 10n ** 15n };

const QUOTE_ROUTE = (file: string, status = 200) => [{ method: 'GET' as const, path: '/quote', answer: { file, status } }];

/** What quote stored for the recorded USDC → SOL answer (the build case signs it). */
const usdcToSolQuote: VenueQuote = {
  amountIn: 100_000_000n,
  amountOut: 785_976_637n,
  minAmountOut: 774_419_310n,
  estimatedSeconds: 16,
  expiresAt: null,
  context: {
    route: 'SWIFT_V1',
    fromChain: 'ethereum',
    toChain: 'solana',
    swiftContract: '0xC38e4e6A15593f908255214653d3D947CA1c2338',
    tokenIn: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    amountIn: '100000000',
    toTokenContract: 'So11111111111111111111111111111111111111112',
    toTokenDecimals: 9,
    minAmountOut: '0.774419314',
    gasDrop: '0',
    cancelFee: '498199',
    refundFee: '397005',
    deadline: '1743405023',
    auctionMode: 1,
  },
};

function statusRequest(fromChain: string, toChain: string, toToken: TokenInfo, sourceTxHash: string): VenueStatusRequest {
  return { fromChain, toChain, toToken, sourceTxHash, recipient: EVM_RECIPIENT, amountIn: 1n, expectedOut: 1n, context: usdcToSolQuote.context };
}

const STATUS_PATH = /^\/swap\/trx\/[^/]+$/;
const statusRoute = (file: string) => [{ method: 'GET' as const, path: STATUS_PATH, answer: { file } }];

/** The same order priced as Swift V2 (synthetic: no V2 quote was recorded). */
const usdcToSolQuoteV2: VenueQuote = { ...usdcToSolQuote, context: { ...usdcToSolQuote.context, route: 'SWIFT_V2', swiftContract: MAYAN_SWIFT_V2 } };

function checkForwardV2(plan: VenueBuildPlan): void {
  checkForward(plan);
  if (plan.shape !== 'steps' || plan.steps[0]?.vm !== 'evm') throw new Error('expected an evm step');
  const outer = decodeFunctionData({ abi: mayanForwarderAbi, data: plan.steps[0].data as Hex });
  if (outer.functionName !== 'forwardERC20' || outer.args[3] !== MAYAN_SWIFT_V2) throw new Error('expected forwardERC20 to Swift V2');
  const inner = decodeFunctionData({ abi: mayanSwiftV2Abi, data: outer.args[4] });
  if (inner.args[2].payloadType !== 1 || inner.args[3] !== '0x' || inner.args[2].minAmountOut !== 77_441_931n) throw new Error('unexpected V2 order');
}

function checkForward(plan: VenueBuildPlan): void {
  if (plan.shape !== 'steps') throw new Error('expected steps');
  const [step] = plan.steps;
  if (!step || step.vm !== 'evm' || step.to !== MAYAN_FORWARDER || step.chainId !== 1 || step.value !== 0n) throw new Error('expected one forwarder call on Ethereum without value');
  if (decodeFunctionData({ abi: mayanForwarderAbi, data: step.data as Hex }).functionName !== 'forwardERC20') throw new Error('expected forwardERC20');
  if (plan.approval?.spender !== MAYAN_FORWARDER || plan.approval.amount !== 100_000_000n) throw new Error('expected an exact approval to the forwarder');
  const intent = { sourceChainId: 1, sourceToken: usdcToSol.fromToken.address, amount: 100_000_000n, recipient: SOLANA_RECIPIENT, destinationChainId: null };
  const problem = swiftForwardProblem(step.data as Hex, step.value, intent);
  if (problem !== null) throw new Error(`the built call fails its own check: ${problem}`);
  if (swiftForwardProblem(step.data as Hex, step.value, { ...intent, recipient: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' }) === null) throw new Error('another recipient passed the check');
  if (swiftForwardProblem(step.data as Hex, step.value, { ...intent, destinationChainId: 8453 }) === null) throw new Error('another destination passed the check');
  if (swiftForwardProblem(step.data as Hex, step.value, { ...intent, amount: 99_000_000n }) === null) throw new Error('another amount passed the check');
}

const cases: ContractCase[] = [
  {
    name: 'quote: 100 USDC ethereum → SOL, Swift V1 on the pinned contract; human amounts cut to atomic, minimum is the order floor (8 decimals)',
    routes: QUOTE_ROUTE('real/quote-swift-ethereum-usdc-to-solana-sol.json'),
    call: { kind: 'quote', request: usdcToSol },
    now: QUOTE_NOW,
    expect: {
      kind: 'row',
      amountOut: 785_976_637n,
      minAmountOut: 774_419_310n,
      estimatedSeconds: 16,
      expiresAt: null,
      check: (quote) => {
        if (quote.context.deadline !== '1743405023' || quote.context.auctionMode !== 1) throw new Error('order terms not stored');
      },
    },
  },
  {
    name: 'quote: 1 SOL solana → ETH prices a quote_only row (18-decimal output from a human number)',
    routes: QUOTE_ROUTE('real/quote-swift-solana-sol-to-ethereum-eth.json'),
    call: { kind: 'quote', request: solToEth },
    now: QUOTE_NOW,
    expect: { kind: 'row', amountOut: 69_265_159_121_150_920n, minAmountOut: 67_734_800_000_000_000n, estimatedSeconds: 20 },
  },
  {
    name: 'quote: BNB → SOL answered only with a source-swap Swift order (BNB swapped to USDT first) is not priced',
    routes: QUOTE_ROUTE('real/quote-swift-bsc-bnb-to-solana-sol.json'),
    call: { kind: 'quote', request: bnbToSol },
    now: QUOTE_NOW,
    expect: { kind: 'rejection', code: 'route_not_served' },
  },
  {
    name: 'quote: AMOUNT_TOO_SMALL with data.minAmountIn → below_min with the minimum in atomic units',
    routes: QUOTE_ROUTE('real/error-amount-too-small-eth.json', 400),
    call: { kind: 'quote', request: ethSmall },
    expect: { kind: 'rejection', code: 'below_min', details: { venueCode: 'AMOUNT_TOO_SMALL', minAmount: '0.0013', minAmountAtomic: '1300000000000000' } },
  },
  {
    name: 'quote: AMOUNT_TOO_SMALL naming dollars only → below_min with Mayan\'s message',
    routes: QUOTE_ROUTE('real/error-amount-too-small-usd.json', 400),
    call: { kind: 'quote', request: usdcToSol },
    expect: { kind: 'rejection', code: 'below_min', details: { venueCode: 'AMOUNT_TOO_SMALL', venueMessage: 'Amount too small (min ~100$)' } },
  },
  {
    name: 'quote: AMOUNT_TOO_LARGE → above_max with the maximum',
    routes: QUOTE_ROUTE('synthetic/error-amount-too-large.json', 400),
    call: { kind: 'quote', request: { ...ethSmall, amountIn: 300n * 10n ** 18n } },
    expect: { kind: 'rejection', code: 'above_max', details: { maxAmountAtomic: '250000000000000000000' } },
  },
  {
    name: 'quote: ROUTE_NOT_FOUND (recorded live) → route_not_served',
    routes: QUOTE_ROUTE('real/error-route-not-found.json', 400),
    call: { kind: 'quote', request: usdcToSol },
    expect: { kind: 'rejection', code: 'route_not_served', details: { venueCode: 'ROUTE_NOT_FOUND' } },
  },
  {
    name: 'quote: SDK_VERSION_TOO_OLD (recorded live) → venue_error: the adapter must be updated, the request was fine',
    routes: QUOTE_ROUTE('real/error-sdk-version-too-old.json', 400),
    call: { kind: 'quote', request: usdcToSol },
    expect: { kind: 'rejection', code: 'venue_error', details: { venueCode: 'SDK_VERSION_TOO_OLD' } },
  },
  {
    name: 'quote: HTTP 500 {statusCode, message} (recorded live) is a venue fault',
    routes: QUOTE_ROUTE('real/error-internal-server-error.json', 500),
    call: { kind: 'quote', request: usdcToSol },
    expect: { kind: 'rejection', code: 'venue_error' },
  },
  {
    name: 'quote: an empty quotes list → route_not_served',
    routes: QUOTE_ROUTE('synthetic/quote-empty.json'),
    call: { kind: 'quote', request: usdcToSol },
    expect: { kind: 'rejection', code: 'route_not_served' },
  },
  {
    name: 'quote: a Swift quote naming another contract than the pinned one is not priced',
    routes: QUOTE_ROUTE('synthetic/quote-swift-ethereum-usdc-to-solana-foreign-contract.json'),
    call: { kind: 'quote', request: usdcToSol },
    expect: { kind: 'rejection', code: 'route_not_served' },
  },
  {
    name: 'build: the recorded USDC → SOL quote becomes forwardERC20 → Swift createOrderWithToken paying the recipient; mutations fail the check',
    routes: [],
    call: { kind: 'build', request: { request: usdcToSol, quote: usdcToSolQuote } },
    expect: { kind: 'plan', check: checkForward },
  },
  {
    name: 'quote: the same order answered as Swift V2 on the V2 source contract is priced (ERC-20 input)',
    routes: QUOTE_ROUTE('synthetic/quote-swift-v2-ethereum-usdc-to-solana-sol.json'),
    call: { kind: 'quote', request: usdcToSol },
    now: QUOTE_NOW,
    expect: {
      kind: 'row',
      amountOut: 785_976_637n,
      minAmountOut: 774_419_310n,
      check: (quote) => {
        if (quote.context.route !== 'SWIFT_V2' || quote.context.swiftContract !== MAYAN_SWIFT_V2) throw new Error('V2 order not stored');
      },
    },
  },
  {
    name: 'build: a Swift V2 quote becomes forwardERC20 → Swift V2 createOrderWithToken (default payload, none custom); mutations fail the check',
    routes: [],
    call: { kind: 'build', request: { request: usdcToSol, quote: usdcToSolQuoteV2 } },
    expect: { kind: 'plan', check: checkForwardV2 },
  },
  {
    name: 'status: COMPLETED (ORDER_SETTLED) → completed with the fulfill hash and toAmount64',
    routes: statusRoute('real/status-completed-swift-polygon-to-bsc.json'),
    call: { kind: 'status', request: statusRequest('polygon', 'bnb', token('bnb', null), '0xd854dc62d4602bc82e360e8825fd1f8f97635974d27278252b418a05a6a4b83d') },
    expect: { kind: 'status', state: 'completed', destinationTxHash: '0x51df554e8abf0d366dbb321fd9834dcd723cc21aa2d701a656d66342b80969fc', receivedAmount: 33_060_513_057_817_862n },
  },
  {
    name: 'status: Polygon USDT0 → Base OWB COMPLETED (a 2026 recording with protocolFeeUsd, referrerFeeUsd, meta) → completed with the Base fulfill hash and toAmount64',
    routes: statusRoute('real/status-completed-swift-polygon-to-base.json'),
    call: { kind: 'status', request: statusRequest('polygon', 'base', { chain: 'base', symbol: 'OWB', address: '0xef5997c2cf2f6c138196f8a6203afc335206b3c1', decimals: 18 }, '0xfb2464f06d38f39a274b2a5e3414dbed43ad405a06295aaeaded8865efc7d4f4') },
    expect: { kind: 'status', state: 'completed', destinationTxHash: '0xe6d6160fc4318fa6200492d8dc170e7729aa6473fecd19cf83b980f441d554e5', receivedAmount: 398_724_622_644_505_839_482n },
  },
  {
    name: 'status: BNB Chain BTCBR → Solana RADR COMPLETED → completed with the Solana fulfill signature and toAmount64',
    routes: statusRoute('real/status-completed-swift-bsc-to-solana.json'),
    call: { kind: 'status', request: statusRequest('bnb', 'solana', { chain: 'solana', symbol: 'RADR', address: 'CzFvsLdUazabdiu9TYXujj4EY495fG7VgJJ3vQs6bonk', decimals: 9 }, '0x9c92e6a40426160fe4f2387973212ae8dac5c79fcd1661402079bc6cc17f6cdd') },
    expect: {
      kind: 'status',
      state: 'completed',
      destinationTxHash: '3TgEkDqCrNcGPWD71cgzaGRr9Gax9LGBeoBnj5YMkHCQYPvxThXQqxoH93o7RGv7H541mP68UxFXvD5Z9HX62Yz',
      receivedAmount: 278_080_608_518_046n,
    },
  },
  {
    name: 'status: INPROGRESS (INITIATED_ON_EVM_MCTP) → pending, no amount yet',
    routes: statusRoute('real/status-inprogress-mctp-base-to-arbitrum.json'),
    call: { kind: 'status', request: statusRequest('base', 'arbitrum', token('arbitrum', 'USDC'), '0xf151c62aa530d86de11d5c2691b97fc67f0af52e474f9f2abae7fcf794f48594') },
    expect: { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null },
  },
  {
    name: 'status: REFUNDED (ORDER_REFUNDED) → refunded, the refund hash in the detail',
    routes: statusRoute('real/status-refunded-swift-ethereum-to-solana.json'),
    call: { kind: 'status', request: statusRequest('ethereum', 'solana', token('solana', null), '0xcb10f22a381a463e748e10013575a502b7b61489435bb8581b16eb9eed3bbc9a') },
    expect: {
      kind: 'status',
      state: 'refunded',
      destinationTxHash: null,
      receivedAmount: null,
      check: (status) => {
        if (!status.detail?.includes('0xfb70313c44c1ce1e476e83c11b6948fc2d970a2c6147a0d3e27afb0e25c250c1')) throw new Error('refund hash missing from detail');
      },
    },
  },
  {
    name: 'status: an unknown clientStatus → pending, unrecognized',
    routes: statusRoute('synthetic/status-unknown-client-status.json'),
    call: { kind: 'status', request: statusRequest('polygon', 'bnb', token('bnb', null), '0xd854dc62d4602bc82e360e8825fd1f8f97635974d27278252b418a05a6a4b83d') },
    expect: { kind: 'status', state: 'pending', unrecognized: true, receivedAmount: null },
  },
  {
    name: 'status: 404 (not indexed yet) → pending',
    routes: [],
    call: { kind: 'status', request: statusRequest('ethereum', 'solana', token('solana', null), '0x' + 'ab'.repeat(32)) },
    expect: { kind: 'status', state: 'pending', destinationTxHash: null },
  },
];

export const contract: VenueContract = { venue: 'mayan', cases };
