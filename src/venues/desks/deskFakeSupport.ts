import type { Address, Hex } from 'viem';
import { atomicToDecimal } from '../../domain/amounts.ts';
import { onceByKey } from '../fake/onceByKey.ts';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import type { DeskAsset } from './createDeskVenue.ts';

/**
 * What the loopback fakes of the fixed-rate desks share: a fixed USD price book, answers built from
 * a recorded real answer (so a fake cannot invent a field or drop one the venue sends), and sandbox
 * settlement (the deposit address's balance decides; the payout happens once).
 */

/** A price book in micro-USD, so conversion stays in bigint. */
export interface DeskPriceBook<A extends DeskAsset> {
  priceOf(asset: A): bigint;
  /** `amount` of `from` in units of `to` at the book's prices, rounded down. */
  convert(amount: bigint, from: A, to: A): bigint;
  /** `usd` micro-USD in atomic units of `asset`. */
  fromUsd(usd: bigint, asset: A): bigint;
  /** Atomic units as the JSON number the desks write (`25.5`). */
  display(amount: bigint, asset: A): number;
}

export function deskPriceBook<A extends DeskAsset>(prices: Readonly<Record<string, bigint>>, keyOf: (asset: A) => string): DeskPriceBook<A> {
  const priceOf = (asset: A) => prices[keyOf(asset)] ?? 1_000_000n;
  return {
    priceOf,
    convert: (amount, from, to) => (amount * priceOf(from) * 10n ** BigInt(to.decimals)) / (priceOf(to) * 10n ** BigInt(from.decimals)),
    fromUsd: (usd, asset) => (usd * 10n ** BigInt(asset.decimals)) / priceOf(asset),
    display: (amount, asset) => Number(atomicToDecimal(amount, asset.decimals)),
  };
}

/**
 * The recorded answer with some of its values substituted (ids, amounts, addresses, times), in the
 * recorded key order; every field the venue sent and the fake does not substitute stays as recorded.
 * Substituting a key the recording lacks throws: the fake may not answer a field the venue does not.
 * `added` names fields a flow the recording did not cover documents (e.g. a fixed-rate `rateId` on a
 * recording of the standard flow); they follow the recorded ones.
 */
export function fromRecorded(template: Readonly<Record<string, unknown>>, values: Readonly<Record<string, unknown>>, added: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  for (const key of Object.keys(values)) {
    if (!Object.hasOwn(template, key)) throw new Error(`the recorded answer has no field ${key}`);
  }
  for (const key of Object.keys(added)) {
    if (Object.hasOwn(template, key)) throw new Error(`the recorded answer already has ${key}: substitute it instead`);
  }
  return { ...Object.fromEntries(Object.entries(template).map(([key, value]) => [key, Object.hasOwn(values, key) ? values[key] : value])), ...added };
}

/** Where a deposit-address order stands on the sandbox chains. */
export type DepositProgress =
  | { readonly stage: 'waiting' }
  /** Some, not all, of the deposit arrived. */
  | { readonly stage: 'partial'; readonly received: bigint }
  /** The deposit arrived; the payout has not been made (no destination chain, or it failed for now). */
  | { readonly stage: 'exchanging' }
  | { readonly stage: 'paid'; readonly hash: Hex };

export interface DeskOrderToSettle<A extends DeskAsset> {
  readonly id: string;
  readonly from: A;
  readonly to: A;
  readonly depositAddress: string;
  readonly payoutAddress: string;
  readonly amountIn: bigint;
  readonly amountOut: bigint;
}

/**
 * Sandbox settlement of deposit-address orders: reads the origin-token balance of the deposit
 * address and, once it holds `amountIn`, pays `amountOut` to the payout address exactly once (two
 * concurrent polls share one payment). Without a settlement, or on a chain it cannot touch, every
 * order waits.
 */
export function deskSettler<A extends DeskAsset>(settlement: FakeSettlement | undefined, chainIdOf: (asset: A) => number | undefined) {
  const fills = onceByKey<Hex>();
  return async function progress(order: DeskOrderToSettle<A>): Promise<DepositProgress> {
    const originChainId = chainIdOf(order.from);
    const destinationChainId = chainIdOf(order.to);
    if (!settlement || originChainId === undefined) return { stage: 'waiting' };
    if (!fills.has(order.id)) {
      const balance = await settlement.balanceOf(originChainId, order.from.address as Address | null, order.depositAddress as Address);
      if (balance === 0n) return { stage: 'waiting' };
      if (balance < order.amountIn) return { stage: 'partial', received: balance };
      if (destinationChainId === undefined) return { stage: 'exchanging' };
    }
    const hash = await fills.run(order.id, () => settlement.pay(destinationChainId as number, order.to.address as Address | null, order.payoutAddress as Address, order.amountOut)).catch(() => null);
    return hash === null ? { stage: 'exchanging' } : { stage: 'paid', hash };
  };
}
