import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEE_SCHEDULE } from '../domain/feeSchedule.ts';
import { resolveToken, type TokenInfo } from '../domain/tokens.ts';
import { applyFees, type GrossRow } from './applyFees.ts';

const USDC = resolveToken('base', 'USDC') as TokenInfo;
const row = (venue: string, amountOut: bigint): GrossRow => ({ venue, quote: { amountIn: 0n, amountOut, minAmountOut: amountOut, estimatedSeconds: null, expiresAt: null, context: {} } });
const context = (amountIn: bigint, referral: { wallet: string; bps: number } | null = null) => ({
  amountIn,
  fromToken: USDC,
  fromPrice: { usd: 1, source: 'pinned', asOf: 0 },
  feeWallet: '0x000000000000000000000000000000000000FEE1',
  referral,
  schedule: DEFAULT_FEE_SCHEDULE,
  collectible: () => true,
});

describe('applyFees', () => {
  it('leaves the charged route first, and never charges above either cap', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1_000n, max: 10n ** 15n }),
        fc.array(fc.integer({ min: 9_000, max: 10_000 }), { minLength: 1, maxLength: 12 }),
        fc.option(fc.integer({ min: 0, max: 15 }), { nil: null }),
        (amountIn, outBps, referralBps) => {
          const gross = outBps.map((bps, i) => row(`v${i}`, (amountIn * BigInt(bps)) / 10_000n));
          const outcome = applyFees(gross, context(amountIn, referralBps === null ? null : { wallet: '0x1', bps: referralBps }));
          const cap = 10_000_000n;
          const charged = outcome.rows.filter((r) => r.feeAmount > 0n);
          expect(charged.length).toBeLessThanOrEqual(1);
          for (const r of outcome.rows) expect(r.feeAmount).toBeLessThanOrEqual(cap);
          expect(outcome.referral?.amount ?? 0n).toBeLessThanOrEqual(cap);
          const top = charged[0];
          if (top) for (const other of outcome.rows) expect(top.amountOut).toBeGreaterThanOrEqual(other.amountOut);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('shrinks every output in proportion to what the venue receives after both cuts', () => {
    const { rows, referral } = applyFees([row('a', 999_000_000n), row('b', 994_000_000n)], context(1_000_000_000n, { wallet: '0xr', bps: 15 }));
    expect(referral).toEqual({ bps: 15, amount: 1_500_000n, wallet: '0xr' });
    expect(rows[0]).toMatchObject({ feeBps: 8, feeAmount: 800_000n, tierSavedBps: 50, amountOut: 996_702_300n, minAmountOut: 996_702_300n });
    expect(rows[1]).toMatchObject({ feeBps: 0, feeAmount: 0n, tierSavedBps: 0, amountOut: 992_509_000n });
  });

  it('never answers a minimum above the expected output, whatever minimum the venue gave', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1_000n, max: 10n ** 15n }),
        fc.array(fc.tuple(fc.integer({ min: 9_000, max: 10_000 }), fc.integer({ min: 8_000, max: 12_000 })), { minLength: 1, maxLength: 8 }),
        fc.option(fc.integer({ min: 0, max: 15 }), { nil: null }),
        (amountIn, answers, referralBps) => {
          const gross = answers.map(([outBps, minBps], i): GrossRow => {
            const out = (amountIn * BigInt(outBps)) / 10_000n;
            return { venue: `v${i}`, quote: { amountIn, amountOut: out, minAmountOut: (out * BigInt(minBps)) / 10_000n, estimatedSeconds: null, expiresAt: null, context: {} } };
          });
          const outcome = applyFees(gross, context(amountIn, referralBps === null ? null : { wallet: '0x1', bps: referralBps }));
          for (const r of outcome.rows) expect(r.minAmountOut).toBeLessThanOrEqual(r.amountOut);
          // Integer division can round a minimum of 100.01 % down to the output itself: compare the answered figures.
          if (gross.some((g) => g.quote.minAmountOut > g.quote.amountOut)) expect(outcome.notes.join(' ')).toMatch(/minimum output above its expected output/);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('measures a tie as no saving', () => {
    const { rows } = applyFees([row('a', 1_000n), row('b', 1_000n)], context(1_000n));
    expect(rows.map((r) => r.tierSavedBps)).toEqual([0, 0]);
  });
});
