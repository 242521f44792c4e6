import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nativeToken, resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import { startFakeServer, type FakeServer } from '../fake/startFakeServer.ts';
import { createTestVenue, testCall } from '../fake/testVenueDeps.ts';
import type { Corridor } from '../Venue.ts';
import { acrossVenue } from './acrossVenue.ts';
import { startAcrossFake } from './acrossFake.ts';

const realAnswer = (name: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as unknown;

function token(chain: string, symbol: string | null): TokenInfo {
  const found = symbol === null ? nativeToken(chain) : resolveToken(chain, symbol);
  if (!found) throw new Error(`no ${symbol ?? 'native'} on ${chain}`);
  return found;
}

const corridor = (fromChain: string, toChain: string, from: string | null, to: string | null): Corridor => ({ fromChain, toChain, fromToken: token(fromChain, from), toToken: token(toChain, to) });

describe('across coverage snapshot (/available-routes)', () => {
  let server: FakeServer;
  let answer: { status: number; body: unknown } = { status: 200, body: null };
  beforeAll(async () => {
    server = await startFakeServer({ 'GET /available-routes': () => answer });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  it('answers from the static tables until a refresh, then only the listed routes the adapter can build', async () => {
    const { venue } = createTestVenue(acrossVenue, server.url, { now: () => 1_000 });
    const snapshot = venue.snapshot;
    if (!snapshot) throw new Error('across publishes its routes');
    expect(snapshot.fetchedAt()).toBeNull();
    expect(venue.supports(corridor('ethereum', 'arbitrum', 'USDC', 'USDC'))).toEqual({ served: true });
    expect(venue.supports(corridor('ethereum', 'optimism', null, null))).toEqual({ served: true });

    // Across's SDK test data: Ethereum → Arbitrum USDC (and USDC.e, which Strait does not move).
    answer = { status: 200, body: realAnswer('available-routes-usdc-ethereum-arbitrum.json') };
    await snapshot.refresh(testCall());
    expect(server.requests.map((r) => r.path)).toEqual(['/available-routes']);
    expect(snapshot.fetchedAt()).toBe(1_000);
    expect(venue.supports(corridor('ethereum', 'arbitrum', 'USDC', 'USDC'))).toEqual({ served: true });
    expect(venue.supports(corridor('ethereum', 'optimism', null, null))).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.coverage().origins).toEqual(['ethereum']);
    expect(venue.coverage().tokenSymbols('ethereum', 'arbitrum')).toEqual(['USDC']);
    expect(venue.coverage().tokenSymbols('arbitrum', 'ethereum')).toEqual([]);

    // The docs' list: WETH and native ETH Ethereum → Optimism.
    answer = { status: 200, body: realAnswer('available-routes-eth-ethereum-optimism.json') };
    await snapshot.refresh(testCall());
    expect(venue.supports(corridor('ethereum', 'optimism', null, null))).toEqual({ served: true });
    expect(venue.coverage().tokenSymbols('ethereum', 'optimism')).toEqual(['WETH', 'ETH']);
  });

  it('keeps the last good coverage when a refresh fails', async () => {
    const { venue } = createTestVenue(acrossVenue, server.url, { now: () => 2_000 });
    const snapshot = venue.snapshot;
    if (!snapshot) throw new Error('across publishes its routes');
    answer = { status: 200, body: realAnswer('available-routes-usdc-ethereum-arbitrum.json') };
    await snapshot.refresh(testCall());
    answer = { status: 400, body: realAnswer('error-invalid-param.json') };
    await expect(snapshot.refresh(testCall())).rejects.toThrow();
    answer = { status: 200, body: [] };
    await expect(snapshot.refresh(testCall())).rejects.toThrow(/no routes/);
    expect(snapshot.fetchedAt()).toBe(2_000);
    expect(venue.coverage().tokenSymbols('ethereum', 'arbitrum')).toEqual(['USDC']);
    expect(venue.supports(corridor('ethereum', 'optimism', null, null))).toMatchObject({ served: false });
  });

  it("lists every route of the fake (built from the real list's shape) so the sandbox keeps its coverage", async () => {
    const fake = await startAcrossFake();
    try {
      const { venue } = createTestVenue(acrossVenue, fake.url);
      await venue.snapshot?.refresh(testCall());
      expect(venue.coverage().tokenSymbols('arbitrum', 'base')).toEqual(['USDC', 'WETH', 'ETH']);
      expect(venue.supports(corridor('arbitrum', 'base', 'USDC', 'USDC'))).toEqual({ served: true });
    } finally {
      await fake.close();
    }
  });
});
