import type { VenueStatus, VenueTransferState } from '../Venue.ts';

/**
 * Where a deposit stands, in the words of arbitrum-sdk's `ParentToChildMessageStatus` (plus the
 * source transaction's own states). `FUNDS_DEPOSITED_ON_CHILD` is a ticket whose automatic redeem
 * failed: pending, with the redeem handed out as the transfer's claim until it expires.
 */
export const DEPOSIT_STATUS_TABLE = {
  SOURCE_PENDING: 'pending',
  SOURCE_REVERTED: 'failed',
  NOT_YET_CREATED: 'pending',
  CREATION_FAILED: 'failed',
  FUNDS_DEPOSITED_ON_CHILD: 'pending',
  REDEEMED: 'completed',
  EXPIRED: 'failed',
} as const satisfies Record<string, VenueTransferState>;
export type DepositStatus = keyof typeof DEPOSIT_STATUS_TABLE;

/** Where a withdrawal stands (arbitrum-sdk `ChildToParentMessageStatus`, plus the source's states). */
export const WITHDRAWAL_STATUS_TABLE = {
  SOURCE_PENDING: 'pending',
  SOURCE_REVERTED: 'failed',
  UNCONFIRMED: 'pending',
  CONFIRMED: 'pending',
  EXECUTED: 'completed',
} as const satisfies Record<string, VenueTransferState>;
export type WithdrawalStatus = keyof typeof WITHDRAWAL_STATUS_TABLE;

export function depositStatus(status: DepositStatus, detail: string, delivered?: { txHash: string | null; amount: bigint; asset: string | null }): VenueStatus {
  return {
    state: DEPOSIT_STATUS_TABLE[status],
    venueStatus: status,
    destinationTxHash: delivered?.txHash ?? null,
    receivedAmount: delivered?.amount ?? null,
    receivedAsset: delivered?.asset ?? null,
    detail,
  };
}

export function withdrawalStatus(status: WithdrawalStatus, detail: string, delivered?: { txHash: string | null; amount: bigint; asset: string | null }): VenueStatus {
  return {
    state: WITHDRAWAL_STATUS_TABLE[status],
    venueStatus: status,
    destinationTxHash: delivered?.txHash ?? null,
    receivedAmount: delivered?.amount ?? null,
    receivedAsset: delivered?.asset ?? null,
    detail,
  };
}
