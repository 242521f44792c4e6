import type { ContractCase, VenueContract } from '../contract/ContractCase.ts';
import { onlyEvmStep } from '../contract/onlyEvmStep.ts';
import { servedAt } from '../contract/servedAt.ts';
import { knownToken as token } from '../fake/testVenueDeps.ts';
import type { VenueBuildPlan, VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { whyNotSquidRouterCall } from './squidRouterCalls.ts';

/**
 * Squid against its answers (fixtures/real/SOURCES.json): Brave's recorded route (0.01 ETH Arbitrum →
 * BNB, its calldata blanked by Brave), Brave's recorded error bodies, dYdX's recorded per-field
 * error, and the status example of Squid's docs. No recorded EVM→EVM route with intact router
 * calldata, no amount-limit error and no status other than success was found: those are synthetic
 * variants (fixtures/synthetic/SOURCES.json), the calldata encoded with the router's ABI in the
 * layout of the real call in fixtures/real/calldata-*.hex (checked in squidRouterCalls.test.ts).
 */

const NOW = 1_729_163_645_000;
const SENDER = '0x1111111111111111111111111111111111111111';
const RECIPIENT = '0x2222222222222222222222222222222222222222';
const ROUTER = '0xce16F69375520ab01377ce7B88f5BA8C48F8D666';
const CREDENTIALS = { INTEGRATOR_ID: 'strait-contract' };

/** Brave's route bridges 10^16 wei and asks 350 795 927 518 483 wei of Axelar gas beside it. */
const BRAVE_GAS = 350_795_927_518_483n;
const braveRequest: VenueQuoteRequest = {
  fromChain: 'arbitrum',
  toChain: 'bnb',
  fromToken: token('arbitrum', null),
  toToken: token('bnb', null),
  amountIn: 10n ** 16n + BRAVE_GAS,
  sender: SENDER,
  recipient: RECIPIENT,
  userIp: null,
  integratorFee: null,
};
const braveQuote: VenueQuote = {
  amountIn: 10n ** 16n + BRAVE_GAS,
  amountOut: 49_836_297_930_093_733n,
  minAmountOut: 49_686_789_036_303_451n,
  estimatedSeconds: 20,
  expiresAt: NOW + 60_000,
  context: { fromChainId: 42161, toChainId: 56, fromToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', toToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', toAmount: '49836297930093733', toAmountMin: '49686789036303451', sendAmount: '10000000000000000', requestId: 'c8f8eb102224d0de969ce595612ef1ab', routeType: 'CALL_BRIDGE_CALL' },
};

const usdcRequest: VenueQuoteRequest = {
  fromChain: 'arbitrum',
  toChain: 'base',
  fromToken: token('arbitrum', 'USDC'),
  toToken: token('base', 'USDC'),
  amountIn: 100_000_000n,
  sender: SENDER,
  recipient: RECIPIENT,
  userIp: null,
  integratorFee: null,
};
const usdcQuote: VenueQuote = {
  amountIn: 100_000_000n,
  amountOut: 99_850_000n,
  minAmountOut: 98_851_500n,
  estimatedSeconds: 20,
  expiresAt: NOW + 60_000,
  context: { fromChainId: 42161, toChainId: 8453, fromToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', toToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', toAmount: '99850000', toAmountMin: '98851500', quoteId: 'b7e6c3a2f1d04e5f9a8b7c6d5e4f3a2b' },
};

const ETH_GAS = 350_795_927_518_483n;
const ethRequest: VenueQuoteRequest = { ...usdcRequest, fromToken: token('arbitrum', null), toToken: token('base', null), amountIn: 10n ** 16n + ETH_GAS };
const ethQuote: VenueQuote = {
  amountIn: 10n ** 16n + ETH_GAS,
  amountOut: 9_960_000_000_000_000n,
  minAmountOut: 9_860_400_000_000_000n,
  estimatedSeconds: 20,
  expiresAt: NOW + 60_000,
  context: { fromChainId: 42161, toChainId: 8453, fromToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', toToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', toAmount: '9960000000000000', toAmountMin: '9860400000000000', sendAmount: '10000000000000000' },
};

const routeAt = servedAt('POST', '/v2/route');
const statusAt = servedAt('GET', '/v2/status');

/** The docs' status answer: Arbitrum → Base; the context is what quote and build stored. */
const statusRequest: VenueStatusRequest = {
  fromChain: 'arbitrum',
  toChain: 'base',
  toToken: token('base', 'USDC'),
  sourceTxHash: '0x7591aa38d646ac26b57f7235836cb7e7b63a32534bdd2e5dcecf06136744a94d',
  recipient: RECIPIENT,
  amountIn: 100_000_000n,
  expectedOut: 99_850_000n,
  context: { ...usdcQuote.context, router: ROUTER },
};

function statusCase(name: string, file: string, expect: ContractCase['expect'], status = 200): ContractCase {
  return { name, routes: statusAt(file, status), call: { kind: 'status', request: statusRequest }, credentials: CREDENTIALS, expect };
}

function quoteCase(name: string, file: string, expect: ContractCase['expect'], request: VenueQuoteRequest = usdcRequest, status = 200, headers?: Record<string, string>): ContractCase {
  return { name, routes: routeAt(file, status, headers), call: { kind: 'quote', request }, credentials: CREDENTIALS, now: NOW, expect };
}

const stepOf = (plan: VenueBuildPlan) => onlyEvmStep(plan, { to: ROUTER, chainId: 42161 });

const cases: ContractCase[] = [
  quoteCase("Brave's route (ETH Arbitrum → BNB, gas as native value) prices the output of amountIn less Squid's gas", 'real/quote-arbitrum-eth-to-bnb-callbridgecall.json', { kind: 'row', amountOut: 49_836_297_930_093_733n, minAmountOut: 49_686_789_036_303_451n, estimatedSeconds: 20, expiresAt: NOW + 60_000, check: (quote) => {
    if (quote.context.sendAmount !== '10000000000000000') throw new Error(`sendAmount ${String(quote.context.sendAmount)}`);
  } }, braveRequest),
  {
    name: "Brave's route built: its calldata (blanked by Brave) and value are not the call it quoted, so nothing is built",
    routes: routeAt('real/quote-arbitrum-eth-to-bnb-callbridgecall.json'),
    call: { kind: 'build', request: { request: braveRequest, quote: braveQuote } },
    credentials: CREDENTIALS,
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  quoteCase('USDC Arbitrum → Base through callBridgeCall prices the net toAmount', 'synthetic/quote-usdc-arbitrum-base-callbridgecall.json', { kind: 'row', amountOut: 99_850_000n, minAmountOut: 98_851_500n, estimatedSeconds: 20 }),
  {
    name: 'USDC build: one router call paying the recipient on Base, approval of exactly the amount to the router',
    routes: routeAt('synthetic/quote-usdc-arbitrum-base-callbridgecall.json'),
    call: { kind: 'build', request: { request: usdcRequest, quote: usdcQuote } },
    credentials: CREDENTIALS,
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        const { step, approval } = stepOf(plan);
        if (step.value !== 0n) throw new Error(`value ${step.value}`);
        const why = whyNotSquidRouterCall(step.data, step.value, { sourceChainId: 42161, sourceToken: usdcRequest.fromToken.address, amount: 100_000_000n, recipient: RECIPIENT, destinationChainId: 8453 });
        if (why !== null) throw new Error(why);
        if (approval?.spender !== ROUTER || approval.amount !== 100_000_000n) throw new Error('approval must be exactly the amount, to the router');
      },
    },
  },
  {
    name: 'USDC answer built for another recipient is refused (the calldata pays 0x2222…, the transfer asked 0x3333…)',
    routes: routeAt('synthetic/quote-usdc-arbitrum-base-callbridgecall.json'),
    call: { kind: 'build', request: { request: { ...usdcRequest, recipient: '0x3333333333333333333333333333333333333333' }, quote: usdcQuote } },
    credentials: CREDENTIALS,
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  quoteCase('ETH → ETH with native gas: amountIn covers the bridged amount plus the gas', 'synthetic/quote-eth-arbitrum-base-native-gas.json', { kind: 'row', amountOut: 9_960_000_000_000_000n, minAmountOut: 9_860_400_000_000_000n }, ethRequest),
  {
    name: 'ETH build: value is the bridged amount plus the quoted gas, no approval',
    routes: routeAt('synthetic/quote-eth-arbitrum-base-native-gas.json'),
    call: { kind: 'build', request: { request: ethRequest, quote: ethQuote } },
    credentials: CREDENTIALS,
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        const { step, approval } = stepOf(plan);
        if (step.value !== 10n ** 16n + ETH_GAS) throw new Error(`value ${step.value}`);
        if (approval !== null) throw new Error('no approval for a native input');
      },
    },
  },
  // Axelar's gas rides beside an ERC-20 input as the build's declared native fee (docs/steps.md#native-fees).
  quoteCase('an ERC-20 route needing native gas beside it is priced (the gas becomes the build\'s native fee)', 'synthetic/quote-usdc-arbitrum-base-native-gas.json', { kind: 'row', amountOut: 99_850_000n, minAmountOut: 98_851_500n }),
  quoteCase('an RFQ (Coral) route is not offered: Strait cannot verify it', 'synthetic/quote-usdc-arbitrum-base-rfq.json', { kind: 'rejection', code: 'no_liquidity', details: { venueRouteType: 'RFQ' } }),
  quoteCase('SCHEMA_VALIDATION_ERROR is invalid_input', 'real/error-400-schema-validation.json', { kind: 'rejection', code: 'invalid_input', details: { venueCode: 'SCHEMA_VALIDATION_ERROR' } }, usdcRequest, 400),
  quoteCase('INVALID_REQUEST_ERROR (a missing parameter) is invalid_input', 'real/error-400-invalid-request.json', { kind: 'rejection', code: 'invalid_input', details: { venueCode: 'INVALID_REQUEST_ERROR' } }, usdcRequest, 400),
  quoteCase('"Unable to fetch token data" is no_liquidity', 'real/error-400-unable-to-fetch-token-data.json', { kind: 'rejection', code: 'no_liquidity', details: { venueCode: 'BAD_REQUEST_ERROR' } }, usdcRequest, 400),
  quoteCase('a token the older API calls not supported is token_not_supported', 'real/error-v1-unsupported-chain-and-token.json', { kind: 'rejection', code: 'token_not_supported', details: { venueCode: 'InputValidationError' } }, usdcRequest, 400),
  quoteCase('an amount below the minimum is below_min with the figure', 'synthetic/error-400-amount-too-low.json', { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '1000000' } }, usdcRequest, 400),
  quoteCase('an amount above the maximum is above_max with the figure', 'synthetic/error-400-amount-too-high.json', { kind: 'rejection', code: 'above_max', details: { maxAmountAtomic: '5000000000000' } }, usdcRequest, 400),
  quoteCase('PATH_FINDER_ERROR is no_liquidity', 'synthetic/error-400-path-finder.json', { kind: 'rejection', code: 'no_liquidity', details: { venueCode: 'PATH_FINDER_ERROR' } }, usdcRequest, 400),
  quoteCase('HTTP 429 (RATE_LIMIT) is venue_rate_limited', 'synthetic/error-429-rate-limit.json', { kind: 'rejection', code: 'venue_rate_limited' }, usdcRequest, 429, { 'retry-after': '2' }),
  statusCase('docs status success fills the destination hash and the requested asset', 'real/status-success-arbitrum-base-docs.json', {
    kind: 'status',
    state: 'completed',
    destinationTxHash: '0x4579e4df67994f4b1790d51c1586cbe79048dafd9c69467de1ecc887b4a25186',
    check: (status) => {
      if (status.receivedAsset !== '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913') throw new Error(`receivedAsset ${status.receivedAsset}`);
    },
  }),
  statusCase("Gem Wallet's recorded success without toChain or routeStatus: completed, with no destination hash to read the delivery from", 'real/status-success-no-destination-hash-gem.json', { kind: 'status', state: 'completed', destinationTxHash: null, receivedAmount: null }),
  statusCase('ongoing stays pending', 'synthetic/status-ongoing.json', { kind: 'status', state: 'pending', destinationTxHash: null, unrecognized: false }),
  statusCase('needs_gas stays pending', 'synthetic/status-needs-gas.json', { kind: 'status', state: 'pending', destinationTxHash: null }),
  statusCase('not_found stays pending', 'synthetic/status-not-found.json', { kind: 'status', state: 'pending', unrecognized: false }),
  statusCase('partial_success: the bridged token instead of the requested one, hash from the destination leg', 'synthetic/status-partial-success.json', {
    kind: 'status',
    state: 'partial',
    destinationTxHash: '0x4579e4df67994f4b1790d51c1586cbe79048dafd9c69467de1ecc887b4a25186',
    check: (status) => {
      if (status.receivedAsset !== null) throw new Error('a partial success delivers a token Squid does not name');
    },
  }),
  statusCase('failed_on_destination is failed', 'synthetic/status-failed-on-destination.json', { kind: 'status', state: 'failed', destinationTxHash: null }),
  statusCase('refunded is refunded', 'synthetic/status-refunded.json', { kind: 'status', state: 'refunded', destinationTxHash: null }),
  statusCase("refund (the docs' spelling) is refunded", 'synthetic/status-refund.json', { kind: 'status', state: 'refunded' }),
  statusCase('an unknown status value is pending and unrecognized', 'synthetic/status-unknown-value.json', { kind: 'status', state: 'pending', unrecognized: true }),
  statusCase('a 404 (not indexed yet) stays pending', 'synthetic/status-not-found.json', { kind: 'status', state: 'pending', destinationTxHash: null }, 404),
];

export const contract: VenueContract = { venue: 'squid', cases };
