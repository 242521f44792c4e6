import type { TokenInfo } from '../../domain/tokens.ts';
import type { ContractCase, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import { knownToken as token } from '../fake/testVenueDeps.ts';
import type { VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import type { ChainflipContext } from './chainflipSchemas.ts';

/**
 * Chainflip proven by answers its backend really gave (fixtures/real/SOURCES.json): quotes and status
 * answers Gem Wallet recorded from the live backend, the backend's own route-test answers (status of
 * every state, WAITING included, a mainnet DCA swap partly refunded) and its error bodies. Gem asked
 * for vault swaps, so its recorded quotes are refused (isVaultSwap true); the rows are priced on the
 * same quotes with that echo turned to a channel's. WAITING on the ETH → DOT channel and on an
 * expired channel, an unknown state and the channel-opening answer are synthetic too
 * (fixtures/synthetic/SOURCES.json).
 */

const FLIP: TokenInfo = { chain: 'ethereum', symbol: 'FLIP', address: '0x826180541412D574cf1336d22c0C0a287822678A', decimals: 18 };

// Gem's recorded quote: 10 ETH on Ethereum to SOL.
const ETH_TO_SOL: VenueQuoteRequest = {
  fromChain: 'ethereum',
  toChain: 'solana',
  fromToken: token('ethereum', null),
  toToken: token('solana', null),
  amountIn: 10n ** 19n,
  sender: '0x608a6b0e501732d1af57f223bcdfe1b9d0631900',
  recipient: '4Az8dFA8ugjcx791yEW4gWKuNoPEw6cPC83Hr64Q5TwH',
  userIp: null,
  integratorFee: null,
};
// Gem's recorded quote: 0.01 BTC to ETH on Ethereum.
const BTC_TO_ETH: VenueQuoteRequest = {
  fromChain: 'bitcoin',
  toChain: 'ethereum',
  fromToken: token('bitcoin', null),
  toToken: token('ethereum', null),
  amountIn: 1_000_000n,
  sender: 'bc1qvwmuc3pjhwju287sjs5vg7467t2jlymnmjyatp',
  recipient: '0x608a6b0e501732d1af57f223bcdfe1b9d0631900',
  userIp: null,
  integratorFee: null,
};
/** Recorded answers carry no time; any fixed clock does. */
const NOW = Date.parse('2025-11-13T12:00:00.000Z');

const quoteRoute = (file: string, status?: number): ServedRoute => ({ method: 'GET', path: '/v2/quote', answer: { file, ...(status === undefined ? {} : { status }) } });
const statusRoute = (file: string, status?: number): ServedRoute => ({ method: 'GET', path: /^\/v2\/swaps\/[^/]+$/, answer: { file, ...(status === undefined ? {} : { status }) } });

// The ETH → SOL row: 2.5 % slippage on the swap output before the 14000-lamport egress fee.
const ETH_SOL_CONTEXT: ChainflipContext = {
  srcChain: 'Ethereum',
  srcAsset: 'ETH',
  destChain: 'Solana',
  destAsset: 'SOL',
  egressAmount: '145118751424',
  estimatedPrice: '14.5118765424',
  intermediateAmount: '25516863276',
  slippageBps: 250,
  retryDurationBlocks: 150,
  maxOraclePriceSlippageBps: null,
  minAmountOut: '141490782288',
};

function statusRequest(over: Partial<VenueStatusRequest> & Pick<VenueStatusRequest, 'toChain' | 'toToken' | 'recipient'>, context: Partial<ChainflipContext> = {}): VenueStatusRequest {
  return {
    fromChain: 'ethereum',
    sourceTxHash: '0x75dcd5891cd767160414ca15332a2d6e84328e1723695da2335e9fe1695c47a4',
    amountIn: 1n,
    expectedOut: 1n,
    ...over,
    context: { ...ETH_SOL_CONTEXT, channelId: '86-Ethereum-85', ...context },
  };
}

// The backend route tests' channel 86-Ethereum-85: ETH on Ethereum to DOT on Assethub.
const TO_DOT = statusRequest({ toChain: 'assethub', toToken: token('assethub', null), recipient: '1yMmfLti1k3huRQM2c47WugwonQMqTvQ2GUFxnU7Pcs7xPo' });
// Gem's recorded swaps name no recipient. The stored context names the swap's source, as its quote did.
const gemRequest = (toChain: VenueStatusRequest['toChain'], toToken: TokenInfo, source: Pick<ChainflipContext, 'srcChain' | 'srcAsset'> = { srcChain: 'Ethereum', srcAsset: 'ETH' }): VenueStatusRequest =>
  statusRequest({ toChain, toToken, recipient: 'unnamed' }, source);

const noUnrecognized = (status: { unrecognized?: boolean }): void => {
  if (status.unrecognized) throw new Error('a documented state was flagged unrecognized');
};

function pendingCase(name: string, file: string, request: VenueStatusRequest = TO_DOT): ContractCase {
  return { name, routes: [statusRoute(file)], call: { kind: 'status', request }, expect: { kind: 'status', state: 'pending', receivedAmount: null, check: noUnrecognized } };
}

function errorCase(name: string, file: string, status: number, code: ContractCase['expect'] & { kind: 'rejection' }): ContractCase {
  return { name, routes: [quoteRoute(file, status)], call: { kind: 'quote', request: ETH_TO_SOL }, now: NOW, expect: code };
}

export const contract: VenueContract = {
  venue: 'chainflip',
  cases: [
    {
      name: 'quote (Gem, ETH → SOL, echoed as a channel quote): the REGULAR quote, not the DCA one; egressAmount net of fees; minimum 2.5 % under the swap output less the egress fee',
      routes: [quoteRoute('synthetic/quote-eth-sol-regular-dca-channel.json')],
      call: { kind: 'quote', request: ETH_TO_SOL },
      now: NOW,
      expect: {
        kind: 'row',
        amountOut: 145_118_751_424n,
        minAmountOut: 141_490_782_288n,
        estimatedSeconds: 193,
        expiresAt: NOW + 60_000,
        check(quote) {
          if (quote.context.slippageBps !== 250 || quote.context.retryDurationBlocks !== 150) throw new Error(`context ${JSON.stringify(quote.context)}`);
        },
      },
    },
    {
      name: 'quote (Gem, BTC → ETH with a boost variant, echoed as a channel quote): the unboosted REGULAR quote prices the row',
      routes: [quoteRoute('synthetic/quote-btc-eth-boost-channel.json')],
      call: { kind: 'quote', request: BTC_TO_ETH },
      now: NOW,
      expect: { kind: 'row', amountOut: 533_584_963_872_668_039n, estimatedSeconds: 1920, expiresAt: NOW + 60_000 },
    },
    {
      name: 'quote (Gem, 0.1 BTC → ETH: REGULAR and DCA, each with a boostQuote, a later DCA egress that is larger; echoed as a channel quote): the unboosted REGULAR quote prices the row',
      routes: [quoteRoute('synthetic/quote-btc-eth-regular-dca-boost-channel.json')],
      call: { kind: 'quote', request: { ...BTC_TO_ETH, amountIn: 10_000_000n } },
      now: NOW,
      expect: { kind: 'row', amountOut: 4_082_976_513_112_383_071n, minAmountOut: 4_021_726_730_112_407_424n, estimatedSeconds: 1920, expiresAt: NOW + 60_000 },
    },
    // Gem asked for vault swaps: each recorded quote echoes isVaultSwap true, priced without the
    // channel's ingress fee (INGRESS 0 ETH from Ethereum). Strait asks isVaultSwap=false.
    ...(
      [
        ['ETH → SOL', 'real/quote-eth-sol-regular-dca.json', ETH_TO_SOL],
        ['BTC → ETH, boost', 'real/quote-btc-eth-boost.json', BTC_TO_ETH],
        ['0.1 BTC → ETH, DCA and boost', 'real/quote-btc-eth-regular-dca-boost.json', { ...BTC_TO_ETH, amountIn: 10_000_000n }],
      ] as const
    ).map(
      ([label, file, request]): ContractCase => ({
        name: `a vault-swap quote (Gem, ${label}: isVaultSwap true) is a bad response, never a deposit-channel row`,
        routes: [quoteRoute(file)],
        call: { kind: 'quote', request },
        now: NOW,
        expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/0/isVaultSwap' } },
      }),
    ),
    {
      name: 'a quote priced for another amount than asked is a bad response, never a row',
      routes: [quoteRoute('real/quote-btc-eth-boost.json')],
      call: { kind: 'quote', request: { ...BTC_TO_ETH, amountIn: 2_000_000n } },
      now: NOW,
      expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/0/depositAmount' } },
    },
    errorCase('HTTP 400 "below minimum swap amount (N)" is below_min with N', 'real/error-below-minimum.json', 400, { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '16777215' } }),
    errorCase('HTTP 400 "above maximum swap amount (N)" is above_max with N', 'real/error-above-maximum.json', 400, { kind: 'rejection', code: 'above_max', details: { maxAmountAtomic: '1' } }),
    errorCase('HTTP 400 "lower than estimated ingress fee (N)" is below_min: more than N is needed', 'real/error-below-ingress-fee.json', 400, { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '2000001', ingressFeeAtomic: '2000000' } }),
    errorCase('HTTP 400 "output lower than the egress fee (N)" is below_min with the destination fee', 'real/error-below-egress-fee.json', 400, { kind: 'rejection', code: 'below_min', details: { destinationFeeAtomic: '50000' } }),
    errorCase('HTTP 400 "insufficient liquidity" is no_liquidity', 'real/error-insufficient-liquidity.json', 400, { kind: 'rejection', code: 'no_liquidity' }),
    errorCase('HTTP 503 "Asset X is disabled" is route_not_served, not a venue fault', 'real/error-asset-disabled.json', 503, { kind: 'rejection', code: 'route_not_served' }),
    errorCase('HTTP 400 "invalid request" is invalid_input', 'real/error-invalid-request.json', 400, { kind: 'rejection', code: 'invalid_input' }),
    {
      name: 'build opens a deposit channel: the user sends the exact ETH to the channel address before it expires',
      routes: [{ method: 'POST', path: '/api/openSwapDepositChannel', answer: { file: 'synthetic/deposit-channel-eth.json', status: 201 } }],
      call: { kind: 'build', request: { request: ETH_TO_SOL, quote: { amountIn: 10n ** 19n, amountOut: 145_118_751_424n, minAmountOut: 141_490_782_288n, estimatedSeconds: 193, expiresAt: NOW + 60_000, context: { ...ETH_SOL_CONTEXT } } } },
      now: NOW,
      expect: {
        kind: 'plan',
        check(plan) {
          if (plan.shape !== 'deposit') throw new Error(`expected a deposit plan, got ${plan.shape}`);
          if (plan.deposit.address !== '0x4b39858b89d4bdb449ff9e293af6a5fc3177f060' || plan.deposit.amount !== 10n ** 19n || plan.deposit.memo !== null) throw new Error(`deposit ${plan.deposit.address} ${plan.deposit.amount}`);
          if (plan.deposit.deadlineMs !== 1_763_041_680_000) throw new Error(`deadline ${plan.deposit.deadlineMs}`);
          if (plan.context.channelId !== '10665480-Ethereum-854') throw new Error(`channel ${String(plan.context.channelId)}`);
          if (plan.fundingStep?.value !== 10n ** 19n || plan.fundingStep.data !== '0x') throw new Error('the funding step must be a plain ETH transfer of the amount');
          if (plan.minAmountOut !== 141_490_782_288n) throw new Error(`minAmountOut ${plan.minAmountOut}`);
        },
      },
    },
    {
      name: 'status COMPLETED (Gem, ETH → BTC) without a swapEgress object: completed with the swapped output',
      routes: [statusRoute('real/status-completed-eth-btc.json')],
      call: { kind: 'status', request: gemRequest('bitcoin', token('bitcoin', null)) },
      expect: { kind: 'status', state: 'completed', receivedAmount: 405_772n, destinationTxHash: null, check: noUnrecognized },
    },
    {
      name: 'status COMPLETED with only a refundEgress (Gem, BTC → USDT) is a refund, not a completion',
      routes: [statusRoute('real/status-completed-refund-btc-usdt.json')],
      call: { kind: 'status', request: gemRequest('ethereum', token('ethereum', 'USDT'), { srcChain: 'Bitcoin', srcAsset: 'BTC' }) },
      expect: { kind: 'status', state: 'refunded', receivedAmount: null, destinationTxHash: null },
    },
    pendingCase('status SENDING (Gem, Solana USDC → BTC) is pending', 'real/status-sending-usdc-btc.json', gemRequest('bitcoin', token('bitcoin', null), { srcChain: 'Solana', srcAsset: 'USDC' })),
    {
      name: 'status COMPLETED with a swapEgress: completed, the egress ref and its net amount',
      routes: [statusRoute('real/status-completed-eth-dot.json')],
      call: { kind: 'status', request: TO_DOT },
      expect: { kind: 'status', state: 'completed', destinationTxHash: '104-2', receivedAmount: 4_192_707_216_034n, check: noUnrecognized },
    },
    pendingCase('status SENT is pending', 'real/status-sent-eth-dot.json'),
    pendingCase('status SWAPPING is pending', 'real/status-swapping-eth-dot.json'),
    pendingCase('status RECEIVING (vault swap, 1 confirmation) is pending', 'real/status-receiving-vault.json', statusRequest({ toChain: 'ethereum', toToken: FLIP, recipient: '0xcfcfcfcfcfcfcfcfcfcfcfcfcfcfcfcfcfcfcfcf' })),
    {
      name: 'status FAILED (deposit ignored, below the minimum deposit) is failed with the reason',
      routes: [statusRoute('real/status-failed-deposit-ignored.json')],
      call: { kind: 'status', request: TO_DOT },
      expect: {
        kind: 'status',
        state: 'failed',
        receivedAmount: null,
        check(status) {
          if (!status.detail?.includes('BelowMinimumDeposit')) throw new Error(`detail ${status.detail}`);
        },
      },
    },
    {
      name: 'status FAILED after the swap egress went out (the refund of the rest failed) is partial, not failed',
      routes: [statusRoute('real/status-failed-dca-refund-egress-failed.json')],
      call: { kind: 'status', request: TO_DOT },
      expect: { kind: 'status', state: 'partial', destinationTxHash: '104-2', receivedAmount: 4_192_707_216_034n },
    },
    {
      name: 'status COMPLETED with both swapEgress and refundEgress (mainnet DCA USDC → FLIP stopped by its minimum price) is partial',
      routes: [statusRoute('real/status-completed-dca-partial-refund-usdc-flip.json')],
      call: { kind: 'status', request: statusRequest({ toChain: 'ethereum', toToken: FLIP, recipient: '0x608a6b0e501732d1af57f223bcdfe1b9d0631900' }, { channelId: '10665480-Ethereum-854', srcAsset: 'USDC' }) },
      expect: { kind: 'status', state: 'partial', destinationTxHash: '0x95c2cf2710b54a3d417b56a693ac7eb69e0c9f9e912a8a6988f75246f92d96b0', receivedAmount: 4_019_045_226_454_466_531_050n },
    },
    {
      name: 'status COMPLETED refunded on the State Chain (onChain.refundAmount, output 0) is refunded',
      routes: [statusRoute('real/status-completed-refund-onchain.json')],
      call: { kind: 'status', request: statusRequest({ fromChain: 'solana', toChain: 'ethereum', toToken: token('ethereum', 'USDC'), recipient: 'cFLBKavxvThwqLWNr7cTwtqhYD6jDqXM31d6QoTLvuK4X78ve' }, { srcChain: 'Solana', srcAsset: 'USDC' }) },
      expect: { kind: 'status', state: 'refunded', receivedAmount: null },
    },
    {
      name: 'a status answer paying another address than the recipient is refused',
      routes: [statusRoute('real/status-completed-dca-partial-refund-usdc-flip.json')],
      call: { kind: 'status', request: statusRequest({ toChain: 'ethereum', toToken: FLIP, recipient: '0x2222222222222222222222222222222222222222' }, { channelId: '10665480-Ethereum-854', srcAsset: 'USDC' }) },
      expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/destAddress' } },
    },
    pendingCase(
      'status WAITING (real: an account-creation channel SOL → FLIP opened, nothing deposited, no destAddress) is pending',
      'real/status-waiting-solana-account-creation.json',
      statusRequest({ fromChain: 'solana', toChain: 'ethereum', toToken: FLIP, recipient: '0x2222222222222222222222222222222222222222' }, { channelId: '86-Solana-85', srcChain: 'Solana', srcAsset: 'SOL' }),
    ),
    pendingCase('status WAITING of the ETH → DOT channel (synthetic, the base of the expired and unknown variants) is pending', 'synthetic/status-waiting.json'),
    {
      name: 'a status answer about another destination asset is refused',
      routes: [statusRoute('real/status-completed-eth-dot.json')],
      call: { kind: 'status', request: statusRequest({ toChain: 'ethereum', toToken: token('ethereum', 'USDC'), recipient: '1yMmfLti1k3huRQM2c47WugwonQMqTvQ2GUFxnU7Pcs7xPo' }) },
      expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/destAsset' } },
    },
    {
      name: 'a status answer about another channel than the one asked about is refused',
      routes: [statusRoute('real/status-completed-eth-dot.json')],
      call: { kind: 'status', request: statusRequest({ toChain: 'assethub', toToken: token('assethub', null), recipient: '1yMmfLti1k3huRQM2c47WugwonQMqTvQ2GUFxnU7Pcs7xPo' }, { channelId: '86-Ethereum-86' }) },
      expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/depositChannel/id' } },
    },
    {
      name: 'a status answer about a swap from another source asset than quoted is refused',
      routes: [statusRoute('real/status-completed-dca-partial-refund-usdc-flip.json')],
      call: { kind: 'status', request: statusRequest({ toChain: 'ethereum', toToken: FLIP, recipient: '0x608a6b0e501732d1af57f223bcdfe1b9d0631900' }, { channelId: '10665480-Ethereum-854' }) },
      expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/srcAsset' } },
    },
    {
      name: 'status WAITING on an expired channel is failed: nothing was deposited',
      routes: [statusRoute('synthetic/status-waiting-expired.json')],
      call: { kind: 'status', request: TO_DOT },
      expect: { kind: 'status', state: 'failed', receivedAmount: null },
    },
    {
      name: 'an unknown state is pending and flagged unrecognized',
      routes: [statusRoute('synthetic/status-unknown-state.json')],
      call: { kind: 'status', request: TO_DOT },
      expect: { kind: 'status', state: 'pending', unrecognized: true },
    },
    {
      name: 'HTTP 404 "resource not found" for a fresh id is pending',
      routes: [statusRoute('real/error-not-found.json', 404)],
      call: { kind: 'status', request: TO_DOT },
      expect: { kind: 'status', state: 'pending', receivedAmount: null, destinationTxHash: null },
    },
  ],
};
