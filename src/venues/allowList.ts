import type { SvmLookupTables } from '../chains/svm/addressLookupTables.ts';
import type { Address, Hex } from 'viem';
import type { DecodedSvmTransaction } from '../chains/svm/decodeSvmTransaction.ts';
import type { TypedDataPayload } from '../domain/steps.ts';

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
   * Where the venue's Solana instruction data names the receiver, destination chain or amount (a DLN
   * order): why the decoded transaction does not do what the transfer asked, or `null`. Run at build
   * and again at submit, like {@link AllowedCall.check}; without the transfer's details an `svm` step
   * of such a venue is refused. `lookupTables` holds the entries of the tables the transaction loads
   * from when they were read from the chain (`null` when not: no Solana RPC is configured); a check
   * that needs an account loaded from a table it cannot resolve refuses.
   */
  readonly solanaCheck?: (tx: DecodedSvmTransaction, intent: CallIntent, lookupTables: SvmLookupTables | null) => string | null;
  /**
   * The EIP-712 typed data its `eip712` steps may ask a wallet to sign: which domains and which
   * primary types. A signature moves funds as surely as a call (an intent order, a Permit2 transfer),
   * so an answer naming any other domain or type is refused at build and again at submit.
   */
  readonly typedData?: readonly AllowedTypedData[];
  /**
   * The raw messages its `message` steps (EIP-191 `personal_sign`) may ask a wallet to sign, per
   * chain. A message says nothing a wallet can show, so every entry carries a check that decodes the
   * bytes and compares what they name (amount, tokens, chains, recipient, expiry) with the transfer;
   * a `message` step on a chain without an entry is refused, at build and again at submit.
   */
  readonly messages?: readonly AllowedMessages[];
  /**
   * For a venue paid by a Bitcoin-family transaction with a memo (THORChain): why the memo does not
   * do what the transfer asked (pay the recipient, name no one else), or `null`. Without it a `utxo`
   * step is refused. Run at build and again at submit.
   */
  readonly utxoMemo?: (memo: string, intent: CallIntent) => string | null;
  /**
   * The destination-chain calls a `redeem` step (a claim) may make, keyed by the destination's chain
   * id; a `check` compares the decoded call with the transfer (recipient, amount, destination). Kept
   * apart from `calls` so a claim target can never be the target of a source-chain step.
   */
  readonly redeemCalls?: readonly AllowedCall[];
  /** The venue's Tron contracts its `tron` steps may call (engine/tronSteps.ts checks them at build and submit). */
  readonly tronCalls?: readonly AllowedTronCall[];
}

export interface AllowedTronCall {
  /** Base58 (`T…`). */
  readonly contract: string;
  /** 4-byte selectors as 8 hex digits, lower case, no 0x. */
  readonly selectors: readonly string[];
  /** As {@link AllowedCall.check}: `data` is the call's hex (no 0x), `callValue` in sun. */
  readonly check?: (data: string, callValue: bigint, intent: CallIntent) => string | null;
}

/**
 * One domain a venue's signature steps may name, field for field: the signed domain must carry
 * exactly the fields given here, with these values (names as is, addresses in any case), and no other.
 */
export interface AllowedTypedData {
  /** The chain whose wallet signs (the step's `chainId`, the source chain). */
  readonly chainId: number;
  readonly domain: { readonly name?: string; readonly version?: string; readonly chainId?: number; readonly verifyingContract?: Address; readonly salt?: Hex };
  readonly primaryTypes: readonly string[];
  /**
   * Where the message names a receiver, destination chain, token or amount: why it does not match
   * what the transfer asked, or `null`. Run at build and again at submit; a domain with a check is
   * refused without the transfer's details to compare with (like {@link AllowedCall.check}).
   */
  readonly check?: (typedData: TypedDataPayload, intent: CallIntent) => string | null;
}

export interface AllowedMessages {
  /** The chain whose wallet signs (the step's `chainId`, the source chain). */
  readonly chainId: number;
  /**
   * Why these messages (lower-case 0x hex, in the step's order) do not do what the transfer asked,
   * or `null`. Required: Strait cannot tell what opaque bytes authorize without it.
   */
  readonly check: (messages: readonly `0x${string}`[], intent: CallIntent) => string | null;
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
  /**
   * The native fee the build declared and bounded (StepsPlan.nativeFee, the build's `nativeFeeAtomic`),
   * which the main call carries beside the amount. A check for a venue whose fee is exact (Rubic's fixed
   * fees) requires exactly this much at build and at submit; absent when the caller does not know it.
   */
  readonly nativeFee?: bigint;
  /**
   * The platform cut the venue itself takes for Strait through its integrator-fee parameter
   * (`feeCapture: venue-param`): a check that can see it in the call requires it paid to exactly this
   * wallet, exactly this amount. `null` or absent: the venue takes no cut for Strait.
   */
  readonly venueFee?: { readonly recipient: string; readonly amount: bigint } | null;
}

export interface AllowedRecipient {
  readonly chainId: number;
  readonly recipient: Address;
}

export const EMPTY_ALLOW_LIST: VenueAllowList = { calls: [], transferRecipients: [] };
