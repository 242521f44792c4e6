import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveToken, type TokenInfo } from '../../domain/tokens.ts';
import { startFakeServer, type FakeServer } from '../fake/startFakeServer.ts';
import { createTestVenue, testCall } from '../fake/testVenueDeps.ts';
import type { Corridor } from '../Venue.ts';
import { lifiVenue } from './lifiVenue.ts';

/**
 * LI.FI's coverage snapshot against its docs' `/v1/chains` answer (fixtures/real/chains.json: Ethereum,
 * Robinhood, Polygon, BSC, Gnosis): after a refresh only the listed chains of the diamond table are
 * served; before one, or when a refresh fails, the static table answers.
 */

const CHAINS = readFileSync(new URL('./fixtures/real/chains.json', import.meta.url), 'utf8');
const token = (chain: string, symbol: string) => resolveToken(chain, symbol) as TokenInfo;
const corridor = (fromChain: string, toChain: string): Corridor => ({ fromChain, toChain, fromToken: token(fromChain, 'USDC'), toToken: token(toChain, 'USDC') });

let server: FakeServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function venueServing(body: () => unknown, status = 200) {
  server = await startFakeServer({ 'GET /chains': () => ({ status, body: body() }) });
  return createTestVenue(lifiVenue, server.url).venue;
}

describe('LI.FI coverage snapshot', () => {
  it('answers from the static diamond table before any refresh', async () => {
    const venue = await venueServing(() => JSON.parse(CHAINS));
    expect(venue.snapshot?.fetchedAt()).toBeNull();
    expect(venue.supports(corridor('arbitrum', 'optimism'))).toEqual({ served: true });
    expect(venue.coverage().origins).toContain('arbitrum');
    expect(venue.supports(corridor('ethereum', 'solana')).served).toBe(false);
  });

  it("after a refresh serves only the chains LI.FI lists, asking for EVM chains", async () => {
    const venue = await venueServing(() => JSON.parse(CHAINS));
    await venue.snapshot!.refresh({ ...testCall(), purpose: 'snapshot' });
    expect(server!.requests.at(-1)?.query.get('chainTypes')).toBe('EVM');
    expect(venue.snapshot!.fetchedAt()).not.toBeNull();
    expect(venue.coverage().origins).toEqual(['ethereum', 'polygon', 'bnb', 'gnosis']);
    expect(venue.supports(corridor('ethereum', 'polygon'))).toEqual({ served: true });
    expect(venue.supports(corridor('arbitrum', 'optimism'))).toMatchObject({ served: false, code: 'route_not_served' });
    expect(venue.coverage().tokenSymbols('ethereum', 'polygon')).toContain('USDC');
    expect(venue.coverage().tokenSymbols('arbitrum', 'polygon')).toEqual([]);
  });

  it('drops a chain whose listed diamond is not the pinned one', async () => {
    const venue = await venueServing(() => {
      const body = JSON.parse(CHAINS) as { chains: { id: number; diamondAddress?: string }[] };
      for (const chain of body.chains) if (chain.id === 137) chain.diamondAddress = '0x00000000000000000000000000000000000bad00';
      return body;
    });
    await venue.snapshot!.refresh({ ...testCall(), purpose: 'snapshot' });
    expect(venue.coverage().origins).toEqual(['ethereum', 'bnb', 'gnosis']);
  });

  it('keeps the static table when the refresh fails or lists nothing', async () => {
    const failing = await venueServing(() => ({ message: 'down', code: 1006 }), 500);
    await expect(failing.snapshot!.refresh({ ...testCall(), purpose: 'snapshot' })).rejects.toThrow();
    expect(failing.supports(corridor('arbitrum', 'optimism'))).toEqual({ served: true });
    await server!.close();
    const empty = await venueServing(() => ({ chains: [] }));
    await expect(empty.snapshot!.refresh({ ...testCall(), purpose: 'snapshot' })).rejects.toThrow(/no chains/);
    expect(empty.snapshot!.fetchedAt()).toBeNull();
  });
});

describe('the LI.FI fake', () => {
  const recorded = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
  const keysOf = (value: unknown) => Object.keys(value as Record<string, unknown>).sort();

  it("answers /quote in the layout of LI.FI's live Step and /status in that of its live DONE answer", async () => {
    const { startLifiFake } = await import('./lifiFake.ts');
    const fake = await startLifiFake();
    try {
      const query = new URLSearchParams({ fromChain: '42161', toChain: '10', fromToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', toToken: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', fromAmount: '1000000', fromAddress: '0x1111111111111111111111111111111111111111', integrator: 'strait' });
      const quote = (await (await fetch(`${fake.url}/quote?${query}`)).json()) as Record<string, unknown>;
      const real = recorded('step-usdc-ethereum-base-across.json');
      expect(keysOf(quote)).toEqual(keysOf(real));
      expect(keysOf(quote.transactionRequest)).toEqual(keysOf(real.transactionRequest));
      expect(keysOf(quote.action)).toEqual(keysOf(real.action));
      const status = (await (await fetch(`${fake.url}/status?txHash=0x${'ab'.repeat(32)}`)).json()) as Record<string, unknown>;
      expect(keysOf(status)).toEqual(keysOf(recorded('status-done-completed-stargatev2bus-live.json')));
    } finally {
      await fake.close();
    }
  });
});
