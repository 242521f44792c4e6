import { resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import type { ContractCase, ServedRoute, VenueContract } from '../contract/ContractCase.ts';
import type { VenueQuote, VenueQuoteRequest, VenueStatusRequest } from '../Venue.ts';
import { MESON_CONTRACT } from './mesonChains.ts';

/**
 * Meson against its answers (fixtures/real/SOURCES.json): the price example of meson.dev's API
 * reference, an integrator's recorded encode answers (the `insufficient-allowance` envelope carrying
 * the swap, and the contract form) and its recorded status answers (two RELEASED, one CANCELLED).
 * The recorded encode is a Polygon USDC.e swap to a chain Strait does not list, so it proves the
 * refusal; the plan case reads a synthetic Base → Arbitrum answer derived from it. Statuses nobody
 * recorded (in flight, expired, an unknown key) are synthetic from meson.dev's check-swap schema.
 */

function token(chain: string, symbol: string): TokenInfo {
  const found = resolveToken(chain, symbol);
  if (!found) throw new Error(`no ${symbol} on ${chain}`);
  return found;
}

/** 2024-02-21T03:40:00Z: the recorded swaps expire 90 minutes later. */
const NOW = 1_708_486_800_000;
/** The recorded answers' wallet. */
const WALLET = '0x23eD50dB3e7469695DD30FFD22a7B42716A338FC';

const request = (fromChain: string, toChain: string, amountIn: bigint, symbol = 'USDC'): VenueQuoteRequest => ({
  fromChain, toChain, fromToken: token(fromChain, symbol), toToken: token(toChain, symbol), amountIn, sender: WALLET, recipient: WALLET, userIp: null, integratorFee: null,
});
const PRICE: ServedRoute = { method: 'POST', path: '/api/v1/price', answer: { file: 'real/price-docs-example.json' } };
const encodeAt = (file: string, status = 400): ServedRoute => ({ method: 'POST', path: '/api/v1/swap', answer: { file, status } });

function quoteCase(name: string, routes: readonly ServedRoute[], req: VenueQuoteRequest, expect: ContractCase['expect']): ContractCase {
  return { name, routes, call: { kind: 'quote', request: req }, expect, now: NOW };
}
const quoteOf = (req: VenueQuoteRequest): VenueQuote => ({
  amountIn: req.amountIn, amountOut: req.amountIn - 5_000n, minAmountOut: req.amountIn - 5_000n, estimatedSeconds: 120, expiresAt: NOW + 60_000,
  context: { from: `${req.fromChain}:${req.fromToken.symbol.toLowerCase()}`, to: `${req.toChain === 'arbitrum' ? 'arb' : req.toChain}:${req.toToken.symbol.toLowerCase()}`, amount: (Number(req.amountIn) / 1e6).toString(), totalFee: '0.005' },
});

/** meson.dev's mainnet swap id example. */
const SWAP_ID = '0x03ae219df61c9a564f9a68a9b8b48539060e869ff8ef9dc457d21e0a924f48be';
const statusRequest: VenueStatusRequest = {
  fromChain: 'base', toChain: 'arbitrum', toToken: token('arbitrum', 'USDC'), sourceTxHash: SWAP_ID, recipient: WALLET, amountIn: 100_000_000n, expectedOut: 99_995_000n,
  context: { from: 'base:usdc', to: 'arb:usdc', amount: '100', totalFee: '0.005', swapId: SWAP_ID },
};
const STATUS_PATH = /^\/api\/v1\/swap\/0x[0-9a-f]{64}$/;
function statusCase(name: string, file: string | null, expect: ContractCase['expect']): ContractCase {
  const routes: ServedRoute[] = file === null ? [] : [{ method: 'GET', path: STATUS_PATH, answer: { file } }];
  return { name, routes, call: { kind: 'status', request: statusRequest }, expect, now: NOW };
}

export const contract: VenueContract = {
  venue: 'meson',
  cases: [
    quoteCase('the docs price (fee 0.005) prices 100 USDC Base → Arbitrum at 99.995, fixed', [PRICE], request('base', 'arbitrum', 100_000_000n), { kind: 'row', amountOut: 99_995_000n, minAmountOut: 99_995_000n, estimatedSeconds: 120, expiresAt: NOW + 60_000 }),
    quoteCase('an amount the fee eats whole is below the minimum, with the least amount that clears it', [PRICE], request('base', 'arbitrum', 5_000n), { kind: 'rejection', code: 'below_min', details: { minAmountAtomic: '5001' } }),
    quoteCase('the relayer refusing the sender\'s balance is invalid_input with its message', [{ method: 'POST', path: '/api/v1/price', answer: { file: 'synthetic/encode-insufficient-balance.json', status: 400 } }], request('base', 'arbitrum', 100_000_000n), { kind: 'rejection', code: 'invalid_input', details: { venueCode: 'insufficient-balance' } }),
    quoteCase('a chain Meson is not built for is never asked', [PRICE], request('base', 'solana', 100_000_000n), { kind: 'rejection', code: 'route_not_served' }),
    {
      name: 'the recorded encode (Polygon USDC.e to another chain) is refused for a Polygon USDT → Arbitrum transfer: it spends another token',
      routes: [encodeAt('real/encode-insufficient-allowance.json')],
      call: { kind: 'build', request: { request: request('polygon', 'arbitrum', 1_500_000n, 'USDT'), quote: quoteOf(request('polygon', 'arbitrum', 1_500_000n, 'USDT')) } },
      expect: { kind: 'rejection', code: 'venue_bad_response' },
      now: NOW,
    },
    {
      name: 'the recorded contract-path encode (no signing data, fromContract) is refused: Strait signs as the sender',
      routes: [encodeAt('real/encode-from-contract.json', 200)],
      call: { kind: 'build', request: { request: request('base', 'arbitrum', 100_000_000n), quote: quoteOf(request('base', 'arbitrum', 100_000_000n)) } },
      expect: { kind: 'rejection', code: 'venue_bad_response' },
      now: NOW,
    },
    {
      name: 'an encode in the allowance envelope builds the request and release to personal_sign and an approve of the Meson contract',
      routes: [encodeAt('synthetic/encode-base-to-arbitrum.json')],
      call: { kind: 'build', request: { request: request('base', 'arbitrum', 100_000_000n), quote: quoteOf(request('base', 'arbitrum', 100_000_000n)) } },
      expect: {
        kind: 'plan',
        check: (plan) => {
          if (plan.shape !== 'steps') throw new Error('not steps');
          const [step] = plan.steps;
          if (step?.vm !== 'message' || step.messages.length !== 2) throw new Error('no message step');
          if (step.messages[1] !== `${step.messages[0]}${WALLET.slice(2).toLowerCase()}`) throw new Error('the release is not the request and the recipient');
          if (!plan.approval || 'vm' in plan.approval || plan.approval.spender !== MESON_CONTRACT || plan.approval.amount !== 100_000_000n) throw new Error('no exact approve of the Meson contract');
          if (plan.amountOut !== 99_995_000n) throw new Error(`amountOut ${plan.amountOut}`);
        },
      },
      now: NOW,
    },
    statusCase('RELEASED (recorded) is completed, paid by the RELEASED transaction', 'real/status-released.json', { kind: 'status', state: 'completed', destinationTxHash: '0xa73244d2db32b778ac7baf99664d6286defbd98a7e0b8385818b78734496bf6a', receivedAmount: 99_995_000n }),
    statusCase('a second recorded RELEASED is completed', 'real/status-released-skale.json', { kind: 'status', state: 'completed', destinationTxHash: '0x840afe0fb55d1a4da9d9504cbf49e7155284fb0f2540ec9ba7714ff0fc6e8ecb' }),
    statusCase('CANCELLED (recorded, beside EXECUTED) is refunded', 'real/status-cancelled.json', { kind: 'status', state: 'refunded', destinationTxHash: null }),
    statusCase('POSTED, BONDED, LOCKED without RELEASED is pending', 'synthetic/status-posted.json', { kind: 'status', state: 'pending' }),
    statusCase('expired before anything was posted is failed: nothing left the wallet', 'synthetic/status-expired-unposted.json', { kind: 'status', state: 'failed' }),
    statusCase('expired after the funds were posted is pending until the cancel refunds them', 'synthetic/status-expired-posted.json', { kind: 'status', state: 'pending' }),
    statusCase('an undocumented step key is pending, unrecognized', 'synthetic/status-unknown-key.json', { kind: 'status', state: 'pending', unrecognized: true }),
    statusCase('a swap the relayer has not indexed (404) is pending', null, { kind: 'status', state: 'pending' }),
  ],
};
