import type { Hex } from 'viem';
import type { TokenInfo } from '../../domain/tokens.ts';
import type { ContractCase, VenueContract } from '../contract/ContractCase.ts';
import { servedAt } from '../contract/servedAt.ts';
import { knownToken as token } from '../fake/testVenueDeps.ts';
import type { StepsPlan, VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { whyNotXyBridgeCall } from './xyfinanceBridgeCalls.ts';

/**
 * XY Finance against its answers (fixtures/real/SOURCES.json): the quote and cross-chain status
 * examples of XY's own API docs. No recorded buildTx calldata, error body or Refunded answer of the
 * aggregator API was found: those are synthetic variants (fixtures/synthetic/SOURCES.json), the
 * calldata encoded with the YBridge `swapWithReferrer` ABI.
 */

const NOW = 1_735_689_600_000;

/** The docs' route: 999 USDC.e Arbitrum → ETH Linea over yBridge, for the receiver of XY's buildTx example. */
const USDCE: TokenInfo = { chain: 'arbitrum', symbol: 'USDC', address: '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8', decimals: 6 };
const LINEA_ETH = token('linea', null);
const RECEIVER = '0x9cEEEbdF49cF5DEa891C9D74f8ea03af2aCf284F';
const Y_BRIDGE_ARBITRUM = '0x33383265290421C704c6b09F4BF27ce574DC4203';

const docsRequest: VenueQuoteRequest = {
  fromChain: 'arbitrum',
  toChain: 'linea',
  fromToken: USDCE,
  toToken: LINEA_ETH,
  amountIn: 999_000_000n,
  sender: RECEIVER,
  recipient: RECEIVER,
  userIp: null,
  integratorFee: null,
};

const docsQuote: VenueQuote = {
  amountIn: 999_000_000n,
  amountOut: 390_000_000_000_000_000n,
  minAmountOut: 386_100_000_000_000_000n,
  estimatedSeconds: 180,
  expiresAt: NOW + 60_000,
  context: {
    srcChainId: 42161,
    dstChainId: 59144,
    srcToken: USDCE.address!,
    dstToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
    bridgeProvider: 'yBridge',
    srcBridgeTokenAddress: USDCE.address!,
    dstBridgeTokenAddress: '0x176211869cA2b568f2A7D4EE941E073a821EE1ff',
    dstSwapProvider: 'OpenOcean V3 DexAggregator',
    dstQuoteTokenAmount: '390000000000000000',
    minReceiveAmount: '386100000000000000',
  },
};

/** A request the error answers refuse: 1 USDC Arbitrum → USDC Base. */
const ARB_USDC = token('arbitrum', 'USDC');
const smallRequest: VenueQuoteRequest = { ...docsRequest, toChain: 'base', fromToken: ARB_USDC, toToken: token('base', 'USDC'), amountIn: 1_000_000n };

const quoteAt = servedAt('GET', '/quote');
const buildAt = servedAt('GET', '/buildTx');
const statusAt = servedAt('GET', '/crossChainStatus');

const statusRequest: VenueStatusRequest = {
  fromChain: 'arbitrum',
  toChain: 'linea',
  toToken: LINEA_ETH,
  sourceTxHash: `0x${'a1'.repeat(32)}`,
  recipient: RECEIVER,
  amountIn: 999_000_000n,
  expectedOut: 390_000_000_000_000_000n,
  context: { ...docsQuote.context, yBridge: Y_BRIDGE_ARBITRUM },
};

function statusCase(name: string, file: string, expect: ContractCase['expect']): ContractCase {
  return { name, routes: statusAt(file), call: { kind: 'status', request: statusRequest }, expect };
}

const cases: ContractCase[] = [
  {
    name: "docs quote (USDC.e Arbitrum → ETH Linea over yBridge) prices XY's net dstQuoteTokenAmount and its minimum",
    routes: quoteAt('real/quote-arbitrum-usdce-linea-eth-ybridge.json'),
    call: { kind: 'quote', request: docsRequest },
    now: NOW,
    expect: {
      kind: 'row',
      amountOut: 390_000_000_000_000_000n,
      minAmountOut: 386_100_000_000_000_000n,
      estimatedSeconds: 180,
      expiresAt: NOW + 60_000,
      check: (quote) => {
        if (quote.context.dstSwapProvider !== 'OpenOcean V3 DexAggregator' || quote.context.bridgeProvider !== 'yBridge') throw new Error(`providers ${JSON.stringify(quote.context)}`);
      },
    },
  },
  {
    name: 'the docs route asked for more than XY priced is another transfer, never a row',
    routes: quoteAt('real/quote-arbitrum-usdce-linea-eth-ybridge.json'),
    call: { kind: 'quote', request: { ...docsRequest, amountIn: 1_000_000_000n } },
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: 'routes only through the XY Router (another bridge) are not offered',
    routes: quoteAt('synthetic/quote-xyrouter-only.json'),
    call: { kind: 'quote', request: docsRequest },
    expect: { kind: 'rejection', code: 'no_liquidity' },
  },
  {
    name: 'an empty route list is no liquidity',
    routes: quoteAt('synthetic/quote-no-routes.json'),
    call: { kind: 'quote', request: docsRequest },
    expect: { kind: 'rejection', code: 'no_liquidity' },
  },
  {
    name: "XY's minimum wording in the source token becomes below_min with the minimum in atomic units",
    routes: quoteAt('synthetic/error-below-minimum.json'),
    call: { kind: 'quote', request: smallRequest },
    expect: { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '5000000', venueCode: '20004' } },
  },
  {
    name: 'a maximum in the source token becomes above_max with the maximum',
    routes: quoteAt('synthetic/error-above-maximum.json'),
    call: { kind: 'quote', request: smallRequest },
    expect: { kind: 'rejection', code: 'above_max', details: { maxAmountAtomic: '50000000000' } },
  },
  {
    name: 'no route available is no_liquidity',
    routes: quoteAt('synthetic/error-no-route.json'),
    call: { kind: 'quote', request: smallRequest },
    expect: { kind: 'rejection', code: 'no_liquidity', details: { venueCode: '20001' } },
  },
  {
    name: 'an unsupported token is token_not_supported',
    routes: quoteAt('synthetic/error-token-not-supported.json'),
    call: { kind: 'quote', request: smallRequest },
    expect: { kind: 'rejection', code: 'token_not_supported' },
  },
  {
    name: 'a 429 is venue_rate_limited',
    routes: quoteAt('synthetic/error-no-route.json', 429, { 'retry-after': '2' }),
    call: { kind: 'quote', request: smallRequest },
    expect: { kind: 'rejection', code: 'venue_rate_limited' },
  },
  {
    name: 'the docs route built: one checked swapWithReferrer call to the Arbitrum YBridge and an exact USDC.e approval of it',
    routes: buildAt('synthetic/build-arbitrum-usdce-linea-eth-ybridge.json'),
    call: { kind: 'build', request: { request: docsRequest, quote: docsQuote } },
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        const steps = plan as StepsPlan;
        const main = steps.steps[0];
        if (steps.steps.length !== 1 || main?.vm !== 'evm' || main.to !== Y_BRIDGE_ARBITRUM || main.value !== 0n) throw new Error(`steps ${JSON.stringify(steps.steps, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
        const why = whyNotXyBridgeCall(main.data as Hex, 0n, { sourceChainId: 42161, sourceToken: USDCE.address, amount: 999_000_000n, recipient: RECEIVER, destinationChainId: 59144 });
        if (why !== null) throw new Error(why);
        if (steps.approval?.spender !== Y_BRIDGE_ARBITRUM || steps.approval.amount !== 999_000_000n) throw new Error(`approval ${String(steps.approval?.spender)}`);
        if (steps.amountOut !== 390_000_000_000_000_000n || steps.minAmountOut !== 386_100_000_000_000_000n) throw new Error(`amounts ${steps.amountOut} ${steps.minAmountOut}`);
      },
    },
  },
  {
    name: 'the same build for another recipient is refused: its calldata pays the docs receiver',
    routes: buildAt('synthetic/build-arbitrum-usdce-linea-eth-ybridge.json'),
    call: { kind: 'build', request: { request: { ...docsRequest, recipient: '0x2222222222222222222222222222222222222222' }, quote: docsQuote } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  statusCase('docs Done (placeholder tx) is completed, the asset the one asked for, no hash', 'real/status-done.json', {
    kind: 'status',
    state: 'completed',
    destinationTxHash: null,
    receivedAmount: null,
    check: (status) => {
      if (status.receivedAsset !== null) throw new Error(`receivedAsset ${status.receivedAsset}`);
    },
  }),
  statusCase('Done with a hash fills the destination hash', 'synthetic/status-done-hash.json', { kind: 'status', state: 'completed', destinationTxHash: `0x${'b2'.repeat(32)}` }),
  statusCase('docs Processing stays pending', 'real/status-processing.json', { kind: 'status', state: 'pending', destinationTxHash: null, unrecognized: false }),
  statusCase('docs Not found (success false) stays pending', 'real/status-not-found.json', { kind: 'status', state: 'pending', unrecognized: false }),
  statusCase('docs Pending refund stays pending', 'real/status-pending-refund.json', { kind: 'status', state: 'pending', unrecognized: false }),
  statusCase('docs Receive bridge token is partial, the asset the route’s destination bridge token', 'real/status-receive-bridge-token.json', {
    kind: 'status',
    state: 'partial',
    check: (status) => {
      if (status.receivedAsset !== '0x176211869cA2b568f2A7D4EE941E073a821EE1ff') throw new Error(`receivedAsset ${status.receivedAsset}`);
    },
  }),
  statusCase('docs Receive synapse bridge token is partial', 'real/status-receive-synapse-token.json', { kind: 'status', state: 'partial', unrecognized: false }),
  statusCase('Receive bridge token USDC with a hash is partial with the destination hash', 'synthetic/status-receive-bridge-token-usdc.json', { kind: 'status', state: 'partial', destinationTxHash: `0x${'c3'.repeat(32)}` }),
  statusCase('Refunded is refunded, its source refund hash never a destination hash', 'synthetic/status-refunded.json', { kind: 'status', state: 'refunded', destinationTxHash: null, receivedAmount: null }),
  statusCase('an unknown status value is pending and unrecognized', 'synthetic/status-unknown-value.json', { kind: 'status', state: 'pending', unrecognized: true }),
];

export const contract: VenueContract = { venue: 'xyfinance', cases };
