import type { ContractCase, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import type { DepositPlan, VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { knownToken as token } from '../fake/testVenueDeps.ts';

/**
 * Exolix proven by answers the real API gave (fixtures/real/SOURCES.json): Cake Wallet's live
 * recordings (a fixed `/rate` for 1 BTC, the `/rate` under the minimum with `1e-8` and fewer keys, a
 * created float transaction) and two live fixed-rate transactions a wallet (Bitriel) pasted into its
 * code, all `wait` with null hashes and fields the docs do not list. Statuses nobody recorded, the
 * created transaction for the pair asked here and the other error bodies are synthetic
 * (fixtures/synthetic/SOURCES.json).
 */


/** The wallet of the recorded transaction: it paid out and refunded to the same address. */
const WALLET = '0xe11175d356d20b70abcec858c6b82b226e988941';
const ETH = token('ethereum', null);
const BNB = token('bnb', null);

// 1 ETH on Ethereum to BNB on BNB Smart Chain, as the recorded transaction's deposit side.
const ETH_TO_BNB: VenueQuoteRequest = {
  fromChain: 'ethereum',
  toChain: 'bnb',
  fromToken: ETH,
  toToken: BNB,
  amountIn: 10n ** 18n,
  sender: WALLET,
  recipient: WALLET,
  userIp: null,
  integratorFee: null,
};
const CREATED_AT = Date.parse('2023-11-16T07:41:32.682Z');
const OUT = 6_800_000_000_000_000_000n;

// Cake's recorded rates are for 1 BTC (their pair is BTC to XMR, which the answer does not name):
// quoted here as 1 BTC to Ethereum ETH, the adapter reads the same fields whatever the pair.
const BTC_TO_ETH: VenueQuoteRequest = {
  fromChain: 'bitcoin',
  toChain: 'ethereum',
  fromToken: token('bitcoin', null),
  toToken: ETH,
  amountIn: 100_000_000n,
  sender: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  recipient: WALLET,
  userIp: null,
  integratorFee: null,
};
// Cake's recorded transaction: 0.01 ETH to USDT, asked here with USDT on Polygon.
const ETH_TO_POLYGON_USDT: VenueQuoteRequest = {
  fromChain: 'ethereum',
  toChain: 'polygon',
  fromToken: ETH,
  toToken: token('polygon', 'USDT'),
  amountIn: 10n ** 16n,
  sender: '0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C',
  recipient: '0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C',
  userIp: null,
  integratorFee: null,
};

const rate = (file: string, status?: number): ServedRoute => ({ method: 'GET', path: '/rate', answer: { file, ...(status === undefined ? {} : { status }) } });
const created = (file: string, status = 201): ServedRoute => ({ method: 'POST', path: '/transactions', answer: { file, status } });
const polled = (file: string, status?: number): ServedRoute => ({ method: 'GET', path: /^\/transactions\/[^/]+$/, answer: { file, ...(status === undefined ? {} : { status }) } });

const QUOTE: VenueQuote = {
  amountIn: ETH_TO_BNB.amountIn,
  amountOut: OUT,
  minAmountOut: OUT,
  estimatedSeconds: null,
  expiresAt: CREATED_AT + 60_000,
  context: { rateType: 'fixed', coinFrom: 'ETH', networkFrom: 'ETH', coinTo: 'BNB', networkTo: 'BSC', toAmount: '6.8', minAmountOut: OUT.toString(), integratorFeeNote: null },
};

/** The status poll of the recorded transaction, as the engine hands it over (quote and build context merged). */
function statusOf(minAmountOut: bigint = 752_478_248_810_000_000_000n): VenueStatusRequest {
  return {
    fromChain: 'ethereum',
    toChain: 'bnb',
    toToken: BNB,
    sourceTxHash: `0x${'ab'.repeat(32)}`,
    recipient: WALLET,
    amountIn: 10n ** 18n,
    expectedOut: minAmountOut,
    context: {
      ...QUOTE.context,
      transactionId: 'ex5ec4c12c76d7',
      depositAddress: '0xC1AA43D509ea7f840DDeC6721f6601E552a3803b',
      depositExtraId: null,
      amount: '1',
      amountTo: '752.47824881',
      minAmountOut: minAmountOut.toString(),
    },
  };
}

const statusCase = (name: string, file: string, state: 'pending' | 'completed' | 'partial' | 'refunded' | 'failed', extra: Partial<Extract<ContractCase['expect'], { kind: 'status' }>> = {}): ContractCase => ({
  name,
  routes: [polled(file)],
  call: { kind: 'status', request: statusOf() },
  expect: { kind: 'status', state, ...extra },
});

const cases: ContractCase[] = [
  {
    name: 'the recorded fixed rate for 1 BTC is the guaranteed output (178.62528992), held 60 s',
    routes: [rate('real/rate-fixed-btc-1.json')],
    call: { kind: 'quote', request: BTC_TO_ETH },
    now: CREATED_AT,
    expect: { kind: 'row', amountOut: 178_625_289_920_000_000_000n, minAmountOut: 178_625_289_920_000_000_000n, estimatedSeconds: null, expiresAt: CREATED_AT + 60_000 },
  },
  {
    name: 'the recorded HTTP 422 under the minimum (fromAmount 1e-8, no rate or withdrawMin keys) names the minimum of 7747 sat',
    routes: [rate('real/rate-below-min-btc.json', 422)],
    call: { kind: 'quote', request: { ...BTC_TO_ETH, amountIn: 1n } },
    expect: { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '7747' } },
  },
  {
    name: 'the recorded created transaction pays USDT on the ETH network, not on Polygon as asked: refused before any deposit',
    routes: [created('real/transaction-created-float-eth-to-usdt.json')],
    call: { kind: 'build', request: { request: ETH_TO_POLYGON_USDT, quote: { ...QUOTE, amountIn: 10n ** 16n } } },
    expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/coinTo' } },
  },
  {
    name: 'the recorded created transaction read as a status (clickId, coin contracts, null hashes) stays pending',
    routes: [polled('real/transaction-created-float-eth-to-usdt.json')],
    call: { kind: 'status', request: { ...statusOf(), toChain: 'ethereum', toToken: token('ethereum', 'USDT'), context: { ...statusOf().context, transactionId: '6880e2730aee2e', minAmountOut: '16467474' } } },
    expect: { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null },
  },
  {
    name: 'a fixed-rate price of 1 ETH to BNB is the guaranteed output, held 60 s (synthetic: no recorded /rate answer)',
    routes: [rate('synthetic/rate-eth-to-bnb.json')],
    call: { kind: 'quote', request: ETH_TO_BNB },
    now: CREATED_AT,
    expect: { kind: 'row', amountOut: OUT, minAmountOut: OUT, estimatedSeconds: null, expiresAt: CREATED_AT + 60_000 },
  },
  {
    name: 'HTTP 422 above the maximum names the maximum (synthetic)',
    routes: [rate('synthetic/rate-above-max.json', 422)],
    call: { kind: 'quote', request: { ...ETH_TO_BNB, amountIn: 100n * 10n ** 18n } },
    expect: { kind: 'rejection', code: 'above_max', details: { maxAmountAtomic: '51640000000000000000' } },
  },
  {
    name: 'an HTTP 400 validation body about a coin is a token Exolix does not carry (synthetic)',
    routes: [rate('synthetic/error-validation.json', 400)],
    call: { kind: 'quote', request: ETH_TO_BNB },
    expect: { kind: 'rejection', code: 'token_not_supported' },
  },
  {
    name: 'the recorded created transaction pays CAKE, not the BNB asked: refused before any deposit',
    routes: [created('real/transaction-wait-eth-to-cake.json')],
    call: { kind: 'build', request: { request: ETH_TO_BNB, quote: QUOTE } },
    expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/coinTo' } },
  },
  {
    name: 'the recorded transaction for ETH on BSC is refused for an Ethereum deposit',
    routes: [created('real/transaction-wait-bnb-eth-to-bnb.json')],
    call: { kind: 'build', request: { request: ETH_TO_BNB, quote: QUOTE } },
    expect: { kind: 'rejection', code: 'venue_bad_response', details: { path: '/coinFrom' } },
  },
  {
    // Exolix echoes the withdrawal address in lower case: a checksummed recipient is the same account.
    name: 'a created transaction for the pair asked is a deposit of exactly 1 ETH to its depositAddress, paying the checksummed recipient it echoes in lower case (synthetic: coinTo of the second recording)',
    routes: [created('synthetic/transaction-wait-eth-to-bnb.json')],
    call: { kind: 'build', request: { request: { ...ETH_TO_BNB, recipient: '0xe11175d356D20b70AbceC858C6b82b226E988941' }, quote: QUOTE } },
    now: CREATED_AT,
    expect: {
      kind: 'plan',
      check(plan) {
        const deposit = plan as DepositPlan;
        if (deposit.shape !== 'deposit') throw new Error(`expected a deposit plan, got ${plan.shape}`);
        if (deposit.deposit.address !== '0xC1AA43D509ea7f840DDeC6721f6601E552a3803b') throw new Error(`deposit address ${deposit.deposit.address}`);
        if (deposit.deposit.amount !== 10n ** 18n || deposit.amountOut !== OUT || deposit.minAmountOut !== OUT) throw new Error('amounts differ from the transaction');
        if (deposit.deposit.memo !== null) throw new Error('a null depositExtraId is no memo');
        if (deposit.context.transactionId !== 'ex5ec4c12c76d7') throw new Error('transaction id not kept');
      },
    },
  },
  statusCase('the recorded wait answer (null hashes, null extra ids) stays pending', 'real/transaction-wait-eth-to-cake.json', 'pending', { destinationTxHash: null, receivedAmount: null }),
  statusCase('the recorded wait answer without a refund address stays pending', 'real/transaction-wait-bnb-eth-to-bnb.json', 'pending'),
  statusCase('confirmation is pending (synthetic)', 'synthetic/transaction-confirmation.json', 'pending'),
  statusCase('confirmed is pending (synthetic)', 'synthetic/transaction-confirmed.json', 'pending'),
  statusCase('exchanging is pending (synthetic)', 'synthetic/transaction-exchanging.json', 'pending'),
  statusCase('sending is pending (synthetic)', 'synthetic/transaction-sending.json', 'pending'),
  statusCase('success delivers amountTo with hashOut as the destination hash (synthetic)', 'synthetic/transaction-success.json', 'completed', {
    destinationTxHash: '0x9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e',
    receivedAmount: 752_478_248_810_000_000_000n,
  }),
  statusCase('success paying less than the fixed amount is partial (synthetic)', 'synthetic/transaction-success-short.json', 'partial', { receivedAmount: 700_500_000_000_000_000_000n }),
  statusCase('overdue (no deposit in time) is failed (synthetic)', 'synthetic/transaction-overdue.json', 'failed'),
  statusCase('refunded is refunded to the refund address (synthetic)', 'synthetic/transaction-refunded.json', 'refunded', {
    check(status) {
      if (status.detail !== `refunded to ${WALLET}`) throw new Error(`detail ${status.detail}`);
    },
  }),
  statusCase('deleted is failed (synthetic)', 'synthetic/transaction-deleted.json', 'failed'),
  statusCase('error is failed (synthetic)', 'synthetic/transaction-error.json', 'failed'),
  statusCase('a status outside the table stays pending, flagged unrecognized (synthetic)', 'synthetic/transaction-hold.json', 'pending', { unrecognized: true }),
  {
  name: 'an unknown transaction (HTTP 404) is pending, not an error (synthetic)',
  routes: [polled('synthetic/error-not-found.json', 404)],
  call: { kind: 'status', request: statusOf() },
  expect: { kind: 'status', state: 'pending', unrecognized: false },
  },
];

export const contract: VenueContract = { venue: 'exolix', cases };
