import type { ContractCase, VenueContract } from '../contract/ContractCase.ts';
import { onlyEvmStep } from '../contract/onlyEvmStep.ts';
import { servedAt } from '../contract/servedAt.ts';
import { knownToken as token } from '../fake/testVenueDeps.ts';
import type { VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { whyNotRubicEntryCall } from './rubicProxyCalls.ts';

/**
 * Rubic against its answers (fixtures/real/SOURCES.json): two recorded quoteBest answers (10 USDC Base →
 * MATIC Polygon through LI.FI with a 0.0012 ETH fixed fee; 0.01 ETH Ethereum → POL Polygon through
 * LI.FI with the 0.4 % percent fee), two recorded `/routes/swap` answers with their calldata (that ETH
 * route through LI.FI, built; the same through squidrouter's facet, refused), a recorded statusExtended
 * NOT_FOUND, and the status and error examples of Rubic's docs. No recorded token-source swap, deposit
 * swap, MIN/MAX_AMOUNT body or status other than SUCCESS / NOT_FOUND was found: those are synthetic
 * variants (fixtures/synthetic/SOURCES.json), the calldata encoded with Rubic's ABI in the layout of
 * the recorded one, the fixed fee's value as the diamond charges it.
 */

const NOW = 1_760_000_000_000;
const SENDER = '0x1111111111111111111111111111111111111111';
const RECIPIENT = '0x2222222222222222222222222222222222222222';
const ERC20_PROXY = '0x3335733c454805df6a77f825f266e136FB4a3333';
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
/** The recorded quote's fixed fee (`fees.gasTokenFees.protocol.fixedWeiAmount`, 0.0012 ETH on Base). */
const FIXED_FEE = 1_200_797_329_426_739n;

/** The recorded answer's transfer: 10 USDC on Base to POL (Rubic: MATIC) on Polygon. */
const request: VenueQuoteRequest = {
  fromChain: 'base',
  toChain: 'polygon',
  fromToken: token('base', 'USDC'),
  toToken: token('polygon', null),
  amountIn: 10_000_000n,
  sender: SENDER,
  recipient: RECIPIENT,
  userIp: null,
  integratorFee: null,
};
const quote: VenueQuote = {
  amountIn: 10_000_000n,
  amountOut: 139_682_277_393_927_819_124n,
  minAmountOut: 135_491_809_072_109_984_550n,
  estimatedSeconds: 60,
  expiresAt: NOW + 60_000,
  context: {
    id: '8895ca1b-11e1-4c4c-92f9-e4cba40860ca',
    fromBlockchain: 'BASE',
    toBlockchain: 'POLYGON',
    fromToken: BASE_USDC,
    toToken: '0x0000000000000000000000000000000000000000',
    providerType: 'lifi',
    destinationWeiAmount: '139682277393927819124',
    destinationWeiMinAmount: '135491809072109984550',
  },
};

/**
 * The recorded direct-route exchange (org-regit-io/regit-web3 fixtures): 0.01 ETH on Ethereum to POL
 * (Rubic: MATIC) on Polygon, sender and receiver 0xb72d…fd17, Rubic's default 0.4 % percent fee.
 */
const RECORDED_USER = '0xb72de277a58577c955b0c52acd8fd2a7cfdafd17';
const RECORDED_INTEGRATOR = '0x3fFF9bDEb3147cE13A7FFEf85Dae81874E0AEDbE';
const ethRequest: VenueQuoteRequest = {
  fromChain: 'ethereum',
  toChain: 'polygon',
  fromToken: token('ethereum', null),
  toToken: token('polygon', null),
  amountIn: 10n ** 16n,
  sender: RECORDED_USER,
  recipient: RECORDED_USER,
  userIp: null,
  integratorFee: null,
};
const ethQuote: VenueQuote = {
  amountIn: 10n ** 16n,
  amountOut: 251_507_041_920_000_000_000n,
  minAmountOut: 248_991_971_500_800_000_000n,
  estimatedSeconds: 240,
  expiresAt: NOW + 60_000,
  context: {
    id: 'd8d6599f-56c0-4e17-9b2e-6f8320ee0588',
    fromBlockchain: 'ETH',
    toBlockchain: 'POLYGON',
    fromToken: '0x0000000000000000000000000000000000000000',
    toToken: '0x0000000000000000000000000000000000000000',
    providerType: 'lifi',
    destinationWeiAmount: '251507041920000000000',
    destinationWeiMinAmount: '248991971500800000000',
  },
};
const ethIntent = { sourceChainId: 1, sourceToken: null, amount: 10n ** 16n, recipient: RECORDED_USER, destinationChainId: 137 };

const quoteAt = servedAt('POST', '/routes/quoteBest');
const swapAt = servedAt('POST', '/routes/swap');
const statusAt = servedAt('GET', '/info/statusExtended');

const statusRequest: VenueStatusRequest = {
  fromChain: 'base',
  toChain: 'polygon',
  toToken: token('polygon', null),
  sourceTxHash: '0x6a851726e31e207dcea611424c194fb3ce132404598646b6903ee43fe8930e95',
  recipient: RECIPIENT,
  amountIn: 10_000_000n,
  expectedOut: 139_682_277_393_927_819_124n,
  context: { ...quote.context, shape: 'calldata' },
};

function statusCase(name: string, file: string, expect: ContractCase['expect'], status = 200): ContractCase {
  return { name, routes: statusAt(file, status), call: { kind: 'status', request: statusRequest }, expect };
}

const SUCCESS_HASH = '0x5e8c67f32c11d5f5a44dd6e9a9f92bb5762ea0e41bda01c6a77228365b614e02';

const cases: ContractCase[] = [
  {
    name: "recorded quote (USDC Base → MATIC Polygon via lifi) prices Rubic's atomic estimate and minimum; its fixed native fee rides beside the amount at build",
    routes: quoteAt('real/quote-base-usdc-polygon-matic-lifi.json'),
    call: { kind: 'quote', request },
    now: NOW,
    expect: { kind: 'row', amountOut: 139_682_277_393_927_819_124n, minAmountOut: 135_491_809_072_109_984_550n, estimatedSeconds: 60, expiresAt: NOW + 60_000 },
  },
  {
    name: 'recorded quote (0.01 ETH Ethereum → POL Polygon via lifi) states its input net of the 0.4 % fee ("0.00996") and is priced, not refused as another amount',
    routes: quoteAt('real/quote-ethereum-eth-polygon-pol-lifi.json'),
    call: { kind: 'quote', request: ethRequest },
    now: NOW,
    expect: { kind: 'row', amountOut: 251_507_041_920_000_000_000n, minAmountOut: 248_991_971_500_800_000_000n, estimatedSeconds: 240, expiresAt: NOW + 60_000 },
  },
  {
    name: 'the recorded ETH quote asked for another amount (0.02 ETH) is a bad response: neither the amount nor the amount net of the fee',
    routes: quoteAt('real/quote-ethereum-eth-polygon-pol-lifi.json'),
    call: { kind: 'quote', request: { ...ethRequest, amountIn: 2n * 10n ** 16n } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: 'recorded quote through squidrouter (null gas figures) is priced; its recorded swap is refused at build (below)',
    routes: quoteAt('real/quote-ethereum-eth-polygon-pol-squidrouter.json'),
    call: { kind: 'quote', request: ethRequest },
    now: NOW,
    expect: {
      kind: 'row',
      amountOut: 250_571_395_755_856_658_491n,
      minAmountOut: 248_065_681_798_298_091_906n,
      estimatedSeconds: 60,
      check: (row) => {
        if (row.context.providerType !== 'squidrouter') throw new Error(`providerType ${String(row.context.providerType)}`);
      },
    },
  },
  {
    name: 'the recorded ETH quote carrying a MIN_AMOUNT warning (2005, 0.05 ETH) is below_min with the minimum in wei, never a price',
    routes: quoteAt('synthetic/quote-ethereum-eth-polygon-pol-warning-2005.json'),
    call: { kind: 'quote', request: ethRequest },
    now: NOW,
    expect: { kind: 'rejection', code: 'below_min', details: { venueCode: '2005', minAmountAtomic: '50000000000000000' } },
  },
  {
    name: 'the recorded ETH quote carrying a 70xx warning (informational for Rubic) is priced',
    routes: quoteAt('synthetic/quote-ethereum-eth-polygon-pol-warning-70xx.json'),
    call: { kind: 'quote', request: ethRequest },
    now: NOW,
    expect: { kind: 'row', amountOut: 251_507_041_920_000_000_000n },
  },
  {
    name: "recorded /routes/swap (no top-level id): a native source's startViaRubic to the pinned ERC20Proxy pulling no token, value exactly 0.01 ETH, BridgeData paying the recipient on Polygon; no approval",
    routes: swapAt('real/swap-ethereum-eth-polygon-pol-lifi.json'),
    call: { kind: 'build', request: { request: ethRequest, quote: ethQuote } },
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        const { step, approval } = onlyEvmStep(plan, { to: ERC20_PROXY, chainId: 1, value: 10n ** 16n });
        if (approval !== null) throw new Error('a native source needs no approval');
        const why = whyNotRubicEntryCall(step.data, step.value, ethIntent);
        if (why !== null) throw new Error(why);
        if (plan.shape !== 'steps' || plan.nativeFee !== undefined) throw new Error('the recorded route charges no fixed fee');
        if (plan.amountOut !== 251_503_987_850_000_000_000n || plan.minAmountOut !== 248_988_947_971_500_000_000n) throw new Error(`amounts ${plan.amountOut} ${plan.minAmountOut}`);
        if (plan.context.id !== 'd8d6599f-56c0-4e17-9b2e-6f8320ee0588') throw new Error(`context id ${String(plan.context.id)}`);
      },
    },
  },
  {
    name: 'the recorded swap with the integrator it credits configured is built',
    routes: swapAt('real/swap-ethereum-eth-polygon-pol-lifi.json'),
    call: { kind: 'build', request: { request: ethRequest, quote: ethQuote } },
    credentials: { INTEGRATOR_ADDRESS: RECORDED_INTEGRATOR },
    now: NOW,
    expect: { kind: 'plan', check: (plan) => void onlyEvmStep(plan, { to: ERC20_PROXY, chainId: 1, value: 10n ** 16n }) },
  },
  {
    name: 'the recorded swap crediting another integrator than the configured one is refused',
    routes: swapAt('real/swap-ethereum-eth-polygon-pol-lifi.json'),
    call: { kind: 'build', request: { request: ethRequest, quote: ethQuote } },
    credentials: { INTEGRATOR_ADDRESS: '0x4444444444444444444444444444444444444444' },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: 'the recorded swap built for another recipient than its BridgeData pays is refused',
    routes: swapAt('real/swap-ethereum-eth-polygon-pol-lifi.json'),
    call: { kind: 'build', request: { request: { ...ethRequest, recipient: RECIPIENT }, quote: ethQuote } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: "recorded /routes/swap of a squidrouter route: startViaRubic into a facet Strait does not read (0xe1731ba9, paying the provider's address, not BridgeData's receiver) is refused",
    routes: swapAt('real/swap-ethereum-eth-polygon-pol-squidrouter.json'),
    call: { kind: 'build', request: { request: ethRequest, quote: { ...ethQuote, context: { ...ethQuote.context, id: 'cc91bb0f-754a-49e6-afd5-6d5afc9e4728', providerType: 'squidrouter' } } } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: "the same route without the fixed fee prices Rubic's atomic estimate and minimum, 1 minute, for 60 s",
    routes: quoteAt('synthetic/quote-base-usdc-polygon-no-fixed-fee.json'),
    call: { kind: 'quote', request },
    now: NOW,
    expect: { kind: 'row', amountOut: 139_682_277_393_927_819_124n, minAmountOut: 135_491_809_072_109_984_550n, estimatedSeconds: 60, expiresAt: NOW + 60_000 },
  },
  {
    name: 'a quote for another amount than asked is a bad response, never a price',
    routes: quoteAt('synthetic/quote-base-usdc-polygon-no-fixed-fee.json'),
    call: { kind: 'quote', request: { ...request, amountIn: 20_000_000n } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: 'build: one startViaRubic call to the pinned ERC20Proxy whose BridgeData pays the recipient on Polygon, approve exactly the amount',
    routes: swapAt('synthetic/swap-base-usdc-polygon-generic.json'),
    call: { kind: 'build', request: { request, quote } },
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        const { step, approval } = onlyEvmStep(plan, { to: ERC20_PROXY, chainId: 8453, value: 0n });
        const why = whyNotRubicEntryCall(step.data, step.value, { sourceChainId: 8453, sourceToken: BASE_USDC, amount: 10_000_000n, recipient: RECIPIENT, destinationChainId: 137 });
        if (why !== null) throw new Error(why);
        if (approval?.spender !== ERC20_PROXY || approval.amount !== 10_000_000n) throw new Error('approval must be exactly the amount, to the ERC20Proxy');
        if (plan.amountOut !== 139_682_277_393_927_819_124n) throw new Error(`amountOut ${plan.amountOut}`);
      },
    },
  },
  {
    name: "build with the recorded fixed fee (0.0012 ETH on Base): value is exactly the fee, declared as the plan's native fee",
    routes: swapAt('synthetic/swap-base-usdc-polygon-generic-fixed-fee.json'),
    call: { kind: 'build', request: { request, quote } },
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        const { step } = onlyEvmStep(plan, { to: ERC20_PROXY, chainId: 8453, value: FIXED_FEE });
        if (plan.shape !== 'steps' || plan.nativeFee !== FIXED_FEE) throw new Error(`nativeFee ${plan.shape === 'steps' ? plan.nativeFee : plan.shape}`);
        const why = whyNotRubicEntryCall(step.data, step.value, { sourceChainId: 8453, sourceToken: BASE_USDC, amount: 10_000_000n, recipient: RECIPIENT, destinationChainId: 137 }, { protocol: FIXED_FEE, provider: 0n });
        if (why !== null) throw new Error(why);
      },
    },
  },
  {
    name: 'build whose value is not exactly the fixed fee (one wei more) is refused',
    routes: swapAt('synthetic/swap-base-usdc-polygon-generic-fixed-fee-value-plus-one.json'),
    call: { kind: 'build', request: { request, quote } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: 'build of a route without fixed fees declares no native fee',
    routes: swapAt('synthetic/swap-base-usdc-polygon-generic.json'),
    call: { kind: 'build', request: { request, quote } },
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        if (plan.shape !== 'steps' || plan.nativeFee !== undefined) throw new Error('a route without fixed fees declares no native fee');
      },
    },
  },
  {
    name: 'build for another recipient than the calldata pays (0x3333… asked, 0x2222… paid) is refused',
    routes: swapAt('synthetic/swap-base-usdc-polygon-generic.json'),
    call: { kind: 'build', request: { request: { ...request, recipient: '0x3333333333333333333333333333333333333333' }, quote } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_bad_response' },
  },
  {
    name: "build of a deposit provider's route: a deposit plan paying Rubic's deposit address exactly the amount",
    routes: swapAt('synthetic/swap-base-usdc-polygon-deposit.json'),
    call: { kind: 'build', request: { request, quote } },
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        if (plan.shape !== 'deposit') throw new Error('expected a deposit plan');
        if (plan.deposit.address !== '0x4444444444444444444444444444444444444444' || plan.deposit.amount !== 10_000_000n || plan.deposit.memo !== null) throw new Error(`deposit ${plan.deposit.address} ${plan.deposit.amount}`);
        if (plan.fundingStep?.to !== BASE_USDC) throw new Error('the funding step must be a USDC transfer');
        if (plan.context.exchangeId !== 'a1b2c3d4e5f6') throw new Error('exchangeId kept for status');
      },
    },
  },
  {
    name: 'docs NEED_APPROVE (3001) answered at build is a venue_error: Strait asks with enableChecks off and adds the approval itself',
    routes: swapAt('real/error-3001-need-approve.json', 400),
    call: { kind: 'build', request: { request, quote } },
    now: NOW,
    expect: { kind: 'rejection', code: 'venue_error', details: { venueCode: '3001' } },
  },
  {
    name: 'docs NO_ROUTES (2001) is no_liquidity',
    routes: quoteAt('real/error-2001-no-routes.json', 400),
    call: { kind: 'quote', request },
    expect: { kind: 'rejection', code: 'no_liquidity', details: { venueCode: '2001' } },
  },
  {
    name: 'docs PARAMS_ERRORS (1999 array) is invalid_input',
    routes: quoteAt('real/error-1999-params.json', 400),
    call: { kind: 'quote', request },
    expect: { kind: 'rejection', code: 'invalid_input', details: { venueCode: '1999' } },
  },
  {
    name: 'MIN_AMOUNT (2005, 25 USDC) is below_min with the minimum in atomic units',
    routes: quoteAt('synthetic/error-2005-min-amount.json', 400),
    call: { kind: 'quote', request },
    expect: { kind: 'rejection', code: 'below_min', details: { venueCode: '2005', minAmountAtomic: '25000000' } },
  },
  {
    name: 'MAX_AMOUNT (2004, 5000 USDC) is above_max with the maximum in atomic units',
    routes: quoteAt('synthetic/error-2004-max-amount.json', 400),
    call: { kind: 'quote', request },
    expect: { kind: 'rejection', code: 'above_max', details: { venueCode: '2004', maxAmountAtomic: '5000000000' } },
  },
  {
    name: 'PROVIDER_RATE_LIMIT (2003) is venue_rate_limited',
    routes: quoteAt('synthetic/error-2003-provider-rate-limit.json', 400),
    call: { kind: 'quote', request },
    expect: { kind: 'rejection', code: 'venue_rate_limited', details: { venueCode: '2003' } },
  },
  {
    name: 'HTTP 429 is venue_rate_limited',
    routes: quoteAt('synthetic/error-2003-provider-rate-limit.json', 429, { 'retry-after': '6' }),
    call: { kind: 'quote', request },
    expect: { kind: 'rejection', code: 'venue_rate_limited' },
  },
  statusCase('docs SUCCESS fills the destination hash and the requested asset', 'real/status-success-polygon.json', {
    kind: 'status',
    state: 'completed',
    destinationTxHash: SUCCESS_HASH,
    receivedAmount: null,
    check: (status) => {
      if (status.receivedAsset !== '0x0000000000000000000000000000000000000000') throw new Error(`receivedAsset ${status.receivedAsset}`);
    },
  }),
  statusCase('PENDING stays pending', 'synthetic/status-pending.json', { kind: 'status', state: 'pending', destinationTxHash: null, unrecognized: false }),
  statusCase('LONG_PENDING stays pending', 'synthetic/status-long-pending.json', { kind: 'status', state: 'pending', unrecognized: false }),
  statusCase('recorded statusExtended NOT_FOUND (destinationTxHash "", rubicId/sourceTxHash echoed, null toAmount, toAmountWei, subStatus, no destinationNetwork fields) stays pending without a hash', 'real/status-extended-not-found.json', {
    kind: 'status',
    state: 'pending',
    destinationTxHash: null,
    receivedAmount: null,
    unrecognized: false,
  }),
  statusCase('NOT_FOUND (still indexing) stays pending', 'synthetic/status-not-found.json', { kind: 'status', state: 'pending', unrecognized: false }),
  statusCase('READY_TO_CLAIM waits on the recipient: pending, with the destination hash', 'synthetic/status-ready-to-claim.json', { kind: 'status', state: 'pending', destinationTxHash: SUCCESS_HASH }),
  statusCase('REVERT waits on the sender to claim the refund: pending', 'synthetic/status-revert.json', { kind: 'status', state: 'pending', unrecognized: false }),
  statusCase('REVERTED is refunded', 'synthetic/status-reverted.json', { kind: 'status', state: 'refunded', destinationTxHash: null }),
  statusCase('FALLBACK delivered the bridged token instead: partial, asset unknown', 'synthetic/status-fallback.json', {
    kind: 'status',
    state: 'partial',
    destinationTxHash: SUCCESS_HASH,
    check: (status) => {
      if (status.receivedAsset !== null) throw new Error(`receivedAsset ${status.receivedAsset}`);
    },
  }),
  statusCase('FAIL is failed', 'synthetic/status-fail.json', { kind: 'status', state: 'failed' }),
  statusCase('an unknown status value is pending and unrecognized', 'synthetic/status-unknown-value.json', { kind: 'status', state: 'pending', unrecognized: true }),
  statusCase('a 404 (not indexed yet) stays pending', 'synthetic/status-not-found.json', { kind: 'status', state: 'pending', destinationTxHash: null }, 404),
];

export const contract: VenueContract = { venue: 'rubic', cases };
