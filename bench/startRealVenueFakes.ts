import type { Address, Hex } from 'viem';
import type { FakeSettlement, MinedTransaction } from '../src/venues/fake/FakeSettlement.ts';
import { isBuilt, type SandboxFakeFactory } from '../src/venues/VenueModule.ts';
import { VENUE_MODULES } from '../src/venues/venueModules.ts';
import { startBungeeFake } from '../src/venues/bungee/bungeeFake.ts';
import { startCbridgeFake } from '../src/venues/cbridge/cbridgeFake.ts';
import { startChainflipFake } from '../src/venues/chainflip/chainflipFake.ts';
import { startChangenowFake } from '../src/venues/changenow/changenowFake.ts';
import { startFixedfloatFake } from '../src/venues/fixedfloat/fixedfloatFake.ts';
import { startGardenFake } from '../src/venues/garden/gardenFake.ts';
import { startGaszipFake } from '../src/venues/gaszip/gaszipFake.ts';
import { startHoudiniFake } from '../src/venues/houdini/houdiniFake.ts';
import { startMayachainFake } from '../src/venues/mayachain/mayachainFake.ts';
import { startMayanFake } from '../src/venues/mayan/mayanFake.ts';
import { startRangoFake } from '../src/venues/rango/rangoFake.ts';
import { startRubicFake } from '../src/venues/rubic/rubicFake.ts';
import { startSideShiftFake } from '../src/venues/sideshift/sideShiftFake.ts';
import { startStealthexFake } from '../src/venues/stealthex/stealthexFake.ts';
import { startXyFinanceFake } from '../src/venues/xyfinance/xyfinanceFake.ts';
import { BENCH_CREDENTIAL } from './straitBenchEnv.ts';

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

interface QuoteFake {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The real-dialect fakes of registered venues that have no sandbox fake (they cannot settle on the
 * sandbox's chains), built from the same recorded answers and used by their own tests. The bench only
 * quotes, so they serve it as the sandbox fakes do.
 */
const QUOTE_ONLY_FAKES: Readonly<Record<string, () => Promise<QuoteFake>>> = {
  bungee: () => startBungeeFake(),
  cbridge: () => startCbridgeFake(),
  chainflip: () => startChainflipFake(),
  changenow: () => startChangenowFake({ apiKey: BENCH_CREDENTIAL }),
  fixedfloat: () => startFixedfloatFake({ apiKey: BENCH_CREDENTIAL, apiSecret: BENCH_CREDENTIAL }),
  garden: () => startGardenFake(),
  gaszip: () => startGaszipFake(),
  houdini: async () => {
    const fake = await startHoudiniFake();
    fake.setCredentials(BENCH_CREDENTIAL, BENCH_CREDENTIAL);
    return fake;
  },
  mayachain: () => startMayachainFake(),
  mayan: () => startMayanFake(),
  rango: () => startRangoFake(),
  rubic: () => startRubicFake(),
  sideshift: () => startSideShiftFake({ secret: BENCH_CREDENTIAL, affiliateId: BENCH_CREDENTIAL }),
  stealthex: () => startStealthexFake({ apiKey: BENCH_CREDENTIAL }),
  xyfinance: () => startXyFinanceFake(),
};

export interface RealVenueFakes {
  /** Venue ids whose real-dialect fake is running. */
  readonly ids: readonly string[];
  /** `STRAIT_VENUE_<ID>_BASE_URL` (and any setting a fake needs) for the given ids. */
  envFor(ids: readonly string[]): Record<string, string>;
  close(): Promise<void>;
}

/**
 * Starts the real-dialect fake of every registered venue that has one: its `sandboxFake`, as `npm run
 * sandbox` does but without chains, or else the quote-answering fake its tests use
 * (QUOTE_ONLY_FAKES). The bench measures quotes, which these fakes answer from the real-answer
 * templates they are built from.
 */
export async function startRealVenueFakes(): Promise<RealVenueFakes> {
  const factories = VENUE_MODULES.filter(isBuilt).flatMap((m): [string, SandboxFakeFactory][] => (m.sandboxFake ? [[m.id, m.sandboxFake]] : []));
  const context = { settlement: quoteOnlySettlement, chains: BENCH_CHAINS.map((c) => ({ ...c, rpcUrl: DEAD_RPC_URL })) };
  const quoteOnly = VENUE_MODULES.filter((m) => isBuilt(m) && !m.sandboxFake && m.id in QUOTE_ONLY_FAKES).map((m): [string, () => Promise<QuoteFake>] => [m.id, QUOTE_ONLY_FAKES[m.id]!]);
  const started = await Promise.allSettled([...factories.map(([, start]) => start(context)), ...quoteOnly.map(([, start]) => start())]);
  const ids = [...factories, ...quoteOnly].map(([id]) => id);
  const fakes = new Map<string, QuoteFake & { env?: Readonly<Record<string, string>> }>();
  started.forEach((result, i) => {
    if (result.status === 'fulfilled') fakes.set(ids[i]!, result.value);
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
