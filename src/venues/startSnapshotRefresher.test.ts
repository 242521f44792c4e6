import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Type } from 'typebox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChainKey } from '../domain/chains.ts';
import { VenueRejection, type CallContext, type Venue, type VenueSnapshot } from './Venue.ts';
import { SNAPSHOT_MAX_ANSWER_BYTES, startSnapshotRefresher, type SnapshotRefresher } from './startSnapshotRefresher.ts';
import { createVenueHttpClient, isVenueFault, type VenueHttpClient } from './venueHttpClient.ts';
import { VenueHealth } from './venueHealth.ts';

/**
 * The background refresh of published coverage, against a loopback venue that publishes its token
 * list: refreshed at start without blocking, then on the schedule; failures logged, never thrown, and
 * counted on the snapshot breaker only; stopped on shutdown; freshness reported truthfully.
 */

let server: Server;
let baseUrl: string;
let answer: (res: ServerResponse) => void;
const seen: { purpose: string | undefined; maxAnswerBytes: number | undefined }[] = [];

beforeAll(async () => {
  server = createServer((_req, res) => answer(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let refresher: SnapshotRefresher | null = null;
afterEach(async () => {
  await refresher?.stop();
  refresher = null;
  seen.length = 0;
});

function publish(tokens: unknown, status = 200): void {
  answer = (res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(tokens));
  };
}

const TokenList = Type.Object({ tokens: Type.Array(Type.Object({ chain: Type.String(), symbol: Type.String() })) });

/** A venue in the shape adapters take: static tables until a refresh swaps in the published list. */
function listingVenue(http: VenueHttpClient, intervalMs: number, now: () => number = Date.now): Venue & { snapshot: VenueSnapshot; refreshes: () => number } {
  let published: { chain: string; symbol: string }[] | null = null;
  let fetchedAt: number | null = null;
  let refreshes = 0;
  const symbolsOn = (chain: ChainKey) => (published ?? [{ chain: 'base', symbol: 'USDC' }, { chain: 'arbitrum', symbol: 'USDC' }]).filter((t) => t.chain === chain).map((t) => t.symbol);
  return {
    id: 'lister',
    supports: () => ({ served: true }),
    coverage: () => ({ origins: ['base', 'arbitrum'], tokenSymbols: (from: ChainKey, to: ChainKey) => symbolsOn(from).filter((s) => symbolsOn(to).includes(s)) }),
    quote: () => Promise.reject(new Error('not used')),
    build: () => Promise.reject(new Error('not used')),
    status: () => Promise.reject(new Error('not used')),
    refreshes: () => refreshes,
    snapshot: {
      intervalMs,
      async refresh(call: CallContext) {
        refreshes++;
        seen.push({ purpose: call.purpose, maxAnswerBytes: call.maxAnswerBytes });
        const list = await http.get('/tokens', {}, TokenList, call);
        if (list.tokens.some((t) => t.symbol === '')) throw new VenueRejection('venue_bad_response', 'a token without a symbol', { path: '/tokens' });
        published = list.tokens;
        fetchedAt = now();
      },
      fetchedAt: () => fetchedAt,
    },
  };
}

function setup(intervalMs: number, now: () => number = Date.now) {
  const health = new VenueHealth('lister', { failuresToOpen: 2, halfOpenAfterMs: 60_000 }, isVenueFault);
  const http = createVenueHttpClient({ venueId: 'lister', baseUrl, attemptTimeoutMs: 1_000, maxAttempts: 1, health });
  const venue = listingVenue(http, intervalMs, now);
  const warnings: string[] = [];
  const logger = { warn: (_details: object, message: string) => void warnings.push(message) };
  return { health, venue, warnings, logger };
}

const until = async (condition: () => boolean, ms = 3_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('startSnapshotRefresher', () => {
  it('refreshes at start without blocking, serves the published list from memory, and refreshes again on the schedule', async () => {
    publish({ tokens: [{ chain: 'base', symbol: 'USDC' }, { chain: 'arbitrum', symbol: 'USDC' }, { chain: 'base', symbol: 'WETH' }, { chain: 'arbitrum', symbol: 'WETH' }] });
    const { venue, logger, health } = setup(60);
    refresher = startSnapshotRefresher([{ id: 'lister', venue, health, enabled: true }], { logger, jitter: 0.2 });
    // Start-up returned before any refresh: the static table answers meanwhile.
    expect(venue.snapshot.fetchedAt()).toBeNull();
    expect(refresher.freshness('lister')).toEqual({ fresh: false, ageMs: null });
    expect(venue.coverage().tokenSymbols('base', 'arbitrum')).toEqual(['USDC']);
    await until(() => venue.snapshot.fetchedAt() !== null);
    expect(venue.coverage().tokenSymbols('base', 'arbitrum')).toEqual(['USDC', 'WETH']);
    const fresh = refresher.freshness('lister');
    expect(fresh.fresh).toBe(true);
    expect(fresh.ageMs).toBeGreaterThanOrEqual(0);
    await until(() => venue.refreshes() >= 3);
    expect(seen[0]).toEqual({ purpose: 'snapshot', maxAnswerBytes: SNAPSHOT_MAX_ANSWER_BYTES });
    expect(health.snapshot()).toEqual({ health: 'unknown', reason: 'no call made yet' });
  });

  it('reports a venue stale once no refresh has succeeded for two intervals, with its true age', async () => {
    publish({ tokens: [{ chain: 'base', symbol: 'USDC' }] });
    let clock = 1_000_000;
    const { venue, logger, health } = setup(10_000, () => clock);
    refresher = startSnapshotRefresher([{ id: 'lister', venue, health, enabled: true }], { logger, now: () => clock });
    await until(() => venue.snapshot.fetchedAt() !== null);
    clock += 15_000;
    expect(refresher.freshness('lister')).toEqual({ fresh: true, ageMs: 15_000 });
    clock += 5_001;
    expect(refresher.freshness('lister')).toEqual({ fresh: false, ageMs: 20_001 });
  });

  it('logs a failing refresh and keeps the previous lists; faults count on the snapshot breaker, never the quote one', async () => {
    publish({ tokens: [{ chain: 'base', symbol: 'USDC' }, { chain: 'arbitrum', symbol: 'USDC' }, { chain: 'base', symbol: 'WETH' }, { chain: 'arbitrum', symbol: 'WETH' }] });
    const { venue, logger, health, warnings } = setup(20);
    refresher = startSnapshotRefresher([{ id: 'lister', venue, health, enabled: true }], { logger, jitter: 0 });
    await until(() => venue.snapshot.fetchedAt() !== null);
    const fetchedAt = venue.snapshot.fetchedAt();
    publish({ message: 'down' }, 500);
    await until(() => warnings.length >= 3);
    expect(warnings[0]).toMatch(/refresh failed; keeping the previous coverage/);
    expect(venue.snapshot.fetchedAt()).toBe(fetchedAt);
    expect(venue.coverage().tokenSymbols('base', 'arbitrum')).toEqual(['USDC', 'WETH']);
    expect(health.breakerOpen).toBe(false);
    expect(health.breakerOf('snapshot').state).not.toBe(health.breaker.state);
    expect(health.snapshot()).toMatchObject({ health: 'degraded', reason: expect.stringMatching(/^coverage snapshot rested after repeated faults \(quotes unaffected\)/) });
  });

  it('a list the adapter refuses at mapping level is a snapshot fault too', async () => {
    publish({ tokens: [{ chain: 'base', symbol: '' }] });
    const { venue, logger, health, warnings } = setup(1_000);
    refresher = startSnapshotRefresher([{ id: 'lister', venue, health, enabled: true }], { logger });
    await until(() => warnings.length >= 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(health.snapshot()).toMatchObject({ health: 'degraded', reason: expect.stringMatching(/coverage snapshot failed \(quotes unaffected\).*without a symbol/) });
    expect(health.breakerOpen).toBe(false);
  });

  it('skips disabled venues and venues without a published list (their static table is the source)', async () => {
    publish({ tokens: [] });
    const { venue, logger, health } = setup(10);
    const { snapshot: _none, ...staticVenue } = listingVenue(createVenueHttpClient({ venueId: 's', baseUrl, attemptTimeoutMs: 100, maxAttempts: 1, health }), 10);
    refresher = startSnapshotRefresher(
      [
        { id: 'lister', venue, health, enabled: false },
        { id: 'static', venue: staticVenue, health, enabled: true },
      ],
      { logger },
    );
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(venue.refreshes()).toBe(0);
    expect(refresher.freshness('lister')).toEqual({ fresh: false, ageMs: null });
    expect(refresher.freshness('static')).toEqual({ fresh: true, ageMs: null });
  });

  it('stop() cancels the schedule and a refresh under way', async () => {
    answer = () => undefined; // never answers
    const { venue, logger, health, warnings } = setup(10);
    refresher = startSnapshotRefresher([{ id: 'lister', venue, health, enabled: true }], { logger, timeoutMs: 60_000 });
    await until(() => venue.refreshes() === 1);
    const started = Date.now();
    await refresher.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(venue.refreshes()).toBe(1);
    expect(warnings).toEqual([]);
  });
});
