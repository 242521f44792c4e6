import { randomUUID } from 'node:crypto';
import { encodeFunctionData, erc20Abi, getAddress, isAddress } from 'viem';
import { chainInfo, type ChainKey } from '../domain/chains.ts';
import { AppError } from '../domain/errors.ts';
import { savingsOf } from '../domain/ranking.ts';
import type { DepositInstruction, EvmStep, JsonObject, Step, SvmStep, TronStep, TypedDataPayload } from '../domain/steps.ts';
import { nativeToken, type TokenInfo } from '../domain/tokens.ts';
import { decodeSvmTransaction } from '../chains/svm/decodeSvmTransaction.ts';
import { SPL_TOKEN_PROGRAM, mergeFeeInstructions } from '../chains/svm/mergeFeeInstructions.ts';
import { UNREAD_LOOKUP_TABLE } from '../chains/svm/addressLookupTables.ts';
import { withLookupTables } from './svmLookupTables.ts';
import { findDecision, type StoredDecision, type StoredQuoteRow } from '../store/decisionRepository.ts';
import { initialClaim } from './claims/claimObject.ts';
import { findTransferByDecision, insertTransfer, type FeeRowRecord, type StoredStep, type TransferRecord } from '../store/transferRepository.ts';
import { usdValueOf, type UsdPrice } from '../prices/PriceSource.ts';
import type { RegisteredVenue } from '../venues/createVenueRegistry.ts';
import { VenueRejection, type VenueBuildPlan, type VenueQuoteRequest } from '../venues/Venue.ts';
import { countedAsFault } from '../venues/venueHttpClient.ts';
import { canCollectFees } from './canCollectFees.ts';
import { cutsOf, feeStep, type Cut } from './feeSteps.ts';
import { needsZeroReset } from './needsZeroReset.ts';
import { sanitizeVenueMessage } from './sanitizeVenueMessage.ts';
import { refuseAboveBalance } from './refuseAboveBalance.ts';
import { whyNotAllowed, whyNotAllowedSvm, type StepRules } from './vetSteps.ts';
import { whyNotAllowedEip712 } from './vetEip712Step.ts';
import { whyNotAllowedMessage } from './vetMessageStep.ts';
import type { EngineDeps } from './EngineDeps.ts';
import { deserializeQuote, requestFromRecord } from './quoteTransfer.ts';
import { UNBOUNDED_INPUT } from './quoteInput.ts';
import { executionOf } from './hyperCore/relayedExecution.ts';
import { refuseSharedLeg } from './hyperCore/refuseSharedLeg.ts';
import { tagCalldata, tagOwnMain } from './tagCalldata.ts';
import { vetWebhookUrl } from './webhooks/webhookTargets.ts';
import { stampTronSteps, tronApprovalSteps, tronStepView, whyNotAllowedTron, type TronStepView } from './tronSteps.ts';
import { composeUtxoSteps, utxoStepView, whyNotAllowedUtxo, type UtxoStepView } from './utxoSteps.ts';

export interface BuildBody {
  readonly decisionId: string;
  readonly quoteId?: string | undefined;
  readonly privacy?: boolean | undefined;
  /** Whether the wallet signs EIP-5792 bundles; `false` offers the fee steps as separate transactions. */
  readonly walletBatching?: boolean | undefined;
  /** Where every change of the transfer is POSTed, signed (docs/events.md#webhooks). */
  readonly webhookUrl?: string | undefined;
}

/** JSON of a step as spec §2 shows it. */
export type StepView =
  | { vm: 'evm'; step: string; chainId: number; to: string; data: string; value: string }
  | { vm: 'svm'; step: string; serializedTx: string; encoding: string; refreshBlockhash: boolean }
  | { vm: 'eip712'; step: string; chainId: number; typedData: TypedDataPayload }
  | { vm: 'message'; step: string; chainId: number; method: 'personal_sign'; messages: readonly string[] }
  | TronStepView
  | UtxoStepView;

export interface BuildView {
  transferId: string;
  venue: string;
  steps?: StepView[];
  deposit?: { address: string; amountAtomic: string; deadlineMs: number; memo: string | null; token: string | null; chain: string };
  expiresAt: number;
  amountInAtomic: string;
  expectedOutAtomic: string;
  minOutAtomic: string;
  feeCapture: string;
  referralCapture: string | null;
  feeBasis: string;
  feeBatch: { chainId: number; stepIndexes: number[] } | null;
  permit: null;
  relayFeePermit: null;
  spotTransfer: null;
  requoted: boolean;
  /** Native units the main step carries beyond the amount: the venue's own fee in the source chain's native asset. */
  nativeFeeAtomic: string;
}

/**
 * POST /bridge/build: turns a decision's row into the steps a wallet signs and creates the transfer
 * in PENDING_SIGNATURE. Idempotent per decision: a repeat (even a concurrent one) answers the steps
 * and transferId of the first build.
 */
export async function buildTransfer(deps: EngineDeps, body: BuildBody, requestId?: string): Promise<BuildView> {
  const seen: BuildSeen = { venue: null, refusalsBefore: 0 };
  try {
    return await buildOnce(deps, body, requestId, seen);
  } catch (error) {
    // Every unsafe answer marks its venue degraded (and counts as its fault), wherever it was refused.
    const health = seen.venue?.health;
    // Not one that only Strait's own configuration made unverifiable (no Solana RPC to read lookup tables).
    const venueAtFault = (error as AppError).details?.venueAtFault !== false;
    if (error instanceof AppError && error.code === 'unsafe_venue_answer' && venueAtFault && health && health.refusals === seen.refusalsBefore) health.recordRefusal(error.message);
    throw error;
  }
}

/** The venue a build reached, and its count of refused answers then. */
interface BuildSeen {
  venue: RegisteredVenue | null;
  refusalsBefore: number;
}

async function buildOnce(deps: EngineDeps, body: BuildBody, requestId: string | undefined, seen: BuildSeen): Promise<BuildView> {
  await deps.store.decisionWritten(body.decisionId);
  const existing = await findTransferByDecision(deps.store.db, body.decisionId);
  if (existing) return firstBuild(existing, body);
  const decision = await findDecision(deps.store.db, body.decisionId);
  if (!decision) throw new AppError('decision_not_found', `no quote decision ${body.decisionId}`);
  const webhookUrl = body.webhookUrl === undefined ? null : await vetWebhookTarget(deps, body.webhookUrl);
  const row = chooseRow(deps, decision, body);
  const now = deps.now();
  if (now > row.expiresAt) throw new AppError('quote_expired', `the quote expired at ${new Date(row.expiresAt).toISOString()}; request a new quote`, { details: { expiresAt: row.expiresAt } });

  const listed = deps.venues.get(row.venue);
  if (!listed?.venue || !listed.enabled) throw new AppError('no_executable_quote', `${row.venue} is not available for building now`);
  // The user's transfer; the venue that executes its source steps may see another destination
  // (the relayer route's leg to arbitrum: engine/hyperCore/relayedExecution.ts).
  const transferRequest = requestFromRecord(decision.request);
  const execution = executionOf(deps, row.venue, transferRequest, deserializeQuote(row.venueQuote));
  const registered = execution?.registered;
  if (!execution || !registered?.venue || !registered.enabled) throw new AppError('no_executable_quote', `${row.venue} is not available for building now`);
  Object.assign(seen, { venue: registered, refusalsBefore: registered.health?.refusals ?? 0 });
  const venue = registered.venue;
  const request = execution.request;
  const quote = execution.quote;
  // Exact output (docs/quotes.md): the recipient's amount is fixed and the venue decides the input.
  const exactOut = request.exactOut;
  await refuseAboveBalance(deps, exactOut === undefined ? request : { ...request, amountIn: row.amountIn });
  const call = { signal: AbortSignal.timeout(Math.max(deps.settings.quoteDeadlineMs * 5, 5_000)), purpose: 'build' as const, ...(requestId ? { requestId } : {}) };
  // Spec §1 rules 3–4: the referral share is charged on every referred transfer, as a `fee` step beside
  // the bridge call (in the EIP-5792 bundle, or its own transaction for a wallet that cannot bundle).
  const cuts = cutsOf(decision, row, deps.settings.feeWallets[request.fromChain] ?? null, canCollectFees(registered, request.fromChain));
  // A venue with an integrator-fee parameter takes the platform fee itself; the rest are fee steps.
  const platform = cuts.find((cut) => cut.kind === 'platform');
  // (On an exact output the cuts are added to the input, which venues' fee parameters do not express.)
  const viaVenue = exactOut === undefined && registered.takesIntegratorFee && platform !== undefined ? platform : null;
  const stepCuts = cuts.filter((cut) => cut !== viaVenue);
  const carved = stepCuts.reduce((sum, cut) => sum + cut.amount, 0n);

  // Strait's cuts come out of the amount sent, so the venue is asked afresh for what remains.
  const venueAmount = request.amountIn - carved;
  const venueRequest: VenueQuoteRequest =
    exactOut !== undefined
      ? { ...request, amountIn: exactOutInputBound(quote.amountIn), integratorFee: null }
      : carved > 0n || viaVenue
        ? { ...request, amountIn: venueAmount, integratorFee: viaVenue ? { bps: Number((viaVenue.amount * 10_000n) / venueAmount), amount: viaVenue.amount, recipient: viaVenue.wallet } : null }
        : request;
  const requote = venueRequest !== request;
  // Known before the steps are built: Strait's own approve, fee and main calldata carry it (tagCalldata.ts).
  const transferId = randomUUID();
  let plan: VenueBuildPlan;
  let builtFrom = quote;
  try {
    if (requote) builtFrom = await venue.quote(venueRequest, call);
    if (exactOut !== undefined && builtFrom.amountIn > venueRequest.amountIn) {
      throw new VenueRejection('no_liquidity', `${row.venue} now asks ${builtFrom.amountIn} for the exact output, more than the quoted ${quote.amountIn} allows`);
    }
    plan = tagOwnMain(await venue.build({ request: venueRequest, quote: builtFrom }, call), transferId);
  } catch (error) {
    if (error instanceof VenueRejection && (error.code === 'below_min' || error.code === 'above_max' || error.code === 'no_liquidity')) {
      throw new AppError('quote_drifted', `${row.venue} no longer offers this quote: ${sanitizeVenueMessage(error.message)}`, { details: { venue: row.venue, code: error.code } });
    }
    // Callers see the venue's text sanitised; the raw text is logged with the request id.
    deps.logger.warn({ venue: row.venue, requestId, venueMessage: (error as Error)?.message ?? String(error) }, 'venue build failed');
    if (isUnsafeAnswer(error)) {
      registered.health?.recordRefusal(error.message);
      throw new AppError('unsafe_venue_answer', `${row.venue} answered the build with something Strait refuses: ${sanitizeVenueMessage(error.message)}; nothing was built`, { cause: error, details: { venue: row.venue } });
    }
    if (error instanceof VenueRejection && error.code === 'venue_rate_limited') {
      const wait = Number(error.details?.retryAfterMs);
      throw new AppError('venue_unavailable', `${row.venue} asked Strait to wait for its rate limit; retry the build later`, { cause: error, retryAfterMs: Number.isFinite(wait) && wait > 0 ? wait : 2_000 });
    }
    throw new AppError('venue_unavailable', `${row.venue} could not build the transfer: ${sanitizeVenueMessage((error as Error)?.message ?? String(error))}`, { cause: error, retryAfterMs: 2_000 });
  }
  // A carved re-quote may differ from the quote's proportional estimate by a venue's fixed fee
  // times the cut's share, far below a basis point; more than that is a real price move.
  const floor = requote ? (row.minAmountOut * (10_000n - CARVE_TOLERANCE_BPS)) / 10_000n : row.minAmountOut;
  const offered = plan.amountOut - execution.deduction;
  // What the venue's steps take: an exact-output plan says it, within the bound it was given.
  const venueTake = exactOut === undefined ? venueRequest.amountIn : exactOutTake(plan, venueRequest.amountIn, exactOut, row.venue, registered);
  if (offered < floor) {
    throw new AppError('quote_drifted', `${row.venue} now offers ${offered}, below the quoted minimum ${row.minAmountOut}; request a new quote`, {
      details: { venue: row.venue, quotedMinOutAtomic: row.minAmountOut.toString(), offeredOutAtomic: offered.toString() },
    });
  }

  const chainId = chainInfo(request.fromChain).chainId;
  // On an EVM source each cut is a `fee` step; on Solana the cuts ride inside the venue's transaction.
  const merged = chainInfo(request.fromChain).vm === 'svm' && stepCuts.length > 0;
  const fees = chainId === null ? [] : stepCuts.map((cut) => feeStep(cut, request.fromToken, chainId, transferId));
  const svmRpc = chainInfo(request.fromChain).vm === 'svm' ? deps.svmRpc(request.fromChain) : null;
  plan = await withLookupTables(svmRpc, plan);
  const planned = merged ? mergeCuts(plan, stepCuts, request.fromToken) : mainSteps(plan);
  // A deposit build hands out `deposit` and only the fee steps (spec §2: `deposit` comes instead of
  // steps). The funding transfer Strait expects stays internal, kept to verify the `main` submission:
  // handing it out beside `deposit` invites a wallet to fund the address twice.
  // A Bitcoin-family step gets its PSBT from the sender's outputs here (utxoSteps.ts).
  const main = plan.shape === 'deposit' ? [] : await composeUtxoSteps(deps, planned, request.sender);
  const funding = plan.shape === 'deposit' ? planned : [];
  refuseOversizedApproval(registered, plan, venueTake, row.venue);
  const nativeFee = await boundedNativeFee(deps, registered, plan, request.fromChain, row.venue);
  // Tron steps take a fresh reference block and the build's deadline as their expiration.
  const steps = await stampTronSteps(deps.tronRpc?.(request.fromChain) ?? null, [...(await approvalSteps(deps, request.fromChain, request.sender, plan, transferId)), ...fees, ...main], now, now + deps.settings.buildTtlMs);
  vetOrRefuse(registered, [...steps, ...funding], request.sender, {
    venue: row.venue,
    allowList: execution.allowList,
    chainId: chainId ?? -1,
    sourceToken: request.fromToken,
    amountIn: exactOut === undefined ? request.amountIn : venueTake + carved,
    depositAddress: plan.shape === 'deposit' ? plan.deposit.address : null,
    feeRecipients: stepCuts.map((cut) => cut.wallet),
    nativeFee,
    intent: { sourceChainId: chainId ?? -1, sourceToken: request.fromToken.address, amount: venueTake, recipient: request.recipient, destinationChainId: chainInfo(request.toChain).chainId,
      nativeFee,
      venueFee: viaVenue ? { recipient: viaVenue.wallet, amount: viaVenue.amount } : null,
    },
    sender: request.sender,
  });
  // Exact input: what the row said. Exact output: the venue's input at build plus the cuts added to it.
  const paid = exactOut === undefined ? row.amountIn : venueTake + cuts.reduce((sum, cut) => sum + cut.amount, 0n);
  const buildExpiresAt = Math.min(now + deps.settings.buildTtlMs, plan.shape === 'deposit' ? plan.deposit.deadlineMs : Number.POSITIVE_INFINITY);
  const referralNamed = decision.fees.referral !== null && decision.fees.referral !== undefined;
  // Fee steps beside a deposit are transactions of their own: the funding is not a step to bundle them with.
  const batchable = body.walletBatching !== false && plan.shape === 'steps' && steps.length > 0 && steps.every((s) => s.vm === 'evm');
  const view: BuildView = {
    transferId,
    venue: row.venue,
    ...(plan.shape === 'steps'
      ? { steps: steps.map(stepView) }
      : {
          // Fee steps are signed beside the deposit; the funding itself is never a step.
          ...(fees.length > 0 ? { steps: steps.map(stepView) } : {}),
          deposit: {
            address: plan.deposit.address,
            amountAtomic: plan.deposit.amount.toString(),
            deadlineMs: plan.deposit.deadlineMs,
            memo: plan.deposit.memo,
            token: plan.deposit.token,
            chain: plan.deposit.chain,
          },
        }),
    expiresAt: buildExpiresAt,
    amountInAtomic: paid.toString(),
    expectedOutAtomic: row.amountOut.toString(),
    minOutAtomic: minOutOf(requote ? plan.minAmountOut - execution.deduction : plan.minAmountOut - execution.deduction > row.minAmountOut ? plan.minAmountOut - execution.deduction : row.minAmountOut, row.amountOut).toString(),
    feeCapture: viaVenue ? 'venue-param' : merged ? 'merged' : fees.length === 0 ? 'none' : batchable ? 'batch' : 'separate-step',
    referralCapture: referralNamed ? (stepCuts.some((c) => c.kind === 'referral') ? (merged ? 'merged' : batchable ? 'batch' : 'separate-step') : 'none') : null,
    feeBasis: exactOut === undefined ? 'carved' : 'added',
    feeBatch: fees.length > 0 && batchable && chainId !== null ? { chainId, stepIndexes: steps.map((_, index) => index) } : null,
    permit: null,
    relayFeePermit: null,
    spotTransfer: null,
    requoted: requote && exactOut === undefined ? true : plan.amountOut !== quote.amountOut || venueTake !== quote.amountIn,
    nativeFeeAtomic: nativeFee.toString(),
  };
  const savings = savingsOf(row, decision.quotes);
  let feeIndex = 0;
  const stored: StoredStep[] = [...steps, ...funding].map((s, index) => ({
    index,
    kind: s.step,
    vm: s.vm,
    chain: request.fromChain,
    // A fee step remembers which cut it pays, so its submission moves that fee row.
    // A Solana step keeps the lookup-table entries its checks resolved, for the same checks at submit.
    payload: { ...(stepView(s) as unknown as JsonObject), ...(s.step === 'fee' ? { feeKind: stepCuts[feeIndex++]?.kind ?? null } : {}), ...(s.vm === 'svm' && s.lookupTables ? { lookupTables: s.lookupTables as unknown as JsonObject } : {}) },
  }));
  // Every deposit build records what must reach the address, so a `main` submission can be taken by
  // hash on any chain (acceptDepositFunding.ts); on EVM the expected funding transfer above does that.
  if (plan.shape === 'deposit' && funding.length === 0) stored.push(depositFundingRecord(stored.length, request.fromChain, plan.deposit));
  // A leg the venue's API wrote is not tagged: it must not be the same bytes as another transfer's.
  if (execution.relay?.leg && !(plan.shape === 'steps' && plan.tagMain === true)) await refuseSharedLeg(deps.store.db, request.sender, execution.relay.leg.venue, stored);
  const feeRows: FeeRowRecord[] = cuts.map((cut) => ({
    kind: cut.kind,
    status: 'offered',
    bps: cut.bps,
    amount: cut.amount,
    asset: request.fromToken.address ?? 'native',
    chain: request.fromChain,
    wallet: cut.wallet,
    tierSavedBps: cut.tierSavedBps,
    txHash: null,
  }));
  try {
    await deps.store.db.transaction().execute((tx) =>
      insertTransfer(
        tx,
        {
          id: transferId,
          decisionId: decision.id,
          quoteId: row.quoteId,
          venue: row.venue,
          status: 'PENDING_SIGNATURE',
          statusDetail: 'waiting for the wallet to sign and submit the steps',
          fromChain: request.fromChain,
          toChain: transferRequest.toChain,
          fromAsset: request.fromToken.address ?? 'native',
          toAsset: transferRequest.toToken.address ?? 'native',
          amountIn: paid,
          expectedOut: row.amountOut,
          minOut: BigInt(view.minOutAtomic),
          receivedAmount: null,
          receivedAsset: null,
          sourceTxHash: null,
          destinationTxHash: null,
          feeTxHash: null,
          sourceTxVerification: null,
          // A venue whose transfer needs a destination-chain claim says so at build (claims/claimObject.ts).
          claim: plan.shape === 'steps' && plan.claim ? initialClaim(plan.claim) : null,
          postStep: null,
          finalDestination: null,
          requesterWallet: request.sender,
          recipientWallet: transferRequest.recipient,
          ...savings,
          ...usdValuesOf(decision, row, transferRequest),
          privacy: decision.privacy,
          privacyModel: listed.capabilities.privacyModel,
          build: view as unknown as JsonObject,
          // The relayer route keeps its own context, and the leg's for the leg's status.
          venueContext: execution.relay ? ({ ...execution.relay, ...(execution.relay.leg ? { legContext: { ...builtFrom.context, ...plan.context } } : {}) } as JsonObject) : { ...builtFrom.context, ...plan.context },
          buildExpiresAt,
          createdAt: now,
          submittedAt: null,
          updatedAt: now,
          completedAt: null,
          // The worker looks again once the build has expired, to abandon it if still unsigned.
          nextPollAt: buildExpiresAt + deps.settings.abandonGraceMs,
          giveUpAt: null,
          etaSeconds: row.estimatedSeconds,
          webhookUrl,
        },
        stored,
        feeRows,
      ),
    );
  } catch (error) {
    // A concurrent build of the same decision won the unique constraint: answer its build.
    const winner = await findTransferByDecision(deps.store.db, body.decisionId);
    if (winner) return firstBuild(winner, body);
    throw error;
  }
  return view;
}

/** A `webhookUrl` is taken only when the operator signs webhooks, and only to a target the policy allows. */
async function vetWebhookTarget(deps: EngineDeps, raw: string): Promise<string> {
  const webhooks = deps.settings.webhooks;
  if (!webhooks?.signing) throw new AppError('webhooks_not_configured', 'this service has no webhook signing secret (STRAIT_WEBHOOK_SECRET); follow GET /bridge/transfers/{id}/events instead');
  return vetWebhookUrl(raw, webhooks, deps.resolveHost);
}

/**
 * The transfer's size and what choosing this row saved, in USD at the prices the decision used:
 * the amount sent, and the output gained over the mean of the other rows (the `avgSavedBps` basis).
 * `null` without a price or without other rows; two decimals, as strings, like the store keeps them.
 */
function usdValuesOf(decision: StoredDecision, row: StoredQuoteRow, request: VenueQuoteRequest): { usdValueBridged: string | null; usdValueSaved: string | null } {
  const priceOf = (key: string): UsdPrice | null => {
    const record = decision.pricing[key] as { usd?: unknown; source?: unknown; asOf?: unknown } | null | undefined;
    return record && typeof record.usd === 'number' ? { usd: record.usd, source: String(record.source), asOf: Number(record.asOf) } : null;
  };
  const bridged = usdValueOf(row.amountIn, request.fromToken, priceOf('fromToken'));
  const others = decision.quotes.filter((q) => q.quoteId !== row.quoteId);
  const mean = others.length === 0 ? null : others.reduce((sum, q) => sum + q.amountOut, 0n) / BigInt(others.length);
  const saved = mean === null ? null : usdValueOf(row.amountOut > mean ? row.amountOut - mean : 0n, request.toToken, priceOf('toToken'));
  return { usdValueBridged: bridged === null ? null : bridged.toFixed(2), usdValueSaved: saved === null ? null : saved.toFixed(2) };
}

function chooseRow(deps: EngineDeps, decision: StoredDecision, body: BuildBody): StoredQuoteRow {
  const row = body.quoteId ? decision.quotes.find((q) => q.quoteId === body.quoteId) : decision.quotes.find((q) => q.quoteId === decision.bestQuoteId);
  if (!row) {
    if (body.quoteId) throw new AppError('quote_not_found', `decision ${decision.id} has no row ${body.quoteId}`);
    throw new AppError('no_executable_quote', `decision ${decision.id} has no row a wallet can sign${decision.emptyReason ? ` (${decision.emptyReason})` : ''}`);
  }
  if (!row.executable) throw new AppError('no_executable_quote', `row ${row.quoteId} (${row.venue}) cannot be built into steps a wallet signs`);
  const privacyModel = deps.venues.get(row.venue)?.capabilities.privacyModel ?? 'none';
  if ((decision.privacy || body.privacy === true) && privacyModel === 'none') {
    throw new AppError('privacy_venue_required', `${row.venue} is a public venue and the transfer asked for privacy`, { details: { venue: row.venue, privacyModel } });
  }
  return row;
}

const CARVE_TOLERANCE_BPS = 1n;

/**
 * How far an exact-output build may let the venue's input rise over the quoted one (a gas-based fee
 * moving between quote and build); beyond it the quote has drifted. The build states what it takes.
 */
const EXACT_OUT_DRIFT_BPS = 50n;

function exactOutInputBound(quotedIn: bigint): bigint {
  const bound = quotedIn + (quotedIn * EXACT_OUT_DRIFT_BPS) / 10_000n;
  return bound < UNBOUNDED_INPUT ? bound : UNBOUNDED_INPUT;
}

/** What an exact-output plan takes: stated by the venue, within the bound, delivering at least the exact amount. */
function exactOutTake(plan: VenueBuildPlan, bound: bigint, exactOut: bigint, venue: string, registered: { health?: { recordRefusal(reason: string): void } | null }): bigint {
  const take = plan.shape === 'steps' ? plan.amountIn : plan.deposit.amount;
  const refuse = (reason: string): never => {
    registered.health?.recordRefusal(reason);
    throw new AppError('unsafe_venue_answer', `${venue} answered the exact-output build with something Strait refuses: ${reason}; nothing was built`, { details: { venue } });
  };
  if (take === undefined) return refuse('it did not state the input its steps take');
  if (take <= 0n || take > bound) return refuse(`its steps take ${take}, outside 1..${bound}`);
  if (plan.minAmountOut < exactOut) return refuse(`it guarantees ${plan.minAmountOut}, less than the exact ${exactOut}`);
  return take;
}

/**
 * The venue's Solana transaction with one transfer per cut appended (`merged`): the user pays the
 * cuts in the signature that moves the order. A plan that cannot carry them is refused rather than
 * built without the cuts the quote priced in.
 */
function mergeCuts(plan: VenueBuildPlan, cuts: readonly Cut[], token: TokenInfo): Step[] {
  const main = plan.shape === 'steps' ? plan.steps.filter((s): s is SvmStep => s.vm === 'svm' && s.step === 'main') : [];
  if (plan.shape !== 'steps' || main.length !== 1) throw new AppError('unsafe_venue_answer', 'the venue answered without one Solana transaction that can carry the fee instructions; nothing was built');
  const original = main[0]!;
  // A token transfer appended to a message that loads accounts from lookup tables names the mint and
  // token accounts a table may already load (the runtime refuses a second copy as AccountLoadedTwice):
  // merged only with the tables read from the chain (withLookupTables), never blind.
  if (token.address !== null && original.lookupTables === undefined && decodeSvmTransaction(original.serializedTx, original.encoding).addressTableLookups.length > 0) {
    throw new AppError('unsafe_venue_answer', `the venue's Solana transaction loads accounts from lookup tables, and Strait's fee transfers are merged into one only when it can read them (${NO_SVM_RPC}); nothing was built`, { details: { venueAtFault: false } });
  }
  const serializedTx = mergeFeeInstructions(original.serializedTx, original.encoding, cuts.map((cut) => ({ wallet: cut.wallet, amount: cut.amount })), { mint: token.address, decimals: token.decimals, tokenProgram: SPL_TOKEN_PROGRAM }, original.lookupTables ? { lookupTables: original.lookupTables } : {});
  return plan.steps.map((step) => (step === original ? { ...original, serializedTx } : step));
}

/** Why a Solana transaction that loads accounts from lookup tables cannot be checked or merged here. */
const NO_SVM_RPC = 'Strait reads lookup tables through the source chain\'s Solana RPC, and none is configured (STRAIT_RPC_SOLANA)';

/** The plan's own transactions: its steps, or the transfer that funds a deposit address. */
function mainSteps(plan: VenueBuildPlan): Step[] {
  return plan.shape === 'steps' ? [...plan.steps] : plan.fundingStep ? [plan.fundingStep] : [];
}

/**
 * An answer the adapter refused at mapping level as impossible or unsafe (a wrong amount, a deposit
 * address not valid for the chain, amounts that do not match): the venue's doing, not a transport
 * fault, so never a retriable `venue_unavailable`. A wrong shape the shared client caught stays one.
 */
function isUnsafeAnswer(error: unknown): error is VenueRejection {
  return error instanceof VenueRejection && error.code === 'venue_bad_response' && !countedAsFault(error);
}

function vetOrRefuse(registered: RegisteredVenue, steps: readonly Step[], sender: string, rules: StepRules): void {
  for (const step of steps) {
    const reason = step.vm === 'evm' ? whyNotAllowed(step, rules) : step.vm === 'eip712' ? whyNotAllowedEip712(step, rules) : step.vm === 'message' ? whyNotAllowedMessage(step, rules) : step.vm === 'tron' ? whyNotAllowedTron(step, rules, sender) : step.vm === 'utxo' ? whyNotAllowedUtxo(step, rules) : whyNotAllowedSvm(step, rules.allowList, rules.venue, rules.intent);
    if (reason === null) continue;
    // An account the check needs sits in a lookup table no Solana RPC could read: Strait's configuration, not the venue's answer.
    if (step.vm === 'svm' && step.lookupTables === undefined && reason.includes(UNREAD_LOOKUP_TABLE)) {
      throw new AppError('unsafe_venue_answer', `${rules.venue}'s ${step.step} step ${reason}: ${NO_SVM_RPC}; nothing was built`, { details: { venue: rules.venue, step: step.step, venueAtFault: false } });
    }
    registered.health?.recordRefusal(`${step.step} step ${reason}`);
    throw new AppError('unsafe_venue_answer', `${rules.venue}'s ${step.step} step ${reason}; nothing was built`, { details: { venue: rules.venue, step: step.step, ...(step.vm === 'evm' ? { to: step.to } : {}) } });
  }
}

/**
 * An exact-amount approve when the allowance is short or unknown. Tokens that refuse to change a
 * non-zero allowance (USDT on Ethereum) first get an approve to zero when one may be standing.
 * Each EVM approve carries the transfer's tag (tagCalldata.ts); a Tron approve needs none, its raw
 * data is unique to the build (tronSteps.ts).
 */
async function approvalSteps(deps: EngineDeps, fromChain: ChainKey, owner: string, plan: VenueBuildPlan, transferId: string): Promise<Step[]> {
  if (plan.shape !== 'steps' || !plan.approval) return [];
  const approval = plan.approval;
  if ('vm' in approval) {
    const main = plan.steps.find((s): s is TronStep => s.vm === 'tron' && s.step === 'main');
    if (!main) throw new AppError('unsafe_venue_answer', 'the venue asked for a Tron approval without a Tron main step; nothing was built');
    return tronApprovalSteps(approval, owner, main, deps.tronRpc?.(fromChain) ?? null);
  }
  if (chainInfo(fromChain).chainId !== approval.chainId) throw new AppError('unsafe_venue_answer', 'the venue asked for an approval on another chain');
  if (!isAddress(approval.spender, { strict: false }) || !isAddress(approval.token, { strict: false })) throw new AppError('unsafe_venue_answer', `the venue named an approval spender that is not an address: ${approval.spender}`);
  const spender = getAddress(approval.spender.toLowerCase());
  const rpc = deps.rpc(fromChain);
  let allowance: bigint | null = null;
  if (rpc) {
    try {
      allowance = await rpc.allowance(approval.token, owner as `0x${string}`, spender);
      if (allowance >= approval.amount) return [];
    } catch (error) {
      deps.logger.warn({ err: error, chain: fromChain }, 'allowance read failed; including the approve step');
    }
  }
  const approve = (amount: bigint): EvmStep => ({
    vm: 'evm',
    step: 'approve',
    chainId: approval.chainId,
    to: approval.token,
    // Exactly the amount this transfer spends: never an unlimited approval.
    data: tagCalldata(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }), transferId),
    value: 0n,
  });
  const reset = needsZeroReset(approval.chainId, approval.token) && allowance !== 0n;
  return reset ? [approve(0n), approve(approval.amount)] : [approve(approval.amount)];
}

export function stepView(step: Step): StepView {
  if (step.vm === 'evm') return { vm: 'evm', step: step.step, chainId: step.chainId, to: step.to, data: step.data, value: step.value.toString() };
  if (step.vm === 'eip712') return { vm: 'eip712', step: step.step, chainId: step.chainId, typedData: step.typedData };
  if (step.vm === 'message') return { vm: 'message', step: step.step, chainId: step.chainId, method: step.method, messages: step.messages };
  if (step.vm === 'tron') return tronStepView(step);
  if (step.vm === 'utxo') return utxoStepView(step);
  return { vm: 'svm', step: step.step, serializedTx: step.serializedTx, encoding: step.encoding, refreshBlockhash: step.refreshBlockhash };
}

/**
 * A repeat build answers the first one (idempotent per decision), unless it names another row: that
 * is a different transfer, and answering the first one silently would hand out another venue's steps.
 * Nor when it asks for privacy and the first build is a public venue's: the rule of a first build
 * (chooseRow) holds for its repeats, or `privacy: true` would hand out public steps.
 */
function firstBuild(existing: TransferRecord, body: BuildBody): BuildView {
  if (body.quoteId !== undefined && body.quoteId !== existing.quoteId) {
    throw new AppError('decision_already_built', `decision ${existing.decisionId} was already built with row ${existing.quoteId} (${existing.venue}); request a new quote to build another row`, {
      details: { transferId: existing.id, quoteId: existing.quoteId, venue: existing.venue },
    });
  }
  if ((existing.privacy || body.privacy === true) && existing.privacyModel === 'none') {
    throw new AppError('privacy_venue_required', `${existing.venue} is a public venue and the transfer asked for privacy`, { details: { venue: existing.venue, privacyModel: existing.privacyModel } });
  }
  return existing.build as unknown as BuildView;
}

/** The least the user gets never exceeds what they are told to expect (spec §2). */
function minOutOf(minOut: bigint, expectedOut: bigint): bigint {
  return minOut > expectedOut ? expectedOut : minOut;
}

/**
 * Strait approves exactly what the venue spends, and the venue spends at most what it was asked to
 * move (the amount after Strait's cuts). A plan asking to approve more is refused whatever the venue
 * says, so no answer can turn into a standing allowance over the user's other funds.
 */
function refuseOversizedApproval(registered: RegisteredVenue, plan: VenueBuildPlan, spends: bigint, venue: string): void {
  if (plan.shape !== 'steps' || !plan.approval || plan.approval.amount <= spends) return;
  registered.health?.recordRefusal(`an approval of ${plan.approval.amount} above the ${spends} the transfer spends`);
  throw new AppError('unsafe_venue_answer', `${venue} asked for an approval of ${plan.approval.amount}, above the ${spends} this transfer spends; nothing was built`, {
    details: { venue, step: 'approve', approvalAtomic: plan.approval.amount.toString(), spendsAtomic: spends.toString() },
  });
}

/** Above this a native fee is refused whatever its price, when settings name no bound. */
const DEFAULT_MAX_NATIVE_FEE_USD = 20;

/**
 * The native fee the plan declares, once Strait has valued it: at most STRAIT_MAX_NATIVE_FEE_USD at
 * the source chain's native price. A fee Strait cannot price, or a larger one, is refused: it is the
 * venue's number for the user's native balance, and nothing else bounds it.
 */
export async function boundedNativeFee(deps: EngineDeps, registered: RegisteredVenue, plan: VenueBuildPlan, fromChain: ChainKey, venue: string): Promise<bigint> {
  const fee = plan.shape === 'steps' ? (plan.nativeFee ?? 0n) : 0n;
  if (fee === 0n) return 0n;
  const refuse = (why: string): never => {
    registered.health?.recordRefusal(why);
    throw new AppError('unsafe_venue_answer', `${venue} ${why}; nothing was built`, { details: { venue, nativeFeeAtomic: fee.toString() } });
  };
  if (fee < 0n) return refuse('declared a negative native fee');
  const native = nativeToken(fromChain);
  const price = native ? await deps.prices.usdPrice(native).catch(() => null) : null;
  if (!native || !price) return refuse(`asks for a native fee of ${fee} that Strait cannot value on ${fromChain}`);
  const usd = usdValueOf(fee, native, price) ?? Number.POSITIVE_INFINITY;
  const cap = deps.settings.maxNativeFeeUsd ?? DEFAULT_MAX_NATIVE_FEE_USD;
  if (usd > cap) return refuse(`asks for a native fee worth ${usd.toFixed(2)} USD, above Strait's ${cap} USD bound`);
  return fee;
}

/** The stored `main` step of a deposit without a funding transfer Strait can build: where, what, how much. */
function depositFundingRecord(index: number, chain: ChainKey, deposit: DepositInstruction): StoredStep {
  return {
    index,
    kind: 'main',
    vm: 'deposit',
    chain,
    payload: { vm: 'deposit', step: 'main', chain: deposit.chain, address: deposit.address, token: deposit.token, amountAtomic: deposit.amount.toString(), memo: deposit.memo },
  };
}
