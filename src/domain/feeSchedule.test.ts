import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEE_SCHEDULE, parseFeeTiers, platformFeeBps, savedBps } from './feeSchedule.ts';

describe('fee schedule', () => {
  it.each([
    [0, 0],
    [9, 0],
    [10, 3],
    [29, 3],
    [30, 8],
    [59, 8],
    [60, 15],
    [5_000, 15],
  ])('a saving of %i bps pays %i bps', (saved, fee) => {
    expect(platformFeeBps(saved, DEFAULT_FEE_SCHEDULE)).toBe(fee);
  });

  it('never takes more than half the saving, whatever the tiers', () => {
    const schedule = { ...DEFAULT_FEE_SCHEDULE, tiers: [{ minSavedBps: 1, feeBps: 50 }] };
    expect(platformFeeBps(1, schedule)).toBe(0);
    expect(platformFeeBps(7, schedule)).toBe(3);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (saved) => {
        const fee = platformFeeBps(saved, DEFAULT_FEE_SCHEDULE);
        expect(fee * 2).toBeLessThanOrEqual(saved);
      }),
    );
  });

  it('measures a saving in bps of the alternative, rounded down, never negative', () => {
    expect(savedBps(1_005n, 1_000n)).toBe(50);
    expect(savedBps(1_000n, 1_005n)).toBe(0);
    expect(savedBps(1n, 0n)).toBe(0);
    expect(savedBps(10_009n, 10_000n)).toBe(9);
  });

  it('parses STRAIT_FEE_TIERS and refuses what it cannot trust', () => {
    expect(parseFeeTiers('10:3, 30:8,60:15')).toEqual(DEFAULT_FEE_SCHEDULE.tiers);
    expect(() => parseFeeTiers('10:3,5:8')).toThrow(/ascend/);
    expect(() => parseFeeTiers('10-3')).toThrow(/minSavedBps:feeBps/);
    expect(() => parseFeeTiers('10:300')).toThrow(/100 bps/);
  });
});
