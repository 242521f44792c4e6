import type { Logger } from 'pino';
import type { EvmRpc } from '../chains/evm/createEvmRpc.ts';
import type { ChainKey } from '../domain/chains.ts';
import type { Store } from '../store/openStore.ts';
import type { VenueRegistry } from '../venues/createVenueRegistry.ts';

/** What the use cases are composed from; built once in the composition root (src/app.ts). */
export interface EngineDeps {
  readonly store: Store;
  readonly venues: VenueRegistry;
  /** The chain's RPC for verification, broadcast and allowance reads, or `null` when none is configured. */
  readonly rpc: (chain: ChainKey) => EvmRpc | null;
  readonly now: () => number;
  readonly logger: Logger;
  readonly settings: EngineSettings;
}

export interface EngineSettings {
  readonly quoteDeadlineMs: number;
  readonly quoteTtlMs: number;
  readonly buildTtlMs: number;
  /** After a build expires unsigned, how long before the transfer is `ABANDONED`. */
  readonly abandonGraceMs: number;
  readonly workerIntervalMs: number;
}
