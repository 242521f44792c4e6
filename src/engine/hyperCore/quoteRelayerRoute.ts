import { atomicToDecimal } from '../../domain/amounts.ts';
import { sameEvmAddress } from '../../domain/addresses/sameAddress.ts';
import { owedHyperCoreCredits } from '../../store/hyperCoreCreditRepository.ts';
import type { VenueQuote } from '../../venues/Venue.ts';
import { ARBITRUM_USDC, activationFeeFor, balanceOf } from '../../venues/hyperliquid/hyperCoreConstants.ts';
import { isHyperliquidVenue } from '../../venues/hyperliquid/hyperliquidVenue.ts';
import type { EngineDeps } from '../EngineDeps.ts';
import { classify, emptyReasonOf, fanOutQuotes, reject, type FanOutTiming, type PricedVenue, type Rejection } from '../fanOutQuotes.ts';
import type { QuoteInput } from '../quoteInput.ts';
import { candidatesFor, isExecutable, serializeQuote, venueRequestOf } from '../quoteTransfer.ts';
import { RELAYER_VENUE, legRequestOf } from './relayedExecution.ts';

export interface RelayerRouteAnswer {
  readonly priced: PricedVenue | null;
  readonly rejection: Rejection | null;
}

const NOTHING: RelayerRouteAnswer = { priced: null, rejection: null };
const refused = (code: Rejection['code'], message: string, details: Record<string, unknown> | null = null): RelayerRouteAnswer => ({ priced: null, rejection: reject(RELAYER_VENUE, code, message, details) });

/**
 * Prices Strait's relayer route to a HyperCore account (docs/hypercore.md): the user's one
 * transaction brings USDC to the relayer on arbitrum — a plain transfer from arbitrum, else the best
 * venue's transfer to arbitrum with the relayer as recipient — and the relayer credits the account
 * from its own HyperCore balance. The row is gross, like a venue's; the activation fee of a new
 * account is taken off after Strait's cuts (settleHyperCoreRows).
 */
export async function quoteRelayerRoute(deps: EngineDeps, input: QuoteInput, timing: FanOutTiming, requestId?: string): Promise<RelayerRouteAnswer> {
  const registered = deps.venues.get(RELAYER_VENUE);
  const venue = registered?.venue;
  if (!registered || !isHyperliquidVenue(venue)) return NOTHING;
  const balance = balanceOf(input.toToken);
  if (balance === null) return NOTHING;
  // Under privacy the quote's candidate pass already listed it as privacy_venue_required.
  if (input.privacy) return NOTHING;
  if (!registered.enabled || !venue.relayer) return refused('venue_disabled', `${RELAYER_VENUE} is not enabled: ${registered.notRoutableReason ?? 'no relayer key'}`);
  if (registered.health?.breakerOpen) return refused('breaker_open', `${RELAYER_VENUE} failed repeatedly and is resting; it is probed again shortly`);
  const relayer = venue.relayer;
  const call = { signal: AbortSignal.timeout(timing.deadlineMs), purpose: 'quote' as const, ...(requestId ? { requestId } : {}) };
  const request = venueRequestOf(input);

  let gross: VenueQuote;
  let leg: { venue: string; quote: VenueQuote } | null = null;
  if (input.fromChain === 'arbitrum' && sameEvmAddress(input.fromToken.address ?? '', ARBITRUM_USDC)) {
    try {
      gross = await venue.quote(request, call);
    } catch (error) {
      return { priced: null, rejection: classify(RELAYER_VENUE, error) };
    }
  } else {
    const legRequest = legRequestOf(request, relayer.address);
    const { candidates } = candidatesFor(deps, input, legRequest);
    // The leg is a transaction the user signs and the worker follows by its hash: a venue that takes a
    // signed intent instead forwards it through its own adapter, which the relayer's transfer does not reach.
    const buildable = candidates.filter((candidate) => isExecutable(deps, candidate.id, input) && !deps.venues.get(candidate.id)?.capabilities.executionShapes.includes('intent_signature'));
    const fanOut = await fanOutQuotes(buildable, legRequest, timing, { ...(requestId ? { requestId } : {}), logger: deps.logger });
    const best = fanOut.priced.reduce<PricedVenue | null>((a, b) => (a === null || b.quote.amountOut > a.quote.amountOut ? b : a), null);
    if (!best) {
      const code = emptyReasonOf(fanOut.rejected, false) ?? 'route_not_served';
      return refused(code === 'below_min' || code === 'above_max' || code === 'no_liquidity' ? code : 'route_not_served', `no venue Strait can build carries ${input.fromToken.symbol} from ${input.fromChain} to the relayer on arbitrum`, {
        legRejections: fanOut.rejected.map((r) => ({ venue: r.venue, code: r.code })),
      });
    }
    leg = { venue: best.venue, quote: best.quote };
    const existed = await venue.accountExists(input.recipient, call).catch(() => false);
    gross = {
      amountIn: best.quote.amountIn,
      amountOut: best.quote.amountOut,
      minAmountOut: best.quote.minAmountOut,
      // The leg, then the relayer's credit in the next HyperCore block.
      estimatedSeconds: Number(best.quote.estimatedSeconds ?? 60) + 5,
      expiresAt: best.quote.expiresAt,
      context: { relayer: relayer.address, balance, accountExisted: existed, activationFeeAtomic: activationFeeFor(existed).toString() },
    };
  }

  // The relayer pays the credit and, for a new account, the activation fee: the row's whole output.
  let available: bigint;
  try {
    const [held, owed] = await Promise.all([relayer.balances(call), owedHyperCoreCredits(deps.store.db, relayer.address)]);
    // Spot credits may draw on perps too (the relayer moves its own USDC across), never the reverse.
    const spare = held.spot - owed.spot;
    available = balance === 'spot' ? held.perps + held.spot - owed.perps - owed.spot : held.perps - owed.perps + (spare < 0n ? spare : 0n);
  } catch (error) {
    return { priced: null, rejection: reject(RELAYER_VENUE, 'venue_error', `the relayer's HyperCore balance could not be read: ${(error as Error).message}`) };
  }
  if (available < gross.amountOut) {
    return refused('no_liquidity', `Strait's HyperCore relayer can cover ${atomicToDecimal(available > 0n ? available : 0n, 6)} USDC now, less than the ${atomicToDecimal(gross.amountOut, 6)} USDC this transfer needs; it is refilled from arbitrum through Bridge2`, {
      relayerAvailableAtomic: (available > 0n ? available : 0n).toString(),
      neededAtomic: gross.amountOut.toString(),
    });
  }
  const context = { ...gross.context, ...(leg ? { leg: { venue: leg.venue, quote: serializeQuote(leg.quote) } } : {}) };
  return { priced: { venue: RELAYER_VENUE, quote: { ...gross, context } }, rejection: null };
}
