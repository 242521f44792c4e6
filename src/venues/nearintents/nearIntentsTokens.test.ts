import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../fake/startFakeServer.ts';
import { createTestVenue, testCall } from '../fake/testVenueDeps.ts';
import { nearIntentsVenue } from './nearIntentsVenue.ts';

// Assembled from recorded 1Click entries (fixtures/synthetic/SOURCES.json): wNEAR, ETH, USDC on eth, BTC, and BTC's "coin" placeholder.
const assembled = JSON.parse(readFileSync(new URL('./fixtures/synthetic/tokens-assembled.json', import.meta.url), 'utf8')) as unknown[];

describe('nearintents token list (GET /v0/tokens → Venue.tokens)', () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeServer({ 'GET /v0/tokens': () => ({ body: assembled }) });
  });
  afterAll(() => server.close());

  it('is empty before a refresh, then names the entries with a contract address valid on a chain Strait knows', async () => {
    const { venue } = createTestVenue(nearIntentsVenue, server.url, { now: () => 1_000 });
    expect(venue.tokens?.('ethereum')).toEqual([]);
    await venue.snapshot?.refresh(testCall());
    // ETH has no contract address (the native asset is the registry's); BTC's "coin" is no address.
    expect(venue.tokens?.('ethereum')).toEqual([{ chain: 'ethereum', symbol: 'USDC', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 }]);
    expect(venue.tokens?.('bitcoin')).toEqual([]);
    expect(venue.tokens?.('base')).toEqual([]);
  });
});
