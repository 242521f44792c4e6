import { describe, expect, it } from 'vitest';
import { CLAIM_STATUSES, canMoveClaim, nextClaimStatus, secondsUntilClaimable } from './claimState.ts';

describe('claim state machine', () => {
  it.each([
    ['waiting', 'ready', true],
    ['ready', 'submitted', true],
    ['submitted', 'claimed', true],
    // a two-step claim: proven, now waiting for the finalize window
    ['submitted', 'waiting', true],
    // the redeem transaction reverted: its step is open again
    ['submitted', 'ready', true],
    // someone else sent the redeem before the wallet did
    ['waiting', 'claimed', true],
    ['ready', 'claimed', true],
    ['waiting', 'submitted', false],
    ['claimed', 'ready', false],
    ['claimed', 'waiting', false],
  ] as const)('%s → %s: %s', (from, to, legal) => {
    expect(canMoveClaim(from, to)).toBe(legal);
  });

  it('lets every status stay put, and nothing leave claimed', () => {
    for (const s of CLAIM_STATUSES) expect(canMoveClaim(s, s)).toBe(true);
    expect(CLAIM_STATUSES.filter((s) => s !== 'claimed' && canMoveClaim('claimed', s))).toEqual([]);
  });

  it.each([
    [{ delivered: true, dueSteps: 1, submittedDueSteps: 0 }, 'claimed'],
    [{ delivered: false, dueSteps: 0, submittedDueSteps: 0 }, 'waiting'],
    [{ delivered: false, dueSteps: 1, submittedDueSteps: 0 }, 'ready'],
    [{ delivered: false, dueSteps: 1, submittedDueSteps: 1 }, 'submitted'],
    // prove submitted, finalize now due
    [{ delivered: false, dueSteps: 2, submittedDueSteps: 1 }, 'ready'],
    [{ delivered: false, dueSteps: 2, submittedDueSteps: 2 }, 'submitted'],
  ] as const)('next status of %o is %s', (facts, expected) => {
    expect(nextClaimStatus(facts)).toBe(expected);
  });

  it('counts down in whole seconds, never below zero, null when unknown', () => {
    expect(secondsUntilClaimable(null, 0)).toBeNull();
    expect(secondsUntilClaimable(10_500, 1_000)).toBe(10);
    expect(secondsUntilClaimable(10_001, 1_000)).toBe(10);
    expect(secondsUntilClaimable(1_000, 5_000)).toBe(0);
  });
});
