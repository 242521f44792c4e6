import { recountClaim } from './claims/claimObject.ts';
import { AppError } from '../domain/errors.ts';
import { elapsedSecondsOf } from '../domain/transferProgress.ts';
import { findTransfer, listFeeRows } from '../store/transferRepository.ts';
import type { EngineDeps } from './EngineDeps.ts';
import { transferView, type TransferView } from './views.ts';

/** GET /bridge/transfers/{id}: the transfer and its fee rows, from the short-lived read cache when fresh. */
export async function readTransfer(deps: EngineDeps, id: string): Promise<TransferView> {
  const cached = deps.transferViews.get(id);
  if (cached) return recounted(cached, deps.now());
  const transfer = await findTransfer(deps.store.db, id);
  if (!transfer) throw new AppError('transfer_not_found', `no transfer ${id}`);
  const view = transferView(transfer, await listFeeRows(deps.store.db, id), deps.now());
  deps.transferViews.set(id, view);
  return view;
}

/** The cached view is fresh in everything but the clock. */
function recounted(cached: TransferView, now: number): TransferView {
  return { ...cached, elapsedSeconds: elapsedSecondsOf(cached.submittedAt, cached.completedAt, now), claim: recountClaim(cached.claim, now) };
}

/** A cached view's answer as last serialised, and the one clock-dependent field it was serialised with. */
const serializedViews = new WeakMap<TransferView, { readonly elapsedSeconds: number | null; readonly json: string }>();

/**
 * {@link readTransfer}'s answer already serialised by `serialize` (the route's own serializer). A
 * view read from the cache is serialised once per value of its clock-dependent fields: wallets poll
 * one transfer many times a second across replicas of a dashboard, and serialising the same view
 * again for each read was, with its garbage, a visible share of a read's CPU (docs/performance.md).
 * A waiting claim counts down every second, so such a view is serialised on every read.
 */
export async function readTransferJson(deps: EngineDeps, id: string, serialize: (view: TransferView) => string): Promise<string> {
  const cached = deps.transferViews.get(id);
  if (!cached) return serialize(await readTransfer(deps, id));
  const view = recounted(cached, deps.now());
  const countingDown = view.claim !== null && view.claim.status === 'waiting';
  const last = serializedViews.get(cached);
  if (!countingDown && last !== undefined && last.elapsedSeconds === view.elapsedSeconds) return last.json;
  const json = serialize(view);
  if (!countingDown) serializedViews.set(cached, { elapsedSeconds: view.elapsedSeconds, json });
  return json;
}
