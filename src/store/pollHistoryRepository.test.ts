import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDecision } from './decisionRepository.ts';
import { openStore, type Store } from './openStore.ts';
import { POLLS_KEPT_PER_TRANSFER, listPolls, recordPoll } from './pollHistoryRepository.ts';
import { insertTransfer } from './transferRepository.ts';

let store: Store;
beforeAll(async () => {
  store = await openStore({ dataDir: 'memory' });
});
afterAll(async () => {
  await store.close();
});

async function aTransfer(): Promise<string> {
  const decisionId = randomUUID();
  await insertDecision(store.db, { id: decisionId, request: {}, privacy: false, userIp: null, fees: {}, pricing: {}, bestQuoteId: null, emptyReason: null, createdAt: 1, expiresAt: 2, quotes: [], rejections: [] });
  const id = randomUUID();
  await insertTransfer(store.db, {
    id, decisionId, quoteId: 'q', venue: 'across', status: 'SUBMITTED', statusDetail: null, fromChain: 'base', toChain: 'arbitrum', fromAsset: '0xa', toAsset: '0xb', amountIn: 1n, expectedOut: 1n, minOut: 1n,
    receivedAmount: null, receivedAsset: null, sourceTxHash: null, destinationTxHash: null, feeTxHash: null, sourceTxVerification: null, claim: null, postStep: null, finalDestination: null,
    requesterWallet: '0xs', recipientWallet: '0xr', avgSavedBps: 0, savedVsWorstBps: 0, savingsQuoteCount: 1, usdValueBridged: null, usdValueSaved: null, privacy: false, privacyModel: 'none',
    build: {}, venueContext: {}, buildExpiresAt: 2, createdAt: 1, submittedAt: 1, updatedAt: 1, completedAt: null, nextPollAt: 2, giveUpAt: null, etaSeconds: null,
  }, [], []);
  return id;
}

describe('poll history', () => {
  it(`keeps the last ${POLLS_KEPT_PER_TRANSFER} polls of each transfer, oldest first, without touching another's`, async () => {
    const [busy, quiet] = [await aTransfer(), await aTransfer()];
    await recordPoll(store.db, quiet, { polledAt: 5, venue: 'across', venueStatus: 'pending', mappedStatus: 'PENDING', error: null });
    const total = POLLS_KEPT_PER_TRANSFER + 7;
    for (let i = 0; i < total; i++) {
      await recordPoll(store.db, busy, i % 2 === 0 ? { polledAt: i, venue: 'across', venueStatus: 'pending', mappedStatus: 'PENDING', error: null } : { polledAt: i, venue: 'across', venueStatus: null, mappedStatus: null, error: 'across status unavailable' });
    }
    const kept = await listPolls(store.db, busy);
    expect(kept).toHaveLength(POLLS_KEPT_PER_TRANSFER);
    expect(kept[0]!.polledAt).toBe(total - POLLS_KEPT_PER_TRANSFER);
    expect(kept.at(-1)).toEqual({ polledAt: total - 1, venue: 'across', venueStatus: 'pending', mappedStatus: 'PENDING', error: null });
    expect(await listPolls(store.db, quiet)).toEqual([{ polledAt: 5, venue: 'across', venueStatus: 'pending', mappedStatus: 'PENDING', error: null }]);
  });
});
