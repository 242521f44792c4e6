/**
 * The platform fee schedule (docs/fees.md). Strait charges only when the route it picked beat the
 * best alternative by enough to pay for itself: the saving is measured in basis points of the
 * runner-up's output (`tierSavedBps`), the highest tier the saving reaches sets the fee, and the fee
 * never takes more than `maxShareOfSaving` of the saving, so the charged route still ranks first.
 */

export interface FeeTier {
  /** Smallest saving, in bps of the runner-up's output, that reaches this tier. */
  readonly minSavedBps: number;
  readonly feeBps: number;
}

export interface FeeSchedule {
  /** Ascending by `minSavedBps`. */
  readonly tiers: readonly FeeTier[];
  /** The largest part of the saving the fee may take (0.5: the user keeps at least half). */
  readonly maxShareOfSaving: number;
  /** Per-transfer cap of the platform fee, in USD (spec §8: 10). */
  readonly platformCapUsd: number;
  /** Per-transfer cap of the referral share, in USD (spec §1 rule 3: 10). */
  readonly referralCapUsd: number;
}

export const DEFAULT_FEE_TIERS: readonly FeeTier[] = [
  { minSavedBps: 10, feeBps: 3 },
  { minSavedBps: 30, feeBps: 8 },
  { minSavedBps: 60, feeBps: 15 },
];

export const DEFAULT_FEE_SCHEDULE: FeeSchedule = { tiers: DEFAULT_FEE_TIERS, maxShareOfSaving: 0.5, platformCapUsd: 10, referralCapUsd: 10 };

/** The platform fee in bps for a route that saved `savedBps`: 0 below the first tier. */
export function platformFeeBps(savedBps: number, schedule: FeeSchedule): number {
  let feeBps = 0;
  for (const tier of schedule.tiers) if (savedBps >= tier.minSavedBps) feeBps = tier.feeBps;
  return Math.min(feeBps, Math.floor(savedBps * schedule.maxShareOfSaving));
}

/** How much more `amount` delivers than `alternative`, in bps of `alternative`; 0 when it does not. */
export function savedBps(amount: bigint, alternative: bigint): number {
  if (alternative <= 0n || amount <= alternative) return 0;
  return Number(((amount - alternative) * 10_000n) / alternative);
}

/** Parses `STRAIT_FEE_TIERS` (`minSavedBps:feeBps,…`, e.g. `10:3,30:8,60:15`); throws on anything else. */
export function parseFeeTiers(raw: string): FeeTier[] {
  const tiers = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^(\d+):(\d+)$/.exec(part);
      if (!match) throw new Error(`'${part}' is not minSavedBps:feeBps`);
      return { minSavedBps: Number(match[1]), feeBps: Number(match[2]) };
    });
  for (let i = 1; i < tiers.length; i++) {
    if (tiers[i]!.minSavedBps <= tiers[i - 1]!.minSavedBps) throw new Error('tiers must ascend by minSavedBps');
  }
  if (tiers.some((tier) => tier.feeBps > 100)) throw new Error('a platform fee above 100 bps is not a fee schedule Strait accepts');
  return tiers;
}
