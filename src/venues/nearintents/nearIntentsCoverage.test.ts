import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeReply, type FakeServer } from '../fake/startFakeServer.ts';
import { createTestVenue, knownToken, testCall } from '../fake/testVenueDeps.ts';
import type { Corridor } from '../Venue.ts';
import { nearIntentsVenue } from './nearIntentsVenue.ts';

const tokens = JSON.parse(readFileSync(new URL('./fixtures/synthetic/tokens-assembled.json', import.meta.url), 'utf8')) as unknown[];

let server: FakeServer;
let reply: FakeReply = { body: tokens };
beforeAll(async () => {
  server = await startFakeServer({ 'GET /v0/tokens': () => reply });
});
afterAll(() => server.close());

const corridor = (fromChain: 'ethereum' | 'base' | 'bitcoin', from: string | null, toChain: 'ethereum' | 'base' | 'bitcoin', to: string | null): Corridor => ({
  fromChain,
  toChain,
  fromToken: knownToken(fromChain, from),
  toToken: knownToken(toChain, to),
});
const USDC_ETH_TO_BTC = corridor('ethereum', 'USDC', 'bitcoin', null);
const USDC_BASE_TO_ETH = corridor('base', 'USDC', 'ethereum', 'USDC');

describe('nearintents coverage snapshot (GET /v0/tokens)', () => {
  it('answers from the static table before a refresh, from the published list after it', async () => {
    let now = 1_000;
    const { venue } = createTestVenue(nearIntentsVenue, server.url, { now: () => now });
    const snapshot = venue.snapshot;
    if (!snapshot) throw new Error('nearintents publishes its tokens: it must have a snapshot');
    expect(snapshot.fetchedAt()).toBeNull();
    expect(venue.supports(USDC_BASE_TO_ETH)).toEqual({ served: true });
    expect(venue.coverage().origins).toContain('base');

    now = 2_000;
    await snapshot.refresh(testCall());
    expect(snapshot.fetchedAt()).toBe(2_000);
    // Base USDC is in the table but not in the list: no longer offered.
    expect(venue.supports(USDC_BASE_TO_ETH).served).toBe(false);
    expect(venue.coverage().origins).not.toContain('base');
    // Listed and in the table (BTC by its post-Omni id): served.
    expect(venue.supports(USDC_ETH_TO_BTC)).toEqual({ served: true });
    expect(venue.coverage().tokenSymbols('ethereum', 'bitcoin')).toEqual(['ETH', 'USDC']);
  });

  it('keeps the last list when a refresh fails or lists nothing', async () => {
    let now = 5_000;
    const { venue } = createTestVenue(nearIntentsVenue, server.url, { now: () => now });
    const snapshot = venue.snapshot;
    if (!snapshot) throw new Error('no snapshot');
    reply = { body: tokens };
    await snapshot.refresh(testCall());
    now = 6_000;
    for (const failing of [{ status: 503, body: { message: 'down' } }, { body: [] }, { body: [{ symbol: 'no asset id' }] }]) {
      reply = failing;
      await expect(snapshot.refresh(testCall())).rejects.toBeDefined();
      expect(snapshot.fetchedAt()).toBe(5_000);
      expect(venue.supports(USDC_BASE_TO_ETH).served).toBe(false);
      expect(venue.supports(USDC_ETH_TO_BTC)).toEqual({ served: true });
    }
    reply = { body: tokens };
  });

  it('never lists a token the adapter could not quote, whatever 1Click publishes', async () => {
    const { venue } = createTestVenue(nearIntentsVenue, server.url);
    reply = { body: [...tokens, { assetId: 'nep141:unknown-token.near', decimals: 6, blockchain: 'near', symbol: 'ZZZ', price: 1, priceUpdatedAt: '2026-01-01T00:00:00.000Z' }] };
    await venue.snapshot?.refresh(testCall());
    // wNEAR is listed and in the table; the unknown ZZZ is listed but the adapter cannot quote it.
    expect(venue.coverage().tokenSymbols('near', 'ethereum')).toEqual(['NEAR']);
    expect(venue.coverage().tokenSymbols('ethereum', 'bitcoin')).toEqual(['ETH', 'USDC']);
    reply = { body: tokens };
  });
});
