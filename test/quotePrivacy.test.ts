import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedBehaviour } from '../src/venues/fake/scriptedVenue.ts';
import { VENUE_MODULES } from '../src/venues/venueModules.ts';
import { USDC_QUOTE, startScriptedStrait, type ScriptedStrait } from './scriptedStrait.ts';

/** Spec §1 privacy rules 1–5 and the caller's IP, against the 36 listed venues as fakes. */

const PRIVATE = VENUE_MODULES.filter((v) => v.capabilities.privacyModel !== 'none').map((v) => v.id);
const PUBLIC = VENUE_MODULES.filter((v) => v.capabilities.privacyModel === 'none').map((v) => v.id);
const GEO_GATED = VENUE_MODULES.filter((v) => v.capabilities.requiresUserIp).map((v) => v.id);
const USER_IP = '203.0.113.9';

let harness: ScriptedStrait;
beforeAll(async () => {
  const behaviours: Record<string, ScriptedBehaviour> = {};
  VENUE_MODULES.forEach((venue, index) => {
    behaviours[venue.id] = { kind: 'price', outBps: 9_990 - index };
  });
  // A deadline far above an instant fake's answer: this file is about privacy, and a loaded CI machine must not drop a private venue.
  harness = await startScriptedStrait(behaviours, { STRAIT_QUOTE_DEADLINE_MS: '5000', STRAIT_QUOTE_MIN_WAIT_MS: '100' });
});
afterAll(async () => {
  await harness.close();
});

const post = (url: string, payload: object) => harness.strait.app.inject({ method: 'POST', url, payload });

describe('privacy mode', () => {
  it('matches the spec counts: 2 unlinkable, 6 custodial-hop, 28 public, 2 geo-gated', () => {
    expect(PRIVATE).toHaveLength(8);
    expect(PUBLIC).toHaveLength(28);
    expect(GEO_GATED.sort()).toEqual(['houdini', 'sideshift']);
  });

  it('drops public venues before pricing, each listed as privacy_venue_required, and prices only private ones', async () => {
    const callsBefore = Object.fromEntries(PUBLIC.map((id) => [id, harness.venues.quoteCalls(id)]));
    const { status, body } = await harness.quote({ ...USDC_QUOTE, privacy: true, userIp: USER_IP });
    expect(status).toBe(200);
    const dropped = body.rejected.filter((r) => r.code === 'privacy_venue_required').map((r) => r.venue).sort();
    expect(dropped).toEqual([...PUBLIC].sort());
    for (const id of PUBLIC) expect(harness.venues.quoteCalls(id)).toBe(callsBefore[id]);
    expect(body.quotes.map((q) => q.venue).sort()).toEqual([...PRIVATE].sort());
    // silentswap signs an intent Strait cannot build yet: shown, never chosen.
    expect(body.quotes.find((q) => q.venue === 'silentswap')?.executable).toBe(false);
    expect(PRIVATE).toContain(body.best?.venue);
    expect(body.best?.venue).not.toBe('silentswap');
  });

  it('answers emptyReason no_private_route when no private venue serves the corridor', async () => {
    for (const id of PRIVATE) harness.venues.setBehaviour(id, { kind: 'noRoute' });
    try {
      const { body } = await harness.quote({ ...USDC_QUOTE, privacy: true, userIp: USER_IP });
      expect(body.quotes).toEqual([]);
      expect(body.emptyReason).toBe('no_private_route');
    } finally {
      VENUE_MODULES.forEach((venue, index) => harness.venues.setBehaviour(venue.id, { kind: 'price', outBps: 9_990 - index }));
    }
  });

  it('carries privacy into build: a public row under privacy is 409 privacy_venue_required', async () => {
    const open = (await harness.quote(USDC_QUOTE)).body;
    const publicRow = open.quotes.find((q) => PUBLIC.includes(q.venue) && q.executable);
    expect(publicRow).toBeDefined();
    const refused = await post('/v1/bridge/build', { decisionId: open.decisionId, quoteId: publicRow?.quoteId, privacy: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'privacy_venue_required', details: { venue: publicRow?.venue, privacyModel: 'none' } } });

    const privateDecision = (await harness.quote({ ...USDC_QUOTE, privacy: true, userIp: USER_IP })).body;
    const built = await post('/v1/bridge/build', { decisionId: privateDecision.decisionId });
    expect(built.statusCode).toBe(200);
    const transfer = (await harness.strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${(built.json() as { transferId: string }).transferId}` })).json() as { privacy: boolean; privacyModel: string };
    expect(transfer.privacy).toBe(true);
    expect(transfer.privacyModel).not.toBe('none');
  });

  it('holds the rule for a repeat: privacy on a decision already built public is 409, another row 409 decision_already_built', async () => {
    const open = (await harness.quote(USDC_QUOTE)).body;
    const [publicRow, otherRow] = open.quotes.filter((q) => PUBLIC.includes(q.venue) && q.executable);
    expect(otherRow).toBeDefined();
    const built = await post('/v1/bridge/build', { decisionId: open.decisionId, quoteId: publicRow!.quoteId });
    expect(built.statusCode).toBe(200);
    const transferId = (built.json() as { transferId: string }).transferId;

    for (const repeat of [{ quoteId: publicRow!.quoteId, privacy: true }, { privacy: true }]) {
      const refused = await post('/v1/bridge/build', { decisionId: open.decisionId, ...repeat });
      expect(refused.statusCode, JSON.stringify(repeat)).toBe(409);
      expect(refused.json()).toMatchObject({ error: { code: 'privacy_venue_required', details: { venue: publicRow!.venue, privacyModel: 'none' } } });
    }
    const another = await post('/v1/bridge/build', { decisionId: open.decisionId, quoteId: otherRow!.quoteId });
    expect(another.statusCode).toBe(409);
    expect(another.json()).toMatchObject({ error: { code: 'decision_already_built', details: { transferId, quoteId: publicRow!.quoteId, venue: publicRow!.venue } } });
    // Neither refusal touched the transfer: a plain repeat still answers the first build.
    for (const repeat of [{}, { privacy: false }, { quoteId: publicRow!.quoteId }]) {
      const same = await post('/v1/bridge/build', { decisionId: open.decisionId, ...repeat });
      expect(same.statusCode, JSON.stringify(repeat)).toBe(200);
      expect((same.json() as { transferId: string }).transferId).toBe(transferId);
    }
  });
});

describe("the caller's IP", () => {
  it('leaves geo-gated venues out with invalid_input when userIp is absent', async () => {
    const { body } = await harness.quote(USDC_QUOTE);
    for (const id of GEO_GATED) {
      expect(body.rejected.find((r) => r.venue === id)).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('userIp') });
    }
  });

  it('passes userIp to venues, stores it on the decision and reuses it on build', async () => {
    const { body } = await harness.quote({ ...USDC_QUOTE, userIp: USER_IP });
    const houdini = body.quotes.find((q) => q.venue === 'houdini');
    expect(houdini).toBeDefined();
    const quoteRequest = harness.venues.server.requests.findLast((r) => r.path === '/houdini/quote');
    expect((quoteRequest?.body as { userIp: string }).userIp).toBe(USER_IP);
    await harness.strait.deps.store.decisionWritten(body.decisionId); // PGlite answers quotes before their commit
    const stored = await harness.strait.deps.store.db.selectFrom('decisions').select('user_ip').where('id', '=', body.decisionId).executeTakeFirstOrThrow();
    expect(stored.user_ip).toBe(USER_IP);

    const built = await post('/v1/bridge/build', { decisionId: body.decisionId, quoteId: houdini?.quoteId });
    expect(built.statusCode).toBe(200);
    const order = harness.venues.server.requests.findLast((r) => r.path === '/houdini/order');
    expect((order?.body as { userIp: string }).userIp).toBe(USER_IP);
  });

  it('refuses a userIp that is not an IP address', async () => {
    const { status, body } = await harness.quote({ ...USDC_QUOTE, userIp: '999.1.1.1' });
    expect(status).toBe(400);
    expect((body as unknown as { error: { code: string } }).error.code).toBe('invalid_user_ip');
  });
});

describe('validity', () => {
  it('keeps the decision buildable until its expiresAt and answers 410 quote_expired after it', async () => {
    const { body } = await harness.quote(USDC_QUOTE);
    const deps = harness.strait.deps as { now: () => number };
    const realNow = deps.now;
    try {
      deps.now = () => body.expiresAt + 1;
      const late = await post('/v1/bridge/build', { decisionId: body.decisionId });
      expect(late.statusCode).toBe(410);
      expect(late.json()).toMatchObject({ error: { code: 'quote_expired', details: { expiresAt: body.expiresAt } } });
      deps.now = () => body.expiresAt - 1;
      expect((await post('/v1/bridge/build', { decisionId: body.decisionId })).statusCode).toBe(200);
    } finally {
      deps.now = realNow;
    }
  });
});
