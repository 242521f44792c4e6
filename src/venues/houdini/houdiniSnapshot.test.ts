import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { createTestVenue, knownToken, testCall } from '../fake/testVenueDeps.ts';
import type { Venue, VenueQuoteRequest } from '../Venue.ts';
import { HOUDINI_FAKE_CREDENTIALS } from './houdiniFake.ts';
import { houdiniVenue } from './houdiniVenue.ts';

/**
 * The coverage snapshot over Houdini's real token lists (Edge's recorded `GET /v2/tokens` answers):
 * after a refresh, supports/coverage answer from the table assets Houdini listed; before one, or while
 * refreshes fail, from the static table.
 */

const real = (file: string) => readFileSync(new URL(`./fixtures/real/${file}`, import.meta.url));
const EMPTY = Buffer.from('{"tokens":[],"total":0,"totalPages":0}');

/** The recorded list that answers a lookup, by chain and address; any other lookup lists nothing. */
function tokensAnswer(request: FakeRequest): Buffer {
  const chain = request.query.get('chain');
  const address = request.query.get('address')?.toLowerCase();
  if (chain === 'ethereum' && address === '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48') return real('tokens-ethereum-usdc.json');
  if (chain === 'ethereum' && address === undefined) return real('tokens-ethereum-eth.json');
  if (chain === 'bitcoin' && address === undefined) return real('tokens-bitcoin-btc.json');
  return EMPTY;
}

const USDC_ETH = knownToken('ethereum', 'USDC');
const ETH = knownToken('ethereum', null);
const BTC = knownToken('bitcoin', null);
const USDC_BASE = knownToken('base', 'USDC');
const corridor = (fromToken: typeof ETH, toToken: typeof ETH) => ({ fromChain: fromToken.chain, toChain: toToken.chain, fromToken, toToken }) as unknown as VenueQuoteRequest;

let server: FakeServer;
let failing = false;
let venue: Venue;

beforeAll(async () => {
  server = await startFakeServer({
    'GET /v2/tokens': (request) => (failing ? { status: 500, body: { message: 'down' } } : { body: JSON.parse(tokensAnswer(request).toString('utf8')) as unknown }),
  });
});
afterAll(() => server.close());
beforeEach(() => {
  failing = false;
  venue = createTestVenue(houdiniVenue, server.url, { credentials: HOUDINI_FAKE_CREDENTIALS, now: () => 1_000 }).venue;
});

describe('coverage snapshot', () => {
  it('answers from the static table until a refresh succeeds', () => {
    expect(venue.snapshot?.fetchedAt()).toBeNull();
    expect(venue.supports(corridor(USDC_BASE, ETH))).toEqual({ served: true });
    expect(venue.coverage().origins).toContain('base');
  });

  it("after a refresh, serves only the table assets Houdini's recorded lists name", async () => {
    await venue.snapshot?.refresh(testCall());
    expect(venue.snapshot?.fetchedAt()).toBe(1_000);
    expect(venue.supports(corridor(BTC, ETH))).toEqual({ served: true });
    expect(venue.supports(corridor(ETH, USDC_ETH))).toEqual({ served: true });
    expect(venue.supports(corridor(USDC_BASE, ETH))).toMatchObject({ served: false });
    expect([...venue.coverage().origins].sort()).toEqual(['bitcoin', 'ethereum']);
    expect([...venue.coverage().tokenSymbols('ethereum', 'bitcoin')].sort()).toEqual(['ETH', 'USDC']);
    // Every lookup named the chain, and tokens by contract address (the adapter's own lookups).
    expect(server.requests.every((r) => r.query.get('chain') !== null)).toBe(true);
  });

  it('keeps the previous coverage (or the static table) when a refresh fails', async () => {
    await venue.snapshot?.refresh(testCall());
    failing = true;
    await expect(venue.snapshot?.refresh(testCall())).rejects.toThrow();
    expect([...venue.coverage().origins].sort()).toEqual(['bitcoin', 'ethereum']);

    const fresh = createTestVenue(houdiniVenue, server.url, { credentials: HOUDINI_FAKE_CREDENTIALS }).venue;
    await expect(fresh.snapshot?.refresh(testCall())).rejects.toThrow();
    expect(fresh.snapshot?.fetchedAt()).toBeNull();
    expect(fresh.supports(corridor(USDC_BASE, ETH))).toEqual({ served: true });
  });
});
