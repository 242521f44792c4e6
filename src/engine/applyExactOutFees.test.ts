import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEE_SCHEDULE } from '../domain/feeSchedule.ts';
import { rankRows } from '../domain/ranking.ts';
import { resolveToken, type TokenInfo } from '../domain/tokens.ts';
import type { VenueQuoteRequest } from '../venues/Venue.ts';
import { applyExactOutFees } from './applyExactOutFees.ts';
import type { GrossRow } from './applyFees.ts';
import { impossibleQuote } from './fanOutQuotes.ts';

const USDC = resolveToken('base', 'USDC') as TokenInfo;
const EXACT = 100_000_000n;
const row = (venue: string, amountIn: bigint): GrossRow => ({ venue, quote: { amountIn, amountOut: EXACT, minAmountOut: EXACT, estimatedSeconds: null, expiresAt: null, context: {} } });
const context = (referral: { wallet: string; bps: number } | null = null, collectible = true) => ({
  amountIn: 2n ** 256n - 1n,
  fromToken: USDC,
  fromPrice: { usd: 1, source: 'pinned', asOf: 0 },
  feeWallet: '0x000000000000000000000000000000000000FEE1',
  referral,
  schedule: DEFAULT_FEE_SCHEDULE,
  collectible: () => collectible,
});

describe('applyExactOutFees', () => {
  it('adds the cuts to the input and keeps the output exact', () => {
    const { rows, referral } = applyExactOutFees([row('a', 100_100_000n), row('b', 100_600_000n)], context({ wallet: '0xr', bps: 10 }));
    // a asks 50 bps less than b: charged 8 bps of its own input, plus 10 bps of referral.
    expect(rows[0]).toMatchObject({ amountIn: 100_100_000n + 80_080n + 100_100n, amountOut: EXACT, minAmountOut: EXACT, feeBps: 8, feeAmount: 80_080n, tierSavedBps: 49 });
    expect(rows[1]).toMatchObject({ amountIn: 100_600_000n + 100_600n, amountOut: EXACT, feeBps: 0, feeAmount: 0n, tierSavedBps: 0 });
    expect(referral).toEqual({ bps: 10, wallet: '0xr', amount: 100_100n });
  });

  it('charges nothing a venue cannot carry', () => {
    const { rows } = applyExactOutFees([row('a', 100_100_000n), row('b', 100_600_000n)], context({ wallet: '0xr', bps: 10 }, false));
    expect(rows.map((r) => r.amountIn)).toEqual([100_100_000n, 100_600_000n]);
  });

  it('ranks the cheapest input first once the cuts are added, and charges at most one row under the caps', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: EXACT, max: (EXACT * 103n) / 100n }), { minLength: 1, maxLength: 10 }), fc.option(fc.integer({ min: 0, max: 15 }), { nil: null }), (inputs, bps) => {
        const { rows } = applyExactOutFees(
          inputs.map((amountIn, i) => row(`v${i}`, amountIn)),
          context(bps === null ? null : { wallet: '0xr', bps }),
        );
        expect(rows.filter((r) => r.feeAmount > 0n).length).toBeLessThanOrEqual(1);
        for (const r of rows) {
          expect(r.amountOut).toBe(EXACT);
          expect(r.amountIn).toBeGreaterThanOrEqual(r.quote.amountIn);
          expect(r.amountIn - r.quote.amountIn).toBeLessThanOrEqual(20_000_000n);
        }
        const ranked = rankRows(rows.map((r) => ({ ...r, estimatedSeconds: null, executable: true })));
        for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1]!.amountIn).toBeLessThanOrEqual(ranked[i]!.amountIn);
        // The charged row stays the cheapest: its fee never eats more than its lead.
        const charged = rows.find((r) => r.feeAmount > 0n);
        if (charged) for (const other of rows) expect(charged.amountIn).toBeLessThanOrEqual(other.amountIn);
      }),
      { numRuns: 300 },
    );
  });
});

describe('an exact-output answer the fan-out refuses', () => {
  const request = { exactOut: EXACT, amountIn: 2n ** 256n - 1n } as VenueQuoteRequest;
  const quote = (amountIn: bigint, amountOut: bigint, minAmountOut = amountOut) => ({ amountIn, amountOut, minAmountOut, estimatedSeconds: null, expiresAt: null, context: {} });

  it('promises less than the exact output, or asks no input', () => {
    expect(impossibleQuote(quote(101n, EXACT - 1n), request)).toMatch(/exact output/);
    expect(impossibleQuote(quote(101n, EXACT, EXACT - 1n), request)).toMatch(/exact output/);
    expect(impossibleQuote(quote(0n, EXACT), request)).toMatch(/no input/);
    expect(impossibleQuote(quote(100_100_000n, EXACT), request)).toBeNull();
  });
});
