import type { Hex } from 'viem';
import { nextClaimStatus } from '../../domain/claimState.ts';
import type { ChainKey } from '../../domain/chains.ts';
import type { EvmStep, JsonObject } from '../../domain/steps.ts';
import { endClaim, listClaims, listSteps, putLateStep, type ClaimRecord, type StoredStep, type TransferPatch, type TransferRecord } from '../../store/transferRepository.ts';
import type { VenueStatus } from '../../venues/Venue.ts';
import type { EngineDeps } from '../EngineDeps.ts';
import { stepView } from '../buildTransfer.ts';
import { storedEvmStep } from '../storedEvmStep.ts';
import { stepRulesOf } from '../submitTransfer.ts';
import { whyNotAllowed } from '../vetSteps.ts';
import { readClaim, toJson, type StoredClaim } from './claimObject.ts';

/**
 * The worker's part of a claim (docs/steps.md, "Claims"), run after each status poll of a transfer
 * whose build announced one. It stores the redeem steps the venue says are due (after the same
 * allow-list check a build runs), reopens a step whose redeem transaction reverted, and returns the
 * transfer's new `claim` for the poll's own write. `{}` when the transfer has no claim.
 */
export async function advanceClaim(deps: EngineDeps, transfer: TransferRecord, status: VenueStatus): Promise<TransferPatch> {
  const claim = readClaim(transfer.claim);
  if (!claim || claim.status === 'claimed') return {};
  if (status.state === 'completed' || status.state === 'partial') {
    return { claim: toJson({ ...claim, status: 'claimed', steps: [], txHash: status.destinationTxHash ?? claim.txHash, detail: `landed on ${claim.chain}` }) };
  }
  const progress = status.claim;
  if (!progress || status.state !== 'pending') return {};
  if (progress.status === 'waiting' || progress.steps.length === 0) {
    return patchIfChanged(transfer, { ...claim, status: 'waiting', claimableAt: progress.claimableAt, steps: [], detail: progress.detail });
  }
  const refusal = await refusalOf(deps, transfer, progress.steps);
  if (refusal) {
    deps.venues.get(transfer.venue)?.health?.recordRefusal(`a redeem step that ${refusal}`);
    deps.logger.warn({ transferId: transfer.id, venue: transfer.venue, refusal }, 'venue answered a redeem step Strait refuses; the claim waits');
    return patchIfChanged(transfer, { ...claim, status: 'waiting', steps: [], detail: `the venue's redeem step ${refusal}; Strait will not hand it out` });
  }
  // The redeem is sent on the transfer's destination (its chain id was checked against it just above).
  const stored = await storeDueSteps(deps, transfer, transfer.toChain, progress.steps);
  const claims = await reopenReverted(deps, transfer, stored);
  const open = stored.filter((step) => !claims.some((c) => c.stepIndex === step.index));
  const latest = claims.filter((c) => stored.some((s) => s.index === c.stepIndex)).at(-1);
  const next = nextClaimStatus({ delivered: false, dueSteps: stored.length, submittedDueSteps: stored.length - open.length });
  return patchIfChanged(transfer, {
    ...claim,
    status: next,
    // Ready with no time named: claimable since Strait first saw it so.
    claimableAt: progress.claimableAt ?? claim.claimableAt ?? deps.now(),
    steps: open.map((s) => s.payload),
    txHash: latest?.txHash ?? claim.txHash,
    detail: next === 'submitted' ? `redeem transaction sent; waiting for it to land on ${claim.chain}` : progress.detail,
  });
}

function patchIfChanged(transfer: TransferRecord, claim: StoredClaim): TransferPatch {
  const json = toJson(claim);
  return JSON.stringify(json) === JSON.stringify(transfer.claim) ? {} : { claim: json };
}

/** The due steps must be claim calls the venue's `redeemCalls` allow, matching the transfer. */
async function refusalOf(deps: EngineDeps, transfer: TransferRecord, steps: readonly EvmStep[]): Promise<string | null> {
  const rules = await stepRulesOf(deps, transfer);
  if (!rules) return 'cannot be checked: the venue or source asset is unknown';
  for (const step of steps) {
    if (step.step !== 'redeem' || step.vm !== 'evm') return 'is not an EVM redeem step';
    const why = whyNotAllowed(step, rules);
    if (why) return why;
  }
  return null;
}

/**
 * The due steps take the places after the build's steps, in order: a stored one equal to the due one
 * stays; one not yet submitted is rewritten (a fresher proof); one a submission holds is kept.
 */
async function storeDueSteps(deps: EngineDeps, transfer: TransferRecord, chain: string, due: readonly EvmStep[]): Promise<StoredStep[]> {
  const all = await listSteps(deps.store.db, transfer.id);
  const built = all.filter((s) => s.kind !== 'redeem');
  const first = built.length === 0 ? 0 : Math.max(...built.map((s) => s.index)) + 1;
  const result: StoredStep[] = [];
  for (const [offset, step] of due.entries()) {
    const index = first + offset;
    const wanted: StoredStep = { index, kind: 'redeem', vm: 'evm', chain, payload: stepView(step) as unknown as JsonObject };
    const existing = all.find((s) => s.index === index);
    if (existing && JSON.stringify(existing.payload) === JSON.stringify(wanted.payload)) {
      result.push(existing);
      continue;
    }
    result.push((await putLateStep(deps.store.db, transfer.id, wanted)) ? wanted : (existing ?? wanted));
  }
  return result;
}

/** A redeem transaction mined and reverted claimed nothing: its claim ends and the step is open again. */
async function reopenReverted(deps: EngineDeps, transfer: TransferRecord, steps: readonly StoredStep[]): Promise<ClaimRecord[]> {
  const claims = await listClaims(deps.store.db, transfer.id);
  const rpc = steps[0] ? deps.rpc(steps[0].chain as ChainKey) : null;
  if (!rpc) return claims;
  const live: ClaimRecord[] = [];
  for (const claim of claims) {
    const step = steps.find((s) => s.index === claim.stepIndex);
    if (!step) {
      live.push(claim);
      continue;
    }
    const found = await rpc.findTransaction(claim.txHash as Hex).catch(() => undefined);
    if (found?.status === 'reverted' && storedEvmStep(step).step === 'redeem') {
      await endClaim(deps.store.db, transfer.id, step.index, claim.txHash, 'refuted', deps.now());
      continue;
    }
    live.push(claim);
  }
  return live;
}
