import { getAddress } from 'viem';
import { nativeToken, resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import type { ContractCase, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import type { StepsPlan, VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { decodeStargateSend, whyNotStargateSend } from './stargateSendCalls.ts';

/**
 * Stargate against its answers. Status: two real LayerZero Scan answers (fixtures/real/SOURCES.json),
 * a DELIVERED Stargate taxi and an INFLIGHT message, and the other documented statuses derived from
 * them. Quote: the only real answer of the Stargate API's `GET /quotes` found is its deprecation
 * notice (the API points to LayerZero's Value Transfer API); no priced answer was found, so the priced
 * cases read fixtures/synthetic/ and `stargate` stays a `planned(...)` line of venueModules.ts: a venue
 * whose one real answer is "deprecated" prices nothing. Replace the quote templates (ETH, and USDC with
 * its approve step) by recorded answers and these cases keep their meaning.
 */

function token(chain: string, symbol: string | null): TokenInfo {
  const found = symbol === null ? nativeToken(chain) : resolveToken(chain, symbol);
  if (!found) throw new Error(`no ${symbol ?? 'native'} token on ${chain}`);
  return found;
}

const NOW = 1_764_000_000_000;
const WALLET = '0x2222222222222222222222222222222222222222';
const ARBITRUM_POOL = '0xA45B5130f36CDcA45667738e2a258AB09f4A5f7F';

const request = (amountIn: bigint, toChain: 'base' | 'polygon' = 'base'): VenueQuoteRequest => ({
  fromChain: 'arbitrum',
  toChain,
  fromToken: token('arbitrum', null),
  toToken: token(toChain, null),
  amountIn,
  sender: WALLET,
  recipient: WALLET,
  userIp: null,
  integratorFee: null,
});

const quotesAt = (file: string, status = 200): ServedRoute[] => [{ method: 'GET', path: '/quotes', answer: { file, status } }];
const TAXI = 'synthetic/quotes-eth-arbitrum-base-taxi-bus.json';
/** The one real `GET /quotes` answer found: the API's deprecation notice (fixtures/real/SOURCES.json). */
const DEPRECATED = 'real/quotes-deprecated-vt-api.json';

/** What quote stored for 0.1 ETH Arbitrum → Base (the template's figures). */
const storedQuote: VenueQuote = {
  amountIn: 10n ** 17n,
  amountOut: 99_958_000_000_000_000n,
  minAmountOut: 99_462_190_000_000_000n,
  estimatedSeconds: 60,
  expiresAt: NOW + 60_000,
  context: {
    srcChainKey: 'arbitrum',
    dstChainKey: 'base',
    pool: ARBITRUM_POOL,
    amountLD: '99962000000000000',
    nativeFee: '38000000000000',
    dstAmount: '99958000000000000',
    minAmountLD: '99462190000000000',
    route: 'stargate/v2/taxi',
  },
};

const quoteCases: ContractCase[] = [
  {
    name: 'taxi of 0.1 ETH Arbitrum → Base: asks once for the fee, then for the input less the fee; the bus route is ignored',
    routes: quotesAt(TAXI),
    call: { kind: 'quote', request: request(10n ** 17n) },
    expect: { kind: 'row', amountOut: 99_958_000_000_000_000n, minAmountOut: 99_462_190_000_000_000n, estimatedSeconds: 60, expiresAt: NOW + 60_000 },
    now: NOW,
  },
  {
    name: 'an input not covering the LayerZero fee is below_min with the least input that does',
    routes: quotesAt(TAXI),
    call: { kind: 'quote', request: request(30_000_000_000_000n) },
    expect: { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '39000000000000' } },
    now: NOW,
  },
  {
    name: 'a taxi refused above srcAmountMax is above_max with the limit plus the LayerZero fee',
    routes: quotesAt('synthetic/quotes-error-above-srcamountmax.json'),
    call: { kind: 'quote', request: request(80n * 10n ** 18n) },
    expect: { kind: 'rejection', code: 'above_max', details: { maxAmountAtomic: '74997078293000000000' } },
    now: NOW,
  },
  {
    name: 'a route whose quoteSend reverted (route null, error.message) is venue_error with the message',
    routes: quotesAt('synthetic/quotes-error-quotesend-reverted.json'),
    call: { kind: 'quote', request: request(10n ** 17n) },
    expect: { kind: 'rejection', code: 'venue_error' },
    now: NOW,
  },
  {
    name: "the real answer of today's API, a deprecation notice (no quotes), is venue_disabled naming the reason, if answered with 200",
    routes: quotesAt(DEPRECATED),
    call: { kind: 'quote', request: request(10n ** 17n) },
    expect: { kind: 'rejection', code: 'venue_disabled', details: { reason: 'api_deprecated' } },
    now: NOW,
  },
  {
    name: 'the same deprecation notice as a 4xx (its status was not recorded; 410 Gone) is venue_disabled too',
    routes: quotesAt(DEPRECATED, 410),
    call: { kind: 'quote', request: request(10n ** 17n) },
    expect: { kind: 'rejection', code: 'venue_disabled', details: { reason: 'api_deprecated' } },
    now: NOW,
  },
  {
    name: 'no quotes at all is no_liquidity',
    routes: quotesAt('synthetic/quotes-empty.json'),
    call: { kind: 'quote', request: request(10n ** 17n) },
    expect: { kind: 'rejection', code: 'no_liquidity' },
    now: NOW,
  },
  {
    name: 'HTTP 400 naming an unsupported token is token_not_supported',
    routes: quotesAt('synthetic/quotes-400-invalid-token.json', 400),
    call: { kind: 'quote', request: request(10n ** 17n) },
    expect: { kind: 'rejection', code: 'token_not_supported' },
    now: NOW,
  },
  {
    name: 'HTTP 429 is venue_rate_limited',
    routes: quotesAt('synthetic/quotes-empty.json', 429),
    call: { kind: 'quote', request: request(10n ** 17n) },
    expect: { kind: 'rejection', code: 'venue_rate_limited' },
    now: NOW,
  },
  {
    name: 'a chain without a native pool is route_not_served, without asking',
    routes: [],
    call: { kind: 'quote', request: request(10n ** 17n, 'polygon') },
    expect: { kind: 'rejection', code: 'route_not_served' },
    now: NOW,
  },
];

const buildCase: ContractCase = {
  name: 'build: one main step to the pinned Arbitrum pool, value = amount bridged + LayerZero fee = the input, a plain taxi to the recipient',
  routes: quotesAt(TAXI),
  call: { kind: 'build', request: { request: request(10n ** 17n), quote: storedQuote } },
  expect: {
    kind: 'plan',
    check(plan) {
      const steps = (plan as StepsPlan).steps;
      const step = steps[0];
      if (plan.shape !== 'steps' || steps.length !== 1 || !step || step.vm !== 'evm') throw new Error('expected one EVM step');
      if (getAddress(step.to) !== ARBITRUM_POOL || step.value !== 10n ** 17n || step.chainId !== 42161) throw new Error(`unexpected step ${step.to} ${step.value}`);
      const send = decodeStargateSend(step.data);
      if (!send || send.dstEid !== 30184 || send.amountLD !== 99_962_000_000_000_000n || send.nativeFee !== 38_000_000_000_000n) throw new Error('unexpected send');
      const why = whyNotStargateSend(step.data, step.value, { sourceChainId: 42161, sourceToken: null, amount: 10n ** 17n, recipient: WALLET, destinationChainId: 8453 });
      if (why !== null) throw new Error(why);
      if ((plan as StepsPlan).approval !== null) throw new Error('a native send needs no approval');
    },
  },
  now: NOW,
};

/** The real DELIVERED answer: a Stargate taxi of 0.999974 USDC (6 decimals) to 0xf6d7…b751. */
const DELIVERED_RECIPIENT = '0xf6d79f80758029d8957ee4028fc0156ebeb3b751';
const statusRequest = (recipient: string = WALLET, toToken: TokenInfo = token('base', null)): VenueStatusRequest => ({
  fromChain: 'arbitrum',
  toChain: 'base',
  toToken,
  sourceTxHash: '0xd8c0af4a3399ace26932a26e117df6c61e6a4b89f0710e572002a8bf4097bc12',
  recipient,
  amountIn: 10n ** 17n,
  expectedOut: 99_958_000_000_000_000n,
  context: storedQuote.context,
});
const scanAt = (file: string, status = 200): ServedRoute[] => [{ method: 'GET', path: /^\/messages\/tx\/0x[0-9a-fA-F]{64}$/, answer: { file, status } }];
const derived = (file: string, state: 'pending' | 'failed', name: string, unrecognized = false): ContractCase => ({
  name: `Scan ${name} is ${state}${unrecognized ? ', unrecognized' : ''}`,
  routes: scanAt(`synthetic/${file}`),
  call: { kind: 'status', request: statusRequest() },
  expect: { kind: 'status', state, destinationTxHash: null, receivedAmount: null, unrecognized },
});

const statusCases: ContractCase[] = [
  {
    name: 'Scan DELIVERED (real Stargate taxi): completed, the destination hash, the amount the taxi payload pays the recipient',
    routes: scanAt('real/scan-messages-tx-delivered-stargate-sepolia.json'),
    call: { kind: 'status', request: statusRequest(DELIVERED_RECIPIENT, { chain: 'arbitrum', symbol: 'USDC', address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', decimals: 6 }) },
    expect: { kind: 'status', state: 'completed', destinationTxHash: '0xbb879586c6c36a898bbcd9a8f2bfe0f8caa55c035e21bb9da4b06177c138b2d8', receivedAmount: 999_974n },
  },
  {
    name: 'Scan DELIVERED to someone else than the recipient: completed, but no received amount is claimed',
    routes: scanAt('real/scan-messages-tx-delivered-stargate-sepolia.json'),
    call: { kind: 'status', request: statusRequest() },
    expect: { kind: 'status', state: 'completed', receivedAmount: null },
  },
  {
    name: 'Scan INFLIGHT (real) is pending, destination WAITING without a transaction',
    routes: scanAt('real/scan-messages-latest-inflight-oft.json'),
    call: { kind: 'status', request: statusRequest() },
    expect: { kind: 'status', state: 'pending', destinationTxHash: null, receivedAmount: null, unrecognized: false },
  },
  derived('scan-messages-tx-confirming.json', 'pending', 'CONFIRMING'),
  derived('scan-messages-tx-payload-stored.json', 'pending', 'PAYLOAD_STORED'),
  derived('scan-messages-tx-blocked.json', 'pending', 'BLOCKED'),
  derived('scan-messages-tx-failed.json', 'failed', 'FAILED'),
  derived('scan-messages-tx-application-burned.json', 'failed', 'APPLICATION_BURNED'),
  derived('scan-messages-tx-unknown-status.json', 'pending', 'RETRYING (undocumented)', true),
  {
    name: 'Scan without the message yet (empty list) is pending',
    routes: scanAt('synthetic/scan-messages-tx-empty.json'),
    call: { kind: 'status', request: statusRequest() },
    expect: { kind: 'status', state: 'pending', destinationTxHash: null },
  },
  {
    name: 'Scan 404 for a transaction it has not indexed is pending',
    routes: scanAt('synthetic/scan-messages-tx-empty.json', 404),
    call: { kind: 'status', request: statusRequest() },
    expect: { kind: 'status', state: 'pending', destinationTxHash: null },
  },
];

const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const BASE_USDC_POOL = '0x27a16dc786820B16E5c9028b75B99F6f604b5d26';
const USDC_TAXI = 'synthetic/quotes-usdc-base-arbitrum-taxi.json';
const LZ_FEE = 38_000_000_000_000n;
const usdcRequest: VenueQuoteRequest = { ...request(250_000_000n), fromChain: 'base', toChain: 'arbitrum', fromToken: token('base', 'USDC'), toToken: token('arbitrum', 'USDC') };
const usdcQuote: VenueQuote = {
  amountIn: 250_000_000n,
  amountOut: 249_900_000n,
  minAmountOut: 248_750_000n,
  estimatedSeconds: 60,
  expiresAt: NOW + 60_000,
  context: { srcChainKey: 'base', dstChainKey: 'arbitrum', pool: BASE_USDC_POOL, amountLD: '250000000', nativeFee: LZ_FEE.toString(), dstAmount: '249900000', minAmountLD: '248750000', route: 'stargate/v2/taxi' },
};

/** USDC through its pool: the whole input bridged, the LayerZero fee beside it as the plan's declared native fee. */
const usdcCases: ContractCase[] = [
  {
    name: 'taxi of 250 USDC Base → Arbitrum: one ask for the whole input, dstAmount and the send minimum priced',
    routes: quotesAt(USDC_TAXI),
    call: { kind: 'quote', request: usdcRequest },
    expect: { kind: 'row', amountOut: 249_900_000n, minAmountOut: 248_750_000n, estimatedSeconds: 60, expiresAt: NOW + 60_000 },
    now: NOW,
  },
  {
    name: "build of USDC: one send to Base's pinned USDC pool, value = the LayerZero fee = the plan's native fee, an exact approval of the pool",
    routes: quotesAt(USDC_TAXI),
    call: { kind: 'build', request: { request: usdcRequest, quote: usdcQuote } },
    expect: {
      kind: 'plan',
      check(plan) {
        if (plan.shape !== 'steps' || plan.steps.length !== 1) throw new Error('expected one step');
        const step = plan.steps[0]!;
        if (step.vm !== 'evm' || getAddress(step.to) !== BASE_USDC_POOL || step.value !== LZ_FEE || step.chainId !== 8453) throw new Error(`unexpected step ${step.vm === 'evm' ? `${step.to} ${step.value}` : step.vm}`);
        if (plan.nativeFee !== LZ_FEE) throw new Error(`nativeFee ${plan.nativeFee}`);
        const approval = plan.approval;
        if (approval === null || getAddress(approval.token) !== BASE_USDC || getAddress(approval.spender) !== BASE_USDC_POOL || approval.amount !== 250_000_000n) throw new Error('expected an exact approval of the USDC pool');
        const why = whyNotStargateSend(step.data, step.value, { sourceChainId: 8453, sourceToken: BASE_USDC, amount: 250_000_000n, recipient: WALLET, destinationChainId: 42161 }, BASE_USDC);
        if (why !== null) throw new Error(why);
      },
    },
    now: NOW,
  },
  {
    name: 'the ETH answer for a USDC request (another pool, the amount plus the fee as value) is a bad response',
    routes: quotesAt(TAXI),
    call: { kind: 'quote', request: { ...usdcRequest, fromChain: 'arbitrum', toChain: 'base', fromToken: token('arbitrum', 'USDC'), toToken: token('base', 'USDC'), amountIn: 99_962_000_000_000_000n } },
    expect: { kind: 'rejection', code: 'venue_bad_response' },
    now: NOW,
  },
];

export const contract: VenueContract = { venue: 'stargate', cases: [...quoteCases, buildCase, ...usdcCases, ...statusCases] };
