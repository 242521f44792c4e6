import type { VenueStatus, VenueTransferState } from '../Venue.ts';
import type { GardenOrder, GardenSwap } from './gardenSchemas.ts';

/**
 * Where a Garden order stands. The order answer carries no status string: Garden derives its
 * lifecycle (docs.garden.finance developers/core/order-lifecycle) from each swap's transaction
 * hashes and block numbers (a block number of 0 = seen, not yet confirmed), as its SDK's
 * `ParseOrderStatus` does. Strait derives the same names and maps each through one table.
 */
export type GardenOrderStatus =
  | 'Created'
  | 'Matched'
  | 'InitiateDetected'
  | 'Initiated'
  | 'CounterPartyInitiateDetected'
  | 'CounterPartyInitiated'
  | 'RedeemDetected'
  | 'Redeemed'
  | 'CounterPartyRedeemDetected'
  | 'CounterPartyRedeemed'
  | 'Completed'
  | 'CounterPartySwapExpired'
  | 'Expired'
  | 'RefundDetected'
  | 'Refunded'
  | 'CounterPartyRefundDetected'
  | 'CounterPartyRefunded'
  | 'DeadLineExceeded';

/**
 * Every documented order status → Strait's state. The user's funds are delivered when the
 * destination HTLC is redeemed to the recipient (Garden redeems for one-click orders); a refund is
 * the user's own source HTLC paying back.
 */
export const GARDEN_STATUS_TABLE: Readonly<Record<GardenOrderStatus, VenueTransferState>> = {
  Created: 'pending',
  Matched: 'pending',
  InitiateDetected: 'pending',
  Initiated: 'pending',
  CounterPartyInitiateDetected: 'pending',
  CounterPartyInitiated: 'pending',
  RedeemDetected: 'pending',
  Redeemed: 'completed',
  // The solver's redeem follows the user's: the destination was paid before it.
  CounterPartyRedeemDetected: 'completed',
  CounterPartyRedeemed: 'completed',
  Completed: 'completed',
  // Expiries leave the user's funds in their HTLC until the user refunds: not final yet.
  CounterPartySwapExpired: 'pending',
  Expired: 'pending',
  RefundDetected: 'pending',
  Refunded: 'refunded',
  CounterPartyRefundDetected: 'pending',
  CounterPartyRefunded: 'pending',
  DeadLineExceeded: 'failed',
};

const DETAIL: Readonly<Record<GardenOrderStatus, string | null>> = {
  Created: 'order created, waiting for a solver',
  Matched: 'waiting for the deposit into the source HTLC',
  InitiateDetected: 'deposit seen, waiting for its confirmation',
  Initiated: 'deposit confirmed, waiting for the solver to lock the destination side',
  CounterPartyInitiateDetected: 'solver lock seen on the destination chain, waiting for its confirmation',
  CounterPartyInitiated: 'solver locked the destination side, waiting for the redeem to the recipient',
  RedeemDetected: 'redeem to the recipient seen, waiting for its confirmation',
  Redeemed: null,
  CounterPartyRedeemDetected: null,
  CounterPartyRedeemed: null,
  Completed: null,
  CounterPartySwapExpired: "the solver's lock expired; the deposit is refundable from the source HTLC once its timelock passes",
  Expired: 'the source HTLC expired; the sender must refund it',
  RefundDetected: 'refund of the source HTLC seen, waiting for its confirmation',
  Refunded: 'the source HTLC refunded the sender',
  CounterPartyRefundDetected: "the solver is refunding its destination lock; the deposit is refundable from the source HTLC once its timelock passes",
  CounterPartyRefunded: "the solver refunded its destination lock; the deposit is refundable from the source HTLC once its timelock passes",
  DeadLineExceeded: 'no deposit within an hour of the order; Garden will not fill it (a late deposit is refundable from the source HTLC after its timelock)',
};

/** Garden gives the user an hour from the order's creation to initiate (its SDK's attested deadline). */
export const INITIATE_DEADLINE_MS = 60 * 60 * 1000;

type SwapStep = 'idle' | 'initiateDetected' | 'initiated' | 'redeemDetected' | 'redeemed' | 'refundDetected' | 'refunded';

const confirmed = (block: string | number | null | undefined): boolean => block !== null && block !== undefined && Number(block) > 0;
const present = (hash: string | null | undefined): hash is string => typeof hash === 'string' && hash.length > 0;

function swapStep(swap: GardenSwap): SwapStep {
  if (present(swap.redeem_tx_hash)) return confirmed(swap.redeem_block_number) ? 'redeemed' : 'redeemDetected';
  if (present(swap.refund_tx_hash)) return confirmed(swap.refund_block_number) ? 'refunded' : 'refundDetected';
  if (present(swap.initiate_tx_hash)) return confirmed(swap.initiate_block_number) ? 'initiated' : 'initiateDetected';
  return 'idle';
}

/**
 * The order's lifecycle status, in the order Garden's SDK checks them. Expiries need the chains'
 * current block heights, which the order answer does not carry: an expired lock shows here as the
 * step before it until a refund appears.
 */
export function gardenOrderStatusOf(order: GardenOrder, now: number): GardenOrderStatus {
  const source = swapStep(order.source_swap);
  const destination = swapStep(order.destination_swap);
  if (destination === 'redeemed') return 'Redeemed';
  if (destination === 'redeemDetected') return 'RedeemDetected';
  if (source === 'refunded') return 'Refunded';
  if (source === 'refundDetected') return 'RefundDetected';
  if (destination === 'refunded') return 'CounterPartyRefunded';
  if (destination === 'refundDetected') return 'CounterPartyRefundDetected';
  if (destination === 'initiated') return 'CounterPartyInitiated';
  if (destination === 'initiateDetected') return 'CounterPartyInitiateDetected';
  if (source === 'initiated') return 'Initiated';
  if (source === 'initiateDetected') return 'InitiateDetected';
  const createdAt = Date.parse(order.created_at);
  if (!Number.isNaN(createdAt) && now > createdAt + INITIATE_DEADLINE_MS) return 'DeadLineExceeded';
  return 'Matched';
}

/** The delivered amount of a redeemed destination swap: what it filled, else what it locked. */
function deliveredOf(swap: GardenSwap): bigint {
  const filled = swap.filled_amount === undefined ? 0n : BigInt(swap.filled_amount);
  return filled > 0n ? filled : BigInt(swap.amount);
}

/**
 * An order answer → Strait's status. `minAmountOut` is what the order guaranteed after its
 * slippage: a redeem that delivered less is `partial`.
 */
export function toGardenVenueStatus(order: GardenOrder, now: number, minAmountOut: bigint | null): VenueStatus {
  const status = gardenOrderStatusOf(order, now);
  const state = GARDEN_STATUS_TABLE[status];
  const destinationHash = present(order.destination_swap.redeem_tx_hash) ? order.destination_swap.redeem_tx_hash : null;
  const base = { venueStatus: status, destinationTxHash: destinationHash, receivedAsset: null };
  if (state === 'completed') {
    const received = deliveredOf(order.destination_swap);
    if (minAmountOut !== null && received < minAmountOut) {
      return { ...base, state: 'partial', receivedAmount: received, detail: `delivered ${received}, less than the order's minimum ${minAmountOut}` };
    }
    return { ...base, state, receivedAmount: received, detail: null };
  }
  return { ...base, state, receivedAmount: null, detail: DETAIL[status] };
}
