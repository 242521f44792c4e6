import { describe, expect, it } from 'vitest';
import { earliestAnswerAt } from './fanOutQuotes.ts';

describe('earliestAnswerAt', () => {
  const timing = { deadlineMs: 1_200, minWaitMs: 400 };

  it('answers at once when nothing is out, and waits for the deadline while everything is', () => {
    expect(earliestAnswerAt(0, 36, timing)).toBe(0);
    expect(earliestAnswerAt(36, 36, timing)).toBe(1_200);
  });

  it('leaves fewer venues behind the earlier it answers, never before the minimum wait', () => {
    const times = [1, 4, 9, 12, 20, 30].map((out) => earliestAnswerAt(out, 36, timing));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const t of times) {
      expect(t).toBeGreaterThan(400);
      expect(t).toBeLessThan(1_200);
    }
    // A quarter of the venues out: halfway through the window along the square-root curve.
    expect(earliestAnswerAt(9, 36, timing)).toBe(800);
  });

  it('copes with a minimum wait equal to the deadline', () => {
    expect(earliestAnswerAt(3, 10, { deadlineMs: 500, minWaitMs: 500 })).toBe(500);
  });
});
