import { describe, expect, it } from 'vitest';
import { giveUpAfterMs, pollDelayMs } from './pollSchedule.ts';

describe('poll schedule', () => {
  it('starts from a quarter of the ETA, within the worker interval and a minute', () => {
    expect(pollDelayMs(0, 20, 2_000)).toBe(5_000);
    expect(pollDelayMs(0, 2, 2_000)).toBe(2_000);
    expect(pollDelayMs(0, 1_200, 2_000)).toBe(60_000);
    expect(pollDelayMs(0, null, 2_000)).toBe(2_000);
  });

  it('grows ×1.5 per attempt and never waits more than five minutes', () => {
    const delays = Array.from({ length: 30 }, (_, attempt) => pollDelayMs(attempt, 20, 2_000));
    expect(delays.slice(0, 3)).toEqual([5_000, 7_500, 11_250]);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(Math.max(...delays)).toBe(300_000);
  });

  it('never waits longer than a configured cap, nor less than the worker interval', () => {
    // A withdrawal's week-long ETA on chains whose delays are seconds (the sandbox's 2-second cap).
    const delays = Array.from({ length: 10 }, (_, attempt) => pollDelayMs(attempt, 7 * 86_400, 500, 2_000));
    expect(new Set(delays)).toEqual(new Set([2_000]));
    expect(pollDelayMs(0, 20, 2_000, 1_000)).toBe(2_000);
    expect(pollDelayMs(0, 20, 2_000, 300_000)).toBe(pollDelayMs(0, 20, 2_000));
  });

  it('gives a transfer six ETAs, and at least thirty minutes, before it is overdue', () => {
    expect(giveUpAfterMs(null)).toBe(1_800_000);
    expect(giveUpAfterMs(20)).toBe(1_800_000);
    expect(giveUpAfterMs(1_200)).toBe(7_200_000);
  });
});
