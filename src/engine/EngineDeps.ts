import type { Logger } from 'pino';
import type { EvmRpc } from '../chains/evm/createEvmRpc.ts';
import type { SvmRpc } from '../chains/svm/createSvmRpc.ts';
import type { TronRpc } from '../chains/tron/createTronRpc.ts';
import type { UtxoIndexer } from '../chains/utxo/createUtxoIndexer.ts';
import type { ChainKey } from '../domain/chains.ts';
import type { FeeSchedule } from '../domain/feeSchedule.ts';
import type { PriceSource } from '../prices/PriceSource.ts';
import type { TransferViewCache } from './transferViewCache.ts';
import type { ResolveHost, WebhookTargetPolicy } from './webhooks/webhookTargets.ts';
import type { Store } from '../store/openStore.ts';
import type { VenueRegistry } from '../venues/createVenueRegistry.ts';
import type { SnapshotRefresher } from '../venues/startSnapshotRefresher.ts';

/** What the use cases are composed from; built once in the composition root (src/app.ts). */
export interface EngineDeps {
  readonly store: Store;
  readonly venues: VenueRegistry;
  /** The chain's RPC for verification, broadcast and allowance reads, or `null` when none is configured. */
  readonly rpc: (chain: ChainKey) => EvmRpc | null;
  /** A Solana-family chain's RPC for verification and broadcast, or `null` when none is configured. */
  readonly svmRpc: (chain: ChainKey) => SvmRpc | null;
  /** The Tron node's HTTP API (STRAIT_RPC_TRON) for reference blocks, verification and broadcast; absent or `null` when none is configured. */
  readonly tronRpc?: (chain: ChainKey) => TronRpc | null;
  /** A Bitcoin-family chain's Esplora-style indexer (PSBT inputs, verification, broadcast); absent or `null` when none is configured. */
  readonly utxoIndexer?: (chain: ChainKey) => UtxoIndexer | null;
  /** USD prices for the fee caps and a transfer's USD figures. */
  readonly prices: PriceSource;
  readonly now: () => number;
  readonly logger: Logger;
  readonly settings: EngineSettings;
  /** Recent transfer views for repeated reads (engine/transferViewCache.ts). */
  readonly transferViews: TransferViewCache;
  /** The background refresh of venues' published coverage; absent when switched off (static tables only). */
  readonly snapshots?: Pick<SnapshotRefresher, 'freshness'>;
  /** How a webhook host is resolved for the build-time check (DNS when absent; tests put a table in). */
  readonly resolveHost?: ResolveHost;
  /** Told of engine events the metrics count; absent in apps without metrics. */
  readonly observer?: EngineObserver;
}

/** Engine events worth a metric (observability/createMetrics.ts implements it). */
export interface EngineObserver {
  /** A transfer reached a terminal status; `seconds` since its main step was submitted (since its creation when never submitted). */
  transferFinished(event: { readonly venue: string; readonly status: string; readonly seconds: number }): void;
  /** One venue's part in a quote fan-out: priced, refused (a typed rejection) or left out at the deadline, and when. */
  venueQuoted(event: { readonly venue: string; readonly outcome: 'priced' | 'refused' | 'left_out'; readonly seconds: number }): void;
}

export interface EngineSettings {
  readonly quoteDeadlineMs: number;
  /** No early quote answer before this (docs/quotes.md). */
  readonly quoteMinWaitMs: number;
  readonly quoteTtlMs: number;
  readonly buildTtlMs: number;
  /** After a build expires unsigned, how long before the transfer is `ABANDONED`. */
  readonly abandonGraceMs: number;
  /** The largest native fee a venue's main call may carry beside the amount, in USD (20 when absent). */
  readonly maxNativeFeeUsd?: number;
  readonly workerIntervalMs: number;
  /** The longest gap between two status polls of one transfer (5 minutes when absent). */
  readonly workerMaxPollDelayMs?: number;
  readonly feeSchedule: FeeSchedule;
  /** Strait's fee wallet per source chain; a chain without one collects no fee (spec §1 rule 5). */
  readonly feeWallets: Readonly<Partial<Record<ChainKey, string>>>;
  /** Signed webhooks: whether a secret is set (`webhookUrl` is refused without one) and which targets are allowed. */
  readonly webhooks?: WebhookTargetPolicy & { readonly signing: boolean };
}
