import { slice } from 'viem';
import { nativeToken, resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import type { ContractCase, VenueContract } from '../contract/ContractCase.ts';
import type { VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { whyNotRangoBridgeCall } from './rangoBridgeCalls.ts';

/**
 * Rango against its answers. Real (fixtures/real/SOURCES.json): the status answer of Rango's own
 * "Check Status" docs, and Basic API answers an integrator (concero/app.concero.io, on
 * rango-sdk-basic) recorded in 2023: two OK quotes, through Hyphen and through Stargate, and the
 * successive statuses of one Polygon -> Avalanche transfer. No real quote went through a bridge
 * Strait builds (Across, CCTP), and no real swap or error answer was found: the priced row, the
 * refusals, the swap and the other status values are synthetic, laid out after the docs' samples and
 * rango-types (fixtures/synthetic/SOURCES.json), the swap's calldata encoded with Rango's own
 * `acrossBridge` ABI.
 */

function token(chain: string, symbol: string): TokenInfo {
  const found = resolveToken(chain, symbol);
  if (!found) throw new Error(`no ${symbol} token on ${chain}`);
  return found;
}

function native(chain: string): TokenInfo {
  const found = nativeToken(chain);
  if (!found) throw new Error(`no native token on ${chain}`);
  return found;
}

const NOW = 1_729_163_645_000;
const CREDENTIALS = { API_KEY: 'c6381a79-2817-4602-83bf-6a641a409e32' };
const DIAMOND = '0x69460570c93f9DE5E2edbC3052bf10125f0Ca22d';
const SENDER = '0x1111111111111111111111111111111111111111';
const RECIPIENT = '0x2222222222222222222222222222222222222222';

/** 100 USDC Arbitrum → Optimism. */
const request: VenueQuoteRequest = {
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
const FROM = 'ARBITRUM--0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const TO = 'OPTIMISM--0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85';
const quoteContext = { requestId: '5c1f0a52-8f3b-4d4e-9a8e-0f2b7c6d1e33', from: FROM, to: TO, swapper: 'Across', outputAmount: '99650000', outputAmountMin: '98653500' };
const stored: VenueQuote = { amountIn: 100_000_000n, amountOut: 99_650_000n, minAmountOut: 98_653_500n, estimatedSeconds: 60, expiresAt: NOW + 60_000, context: quoteContext };

const quoteAt = (file: string, status = 200, headers?: Record<string, string>) => [{ method: 'GET' as const, path: '/basic/quote', answer: { file, status, ...(headers ? { headers } : {}) } }];
const quoteCase = (name: string, file: string, expect: ContractCase['expect'], amountIn = 100_000_000n, status = 200): ContractCase => ({
  name,
  routes: quoteAt(file, status),
  call: { kind: 'quote', request: { ...request, amountIn } },
  credentials: CREDENTIALS,
  now: NOW,
  expect,
});

/** What status reads: the quote's context with the build's merged over it. */
const statusRequest: VenueStatusRequest = {
  fromChain: 'arbitrum',
  toChain: 'optimism',
  toToken: token('optimism', 'USDC'),
  sourceTxHash: '0xfa88b705a5b4049adac7caff50c887d9600ef023ef1a937f8f8b6f44e90042b5',
  recipient: RECIPIENT,
  amountIn: 100_000_000n,
  expectedOut: 99_650_000n,
  context: { ...quoteContext, swapRequestId: 'b3a12c6d-86b8-4c21-97e4-809151dd4036', diamond: DIAMOND, txType: 'EVM' },
};

function statusCase(name: string, file: string, expect: ContractCase['expect']): ContractCase {
  return { name, routes: [{ method: 'GET', path: '/basic/status', answer: { file } }], call: { kind: 'status', request: statusRequest }, credentials: CREDENTIALS, expect };
}

/** The recorded quotes were asked for 1 native coin (their path's first step takes 1e18 less Rango's 0.05 %). */
const realQuote = (name: string, file: string, fromChain: string, toChain: string, expect: ContractCase['expect']): ContractCase => ({
  name,
  routes: quoteAt(file),
  call: { kind: 'quote', request: { ...request, fromChain, toChain, fromToken: native(fromChain), toToken: native(toChain), amountIn: 10n ** 18n } },
  credentials: CREDENTIALS,
  now: NOW,
  expect,
});

/** The successive real statuses of one Polygon MATIC -> Avalanche AVAX transfer (1 MATIC in). */
const realStatusRequest: VenueStatusRequest = {
  fromChain: 'polygon',
  toChain: 'avalanche',
  toToken: native('avalanche'),
  sourceTxHash: '0x8d6f646b39b09b576791bd3d9fe2c6ce9b417c02da69a9a2bef0050f59535e54',
  recipient: RECIPIENT,
  amountIn: 10n ** 18n,
  expectedOut: 55_970_758_466_191_393n,
  // The recording kept no request id; status reads only the one it is given.
  context: { requestId: '0e2285e8-0000-4000-8000-000000000000', from: 'POLYGON', to: 'AVAX_CCHAIN', swapper: 'unrecorded', outputAmount: '55970758466191393', outputAmountMin: '55970758466191393', swapRequestId: '0e2285e8-0000-4000-8000-000000000001', diamond: DIAMOND, txType: 'EVM' },
};

function realStatusCase(name: string, file: string, expect: ContractCase['expect']): ContractCase {
  return { name, routes: [{ method: 'GET', path: '/basic/status', answer: { file } }], call: { kind: 'status', request: realStatusRequest }, credentials: CREDENTIALS, expect };
}

const cases: ContractCase[] = [
  // Both real quotes pass the schema and the route checks (chains, native tokens, minimum <= estimate)
  // and are then not offered: Strait builds only calls it can decode (Across, CCTP).
  realQuote('real OK quote ETH -> MATIC through Hyphen Aggregator (gas as a Network Fee without meta) is read and not offered: no_liquidity naming the swapper', 'real/quote-ok-ethereum-polygon-hyphen-aggregator.json', 'ethereum', 'polygon', {
    kind: 'rejection',
    code: 'no_liquidity',
    details: { venueTool: 'Hyphen Aggregator' },
  }),
  realQuote('real OK quote MATIC -> ETH through Stargate, with Swapper Fees paid beside the amount (FROM_SOURCE_WALLET) and amountRestriction null, is not offered', 'real/quote-ok-polygon-arbitrum-stargate-swapper-fee.json', 'polygon', 'arbitrum', {
    kind: 'rejection',
    code: 'no_liquidity',
    details: { venueTool: 'Stargate Aggregator' },
  }),
  quoteCase('OK quote prices Rango\'s outputAmount (already net of its output fees) for 60 s', 'synthetic/quote-ok-arbitrum-optimism-usdc-across.json', {
    kind: 'row',
    amountOut: 99_650_000n,
    minAmountOut: 98_653_500n,
    estimatedSeconds: 60,
    expiresAt: NOW + 60_000,
    check: (quote) => {
      if (quote.context.requestId !== '5c1f0a52-8f3b-4d4e-9a8e-0f2b7c6d1e33' || quote.context.swapper !== 'Across') throw new Error(`context ${JSON.stringify(quote.context)}`);
    },
  }),
  quoteCase('a fee the recipient pays in the delivered token comes off the row; the swapper fee is already out', 'synthetic/quote-ok-destination-wallet-fee.json', { kind: 'row', amountOut: 99_600_000n, minAmountOut: 98_603_500n }),
  quoteCase('a bridge fee paid beside the amount (FROM_SOURCE_WALLET, not gas) is not offered', 'synthetic/quote-ok-native-bridge-fee.json', { kind: 'rejection', code: 'no_liquidity', details: { venueTool: 'Across' } }),
  quoteCase('INPUT_LIMIT_ISSUE under the restriction is below_min with Rango\'s minimum', 'synthetic/quote-input-limit-issue.json', { kind: 'rejection', code: 'below_min', details: { venueCode: 'INPUT_LIMIT_ISSUE', minAmountAtomic: '2000000' } }, 1_000_000n),
  quoteCase('INPUT_LIMIT_ISSUE over the restriction is above_max with Rango\'s maximum', 'synthetic/quote-input-limit-issue.json', { kind: 'rejection', code: 'above_max', details: { venueCode: 'INPUT_LIMIT_ISSUE', maxAmountAtomic: '1000000000000' } }, 2_000_000_000_000n),
  quoteCase('"input amount might be too low" without a restriction (code 1202) is below_min', 'synthetic/quote-too-low-no-restriction.json', { kind: 'rejection', code: 'below_min', details: { venueCode: 'NO_ROUTE', errorCode: 1202 } }),
  quoteCase('NO_ROUTE is no_liquidity', 'synthetic/quote-no-route.json', { kind: 'rejection', code: 'no_liquidity', details: { venueCode: 'NO_ROUTE' } }),
  quoteCase('HIGH_IMPACT (code 1301) is not offered', 'synthetic/quote-high-impact.json', { kind: 'rejection', code: 'no_liquidity', details: { venueCode: 'HIGH_IMPACT', errorCode: 1301 } }),
  quoteCase('a route for another token than asked is venue_bad_response', 'synthetic/quote-other-tokens.json', { kind: 'rejection', code: 'venue_bad_response' }),
  quoteCase('HTTP 400 with code 1205 (token not found) is token_not_supported', 'synthetic/error-1205-token-not-found.json', { kind: 'rejection', code: 'token_not_supported', details: { venueCode: '1205' } }, 100_000_000n, 400),
  {
    name: 'HTTP 429 is venue_rate_limited',
    routes: quoteAt('synthetic/error-429-rate-limited.json', 429, { 'retry-after': '2' }),
    call: { kind: 'quote', request },
    credentials: CREDENTIALS,
    expect: { kind: 'rejection', code: 'venue_rate_limited' },
  },
  {
    name: "swap answer builds one call to the pinned diamond, an exact approval to it, and calldata paying the recipient on Optimism",
    routes: [{ method: 'GET', path: '/basic/swap', answer: { file: 'synthetic/swap-evm-across-bridge.json' } }],
    call: { kind: 'build', request: { request, quote: stored } },
    credentials: CREDENTIALS,
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        if (plan.shape !== 'steps' || plan.steps.length !== 1) throw new Error('expected one step');
        const step = plan.steps[0]!;
        if (step.vm !== 'evm' || step.to !== DIAMOND || step.chainId !== 42161 || step.value !== 0n) throw new Error(`step ${JSON.stringify({ ...step, value: String(step.vm === 'evm' ? step.value : '') })}`);
        if (slice(step.data, 0, 4) !== '0x401c2eb0') throw new Error(`selector ${slice(step.data, 0, 4)}`);
        if (!plan.approval || plan.approval.spender !== DIAMOND || plan.approval.amount !== 100_000_000n) throw new Error(`approval ${String(plan.approval?.spender)}`);
        const why = whyNotRangoBridgeCall(step.data, step.value, { sourceChainId: 42161, sourceToken: request.fromToken.address, amount: 100_000_000n, recipient: RECIPIENT, destinationChainId: 10 });
        if (why !== null) throw new Error(why);
        if (plan.context.swapRequestId !== '8a2d6e7f-1b3c-4d5e-8f90-a1b2c3d4e5f6') throw new Error(`swapRequestId ${String(plan.context.swapRequestId)}`);
      },
    },
  },
  {
    name: 'a Solana transaction answered for an EVM source is refused',
    routes: [{ method: 'GET', path: '/basic/swap', answer: { file: 'synthetic/swap-solana-tx-for-evm-source.json' } }],
    call: { kind: 'build', request: { request, quote: stored } },
    credentials: CREDENTIALS,
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  statusCase('docs status success / DESIRED_OUTPUT is completed with the amount and token Rango names', 'real/status-success-desired-output-polygon.json', {
    kind: 'status',
    state: 'completed',
    destinationTxHash: null,
    receivedAmount: 99_668n,
    check: (status) => {
      if (status.receivedAsset !== '0xc2132d05d31c914a87c6611c10748aeb04b58e8f') throw new Error(`receivedAsset ${status.receivedAsset}`);
    },
  }),
  realStatusCase('real running with native tokens (srcToken/destToken null) stays pending', 'real/status-running-polygon-avalanche.json', { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null, unrecognized: false }),
  realStatusCase('real running that already names the destination tx stays pending until Rango says success', 'real/status-running-dest-tx-polygon-avalanche.json', { kind: 'status', state: 'pending', unrecognized: false }),
  realStatusCase('real success / DESIRED_OUTPUT of native AVAX is completed with the destination tx, the amount and no token address', 'real/status-success-native-avax.json', {
    kind: 'status',
    state: 'completed',
    destinationTxHash: '0x7762ff99d1ff82cfba096cddbd39442e9a4d9aaaf575f1a5b7b96f2f805aae79',
    receivedAmount: 55_970_758_466_191_393n,
    check: (status) => {
      if (status.receivedAsset !== null) throw new Error(`receivedAsset ${String(status.receivedAsset)}`);
    },
  }),
  statusCase('running stays pending', 'synthetic/status-running.json', { kind: 'status', state: 'pending', destinationTxHash: null, unrecognized: false }),
  statusCase('a null status stays pending', 'synthetic/status-null.json', { kind: 'status', state: 'pending', unrecognized: false }),
  statusCase('failed without an output is failed', 'synthetic/status-failed.json', { kind: 'status', state: 'failed' }),
  statusCase('success / MIDDLE_ASSET_IN_DEST delivered the bridged token instead: partial, with that token', 'synthetic/status-success-middle-asset-in-dest.json', {
    kind: 'status',
    state: 'partial',
    destinationTxHash: '0xbbb0000000000000000000000000000000000000000000000000000000000002',
    receivedAmount: 99_500n,
    check: (status) => {
      if (status.receivedAsset !== '0x7f5c764cbc14f9669b88837ca1490cca17c31607') throw new Error(`receivedAsset ${status.receivedAsset}`);
    },
  }),
  statusCase('success / MIDDLE_ASSET_IN_SRC left an intermediate token on the source chain: partial, no destination hash', 'synthetic/status-success-middle-asset-in-src.json', { kind: 'status', state: 'partial', destinationTxHash: null, receivedAmount: 100_000n }),
  statusCase('failed / REVERTED_TO_INPUT gave the input back: refunded', 'synthetic/status-failed-reverted-to-input.json', { kind: 'status', state: 'refunded', destinationTxHash: null, receivedAmount: null }),
  statusCase('failed / MIDDLE_ASSET_IN_DEST still delivered the bridged token: partial', 'synthetic/status-failed-middle-asset-in-dest.json', { kind: 'status', state: 'partial', receivedAmount: 99_500n }),
  statusCase('an unknown status value is pending and unrecognized', 'synthetic/status-unknown-value.json', { kind: 'status', state: 'pending', unrecognized: true }),
  statusCase('an unknown output type is pending and unrecognized', 'synthetic/status-success-unknown-output-type.json', { kind: 'status', state: 'pending', unrecognized: true }),
];

export const contract: VenueContract = { venue: 'rango', cases };
