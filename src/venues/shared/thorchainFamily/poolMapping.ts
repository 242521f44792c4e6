import type { RejectionCode } from '../../../domain/errors.ts';
import type { TokenInfo } from '../../../domain/tokens.ts';
import { VenueRejection, type VenueStatus, type VenueTransferState } from '../../Venue.ts';
import type { VenueHttpError } from '../../venueHttpClient.ts';
import { ceilFromE8, fromE8 } from './poolNetwork.ts';
import { memoAssetMatches } from './swapMemo.ts';
import type { PoolError, PoolTx, PoolTxStatus } from './poolSchemas.ts';

/**
 * The node's quote errors carry no code, only a message (`{"error": …}` on older nodes,
 * `{"code": 3, "message": …}` on newer ones), so the table is keyed by the message fragments
 * integrators match (EdgeApp/edge-exchange-plugins thorchainCommon.ts for the minimum, THORNode's
 * querier messages for the rest; MAYANode is a fork of THORNode's querier and words them alike). The
 * first fragment found in the message decides; unlisted messages are `venue_error`.
 */
export const POOL_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  'less than min swap amount': 'below_min',
  'not enough asset to pay for fees': 'below_min',
  'swap too small': 'below_min',
  'dust threshold': 'below_min',
  'outbound amount does not meet requirements': 'below_min',
  'trading is halted': 'route_not_served',
  'trading halted': 'route_not_served',
  'memo too long': 'route_not_served',
  'pool does not exist': 'token_not_supported',
  'is not available': 'token_not_supported',
  'bad from_asset': 'token_not_supported',
  'bad to_asset': 'token_not_supported',
  'invalid asset': 'token_not_supported',
  'emit asset': 'no_liquidity',
  'invalid destination': 'invalid_input',
  'invalid refund address': 'invalid_input',
};

/** A node's error answer as a typed rejection; a 5xx stays the client's error (it counts against the venue). */
export function translatePoolError(networkName: string, error: VenueHttpError, body: PoolError | null, fromDecimals: number): unknown {
  if (error.status >= 500) return error;
  const text = body === null ? `HTTP ${error.status}` : 'error' in body ? body.error : body.message;
  const message = `${networkName}: ${text}`;
  if (error.status === 429) return new VenueRejection('venue_rate_limited', message, { venueCode: 'rate_limited' }, { cause: error });
  const lower = text.toLowerCase();
  const fragment = Object.keys(POOL_ERROR_CODES).find((key) => lower.includes(key));
  const code: RejectionCode = fragment === undefined ? 'venue_error' : (POOL_ERROR_CODES[fragment] ?? 'venue_error');
  const details: Record<string, unknown> = { venueCode: fragment ?? 'unknown', venueMessage: text };
  // "amount less than min swap amount (recommended_min_amount_in: 3355663041)": 1e8 units of the input.
  const min = /recommended_min_amount_in: ?([0-9]{1,40})/.exec(text)?.[1];
  if (code === 'below_min' && min !== undefined) details.minAmountAtomic = ceilFromE8(BigInt(min), fromDecimals).toString();
  return new VenueRejection(code, message, details, { cause: error });
}

/**
 * The family has no single status field: `/<prefix>/tx/status/{hash}` reports stages and the
 * outbound transactions (THORNode's and MAYANode's `TxStatusResponse` are the same). The adapter reduces an answer to one of these stage names (the table is the
 * mapping, every name explicit), in the order the network moves through them. A failed swap is
 * refunded (an out tx with memo `REFUND:<inbound>`); a streaming swap that filled only in part pays
 * the filled part (`OUT:`) and refunds the rest (`REFUND:`); a refund smaller than the outbound fee
 * pays nothing (the network keeps it), which is the one `failed`.
 */
export const POOL_STATUS_TABLE: Readonly<Record<string, VenueTransferState>> = {
  not_observed: 'pending',
  inbound_observed: 'pending',
  inbound_confirmation_counting: 'pending',
  inbound_finalised: 'pending',
  swap_pending: 'pending',
  swap_finalised: 'pending',
  outbound_delayed: 'pending',
  outbound_scheduled: 'pending',
  refund_scheduled: 'pending',
  out: 'completed',
  refund: 'refunded',
  out_and_refund: 'partial',
  refund_nothing: 'failed',
};

const DETAIL: Readonly<Record<string, string>> = {
  not_observed: 'the network has not observed the inbound transaction yet',
  inbound_observed: 'inbound observed, waiting for consensus',
  inbound_confirmation_counting: 'inbound observed, counting source-chain confirmations',
  inbound_finalised: 'inbound finalised, swap queued',
  swap_pending: 'swap in progress (streaming swaps take several blocks)',
  swap_finalised: 'swap done, outbound being scheduled',
  outbound_delayed: 'swap done, outbound delayed by the network (large outbounds wait longer)',
  outbound_scheduled: 'outbound scheduled, waiting for the vault to sign it',
  refund_scheduled: 'the swap failed; a refund is scheduled to the sender',
  out: 'paid out to the recipient',
  refund: 'the swap failed and the input was refunded to the sender',
  out_and_refund: 'a streaming swap filled in part: the filled part was paid out, the rest refunded',
  refund_nothing: 'the swap failed and the refund was smaller than the outbound fee: nothing was returned',
};

const ZERO_ID = /^0+$/;

/** Which stage name an answer is at, or `null` when an out tx carries a memo the table does not know. */
export function poolStageOf(body: PoolTxStatus, paysRecipient: (tx: PoolTx) => boolean = () => true): string | null {
  const outs = body.out_txs ?? [];
  // An `OUT:` paying someone else is a side payout of the same swap (an affiliate's fee: real
  // answers pay it in RUNE to a thor1… address before the recipient's outbound is signed), not ours.
  const kinds = outs.map((tx) => {
    const kind = memoKind(tx.memo ?? '');
    return kind === 'out' && !paysRecipient(tx) ? 'side' : kind;
  });
  if (kinds.includes('other')) return null;
  const paid = kinds.includes('out');
  const refunded = kinds.includes('refund');
  const stages = body.stages;
  const signed = stages.outbound_signed?.completed ?? true;
  if (paid && refunded) return 'out_and_refund';
  if (paid && signed) return 'out';
  if (refunded) {
    const returned = outs.filter((tx) => memoKind(tx.memo ?? '') === 'refund').some((tx) => tx.coins.some((coin) => BigInt(coin.amount) > 0n));
    return returned ? 'refund' : 'refund_nothing';
  }
  if (paid) return 'outbound_scheduled';
  if ((body.planned_out_txs ?? []).some((planned) => planned.refund)) return 'refund_scheduled';
  if (stages.inbound_observed?.completed !== true) return 'not_observed';
  if (stages.inbound_confirmation_counted?.completed === false) return 'inbound_confirmation_counting';
  if (stages.inbound_finalised?.completed !== true) return 'inbound_observed';
  if (stages.swap_status?.pending === true) return 'swap_pending';
  if (stages.swap_finalised?.completed !== true) return 'inbound_finalised';
  if (stages.outbound_delay?.completed === false) return 'outbound_delayed';
  if ((body.planned_out_txs ?? []).length > 0) return 'outbound_scheduled';
  return 'swap_finalised';
}

function memoKind(memo: string): 'out' | 'refund' | 'other' {
  const prefix = memo.split(':')[0]?.toUpperCase();
  if (prefix === 'OUT') return 'out';
  if (prefix === 'REFUND') return 'refund';
  return 'other';
}

/**
 * Maps a status answer. The payout is the `OUT:` out tx paying the recipient (an out tx without
 * `to_address` is taken as theirs); its id is the destination hash (`0x`-prefixed lower-case on EVM
 * chains; network-native payouts carry an all-zero id, which is no hash) and its coins in the
 * requested pool asset `toAsset`, in 1e8 units rescaled to the destination token's decimals, the
 * received amount. A payout to the recipient in another asset (a trade asset or synth, or another
 * token) is no delivery of what was asked: it is `partial`, with no amount in the requested token's
 * units and the asset named in the detail. `toAsset` null (a context stored before it was kept)
 * counts every coin, as before.
 */
export function toPoolStatus(networkName: string, body: PoolTxStatus, toToken: TokenInfo, toAsset: string | null, evmDestination: boolean, recipient: string): VenueStatus {
  const paysRecipient = (tx: PoolTx): boolean => tx.to_address === undefined || (evmDestination ? tx.to_address.toLowerCase() === recipient.toLowerCase() : tx.to_address === recipient);
  const stage = poolStageOf(body, paysRecipient);
  const base = { receivedAsset: null };
  if (stage === null) {
    const memos = (body.out_txs ?? []).map((tx) => tx.memo ?? '').join(', ');
    return { ...base, state: 'pending', venueStatus: 'unknown_out_tx', destinationTxHash: null, receivedAmount: null, detail: `${networkName} outbound with a memo the adapter does not know: ${memos}`, unrecognized: true };
  }
  const state = POOL_STATUS_TABLE[stage] ?? 'pending';
  const payout = (body.out_txs ?? []).find((tx) => memoKind(tx.memo ?? '') === 'out' && paysRecipient(tx));
  const paid = state === 'completed' || state === 'partial';
  const id = paid && payout?.id !== undefined && !ZERO_ID.test(payout.id) ? payout.id : null;
  const asked = payout?.coins.filter((coin) => toAsset === null || memoAssetMatches(coin.asset, toAsset)) ?? [];
  if (paid && payout !== undefined && asked.length === 0 && payout.coins.length > 0) {
    const assets = payout.coins.map((coin) => coin.asset).join(', ');
    return { ...base, state: 'partial', venueStatus: `${stage}_other_asset`, destinationTxHash: id === null ? null : evmDestination ? `0x${id.toLowerCase().replace(/^0x/, '')}` : id, receivedAmount: null, detail: `${networkName} paid the recipient ${assets}, not the requested ${toAsset ?? toToken.symbol}` };
  }
  const amount = paid && payout ? asked.reduce((sum, coin) => sum + BigInt(coin.amount), 0n) : null;
  return {
    ...base,
    state,
    venueStatus: stage,
    destinationTxHash: id === null ? null : evmDestination ? `0x${id.toLowerCase().replace(/^0x/, '')}` : id,
    receivedAmount: amount === null ? null : fromE8(amount, toToken.decimals),
    detail: DETAIL[stage] ?? null,
  };
}
