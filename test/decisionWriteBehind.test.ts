import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENUE_MODULES } from '../src/venues/venueModules.ts';
import { USDC_QUOTE, startScriptedStrait, type ScriptedStrait } from './scriptedStrait.ts';

/**
 * On PGlite a quote answers before its decision is committed (openStore.ts): every reader of a
 * decision is in this process and waits for the write. Builds sent the moment their quotes answer,
 * many at once so that decisions queue behind each other's statements, must all find them.
 */
const USER_IP = '203.0.113.7';
let harness: ScriptedStrait;
beforeAll(async () => {
  // Only the two desks are asked. What is tested is the write behind the answer, not the deadline:
  // on a loaded CI runner two dozen quotes at once took longer than the default 1.2 s for the desks.
  const others = Object.fromEntries(VENUE_MODULES.filter((v) => v.id !== 'changenow' && v.id !== 'houdini').map((v) => [`STRAIT_VENUE_${v.id.toUpperCase()}_ENABLED`, 'false']));
  harness = await startScriptedStrait({ changenow: { kind: 'price', outBps: 9_990 }, houdini: { kind: 'price', outBps: 9_980 } }, { ...others, STRAIT_QUOTE_DEADLINE_MS: '20000' });
});
afterAll(async () => harness?.close());

const post = (url: string, payload: unknown) => harness.strait.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });

describe('decisions written behind the quote on PGlite', () => {
  it('are found by a build sent as soon as each quote answers, many at once', async () => {
    expect(harness.strait.deps.store.driver).toBe('pglite');
    const count = 24;
    const builds = await Promise.all(
      Array.from({ length: count }, async () => {
        const quoted = await post('/v1/bridge/quote', { ...USDC_QUOTE, userIp: USER_IP });
        expect(quoted.statusCode).toBe(200);
        const { decisionId, bestByPrice, rejected } = quoted.json() as { decisionId: string; bestByPrice: string | null; rejected: unknown[] };
        expect(bestByPrice, JSON.stringify(rejected)).toEqual(expect.any(String));
        return post('/v1/bridge/build', { decisionId });
      }),
    );
    const refused = builds.filter((b) => b.statusCode !== 200).map((b) => b.body);
    expect(refused).toEqual([]);
    const transferIds = new Set(builds.map((b) => (b.json() as { transferId: string }).transferId));
    expect(transferIds.size).toBe(count);
    // Each decision was committed for its build: the transfers reference them.
    const stored = await harness.strait.deps.store.db.selectFrom('transfers').innerJoin('decisions', 'decisions.id', 'transfers.decision_id').select('transfers.id').execute();
    expect(stored.filter((t) => transferIds.has(t.id))).toHaveLength(count);
  });

  it('leave nothing behind at close: every decision answered is committed before the store closes', async () => {
    const answered = await Promise.all(Array.from({ length: 12 }, async () => (await post('/v1/bridge/quote', { ...USDC_QUOTE, userIp: USER_IP })).json() as { decisionId: string }));
    const ids = answered.map((a) => a.decisionId);
    const store = harness.strait.deps.store;
    await Promise.all(ids.map((id) => store.decisionWritten(id)));
    const rows = await store.db.selectFrom('decisions').select('id').where('id', 'in', ids).execute();
    expect(rows).toHaveLength(ids.length);
  });
});
