import { describe, expect, it } from 'vitest';
import type { EngineDeps } from './EngineDeps.ts';
import { readTransferJson } from './readTransfer.ts';
import { createTransferViewCache } from './transferViewCache.ts';
import type { TransferView } from './views.ts';

const SUBMITTED_AT = Date.parse('2026-12-02T10:00:00Z');

function harness(claim: TransferView['claim'] = null) {
  let now = SUBMITTED_AT + 5_000;
  const transferViews = createTransferViewCache({ ttlMs: 60_000, maxEntries: 10 });
  transferViews.set('t', { transferId: 't', status: 'PENDING', submittedAt: SUBMITTED_AT, completedAt: null, elapsedSeconds: 5, claim } as unknown as TransferView);
  const deps = { transferViews, now: () => now } as unknown as EngineDeps;
  const serialized: TransferView[] = [];
  const serialize = (view: TransferView): string => {
    serialized.push(view);
    return JSON.stringify({ elapsedSeconds: view.elapsedSeconds, claim: view.claim });
  };
  return { deps, serialize, serialized, advance: (ms: number) => (now += ms), close: () => transferViews.close() };
}

describe('readTransferJson', () => {
  it('serialises a cached view once while its elapsed seconds stay the same, and again when they move', async () => {
    const h = harness();
    const first = await readTransferJson(h.deps, 't', h.serialize);
    h.advance(300);
    expect(await readTransferJson(h.deps, 't', h.serialize)).toBe(first);
    expect(h.serialized).toHaveLength(1);
    h.advance(1_000);
    const later = JSON.parse(await readTransferJson(h.deps, 't', h.serialize)) as { elapsedSeconds: number };
    expect(later.elapsedSeconds).toBe(6);
    expect(h.serialized).toHaveLength(2);
    h.close();
  });

  it('serialises every read of a view whose claim counts down', async () => {
    const claimableAt = new Date(SUBMITTED_AT + 60_000).toISOString();
    const h = harness({ status: 'waiting', chain: 'ethereum', actions: ['finalize'], signer: 'anyone', claimableAt, secondsUntilClaimable: 55 } as unknown as TransferView['claim']);
    const first = JSON.parse(await readTransferJson(h.deps, 't', h.serialize)) as { claim: { secondsUntilClaimable: number } };
    h.advance(2_000);
    const second = JSON.parse(await readTransferJson(h.deps, 't', h.serialize)) as { claim: { secondsUntilClaimable: number } };
    expect(second.claim.secondsUntilClaimable).toBe(first.claim.secondsUntilClaimable - 2);
    expect(h.serialized).toHaveLength(2);
    h.close();
  });
});
