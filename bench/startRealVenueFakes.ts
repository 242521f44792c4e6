import type { Address, Hex } from 'viem';
import type { FakeSettlement, MinedTransaction } from '../src/venues/fake/FakeSettlement.ts';
import { isBuilt, type SandboxFake, type SandboxFakeFactory } from '../src/venues/VenueModule.ts';
import { VENUE_MODULES } from '../src/venues/venueModules.ts';

/** The bench's two chains, with their real chain ids (the fakes answer for them as the venues do). */
const BENCH_CHAINS = [
  { key: 'base', chainId: 8453 },
  { key: 'arbitrum', chainId: 42161 },
] as const;

/** A loopback port nothing listens on: any RPC call a quote would make fails at once, never reaches the internet. */
export const DEAD_RPC_URL = 'http://127.0.0.1:9';

/**
 * The bench only prices: a fake asked to settle, or to read a chain, is a mistake in the bench's
 * set-up, so it fails loudly instead of reaching a chain.
 */
const quoteOnlySettlement: FakeSettlement = {
  findTransaction: (chainId: number, hash: Hex): Promise<MinedTransaction | null> => Promise.reject(new Error(`bench fakes do not settle (findTransaction ${chainId} ${hash})`)),
  balanceOf: (chainId: number, _token: Address | null, owner: Address): Promise<bigint> => Promise.reject(new Error(`bench fakes do not settle (balanceOf ${chainId} ${owner})`)),
  pay: (chainId: number): Promise<Hex> => Promise.reject(new Error(`bench fakes do not settle (pay on ${chainId})`)),
  send: (chainId: number): Promise<Hex> => Promise.reject(new Error(`bench fakes do not settle (send on ${chainId})`)),
};

export interface RealVenueFakes {
  /** Venue ids whose real-dialect fake is running. */
  readonly ids: readonly string[];
  /** `STRAIT_VENUE_<ID>_BASE_URL` (and any setting a fake needs) for the given ids. */
  envFor(ids: readonly string[]): Record<string, string>;
  close(): Promise<void>;
}

/**
 * Starts the real-dialect fake (`sandboxFake`) of every registered venue that has one, as `npm run
 * sandbox` does, but without chains: the bench measures quotes, which these fakes answer from the
 * real-answer templates they are built from.
 */
export async function startRealVenueFakes(): Promise<RealVenueFakes> {
  const factories = VENUE_MODULES.filter(isBuilt).flatMap((m): [string, SandboxFakeFactory][] => (m.sandboxFake ? [[m.id, m.sandboxFake]] : []));
  const context = { settlement: quoteOnlySettlement, chains: BENCH_CHAINS.map((c) => ({ ...c, rpcUrl: DEAD_RPC_URL })) };
  const started = await Promise.allSettled(factories.map(([, start]) => start(context)));
  const fakes = new Map<string, SandboxFake>();
  started.forEach((result, i) => {
    if (result.status === 'fulfilled') fakes.set(factories[i]![0], result.value);
  });
  return {
    ids: [...fakes.keys()],
    envFor(ids) {
      return Object.assign(
        {},
        ...ids.map((id) => {
          const fake = fakes.get(id);
          if (!fake) throw new Error(`no real-dialect fake of ${id} is running`);
          return { [`STRAIT_VENUE_${id.toUpperCase()}_BASE_URL`]: fake.url, ...(fake.env ?? {}) };
        }),
      ) as Record<string, string>;
    },
    async close() {
      await Promise.allSettled([...fakes.values()].map((fake) => fake.close()));
    },
  };
}
