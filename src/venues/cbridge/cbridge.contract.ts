import { decodeFunctionData } from 'viem';
import type { TokenInfo } from '../../domain/tokens.ts';
import { nativeToken, resolveToken } from '../../domain/tokens.ts';
import type { ContractCase, VenueContract } from '../contract/ContractCase.ts';
import type { VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { cbridgeBridgeAbi, cbridgeTransferId } from './cbridgeCalls.ts';

/**
 * cBridge against its real answers (fixtures/real/SOURCES.json): the estimate, latency and status
 * examples of Celer's own gateway docs. Status values and errors nobody recorded are synthetic
 * variants of those answers (fixtures/synthetic/SOURCES.json).
 */

function token(chain: string, symbol: string | null): TokenInfo {
  const found = symbol === null ? nativeToken(chain) : resolveToken(chain, symbol);
  if (!found) throw new Error(`no ${symbol ?? 'native'} token on ${chain}`);
  return found;
}

const SENDER = '0xaa47c83316edc05cf9ff7136296b026c5de7eccd';
const RECIPIENT = '0x2222222222222222222222222222222222222222';
const ETHEREUM_BRIDGE = '0x5427FEFA711Eff984124bFBB1AB6fbf5E3DA1820';
const ETHEREUM_USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
/** BNB Chain's USDT (18 decimals) is not a Strait registry token; the docs' corridor needs it. */
const BNB_USDT: TokenInfo = { chain: 'bnb', symbol: 'USDT', address: '0x55d398326f99059fF775485246999027B3197955', decimals: 18 };
const NOW = 1_764_000_000_000;

/** The docs' estimate: 1 USDT Ethereum → BNB Chain, slippage tolerance 3000 asked (Strait asks 5000). */
const usdtRequest: VenueQuoteRequest = {
  fromChain: 'ethereum',
  toChain: 'bnb',
  fromToken: token('ethereum', 'USDT'),
  toToken: BNB_USDT,
  amountIn: 1_000_000n,
  sender: SENDER,
  recipient: RECIPIENT,
  userIp: null,
  integratorFee: null,
};

const ESTIMATED = 394_563_471_907_987_906n;
/** eq_value_token_amt × (1 − 608436 / 1e6). */
const FLOOR = 391_564_391_563_999_949n;

const estimateAt = (file: string) => ({ method: 'GET' as const, path: '/v2/estimateAmt', answer: { file } });
const LATENCY = { method: 'GET' as const, path: '/v2/getLatest7DayTransferLatencyForQuery', answer: { file: 'real/latency-ethereum-bnb.json' } };

const usdtQuote: VenueQuote = {
  amountIn: 1_000_000n,
  amountOut: ESTIMATED,
  minAmountOut: FLOOR,
  estimatedSeconds: 326,
  expiresAt: null,
  context: { srcChainId: 1, dstChainId: 56, tokenSymbol: 'USDT', token: ETHEREUM_USDT, isNative: false, bridge: ETHEREUM_BRIDGE, maxSlippage: 608_436, estimatedReceive: ESTIMATED.toString() },
};

/** The docs' status answer is a Fantom → Arbitrum transfer; the context is what quote and build stored for it. */
const DOCS_TRANSFER_ID = '0x77D7E231B08120217969DED3FF1ED2B40C0028CA1E239B225F535C57808A23F6';
const statusRequest: VenueStatusRequest = {
  fromChain: 'fantom',
  toChain: 'arbitrum',
  toToken: token('arbitrum', 'USDT'),
  sourceTxHash: '0x5817041ff87994234a74edbff7f25afb659a5519c1ce0b90b7d886aca67eaccc',
  recipient: RECIPIENT,
  amountIn: 50_000_000n,
  expectedOut: 49_900_000n,
  context: {
    srcChainId: 250,
    dstChainId: 42161,
    tokenSymbol: 'USDT',
    token: '0x049d68029688eAbF473097a2fC38ef61633A3C7A',
    isNative: false,
    bridge: '0x374B8a9f3eC5eB2D97ECA84Ea27aCa45aa1C57EF',
    maxSlippage: 5_400,
    estimatedReceive: '49900000',
    nonce: '1700000000000',
    sender: SENDER,
    receiver: RECIPIENT,
    amount: '50000000',
    transferId: DOCS_TRANSFER_ID,
  },
};
const DST_TX = '0xe73db1fff7407a72d4755cd52252d29afd2e5326b755725df56befba4ff7594b';

const statusAt = (file: string) => [{ method: 'POST' as const, path: '/v2/getTransferStatus', answer: { file } }];
function statusCase(name: string, file: string, expect: ContractCase['expect']): ContractCase {
  return { name, routes: statusAt(file), call: { kind: 'status', request: statusRequest }, expect };
}
function errorCase(code: number, file: string, rejection: ContractCase['expect']): ContractCase {
  return { name: `err ${code} (synthetic) is ${rejection.kind === 'rejection' ? rejection.code : '?'}`, routes: [estimateAt(`synthetic/${file}`), LATENCY], call: { kind: 'quote', request: usdtRequest }, now: NOW, expect: rejection };
}

const json = (value: unknown) => JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

const cases: ContractCase[] = [
  {
    name: "docs estimate (1 USDT Ethereum → BNB Chain): net estimated_receive_amt in 18 decimals, floor eq_value × (1 − max_slippage), the docs' median latency",
    routes: [estimateAt('real/estimate-amt-usdt-ethereum-bnb.json'), LATENCY],
    call: { kind: 'quote', request: usdtRequest },
    now: NOW,
    expect: {
      kind: 'row',
      amountOut: ESTIMATED,
      minAmountOut: FLOOR,
      estimatedSeconds: 326,
      expiresAt: null,
      check: (quote) => {
        if (quote.context.maxSlippage !== 608_436 || quote.context.bridge !== ETHEREUM_BRIDGE) throw new Error(`context ${json(quote.context)}`);
      },
    },
  },
  {
    name: 'without a latency answer the row has no ETA',
    routes: [estimateAt('real/estimate-amt-usdt-ethereum-bnb.json')],
    call: { kind: 'quote', request: usdtRequest },
    now: NOW,
    expect: { kind: 'row', amountOut: ESTIMATED, minAmountOut: FLOOR, estimatedSeconds: null },
  },
  {
    name: 'fees above the amount (negative estimated_receive_amt, synthetic) is below_min with a minimum hint',
    routes: [estimateAt('synthetic/estimate-amt-fees-exceed-amount.json'), LATENCY],
    call: { kind: 'quote', request: { ...usdtRequest, amountIn: 500_000n } },
    now: NOW,
    expect: { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '1210875' } },
  },
  {
    name: 'max_slippage 0 (synthetic) is a bad answer, nothing safe to sign',
    routes: [estimateAt('synthetic/estimate-amt-no-max-slippage.json'), LATENCY],
    call: { kind: 'quote', request: usdtRequest },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/max_slippage' } },
  },
  errorCase(1001, 'error-1001-no-token-on-dst-chain.json', { kind: 'rejection', code: 'token_not_supported', details: { venueCode: '1001' } }),
  errorCase(1002, 'error-1002-no-token-on-src-chain.json', { kind: 'rejection', code: 'token_not_supported', details: { venueCode: '1002' } }),
  errorCase(1004, 'error-1004-not-enough-token-on-dst-chain.json', { kind: 'rejection', code: 'no_liquidity' }),
  errorCase(1005, 'error-1005-inbound-liquidity-limit.json', { kind: 'rejection', code: 'above_max', details: { venueCode: '1005' } }),
  errorCase(1009, 'error-1009-transfer-disabled.json', { kind: 'rejection', code: 'route_not_served' }),
  errorCase(1012, 'error-1012-bad-liq-slippage.json', { kind: 'rejection', code: 'no_liquidity' }),
  errorCase(1015, 'error-1015-address-blocked.json', { kind: 'rejection', code: 'invalid_input' }),
  errorCase(1016, 'error-1016-block-bridge-direct.json', { kind: 'rejection', code: 'route_not_served' }),
  errorCase(1017, 'error-1017-liq-over-cap.json', { kind: 'rejection', code: 'above_max', details: { venueCode: '1017' } }),
  errorCase(1018, 'error-1018-vpn-block.json', { kind: 'rejection', code: 'venue_error' }),
  errorCase(500, 'error-500-common.json', { kind: 'rejection', code: 'venue_error', details: { venueCode: '500' } }),
  {
    name: 'native USDC on Arbitrum is refused without a call (cBridge pools USDC.e there)',
    routes: [],
    call: { kind: 'quote', request: { ...usdtRequest, fromChain: 'arbitrum', toChain: 'ethereum', fromToken: token('arbitrum', 'USDC'), toToken: token('ethereum', 'USDC') } },
    now: NOW,
    expect: { kind: 'rejection', code: 'token_not_supported' },
  },
  {
    name: 'a chain cBridge pools do not reach is route_not_served',
    routes: [],
    call: { kind: 'quote', request: { ...usdtRequest, toChain: 'solana', toToken: token('solana', 'USDT') } },
    now: NOW,
    expect: { kind: 'rejection', code: 'route_not_served' },
  },
  {
    name: "build re-estimates and encodes Bridge.send to the recipient with the fresh max_slippage, approving exactly the amount to the Bridge",
    routes: [estimateAt('real/estimate-amt-usdt-ethereum-bnb.json'), LATENCY],
    call: { kind: 'build', request: { request: usdtRequest, quote: usdtQuote } },
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        if (plan.shape !== 'steps') throw new Error('expected steps');
        const step = plan.steps[0];
        if (step?.vm !== 'evm' || step.to !== ETHEREUM_BRIDGE || step.chainId !== 1 || step.value !== 0n) throw new Error(`step ${json(step)}`);
        const { functionName, args } = decodeFunctionData({ abi: cbridgeBridgeAbi, data: step.data });
        const expected = [RECIPIENT, ETHEREUM_USDT, 1_000_000n, 56n, BigInt(NOW), 608_436];
        if (functionName !== 'send' || json(args) !== json(expected)) throw new Error(`${functionName} ${json(args)}`);
        if (plan.approval?.spender !== ETHEREUM_BRIDGE || plan.approval.amount !== 1_000_000n || plan.approval.token !== ETHEREUM_USDT) throw new Error(`approval ${json(plan.approval)}`);
        const id = cbridgeTransferId({ sender: SENDER, receiver: RECIPIENT, token: ETHEREUM_USDT, amount: 1_000_000n, dstChainId: 56, nonce: BigInt(NOW), srcChainId: 1 });
        if (plan.context.transferId !== id || plan.amountOut !== ESTIMATED || plan.minAmountOut !== FLOOR) throw new Error(`plan ${json(plan)}`);
      },
    },
  },
  statusCase('docs answer: TRANSFER_COMPLETED is completed with the hash of dst_block_tx_link (amount needs a destination RPC)', 'real/transfer-status-completed.json', {
    kind: 'status',
    state: 'completed',
    destinationTxHash: DST_TX,
    receivedAmount: null,
    unrecognized: false,
  }),
  statusCase('status as its enum name (synthetic) reads the same', 'synthetic/transfer-status-completed-enum-name.json', { kind: 'status', state: 'completed', destinationTxHash: DST_TX }),
  statusCase('transfer not found (err 500, synthetic) stays pending until the gateway indexes it', 'synthetic/transfer-status-not-found.json', { kind: 'status', state: 'pending', destinationTxHash: null }),
  statusCase('TRANSFER_UNKNOWN', 'synthetic/transfer-status-0-unknown.json', { kind: 'status', state: 'pending', unrecognized: false }),
  statusCase('TRANSFER_SUBMITTING', 'synthetic/transfer-status-1-submitting.json', { kind: 'status', state: 'pending' }),
  statusCase('TRANSFER_FAILED is failed', 'synthetic/transfer-status-2-failed.json', { kind: 'status', state: 'failed', destinationTxHash: null }),
  statusCase('TRANSFER_WAITING_FOR_SGN_CONFIRMATION', 'synthetic/transfer-status-3-waiting-for-sgn-confirmation.json', { kind: 'status', state: 'pending' }),
  statusCase('TRANSFER_WAITING_FOR_FUND_RELEASE keeps the destination hash, still pending', 'synthetic/transfer-status-4-waiting-for-fund-release.json', { kind: 'status', state: 'pending', destinationTxHash: DST_TX, receivedAmount: null }),
  statusCase('TRANSFER_TO_BE_REFUNDED waits for the sender to claim (BAD_SLIPPAGE)', 'synthetic/transfer-status-6-to-be-refunded.json', {
    kind: 'status',
    state: 'pending',
    check: (status) => {
      if (!status.detail?.includes('BAD_SLIPPAGE') || status.venueStatus !== 'TRANSFER_TO_BE_REFUNDED') throw new Error(`detail ${String(status.detail)}`);
    },
  }),
  statusCase('TRANSFER_REQUESTING_REFUND', 'synthetic/transfer-status-7-requesting-refund.json', { kind: 'status', state: 'pending' }),
  statusCase('real refund answer: TRANSFER_REFUND_TO_BE_CONFIRMED (BAD_SLIPPAGE, signatures ready) waits for the sender to submit Bridge.withdraw', 'real/transfer-status-8-refund-to-be-confirmed.json', {
    kind: 'status',
    state: 'pending',
    destinationTxHash: null,
    receivedAmount: null,
    unrecognized: false,
    check: (status) => {
      if (status.venueStatus !== 'TRANSFER_REFUND_TO_BE_CONFIRMED' || !status.detail?.includes('BAD_SLIPPAGE')) throw new Error(`status ${String(status.venueStatus)}: ${String(status.detail)}`);
    },
  }),
  statusCase('TRANSFER_CONFIRMING_YOUR_REFUND', 'synthetic/transfer-status-9-confirming-your-refund.json', { kind: 'status', state: 'pending' }),
  statusCase('TRANSFER_REFUNDED is refunded', 'synthetic/transfer-status-10-refunded.json', { kind: 'status', state: 'refunded', destinationTxHash: null, receivedAmount: null }),
  statusCase('TRANSFER_DELAYED', 'synthetic/transfer-status-11-delayed.json', { kind: 'status', state: 'pending', unrecognized: false }),
  statusCase('an unknown status is pending and flagged', 'synthetic/transfer-status-99-unknown.json', { kind: 'status', state: 'pending', unrecognized: true }),
];

export const contract: VenueContract = { venue: 'cbridge', cases };
