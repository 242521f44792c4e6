import { getAddress } from 'viem';
import { resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import type { ContractCase, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import { onlyEvmStep } from '../contract/onlyEvmStep.ts';
import type { VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { ECO_PORTAL } from './ecoChains.ts';
import { decodeEcoPublish } from './ecoIntentCalls.ts';

/**
 * Eco Routes against answers in its v3 dialect. No answer the real API gave (a recorded quote or
 * status) was found: Eco's OpenAPI (docs.eco.com/openapi.json) carries field examples only, with
 * edited addresses and a 66-digit hash, so every file here is synthetic (fixtures/synthetic/
 * SOURCES.json says what each derives from). That is why the module stays `planned` in
 * venueModules.ts: test/venueContract.test.ts requires a quote and a status case served from
 * fixtures/real/. Once real answers are found, save them there and point the first quote and status
 * cases at them.
 */

function token(chain: string, symbol: string): TokenInfo {
  const found = resolveToken(chain, symbol);
  if (!found) throw new Error(`no ${symbol} token on ${chain}`);
  return found;
}

/** 70 minutes before the answers' reward deadline (1759870386). */
const NOW = 1_759_866_186_000;
const USER = getAddress('0x2b2c52b1b63c4bfc7f16910a1734641d8e34de62');

const request: VenueQuoteRequest = {
  fromChain: 'arbitrum',
  toChain: 'base',
  fromToken: token('arbitrum', 'USDC'),
  toToken: token('base', 'USDC'),
  amountIn: 5_000_000n,
  sender: USER,
  recipient: USER,
  userIp: null,
  integratorFee: null,
};

const quote: VenueQuote = {
  amountIn: 5_000_000n,
  amountOut: 4_970_000n,
  minAmountOut: 4_970_000n,
  estimatedSeconds: 30,
  expiresAt: 1_759_870_386_000,
  context: { sourceChainID: 42161, destinationChainID: 8453, sourceToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', destinationToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', destinationAmount: '4970000' },
};

const quoteAt = (file: string, status = 201, headers?: Record<string, string>): ServedRoute[] => [{ method: 'POST', path: '/api/v3/quotes/exactIn', answer: { file, status, ...(headers ? { headers } : {}) } }];
const statusAt = (file: string, status = 200): ServedRoute[] => [{ method: 'POST', path: '/api/v3/intents/intentStatus', answer: { file, status } }];

function quoteCase(name: string, routes: readonly ServedRoute[], expect: ContractCase['expect'], asked: VenueQuoteRequest = request): ContractCase {
  return { name, routes, call: { kind: 'quote', request: asked }, expect, now: NOW };
}

const statusRequest: VenueStatusRequest = {
  fromChain: 'arbitrum',
  toChain: 'base',
  toToken: token('base', 'USDC'),
  sourceTxHash: '0xe1ffdcf09d5aa92a2d89b1b39db3f8cadf09428a296cce0d5e387595ac83d08f',
  recipient: USER,
  amountIn: 5_000_000n,
  expectedOut: 4_970_000n,
  context: quote.context,
};

function statusCase(name: string, routes: readonly ServedRoute[], expect: ContractCase['expect']): ContractCase {
  return { name, routes, call: { kind: 'status', request: statusRequest }, expect, now: NOW };
}

const cases: readonly ContractCase[] = [
  quoteCase('a SELF_PUBLISH quote (the GASLESS entry skipped) is a row of its destinationAmount, exact, expiring at its deadline', quoteAt('synthetic/quote-exactin-usdc-arbitrum-to-base.json'), {
    kind: 'row',
    amountOut: 4_970_000n,
    minAmountOut: 4_970_000n,
    estimatedSeconds: 30,
    expiresAt: 1_759_870_386_000,
  }),
  quoteCase('no solver quote is no_liquidity', quoteAt('synthetic/quote-exactin-empty.json'), { kind: 'rejection', code: 'no_liquidity', details: { venueCode: 'NO_QUOTES' } }),
  quoteCase('a route paying someone else is refused', quoteAt('synthetic/quote-exactin-route-pays-other.json'), { kind: 'rejection', code: 'venue_bad_response' }),
  quoteCase('a quote on a retired Portal is refused', quoteAt('synthetic/quote-exactin-old-portal.json'), { kind: 'rejection', code: 'venue_bad_response' }),
  quoteCase('a 400 is invalid_input', quoteAt('synthetic/error-bad-request.json', 400), { kind: 'rejection', code: 'invalid_input', details: { venueCode: 'Bad Request' } }),
  quoteCase('a 429 is venue_rate_limited', quoteAt('synthetic/error-rate-limit.json', 429, { 'retry-after': '2' }), { kind: 'rejection', code: 'venue_rate_limited' }),
  quoteCase('USDC into WETH is not carried', [], { kind: 'rejection', code: 'token_not_supported' }, { ...request, toToken: token('base', 'WETH') }),
  quoteCase('Solana is not served', [], { kind: 'rejection', code: 'route_not_served' }, { ...request, toChain: 'solana', toToken: token('solana', 'USDC'), recipient: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' }),
  {
    name: 'build: one publishAndFund on the pinned Portal rewarding the exact input, its route kept, an exact approval to the Portal',
    routes: quoteAt('synthetic/quote-exactin-usdc-arbitrum-to-base.json'),
    call: { kind: 'build', request: { request, quote } },
    now: NOW,
    expect: {
      kind: 'plan',
      check: (plan) => {
        const { step, approval } = onlyEvmStep(plan, { to: ECO_PORTAL, chainId: 42161, value: 0n });
        if (approval?.spender !== ECO_PORTAL || approval.amount !== 5_000_000n) throw new Error(`approval ${JSON.stringify(approval, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
        const decoded = decodeEcoPublish(step.data);
        if (typeof decoded === 'string') throw new Error(decoded);
        if (decoded.destination !== 8453n || decoded.reward.creator !== USER || decoded.reward.tokens[0]?.amount !== 5_000_000n || decoded.reward.deadline !== 1_759_870_386n) throw new Error('reward or destination differ');
        if (plan.amountOut !== 4_970_000n || plan.minAmountOut !== 4_970_000n) throw new Error(`amountOut ${plan.amountOut}`);
      },
    },
  },
  statusCase('Pending/WaitingToFulfill stays pending', statusAt('synthetic/status-waiting-to-fulfill.json'), { kind: 'status', state: 'pending', receivedAmount: null }),
  statusCase('Pending/WaitingForRefund stays pending (the refund is to come)', statusAt('synthetic/status-waiting-for-refund.json'), { kind: 'status', state: 'pending', receivedAmount: null }),
  statusCase('Completed/Fulfilled is completed with the fill hash and the route amount', statusAt('synthetic/status-fulfilled.json'), {
    kind: 'status',
    state: 'completed',
    destinationTxHash: '0x5a3f2d1e0b9c8a7f6e5d4c3b2a190817f6e5d4c3b2a1908f7e6d5c4b3a291807',
    receivedAmount: 4_970_000n,
  }),
  statusCase('Completed/Refunded is refunded', statusAt('synthetic/status-refunded.json'), { kind: 'status', state: 'refunded', receivedAmount: null }),
  statusCase('an unknown subStatus is pending and unrecognized', statusAt('synthetic/status-unknown.json'), { kind: 'status', state: 'pending', unrecognized: true }),
];

export const contract: VenueContract = { venue: 'eco', cases };
