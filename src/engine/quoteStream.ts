import type { PricedVenue, Rejection, VenueAnswer } from './fanOutQuotes.ts';
import { isExecutable, wholeSeconds } from './quoteTransfer.ts';
import type { EngineDeps } from './EngineDeps.ts';
import type { QuoteInput } from './quoteInput.ts';

/**
 * One venue's answer as it arrives, before ranking. Its amounts are the venue's own: Strait's
 * platform fee depends on every other row (only a route that beats all the others is charged) and
 * the referral cap on the USD price, so the net amounts exist only in the final decision.
 */
export interface StreamedQuoteView {
  venue: string;
  amountInAtomic: string;
  venueAmountOutAtomic: string;
  venueMinAmountOutAtomic: string;
  estimatedSeconds: number | null;
  executable: boolean;
}

export interface StreamedRejectionView {
  venue: string;
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/** Receives a quote's progress (POST /bridge/quote with `Accept: text/event-stream`). */
export interface QuoteStreamListener {
  /** The request is valid and the venues are being asked: from here on, errors come as events. */
  opened(): void;
  quote(row: StreamedQuoteView): void;
  rejected(rejection: StreamedRejectionView): void;
}

export function streamedRejectionView(r: Rejection): StreamedRejectionView {
  return { venue: r.venue, code: r.code, message: r.message, ...(r.details ? { details: r.details } : {}) };
}

export function streamedQuoteView(deps: EngineDeps, input: Pick<QuoteInput, 'fromChain'>, priced: PricedVenue): StreamedQuoteView {
  const { quote } = priced;
  return {
    venue: priced.venue,
    amountInAtomic: quote.amountIn.toString(),
    venueAmountOutAtomic: quote.amountOut.toString(),
    venueMinAmountOutAtomic: (quote.minAmountOut < quote.amountOut ? quote.minAmountOut : quote.amountOut).toString(),
    estimatedSeconds: wholeSeconds(quote.estimatedSeconds),
    executable: isExecutable(deps, priced.venue, input),
  };
}

/** Forwards the fan-out's outcomes to a listener in its own terms. */
export function outcomeForwarder(deps: EngineDeps, input: Pick<QuoteInput, 'fromChain'>, listener: QuoteStreamListener): (outcome: VenueAnswer) => void {
  return (outcome) => ('priced' in outcome ? listener.quote(streamedQuoteView(deps, input, outcome.priced)) : listener.rejected(streamedRejectionView(outcome.rejected)));
}
