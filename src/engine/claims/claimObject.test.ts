import { describe, expect, it } from 'vitest';
import { claimView, initialClaim, readClaim, toJson } from './claimObject.ts';

const terms = { chain: 'arbitrum', actions: ['receiveMessage'], signer: 'anyone', reason: 'no forwarding' } as const;

describe('the transfer claim object', () => {
  it('starts waiting with nothing to sign', () => {
    expect(claimView(initialClaim(terms), 0)).toEqual({ status: 'waiting', chain: 'arbitrum', actions: ['receiveMessage'], signer: 'anyone', claimableAt: null, secondsUntilClaimable: null, steps: [], txHash: null, reason: 'no forwarding', detail: 'waiting for the source transaction and the venue' });
  });

  it('counts down to claimableAt while waiting, reads 0 once ready and null once claimed', () => {
    const waiting = readClaim(initialClaim(terms))!;
    const at = Date.UTC(2026, 0, 1);
    expect(claimView(toJson({ ...waiting, claimableAt: at }), at - 90_500)).toMatchObject({ claimableAt: '2026-01-01T00:00:00.000Z', secondsUntilClaimable: 91 });
    expect(claimView(toJson({ ...waiting, status: 'ready', claimableAt: at }), at + 5_000)?.secondsUntilClaimable).toBe(0);
    expect(claimView(toJson({ ...waiting, status: 'claimed', claimableAt: at }), at)?.secondsUntilClaimable).toBeNull();
  });

  it('reads no claim from JSON that is not one', () => {
    expect(readClaim(null)).toBeNull();
    expect(readClaim({ status: 'sideways' })).toBeNull();
    expect(claimView({ to: '0x1' }, 0)).toBeNull();
  });
});
