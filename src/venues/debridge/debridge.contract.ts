import { nativeToken, resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import type { ContractCase, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import type { VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { decodeSvmTransaction } from '../../chains/svm/decodeSvmTransaction.ts';
import { DLN_SOLANA_SOURCE, DLN_SOURCE } from './debridgeChains.ts';
import { dlnSolanaOrderOf } from './dlnSolanaOrder.ts';

/**
 * deBridge DLN against its answers (fixtures/real/SOURCES.json): the create-tx response example of
 * deBridge's docs (1000 ARB Arbitrum → MATIC Polygon, pre-swapped through DeBridgeRouter) and the
 * quick-start's order-ids and status answers. No recorded native-input order, error body or status
 * other than ClaimedUnlock was found: those are synthetic variants (fixtures/synthetic/SOURCES.json),
 * the order calldata encoded with DlnSource's `createSaltedOrder` ABI. Nor was a Solana-source
 * create-tx answer: its synthetic variant carries a DlnSource `create_order_with_nonce` transaction
 * in the layout of a real mainnet one (real/dln-solana-order-tx-jupiter-preswap.hex).
 */

function token(chain: string, symbol: string | null): TokenInfo {
  const found = symbol === null ? nativeToken(chain) : resolveToken(chain, symbol);
  if (!found) throw new Error(`no ${symbol ?? 'native'} token on ${chain}`);
  return found;
}

const NOW = 1_746_213_179_000;
/** The wallet of deBridge's docs example. */
const WALLET = '0x55A8f5cce1d53D9Ff84EC0962882b447E5914dB8';
const ARB: TokenInfo = { chain: 'arbitrum', symbol: 'ARB', address: '0x912ce59144191c1204e64559fe8253a0e49e6548', decimals: 18 };

/** The docs' request, with the amount its answer says the order gives (operating expenses prepended). */
const docsRequest: VenueQuoteRequest = {
  fromChain: 'arbitrum',
  toChain: 'polygon',
  fromToken: ARB,
  toToken: token('polygon', null),
  amountIn: 1_000_097_362_178_910_640_486n,
  sender: WALLET,
  recipient: WALLET,
  userIp: null,
  integratorFee: null,
};

/** 1 ETH Arbitrum → ETH Base: the order gives 0.999 ETH, the flat fee of 0.001 ETH rides beside. */
const ethRequest: VenueQuoteRequest = {
  fromChain: 'arbitrum',
  toChain: 'base',
  fromToken: token('arbitrum', null),
  toToken: token('base', null),
  amountIn: 10n ** 18n,
  sender: WALLET,
  recipient: WALLET,
  userIp: null,
  integratorFee: null,
};
const ETH_TAKE = 998_180_959_840_000_000n;
const ZERO = '0x0000000000000000000000000000000000000000';
const ethQuote: VenueQuote = {
  amountIn: 10n ** 18n,
  amountOut: ETH_TAKE,
  minAmountOut: ETH_TAKE,
  estimatedSeconds: 2,
  expiresAt: NOW + 60_000,
  context: { srcChainId: 42161, dstChainId: 8453, srcToken: ZERO, dstToken: ZERO, giveAmount: '999000000000000000', fixFee: '1000000000000000', takeAmount: ETH_TAKE.toString() },
};

/** The real Solana order transaction's maker and receiver, 21.567102 USDC Solana → USDC Base. */
const SOLANA_MAKER = '6piKmZxbAeLhsFeVX9V9gaSQ2tdHn5EcFnoTMQ8KoX1q';
const SOLANA_RECEIVER = '0x9528cf48a8deb982b5549d72abbb764ffdbce301';
const solanaRequest: VenueQuoteRequest = {
  fromChain: 'solana',
  toChain: 'base',
  fromToken: token('solana', 'USDC'),
  toToken: token('base', 'USDC'),
  amountIn: 21_567_102n,
  sender: SOLANA_MAKER,
  recipient: SOLANA_RECEIVER,
  userIp: null,
  integratorFee: null,
};
const SOLANA_TAKE = 21_480_833n;
const solanaQuote: VenueQuote = {
  amountIn: 21_567_102n,
  amountOut: SOLANA_TAKE,
  minAmountOut: SOLANA_TAKE,
  estimatedSeconds: 3,
  expiresAt: NOW + 60_000,
  context: { srcChainId: 7565164, dstChainId: 8453, srcToken: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', dstToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', giveAmount: '21567102', fixFee: '15000000', takeAmount: SOLANA_TAKE.toString() },
};

const createTxAt = (file: string, status = 200, headers?: Record<string, string>): ServedRoute[] => [{ method: 'GET', path: '/v1.0/dln/order/create-tx', answer: { file, status, ...(headers ? { headers } : {}) } }];

function quoteCase(name: string, routes: readonly ServedRoute[], request: VenueQuoteRequest, expect: ContractCase['expect']): ContractCase {
  return { name, routes, call: { kind: 'quote', request }, expect, now: NOW };
}

/** The quick-start's order: its id, the BNB Chain transaction that placed it, the take amount stored at quote. */
const DOCS_ORDER = '0x9ee6c3d0aa68a7504e619b02df7c71539d0ce10e27f593bf8604b62e51955a01';
const statusRequest: VenueStatusRequest = {
  fromChain: 'bnb',
  toChain: 'arbitrum',
  toToken: token('arbitrum', 'USDC'),
  sourceTxHash: '0x40ee524d5bb9c4ecd8e55d23c66c5465a3f137be7ae24df366c3fd06daf7de7e',
  recipient: WALLET,
  amountIn: 100_000_000n,
  expectedOut: 99_700_000n,
  context: { srcChainId: 56, dstChainId: 42161, srcToken: ZERO, dstToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', giveAmount: '100000000', fixFee: '5000000000000000', takeAmount: '99700000', orderId: DOCS_ORDER },
};

const ORDER_IDS: ServedRoute = { method: 'GET', path: /^\/v1\.0\/dln\/tx\/0x[0-9a-f]{64}\/order-ids$/, answer: { file: 'real/order-ids-bnb-tx.json' } };
const statusAt = (file: string, status = 200): ServedRoute[] => [ORDER_IDS, { method: 'GET', path: `/v1.0/dln/order/${DOCS_ORDER}/status`, answer: { file, status } }];

function statusCase(name: string, routes: readonly ServedRoute[], expect: ContractCase['expect']): ContractCase {
  return { name, routes, call: { kind: 'status', request: statusRequest }, expect, now: NOW };
}

const synthetic = (status: string): string => `synthetic/status-${status}.json`;

const cases: readonly ContractCase[] = [
  // The 0.001 ETH flat fee rides beside the ERC-20 input as the build's declared native fee (docs/steps.md#native-fees).
  quoteCase('the docs answer (ARB, an ERC-20 input): the whole input given, the take amount the row, the flat fee kept for the build', createTxAt('real/create-tx-arb-arbitrum-to-matic-polygon.json'), docsRequest, {
    kind: 'row',
    amountOut: 1_414_379_129_275_580_318_365n,
    minAmountOut: 1_414_379_129_275_580_318_365n,
    estimatedSeconds: 3,
    check: (quote) => {
      const context = quote.context as Record<string, unknown>;
      if (context.giveAmount !== docsRequest.amountIn.toString() || context.fixFee !== '1000000000000000') throw new Error(`context ${JSON.stringify(context)}`);
    },
  }),
  quoteCase('a native input gives amountIn less the flat fee; the take amount is the row, exact', createTxAt('synthetic/create-tx-eth-arbitrum-to-base.json'), ethRequest, {
    kind: 'row',
    amountOut: ETH_TAKE,
    minAmountOut: ETH_TAKE,
    estimatedSeconds: 2,
    expiresAt: NOW + 60_000,
    check: (quote) => {
      const context = quote.context as Record<string, unknown>;
      if (context.giveAmount !== '999000000000000000' || context.fixFee !== '1000000000000000') throw new Error(`context ${JSON.stringify(context)}`);
    },
  }),
  quoteCase('ERROR_LOW_GIVE_AMOUNT is below_min', createTxAt('synthetic/error-low-give-amount.json', 400), ethRequest, { kind: 'rejection', code: 'below_min', details: { venueCode: 'ERROR_LOW_GIVE_AMOUNT' } }),
  quoteCase('INVALID_QUERY_PARAMETERS "dstChainId must be one of …" (recorded live) is route_not_served, not the caller\'s fault', createTxAt('real/error-invalid-query-parameters-dst-chain.json', 400), ethRequest, { kind: 'rejection', code: 'route_not_served', details: { venueCode: 'INVALID_QUERY_PARAMETERS', errorCode: 2 } }),
  quoteCase('UNSUPPORTED_TOKEN_OUT is token_not_supported', createTxAt('synthetic/error-unsupported-token-out.json', 400), ethRequest, { kind: 'rejection', code: 'token_not_supported', details: { venueCode: 'UNSUPPORTED_TOKEN_OUT' } }),
  quoteCase('a 429 is venue_rate_limited', createTxAt('synthetic/error-rate-limit.json', 429, { 'retry-after': '2' }), ethRequest, { kind: 'rejection', code: 'venue_rate_limited' }),
  quoteCase('a Solana destination is not served (its receiver is not checked yet)', [], { ...ethRequest, toChain: 'solana', toToken: token('solana', null), recipient: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' }, { kind: 'rejection', code: 'route_not_served' }),
  {
    name: 'build: one call to DlnSource carrying give plus fee, the order checked, its id kept for status',
    routes: createTxAt('synthetic/create-tx-eth-arbitrum-to-base.json'),
    call: { kind: 'build', request: { request: ethRequest, quote: ethQuote } },
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        if (plan.shape !== 'steps') throw new Error(`shape ${plan.shape}`);
        const [step] = plan.steps;
        if (plan.steps.length !== 1 || !step || step.vm !== 'evm') throw new Error('expected one EVM step');
        if (step.to !== DLN_SOURCE || step.value !== 10n ** 18n || step.chainId !== 42161 || !step.data.startsWith('0xb9303701')) throw new Error(`step ${step.to} ${step.value} ${step.chainId}`);
        if (plan.approval !== null || plan.amountOut !== ETH_TAKE) throw new Error('a native input needs no approval');
        if ((plan.context as Record<string, unknown>).orderId !== '0x167dab3bd09b1b9a2fde9ea7ca29434ca7fa7869b556b5d9ec280dfdb2fad466') throw new Error('order id not kept');
      },
    },
  },
  {
    name: 'build: an order paying another receiver is refused',
    routes: createTxAt('synthetic/create-tx-eth-arbitrum-to-base-other-receiver.json'),
    call: { kind: 'build', request: { request: ethRequest, quote: ethQuote } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  quoteCase('from Solana (USDC): the whole input given, the flat fee in SOL kept for the build', createTxAt('synthetic/create-tx-usdc-solana-to-base.json'), solanaRequest, {
    kind: 'row',
    amountOut: SOLANA_TAKE,
    minAmountOut: SOLANA_TAKE,
    check: (quote) => {
      const context = quote.context as Record<string, unknown>;
      if (context.giveAmount !== '21567102' || context.fixFee !== '15000000' || context.srcToken !== 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v') throw new Error(`context ${JSON.stringify(context)}`);
    },
  }),
  quoteCase('from Solana, an answer that pre-swaps the input (through Jupiter) is token_not_supported', createTxAt('synthetic/create-tx-usdc-solana-to-base-pre-swap.json'), solanaRequest, { kind: 'rejection', code: 'token_not_supported' }),
  {
    name: 'build from Solana: one svm step (base64, fresh blockhash) placing the quoted order, the flat fee declared beside it',
    routes: createTxAt('synthetic/create-tx-usdc-solana-to-base.json'),
    call: { kind: 'build', request: { request: solanaRequest, quote: solanaQuote } },
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        if (plan.shape !== 'steps') throw new Error(`shape ${plan.shape}`);
        const [step] = plan.steps;
        if (plan.steps.length !== 1 || !step || step.vm !== 'svm' || step.encoding !== 'base64' || !step.refreshBlockhash) throw new Error('expected one base64 svm step with refreshBlockhash');
        const tx = decodeSvmTransaction(step.serializedTx, 'base64');
        const order = dlnSolanaOrderOf(tx);
        if (typeof order === 'string' || tx.staticAccounts[0] !== SOLANA_MAKER || !tx.staticAccounts.includes(DLN_SOLANA_SOURCE)) throw new Error(`order ${String(order)}`);
        if (order.giveAmount !== 21_567_102n || order.takeAmount !== SOLANA_TAKE || order.receiverDst !== SOLANA_RECEIVER || order.takeChainId !== 8453n) throw new Error('order fields');
        if (plan.approval !== null || plan.nativeFee !== 15_000_000n || plan.amountOut !== SOLANA_TAKE) throw new Error('an SPL input pays the flat fee in SOL beside the order, with no approval');
        if ((plan.context as Record<string, unknown>).orderId !== '0xf1b4aade79cc72d629c5d9c49eabfd73bdeebf374865d1039ee54909dd37c4c8') throw new Error('order id not kept');
      },
    },
  },
  {
    name: 'build from Solana: a transaction another wallet pays for is refused',
    routes: createTxAt('synthetic/create-tx-usdc-solana-to-base.json'),
    call: { kind: 'build', request: { request: { ...solanaRequest, sender: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' }, quote: solanaQuote } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  statusCase('docs ClaimedUnlock (order found from the source transaction) is completed with the take amount', statusAt('real/status-claimed-unlock.json'), {
    kind: 'status',
    state: 'completed',
    destinationTxHash: null,
    receivedAmount: 99_700_000n,
  }),
  statusCase('None stays pending', statusAt(synthetic('none')), { kind: 'status', state: 'pending', receivedAmount: null }),
  statusCase('Created stays pending', statusAt(synthetic('created')), { kind: 'status', state: 'pending', receivedAmount: null }),
  statusCase('Fulfilled is completed', statusAt(synthetic('fulfilled')), { kind: 'status', state: 'completed', receivedAmount: 99_700_000n }),
  statusCase('SentUnlock is completed', statusAt(synthetic('sent-unlock')), { kind: 'status', state: 'completed', receivedAmount: 99_700_000n }),
  statusCase('OrderCancelled stays pending (the refund is on its way)', statusAt(synthetic('order-cancelled')), { kind: 'status', state: 'pending', receivedAmount: null }),
  statusCase('SentOrderCancel stays pending', statusAt(synthetic('sent-order-cancel')), { kind: 'status', state: 'pending', receivedAmount: null }),
  statusCase('ClaimedOrderCancel is refunded', statusAt(synthetic('claimed-order-cancel')), { kind: 'status', state: 'refunded', receivedAmount: null }),
  statusCase('an unknown status value is pending and unrecognized', statusAt(synthetic('frozen')), { kind: 'status', state: 'pending', unrecognized: true }),
  statusCase('400 UNKNOWN_ORDER (not indexed yet) stays pending', statusAt('synthetic/error-unknown-order.json', 400), { kind: 'status', state: 'pending', destinationTxHash: null }),
  statusCase(
    'a transaction not indexed yet falls back to the order id built',
    [
      { method: 'GET', path: /^\/v1\.0\/dln\/tx\/0x[0-9a-f]{64}\/order-ids$/, answer: { file: 'synthetic/order-ids-none.json' } },
      { method: 'GET', path: `/v1.0/dln/order/${DOCS_ORDER}/status`, answer: { file: synthetic('created') } },
    ],
    { kind: 'status', state: 'pending' },
  ),
];

export const contract: VenueContract = { venue: 'debridge', cases };
