import { getAddress } from 'viem';
import type { ContractCase, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import { onlyEvmStep } from '../contract/onlyEvmStep.ts';
import type { VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { knownToken as token } from '../fake/testVenueDeps.ts';

/**
 * Garden proven by the answers its API docs recorded (fixtures/real/SOURCES.json: the v2 quickstart
 * on Garden's testnet, one BTC-source and one EVM-source swap, each quoted, ordered and tracked).
 * Testnet answers name the testnet twins of the chains (`ethereum_sepolia:wbtc`), which the adapter
 * reads as the chain asked for. Mainnet order answers, lifecycle steps nobody recorded and error
 * bodies are synthetic variants (fixtures/synthetic/SOURCES.json).
 */

const APP_ID = { APP_ID: 'f242ea49332293424c96c562a6ef575a819908c878134dcb4fce424dc84ec796' };
const SOLVER = '0x9dd9c2d208b07bf9a4ef9ca311f36d7185749635';
const USER_EVM = '0x4cD3FB4a504cc978f316a81Dc5165D2C5b30592d';
const USER_BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
/** The BTC recipient of the docs' EVM-source order (its destination swap's redeemer). */
const DOCS_BTC_RECIPIENT = 'tb1p4pr78swsn60y4ushe05v28mqpqppxxkfkxu2wun5jw6duc8unj3sjrh4gd';
const ETHEREUM_WBTC_HTLC = getAddress('0x795dcb58d1cd4789169d5f938ea05e17eceb68ca');

/** The docs' EVM-source swap, asked on mainnet: 0.0005 WBTC on Ethereum → BTC. */
const WBTC_TO_BTC: VenueQuoteRequest = {
  fromChain: 'ethereum',
  toChain: 'bitcoin',
  fromToken: { chain: 'ethereum', symbol: 'WBTC', address: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', decimals: 8 },
  toToken: token('bitcoin', null),
  amountIn: 50_000n,
  sender: USER_EVM,
  recipient: USER_BTC,
  userIp: null,
  integratorFee: null,
};

/** The docs' BTC-source swap, asked on mainnet towards Arbitrum WBTC. */
const BTC_TO_WBTC: VenueQuoteRequest = {
  ...WBTC_TO_BTC,
  fromChain: 'bitcoin',
  toChain: 'arbitrum',
  fromToken: token('bitcoin', null),
  toToken: { chain: 'arbitrum', symbol: 'WBTC', address: '0x2f2a2543B76A4166549F7aaB2e75Bef0aefC5B0f', decimals: 8 },
  sender: USER_BTC,
  recipient: '0x004Cc75ACF4132Fc08cB6a252E767804F303F729',
};

const quoteRoute = (file: string, status?: number): ServedRoute => ({ method: 'GET', path: '/v2/quote', answer: { file, ...(status === undefined ? {} : { status }) } });
const orderRoute = (file: string, status?: number): ServedRoute => ({ method: 'POST', path: '/v2/orders', answer: { file, ...(status === undefined ? {} : { status }) } });
const statusRoute = (file: string): ServedRoute => ({ method: 'GET', path: /^\/v2\/orders\/[0-9a-f]+$/, answer: { file } });

const quoted = (fromAsset: string, toAsset: string): VenueQuote => ({
  amountIn: 50_000n,
  amountOut: 49_850n,
  minAmountOut: 49_601n,
  estimatedSeconds: null,
  expiresAt: null,
  context: { fromAsset, toAsset, solverId: SOLVER },
});

/** The docs' EVM-source order, just created (2025-09-01T06:48:02Z), nothing initiated. */
const EVM_ORDER = '7e69c6514fa6c7a46b88e235e484d9958029cbe748e125add69b1ffcf7265198';
const EVM_CREATED = Date.parse('2025-09-01T06:48:02.138492Z');
/** The docs' BTC-source order, redeemed on Base Sepolia at 04:42:34Z. */
const BTC_ORDER = 'f8a12d1320fce93c5888b6014abeb5f5de85ecc8c0eef8133f3da03822592121';
const BTC_REDEEMED = Date.parse('2025-07-09T04:42:34Z');
/** The HTLC address its order answered (`to`), which its status names as the source swap. */
const BTC_HTLC = 'tb1ptt49v22dcst7mquwfsmcu2t56xjg07whtcgufvhjuj5zu89y6q0qn8fvfp';

function statusRequest(orderId: string, minAmountOut: string, request: VenueQuoteRequest = WBTC_TO_BTC): VenueStatusRequest {
  return {
    fromChain: request.fromChain,
    toChain: request.toChain,
    toToken: request.toToken,
    sourceTxHash: `0x${'5a'.repeat(32)}`,
    recipient: request === WBTC_TO_BTC ? DOCS_BTC_RECIPIENT : request.recipient,
    amountIn: request.amountIn,
    expectedOut: 49_850n,
    context: { fromAsset: 'ethereum:wbtc', toAsset: 'bitcoin:btc', solverId: SOLVER, orderId, minAmountOut },
  };
}

const notUnrecognized = (status: { unrecognized?: boolean }): void => {
  if (status.unrecognized) throw new Error('a derived status was flagged unrecognized');
};

function lifecycleCase(file: string, venueStatus: string, state: 'pending' | 'refunded' | 'completed', destinationTxHash: string | null = null, receivedAmount: bigint | null = null): ContractCase {
  return {
    name: `status: ${file} derives ${venueStatus} → ${state}`,
    routes: [statusRoute(file)],
    call: { kind: 'status', request: statusRequest(EVM_ORDER, '49601') },
    credentials: APP_ID,
    now: EVM_CREATED + 20 * 60_000,
    expect: {
      kind: 'status',
      state,
      destinationTxHash,
      receivedAmount,
      check(status) {
        notUnrecognized(status);
        if (status.venueStatus !== venueStatus) throw new Error(`derived ${status.venueStatus}, expected ${venueStatus}`);
      },
    },
  };
}

export const contract: VenueContract = {
  venue: 'garden',
  cases: [
    {
      name: 'quote: the docs\' 0.0005 WBTC (Ethereum) → BTC prices the solver row, 0.5 % slippage floor, no ETA or expiry',
      routes: [quoteRoute('real/quote-eth-wbtc-to-btc.json')],
      call: { kind: 'quote', request: WBTC_TO_BTC },
      credentials: APP_ID,
      expect: {
        kind: 'row',
        amountOut: 49_850n,
        minAmountOut: 49_601n,
        estimatedSeconds: null,
        expiresAt: null,
        check(quote) {
          if (quote.context.solverId !== SOLVER || quote.context.fromAsset !== 'ethereum:wbtc' || quote.context.toAsset !== 'bitcoin:btc') throw new Error(`context ${JSON.stringify(quote.context)}`);
        },
      },
    },
    {
      name: 'quote: a row carrying estimated_time gives the ETA',
      routes: [quoteRoute('synthetic/quote-eth-wbtc-to-btc-estimated-time.json')],
      call: { kind: 'quote', request: WBTC_TO_BTC },
      credentials: APP_ID,
      expect: { kind: 'row', amountOut: 49_850n, minAmountOut: 49_601n, estimatedSeconds: 600 },
    },
    {
      name: 'quote: a real answer for another pair (Base WBTC where Arbitrum WBTC was asked) is refused, not priced',
      routes: [quoteRoute('real/quote-btc-to-base-wbtc.json')],
      call: { kind: 'quote', request: BTC_TO_WBTC },
      credentials: APP_ID,
      expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/result/0' } },
    },
    {
      name: 'quote: an amount under the range Garden states is below_min with both limits',
      routes: [quoteRoute('synthetic/error-amount-range.json', 400)],
      call: { kind: 'quote', request: { ...WBTC_TO_BTC, amountIn: 10_000n } },
      credentials: APP_ID,
      expect: { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '50000', maxAmountAtomic: '1000000' } },
    },
    {
      name: 'quote: an amount over the range is above_max with both limits',
      routes: [quoteRoute('synthetic/error-amount-range.json', 400)],
      call: { kind: 'quote', request: { ...WBTC_TO_BTC, amountIn: 2_000_000n } },
      credentials: APP_ID,
      expect: { kind: 'rejection', code: 'above_max', details: { minAmountAtomic: '50000', maxAmountAtomic: '1000000' } },
    },
    {
      name: 'quote: a pair outside Garden\'s route policy is route_not_served',
      routes: [quoteRoute('synthetic/error-no-order-pair.json', 400)],
      call: { kind: 'quote', request: WBTC_TO_BTC },
      credentials: APP_ID,
      expect: { kind: 'rejection', code: 'route_not_served' },
    },
    {
      name: 'quote: solvers short of liquidity is no_liquidity',
      routes: [quoteRoute('synthetic/error-insufficient-liquidity.json', 400)],
      call: { kind: 'quote', request: WBTC_TO_BTC },
      credentials: APP_ID,
      expect: { kind: 'rejection', code: 'no_liquidity' },
    },
    {
      name: 'build from Bitcoin: the order\'s HTLC address is the deposit, exactly the amount, due within the hour',
      routes: [orderRoute('synthetic/order-btc-source-mainnet.json')],
      call: { kind: 'build', request: { request: BTC_TO_WBTC, quote: quoted('bitcoin:btc', 'arbitrum:wbtc') } },
      credentials: APP_ID,
      now: EVM_CREATED,
      expect: {
        kind: 'plan',
        check(plan) {
          if (plan.shape !== 'deposit') throw new Error(`shape ${plan.shape}`);
          const { deposit } = plan;
          if (deposit.address !== 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0' || deposit.amount !== 50_000n || deposit.token !== null || deposit.memo !== null) throw new Error(`deposit ${JSON.stringify(deposit, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
          if (deposit.deadlineMs !== EVM_CREATED + 3_600_000) throw new Error(`deadline ${deposit.deadlineMs}`);
          if (plan.context.orderId !== BTC_ORDER || plan.context.minAmountOut !== '49601') throw new Error(`context ${JSON.stringify(plan.context)}`);
        },
      },
    },
    {
      name: 'build from Bitcoin: the docs\' testnet HTLC address is not a Bitcoin mainnet address and is refused',
      routes: [orderRoute('real/order-btc-source.json')],
      call: { kind: 'build', request: { request: BTC_TO_WBTC, quote: quoted('bitcoin:btc', 'arbitrum:wbtc') } },
      credentials: APP_ID,
      expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/result/to' } },
    },
    {
      name: 'build from Ethereum: one initiate of the pinned WBTC HTLC locking the amount, with an exact approval of it',
      routes: [orderRoute('synthetic/order-evm-source-mainnet.json')],
      call: { kind: 'build', request: { request: WBTC_TO_BTC, quote: quoted('ethereum:wbtc', 'bitcoin:btc') } },
      credentials: APP_ID,
      expect: {
        kind: 'plan',
        check(plan) {
          const { step, approval } = onlyEvmStep(plan, { to: ETHEREUM_WBTC_HTLC, chainId: 1, value: 0n });
          if (!step.data.startsWith('0x97ffc7ae')) throw new Error(`selector ${step.data.slice(0, 10)}`);
          if (!approval || !('chainId' in approval)) throw new Error('no EVM approval');
          if (approval.spender !== ETHEREUM_WBTC_HTLC || approval.amount !== 50_000n || approval.token !== getAddress('0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599')) throw new Error(`approval ${approval.spender} ${approval.amount}`);
          if (plan.context.orderId !== EVM_ORDER) throw new Error(`context ${JSON.stringify(plan.context)}`);
        },
      },
    },
    {
      name: 'build from Ethereum: the docs\' Sepolia order (chain 11155111) is refused on Ethereum',
      routes: [orderRoute('real/order-evm-source.json')],
      call: { kind: 'build', request: { request: WBTC_TO_BTC, quote: quoted('ethereum:wbtc', 'bitcoin:btc') } },
      credentials: APP_ID,
      expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/result/initiate_transaction/chain_id' } },
    },
    {
      name: 'build from Ethereum: an initiate locking another amount than the transfer is refused',
      routes: [orderRoute('synthetic/order-evm-source-mainnet-amount-changed.json')],
      call: { kind: 'build', request: { request: WBTC_TO_BTC, quote: quoted('ethereum:wbtc', 'bitcoin:btc') } },
      credentials: APP_ID,
      expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/result/initiate_transaction/data' } },
    },
    {
      name: 'status: the docs\' BTC-source order, redeemed to the recipient, is completed with the redeem hash and the filled amount',
      routes: [statusRoute('real/status-btc-source-redeemed.json')],
      call: { kind: 'status', request: { ...statusRequest(BTC_ORDER, '49601', BTC_TO_WBTC), context: { fromAsset: 'bitcoin:btc', toAsset: 'arbitrum:wbtc', solverId: SOLVER, orderId: BTC_ORDER, depositAddress: BTC_HTLC, minAmountOut: '49601' } } },
      credentials: APP_ID,
      now: BTC_REDEEMED,
      expect: { kind: 'status', state: 'completed', destinationTxHash: '0x7b3d81b0caddadbb35a9cf717b5f23b2ceddfa7a1a5251b2dbee723247cffdd6', receivedAmount: 498_500n, check: notUnrecognized },
    },
    {
      name: 'status: an order whose destination pays another redeemer than the recipient is refused',
      routes: [statusRoute('real/status-btc-source-redeemed.json')],
      call: { kind: 'status', request: { ...statusRequest(BTC_ORDER, '49601', BTC_TO_WBTC), recipient: '0x0000000000000000000000000000000000000bad', context: { fromAsset: 'bitcoin:btc', toAsset: 'arbitrum:wbtc', solverId: SOLVER, orderId: BTC_ORDER } } },
      credentials: APP_ID,
      now: BTC_REDEEMED,
      expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/result/destination_swap/redeemer' } },
    },
    {
      name: 'status: a BTC-source order locking at another address than the deposit built is refused',
      routes: [statusRoute('real/status-btc-source-redeemed.json')],
      call: { kind: 'status', request: { ...statusRequest(BTC_ORDER, '49601', BTC_TO_WBTC), context: { fromAsset: 'bitcoin:btc', toAsset: 'arbitrum:wbtc', solverId: SOLVER, orderId: BTC_ORDER, depositAddress: 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0' } } },
      credentials: APP_ID,
      now: BTC_REDEEMED,
      expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/result/source_swap/swap_id' } },
    },
    {
      name: 'status: the same redeem delivering less than the order\'s minimum is partial',
      routes: [statusRoute('real/status-btc-source-redeemed.json')],
      call: { kind: 'status', request: { ...statusRequest(BTC_ORDER, '500000', BTC_TO_WBTC), context: { fromAsset: 'bitcoin:btc', toAsset: 'arbitrum:wbtc', solverId: SOLVER, orderId: BTC_ORDER, minAmountOut: '500000' } } },
      credentials: APP_ID,
      now: BTC_REDEEMED,
      expect: { kind: 'status', state: 'partial', receivedAmount: 498_500n },
    },
    {
      name: 'status: the docs\' EVM-source order just created is pending (Matched, waiting for the deposit)',
      routes: [statusRoute('real/status-evm-source-not-initiated.json')],
      call: { kind: 'status', request: statusRequest(EVM_ORDER, '49601') },
      credentials: APP_ID,
      now: EVM_CREATED + 10 * 60_000,
      expect: {
        kind: 'status',
        state: 'pending',
        destinationTxHash: null,
        receivedAmount: null,
        check(status) {
          notUnrecognized(status);
          if (status.venueStatus !== 'Matched') throw new Error(`derived ${status.venueStatus}`);
        },
      },
    },
    {
      name: 'status: the same order still not initiated an hour after creation failed (DeadLineExceeded)',
      routes: [statusRoute('real/status-evm-source-not-initiated.json')],
      call: { kind: 'status', request: statusRequest(EVM_ORDER, '49601') },
      credentials: APP_ID,
      now: EVM_CREATED + 61 * 60_000,
      expect: { kind: 'status', state: 'failed', destinationTxHash: null, receivedAmount: null, check: notUnrecognized },
    },
    {
      name: 'status: an answer for another order than the one built is refused',
      routes: [statusRoute('real/status-btc-source-redeemed.json')],
      call: { kind: 'status', request: statusRequest(EVM_ORDER, '49601') },
      credentials: APP_ID,
      expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/result/order_id' } },
    },
    lifecycleCase('synthetic/status-initiate-detected.json', 'InitiateDetected', 'pending'),
    lifecycleCase('synthetic/status-initiated.json', 'Initiated', 'pending'),
    lifecycleCase('synthetic/status-counterparty-initiate-detected.json', 'CounterPartyInitiateDetected', 'pending'),
    lifecycleCase('synthetic/status-counterparty-initiated.json', 'CounterPartyInitiated', 'pending'),
    lifecycleCase('synthetic/status-redeem-detected.json', 'RedeemDetected', 'pending', 'd4'.repeat(32)),
    lifecycleCase('synthetic/status-redeemed.json', 'Redeemed', 'completed', 'd4'.repeat(32), 49_850n),
    lifecycleCase('synthetic/status-refund-detected.json', 'RefundDetected', 'pending'),
    lifecycleCase('synthetic/status-refunded.json', 'Refunded', 'refunded'),
    lifecycleCase('synthetic/status-counterparty-refunded.json', 'CounterPartyRefunded', 'pending'),
  ],
};
