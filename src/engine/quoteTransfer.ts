import { whyNotBuildableUtxo } from '../chains/utxo/utxoNetworks.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { chainInfo, type ChainKey } from '../domain/chains.ts';
import { bestRow, fastestRow, rankRows } from '../domain/ranking.ts';
import type { JsonObject } from '../domain/steps.ts';
import { type StoredDecision, type StoredQuoteRow } from '../store/decisionRepository.ts';
import type { RoutableVenue } from '../venues/createVenueRegistry.ts';
import type { UsdPrice } from '../prices/PriceSource.ts';
import type { VenueQuote, VenueQuoteRequest } from '../venues/Venue.ts';
import { applyFees } from './applyFees.ts';
import { applyExactOutFees } from './applyExactOutFees.ts';
import { canCollectFees } from './canCollectFees.ts';
import type { EngineDeps } from './EngineDeps.ts';
import { emptyReasonOf, fanOutQuotes, reject, type FanOutOptions, type Rejection } from './fanOutQuotes.ts';
import { parseQuoteInput, type QuoteBody, type QuoteInput } from './quoteInput.ts';
import { tokenDirectoryOf } from './tokens/tokenDirectory.ts';
import { decisionView, type DecisionView } from './views.ts';
import { quoteRelayerRoute } from './hyperCore/quoteRelayerRoute.ts';
import { RELAYER_VENUE } from './hyperCore/relayedExecution.ts';
import { isHyperliquidVenue } from '../venues/hyperliquid/hyperliquidVenue.ts';
import { settleHyperCoreRows } from './hyperCore/settleHyperCoreRows.ts';
import { outcomeForwarder, streamedRejectionView, type QuoteStreamListener } from './quoteStream.ts';

/**
 * POST /bridge/quote: validates the request, drops venues that cannot take part (switched off,
 * public under privacy, missing the user's IP, corridor not served) with a typed reason, prices the
 * rest in parallel under one deadline, ranks by net output and stores the decision with every row
 * and rejection until it expires.
 */
export async function quoteTransfer(deps: EngineDeps, body: QuoteBody, requestId?: string, listener?: QuoteStreamListener): Promise<DecisionView> {
  const input = await parseQuoteInput(body, tokenDirectoryOf(deps));
  const now = deps.now();
  const request = venueRequestOf(input);
  const { candidates, rejected } = candidatesFor(deps, input, request);
  if (listener) {
    listener.opened();
    for (const r of rejected) listener.rejected(streamedRejectionView(r));
  }
  // HyperCore destinations: Strait's relayer route is priced beside the venues (engine/hyperCore/).
  const relayer = input.toChain === 'hypercore' ? quoteRelayerRoute(deps, input, { deadlineMs: venueDeadlineMs(deps.settings.quoteDeadlineMs, deps.settings.quoteMinWaitMs), minWaitMs: deps.settings.quoteMinWaitMs }, requestId) : null;
  // Prices go by symbol: a token a venue's list or the chain named could borrow another asset's (a
  // look-alike "USDC"), so it has none, and the fee caps then waive the fee (applyFees).
  const priceOf = (token: 'fromToken' | 'toToken') => (input.tokenSources[token] === 'venue_list' || input.tokenSources[token] === 'rpc' ? Promise.resolve(null) : deps.prices.usdPrice(input[token]));
  const pricesAsked = Promise.all([priceOf('fromToken'), priceOf('toToken')]);
  const executable = (venueId: string): boolean => isExecutable(deps, venueId, input);
  const collectible = (venueId: string): boolean => canCollectFees(deps.venues.get(venueId), input.fromChain);
  const fanOut = await fanOutQuotes(
    candidates,
    request,
    { deadlineMs: venueDeadlineMs(deps.settings.quoteDeadlineMs, deps.settings.quoteMinWaitMs), minWaitMs: deps.settings.quoteMinWaitMs },
    { isUseful: (priced) => executable(priced.venue), logger: deps.logger, ...(requestId ? { requestId } : {}), ...outcomeListenersOf(deps, input, listener) },
  );
  rejected.push(...fanOut.rejected);
  const relayed = relayer ? await relayer : null;
  if (relayed?.priced) fanOut.priced.push(relayed.priced);
  if (relayed?.rejection) rejected.push(relayed.rejection);
  if (listener && relayed?.priced) outcomeForwarder(deps, input, listener)({ priced: relayed.priced });
  if (listener && relayed?.rejection) listener.rejected(streamedRejectionView(relayed.rejection));
  const [fromPrice, toPrice] = await pricesAsked;
  const fees = (input.exactOut === null ? applyFees : applyExactOutFees)(fanOut.priced, {
    amountIn: input.amountIn,
    fromToken: input.fromToken,
    fromPrice,
    feeWallet: deps.settings.feeWallets[input.fromChain] ?? null,
    collectible,
    referral: input.referral,
    schedule: deps.settings.feeSchedule,
  });
  const netRows = input.toChain === 'hypercore' ? await settleHyperCoreRows(deps, input, fees.rows, rejected, requestId) : fees.rows;
  const decidedAt = deps.now();
  const ttlEnd = decidedAt + deps.settings.quoteTtlMs;
  // One draw for the whole decision's row ids: a draw per row was 1.5–2.5 % of a quote's CPU.
  const idBytes = randomBytes(6 * netRows.length).toString('hex');
  const rows = rankRows(
    netRows.map((p, i) => {
      const canBuild = executable(p.venue);
      return {
        venue: p.venue,
        quoteId: `${p.venue}_${idBytes.slice(12 * i, 12 * i + 12)}`,
        amountIn: p.amountIn,
        amountOut: p.amountOut,
        minAmountOut: p.minAmountOut,
        estimatedSeconds: wholeSeconds(p.quote.estimatedSeconds),
        feeBps: p.feeBps,
        feeAmount: p.feeAmount,
        tierSavedBps: p.tierSavedBps,
        executable: canBuild,
        // `quote_only`: a price Strait shows but cannot build steps for yet (docs/quotes.md).
        eligibility: canBuild ? 'ok' : 'quote_only',
        expiresAt: Math.min(p.quote.expiresAt ?? ttlEnd, ttlEnd),
        venueQuote: serializeQuote(p.quote),
      };
    }),
  );
  const best = bestRow(rows);
  if (best && deps.settings.feeWallets[input.fromChain] && !collectible(best.venue)) {
    fees.notes.push(`${best.venue} cannot carry Strait's cuts from ${input.fromChain} in the user's own signature, so this route is quoted and built without them.`);
  }
  // `rank` first: a property added after a spread takes V8's slow path (≈ 0.8 µs each, 36 rows).
  const quotes: StoredQuoteRow[] = rows.map((row, rank) => ({ rank, ...row }));
  const platform: JsonObject | null =
    best && best.feeAmount > 0n ? { bps: best.feeBps, amountAtomic: best.feeAmount.toString(), asset: assetOf(input), tierSavedBps: best.tierSavedBps } : null;
  // The referral share is the best row's: a row whose venue cannot carry it is quoted without it.
  const referral: JsonObject | null = fees.referral && best && collectible(best.venue) ? { bps: fees.referral.bps, amountAtomic: fees.referral.amount.toString(), asset: assetOf(input), wallet: fees.referral.wallet } : null;
  const decision: StoredDecision = {
    id: randomUUID(),
    request: requestRecordOf(input),
    privacy: input.privacy,
    userIp: input.userIp,
    fees: { platform, referral },
    pricing: { fromToken: priceRecord(fromPrice), toToken: priceRecord(toPrice), notes: fees.notes },
    bestQuoteId: best?.quoteId ?? null,
    emptyReason: emptyReasonFor(rows, rejected, input.privacy, deps),
    createdAt: now,
    expiresAt: best ? best.expiresAt : ttlEnd,
    quotes,
    rejections: rejected.sort((a, b) => (a.venue < b.venue ? -1 : 1)),
  };
  await deps.store.writeDecision(decision);
  return decisionView(decision, fastestRow(rows)?.quoteId ?? null);
}

/** Who hears each venue's outcome as it settles: the quote stream's listener and the per-venue metrics. */
function outcomeListenersOf(deps: EngineDeps, input: QuoteInput, listener: QuoteStreamListener | undefined): Pick<FanOutOptions, 'onOutcome'> {
  const forward = listener ? outcomeForwarder(deps, input, listener) : null;
  const observer = deps.observer;
  if (!forward && !observer) return {};
  return {
    onOutcome: (outcome) => {
      forward?.(outcome);
      const venue = 'priced' in outcome ? outcome.priced.venue : outcome.rejected.venue;
      observer?.venueQuoted({ venue, outcome: 'priced' in outcome ? 'priced' : outcome.leftOut ? 'left_out' : 'refused', seconds: outcome.seconds });
    },
  };
}

/**
 * The venues that take part in a quote of this corridor, and a typed reason for each that does not:
 * switched off, public under privacy, missing the user's IP, corridor not served, breaker open.
 * Strait's relayer (`hyperliquid`) is priced by its own route, never as a plain candidate.
 */
export function candidatesFor(deps: EngineDeps, input: Pick<QuoteInput, 'privacy' | 'userIp' | 'tradeType'>, request: VenueQuoteRequest): { candidates: RoutableVenue[]; rejected: Rejection[] } {
  const rejected: Rejection[] = [];
  const candidates: RoutableVenue[] = [];
  for (const registered of deps.venues.all) {
    const { venue, capabilities, health } = registered;
    if (venue === null || health === null) continue; // not implemented: listed by GET /bridge/venues, never a candidate
    if (input.privacy && capabilities.privacyModel === 'none') {
      rejected.push(reject(registered.id, 'privacy_venue_required', `${registered.id} publishes the on-chain link between sender and recipient; privacy mode leaves it out`));
      continue;
    }
    if (registered.id === RELAYER_VENUE && isHyperliquidVenue(venue)) {
      // Priced by its own route when the destination is HyperCore (quoteRelayerRoute), else it serves nothing.
      if (request.toChain !== 'hypercore') rejected.push(reject(registered.id, 'route_not_served', `${registered.id} credits HyperCore accounts only`));
      continue;
    }
    if (!registered.enabled) {
      rejected.push(reject(registered.id, 'venue_disabled', `${registered.id} is not enabled: ${registered.notRoutableReason ?? 'switched off'}`));
      continue;
    }
    const coverage = venue.supports(request);
    if (!coverage.served) {
      rejected.push(reject(registered.id, coverage.code, coverage.message));
      continue;
    }
    if (!capabilities.tradeTypes.includes(input.tradeType)) {
      rejected.push(reject(registered.id, 'trade_type_not_supported', `${registered.id} cannot price ${input.tradeType}`, { tradeTypes: [...capabilities.tradeTypes] }));
      continue;
    }
    if (capabilities.requiresUserIp && input.userIp === null) {
      rejected.push(reject(registered.id, 'invalid_input', `${registered.id} is geo-gated and needs the end user's IP: pass userIp`));
      continue;
    }
    if (health.breakerOpen) {
      rejected.push(reject(registered.id, 'breaker_open', `${registered.id} failed repeatedly and is resting; it is probed again shortly`));
      continue;
    }
    // Only narrows the two fields the spread brought (V8 overwrites them on its fast path).
    // eslint-disable-next-line no-restricted-syntax
    candidates.push({ ...registered, venue, health });
  }
  return { candidates, rejected };
}

/**
 * The quote deadline bounds the whole answer, so venues get it less a budget for ranking, storing
 * and answering (a tenth of the deadline, at most 80 ms): under load that work queues on the event
 * loop behind other quotes finishing at the same moment.
 */
export function venueDeadlineMs(quoteDeadlineMs: number, minWaitMs: number): number {
  return Math.max(minWaitMs, quoteDeadlineMs - Math.min(80, Math.floor(quoteDeadlineMs / 10)));
}

/** The spec's `estimatedSeconds` is an integer: a venue's fractional ETA is rounded up, a nonsensical one dropped. */
export function wholeSeconds(seconds: number | null): number | null {
  return seconds === null || !Number.isFinite(seconds) || seconds < 0 ? null : Math.ceil(seconds);
}

/** Why a decision has no row a wallet can sign, or `null` when it has one. */
function emptyReasonFor(rows: readonly { venue: string; executable: boolean }[], rejected: readonly Rejection[], privacy: boolean, deps: EngineDeps): string | null {
  if (privacy && !rows.some((row) => row.executable) && !privateVenueServes(rejected, deps)) return 'no_private_route';
  return rows.length > 0 ? null : emptyReasonOf(rejected, privacy);
}

/**
 * Spec §1 privacy rule 2: under privacy, a private venue that is switched off, lacks its credentials,
 * or does not carry the corridor or its tokens serves nothing, so when every private venue is one of
 * those (or priced only a row Strait cannot build) there is no private route. A private venue that
 * serves the corridor but refused this amount, failed or timed out keeps its own, more useful reason.
 */
function privateVenueServes(rejected: readonly Rejection[], deps: EngineDeps): boolean {
  const servesNot = new Set(['venue_disabled', 'route_not_served', 'token_not_supported', 'privacy_venue_required']);
  return rejected.some((r) => deps.venues.get(r.venue)?.capabilities.privacyModel !== 'none' && !servesNot.has(r.code));
}

function assetOf(input: QuoteInput): string {
  return input.fromToken.address ?? 'native';
}

function priceRecord(price: UsdPrice | null): JsonObject | null {
  return price ? { usd: price.usd, source: price.source, asOf: price.asOf } : null;
}

/** Whether Strait can build steps a wallet signs for this venue from this source chain. */
export function isExecutable(deps: EngineDeps, venueId: string, input: Pick<QuoteInput, 'fromChain'>): boolean {
  const registered = deps.venues.get(venueId);
  const shapes = registered?.capabilities.executionShapes ?? [];
  // A signature venue is executable from an EVM source once its adapter can hand the signature on.
  const forwards = registered?.venue?.submitSignature !== undefined || registered?.venue?.submitMessageSignatures !== undefined;
  const signs = shapes.includes('intent_signature') && forwards && chainInfo(input.fromChain).vm === 'evm';
  return signs || buildableFrom(shapes, input.fromChain);
}

/** Whether steps of these shapes can be built and verified from `fromChain`. */
export function buildableFrom(shapes: readonly string[], fromChain: ChainKey): boolean {
  // Steps are built and verified for EVM, Solana, Tron and (utxoNetworks.ts) Bitcoin-family sources; a deposit address works from any chain.
  const vm = chainInfo(fromChain).vm;
  return (
    (shapes.includes('evm_calldata') && vm === 'evm') ||
    (shapes.includes('svm_serialized') && vm === 'svm') ||
    (shapes.includes('tron_tx') && vm === 'tron') ||
    (shapes.includes('utxo_memo') && vm === 'utxo' && whyNotBuildableUtxo(fromChain) === null) ||
    shapes.includes('deposit_address')
  );
}

export function venueRequestOf(input: QuoteInput): VenueQuoteRequest {
  return {
    fromChain: input.fromChain,
    toChain: input.toChain,
    fromToken: input.fromToken,
    toToken: input.toToken,
    amountIn: input.amountIn,
    ...(input.exactOut !== null ? { exactOut: input.exactOut } : {}),
    sender: input.sender,
    recipient: input.recipient,
    userIp: input.userIp,
    integratorFee: null,
  };
}

function requestRecordOf(input: QuoteInput): JsonObject {
  return {
    fromChain: input.fromChain,
    toChain: input.toChain,
    fromToken: { ...input.fromToken },
    toToken: { ...input.toToken },
    amountIn: input.amountIn.toString(),
    tradeType: input.tradeType,
    exactOut: input.exactOut === null ? null : input.exactOut.toString(),
    sender: input.sender,
    recipient: input.recipient,
    referral: input.referral ? { ...input.referral } : null,
    privacy: input.privacy,
    userIp: input.userIp,
  };
}

export function serializeQuote(quote: VenueQuote): JsonObject {
  return {
    amountIn: quote.amountIn.toString(),
    amountOut: quote.amountOut.toString(),
    minAmountOut: quote.minAmountOut.toString(),
    estimatedSeconds: quote.estimatedSeconds,
    expiresAt: quote.expiresAt,
    context: quote.context,
    ...(quote.claim ? { claim: { chain: quote.claim.chain, actions: [...quote.claim.actions], signer: quote.claim.signer } } : {}),
  };
}

export function deserializeQuote(stored: JsonObject): VenueQuote {
  return {
    amountIn: BigInt(stored.amountIn as string),
    amountOut: BigInt(stored.amountOut as string),
    minAmountOut: BigInt(stored.minAmountOut as string),
    estimatedSeconds: (stored.estimatedSeconds as number | null) ?? null,
    expiresAt: (stored.expiresAt as number | null) ?? null,
    context: (stored.context as JsonObject) ?? {},
  };
}

/** Rebuilds the venue request from a stored decision (build and status need it). */
export function requestFromRecord(record: JsonObject): VenueQuoteRequest {
  const r = record as unknown as { fromChain: VenueQuoteRequest['fromChain']; toChain: VenueQuoteRequest['toChain']; fromToken: VenueQuoteRequest['fromToken']; toToken: VenueQuoteRequest['toToken']; amountIn: string; exactOut?: string | null; sender: string; recipient: string; userIp: string | null };
  // Decisions stored before trade types have no `exactOut`: exact input.
  const exactOut = typeof r.exactOut === 'string' ? { exactOut: BigInt(r.exactOut) } : {};
  return { fromChain: r.fromChain, toChain: r.toChain, fromToken: r.fromToken, toToken: r.toToken, amountIn: BigInt(r.amountIn), ...exactOut, sender: r.sender, recipient: r.recipient, userIp: r.userIp, integratorFee: null };
}

