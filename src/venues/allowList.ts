import type { Address, Hex } from 'viem';

/**
 * What a venue's built transactions may touch, per chain: the contracts it may call (and with which
 * function selectors), and whom an ERC-20 `transfer` deposit may pay. The aggregator exploits of
 * recent years (LI.FI 2022 and 2024, Socket 2024, Rubic 2022) all came from a route-controlled call
 * target meeting users' standing approvals; an answer outside this list is refused at build and
 * again at submit.
 */
export interface VenueAllowList {
  readonly calls: readonly AllowedCall[];
  readonly transferRecipients: readonly AllowedRecipient[];
  /**
   * The venue's own Solana programs its transactions may invoke, beside the standard ones every
   * transfer uses (System, SPL Token, Token-2022, Associated Token Account, Compute Budget, Memo).
   */
  readonly solanaPrograms?: readonly string[];
  /**
   * For a venue paid by a Bitcoin-family transaction with a memo (THORChain): why the memo does not
   * do what the transfer asked (pay the recipient, name no one else), or `null`. Without it a `utxo`
   * step is refused. Run at build and again at submit.
   */
  readonly utxoMemo?: (memo: string, intent: CallIntent) => string | null;
}

export interface AllowedCall {
  readonly chainId: number;
  readonly to: Address;
  /**
   * The 4-byte selectors the call may carry, or `any` for a contract that takes opaque data (Relay's
   * receiver reads a request id as its calldata).
   */
  readonly selectors: readonly Hex[] | 'any';
  /**
   * For a router that executes whatever route its calldata names (an aggregator's diamond), pinning
   * the address is not enough: a further check of the decoded call against what the transfer asked
   * (recipient, destination chain, token, amount); returns why it does not match, or `null`. Run at
   * build and again at submit; a call it applies to without an intent to compare with is refused.
   */
  readonly check?: (data: Hex, value: bigint, intent: CallIntent) => string | null;
}

/** What a transfer asked for, as a call check compares it with the call's own fields. */
export interface CallIntent {
  readonly sourceChainId: number;
  /** The source token's address, `null` for the native asset. */
  readonly sourceToken: string | null;
  /** What the venue step itself moves: the amount sent after Strait's fee steps. */
  readonly amount: bigint;
  readonly recipient: string;
  /** The destination's EVM chain id, `null` for a non-EVM destination. */
  readonly destinationChainId: number | null;
}

export interface AllowedRecipient {
  readonly chainId: number;
  readonly recipient: Address;
}

export const EMPTY_ALLOW_LIST: VenueAllowList = { calls: [], transferRecipients: [] };
