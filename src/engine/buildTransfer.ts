import { randomUUID } from 'node:crypto';
import { encodeFunctionData, erc20Abi } from 'viem';
import { chainInfo, type ChainKey } from '../domain/chains.ts';
import { AppError } from '../domain/errors.ts';
import { savingsOf } from '../domain/ranking.ts';
import type { EvmStep, JsonObject, Step } from '../domain/steps.ts';
import { findDecision, type StoredDecision, type StoredQuoteRow } from '../store/decisionRepository.ts';
import { findTransferByDecision, insertTransfer, type StoredStep } from '../store/transferRepository.ts';
import { VenueRejection, type Approval, type VenueBuildPlan } from '../venues/Venue.ts';
import type { EngineDeps } from './EngineDeps.ts';
import { deserializeQuote, requestFromRecord } from './quoteTransfer.ts';

export interface BuildBody {
  readonly decisionId: string;
  readonly quoteId?: string | undefined;
  readonly privacy?: boolean | undefined;
}

/** JSON of a step as spec §2 shows it. */
export type StepView =
  | { vm: 'evm'; step: string; chainId: number; to: string; data: string; value: string }
  | { vm: 'svm'; step: string; serializedTx: string; encoding: string; refreshBlockhash: boolean };

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
}

/**
 * POST /bridge/build: turns a decision's row into the steps a wallet signs and creates the transfer
 * in PENDING_SIGNATURE. Idempotent per decision: a repeat (even a concurrent one) answers the steps
 * and transferId of the first build.
 */
export async function buildTransfer(deps: EngineDeps, body: BuildBody, requestId?: string): Promise<BuildView> {
  const existing = await findTransferByDecision(deps.store.db, body.decisionId);
  if (existing) return existing.build as unknown as BuildView;
  const decision = await findDecision(deps.store.db, body.decisionId);
  if (!decision) throw new AppError('decision_not_found', `no quote decision ${body.decisionId}`);
  const row = chooseRow(deps, decision, body);
  const now = deps.now();
  if (now > row.expiresAt) throw new AppError('quote_expired', `the quote expired at ${new Date(row.expiresAt).toISOString()}; request a new quote`, { details: { expiresAt: row.expiresAt } });

  const registered = deps.venues.get(row.venue);
  if (!registered?.venue || !registered.enabled) throw new AppError('no_executable_quote', `${row.venue} is not available for building now`);
  const request = requestFromRecord(decision.request);
  const quote = deserializeQuote(row.venueQuote);
  let plan: VenueBuildPlan;
  try {
    plan = await registered.venue.build({ request, quote }, { signal: AbortSignal.timeout(Math.max(deps.settings.quoteDeadlineMs * 5, 5_000)), ...(requestId ? { requestId } : {}) });
  } catch (error) {
    if (error instanceof VenueRejection && (error.code === 'below_min' || error.code === 'above_max' || error.code === 'no_liquidity')) {
      throw new AppError('quote_drifted', `${row.venue} no longer offers this quote: ${error.message}`, { details: { venue: row.venue, code: error.code } });
    }
    throw new AppError('venue_unavailable', `${row.venue} could not build the transfer: ${(error as Error).message}`, { cause: error, retryAfterMs: 2_000 });
  }
  if (plan.amountOut < row.minAmountOut) {
    throw new AppError('quote_drifted', `${row.venue} now offers ${plan.amountOut}, below the quoted minimum ${row.minAmountOut}; request a new quote`, {
      details: { venue: row.venue, quotedMinOutAtomic: row.minAmountOut.toString(), offeredOutAtomic: plan.amountOut.toString() },
    });
  }

  const steps = await stepsOf(deps, request.fromChain, request.sender, plan);
  const transferId = randomUUID();
  const buildExpiresAt = Math.min(now + deps.settings.buildTtlMs, plan.shape === 'deposit' ? plan.deposit.deadlineMs : Number.POSITIVE_INFINITY);
  const view: BuildView = {
    transferId,
    venue: row.venue,
    ...(plan.shape === 'steps'
      ? { steps: steps.map(stepView) }
      : {
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
    amountInAtomic: row.amountIn.toString(),
    expectedOutAtomic: row.amountOut.toString(),
    minOutAtomic: (plan.minAmountOut > row.minAmountOut ? plan.minAmountOut : row.minAmountOut).toString(),
    feeCapture: 'none',
    referralCapture: null,
    feeBasis: 'carved',
    feeBatch: null,
    permit: null,
    relayFeePermit: null,
    spotTransfer: null,
    requoted: plan.amountOut !== quote.amountOut,
  };
  const savings = savingsOf(row, decision.quotes);
  const stored: StoredStep[] = steps.map((s, index) => ({ index, kind: s.step, vm: s.vm, chain: request.fromChain, payload: stepView(s) as unknown as JsonObject }));
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
          toChain: request.toChain,
          fromAsset: request.fromToken.address ?? 'native',
          toAsset: request.toToken.address ?? 'native',
          amountIn: row.amountIn,
          expectedOut: row.amountOut,
          minOut: BigInt(view.minOutAtomic),
          receivedAmount: null,
          receivedAsset: null,
          sourceTxHash: null,
          destinationTxHash: null,
          feeTxHash: null,
          sourceTxVerification: null,
          claim: null,
          postStep: null,
          finalDestination: null,
          requesterWallet: request.sender,
          recipientWallet: request.recipient,
          ...savings,
          usdValueBridged: null,
          usdValueSaved: null,
          privacy: decision.privacy,
          privacyModel: registered.catalog.capabilities.privacyModel,
          build: view as unknown as JsonObject,
          venueContext: { ...quote.context, ...plan.context },
          buildExpiresAt,
          createdAt: now,
          submittedAt: null,
          updatedAt: now,
          completedAt: null,
          // The worker looks again once the build has expired, to abandon it if still unsigned.
          nextPollAt: buildExpiresAt + deps.settings.abandonGraceMs,
          giveUpAt: null,
        },
        stored,
        [],
      ),
    );
  } catch (error) {
    // A concurrent build of the same decision won the unique constraint: answer its build.
    const winner = await findTransferByDecision(deps.store.db, body.decisionId);
    if (winner) return winner.build as unknown as BuildView;
    throw error;
  }
  return view;
}

function chooseRow(deps: EngineDeps, decision: StoredDecision, body: BuildBody): StoredQuoteRow {
  const row = body.quoteId ? decision.quotes.find((q) => q.quoteId === body.quoteId) : decision.quotes.find((q) => q.quoteId === decision.bestQuoteId);
  if (!row) {
    if (body.quoteId) throw new AppError('quote_not_found', `decision ${decision.id} has no row ${body.quoteId}`);
    throw new AppError('no_executable_quote', `decision ${decision.id} has no row a wallet can sign${decision.emptyReason ? ` (${decision.emptyReason})` : ''}`);
  }
  if (!row.executable) throw new AppError('no_executable_quote', `row ${row.quoteId} (${row.venue}) cannot be built into steps a wallet signs`);
  const privacyModel = deps.venues.get(row.venue)?.catalog.capabilities.privacyModel ?? 'none';
  if ((decision.privacy || body.privacy === true) && privacyModel === 'none') {
    throw new AppError('privacy_venue_required', `${row.venue} is a public venue and the transfer asked for privacy`, { details: { venue: row.venue, privacyModel } });
  }
  return row;
}

/** The plan's steps, preceded by an exact-amount approve when the allowance is missing or unknown. */
async function stepsOf(deps: EngineDeps, fromChain: ChainKey, owner: string, plan: VenueBuildPlan): Promise<Step[]> {
  const main: Step[] = plan.shape === 'steps' ? [...plan.steps] : plan.fundingStep ? [plan.fundingStep] : [];
  if (plan.shape !== 'steps' || !plan.approval) return main;
  const approve = await approvalStep(deps, fromChain, owner, plan.approval);
  return approve ? [approve, ...main] : main;
}

async function approvalStep(deps: EngineDeps, fromChain: ChainKey, owner: string, approval: Approval): Promise<EvmStep | null> {
  if (chainInfo(fromChain).chainId !== approval.chainId) throw new AppError('venue_unavailable', 'the venue asked for an approval on another chain');
  const rpc = deps.rpc(fromChain);
  if (rpc) {
    try {
      const allowance = await rpc.allowance(approval.token, owner as `0x${string}`, approval.spender);
      if (allowance >= approval.amount) return null;
    } catch (error) {
      deps.logger.warn({ err: error, chain: fromChain }, 'allowance read failed; including the approve step');
    }
  }
  return {
    vm: 'evm',
    step: 'approve',
    chainId: approval.chainId,
    to: approval.token,
    // Exactly the amount this transfer spends: never an unlimited approval.
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [approval.spender, approval.amount] }),
    value: 0n,
  };
}

export function stepView(step: Step): StepView {
  if (step.vm === 'evm') return { vm: 'evm', step: step.step, chainId: step.chainId, to: step.to, data: step.data, value: step.value.toString() };
  return { vm: 'svm', step: step.step, serializedTx: step.serializedTx, encoding: step.encoding, refreshBlockhash: step.refreshBlockhash };
}
