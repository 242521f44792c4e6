import type { ChainKey } from '../../domain/chains.ts';
import type { TokenInfo } from '../../domain/tokens.ts';
import type { ContractCase, RecordedAnswer, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import type { DepositPlan, VenueBuildPlan, VenueQuote, VenueQuoteRequest, VenueStatus, VenueStatusRequest } from '../Venue.ts';
import { knownToken as token } from '../fake/testVenueDeps.ts';

/**
 * SideShift v2 proven against the answers SideShift really gives (fixtures/real: its docs' examples,
 * transcribed; fixtures/synthetic: statuses and errors the docs name but print no body for). Each case
 * serves those files over loopback and runs the adapter's whole stack.
 */


const BTC = token('bitcoin', null);
const ETH = token('ethereum', null);
const ETH_ARB = token('arbitrum', null);
const BCH = token('bitcoincash', null);
const USDT_ETH = token('ethereum', 'USDT');
const BNB = token('bnb', null);

const CREDENTIALS = { SECRET: 'contract-secret', AFFILIATE_ID: 'YQMi62XMb' };
const USER_IP = '203.0.113.7';
/** The docs' shifts settle to and refund from this address (createfixedshift example). */
const DOCS_ADDRESS = '0xde2642b2120fd3011fe9659688f76e9E4676F472';
const BTC_SENDER = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const real = (file: string, status?: number): RecordedAnswer => ({ file: `real/${file}`, ...(status ? { status } : {}) });
const synthetic = (file: string, status?: number): RecordedAnswer => ({ file: `synthetic/${file}`, ...(status ? { status } : {}) });

const PAIR = /^\/v2\/pair\/[^/]+\/[^/]+$/;
const SHIFT = /^\/v2\/shifts\/[^/]+$/;
const pairRoute = (answer: RecordedAnswer): ServedRoute => ({ method: 'GET', path: PAIR, answer });
const quoteRoute = (answer: RecordedAnswer): ServedRoute => ({ method: 'POST', path: '/v2/quotes', answer });
const shiftRoute = (answer: RecordedAnswer): ServedRoute => ({ method: 'POST', path: '/v2/shifts/fixed', answer });
const statusRoute = (answer: RecordedAnswer): ServedRoute => ({ method: 'GET', path: SHIFT, answer });

function quoteRequest(fromToken: TokenInfo, toToken: TokenInfo, amountIn: bigint, sender: string, recipient: string): VenueQuoteRequest {
  return { fromChain: fromToken.chain as ChainKey, toChain: toToken.chain as ChainKey, fromToken, toToken, amountIn, sender, recipient, userIp: USER_IP, integratorFee: null };
}

/** 0.01 BTC → ETH, priced at the docs' `/v2/pair` example. */
const btcToEth = (amountIn: bigint) => quoteRequest(BTC, ETH, amountIn, BTC_SENDER, DOCS_ADDRESS);

/** 0.14364577 ETH from Arbitrum to Ethereum: the amount of the docs' `/v2/quotes` example. */
const docsQuoteRequest = quoteRequest(ETH_ARB, ETH, 143_645_770_000_000_000n, DOCS_ADDRESS, DOCS_ADDRESS);

/** The quote row the build starts from, as `quote` stored it (the context is what matters). */
const storedQuote: VenueQuote = {
  amountIn: docsQuoteRequest.amountIn,
  amountOut: 140_784_540_000_000_000n,
  minAmountOut: 139_376_694_600_000_000n,
  estimatedSeconds: null,
  expiresAt: null,
  context: { depositCoin: 'ETH', depositNetwork: 'arbitrum', settleCoin: 'ETH', settleNetwork: 'ethereum', commissionRate: '0', integratorFeeNote: null, rate: '0.980081348723', indicativeAmountOut: '140784540000000000', minAmountOut: '139376694600000000' },
};

/** During the docs quote's 15 minutes (createdAt 03:33:21Z, expiresAt 03:48:21Z). */
const DOCS_QUOTE_TIME = Date.parse('2023-10-17T03:35:00.000Z');

/** A status request whose context is a build's: the quote's fields, the shift id and the guaranteed output (when a case names one). */
function statusRequest(toToken: TokenInfo, fromChain: ChainKey, context: Record<string, string | null>): VenueStatusRequest {
  const quoteContext = { commissionRate: '0', integratorFeeNote: null, rate: '1' };
  return { fromChain, toChain: toToken.chain as ChainKey, toToken, sourceTxHash: '0x00', recipient: DOCS_ADDRESS, amountIn: 1n, expectedOut: 1n, context: { ...quoteContext, userIp: USER_IP, ...context } };
}

function statusCase(name: string, answer: RecordedAnswer, toToken: TokenInfo, fromChain: ChainKey, context: Record<string, string | null>, expect: ContractCase['expect']): ContractCase {
  return { name, routes: [statusRoute(answer)], call: { kind: 'status', request: statusRequest(toToken, fromChain, context) }, expect, credentials: CREDENTIALS };
}

/** A status of the docs' created fixed shift (ETH Arbitrum → Ethereum, settleAmount 0.98088036). */
const createdShiftStatus = (name: string, file: RecordedAnswer, state: 'pending' | 'failed', check?: (status: VenueStatus) => void): ContractCase =>
  statusCase(name, file, ETH, 'arbitrum', { shiftId: '8c9ba87d02a801a2f254', minAmountOut: '980880360000000000' }, { kind: 'status', state, destinationTxHash: null, receivedAmount: null, ...(check ? { check } : {}) });

function depositOf(plan: VenueBuildPlan): DepositPlan {
  if (plan.shape !== 'deposit') throw new Error(`expected a deposit plan, got ${plan.shape}`);
  return plan;
}

function equal(actual: unknown, expected: unknown, what: string): void {
  if (actual !== expected) throw new Error(`${what}: expected ${String(expected)}, got ${String(actual)}`);
}

const quoteCases: ContractCase[] = [
  {
    name: "the docs' /v2/pair example, whose min is the malformed \"0.0.00010771\", is refused as a bad response",
    routes: [pairRoute(real('pair-docs-btc-eth.json'))],
    call: { kind: 'quote', request: btcToEth(1_000_000n) },
    expect: { kind: 'rejection', code: 'venue_bad_response' },
    credentials: CREDENTIALS,
  },
  {
    name: "0.01 BTC → ETH priced at the docs' pair rate 17.298009817772, 1 % margin as the minimum, no expiry",
    routes: [pairRoute(synthetic('pair-docs-btc-eth-min-fixed.json'))],
    call: { kind: 'quote', request: btcToEth(1_000_000n) },
    expect: { kind: 'row', amountOut: 172_980_098_177_720_000n, minAmountOut: 171_250_297_195_942_800n, estimatedSeconds: null, expiresAt: null, check: (q) => equal(q.context.commissionRate, '0', 'commissionRate') },
    credentials: CREDENTIALS,
  },
  {
    name: 'below the pair min 0.00010771 BTC is below_min with the minimum in satoshis',
    routes: [pairRoute(synthetic('pair-docs-btc-eth-min-fixed.json'))],
    call: { kind: 'quote', request: btcToEth(5_000n) },
    expect: { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '10771' } },
    credentials: CREDENTIALS,
  },
  {
    name: 'above the pair max 1.43608988 BTC is above_max with the maximum in satoshis',
    routes: [pairRoute(synthetic('pair-docs-btc-eth-min-fixed.json'))],
    call: { kind: 'quote', request: btcToEth(200_000_000n) },
    expect: { kind: 'rejection', code: 'above_max', details: { maxAmountAtomic: '143608988' } },
    credentials: CREDENTIALS,
  },
];

const pairError = (name: string, answer: RecordedAnswer, code: ContractCase['expect'] & { kind: 'rejection' }): ContractCase => ({
  name,
  routes: [pairRoute(answer)],
  call: { kind: 'quote', request: btcToEth(1_000_000n) },
  expect: code,
  credentials: CREDENTIALS,
});

const errorCases: ContractCase[] = [
  pairError('500 "Rate unavailable" is no_liquidity, not a venue fault', real('error-docs-500-rate-unavailable.json', 500), { kind: 'rejection', code: 'no_liquidity' }),
  pairError('500 "Invalid coin" is token_not_supported', real('error-docs-500-invalid-coin.json', 500), { kind: 'rejection', code: 'token_not_supported' }),
  pairError('500 "Invalid network" is token_not_supported', real('error-docs-500-invalid-network.json', 500), { kind: 'rejection', code: 'token_not_supported' }),
  pairError('400 "Method ETH/bitcoin not found" is token_not_supported', real('error-docs-400-method-not-found.json', 400), { kind: 'rejection', code: 'token_not_supported' }),
  pairError('400 "Bad request" is a venue_error', real('error-docs-400-bad-request.json', 400), { kind: 'rejection', code: 'venue_error' }),
  pairError('400 "Bad request: Invalid parameters: depositCoin" is invalid_input', real('error-docs-400-invalid-parameters.json', 400), { kind: 'rejection', code: 'invalid_input' }),
  pairError('400 Invalid "affiliateId" is Strait\'s account problem (venue_error), not the user\'s input', real('error-docs-400-invalid-affiliate.json', 400), { kind: 'rejection', code: 'venue_error' }),
  pairError("403 \"Access denied\" without a code (the docs' /v2/permissions answer for a geo-blocked user) is invalid_input", real('error-docs-403-access-denied.json', 403), { kind: 'rejection', code: 'invalid_input' }),
  pairError('403 with code ACCESS_DENIED is invalid_input', synthetic('error-403-access-denied.json', 403), { kind: 'rejection', code: 'invalid_input' }),
  pairError('400 "Method USDT/ripple not found" is token_not_supported', real('error-docs-400-method-usdt-ripple.json', 400), { kind: 'rejection', code: 'token_not_supported' }),
  pairError('400 x-user-ip missing is invalid_input', synthetic('error-400-user-ip.json', 400), { kind: 'rejection', code: 'invalid_input' }),
  {
    name: 'a fixed quote refused with "Amount too low" at build is below_min, with the minimum read from /v2/pair',
    routes: [quoteRoute(synthetic('error-400-amount-too-low.json', 400)), pairRoute(synthetic('pair-docs-btc-eth-min-fixed.json'))],
    call: { kind: 'build', request: { request: btcToEth(1_000_000n), quote: storedQuote } },
    expect: { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '10771' } },
    credentials: CREDENTIALS,
  },
  {
    name: 'a fixed quote refused with "Amount too high" at build is above_max, with the maximum read from /v2/pair',
    routes: [quoteRoute(synthetic('error-400-amount-too-high.json', 400)), pairRoute(synthetic('pair-docs-btc-eth-min-fixed.json'))],
    call: { kind: 'build', request: { request: btcToEth(1_000_000n), quote: storedQuote } },
    expect: { kind: 'rejection', code: 'above_max', details: { maxAmountAtomic: '143608988' } },
    credentials: CREDENTIALS,
  },
  {
    name: 'a shift refused because the quote expired is no_liquidity (price again)',
    routes: [quoteRoute(real('quote-docs-eth-arbitrum-to-ethereum.json', 201)), shiftRoute(synthetic('error-400-quote-expired.json', 400))],
    call: { kind: 'build', request: { request: docsQuoteRequest, quote: storedQuote } },
    expect: { kind: 'rejection', code: 'no_liquidity' },
    credentials: CREDENTIALS,
    now: DOCS_QUOTE_TIME,
  },
  {
    name: 'a shift refused for its receiving address is invalid_input',
    routes: [quoteRoute(real('quote-docs-eth-arbitrum-to-ethereum.json', 201)), shiftRoute(synthetic('error-400-invalid-receiving-address.json', 400))],
    call: { kind: 'build', request: { request: docsQuoteRequest, quote: storedQuote } },
    expect: { kind: 'rejection', code: 'invalid_input' },
    credentials: CREDENTIALS,
    now: DOCS_QUOTE_TIME,
  },
];

const buildCases: ContractCase[] = [
  {
    name: "the docs' quote locked and its fixed shift created: deposit exactly 0.14364577 ETH on Arbitrum before expiresAt for 0.14078454 ETH",
    routes: [quoteRoute(real('quote-docs-eth-arbitrum-to-ethereum.json', 201)), shiftRoute(synthetic('shift-fixed-from-docs-quote.json', 201))],
    call: { kind: 'build', request: { request: docsQuoteRequest, quote: storedQuote } },
    expect: {
      kind: 'plan',
      check: (plan) => {
        const deposit = depositOf(plan);
        equal(deposit.deposit.address, '0xa20916158958168ff5668bF90C3753EcD333b0A2', 'deposit address');
        equal(deposit.deposit.amount, 143_645_770_000_000_000n, 'deposit amount');
        equal(deposit.deposit.deadlineMs, Date.parse('2023-10-17T03:48:21.230Z'), 'deadline');
        equal(deposit.amountOut, 140_784_540_000_000_000n, 'amountOut');
        equal(deposit.minAmountOut, 140_784_540_000_000_000n, 'minAmountOut');
        equal(deposit.context.shiftId, '8c9ba87d02a801a2f254', 'shiftId');
        equal(deposit.context.averageShiftSeconds, '44.526343', 'averageShiftSeconds');
        equal(deposit.fundingStep?.value, 143_645_770_000_000_000n, 'native funding value');
      },
    },
    credentials: CREDENTIALS,
    now: DOCS_QUOTE_TIME,
  },
  {
    name: "the docs' fixed shift answer names another quote (75cb6e56…) than the one locked: refused as a bad response",
    routes: [quoteRoute(real('quote-docs-eth-arbitrum-to-ethereum.json', 201)), shiftRoute(real('shift-fixed-docs-created.json', 201))],
    call: { kind: 'build', request: { request: docsQuoteRequest, quote: storedQuote } },
    expect: { kind: 'rejection', code: 'venue_bad_response' },
    credentials: CREDENTIALS,
    now: DOCS_QUOTE_TIME,
  },
];

const statusCases: ContractCase[] = [
  createdShiftStatus('waiting (the created shift as the docs print it) is pending', real('shift-fixed-docs-created.json'), 'pending'),
  createdShiftStatus('pending (deposit detected) is pending', synthetic('shift-status-pending.json'), 'pending'),
  createdShiftStatus('processing is pending', synthetic('shift-status-processing.json'), 'pending'),
  createdShiftStatus('review (held for a human) is pending, its issue in the detail', synthetic('shift-status-review.json'), 'pending', (s) => equal(s.detail?.includes('amount over max'), true, 'issue in detail')),
  createdShiftStatus('refund (waiting for a refund address) is pending', synthetic('shift-status-refund.json'), 'pending', (s) => equal(s.detail?.includes('refund required'), true, 'issue in detail')),
  createdShiftStatus('refunding is pending and its refund tx is not a destination tx', synthetic('shift-status-refunding.json'), 'pending'),
  statusCase('settling is pending and names the settlement tx', synthetic('shift-status-settling.json'), ETH, 'arbitrum', { shiftId: '8c9ba87d02a801a2f254' }, {
    kind: 'status',
    state: 'pending',
    destinationTxHash: '0x918b876f19a9c2130a2ba00c7311f460d8997cca387e3d9836d57d6dcb38d4c1',
    receivedAmount: null,
  }),
  createdShiftStatus('an undocumented status value is pending and flagged unrecognized', synthetic('shift-status-unknown.json'), 'pending', (s) => equal(s.unrecognized, true, 'unrecognized')),
  statusCase("settled fixed BTC → BCH (docs bulk example) is completed with SideShift's settle hash and amount", real('shift-docs-settled-fixed.json'), BCH, 'bitcoin', { shiftId: 'dda3867168da23927b62', minAmountOut: '22931510' }, {
    kind: 'status',
    state: 'completed',
    destinationTxHash: 'd1cc670a82903aaf0de38dabde519b0c1e07b123456b3e5cd0f43e9d014cd4a7',
    receivedAmount: 22_931_510n,
  }),
  statusCase('settled variable LTC → BTC without averageShiftSeconds is completed', real('shift-docs-settled-variable.json'), BTC, 'litecoin', { shiftId: 'f173118220f1461841da' }, {
    kind: 'status',
    state: 'completed',
    destinationTxHash: '4d079bdb671716563796706e383aa3d9135b123f8f238ae1e39c836fe89f87a6',
    receivedAmount: 256_814n,
  }),
  statusCase('refunded fixed BNB → USDT: its settleHash is the refund tx, so no destination tx', real('shift-docs-refunded-fixed.json'), USDT_ETH, 'bnb', { shiftId: '6821efcf996558f0053e' }, {
    kind: 'status',
    state: 'refunded',
    destinationTxHash: null,
    receivedAmount: null,
    check: (s) => equal(s.detail?.includes('0xccf5021fcadd7ca624ae89a2a16ba70c28f39ff3beafddb2dfaa0adcde427d4b'), true, 'refund tx in detail'),
  }),
  statusCase('expired fixed BUSD → BNB is failed', real('shift-docs-expired-fixed.json'), BNB, 'bnb', { shiftId: '890f45d6068d5340c1bd' }, { kind: 'status', state: 'failed', destinationTxHash: null, receivedAmount: null }),
  statusCase('expired variable USDT with settleCoinNetworkFee and no amounts is failed', real('shift-docs-expired-variable.json'), USDT_ETH, 'bnb', { shiftId: 'dbb127698bb29fb5a8cd' }, { kind: 'status', state: 'failed', destinationTxHash: null, receivedAmount: null }),
  statusCase('multiple deposits, one pending and one settled, stay pending with the settled part counted', real('shift-docs-multiple-variable.json'), BNB, 'ethereum', { shiftId: 'fa2e733e13d08d323bsd' }, {
    kind: 'status',
    state: 'pending',
    destinationTxHash: '0x918b876f19a9c2130a2ba00c7311f460d8997cca387e3d9836d57d6dcb38d4c1',
    receivedAmount: 6_203_080_000_000_000n,
  }),
];

export const contract: VenueContract = {
  venue: 'sideshift',
  cases: [...quoteCases, ...errorCases, ...buildCases, ...statusCases],
};
