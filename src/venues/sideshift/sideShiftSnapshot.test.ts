import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../fake/startFakeServer.ts';
import { createTestVenue, knownToken, testCall } from '../fake/testVenueDeps.ts';
import type { Venue, VenueQuoteRequest } from '../Venue.ts';
import { SIDESHIFT_ASSETS } from './sideShiftChains.ts';
import { sideShiftVenue } from './sideShiftVenue.ts';

/**
 * The coverage snapshot over the docs' real `GET /v2/coins` answer (USDT on eleven networks): after a
 * refresh, supports/coverage answer from the table assets it lists; before one, or while refreshes
 * fail, from the static table.
 */

const COINS = JSON.parse(readFileSync(new URL('./fixtures/real/coins-docs.json', import.meta.url), 'utf8')) as unknown;

const USDT_ETH = knownToken('ethereum', 'USDT');
const USDT_SOL = knownToken('solana', 'USDT');
const USDC_ETH = knownToken('ethereum', 'USDC');
const ETH = knownToken('ethereum', null);
const corridor = (fromToken: typeof ETH, toToken: typeof ETH) => ({ fromChain: fromToken.chain, toChain: toToken.chain, fromToken, toToken }) as unknown as VenueQuoteRequest;

let server: FakeServer;
let answer: { status?: number; body: unknown } = { body: COINS };
let venue: Venue;

beforeAll(async () => {
  server = await startFakeServer({ 'GET /v2/coins': () => answer });
});
afterAll(() => server.close());
beforeEach(() => {
  answer = { body: COINS };
  venue = createTestVenue(sideShiftVenue, server.url, { credentials: { SECRET: 's', AFFILIATE_ID: 'a' }, now: () => 2_000 }).venue;
});

/** The table's USDT rows whose network and contract the docs' list names. */
const listedUsdt = SIDESHIFT_ASSETS.filter((a) => a.coin === 'USDT' && ['polygon', 'optimism', 'avax', 'bsc', 'ethereum', 'ton', 'aptos', 'arbitrum', 'solana', 'tron'].includes(a.network) && a.address !== null);

describe('coverage snapshot', () => {
  it('answers from the static table until a refresh succeeds', () => {
    expect(venue.snapshot?.fetchedAt()).toBeNull();
    expect(venue.supports(corridor(USDC_ETH, USDT_SOL))).toEqual({ served: true });
  });

  it("after a refresh, serves only the table assets the docs' /v2/coins lists (USDT, matched by contract)", async () => {
    await venue.snapshot?.refresh(testCall());
    expect(venue.snapshot?.fetchedAt()).toBe(2_000);
    expect(venue.supports(corridor(USDT_ETH, USDT_SOL))).toEqual({ served: true });
    expect(venue.supports(corridor(USDC_ETH, USDT_SOL))).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.supports(corridor(ETH, USDT_SOL))).toMatchObject({ served: false });
    expect([...venue.coverage().origins].sort()).toEqual([...new Set(listedUsdt.map((a) => a.chain))].sort());
    expect(venue.coverage().tokenSymbols('ethereum', 'solana')).toEqual(['USDT']);
  });

  it('keeps the previous coverage when a refresh fails or lists none of the table', async () => {
    await venue.snapshot?.refresh(testCall());
    answer = { body: [] };
    await expect(venue.snapshot?.refresh(testCall())).rejects.toThrow(/none/);
    answer = { status: 500, body: { error: { message: 'down' } } };
    await expect(venue.snapshot?.refresh(testCall())).rejects.toThrow();
    expect(venue.coverage().tokenSymbols('ethereum', 'solana')).toEqual(['USDT']);
  });
});
