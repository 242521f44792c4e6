import { recountClaim } from './claims/claimObject.ts';
import { AppError } from '../domain/errors.ts';
import { elapsedSecondsOf } from '../domain/transferProgress.ts';
import { findTransfer, listFeeRows } from '../store/transferRepository.ts';
import type { EngineDeps } from './EngineDeps.ts';
import { transferView, type TransferView } from './views.ts';

/** GET /bridge/transfers/{id}: the transfer and its fee rows, from the short-lived read cache when fresh. */
export async function readTransfer(deps: EngineDeps, id: string): Promise<TransferView> {
  const cached = deps.transferViews.get(id);
  // The cached view is fresh in everything but the clock.
  if (cached) return { ...cached, elapsedSeconds: elapsedSecondsOf(cached.submittedAt, cached.completedAt, deps.now()), claim: recountClaim(cached.claim, deps.now()) };
  const transfer = await findTransfer(deps.store.db, id);
  if (!transfer) throw new AppError('transfer_not_found', `no transfer ${id}`);
  const view = transferView(transfer, await listFeeRows(deps.store.db, id), deps.now());
  deps.transferViews.set(id, view);
  return view;
}
