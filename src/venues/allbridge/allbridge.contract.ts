import { resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import type { ContractCase, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import { onlyEvmStep } from '../contract/onlyEvmStep.ts';
import type { VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { allbridgeChain } from './allbridgeChains.ts';

/**
 * Allbridge Core against its answers (fixtures/real/SOURCES.json): the REST API's documented quote,
 * status and raw-transaction examples (its swagger.json) and the core API status the official SDK's
 * tests replay. Error bodies, the other status conditions and real-shaped bridge calls are synthetic
 * (fixtures/synthetic/SOURCES.json), the calls encoded with the SDK's `swapAndBridge` ABI.
 */

function token(chain: string, symbol: string): TokenInfo {
  const found = resolveToken(chain, symbol);
  if (!found) throw new Error(`no ${symbol} on ${chain}`);
  return found;
}

const NOW = 1_710_000_000_000;
const WALLET = '0x2222222222222222222222222222222222222222';
const ETH_BRIDGE = allbridgeChain('ethereum')?.bridge ?? '';

/** The docs quote's amount (100.5), USDC Ethereum → USDC Arbitrum. */
const request: VenueQuoteRequest = {
  fromChain: 'ethereum',
  toChain: 'arbitrum',
  fromToken: token('ethereum', 'USDC'),
  toToken: token('arbitrum', 'USDC'),
  amountIn: 100_500_000n,
  sender: WALLET,
  recipient: WALLET,
  userIp: null,
  integratorFee: null,
};

const quote: VenueQuote = {
  amountIn: 100_500_000n,
  amountOut: 100_100_000n,
  minAmountOut: 100_100_000n,
  estimatedSeconds: 90,
  expiresAt: NOW + 60_000,
  context: {
    sourceChainId: 1,
    destinationChainId: 42161,
    sourceToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    destinationToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
    messenger: 'ALLBRIDGE',
    feePaymentMethod: 'WITH_NATIVE_CURRENCY',
    nativeFee: '5000',
    amountOut: '100100000',
    minAmountOut: '100100000',
    sourceSymbol: 'ETH',
  },
};

/** The SDK's recorded Tron sender (TronWeb test data), USDT from Tron to Arbitrum USDC. */
const TRON_WALLET = 'TB4K8DV1CDsuT6SGdQ2L2je4XG88KSrgRh';
const tronRequest: VenueQuoteRequest = { ...request, fromChain: 'tron', fromToken: token('tron', 'USDT'), sender: TRON_WALLET };
const tronQuote: VenueQuote = {
  ...quote,
  context: { ...quote.context, sourceChainId: 0, sourceToken: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', nativeFee: '59136000', sourceSymbol: 'TRX' },
};

function tronBuildCase(name: string, file: string, expect: ContractCase['expect']): ContractCase {
  return { name, routes: at('/raw/bridge', file), call: { kind: 'build', request: { request: tronRequest, quote: tronQuote } }, expect, now: NOW };
}

const at = (path: string, file: string, status = 200): ServedRoute[] => [{ method: 'GET', path, answer: { file, status } }];

function quoteCase(name: string, routes: readonly ServedRoute[], expect: ContractCase['expect'], asked: VenueQuoteRequest = request): ContractCase {
  return { name, routes, call: { kind: 'quote', request: asked }, expect, now: NOW };
}

function buildCase(name: string, file: string, expect: ContractCase['expect']): ContractCase {
  return { name, routes: at('/raw/bridge', file), call: { kind: 'build', request: { request, quote } }, expect, now: NOW };
}

function statusRequest(sourceTxHash: string): VenueStatusRequest {
  return { fromChain: 'ethereum', toChain: 'arbitrum', toToken: token('arbitrum', 'USDC'), sourceTxHash, recipient: WALLET, amountIn: 100_500_000n, expectedOut: 100_100_000n, context: quote.context };
}

function statusCase(name: string, file: string, sourceTxHash: string, expect: ContractCase['expect'], status = 200): ContractCase {
  return { name, routes: at('/transfer/status', file, status), call: { kind: 'status', request: statusRequest(sourceTxHash) }, expect, now: NOW };
}

const cases: readonly ContractCase[] = [
  quoteCase('the docs quote: Allbridge messenger, fee in native: estimatedAmount is the row, the fee kept for the build', at('/bridge/quote', 'real/quote-docs-example.json'), {
    kind: 'row',
    amountOut: 100_100_000n,
    minAmountOut: 100_100_000n,
    estimatedSeconds: 90,
    expiresAt: NOW + 60_000,
    check: (row) => {
      const context = row.context as Record<string, unknown>;
      if (context.nativeFee !== '5000' || context.sourceSymbol !== 'ETH') throw new Error(`context ${JSON.stringify(context)}`);
    },
  }),
  quoteCase('AmountNotEnoughError is below_min', at('/bridge/quote', 'synthetic/error-amount-not-enough.json', 400), { kind: 'rejection', code: 'below_min', details: { venueCode: 'AmountNotEnoughError' } }),
  quoteCase('InsufficientPoolLiquidityError is above_max', at('/bridge/quote', 'synthetic/error-insufficient-pool-liquidity.json', 400), { kind: 'rejection', code: 'above_max', details: { venueCode: 'InsufficientPoolLiquidityError' } }),
  quoteCase('"Source token not found" is token_not_supported', at('/bridge/quote', 'synthetic/error-source-token-not-found.json', 400), { kind: 'rejection', code: 'token_not_supported', details: { venueCode: 'Source token not found' } }),
  quoteCase('a 429 is venue_rate_limited', at('/bridge/quote', 'synthetic/error-too-many-requests.json', 429), { kind: 'rejection', code: 'venue_rate_limited' }),
  quoteCase('an answer for another amount is refused', at('/bridge/quote', 'real/quote-docs-example.json'), { kind: 'rejection', code: 'venue_bad_response' }, { ...request, amountIn: 100_000_000n }),
  quoteCase('a Tron destination is not served (Strait builds from Tron, not to it)', [], { kind: 'rejection', code: 'route_not_served' }, { ...request, toChain: 'tron', toToken: token('tron', 'USDT'), recipient: TRON_WALLET }),
  quoteCase('a Solana destination is not served (its transactions are not built here)', [], { kind: 'rejection', code: 'route_not_served' }, { ...request, toChain: 'solana', toToken: token('solana', 'USDC'), recipient: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' }),
  quoteCase('a token without an Allbridge pool (WETH) is token_not_supported', [], { kind: 'rejection', code: 'token_not_supported' }, { ...request, fromToken: token('ethereum', 'WETH') }),
  buildCase('build: one swapAndBridge call to the pinned bridge, the relayer fee as value and declared native fee, an exact approval', 'synthetic/raw-bridge-evm-eth-usdc-to-arb.json', {
    kind: 'plan',
    check: (plan) => {
      const { approval } = onlyEvmStep(plan, { to: ETH_BRIDGE, chainId: 1, value: 5_000n });
      if (plan.shape !== 'steps' || plan.nativeFee !== 5_000n) throw new Error('native fee not declared');
      if (approval?.spender !== ETH_BRIDGE || approval.amount !== 100_500_000n) throw new Error(`approval ${JSON.stringify(approval, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
      if (plan.amountOut !== 100_100_000n) throw new Error(`amountOut ${plan.amountOut}`);
    },
  }),
  buildCase('build: the docs raw transaction (zero address, no call) is refused', 'real/raw-bridge-evm-docs-example.json', { kind: 'rejection', code: 'venue_bad_response' }),
  buildCase('build: a call paying another recipient is refused', 'synthetic/raw-bridge-evm-other-recipient.json', { kind: 'rejection', code: 'venue_bad_response' }),
  buildCase('build: a call to another Allbridge chain is refused', 'synthetic/raw-bridge-evm-other-chain.json', { kind: 'rejection', code: 'venue_bad_response' }),
  buildCase('build: a call bridging another amount is refused', 'synthetic/raw-bridge-evm-other-amount.json', { kind: 'rejection', code: 'venue_bad_response' }),
  tronBuildCase('build from Tron: the node-built swapAndBridge to the pinned Tron bridge, the relayer fee as call value, an exact TRC-20 approval', 'synthetic/raw-bridge-tron-usdt-to-arb.json', {
    kind: 'plan',
    check: (plan) => {
      const step = plan.shape === 'steps' ? plan.steps[0] : undefined;
      if (plan.shape !== 'steps' || plan.steps.length !== 1 || step?.vm !== 'tron' || step.step !== 'main') throw new Error('expected one tron main step');
      if (step.contractAddress !== 'TAuErcuAtU6BPt6YwL51JZ4RpDCPQASCU2' || step.callValue !== 59_136_000n || plan.nativeFee !== 59_136_000n) throw new Error(`step ${step.contractAddress} ${step.callValue}`);
      const approval = plan.approval;
      if (!approval || !('vm' in approval) || approval.spender !== 'TAuErcuAtU6BPt6YwL51JZ4RpDCPQASCU2' || approval.token !== 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' || approval.amount !== 100_500_000n) throw new Error('expected an exact TRC-20 approval of the bridge');
    },
  }),
  tronBuildCase('build from Tron: the docs Tron transaction (no contract, raw_data_hex 00) is refused', 'real/raw-bridge-tron-docs-example.json', { kind: 'rejection', code: 'venue_bad_response' }),
  tronBuildCase("build from Tron: the SDK's recorded testnet call (another bridge, Allbridge chain 2) is refused", 'synthetic/raw-bridge-tron-sdk-testnet.json', { kind: 'rejection', code: 'venue_bad_response' }),
  tronBuildCase('build from Tron: a call paying another recipient is refused', 'synthetic/raw-bridge-tron-other-recipient.json', { kind: 'rejection', code: 'venue_bad_response' }),
  statusCase('the SDK-recorded core API answer (receive leg, numeric messenger) is completed with its payout', 'real/status-sdk-send-status.json', 'dc634ffb1ed65e4e7d698f6f2a7713d09b185425c85d56175d28a408e54dd94f', {
    kind: 'status',
    state: 'completed',
    destinationTxHash: '0x66f2f6d442cd4766448b4be5c323c31887ebdd12970fbc6266151ea0fee05cf9',
    receivedAmount: 3_988_000_000_000_000n,
  }),
  statusCase('the docs status (receive leg) is completed', 'real/status-docs-example.json', '0x1234', { kind: 'status', state: 'completed', destinationTxHash: '0x5678', receivedAmount: 999_000n }),
  statusCase('no receive leg, 2 of 4 signatures: pending', 'synthetic/status-signing.json', '0x1234', { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null }),
  statusCase('no receive leg, all signatures: pending', 'synthetic/status-signed.json', '0x1234', { kind: 'status', state: 'pending', receivedAmount: null }),
  statusCase('a receive leg without a transaction id is pending and unrecognized', 'synthetic/status-receive-without-tx.json', '0x1234', { kind: 'status', state: 'pending', unrecognized: true }),
  statusCase('the REST API\'s generic 400 (the core API does not know the transaction yet) is pending', 'synthetic/error-bad-request.json', '0x1234', { kind: 'status', state: 'pending', destinationTxHash: null }, 400),
  statusCase('a 404 (not indexed yet, the hosted core API\'s answer) is pending', 'synthetic/error-bad-request.json', '0x1234', { kind: 'status', state: 'pending', destinationTxHash: null }, 404),
];

export const contract: VenueContract = { venue: 'allbridge', cases };
