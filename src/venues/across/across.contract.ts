import { decodeFunctionData } from 'viem';
import { nativeToken, resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import type { ContractCase, VenueContract } from '../contract/ContractCase.ts';
import type { VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { spokePoolDepositAbi } from './acrossVenue.ts';

/**
 * Across against its real answers (fixtures/real/SOURCES.json): the Across API docs' own examples,
 * Across's SDK test data (an October 2024 answer without `fillDeadline`), CoW's recorded not-found
 * body. Status values nobody recorded are synthetic variants of the docs' status answer.
 */

function token(chain: string, symbol: string | null): TokenInfo {
  const found = symbol === null ? nativeToken(chain) : resolveToken(chain, symbol);
  if (!found) throw new Error(`no ${symbol ?? 'native'} token on ${chain}`);
  return found;
}

const SENDER = '0x1111111111111111111111111111111111111111';
const RECIPIENT = '0x2222222222222222222222222222222222222222';
const ZERO = '0x0000000000000000000000000000000000000000';

/** The docs' quote: 1 ETH Ethereum → Optimism, answered at 1754342218143 ms (its `id` embeds the time). */
const ETH_QUOTE_NOW = 1_754_342_218_143;
const ethQuoteRequest: VenueQuoteRequest = {
  fromChain: 'ethereum',
  toChain: 'optimism',
  fromToken: token('ethereum', null),
  toToken: token('optimism', null),
  amountIn: 10n ** 18n,
  sender: SENDER,
  recipient: RECIPIENT,
  userIp: null,
  integratorFee: null,
};

/** The SDK's October 2024 answer: 100 USDC Ethereum → Arbitrum. It carries no clock; 400 s after its lagging timestamp. */
const USDC_QUOTE_NOW = (1_729_612_163 + 400) * 1000;
const usdcQuoteRequest: VenueQuoteRequest = {
  fromChain: 'ethereum',
  toChain: 'arbitrum',
  fromToken: token('ethereum', 'USDC'),
  toToken: token('arbitrum', 'USDC'),
  amountIn: 100_000_000n,
  sender: SENDER,
  recipient: RECIPIENT,
  userIp: null,
  integratorFee: null,
};

/** What quote stored for the docs' ETH answer (the build case signs it). */
const ethQuote: VenueQuote = {
  amountIn: 10n ** 18n,
  amountOut: 999_921_094_975_691_997n,
  minAmountOut: 999_921_094_975_691_997n,
  estimatedSeconds: 2,
  expiresAt: ETH_QUOTE_NOW + 300_000,
  context: {
    originChainId: 1,
    destinationChainId: 10,
    inputToken: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
    outputToken: '0x4200000000000000000000000000000000000006',
    isNative: true,
    outputAmount: '999921094975691997',
    timestamp: '1754342087',
    fillDeadline: '1754353917',
    exclusiveRelayer: '0x394311A6Aaa0D8E3411D8b62DE4578D41322d1bD',
    exclusivityDeadline: '1754342267',
    spokePoolAddress: '0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5',
  },
};

/** The docs' status answer is a Base → Polygon USDC deposit; the context is what quote and build stored for it. */
const DEPOSIT_TX = '0x0e44727151684ef4cfe7744aad88007cf55b155a64f5f9047fb9d2fa53780967';
const FILL_TX = '0x0e7b85f1c49c4c89f3b381f12a24d6838be16a41021ab16645bae9dcd1278238';
const POLYGON_USDC = token('polygon', 'USDC');
const statusRequest: VenueStatusRequest = {
  fromChain: 'base',
  toChain: 'polygon',
  toToken: POLYGON_USDC,
  sourceTxHash: DEPOSIT_TX,
  recipient: RECIPIENT,
  amountIn: 50_000_000n,
  expectedOut: 49_950_000n,
  context: {
    originChainId: 8453,
    destinationChainId: 137,
    inputToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    outputToken: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
    isNative: false,
    outputAmount: '49950000',
    timestamp: '1754342087',
    fillDeadline: '1754349287',
    exclusiveRelayer: ZERO,
    exclusivityDeadline: '0',
    spokePoolAddress: '0x09aea4b2242abC8bb4BB78D537A67a245A7bEC64',
  },
};

/** HyperCore (synthetic: nobody recorded a Swap API answer to chain 1337): 50 USDC Base → USDC-SPOT, answered at 1767225600 s. */
const HYPERCORE_NOW = 1_767_225_600_000;
const BASE_PERIPHERY = '0xa30968D3468316D957B9115EAad3C1c8E450116d';
const toSpot: VenueQuoteRequest = {
  fromChain: 'base',
  toChain: 'hypercore',
  fromToken: token('base', 'USDC'),
  toToken: token('hypercore', 'USDC (spot)'),
  amountIn: 50_000_000n,
  sender: SENDER,
  recipient: RECIPIENT,
  userIp: null,
  integratorFee: null,
};
const swapAt = (file: string, status = 200) => [{ method: 'GET' as const, path: '/swap/approval', answer: { file, status } }];
const HYPERCORE_CONTEXT = { route: 'hypercore', originChainId: 8453, destinationChainId: 1337, outputAmount: '50000000' };
const hyperCoreStatusRequest: VenueStatusRequest = {
  fromChain: 'base',
  toChain: 'hypercore',
  toToken: token('hypercore', 'USDC (spot)'),
  sourceTxHash: '0x5b0c6a1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3',
  recipient: RECIPIENT,
  amountIn: 50_000_000n,
  expectedOut: 50_000_000n,
  context: HYPERCORE_CONTEXT,
};

const hyperCoreCases: ContractCase[] = [
  {
    name: 'HyperCore (synthetic Swap API answer): USDC-SPOT in 8 decimals is a 6-decimal row, held 300 s (the signed quote runs 600 s)',
    routes: swapAt('synthetic/swap-approval-usdc-base-to-hypercore-spot.json'),
    call: { kind: 'quote', request: toSpot },
    now: HYPERCORE_NOW,
    expect: { kind: 'row', amountOut: 50_000_000n, minAmountOut: 50_000_000n, estimatedSeconds: 12, expiresAt: HYPERCORE_NOW + 300_000 },
  },
  {
    name: 'HyperCore: USDC (perps) is refused without a call, Across credits spot only',
    routes: [],
    call: { kind: 'quote', request: { ...toSpot, toToken: token('hypercore', 'USDC (perps)') } },
    now: HYPERCORE_NOW,
    expect: { kind: 'rejection', code: 'token_not_supported' },
  },
  {
    name: 'HyperCore: HYPERCORE_ACCOUNT_NOT_INITIALIZED (400, synthetic) refuses the recipient as invalid_input',
    routes: swapAt('synthetic/error-hypercore-account-not-initialized.json', 400),
    call: { kind: 'quote', request: toSpot },
    now: HYPERCORE_NOW,
    expect: { kind: 'rejection', code: 'invalid_input', details: { param: 'recipient' } },
  },
  {
    name: 'HyperCore: a signed quote crediting another account than the recipient is refused',
    routes: swapAt('synthetic/swap-approval-usdc-base-to-hypercore-spot.json'),
    call: { kind: 'quote', request: { ...toSpot, recipient: '0x3333333333333333333333333333333333333333' } },
    now: HYPERCORE_NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: "HyperCore: build re-quotes and signs the pinned periphery's depositForBurn, approving exactly the amount to it",
    routes: swapAt('synthetic/swap-approval-usdc-base-to-hypercore-spot.json'),
    call: { kind: 'build', request: { request: toSpot, quote: { amountIn: 50_000_000n, amountOut: 50_000_000n, minAmountOut: 50_000_000n, estimatedSeconds: 12, expiresAt: HYPERCORE_NOW + 300_000, context: HYPERCORE_CONTEXT } } },
    now: HYPERCORE_NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        const step = plan.shape === 'steps' ? plan.steps[0] : undefined;
        if (step?.vm !== 'evm' || step.to !== BASE_PERIPHERY || step.chainId !== 8453 || step.value !== 0n) throw new Error('expected the Base SponsoredCCTPSrcPeriphery');
        if (plan.shape !== 'steps' || plan.approval?.spender !== BASE_PERIPHERY || plan.approval.amount !== 50_000_000n) throw new Error('expected an exact approval of the periphery');
        if (plan.amountOut !== 50_000_000n || plan.context.route !== 'hypercore') throw new Error(`plan ${String(plan.amountOut)} ${JSON.stringify(plan.context)}`);
      },
    },
  },
  {
    name: 'HyperCore: filled (synthetic) completes with the fill reference and the quoted output in 6 decimals',
    routes: [{ method: 'GET', path: '/deposit/status', answer: { file: 'synthetic/deposit-status-filled-hypercore.json' } }],
    call: { kind: 'status', request: hyperCoreStatusRequest },
    expect: { kind: 'status', state: 'completed', destinationTxHash: '0x9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a291807f6e5d4c3b2a1908f7e6d5c4b', receivedAmount: 50_000_000n },
  },
  {
    name: 'HyperCore: pending with the CCTP leg not minted (destinationChainId null, synthetic) stays pending',
    routes: [{ method: 'GET', path: '/deposit/status', answer: { file: 'synthetic/deposit-status-pending-hypercore.json' } }],
    call: { kind: 'status', request: hyperCoreStatusRequest },
    expect: { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null },
  },
];

const statusAt = (file: string, status = 200) => [{ method: 'GET' as const, path: '/deposit/status', answer: { file, status } }];

function statusCase(name: string, file: string, expect: ContractCase['expect']): ContractCase {
  return { name, routes: statusAt(file), call: { kind: 'status', request: statusRequest }, expect };
}

const cases: ContractCase[] = [
  {
    name: 'docs answer (ETH Ethereum → Optimism, absolute exclusivityDeadline) prices an exact fill that holds 300 s from its arrival',
    routes: [{ method: 'GET', path: '/suggested-fees', answer: { file: 'real/suggested-fees-eth-ethereum-optimism.json' } }],
    call: { kind: 'quote', request: ethQuoteRequest },
    now: ETH_QUOTE_NOW,
    expect: {
      kind: 'row',
      amountOut: 999_921_094_975_691_997n,
      minAmountOut: 999_921_094_975_691_997n,
      estimatedSeconds: 2,
      expiresAt: ETH_QUOTE_NOW + 300_000,
      check: (quote) => {
        if (quote.context.exclusivityDeadline !== '1754342267' || quote.context.exclusiveRelayer !== '0x394311A6Aaa0D8E3411D8b62DE4578D41322d1bD') throw new Error(`exclusivity not kept: ${JSON.stringify(quote.context)}`);
      },
    },
  },
  {
    name: 'answer captured live on 2026-10-04 (WETH Ethereum → Optimism, with internalizedSwapFee, destinationSpokePoolAddress, id) prices an exact fill held 300 s',
    routes: [{ method: 'GET', path: '/suggested-fees', answer: { file: 'real/suggested-fees-weth-ethereum-optimism-2026.json' } }],
    call: { kind: 'quote', request: ethQuoteRequest },
    // Its `id` embeds the time the API answered.
    now: 1_791_139_265_389,
    expect: {
      kind: 'row',
      amountOut: 999_921_107_770_818_075n,
      minAmountOut: 999_921_107_770_818_075n,
      estimatedSeconds: 3,
      expiresAt: 1_791_139_265_389 + 300_000,
      check: (quote) => {
        if (quote.context.exclusivityDeadline !== '1791139303' || quote.context.exclusiveRelayer !== '0xFD03AbCAdaF3F930fA4E37Eb2f6ea3A44a41b7F0') throw new Error(`exclusivity not kept: ${JSON.stringify(quote.context)}`);
        if (quote.context.fillDeadline !== '1791146363') throw new Error(`fillDeadline ${String(quote.context.fillDeadline)}`);
      },
    },
  },
  {
    name: 'SDK-recorded answer without fillDeadline or outputAmount (Oct 2024) still prices, its timestamp 400 s stale',
    routes: [{ method: 'GET', path: '/suggested-fees', answer: { file: 'real/suggested-fees-usdc-ethereum-arbitrum-no-fill-deadline.json' } }],
    call: { kind: 'quote', request: usdcQuoteRequest },
    now: USDC_QUOTE_NOW,
    expect: {
      kind: 'row',
      amountOut: 100_000_000n - 66_352n,
      minAmountOut: 100_000_000n - 66_352n,
      estimatedSeconds: 2,
      // Counted from Strait's clock: timestamp + 300 s would already be past.
      expiresAt: USDC_QUOTE_NOW + 300_000,
      check: (quote) => {
        // The API's own default when it states none: quote timestamp + 2 h.
        if (quote.context.fillDeadline !== String(1_729_612_163 + 7_200)) throw new Error(`fillDeadline ${String(quote.context.fillDeadline)}`);
      },
    },
  },
  {
    name: 'AMOUNT_TOO_HIGH (400) is above_max with the maximum the docs /limits answer states',
    routes: [
      { method: 'GET', path: '/suggested-fees', answer: { file: 'real/error-amount-too-high.json', status: 400 } },
      { method: 'GET', path: '/limits', answer: { file: 'real/limits-eth-ethereum-optimism.json' } },
    ],
    call: { kind: 'quote', request: ethQuoteRequest },
    now: ETH_QUOTE_NOW,
    expect: { kind: 'rejection', code: 'above_max', details: { maxAmountAtomic: '1659439975009194758428' } },
  },
  {
    name: 'INTERNAL_SERVER_ERROR (500) is a venue fault',
    routes: [{ method: 'GET', path: '/suggested-fees', answer: { file: 'real/error-internal.json', status: 500 } }],
    call: { kind: 'quote', request: ethQuoteRequest },
    now: ETH_QUOTE_NOW,
    expect: { kind: 'rejection', code: 'venue_error' },
  },
  {
    name: 'INVALID_PARAM (400) recorded live without the `param` field the docs example carries is still invalid_input',
    routes: [{ method: 'GET', path: '/suggested-fees', answer: { file: 'real/error-invalid-param-output-token-live.json', status: 400 } }],
    call: { kind: 'quote', request: ethQuoteRequest },
    now: ETH_QUOTE_NOW,
    expect: { kind: 'rejection', code: 'invalid_input' },
  },
  {
    name: 'INVALID_PARAM (400) is invalid_input',
    routes: [{ method: 'GET', path: '/suggested-fees', answer: { file: 'real/error-invalid-param.json', status: 400 } }],
    call: { kind: 'quote', request: ethQuoteRequest },
    now: ETH_QUOTE_NOW,
    expect: { kind: 'rejection', code: 'invalid_input', details: { param: 'originToken' } },
  },
  {
    name: 'MISSING_PARAM (400) is invalid_input',
    routes: [{ method: 'GET', path: '/suggested-fees', answer: { file: 'real/error-missing-param.json', status: 400 } }],
    call: { kind: 'quote', request: ethQuoteRequest },
    now: ETH_QUOTE_NOW,
    expect: { kind: 'rejection', code: 'invalid_input' },
  },
  {
    name: "the docs quote's deposit is SpokePool.depositV3 with its timestamp, deadline and absolute exclusivity, ETH as value",
    routes: [],
    call: { kind: 'build', request: { request: ethQuoteRequest, quote: ethQuote } },
    expect: {
      kind: 'plan',
      check: (plan) => {
        const step = plan.shape === 'steps' ? plan.steps[0] : undefined;
        if (step?.vm !== 'evm' || step.to !== '0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5' || step.value !== 10n ** 18n) throw new Error('expected the Ethereum SpokePool with 1 ETH');
        const { args } = decodeFunctionData({ abi: spokePoolDepositAbi, data: step.data });
        const expected = [SENDER, RECIPIENT, '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', '0x4200000000000000000000000000000000000006', 10n ** 18n, 999_921_094_975_691_997n, 10n, '0x394311A6Aaa0D8E3411D8b62DE4578D41322d1bD', 1_754_342_087, 1_754_353_917, 1_754_342_267, '0x'];
        if (JSON.stringify(args, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) !== JSON.stringify(expected, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) {
          throw new Error(`depositV3 args ${JSON.stringify(args, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
        }
        if (plan.shape !== 'steps' || plan.approval !== null) throw new Error('native ETH needs no approval');
      },
    },
  },
  statusCase('docs answer: filled (actionsSucceeded spelled "null,") is completed with the fill hash and the quoted output', 'real/deposit-status-filled.json', {
    kind: 'status',
    state: 'completed',
    destinationTxHash: FILL_TX,
    receivedAmount: 49_950_000n,
  }),
  {
    name: 'DepositNotFoundException (404) while the indexer catches up stays pending',
    routes: statusAt('real/error-deposit-not-found.json', 404),
    call: { kind: 'status', request: statusRequest },
    expect: { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null },
  },
  {
    name: 'INVALID_PARAM (400) on a status lookup is invalid_input',
    routes: statusAt('real/error-deposit-status-invalid-param.json', 400),
    call: { kind: 'status', request: statusRequest },
    expect: { kind: 'rejection', code: 'invalid_input' },
  },
  statusCase('pending', 'synthetic/deposit-status-pending.json', { kind: 'status', state: 'pending', destinationTxHash: null }),
  statusCase('pending with null destinationChainId and depositId is pending, not a bad answer', 'synthetic/deposit-status-pending-nulls.json', { kind: 'status', state: 'pending', unrecognized: false }),
  statusCase('slowFillRequested', 'synthetic/deposit-status-slow-fill-requested.json', { kind: 'status', state: 'pending' }),
  statusCase('slowFilled (indexer status beyond the documented enum) is completed, amount unknown', 'synthetic/deposit-status-slow-filled.json', {
    kind: 'status',
    state: 'completed',
    destinationTxHash: FILL_TX,
    receivedAmount: null,
    unrecognized: false,
  }),
  statusCase('expired waits for the automatic refund', 'synthetic/deposit-status-expired.json', { kind: 'status', state: 'pending' }),
  statusCase('refunded', 'synthetic/deposit-status-refunded.json', { kind: 'status', state: 'refunded' }),
  statusCase('deposit-pending (gasless)', 'synthetic/deposit-status-deposit-pending.json', { kind: 'status', state: 'pending', unrecognized: false }),
  statusCase('deposit-failed (gasless) is failed', 'synthetic/deposit-status-deposit-failed.json', { kind: 'status', state: 'failed' }),
  statusCase('filled with failed destination actions is partial', 'synthetic/deposit-status-actions-failed.json', { kind: 'status', state: 'partial', destinationTxHash: FILL_TX, receivedAmount: 49_950_000n }),
  statusCase('an unknown status is pending and flagged', 'synthetic/deposit-status-unknown.json', { kind: 'status', state: 'pending', unrecognized: true }),
];

export const contract: VenueContract = { venue: 'across', cases: [...cases, ...hyperCoreCases] };
