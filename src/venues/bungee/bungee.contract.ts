import type { ContractCase, VenueContract } from '../contract/ContractCase.ts';
import { onlyEvmStep } from '../contract/onlyEvmStep.ts';
import { servedAt } from '../contract/servedAt.ts';
import { knownToken as token } from '../fake/testVenueDeps.ts';
import type { VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { readBungeeGatewayCall, whyNotBungeeGatewayCall } from './bungeeGatewayCalls.ts';

/**
 * Bungee against its answers (fixtures/real/SOURCES.json): an integrator's recorded quote (Bungee
 * Auto only) and status answer, Bungee's API-reference PENDING status example, and two recorded
 * SocketGateway calldatas of Manual routes. No recorded Manual-route quote, build-tx answer, error
 * body or status other than FULFILLED and PENDING was found:
 * those are synthetic variants (fixtures/synthetic/SOURCES.json), the build-tx carrying the recorded
 * CCTP v2 calldata byte for byte.
 */

/** The recorded quote's moment (its Permit2 nonce is the quote time, its quoteExpiry a minute later). */
const NOW = 1_774_896_693_000;
const GATEWAY = '0x3a23F943181408EAC424116Af7b7790c94Cb97a5';

/** The recorded quote: 1.5 USDT0 → USDC on Polygon, for Kalatori's test wallets. */
const autoOnlyRequest: VenueQuoteRequest = {
  fromChain: 'polygon',
  toChain: 'polygon',
  fromToken: { chain: 'polygon', symbol: 'USDT0', address: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', decimals: 6 },
  toToken: { chain: 'polygon', symbol: 'USDC', address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', decimals: 6 },
  amountIn: 1_500_000n,
  sender: '0xA4d353BBc130cbeF1811f27ac70989F9d568CeAB',
  recipient: '0x0E3Ca7fD040144900AdaA5f9B8917f3933A4F5e9',
  userIp: null,
  integratorFee: null,
};

/** The recorded CCTP v2 calldata's transfer: 100 USDC Base → Ethereum for 0x664B…11d6. */
const USER = '0x664B591AB924c6bb2caCA533Ed702386934A11d6';
const cctpRequest: VenueQuoteRequest = {
  fromChain: 'base',
  toChain: 'ethereum',
  fromToken: token('base', 'USDC'),
  toToken: token('ethereum', 'USDC'),
  amountIn: 100_000_000n,
  sender: USER,
  recipient: USER,
  userIp: null,
  integratorFee: null,
};
const cctpContext = {
  fromChainId: 8453,
  toChainId: 1,
  fromToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  toToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  quoteId: 'fd868dfdece0f3b1',
  quoteExpiry: 1_774_896_753,
  routeName: 'Circle CCTP V2',
  amountOut: '98000000',
  minAmountOut: '98000000',
};
const cctpQuote: VenueQuote = { amountIn: 100_000_000n, amountOut: 98_000_000n, minAmountOut: 98_000_000n, estimatedSeconds: 30, expiresAt: 1_774_896_753_000, context: cctpContext };

const quoteAt = servedAt('GET', '/api/v1/bungee/quote');
const statusAt = servedAt('GET', '/api/v1/bungee/status');
const buildRoutes = [...quoteAt('synthetic/quote-manual-cctpv2-base-ethereum.json'), ...servedAt('GET', '/api/v1/bungee/build-tx')('synthetic/build-tx-cctpv2-base-ethereum.json')];

/** The recorded status answer: request 0x1f4b…a3e2, Polygon USDT0 → USDC; context as quote and build stored it. */
const statusRequest: VenueStatusRequest = {
  fromChain: 'polygon',
  toChain: 'optimism',
  toToken: { chain: 'polygon', symbol: 'USDC', address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', decimals: 6 },
  sourceTxHash: '0x1f4b45dbb7adba26d723ff1e19af9bcbbb047e29e34fa8e39c1c4d92abbfe3a2',
  recipient: '0x0E3Ca7fD040144900AdaA5f9B8917f3933A4F5e9',
  amountIn: 1_500_000n,
  expectedOut: 1_502_116n,
  context: { fromChainId: 137, toChainId: 10, fromToken: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', toToken: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', quoteId: '68b79aeab92d6307', amountOut: '1502116', minAmountOut: '1487902', gateway: GATEWAY, routeId: 422 },
};

function statusCase(name: string, file: string, expect: ContractCase['expect'], status = 200): ContractCase {
  return { name, routes: statusAt(file, status), call: { kind: 'status', request: statusRequest }, expect };
}

const cases: ContractCase[] = [
  {
    name: 'recorded quote offering only a Bungee Auto route (Permit2 signature) is refused with that reason',
    routes: quoteAt('real/quote-auto-only-polygon-usdt0-usdc.json'),
    call: { kind: 'quote', request: autoOnlyRequest },
    now: NOW,
    expect: { kind: 'rejection', code: 'no_liquidity', details: { autoRoute: true } },
  },
  {
    name: "Manual CCTP v2 route prices Bungee's net output, its minimum, time and expiry",
    routes: quoteAt('synthetic/quote-manual-cctpv2-base-ethereum.json'),
    call: { kind: 'quote', request: cctpRequest },
    now: NOW,
    expect: { kind: 'row', amountOut: 98_000_000n, minAmountOut: 98_000_000n, estimatedSeconds: 30, expiresAt: 1_774_896_753_000 },
  },
  {
    name: 'build: the recorded CCTP v2 calldata to the pinned SocketGateway pays the recipient on Ethereum; approve exactly the amount',
    routes: buildRoutes,
    call: { kind: 'build', request: { request: cctpRequest, quote: cctpQuote } },
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        const { step, approval } = onlyEvmStep(plan, { to: GATEWAY, chainId: 8453, value: 0n });
        const why = whyNotBungeeGatewayCall(step.data, step.value, { sourceChainId: 8453, sourceToken: cctpRequest.fromToken.address, amount: 100_000_000n, recipient: USER, destinationChainId: 1 });
        if (why !== null) throw new Error(why);
        const call = readBungeeGatewayCall(step.data);
        if (typeof call === 'string' || call.routeId !== 0x1a6 || call.delivers !== 98_000_000n) throw new Error('expected CCTP v2 route 0x1a6 delivering 98 USDC');
        if (approval?.spender !== GATEWAY || approval.amount !== 100_000_000n) throw new Error('approval must be exactly the amount, to SocketGateway');
        if (plan.context.routeId !== 0x1a6 || plan.context.quoteId !== 'fd868dfdece0f3b1') throw new Error('context must carry the route id and quote id');
      },
    },
  },
  {
    name: 'build for another recipient than the calldata pays is refused',
    routes: buildRoutes,
    call: { kind: 'build', request: { request: { ...cctpRequest, recipient: '0x3333333333333333333333333333333333333333' }, quote: cctpQuote } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: 'build whose calldata delivers less than the quoted minimum (fee above the quote) is refused',
    routes: buildRoutes,
    call: { kind: 'build', request: { request: cctpRequest, quote: { ...cctpQuote, minAmountOut: 99_000_000n, context: { ...cctpContext, minAmountOut: '99000000' } } } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: 'a Manual route delivering another token than asked is a bad answer',
    routes: quoteAt('synthetic/quote-manual-wrong-output-token.json'),
    call: { kind: 'quote', request: cctpRequest },
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: 'no Manual and no Auto route is no_liquidity',
    routes: quoteAt('synthetic/quote-no-routes.json'),
    call: { kind: 'quote', request: autoOnlyRequest },
    expect: { kind: 'rejection', code: 'no_liquidity', details: { autoRoute: false } },
  },
  {
    name: "'Amount is too low' (400) is below_min with Bungee's status and message",
    routes: quoteAt('synthetic/error-400-amount-too-low.json', 400),
    call: { kind: 'quote', request: cctpRequest },
    expect: { kind: 'rejection', code: 'below_min', details: { venueStatusCode: 400, venueMessage: 'Amount is too low' } },
  },
  {
    name: "'Unsupported route' (400) is route_not_served",
    routes: quoteAt('synthetic/error-400-unsupported-route.json', 400),
    call: { kind: 'quote', request: cctpRequest },
    expect: { kind: 'rejection', code: 'route_not_served' },
  },
  {
    name: 'success:false with statusCode 503 on an HTTP 200 is the venue failing, not a refusal',
    routes: quoteAt('synthetic/error-200-upstream-unavailable.json'),
    call: { kind: 'quote', request: cctpRequest },
    expect: { kind: 'rejection', code: 'venue_error' },
  },
  {
    name: 'HTTP 429 is venue_rate_limited',
    routes: quoteAt('synthetic/error-400-amount-too-low.json', 429, { 'retry-after': '3' }),
    call: { kind: 'quote', request: cctpRequest },
    expect: { kind: 'rejection', code: 'venue_rate_limited' },
  },
  statusCase('recorded status 3 FULFILLED is completed with the delivered amount and asset (no destination hash given)', 'real/status-3-fulfilled-polygon.json', {
    kind: 'status',
    state: 'completed',
    destinationTxHash: null,
    receivedAmount: 1_502_116n,
    check: (status) => {
      if (status.receivedAsset !== '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359') throw new Error(`receivedAsset ${status.receivedAsset}`);
    },
  }),
  statusCase('docs status 0 PENDING (no source hash indexed yet, refund null) stays pending, with no destination hash or amount', 'real/status-0-pending-docs.json', { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null, unrecognized: false }),
  statusCase('0 PENDING stays pending', 'synthetic/status-0-pending.json', { kind: 'status', state: 'pending', destinationTxHash: null, unrecognized: false }),
  statusCase('1 ASSIGNED stays pending', 'synthetic/status-1-assigned.json', { kind: 'status', state: 'pending' }),
  statusCase('2 EXTRACTED stays pending', 'synthetic/status-2-extracted.json', { kind: 'status', state: 'pending' }),
  statusCase('4 SETTLED is completed with the destination hash', 'synthetic/status-4-settled.json', { kind: 'status', state: 'completed', destinationTxHash: `0x${'d'.repeat(64)}`, receivedAmount: 1_502_116n }),
  statusCase('3 FULFILLED delivering bridged USDC.e instead of USDC is partial, naming the asset', 'synthetic/status-3-other-token.json', {
    kind: 'status',
    state: 'partial',
    receivedAmount: 1_502_116n,
    check: (status) => {
      if (status.receivedAsset !== '0x2791bca1f2de4661ed88a30c99a7a9449aa84174') throw new Error(`receivedAsset ${status.receivedAsset}`);
    },
  }),
  statusCase('5 EXPIRED without a refund is failed', 'synthetic/status-5-expired.json', { kind: 'status', state: 'failed', receivedAmount: null }),
  statusCase('5 EXPIRED with a refund transaction is refunded', 'synthetic/status-5-expired-refunded.json', { kind: 'status', state: 'refunded', destinationTxHash: null }),
  statusCase('6 CANCELLED is failed', 'synthetic/status-6-cancelled.json', { kind: 'status', state: 'failed' }),
  statusCase('7 REFUND_PENDING stays pending', 'synthetic/status-7-refund-pending.json', { kind: 'status', state: 'pending' }),
  statusCase('8 REFUNDED is refunded, with no delivery', 'synthetic/status-8-refunded.json', { kind: 'status', state: 'refunded', destinationTxHash: null, receivedAmount: null }),
  statusCase('an unknown bungeeStatusCode (10) is pending and unrecognized', 'synthetic/status-10-unknown.json', { kind: 'status', state: 'pending', unrecognized: true }),
  statusCase('an empty result (not indexed yet) stays pending', 'synthetic/status-empty.json', { kind: 'status', state: 'pending', destinationTxHash: null }),
  statusCase('a 404 stays pending', 'synthetic/status-empty.json', { kind: 'status', state: 'pending' }, 404),
];

export const contract: VenueContract = { venue: 'bungee', cases };
