import { platformFeeBps, savedBps } from '../domain/feeSchedule.ts';
import { feeTermsOf, min, type FeeContext, type FeeOutcome, type GrossRow, type NetRow, type ReferralCut } from './applyFees.ts';

/**
 * Strait's cuts on an exact-output quote (docs/fees.md, `feeBasis: "added"`): the recipient's amount
 * is fixed, so the cuts cannot come out of it; they are added to what the sender pays, each a share of
 * that row's venue input. Rows compete on input: a row's `tierSavedBps` is how much less it asks than
 * the cheapest other row, and only a row that beats every alternative is charged, as for exact input.
 * The referral share is per row (a share of each row's input); the outcome's `referral` is the
 * cheapest row's, the one build uses by default.
 */
export function applyExactOutFees(gross: readonly GrossRow[], context: FeeContext): FeeOutcome {
  const { schedule } = context;
  const { notes, collect, capOf } = feeTermsOf(context);
  const platformCap = capOf(schedule.platformCapUsd);
  const referralCap = capOf(schedule.referralCapUsd);
  const referralOf = (venueIn: bigint): bigint => (context.referral === null || !collect || referralCap === null ? 0n : min((venueIn * BigInt(context.referral.bps)) / 10_000n, referralCap));

  const rows = gross.map((row): NetRow => {
    const venueIn = row.quote.amountIn;
    const collects = collect && context.collectible(row.venue);
    const others = gross.filter((other) => other !== row).map((other) => other.quote.amountIn);
    const runnerUp = others.length === 0 ? null : others.reduce((a, b) => (a < b ? a : b));
    const tierSavedBps = runnerUp === null ? 0 : savedBps(runnerUp, venueIn);
    const feeBps = collects && platformCap !== null ? platformFeeBps(tierSavedBps, schedule) : 0;
    const feeAmount = feeBps === 0 || platformCap === null ? 0n : min((venueIn * BigInt(feeBps)) / 10_000n, platformCap);
    const referral = collects ? referralOf(venueIn) : 0n;
    // Spelled out, as in applyFees: properties added after a spread take V8's slow path.
    return {
      venue: row.venue,
      quote: row.quote,
      amountIn: venueIn + feeAmount + referral,
      // The venue's exact output is what the recipient receives; a venue that promised less was refused by the fan-out.
      amountOut: row.quote.amountOut,
      minAmountOut: row.quote.minAmountOut,
      feeBps: feeAmount === 0n ? 0 : feeBps,
      feeAmount,
      tierSavedBps,
    };
  });
  const cheapest = gross.reduce<GrossRow | null>((best, row) => (best === null || row.quote.amountIn < best.quote.amountIn ? row : best), null);
  const referral: ReferralCut | null = context.referral !== null && collect ? { bps: context.referral.bps, wallet: context.referral.wallet, amount: cheapest ? referralOf(cheapest.quote.amountIn) : 0n } : null;
  return { rows, referral, notes };
}
