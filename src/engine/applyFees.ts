import { platformFeeBps, savedBps, type FeeSchedule } from '../domain/feeSchedule.ts';
import type { TokenInfo } from '../domain/tokens.ts';
import { atomicForUsd, type UsdPrice } from '../prices/PriceSource.ts';
import type { VenueQuote } from '../venues/Venue.ts';

export interface GrossRow {
  readonly venue: string;
  readonly quote: VenueQuote;
}

/** A row's output after Strait's cuts, and what those cuts are. */
export interface NetRow extends GrossRow {
  /** What the sender pays in all: the venue's input, plus Strait's cuts when they are added (exact output). */
  readonly amountIn: bigint;
  readonly amountOut: bigint;
  readonly minAmountOut: bigint;
  readonly feeBps: number;
  /** The platform fee, in the source asset's atomic units (after the cap). */
  readonly feeAmount: bigint;
  readonly tierSavedBps: number;
}

export interface FeeContext {
  readonly amountIn: bigint;
  readonly fromToken: TokenInfo;
  /** USD price of the source asset, `null` when the price source has none. */
  readonly fromPrice: UsdPrice | null;
  /** Strait's fee wallet on the source chain, `null` when none is configured. */
  readonly feeWallet: string | null;
  readonly referral: { readonly wallet: string; readonly bps: number } | null;
  readonly schedule: FeeSchedule;
  /** Whether a build through this venue can pay the cuts; a row that cannot carries none. */
  readonly collectible: (venue: string) => boolean;
}

export interface ReferralCut {
  readonly bps: number;
  readonly amount: bigint;
  readonly wallet: string;
}

export interface FeeOutcome {
  readonly rows: NetRow[];
  /** The referral share, the same on every row; `null` without a referrer or when nothing is collected. */
  readonly referral: ReferralCut | null;
  /** Plain-language notes on what was not charged and why (no fee wallet, no price). */
  readonly notes: string[];
}

/**
 * Applies Strait's two cuts to the venues' gross answers (docs/fees.md). Both are carved from the
 * amount the user sends, so every row's output shrinks in proportion to what the venue then
 * receives: `out × (amountIn − platform − referral) / amountIn`, rounded down.
 *
 * The platform fee is per row: a row's `tierSavedBps` is how much more it delivers than the best
 * other row, so only a route that beats every alternative can be charged, and the schedule never
 * lets the fee eat more than its share of that lead. The referral share is the same on every row.
 */
export function applyFees(gross: readonly GrossRow[], context: FeeContext): FeeOutcome {
  const { amountIn, schedule } = context;
  const { notes, collect, capOf } = feeTermsOf(context);

  let referral: ReferralCut | null = null;
  if (context.referral !== null && collect) {
    const cap = capOf(schedule.referralCapUsd);
    const uncapped = (amountIn * BigInt(context.referral.bps)) / 10_000n;
    referral = { bps: context.referral.bps, wallet: context.referral.wallet, amount: cap === null ? 0n : min(uncapped, cap) };
  }

  const platformCap = capOf(schedule.platformCapUsd);
  // Each row's runner-up is the best of the others: the best row's is the second best, everyone else's the best.
  let first = -1;
  let second = -1;
  gross.forEach((row, i) => {
    if (first < 0 || row.quote.amountOut > (gross[first] as GrossRow).quote.amountOut) {
      second = first;
      first = i;
    } else if (second < 0 || row.quote.amountOut > (gross[second] as GrossRow).quote.amountOut) {
      second = i;
    }
  });
  const rows = gross.map((row, i): NetRow => {
    const collects = collect && context.collectible(row.venue);
    const runnerUpAt = i === first ? second : first;
    const runnerUp = runnerUpAt < 0 ? null : (gross[runnerUpAt] as GrossRow).quote.amountOut;
    const tierSavedBps = runnerUp === null ? 0 : savedBps(row.quote.amountOut, runnerUp);
    const feeBps = collects && platformCap !== null ? platformFeeBps(tierSavedBps, schedule) : 0;
    const feeAmount = feeBps === 0 || platformCap === null ? 0n : min((amountIn * BigInt(feeBps)) / 10_000n, platformCap);
    const venueReceives = amountIn - feeAmount - (collects ? (referral?.amount ?? 0n) : 0n);
    // A minimum above the expected output is a venue's inconsistency, not a promise: the row shows
    // the expected output as its minimum (a guarantee can never exceed what is expected).
    if (row.quote.minAmountOut > row.quote.amountOut) notes.push(`${row.venue} answered a minimum output above its expected output; its minimum is shown as the expected output.`);
    // Spelled out, not `{ ...row, amountIn, … }`: V8 (Node 20) adds each property after a spread on
    // a slow path, ≈ 0.8 µs a property; six of them on 36 rows were 0.1 ms of every quote.
    return {
      venue: row.venue,
      quote: row.quote,
      amountIn: row.quote.amountIn,
      amountOut: shrink(row.quote.amountOut, venueReceives, amountIn),
      minAmountOut: shrink(min(row.quote.minAmountOut, row.quote.amountOut), venueReceives, amountIn),
      feeBps: feeAmount === 0n ? 0 : feeBps,
      feeAmount,
      tierSavedBps,
    };
  });
  return { rows, referral, notes };
}

/**
 * `amount × receives / amountIn`, rounded down. Nothing carved (no fee wallet, a row not charged) is
 * the amount itself, exactly: the path most rows take skips two BigInt products and quotients each
 * (36 rows a quote: 2.7 % of a one-at-a-time quote's CPU was this map, bench:profile).
 */
function shrink(amount: bigint, receives: bigint, amountIn: bigint): bigint {
  return receives === amountIn ? amount : (amount * receives) / amountIn;
}

/** What both fee bases share: whether cuts are collected at all, the USD caps in source units, and the notes saying why not. */
export function feeTermsOf(context: FeeContext): { notes: string[]; collect: boolean; capOf: (usd: number) => bigint | null } {
  const notes: string[] = [];
  const { fromToken, fromPrice } = context;
  const collect = context.feeWallet !== null;
  if (!collect) notes.push(`Strait has no fee wallet on ${fromToken.chain}: neither the platform fee nor a referral share is collected on this route.`);
  if (collect && fromPrice === null) {
    notes.push(`No USD price for ${fromToken.symbol}: the 10 USD caps cannot be converted, so the platform fee and referral share are waived rather than risk charging more than 10 USD.`);
  }
  return { notes, collect, capOf: (usd) => (fromPrice === null ? null : atomicForUsd(usd, fromToken, fromPrice)) };
}

export function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
