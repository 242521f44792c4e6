import { randomUUID } from 'node:crypto';
import type { Hex } from 'viem';
import { verifyEvmTransactionByHash } from '../chains/evm/verifyEvmTransactionByHash.ts';
import { verifySvmTransactionBySignature } from '../chains/svm/verifySvmTransactionBySignature.ts';
import type { ChainKey } from '../domain/chains.ts';
import { resolveToken } from '../domain/tokens.ts';
import { giveUpAfterMs, pollDelayMs } from '../domain/pollSchedule.ts';
import { canMove, feeRowStatusOnTransfer, isTerminal, type TransferStatus } from '../domain/transferStatus.ts';
import { findTransfer, leaseDueTransfers, listFeeRows, listSteps, releaseAllLeases, releaseLease, setFeeRowStatus, transferWritten, setSubmissionVerification, updateTransfer, type TransferPatch, type TransferRecord } from '../store/transferRepository.ts';
import type { VenueStatus, VenueTransferState } from '../venues/Venue.ts';
import type { EngineDeps } from './EngineDeps.ts';
import { storedEvmStep } from './storedEvmStep.ts';
import { storedSvmStep } from './storedSvmStep.ts';

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
  const transfer = await findTransfer(deps.store.db, id);
  if (!transfer) return;
  const now = deps.now();
  if (transfer.status === 'PENDING_SIGNATURE') {
    if (now > transfer.buildExpiresAt) await finish(deps, transfer, 'ABANDONED', { statusDetail: 'the build expired before any signed main step was submitted' });
    else await updateTransfer(deps.store.db, id, { nextPollAt: transfer.buildExpiresAt + deps.settings.abandonGraceMs }, now);
    return;
  }
  if (isTerminal(transfer.status)) {
    await updateTransfer(deps.store.db, id, { nextPollAt: null }, now);
    return;
  }
  if ((transfer.sourceTxVerification === 'pending' || transfer.sourceTxVerification === 'unverified_rpc_error') && !(await reverify(deps, transfer))) return;

  const registered = deps.venues.get(transfer.venue);
  if (!registered?.venue) return postpone(deps, transfer, `venue ${transfer.venue} is not available; retrying`);
  // Build resolved the token from the registry, so its stored address resolves again.
  const toToken = resolveToken(transfer.toChain, transfer.toAsset);
  if (!toToken) return postpone(deps, transfer, `${transfer.toAsset} is no longer a known token on ${transfer.toChain}`);
  let status: VenueStatus;
  try {
    status = await registered.venue.status(
      { fromChain: transfer.fromChain as ChainKey, toChain: transfer.toChain as ChainKey, toToken, sourceTxHash: transfer.sourceTxHash ?? '', recipient: transfer.recipientWallet, amountIn: transfer.amountIn, expectedOut: transfer.expectedOut, context: transfer.venueContext },
      // The transfer id travels as the request id, so the venue call is traceable in logs and at the venue.
      { signal: AbortSignal.timeout(10_000), requestId: `transfer-${transfer.id}` },
    );
  } catch (error) {
    return postpone(deps, transfer, `${transfer.venue} status unavailable (${(error as Error).message}); retrying`);
  }
  if (status.unrecognized) deps.logger.warn({ transferId: transfer.id, venue: transfer.venue, venueStatus: status.venueStatus }, 'venue reported a status its adapter does not know; treated as pending');
  const next = STATE_TO_STATUS[status.state];
  const found: TransferPatch = {
    destinationTxHash: status.destinationTxHash ?? transfer.destinationTxHash,
    receivedAmount: status.receivedAmount ?? transfer.receivedAmount,
    receivedAsset: status.receivedAsset ?? (status.receivedAmount !== null ? transfer.toAsset : transfer.receivedAsset),
  };
  if (next === 'PENDING') {
    const detail = status.detail ?? `${transfer.venue} reports ${status.venueStatus}`;
    return postpone(deps, transfer, detail, transfer.status === 'SUBMITTED' ? { ...found, status: 'PENDING' } : found);
  }
  await finish(deps, transfer, next, { ...found, statusDetail: status.detail ?? `${transfer.venue} reports ${status.venueStatus}` });
}

/** Re-checks a source transaction that was not yet on chain at submit; false when the poll should stop here. */
async function reverify(deps: EngineDeps, transfer: TransferRecord): Promise<boolean> {
  const main = (await listSteps(deps.store.db, transfer.id)).find((s) => s.kind === 'main');
  if (!main || !transfer.sourceTxHash) return true;
  const chain = main.chain as ChainKey;
  const result =
    main.vm === 'svm'
      ? await verifySvmTransactionBySignature(deps.svmRpc(chain), transfer.sourceTxHash, storedSvmStep(main), transfer.requesterWallet)
      : await verifyEvmTransactionByHash(deps.rpc(chain), transfer.sourceTxHash as Hex, storedEvmStep(main), transfer.requesterWallet);
  if (result.verification === 'pending' || result.verification === 'unverified_rpc_error') {
    await postpone(deps, transfer, 'source transaction not found on chain yet');
    return false;
  }
  await setSubmissionVerification(deps.store.db, transfer.id, main.index, result.verification);
  if (result.verification === 'refuted') {
    await finish(deps, transfer, 'FAILED', { sourceTxVerification: 'refuted', statusDetail: `the source transaction is not the built step (${result.mismatches.map((m) => m.field).join(', ')})` });
    return false;
  }
  await updateTransfer(deps.store.db, transfer.id, { sourceTxVerification: result.verification }, deps.now());
  return true;
}

async function postpone(deps: EngineDeps, transfer: TransferRecord, detail: string, patch: TransferPatch = {}): Promise<void> {
  const now = deps.now();
  const attempts = transfer.pollAttempts + 1;
  const delay = pollDelayMs(attempts, transfer.etaSeconds, deps.settings.workerIntervalMs);
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
  if (!canMove(transfer.status, status)) {
    deps.logger.error({ transferId: transfer.id, from: transfer.status, to: status }, 'illegal status move refused');
    return;
  }
  const now = deps.now();
  await deps.store.db.transaction().execute(async (tx) => {
    await updateTransfer(tx, transfer.id, { ...patch, status, nextPollAt: null, completedAt: status === 'ABANDONED' ? null : now }, now);
    for (const fee of await listFeeRows(tx, transfer.id)) {
      const next = feeRowStatusOnTransfer(fee.status, status);
      if (next !== fee.status) await setFeeRowStatus(tx, transfer.id, fee.kind, next);
    }
  });
  transferWritten(transfer.id);
}
