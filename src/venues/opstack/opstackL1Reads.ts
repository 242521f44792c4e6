import type { PublicClient } from 'viem';
import { portalAbi, type OpStackChain } from './opstackChains.ts';

/**
 * The Ethereum reads a Standard Bridge quote needs, remembered briefly: every quote would otherwise
 * cost a block and a portal read on the hot path. A failed read is never remembered (the next quote
 * asks again), except the portal's delays, which fall back to mainnet's for a short while.
 */

/** Ethereum makes a block every 12 s: a base fee a few seconds old prices a transaction as well. */
const BLOCK_TTL_MS = 4_000;
/** A pause takes effect on chain at once; a quote that misses it by seconds still starts nothing that completes before the status sees it. */
const PAUSED_TTL_MS = 4_000;
/** The delays change only by a portal upgrade. */
const DELAYS_TTL_MS = 600_000;
/** After an unreadable delay, mainnet's is assumed for this long before asking again. */
const DELAYS_FALLBACK_TTL_MS = 30_000;

/** OP Mainnet's and Base's OptimismPortal2: 7 days proof maturity, 3.5 days dispute game finality. */
export const MAINNET_WITHDRAWAL_DELAYS: WithdrawalDelays = { proofMaturitySeconds: 604_800, gameFinalitySeconds: 302_400 };

export interface WithdrawalDelays {
  readonly proofMaturitySeconds: number;
  readonly gameFinalitySeconds: number;
}

export interface OpStackL1Reads {
  /** The latest Ethereum block's base fee (`null` before London). */
  baseFee(client: PublicClient): Promise<bigint | null>;
  paused(client: PublicClient, chain: OpStackChain): Promise<boolean>;
  /** The portal's withdrawal delays; mainnet's when the portal does not answer. */
  withdrawalDelays(client: PublicClient, chain: OpStackChain): Promise<WithdrawalDelays>;
}

interface Held<T> {
  readonly value: Promise<T>;
  readonly until: number;
}

export function createOpStackL1Reads(now: () => number): OpStackL1Reads {
  const held = new Map<string, Held<unknown>>();

  /** One read in flight per key, shared by concurrent quotes; a rejected one is dropped at once. */
  function remembered<T>(key: string, ttlMs: number, read: () => Promise<T>): Promise<T> {
    const at = now();
    const hit = held.get(key) as Held<T> | undefined;
    if (hit && hit.until > at) return hit.value;
    const value = read();
    held.set(key, { value, until: at + ttlMs });
    value.catch(() => {
      if (held.get(key)?.value === value) held.delete(key);
    });
    return value;
  }

  return {
    baseFee: (client) => remembered('block', BLOCK_TTL_MS, async () => (await client.getBlock()).baseFeePerGas ?? null),
    paused: (client, chain) => remembered(`paused:${chain.key}`, PAUSED_TTL_MS, () => client.readContract({ address: chain.portal, abi: portalAbi, functionName: 'paused' })),
    async withdrawalDelays(client, chain) {
      const key = `delays:${chain.key}`;
      try {
        return await remembered(key, DELAYS_TTL_MS, () => readWithdrawalDelays(client, chain));
      } catch {
        // The ETA is an estimate: mainnet's delays are the honest guess when the portal will not say.
        return remembered(key, DELAYS_FALLBACK_TTL_MS, () => Promise.resolve(MAINNET_WITHDRAWAL_DELAYS));
      }
    },
  };
}

/** The portal's two withdrawal delays as it answers them now (no fallback: a failed read rejects). */
export async function readWithdrawalDelays(client: PublicClient, chain: OpStackChain): Promise<WithdrawalDelays> {
  const [maturity, finality] = await Promise.all([
    client.readContract({ address: chain.portal, abi: portalAbi, functionName: 'proofMaturityDelaySeconds' }),
    client.readContract({ address: chain.portal, abi: portalAbi, functionName: 'disputeGameFinalityDelaySeconds' }),
  ]);
  return { proofMaturitySeconds: Number(maturity), gameFinalitySeconds: Number(finality) };
}

/**
 * A withdrawal's ETA: the longer of the proof maturity and the game's finality delay (they run side
 * by side once proven), plus the wait for a dispute game to cover the withdrawal's block. Proposers
 * post about hourly beside a 7-day challenge period; a chain with shorter delays (a devnet, the
 * sandbox) is assumed to propose proportionally faster.
 */
export function withdrawalEtaSeconds(delays: WithdrawalDelays): number {
  const proposalWait = Math.round(Math.min(3_600, delays.proofMaturitySeconds / 168));
  return Math.max(delays.proofMaturitySeconds, delays.gameFinalitySeconds) + proposalWait;
}

/** A withdrawal's wait in words for a claim's reason: "about 7 days", "about 12 seconds". */
export function aboutDuration(seconds: number): string {
  const units: [number, string][] = [[86_400, 'day'], [3_600, 'hour'], [60, 'minute'], [1, 'second']];
  const [size, name] = units.find(([unit]) => seconds >= unit) ?? [1, 'second'];
  const count = Math.max(1, Math.round(seconds / size));
  return `about ${count} ${name}${count === 1 ? '' : 's'}`;
}
