import { atomicToDecimal } from '../../domain/amounts.ts';
import type { NetRow } from '../applyFees.ts';
import { isHyperliquidVenue } from '../../venues/hyperliquid/hyperliquidVenue.ts';
import { floorFor } from '../../venues/hyperliquid/hyperCoreConstants.ts';
import type { EngineDeps } from '../EngineDeps.ts';
import { reject, type Rejection } from '../fanOutQuotes.ts';
import type { QuoteInput } from '../quoteInput.ts';
import { RELAYER_VENUE } from './relayedExecution.ts';

/**
 * The last word on rows to a HyperCore account (spec §1): the relayer row loses the activation fee
 * of a new account (after Strait's cuts, so the cuts never scale it), and every row that would
 * deliver less than the floor — 5.10 USDC to an account the exchange has never seen, 1 USDC
 * otherwise — moves to `rejected` as `below_min` with the floor and the figure. When the exchange
 * cannot say whether the account exists, the higher floor applies.
 */
export async function settleHyperCoreRows(deps: EngineDeps, input: QuoteInput, rows: readonly NetRow[], rejected: Rejection[], requestId?: string): Promise<NetRow[]> {
  const venue = deps.venues.get(RELAYER_VENUE)?.venue;
  const call = { signal: AbortSignal.timeout(Math.max(500, deps.settings.quoteDeadlineMs)), purpose: 'quote' as const, ...(requestId ? { requestId } : {}) };
  const existed = isHyperliquidVenue(venue) ? await venue.accountExists(input.recipient, call).catch(() => false) : false;
  const floor = floorFor(existed);
  const kept: NetRow[] = [];
  for (const row of rows) {
    const fee = row.venue === RELAYER_VENUE ? BigInt(String(row.quote.context.activationFeeAtomic ?? '0')) : 0n;
    const amountOut = row.amountOut - fee;
    const minAmountOut = row.minAmountOut - fee;
    if (amountOut < floor) {
      rejected.push(
        reject(row.venue, 'below_min', `${row.venue} would deliver ${atomicToDecimal(amountOut > 0n ? amountOut : 0n, 6)} USDC, under the ${atomicToDecimal(floor, 6)} USDC HyperCore takes for ${existed ? 'an existing account' : 'an account it has never seen'}`, {
          floorAtomic: floor.toString(),
          amountOutAtomic: (amountOut > 0n ? amountOut : 0n).toString(),
          accountExists: existed,
          ...(fee > 0n ? { activationFeeAtomic: fee.toString() } : {}),
        }),
      );
      continue;
    }
    kept.push({ ...row, amountOut, minAmountOut: minAmountOut > 0n ? minAmountOut : 0n });
  }
  return kept;
}
