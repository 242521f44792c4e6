import { randomUUID } from 'node:crypto';
import { depositFundingOf, verifyDepositFunding } from './verifyDepositFunding.ts';
import type { Hex } from 'viem';
import { verifyEvmTransactionByHash } from '../chains/evm/verifyEvmTransactionByHash.ts';
import { verifySvmTransactionBySignature } from '../chains/svm/verifySvmTransactionBySignature.ts';
import type { ChainKey } from '../domain/chains.ts';
import { resolveStoredToken } from './tokens/resolveStoredToken.ts';
import { giveUpAfterMs, pollDelayMs } from '../domain/pollSchedule.ts';
import { isTerminal, type TransferStatus } from '../domain/transferStatus.ts';
import { recordPoll, type PollRecord } from '../store/pollHistoryRepository.ts';
import { endClaim, findTransfer, leaseDueTransfers, listClaims, listEndedClaims, listFeeRows, listSteps, releaseAllLeases, releaseLease, setFeeRowStatus, setSubmissionVerification, updateTransfer, type StoredStep, type TransferPatch, type TransferRecord } from '../store/transferRepository.ts';
import { VenueRejection, type VenueStatus, type VenueTransferState } from '../venues/Venue.ts';
import { countedAsFault } from '../venues/venueHttpClient.ts';
import { sanitizeVenueMessage } from './sanitizeVenueMessage.ts';
import type { EngineDeps } from './EngineDeps.ts';
import { storedEvmStep } from './storedEvmStep.ts';
import { storedSvmStep } from './storedSvmStep.ts';
import { verifyTronTransactionById } from '../chains/tron/verifyTronTransactionById.ts';
import { builtTronOf, storedTronStep } from './tronSteps.ts';
import { storedUtxoStep, utxoTermsOf, verifyUtxoTxid } from './utxoSteps.ts';
import { followUtxoReplacement } from './followUtxoReplacement.ts';
import { finishTransfer } from './finishTransfer.ts';
import { fundsDeadline } from './fundsDeadline.ts';
import { PROVISIONAL } from './submitTransfer.ts';
import { advanceRelayerTransfer } from './hyperCore/advanceRelayerTransfer.ts';
import { advanceClaim } from './claims/advanceClaim.ts';
import { RELAYER_VENUE } from './hyperCore/relayedExecution.ts';

/** A main claim by a hash no node has shown after this long is released (docs/states.md, "Source claims"). */
export const PROVISIONAL_CLAIM_TTL_MS = 30 * 60_000;

const STATE_TO_STATUS: Readonly<Record<VenueTransferState, TransferStatus>> = {
  pending: 'PENDING',
  completed: 'COMPLETED',
  partial: 'PARTIAL',
  refunded: 'REFUNDED',
  failed: 'FAILED',
};


export interface StatusWorker {
  /** Leases the due transfers once and advances each; returns how many it handled. */
  tick(): Promise<number>;
  start(): void;
  /** Stops polling, waits for the poll in flight, and releases this worker's leases. */
  stop(): Promise<void>;
}

/**
 * The status worker: leases due transfers (FOR UPDATE SKIP LOCKED, so workers never poll the same
 * transfer at once), asks the venue, and applies the state machine. A venue error or timeout only
 * delays the next poll; it never marks a transfer failed.
 */
export function createStatusWorker(deps: EngineDeps, options: { owner?: string; leaseMs: number; batchSize: number }): StatusWorker {
  const owner = options.owner ?? `worker-${randomUUID()}`;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function tick(): Promise<number> {
    const ids = await leaseDueTransfers(deps.store.db, owner, deps.now(), options.leaseMs, options.batchSize);
    await Promise.all(
      ids.map(async (id) => {
        try {
          await advance(deps, id);
        } catch (error) {
          deps.logger.error({ err: error, transferId: id }, 'status poll failed');
          const transfer = await findTransfer(deps.store.db, id).catch(() => null);
          if (transfer) await postpone(deps, transfer, 'status check failed; retrying').catch(() => undefined);
        } finally {
          await releaseLease(deps.store.db, id, owner).catch(() => undefined);
        }
      }),
    );
    return ids.length;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().catch((error: unknown) => {
        deps.logger.error({ err: error }, 'worker tick failed');
        return 0;
      });
      void running.finally(() => {
        running = null;
        schedule();
      });
    }, deps.settings.workerIntervalMs);
  }

  return {
    tick,
    start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
      await releaseAllLeases(deps.store.db, owner).catch(() => undefined);
    },
  };
}

async function advance(deps: EngineDeps, id: string): Promise<void> {
  let transfer = await findTransfer(deps.store.db, id);
  if (!transfer) return;
  const now = deps.now();
  if (transfer.status === 'PENDING_SIGNATURE') {
    // ABANDONED is terminal, so it waits until the built steps can no longer move funds.
    const abandonAt = fundsDeadline(transfer, deps.settings.abandonGraceMs);
    if (now > abandonAt) await finish(deps, transfer, 'ABANDONED', { statusDetail: 'no main step was submitted before the built steps could no longer move funds (their deadline passed)' });
    else await updateTransfer(deps.store.db, id, { nextPollAt: abandonAt }, now);
    return;
  }
  if (isTerminal(transfer.status)) {
    await updateTransfer(deps.store.db, id, { nextPollAt: null }, now);
    return;
  }
  const main = (await listSteps(deps.store.db, transfer.id)).find((s) => s.kind === 'main');
  if (main && transfer.sourceTxVerification !== null && PROVISIONAL.has(transfer.sourceTxVerification) && !(await reverify(deps, transfer, main))) return;
  if (main && transfer.sourceTxVerification === 'verified' && transfer.sourceTxBlock == null && !(await confirmSource(deps, transfer, main))) return;
  // The checks above may have followed a replacement: the venue is asked about the mined hash.
  if (main) transfer = (await findTransfer(deps.store.db, id)) ?? transfer;

  if (transfer.venue === RELAYER_VENUE) {
    const current = transfer;
    return advanceRelayerTransfer(deps, current, { postpone: (detail, patch) => postpone(deps, current, detail, patch), finish: (status, patch) => finish(deps, current, status, patch) });
  }
  const registered = deps.venues.get(transfer.venue);
  if (!registered?.venue) return postpone(deps, transfer, `venue ${transfer.venue} is not available; retrying`);
  // The stored address resolves again: the registry, or the token directory for one quoted by address (docs/tokens.md).
  const toToken = await resolveStoredToken(deps, transfer.toChain, transfer.toAsset);
  if (!toToken) return postpone(deps, transfer, `${transfer.toAsset} is no longer a known token on ${transfer.toChain}`);
  let status: VenueStatus;
  try {
    status = await registered.venue.status(
      { fromChain: transfer.fromChain as ChainKey, toChain: transfer.toChain as ChainKey, toToken, sourceTxHash: transfer.sourceTxHash ?? '', recipient: transfer.recipientWallet, amountIn: transfer.amountIn, expectedOut: transfer.expectedOut, context: transfer.venueContext },
      // The transfer id travels as the request id, so the venue call is traceable in logs and at the venue.
      // Status polls count on the venue's status breaker: they never take its quoting offline.
      { signal: AbortSignal.timeout(10_000), requestId: `transfer-${transfer.id}`, purpose: 'status' },
    );
  } catch (error) {
    const raw = (error as Error)?.message ?? String(error);
    // An answer the adapter refused at mapping level is the venue's fault, like a wrong shape.
    if (error instanceof VenueRejection && error.code === 'venue_bad_response' && !countedAsFault(error)) void registered.health?.recordMappingFault(raw, 'status');
    deps.logger.warn({ transferId: transfer.id, venue: transfer.venue, venueMessage: raw }, 'venue status poll failed');
    await keepPoll(deps, transfer.id, { polledAt: deps.now(), venue: transfer.venue, venueStatus: null, mappedStatus: null, error: sanitizeVenueMessage(raw) });
    return postpone(deps, transfer, `${transfer.venue} status unavailable (${sanitizeVenueMessage(raw)}); retrying`);
  }
  if (status.unrecognized) deps.logger.warn({ transferId: transfer.id, venue: transfer.venue, venueStatus: status.venueStatus }, 'venue reported a status its adapter does not know; treated as pending');
  const next = STATE_TO_STATUS[status.state];
  await keepPoll(deps, transfer.id, { polledAt: deps.now(), venue: transfer.venue, venueStatus: status.venueStatus, mappedStatus: next, error: null });
  const found: TransferPatch = {
    destinationTxHash: status.destinationTxHash ?? transfer.destinationTxHash,
    receivedAmount: status.receivedAmount ?? transfer.receivedAmount,
    receivedAsset: status.receivedAsset ?? (status.receivedAmount !== null ? transfer.toAsset : transfer.receivedAsset),
    // A transfer whose build announced a claim: its redeem steps and `claim` (claims/advanceClaim.ts).
    ...(await advanceClaim(deps, transfer, status)),
  };
  if (next === 'PENDING') {
    const detail = status.detail ?? `${transfer.venue} reports ${status.venueStatus}`;
    return postpone(deps, transfer, detail, transfer.status === 'SUBMITTED' ? { ...found, status: 'PENDING' } : found);
  }
  await finish(deps, transfer, next, { ...found, statusDetail: status.detail ?? `${transfer.venue} reports ${status.venueStatus}` });
}

/**
 * Re-checks a source transaction that was not yet on chain at submit; false when the poll should
 * stop here. A hash no node has shown within {@link PROVISIONAL_CLAIM_TTL_MS}, or one found that is
 * not the built step, is released: nothing moved, and the wallet may submit the step again.
 */
async function reverify(deps: EngineDeps, transfer: TransferRecord, main: StoredStep): Promise<boolean> {
  if (!transfer.sourceTxHash) return true;
  const chain = main.chain as ChainKey;
  const result =
    main.vm === 'deposit'
      ? await verifyDepositFunding(deps, depositFundingOf(main), transfer.sourceTxHash)
      : main.vm === 'utxo'
      ? await verifyUtxoTxid(deps.utxoIndexer?.(chain) ?? null, transfer.sourceTxHash, utxoTermsOf(storedUtxoStep(main), transfer.requesterWallet))
      : main.vm === 'svm'
      ? await verifySvmTransactionBySignature(deps.svmRpc(chain), transfer.sourceTxHash, storedSvmStep(main), transfer.requesterWallet)
      : main.vm === 'tron'
      ? await verifyTronTransactionById(deps.tronRpc?.(chain) ?? null, transfer.sourceTxHash, builtTronOf(storedTronStep(main)))
      : await verifyEvmTransactionByHash(deps.rpc(chain), transfer.sourceTxHash as Hex, storedEvmStep(main), transfer.requesterWallet);
  if (result.verification === 'pending' || result.verification === 'unverified_rpc_error') {
    const claim = (await listClaims(deps.store.db, transfer.id)).find((c) => c.stepIndex === main.index);
    if (result.verification === 'pending' && claim && deps.now() - claim.createdAt > PROVISIONAL_CLAIM_TTL_MS) {
      await releaseProvisional(deps, transfer, main, claim.txHash, 'expired', `source transaction ${claim.txHash} never appeared on chain; the main step is open again`);
      return false;
    }
    await postpone(deps, transfer, 'source transaction not found on chain yet');
    return false;
  }
  if (result.verification === 'refuted') {
    // Anyone holding the id may submit a hash: one that turns out not to be the built step proves
    // nothing moved, so it is released like one that never appears, not allowed to fail the transfer.
    const fields = result.mismatches.map((m) => m.field).join(', ');
    await releaseProvisional(deps, transfer, main, transfer.sourceTxHash, 'refuted', `source transaction ${transfer.sourceTxHash} is not the built step (${fields}); the main step is open again`);
    return false;
  }
  await setSubmissionVerification(deps.store.db, transfer.id, main.index, result.verification);
  await updateTransfer(deps.store.db, transfer.id, { sourceTxVerification: result.verification }, deps.now());
  return confirmSource(deps, { ...transfer, sourceTxVerification: result.verification }, main);
}

/**
 * A provisional main claim ends (it never appeared, or appeared and is not the built step); the
 * transfer waits for a signature again, and is abandoned on the usual terms.
 */
async function releaseProvisional(deps: EngineDeps, transfer: TransferRecord, main: StoredStep, txHash: string, reason: 'expired' | 'refuted', statusDetail: string): Promise<void> {
  const now = deps.now();
  if (!(await endClaim(deps.store.db, transfer.id, main.index, txHash, reason, now))) return;
  for (const row of await listFeeRows(deps.store.db, transfer.id)) {
    // Cuts the venue collects inside the main transaction were expected on the strength of this hash.
    if (row.status === 'expected' && row.txHash === txHash) await setFeeRowStatus(deps.store.db, transfer.id, row.kind, 'offered', null);
  }
  await updateTransfer(
    deps.store.db,
    transfer.id,
    {
      status: 'PENDING_SIGNATURE',
      statusDetail,
      sourceTxHash: null,
      sourceTxVerification: null,
      sourceTxBlock: null,
      feeTxHash: transfer.feeTxHash === txHash ? null : transfer.feeTxHash,
      submittedAt: null,
      pollAttempts: 0,
      giveUpAt: null,
      nextPollAt: fundsDeadline(transfer, deps.settings.abandonGraceMs),
    },
    now,
  );
}

/**
 * Reads the source transaction's outcome until it has landed: a revert fails the transfer (nothing
 * moved); a transaction still unmined whose replacement (same signer and nonce) was mined instead
 * is swapped for it. False when the poll should stop here. An RPC fault only skips the check.
 */
async function confirmSource(deps: EngineDeps, transfer: TransferRecord, main: StoredStep): Promise<boolean> {
  const hash = transfer.sourceTxHash;
  if (!hash) return true;
  const chain = main.chain as ChainKey;
  if (main.vm === 'svm') {
    const rpc = deps.svmRpc(chain);
    const status = rpc ? await rpc.findSignatureStatus(hash).catch(() => null) : null;
    if (!status) return true;
    if (status.failed) return failReverted(deps, transfer, hash, `in slot ${status.slot}`);
    if (status.confirmationStatus !== 'processed') await updateTransfer(deps.store.db, transfer.id, { sourceTxBlock: Number(status.slot) }, deps.now());
    return true;
  }
  if (main.vm === 'tron') {
    const found = await deps.tronRpc?.(chain)?.findTransaction(hash).catch(() => null);
    if (!found || found.blockNumber === null) return true;
    if (found.result !== 'SUCCESS') return failReverted(deps, transfer, hash, `in block ${found.blockNumber} (${found.result})`);
    await updateTransfer(deps.store.db, transfer.id, { sourceTxBlock: found.blockNumber }, deps.now());
    return true;
  }
  if (main.vm === 'utxo') {
    // Bitcoin has no revert: a transaction is mined whole or not at all; its block is recorded once mined.
    const indexer = deps.utxoIndexer?.(chain);
    const status = indexer ? await indexer.transactionStatus(hash).catch(() => undefined) : undefined;
    if (status?.confirmed && status.blockHeight !== null) await updateTransfer(deps.store.db, transfer.id, { sourceTxBlock: status.blockHeight }, deps.now());
    // Gone from the indexer: a fee bump (or another spend of the same outputs) is the transaction that counts.
    if (indexer && status === null) return followUtxoReplacement(deps, transfer, main, indexer, hash);
    return true;
  }
  const rpc = deps.rpc(chain);
  if (!rpc || main.vm !== 'evm') return true;
  const found = await rpc.findTransaction(hash as Hex).catch(() => undefined);
  if (found === undefined) return true;
  if (found?.status === 'success') {
    await updateTransfer(deps.store.db, transfer.id, { sourceTxBlock: Number(found.blockNumber) }, deps.now());
    return true;
  }
  if (found?.status === 'reverted') return failReverted(deps, transfer, hash, `in block ${found.blockNumber}`);
  // Not mined (or dropped): a transaction it replaced, or that replaced it, may be the one mined.
  for (const ended of (await listEndedClaims(deps.store.db, transfer.id)).filter((c) => c.stepIndex === main.index && c.reason === 'replaced').reverse()) {
    const result = await verifyEvmTransactionByHash(rpc, ended.txHash as Hex, storedEvmStep(main), transfer.requesterWallet);
    if (result.verification !== 'verified' || result.found === null || result.found.status === 'pending') continue;
    const current = (await listClaims(deps.store.db, transfer.id)).find((c) => c.stepIndex === main.index);
    if (!current || !(await endClaim(deps.store.db, transfer.id, main.index, current.txHash, 'replaced', deps.now(), { ...ended, verification: 'verified' }, { revived: true }))) return true;
    const mined = { sourceTxHash: ended.txHash, sourceTxVerification: 'verified', statusDetail: `the mined source transaction is ${ended.txHash}, not ${hash} (same signer and nonce)` };
    for (const row of await listFeeRows(deps.store.db, transfer.id)) {
      if (row.txHash === hash) await setFeeRowStatus(deps.store.db, transfer.id, row.kind, row.status, ended.txHash);
    }
    if (result.found.status === 'reverted') return failReverted(deps, transfer, ended.txHash, `in block ${result.found.blockNumber}`, mined);
    await updateTransfer(deps.store.db, transfer.id, { ...mined, sourceTxBlock: Number(result.found.blockNumber) }, deps.now());
    return true;
  }
  return true;
}

async function failReverted(deps: EngineDeps, transfer: TransferRecord, hash: string, where: string, patch: TransferPatch = {}): Promise<false> {
  await finish(deps, transfer, 'FAILED', { ...patch, statusDetail: `the source transaction ${hash} reverted ${where}; no funds moved` });
  return false;
}

/** The poll's history row (strait transfers show); failing to write it never stops the poll. */
async function keepPoll(deps: EngineDeps, transferId: string, poll: PollRecord): Promise<void> {
  await recordPoll(deps.store.db, transferId, poll).catch((error: unknown) => deps.logger.warn({ err: error, transferId }, 'recording the poll history failed'));
}

async function postpone(deps: EngineDeps, transfer: TransferRecord, detail: string, patch: TransferPatch = {}): Promise<void> {
  const now = deps.now();
  const attempts = transfer.pollAttempts + 1;
  const delay = pollDelayMs(attempts, transfer.etaSeconds, deps.settings.workerIntervalMs, deps.settings.workerMaxPollDelayMs);
  const giveUpAt = transfer.giveUpAt ?? (transfer.submittedAt ?? now) + giveUpAfterMs(transfer.etaSeconds);
  const overdue = now > giveUpAt;
  if (overdue && transfer.statusDetail?.startsWith('overdue:') !== true) {
    deps.logger.warn({ transferId: transfer.id, venue: transfer.venue, giveUpAt }, 'transfer is overdue: past its give-up deadline and still not terminal');
  }
  await updateTransfer(
    deps.store.db,
    transfer.id,
    { ...patch, pollAttempts: attempts, nextPollAt: now + delay, giveUpAt, statusDetail: overdue ? `overdue: ${detail}` : detail },
    now,
  );
}

async function finish(deps: EngineDeps, transfer: TransferRecord, status: TransferStatus, patch: TransferPatch): Promise<void> {
  await finishTransfer(deps, transfer, status, patch);
}
