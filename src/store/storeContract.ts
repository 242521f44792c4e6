import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'kysely';
import { createDecisionPruner } from './decisionPruner.ts';
import { insertDecision, findDecision, type StoredDecision } from './decisionRepository.ts';
import type { Store } from './openStore.ts';
import { listTransferEventsAfter } from './transferEventRepository.ts';
import { findTransfer, insertSubmission, insertTransfer, leaseDueTransfers, listFeeRows, listSteps, listSubmissions, releaseLease, setFeeRowStatus, updateTransfer, type NewTransfer } from './transferRepository.ts';

/** The store's behaviour, run against each driver (PGlite here, real PostgreSQL in the .pg test). */
export function describeStoreContract(name: string, open: () => Promise<Store>): void {
  describe(`store on ${name}`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
    });

    const decision = (): StoredDecision => ({
      id: randomUUID(),
      request: { fromChain: 'base', toChain: 'arbitrum', amountIn: '100000000' },
      privacy: false,
      userIp: '203.0.113.7',
      fees: { platform: null, referral: null },
      pricing: { fromToken: { usd: 1, source: 'pinned', asOf: 1_000 }, notes: [] },
      bestQuoteId: 'across_1',
      emptyReason: null,
      createdAt: 1_000,
      expiresAt: 61_000,
      quotes: [
        { quoteId: 'across_1', rank: 0, venue: 'across', amountIn: 100_000_000n, amountOut: 99_950_000n, minAmountOut: 99_950_000n, estimatedSeconds: 4, feeBps: 0, feeAmount: 0n, tierSavedBps: 0, executable: true, eligibility: 'ok', expiresAt: 61_000, venueQuote: { context: { spokePool: '0x1' } } },
        { quoteId: 'relay_1', rank: 1, venue: 'relay', amountIn: 100_000_000n, amountOut: 2n ** 255n, minAmountOut: 1n, estimatedSeconds: null, feeBps: 0, feeAmount: 0n, tierSavedBps: 0, executable: true, eligibility: 'ok', expiresAt: 31_000, venueQuote: {} },
        // As the engine writes them (serializeQuote): the venue's figures equal to the row's, or not (a fee taken, exact output).
        { quoteId: 'cctp_1', rank: 2, venue: 'cctp', amountIn: 100_000_000n, amountOut: 99_900_000n, minAmountOut: 99_900_000n, estimatedSeconds: null, feeBps: 0, feeAmount: 0n, tierSavedBps: 0, executable: true, eligibility: 'ok', expiresAt: 61_000, venueQuote: { amountIn: '100000000', amountOut: '99900000', minAmountOut: '99900000', estimatedSeconds: null, expiresAt: null, context: { nonce: [1, 'a', null, { deep: true }] } } },
        { quoteId: 'meson_1', rank: 3, venue: 'meson', amountIn: 100_500_000n, amountOut: 99_800_000n, minAmountOut: 99_300_000n, estimatedSeconds: 90, feeBps: 10, feeAmount: 100_000n, tierSavedBps: 2, executable: false, eligibility: 'quote_only', expiresAt: 61_000, venueQuote: { amountIn: '100400000', amountOut: '99900000', minAmountOut: '99300000', estimatedSeconds: 90, expiresAt: 59_000, context: {}, claim: { chain: 'ethereum', actions: ['finalize'], signer: 'recipient' } } },
        { quoteId: 'gaszip_1', rank: 4, venue: 'gaszip', amountIn: 100_000_000n, amountOut: 1n, minAmountOut: 1n, estimatedSeconds: 10, feeBps: 0, feeAmount: 0n, tierSavedBps: 0, executable: true, eligibility: 'ok', expiresAt: 61_000, venueQuote: { context: { amountIn: '100000000' }, amountOut: 1, estimatedSeconds: '10' } },
      ],
      rejections: [{ venue: 'cctp', code: 'below_min', message: 'too small', details: { minAmountAtomic: '1000' } }],
    });

    const transfer = (decisionId: string, overrides: Partial<NewTransfer> = {}): NewTransfer => ({
      id: randomUUID(), decisionId, quoteId: 'across_1', venue: 'across', status: 'PENDING_SIGNATURE', statusDetail: null, fromChain: 'base', toChain: 'arbitrum', fromAsset: '0xa', toAsset: '0xb',
      amountIn: 100_000_000n, expectedOut: 99_950_000n, minOut: 99_950_000n, receivedAmount: null, receivedAsset: null, sourceTxHash: null, destinationTxHash: null, feeTxHash: null, sourceTxVerification: null,
      claim: null, postStep: null, finalDestination: null, requesterWallet: '0xs', recipientWallet: '0xr', avgSavedBps: 3, savedVsWorstBps: 5, savingsQuoteCount: 2, usdValueBridged: null, usdValueSaved: null,
      privacy: false, privacyModel: 'none', build: { transferId: 'x' }, venueContext: { depositId: 7 }, buildExpiresAt: 5_000, createdAt: 1_000, submittedAt: null, updatedAt: 1_000, completedAt: null, nextPollAt: 2_000, giveUpAt: null, etaSeconds: 60,
      ...overrides,
    });

    it('applies migrations and is ready', async () => {
      expect(await store.ready()).toBe(true);
    });

    it('keeps every row and rejection of a decision, amounts exact to uint256', async () => {
      const d = decision();
      await insertDecision(store.db, d);
      const found = await findDecision(store.db, d.id);
      expect(found).toEqual(d);
      expect(await findDecision(store.db, randomUUID())).toBeNull();
    });

    it('reads a decision whose rows were stored as objects (before 2026-12-04) as it was written', async () => {
      const d = decision();
      const rows = d.quotes.map((q) => ({ ...q, amountIn: q.amountIn.toString(), amountOut: q.amountOut.toString(), minAmountOut: q.minAmountOut.toString(), feeAmount: q.feeAmount.toString() }));
      await sql`INSERT INTO decisions (id, request, privacy, user_ip, fees, pricing, best_quote_id, empty_reason, created_at, expires_at, quotes, rejections)
        VALUES (${d.id}::uuid, ${JSON.stringify(d.request)}::jsonb, ${d.privacy}, ${d.userIp}, ${JSON.stringify(d.fees)}::jsonb, ${JSON.stringify(d.pricing)}::jsonb, ${d.bestQuoteId}, ${d.emptyReason}, ${d.createdAt}::bigint, ${d.expiresAt}::bigint, ${JSON.stringify(rows)}::json, ${JSON.stringify(d.rejections)}::json)`.execute(store.db);
      expect(await findDecision(store.db, d.id)).toEqual(d);
    });

    it('stores a row positionally, without the venue figures the row already holds', async () => {
      const d = decision();
      await insertDecision(store.db, d);
      const stored = await sql<{ quotes: unknown[] }>`SELECT quotes FROM decisions WHERE id = ${d.id}::uuid`.execute(store.db);
      const rows = stored.rows[0]!.quotes as unknown[][];
      expect(rows.every((r) => Array.isArray(r) && r.length === 15)).toBe(true);
      // cctp's four figures are the row's; meson's input and output differ (its fee), so they stay.
      expect(rows[2]![13]).toEqual({ expiresAt: null, context: { nonce: [1, 'a', null, { deep: true }] } });
      expect(rows[3]![13]).toEqual({ amountIn: '100400000', amountOut: '99900000', expiresAt: 59_000, context: {}, claim: { chain: 'ethereum', actions: ['finalize'], signer: 'recipient' } });
      expect(JSON.stringify(rows).length).toBeLessThan(JSON.stringify(d.quotes.map((q) => ({ ...q, amountIn: '', amountOut: '', minAmountOut: '', feeAmount: '' }))).length);
    });

    it('makes a decision readable once decisionWritten resolves (on PostgreSQL already once writeDecision does)', async () => {
      const d = decision();
      await store.writeDecision(d);
      const atOnce = await findDecision(store.db, d.id);
      // PGlite answers the write before its statement even starts (its readers wait for decisionWritten).
      if (store.driver === 'postgres') expect(atOnce).toEqual(d);
      else expect(atOnce).toBeNull();
      await store.decisionWritten(d.id);
      expect(await findDecision(store.db, d.id)).toEqual(d);
    });

    it('commits decisions written together in one statement each whole, and fails only the one the store refuses', async () => {
      const many = Array.from({ length: 12 }, () => decision());
      // Written at once: the first goes alone, the rest queue behind it and are committed together.
      await Promise.all(many.map((d) => store.writeDecision(d)));
      await Promise.all(many.map((d) => store.decisionWritten(d.id)));
      for (const d of many) expect(await findDecision(store.db, d.id)).toEqual(d);
      const fresh = decision();
      const duplicate = { ...decision(), id: many[0]!.id };
      const results = await Promise.allSettled([store.writeDecision(decision()), store.writeDecision(fresh), store.writeDecision(duplicate)]);
      // PostgreSQL answers each write at its commit; PGlite, whose readers all wait for decisionWritten, at once.
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', store.driver === 'postgres' ? 'rejected' : 'fulfilled']);
      await Promise.all([fresh.id, duplicate.id].map((id) => store.decisionWritten(id)));
      expect(await findDecision(store.db, fresh.id)).toEqual(fresh);
      expect(await findDecision(store.db, many[0]!.id)).toEqual(many[0]);
    });

    it('prunes the decisions expired past their retention that no transfer was built from, in batches, and keeps the rest', async () => {
      // Expiries below every other case's (61 000), so the cut-off at 1 000 reaches only this case's decisions.
      const unbuilt = [decision(), decision(), decision()].map((d, i) => ({ ...d, expiresAt: 100 + i }));
      const built = { ...decision(), expiresAt: 100 };
      const recent = { ...decision(), expiresAt: 1_000 };
      for (const d of [...unbuilt, built, recent]) await insertDecision(store.db, d);
      await insertTransfer(store.db, transfer(built.id), [], []);
      const pruner = createDecisionPruner({ db: store.db, now: () => 1_000 + 3_600_000, logger: pino({ level: 'silent' }) }, { retentionMs: 3_600_000, intervalMs: 60_000, batchSize: 2 });
      expect(await pruner.pass()).toBe(3);
      for (const d of unbuilt) expect(await findDecision(store.db, d.id)).toBeNull();
      expect(await findDecision(store.db, built.id)).toEqual(built);
      expect(await findDecision(store.db, recent.id)).toEqual(recent);
      expect(await pruner.pass()).toBe(0);
      const keepForever = createDecisionPruner({ db: store.db, now: () => Number.MAX_SAFE_INTEGER, logger: pino({ level: 'silent' }) }, { retentionMs: 0, intervalMs: 60_000 });
      expect(await keepForever.pass()).toBe(0);
      expect(await findDecision(store.db, recent.id)).toEqual(recent);
    });

    it('stores a transfer with steps, fee rows and submissions, and refuses a second transfer per decision', async () => {
      const d = decision();
      await insertDecision(store.db, d);
      const t = transfer(d.id);
      await store.db.transaction().execute((tx) =>
        insertTransfer(tx, t, [{ index: 0, kind: 'main', vm: 'evm', chain: 'base', payload: { to: '0x1', data: '0x', value: '0', chainId: 8453 } }], [
          { kind: 'platform', status: 'offered', bps: 5, amount: 500n, asset: '0xa', chain: 'base', wallet: '0xfee', tierSavedBps: 10, txHash: null },
        ]),
      );
      expect(await findTransfer(store.db, t.id)).toMatchObject({ ...t, pollAttempts: 0 });
      expect(await listSteps(store.db, t.id)).toHaveLength(1);
      expect((await listFeeRows(store.db, t.id))[0]).toMatchObject({ kind: 'platform', amount: 500n, status: 'offered' });
      await expect(store.db.transaction().execute((tx) => insertTransfer(tx, transfer(d.id), [], []))).rejects.toThrow();
      await insertSubmission(store.db, t.id, { stepIndex: 0, kind: 'main', txHash: '0xabc', verification: 'verified', createdAt: 3, signedTx: '0x02', userIp: null });
      await expect(insertSubmission(store.db, t.id, { stepIndex: 0, kind: 'main', txHash: '0xdef', verification: 'verified', createdAt: 4, signedTx: null, userIp: null })).rejects.toThrow();
      expect(await listSubmissions(store.db, t.id)).toEqual([{ stepIndex: 0, kind: 'main', txHash: '0xabc', verification: 'verified', createdAt: 3 }]);
      await updateTransfer(store.db, t.id, { status: 'SUBMITTED', sourceTxHash: '0xabc', receivedAmount: 10n }, 9_999);
      expect(await findTransfer(store.db, t.id)).toMatchObject({ status: 'SUBMITTED', sourceTxHash: '0xabc', receivedAmount: 10n, updatedAt: 9_999, venue: 'across' });
    });

    it('records one event per committed transaction of visible changes: none for bookkeeping, none for a rollback', async () => {
      const d = decision();
      await insertDecision(store.db, d);
      const t = transfer(d.id);
      const woken: string[] = [];
      const stop = store.onTransferEvent((id) => woken.push(id));
      await store.db.transaction().execute((tx) => insertTransfer(tx, t, [], [{ kind: 'platform', status: 'offered', bps: 5, amount: 2n ** 200n, asset: '0xa', chain: 'base', wallet: '0xfee', tierSavedBps: 10, txHash: null }]));
      await updateTransfer(store.db, t.id, { nextPollAt: 9, pollAttempts: 3 }, 2_000);
      await leaseDueTransfers(store.db, 'w', 10_000_000_000_000, 1_000, 10);
      await store.db.transaction().execute(async (tx) => {
        await updateTransfer(tx, t.id, { status: 'SUBMITTED', sourceTxHash: '0xabc' }, 3_000);
        await setFeeRowStatus(tx, t.id, 'platform', 'expected', '0xabc');
      });
      await expect(
        store.db.transaction().execute(async (tx) => {
          await updateTransfer(tx, t.id, { status: 'FAILED' }, 4_000);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      const events = await listTransferEventsAfter(store.db, t.id, 0, 10);
      expect(events.map((e) => [e.seq, e.at, e.transfer.status, e.fees.map((f) => [f.status, f.txHash, f.amount])])).toEqual([
        [1, 1_000, 'PENDING_SIGNATURE', [['offered', null, 2n ** 200n]]],
        [2, 3_000, 'SUBMITTED', [['expected', '0xabc', 2n ** 200n]]],
      ]);
      expect(events[1]?.transfer).toMatchObject({ id: t.id, sourceTxHash: '0xabc', amountIn: 100_000_000n, venueContext: {} });
      const deadline = Date.now() + 2_000;
      while (woken.filter((id) => id === t.id).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(new Set(woken)).toContain(t.id);
      stop();
    });

    it('leases each due transfer to one worker at a time, and again once the lease lapses', async () => {
      const d = decision();
      await insertDecision(store.db, d);
      const t = transfer(d.id, { nextPollAt: 1 });
      await insertTransfer(store.db, t, [], []);
      const now = 10_000_000_000_000;
      const [a, b] = await Promise.all([leaseDueTransfers(store.db, 'a', now, 1_000, 1_000), leaseDueTransfers(store.db, 'b', now, 1_000, 1_000)]);
      expect(a.filter((id) => id === t.id).length + b.filter((id) => id === t.id).length).toBe(1);
      expect(await leaseDueTransfers(store.db, 'c', now + 500, 1_000, 1_000)).not.toContain(t.id);
      expect(await leaseDueTransfers(store.db, 'c', now + 1_001, 1_000, 1_000)).toContain(t.id);
      await releaseLease(store.db, t.id, 'c');
      expect(await leaseDueTransfers(store.db, 'd', now + 1_002, 1_000, 1_000)).toContain(t.id);
    });
  });
}
