import type { RejectionCode } from '../../domain/errors.ts';
import type { ContractCase, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import type { VenueQuoteRequest, VenueStatusRequest, VenueTransferState } from '../Venue.ts';
import { knownToken as token } from '../fake/testVenueDeps.ts';

/**
 * Relay proven by answers the real API gave (fixtures/real/SOURCES.json): the quote relay-kit's SDK
 * tests execute, the docs' status example, Gem Wallet's recorded `/requests` answers and a recorded
 * error body. Status values and error codes nobody recorded are synthetic variants of those
 * (fixtures/synthetic/SOURCES.json).
 */


const USER = '0x03508bB71268BBA25ECaCC8F620e01866650532c';
/** relay-kit's recorded bridge: ETH on Ethereum to ETH on Base, the amount its deposit sends. */
const ETH_TO_BASE: VenueQuoteRequest = {
  fromChain: 'ethereum',
  toChain: 'base',
  fromToken: token('ethereum', null),
  toToken: token('base', null),
  amountIn: 1_001_599_368_867_232n,
  sender: USER,
  recipient: USER,
  userIp: null,
  integratorFee: null,
};
const RECORDED_REQUEST_ID = '0xec4f03fa91d82bc02ced9174632e001c52c47b4417098d00f4eb2022dcd4c414';
const NOW = Date.parse('2025-02-25T15:47:37.000Z');

const quoteRoute = (file: string, status?: number): ServedRoute => ({ method: 'POST', path: '/quote/v2', answer: { file, ...(status === undefined ? {} : { status }) } });

const STATUS_REQUEST: VenueStatusRequest = {
  fromChain: 'ethereum',
  toChain: 'base',
  toToken: token('base', null),
  sourceTxHash: '0xe53021eaa63d100b08338197d26953e2219bcbad828267dd936c549ff643aad7',
  recipient: USER,
  amountIn: 1_001_599_368_867_232n,
  expectedOut: 1_000_000_000_000_000n,
  context: { requestId: RECORDED_REQUEST_ID },
};

/** A status answer, with the deposit index call that precedes it and the `/requests/v2` read that follows a success. */
function statusRoutes(file: string, requests = 'real/requests-v2-bsc_usdt_to_sol.json'): ServedRoute[] {
  return [{ method: 'POST', path: '/transactions/index', answer: { file: 'synthetic/transactions-index.json' } }, ...recordedStatusRoutes(file, requests)];
}

/**
 * The status and `/requests/v2` answers alone: nobody recorded a `/transactions/index` answer, and the
 * adapter only asks it to speed detection up and ignores its failure (here the server's 404).
 */
function recordedStatusRoutes(file: string, requests: string): ServedRoute[] {
  return [
    { method: 'GET', path: '/intents/status/v3', answer: { file } },
    { method: 'GET', path: '/requests/v2', answer: { file: requests } },
  ];
}

function statusCase(value: string, file: string, state: VenueTransferState, destinationTxHash: string | null): ContractCase {
  return {
    name: `status ${value} is ${state}`,
    routes: statusRoutes(file),
    call: { kind: 'status', request: STATUS_REQUEST },
    expect: {
      kind: 'status',
      state,
      destinationTxHash,
      receivedAmount: null,
      check: (status) => {
        if (status.unrecognized) throw new Error(`documented status ${value} flagged unrecognized`);
      },
    },
  };
}

/** Gem Wallet's recorded request: USDT on BNB Chain to Solana, its own request id. */
const GEM_BSC_TO_SOLANA: VenueStatusRequest = { ...STATUS_REQUEST, fromChain: 'bnb', toChain: 'solana', toToken: token('solana', 'USDC'), context: { requestId: '0xd2bcbf6c8e155411f6633067a29b1ee511d3d98b25db49393dd4ce58b00ee0f8' } };
/** A transfer to Solana USDC; the Magic Money Wallet recordings below are Relay's live /requests/v2 items. */
const TO_SOLANA: VenueStatusRequest = { ...STATUS_REQUEST, fromChain: 'base', toChain: 'solana', toToken: token('solana', 'USDC'), expectedOut: 24_000_000n };
const LIVE_SUCCESS_TO_SOLANA = '0x1789950985e22725dcb58c7bec90f477d3e8448936b284a725fca684a0d433c1';
/** Live request items that ended in a refund or a failure, and the v3 status served with each (synthetic: nobody recorded those). */
const RECORDED_ENDINGS: readonly (readonly [string, string, VenueTransferState])[] = [
  ['refund-contract-paused-base', 'synthetic/status-v3-refund.json', 'refunded'],
  ['refund-slippage-bnb', 'synthetic/status-v3-refund.json', 'refunded'],
  ['failure-reverted-base-1', 'synthetic/status-v3-failure.json', 'failed'],
  ['failure-reverted-base-2', 'synthetic/status-v3-failure.json', 'failed'],
];

function errorCase(name: string, file: string, code: RejectionCode, details?: Record<string, unknown>): ContractCase {
  return { name, routes: [quoteRoute(file, 400)], call: { kind: 'quote', request: ETH_TO_BASE }, expect: { kind: 'rejection', code, ...(details ? { details } : {}) } };
}

const DOCS_FILL = '0x9da7bc54dfe6229d6980fd62250d472f23dfe0f41a1cdc870c81a08b3445f254';

/** The recorded ETH deposit, quoted to a HyperCore balance instead (synthetic: no recorded answer to chain 1337 exists). */
const ETH_TO_PERPS: VenueQuoteRequest = { ...ETH_TO_BASE, toChain: 'hypercore', toToken: token('hypercore', 'USDC (perps)') };
const ETH_TO_SPOT: VenueQuoteRequest = { ...ETH_TO_BASE, toChain: 'hypercore', toToken: token('hypercore', 'USDC (spot)') };
const HYPERCORE_FILL = '0x3e5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e5b';
const PERPS_STATUS: VenueStatusRequest = { ...STATUS_REQUEST, toChain: 'hypercore', toToken: token('hypercore', 'USDC (perps)'), expectedOut: 3_261_173n };

/** Relay states HyperCore USDC in 8 decimals (326117389 = 3.26117389); Strait's 6 round down. */
function hyperCoreQuoteCase(name: string, file: string, request: VenueQuoteRequest, currency: string): ContractCase {
  return {
    name,
    routes: [quoteRoute(file)],
    call: { kind: 'quote', request },
    now: NOW,
    // No minimumAmount: 50 bps off the 8-decimal amount (324486803), then floored to 6 decimals.
    expect: { kind: 'row', amountOut: 3_261_173n, minAmountOut: 3_244_868n, estimatedSeconds: 12, check: (quote) => { if (quote.context.requestId !== RECORDED_REQUEST_ID) throw new Error(`request id ${String(quote.context.requestId)} for ${currency}`); } },
  };
}

export const contract: VenueContract = {
  venue: 'relay',
  cases: [
    {
      name: 'recorded quote without steps[].requestId, minimumAmount or details.timeEstimate prices a row',
      routes: [quoteRoute('real/quote-eth-to-base-native.json')],
      call: { kind: 'quote', request: ETH_TO_BASE },
      now: NOW,
      // No minimumAmount: the amount less the 50 bps slippage Strait asks Relay to hold to.
      expect: {
        kind: 'row',
        amountOut: 1_000_000_000_000_000n,
        minAmountOut: 995_000_000_000_000n,
        estimatedSeconds: 12,
        expiresAt: NOW + 30_000,
        check: (quote) => {
          if (quote.context.requestId !== RECORDED_REQUEST_ID) throw new Error(`request id ${String(quote.context.requestId)}`);
        },
      },
    },
    {
      name: 'recorded quote builds the receiver call tracked by the request id of its status check',
      routes: [quoteRoute('real/quote-eth-to-base-native.json')],
      call: { kind: 'build', request: { request: ETH_TO_BASE, quote: { amountIn: ETH_TO_BASE.amountIn, amountOut: 1_000_000_000_000_000n, minAmountOut: 995_000_000_000_000n, estimatedSeconds: 12, expiresAt: null, context: {} } } },
      now: NOW,
      expect: {
        kind: 'plan',
        check(plan) {
          if (plan.shape !== 'steps') throw new Error(`expected steps, got ${plan.shape}`);
          const [main] = plan.steps;
          if (!main || main.vm !== 'evm') throw new Error('expected one EVM step');
          if (main.to.toLowerCase() !== '0xa5f565650890fba1824ee0f21ebbbf660a179934' || main.data !== '0x01a25f8d' || main.value !== 1_001_599_368_867_232n || main.chainId !== 1) throw new Error('main step differs from the recorded deposit');
          if (plan.approval !== null) throw new Error('a native deposit needs no approval');
          if (plan.context.requestId !== RECORDED_REQUEST_ID) throw new Error(`request id ${String(plan.context.requestId)}`);
        },
      },
    },
    {
      name: 'the recorded quote served for another input amount prices no row (its output is for the amount it names)',
      routes: [quoteRoute('real/quote-eth-to-base-native.json')],
      call: { kind: 'quote', request: { ...ETH_TO_BASE, amountIn: ETH_TO_BASE.amountIn * 2n } },
      now: NOW,
      expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/details/currencyIn/amount' } },
    },
    {
      name: 'the recorded Ethereum -> Base quote served for an Arbitrum -> Base request prices no row (its deposit and input are on chain 1)',
      routes: [quoteRoute('real/quote-eth-to-base-native.json')],
      call: { kind: 'quote', request: { ...ETH_TO_BASE, fromChain: 'arbitrum', fromToken: token('arbitrum', null) } },
      now: NOW,
      expect: { kind: 'rejection', code: 'venue_bad_response' },
    },
    {
      name: 'the recorded Ethereum -> Base quote served for an Ethereum -> Optimism request prices no row (its output is on chain 8453)',
      routes: [quoteRoute('real/quote-eth-to-base-native.json')],
      call: { kind: 'quote', request: { ...ETH_TO_BASE, toChain: 'optimism', toToken: token('optimism', null) } },
      now: NOW,
      expect: { kind: 'rejection', code: 'venue_bad_response' },
    },
    errorCase('AMOUNT_TOO_LOW (recorded, no errorData) is below_min', 'real/error-amount-too-low.json', 'below_min', { venueCode: 'AMOUNT_TOO_LOW' }),
    errorCase('AMOUNT_TOO_LOW recorded live (a swap whose output cannot cover the fees) is below_min', 'real/error-amount-too-low-swap-output.json', 'below_min', { venueCode: 'AMOUNT_TOO_LOW' }),
    errorCase('SWAP_IMPACT_TOO_HIGH recorded live is no_liquidity', 'real/error-swap-impact-too-high.json', 'no_liquidity', { venueCode: 'SWAP_IMPACT_TOO_HIGH' }),
    errorCase('AMOUNT_TOO_LOW with a minimum in errorData reports it', 'synthetic/error-amount-too-low-with-limit.json', 'below_min', { minAmountAtomic: '2000000000000000' }),
    errorCase('NO_SWAP_ROUTES_FOUND is no_liquidity', 'synthetic/error-no-swap-routes-found.json', 'no_liquidity'),
    errorCase('INSUFFICIENT_LIQUIDITY is no_liquidity', 'synthetic/error-insufficient-liquidity.json', 'no_liquidity'),
    errorCase('UNSUPPORTED_ROUTE is route_not_served', 'synthetic/error-unsupported-route.json', 'route_not_served'),
    {
      name: 'status success (docs example) completes with the fill hash and the amount /requests/v2 recorded',
      routes: recordedStatusRoutes('real/status-v3-success.json', 'real/requests-v2-bsc_usdt_to_sol.json'),
      call: { kind: 'status', request: GEM_BSC_TO_SOLANA },
      expect: { kind: 'status', state: 'completed', destinationTxHash: DOCS_FILL, receivedAmount: 74_432_990n },
    },
    {
      name: 'status success with a /requests answer whose output is a bech32 address still completes',
      routes: recordedStatusRoutes('real/status-v3-success.json', 'real/requests-v2-eth_to_btc.json'),
      call: { kind: 'status', request: { ...STATUS_REQUEST, toChain: 'bitcoin', toToken: token('bitcoin', null), context: { requestId: '0x66dfacf8279d88615a013041f7bb19e7a634b367e6d80d54c96b33339a55078f' } } },
      expect: { kind: 'status', state: 'completed', receivedAmount: 28_619n },
    },
    {
      name: 'a success /requests/v2 recorded live (ORBIO Robinhood -> USDC Solana, base58 out hash, two app fees) gives the delivered amount and asset',
      routes: recordedStatusRoutes('real/status-v3-success.json', 'synthetic/requests-v2-wrapped-success-robinhood-to-solana-usdc.json'),
      call: { kind: 'status', request: { ...TO_SOLANA, context: { requestId: LIVE_SUCCESS_TO_SOLANA } } },
      expect: {
        kind: 'status',
        state: 'completed',
        destinationTxHash: DOCS_FILL,
        receivedAmount: 24_592_704n,
        check: (status) => {
          if (status.receivedAsset !== 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v') throw new Error(`receivedAsset ${status.receivedAsset}`);
        },
      },
    },
    {
      name: 'a live success /requests/v2 item that delivered on another chain (Robinhood, 4663) than asked is not read as the delivery',
      routes: recordedStatusRoutes('real/status-v3-success.json', 'synthetic/requests-v2-wrapped-success-solana-usdc-to-robinhood.json'),
      call: { kind: 'status', request: { ...TO_SOLANA, context: { requestId: '0x1789950987ec1164f1b2d9c9b6b50b5369a91b69cb4e7938c7cce9ed776ac4dd' } } },
      expect: { kind: 'status', state: 'completed', receivedAmount: TO_SOLANA.expectedOut, check: (status) => { if (status.receivedAsset !== null) throw new Error(`receivedAsset ${status.receivedAsset}`); } },
    },
    {
      name: 'a /requests/v2 item for another request id than asked is not read as the delivery',
      routes: recordedStatusRoutes('real/status-v3-success.json', 'synthetic/requests-v2-wrapped-success-robinhood-to-solana-usdc.json'),
      call: { kind: 'status', request: TO_SOLANA },
      expect: { kind: 'status', state: 'completed', receivedAmount: TO_SOLANA.expectedOut },
    },
    {
      name: "a live refund item's currencyOut (the requested M87 on Ethereum, refunded on Base) is never read as a delivery, even when the status says success",
      routes: recordedStatusRoutes('real/status-v3-success.json', 'synthetic/requests-v2-wrapped-refund-contract-paused-base.json'),
      call: { kind: 'status', request: { ...STATUS_REQUEST, fromChain: 'base', toChain: 'ethereum', toToken: token('ethereum', null), context: { requestId: '0x1789950952f291f01f3ae3effcced33666d39032e858afd5ed07ed3244ba6444' } } },
      expect: { kind: 'status', state: 'completed', receivedAmount: STATUS_REQUEST.expectedOut, check: (status) => { if (status.receivedAsset !== null) throw new Error(`receivedAsset ${status.receivedAsset}`); } },
    },
    ...RECORDED_ENDINGS.map(([file, statusFile, state]) => ({
      name: `a row without a request id recovers it from the live /requests/v2 item (${file}) and reads its ${state} status`,
      routes: [
        { method: 'GET' as const, path: '/requests/v2', answer: { file: `synthetic/requests-v2-wrapped-${file}.json` } },
        { method: 'GET' as const, path: '/intents/status/v3', answer: { file: statusFile } },
      ],
      call: { kind: 'status' as const, request: { ...STATUS_REQUEST, context: {} } },
      expect: { kind: 'status' as const, state, destinationTxHash: null, receivedAmount: null },
    })),
    statusCase('waiting', 'synthetic/status-v3-waiting.json', 'pending', null),
    statusCase('depositing', 'synthetic/status-v3-depositing.json', 'pending', null),
    statusCase('pending', 'synthetic/status-v3-pending.json', 'pending', null),
    statusCase('pending with null details, txHashes and updatedAt', 'synthetic/status-v3-pending-with-nulls.json', 'pending', null),
    statusCase('submitted', 'synthetic/status-v3-submitted.json', 'pending', DOCS_FILL),
    statusCase('delayed', 'synthetic/status-v3-delayed.json', 'pending', null),
    statusCase('refund', 'synthetic/status-v3-refund.json', 'refunded', null),
    statusCase('refunded', 'synthetic/status-v3-refunded.json', 'refunded', null),
    statusCase('fallback (deprecated status API)', 'synthetic/status-v1-fallback.json', 'refunded', null),
    statusCase('failure', 'synthetic/status-v3-failure.json', 'failed', null),
    {
      name: 'a request Relay has not indexed yet (HTTP 404, synthetic) stays pending, not a venue fault',
      routes: [
        { method: 'POST', path: '/transactions/index', answer: { file: 'synthetic/transactions-index.json' } },
        { method: 'GET', path: '/intents/status/v3', answer: { file: 'synthetic/status-v3-not-found.json', status: 404 } },
      ],
      call: { kind: 'status', request: STATUS_REQUEST },
      expect: { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null, check: (status) => { if (status.venueStatus !== 'notIndexed') throw new Error(`venueStatus ${status.venueStatus}`); } },
    },
    {
      name: 'a deposit /requests/v2 lists no request for yet (empty list, synthetic) stays pending',
      routes: [{ method: 'GET', path: '/requests/v2', answer: { file: 'synthetic/requests-v2-empty.json' } }],
      call: { kind: 'status', request: { ...STATUS_REQUEST, context: {} } },
      expect: { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null, check: (status) => { if (status.venueStatus !== 'notIndexed') throw new Error(`venueStatus ${status.venueStatus}`); } },
    },
    hyperCoreQuoteCase('a quote to HyperCore perps USDC (8 decimals, synthetic) floors to 6 decimals', 'synthetic/quote-eth-to-hypercore-perps.json', ETH_TO_PERPS, 'perps'),
    hyperCoreQuoteCase('a quote to HyperCore spot USDC (8 decimals, synthetic) floors to 6 decimals', 'synthetic/quote-eth-to-hypercore-spot.json', ETH_TO_SPOT, 'spot'),
    {
      name: 'a HyperCore credit completes with its HyperCore hash and the 8-decimal delivered amount in 6 decimals (synthetic)',
      routes: recordedStatusRoutes('synthetic/status-v3-success-hypercore.json', 'synthetic/requests-v2-eth_to_hypercore-perps.json'),
      call: { kind: 'status', request: PERPS_STATUS },
      expect: { kind: 'status', state: 'completed', destinationTxHash: HYPERCORE_FILL, receivedAmount: 3_261_173n },
    },
    {
      name: 'a HyperCore credit whose txHashes[0] is not a HyperCore hash completes without a destination hash (synthetic)',
      routes: recordedStatusRoutes('synthetic/status-v3-success-hypercore-odd-hash.json', 'synthetic/requests-v2-eth_to_hypercore-perps.json'),
      call: { kind: 'status', request: PERPS_STATUS },
      expect: { kind: 'status', state: 'completed', destinationTxHash: null, receivedAmount: 3_261_173n },
    },
    {
      name: 'an undocumented status value stays pending, flagged unrecognized',
      routes: statusRoutes('synthetic/status-v3-unknown-value.json'),
      call: { kind: 'status', request: STATUS_REQUEST },
      expect: { kind: 'status', state: 'pending', unrecognized: true },
    },
  ],
};
