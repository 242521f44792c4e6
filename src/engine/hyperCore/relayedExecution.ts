import type { ChainKey } from '../../domain/chains.ts';
import type { JsonObject } from '../../domain/steps.ts';
import { resolveToken } from '../../domain/tokens.ts';
import type { VenueAllowList } from '../../venues/allowList.ts';
import type { RegisteredVenue } from '../../venues/createVenueRegistry.ts';
import type { VenueQuote, VenueQuoteRequest } from '../../venues/Venue.ts';
import { ARBITRUM_CHAIN_ID, ARBITRUM_USDC } from '../../venues/hyperliquid/hyperCoreConstants.ts';
import { readHyperliquidContext, type HyperliquidContext } from '../../venues/hyperliquid/hyperliquidVenue.ts';
import type { EngineDeps } from '../EngineDeps.ts';
import { deserializeQuote } from '../quoteTransfer.ts';

/** Strait's relayer route to HyperCore is listed, quoted and tracked under this venue id. */
export const RELAYER_VENUE = 'hyperliquid';

/**
 * Who really executes a row's source-chain steps, and on what terms. For every venue that is the
 * venue itself. For the relayer route it is the leg's venue carrying the USDC to the relayer on
 * arbitrum (its allow-list, its quote, the relayer as recipient), or, from arbitrum, a plain USDC
 * transfer to the relayer.
 */
export interface Execution {
  readonly registered: RegisteredVenue;
  /** The request as the executing venue sees it (destination and recipient of the leg). */
  readonly request: VenueQuoteRequest;
  readonly quote: VenueQuote;
  readonly allowList: VenueAllowList;
  /** Taken off the executing venue's output for the user's figure: a new HyperCore account's activation fee. */
  readonly deduction: bigint;
  /** For the relayer route: its stored context, which the transfer keeps. */
  readonly relay: HyperliquidContext | null;
}

export function executionOf(deps: EngineDeps, venueId: string, request: VenueQuoteRequest, quote: VenueQuote): Execution | null {
  const registered = deps.venues.get(venueId);
  if (!registered) return null;
  if (venueId !== RELAYER_VENUE) return { registered, request, quote, allowList: registered.allowList, deduction: 0n, relay: null };
  const relay = readHyperliquidContext(quote.context);
  const deduction = BigInt(relay.activationFeeAtomic);
  if (!relay.leg) return { registered, request, quote, allowList: relayerAllowList(relay.relayer), deduction, relay };
  const leg = deps.venues.get(relay.leg.venue);
  if (!leg) return null;
  return { registered: leg, request: legRequestOf(request, relay.relayer), quote: deserializeQuote(relay.leg.quote as JsonObject), allowList: leg.allowList, deduction, relay };
}

/** The leg of the relayer route: the same source, to arbitrum USDC, paid to the relayer. */
export function legRequestOf(request: VenueQuoteRequest, relayer: string): VenueQuoteRequest {
  const usdc = resolveToken('arbitrum', ARBITRUM_USDC);
  if (!usdc) throw new Error('arbitrum USDC is missing from the token registry');
  return { ...request, toChain: 'arbitrum', toToken: usdc, recipient: relayer };
}

/** A direct relayer transfer may only pay arbitrum USDC to the relayer itself. */
function relayerAllowList(relayer: string): VenueAllowList {
  return { calls: [], transferRecipients: [{ chainId: ARBITRUM_CHAIN_ID, recipient: relayer as `0x${string}` }] };
}

/**
 * The same answer for a stored transfer at submit: which venue's allow-list its steps are checked
 * against, whom and where the checked calls must pay.
 */
export function executionOfTransfer(deps: EngineDeps, transfer: { venue: string; toChain: string; recipientWallet: string; venueContext: JsonObject }): { registered: RegisteredVenue; allowList: VenueAllowList; recipient: string; toChain: ChainKey } | null {
  const registered = deps.venues.get(transfer.venue);
  if (!registered) return null;
  if (transfer.venue !== RELAYER_VENUE) return { registered, allowList: registered.allowList, recipient: transfer.recipientWallet, toChain: transfer.toChain as ChainKey };
  const relay = readHyperliquidContext(transfer.venueContext);
  if (!relay.leg) return { registered, allowList: relayerAllowList(relay.relayer), recipient: relay.relayer, toChain: 'arbitrum' };
  const leg = deps.venues.get(relay.leg.venue);
  return leg ? { registered: leg, allowList: leg.allowList, recipient: relay.relayer, toChain: 'arbitrum' } : null;
}
