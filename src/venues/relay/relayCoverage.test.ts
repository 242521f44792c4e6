import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../fake/startFakeServer.ts';
import { createTestVenue, knownToken, testCall } from '../fake/testVenueDeps.ts';
import type { Corridor } from '../Venue.ts';
import { RELAY_ORIGINS } from './relayChains.ts';
import { startRelayFake } from './relayFake.ts';
import { relayVenue } from './relayVenue.ts';

const answerOf = (file: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8')) as unknown;

const corridor = (fromChain: string, toChain: string, from: string | null, to: string | null): Corridor => ({ fromChain, toChain, fromToken: knownToken(fromChain, from), toToken: knownToken(toChain, to) });

describe('relay coverage snapshot (GET /chains)', () => {
  let server: FakeServer;
  let answer: { status: number; body: unknown } = { status: 200, body: null };
  beforeAll(async () => {
    server = await startFakeServer({ 'GET /chains': () => answer });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  it('answers from the static tables until a refresh, then only what the docs answer lists', async () => {
    const { venue } = createTestVenue(relayVenue, server.url, { now: () => 1_000 });
    const snapshot = venue.snapshot;
    if (!snapshot) throw new Error('relay publishes its chains');
    expect(snapshot.fetchedAt()).toBeNull();
    expect(venue.supports(corridor('optimism', 'arbitrum', 'USDC', 'USDC'))).toEqual({ served: true });
    expect(venue.coverage().origins).toEqual(RELAY_ORIGINS);

    // Relay's quickstart sample: Optimism alone (tokenSupport All), so no pair of chains is listed.
    answer = { status: 200, body: answerOf('real/chains-docs-quickstart-optimism.json') };
    await snapshot.refresh(testCall());
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /chains']);
    expect(snapshot.fetchedAt()).toBe(1_000);
    expect(venue.supports(corridor('optimism', 'arbitrum', 'USDC', 'USDC'))).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports(corridor('arbitrum', 'optimism', 'USDC', 'USDC'))).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.coverage().tokenSymbols('optimism', 'arbitrum')).toEqual([]);
    expect(venue.coverage().origins).toEqual([]);

    // The "Supported Tokens & Routes" examples parse the same way; Zora, which the adapter cannot build for, adds nothing.
    for (const file of ['real/chains-docs-tokensupport-all-optimism.json', 'real/chains-docs-tokensupport-limited-zora.json']) {
      answer = { status: 200, body: answerOf(file) };
      await snapshot.refresh(testCall());
      expect(venue.coverage().origins).toEqual([]);
    }
  });

  it('serves a Limited chain only its bridgeable tokens, and nothing to or from a disabled chain or one without deposits', async () => {
    const { venue } = createTestVenue(relayVenue, server.url);
    answer = { status: 200, body: answerOf('synthetic/chains-four-chains-derived.json') };
    await venue.snapshot?.refresh(testCall());
    // Arbitrum is Limited: native ETH and USDC bridge, USDT does not; Optimism takes all tokens.
    expect(venue.supports(corridor('optimism', 'arbitrum', 'USDC', 'USDC'))).toEqual({ served: true });
    expect(venue.supports(corridor('optimism', 'arbitrum', null, null))).toEqual({ served: true });
    expect(venue.supports(corridor('optimism', 'arbitrum', 'USDT', 'USDT'))).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.supports(corridor('arbitrum', 'optimism', 'USDT', 'USDT'))).toMatchObject({ served: false, code: 'token_not_supported' });
    expect(venue.coverage().tokenSymbols('optimism', 'arbitrum')).toEqual(['ETH', 'USDC']);
    expect(venue.coverage().tokenSymbols('arbitrum', 'optimism')).toEqual(['ETH', 'USDC']);
    // Base is disabled; Polygon takes transfers in but no deposits.
    expect(venue.supports(corridor('optimism', 'base', 'USDC', 'USDC'))).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports(corridor('polygon', 'optimism', 'USDC', 'USDC'))).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.supports(corridor('optimism', 'polygon', 'USDC', 'USDC'))).toEqual({ served: true });
    expect(venue.coverage().tokenSymbols('optimism', 'polygon')).toEqual(['USDC', 'USDT']);
    expect(venue.coverage().origins).toEqual(['arbitrum', 'optimism']);
  });

  it('keeps the last good coverage when a refresh fails', async () => {
    const { venue } = createTestVenue(relayVenue, server.url, { now: () => 2_000 });
    const snapshot = venue.snapshot;
    if (!snapshot) throw new Error('relay publishes its chains');
    answer = { status: 200, body: answerOf('synthetic/chains-four-chains-derived.json') };
    await snapshot.refresh(testCall());
    for (const failure of [
      { status: 500, body: { message: 'Internal server error' } },
      { status: 200, body: { chains: [] } },
      { status: 200, body: { chains: [{ id: 'ten', name: 'optimism' }] } },
    ]) {
      answer = failure;
      await expect(snapshot.refresh(testCall())).rejects.toThrow();
    }
    expect(snapshot.fetchedAt()).toBe(2_000);
    expect(venue.coverage().tokenSymbols('optimism', 'arbitrum')).toEqual(['ETH', 'USDC']);
    expect(venue.supports(corridor('optimism', 'base', 'USDC', 'USDC'))).toMatchObject({ served: false });
  });

  it('lists every chain and token the fake serves, so the sandbox keeps its coverage', async () => {
    const fake = await startRelayFake();
    try {
      const { venue } = createTestVenue(relayVenue, fake.url);
      const before = venue.coverage().tokenSymbols('base', 'arbitrum');
      await venue.snapshot?.refresh(testCall());
      expect(venue.snapshot?.fetchedAt()).not.toBeNull();
      expect(venue.coverage().tokenSymbols('base', 'arbitrum')).toEqual(before);
      expect(venue.supports(corridor('base', 'arbitrum', 'USDC', 'USDC'))).toEqual({ served: true });
      expect(venue.supports(corridor('base', 'solana', 'USDC', 'USDC'))).toEqual({ served: true });
    } finally {
      await fake.close();
    }
  });
});
