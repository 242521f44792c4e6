import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDecision } from '../src/store/decisionRepository.ts';
import { findHyperCoreCredit, reserveHyperCoreCredit, type NewHyperCoreCredit } from '../src/store/hyperCoreCreditRepository.ts';
import { openStore, type Store } from '../src/store/openStore.ts';
import { insertTransfer } from '../src/store/transferRepository.ts';
import { createThrowawayDatabase, postgresReachable } from './throwawayDatabase.ts';

/**
 * Two workers (two connections to one PostgreSQL, as two processes have) reserving the same
 * transfer's HyperCore credit at once end up with one stored action, one nonce: whatever either
 * signed, only the stored one is ever sent. And credits of different transfers never share a nonce.
 */
const reachable = await postgresReachable();
if (!reachable) console.warn('hyperCoreCredits.pg.test: PostgreSQL at STRAIT_TEST_DATABASE_URL is not reachable; skipped');

let database: { url: string; drop(): Promise<void> } | undefined;
let first: Store;
let second: Store;
const RELAYER = '0x00000000000000000000000000000000000000aa';

async function transferIn(store: Store): Promise<string> {
  const decisionId = randomUUID();
  await insertDecision(store.db, { id: decisionId, request: {}, privacy: false, userIp: null, fees: { platform: null, referral: null }, pricing: {}, bestQuoteId: null, emptyReason: null, createdAt: 1, expiresAt: 2, quotes: [], rejections: [] });
  const id = randomUUID();
  await insertTransfer(store.db, {
    id, decisionId, quoteId: 'hyperliquid_1', venue: 'hyperliquid', status: 'PENDING', statusDetail: null, fromChain: 'arbitrum', toChain: 'hypercore', fromAsset: '0xa', toAsset: 'native',
    amountIn: 10n, expectedOut: 10n, minOut: 10n, receivedAmount: null, receivedAsset: null, sourceTxHash: null, destinationTxHash: null, feeTxHash: null, sourceTxVerification: null,
    claim: null, postStep: null, finalDestination: null, requesterWallet: '0xs', recipientWallet: '0xr', avgSavedBps: 0, savedVsWorstBps: 0, savingsQuoteCount: 0, usdValueBridged: null, usdValueSaved: null,
    privacy: false, privacyModel: 'none', build: {}, venueContext: {}, buildExpiresAt: 2, createdAt: 1, submittedAt: null, updatedAt: 1, completedAt: null, nextPollAt: null, giveUpAt: null, etaSeconds: null,
  }, [], []);
  return id;
}

const credit = (transferId: string): NewHyperCoreCredit => ({ transferId, relayer: RELAYER, destination: '0x00000000000000000000000000000000000000bb', balance: 'perps', amount: 5_000_000n, activationFee: 0n, paidTx: `0x${'1'.repeat(64)}` });

beforeAll(async () => {
  if (!reachable) return;
  database = await createThrowawayDatabase('strait_credits');
  first = await openStore({ databaseUrl: database.url });
  second = await openStore({ databaseUrl: database.url });
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.drop();
});

describe.skipIf(!reachable)('HyperCore credits on PostgreSQL', () => {
  it('two workers reserving one transfer\'s credit at once store one action, and both get it', async () => {
    for (let round = 0; round < 10; round++) {
      const transferId = await transferIn(first);
      const signed: string[] = [];
      const sign = (worker: string) => async (nonce: number) => {
        const action = JSON.stringify({ worker, nonce });
        signed.push(action);
        return action;
      };
      const [a, b] = await Promise.all([reserveHyperCoreCredit(first.db, credit(transferId), 1_000 + round, sign('a')), reserveHyperCoreCredit(second.db, credit(transferId), 1_000 + round, sign('b'))]);
      const stored = await findHyperCoreCredit(first.db, transferId);
      expect(a.signedAction).toBe(stored?.signedAction);
      expect(b.signedAction).toBe(stored?.signedAction);
      expect(a.nonce).toBe(b.nonce);
    }
  });

  it('never gives two transfers of one relayer the same nonce, however they race', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, () => transferIn(first)));
    const stores = [first, second];
    const credits = await Promise.all(ids.map((id, i) => reserveHyperCoreCredit(stores[i % 2]!.db, credit(id), 5_000, async (nonce) => JSON.stringify({ nonce }))));
    expect(new Set(credits.map((c) => c.nonce)).size).toBe(ids.length);
  });
});
