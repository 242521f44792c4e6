/**
 * What build hands a wallet, in the service's own terms. Amounts are bigint here; the HTTP layer
 * writes them as strings. Only the `main` step moves an order; `approve`, `fee` and `redeem` are
 * additional transactions (spec §2).
 */

export type StepKind = 'approve' | 'fee' | 'main' | 'redeem';
export const STEP_KINDS: readonly StepKind[] = ['approve', 'fee', 'main', 'redeem'];

/** An unsigned EVM transaction; the wallet supplies nonce and gas. */
export interface EvmStep {
  readonly vm: 'evm';
  readonly step: StepKind;
  readonly chainId: number;
  readonly to: `0x${string}`;
  readonly data: `0x${string}`;
  readonly value: bigint;
}

/** A Solana versioned transaction to sign exactly as built (compute-budget additions allowed). */
export interface SvmStep {
  readonly vm: 'svm';
  readonly step: StepKind;
  readonly serializedTx: string;
  readonly encoding: 'base64' | 'hex';
  readonly refreshBlockhash: boolean;
}

export type Step = EvmStep | SvmStep;

/** For deposit-address venues: where to send what, and until when. */
export interface DepositInstruction {
  readonly chain: string;
  readonly address: string;
  /** `null` for the chain's native asset. */
  readonly token: string | null;
  readonly amount: bigint;
  /** Memo / tag / extra id the deposit must carry, when the venue gives one. */
  readonly memo: string | null;
  readonly deadlineMs: number;
}

/** A value that survives a JSON round trip through the store (venue context, fixtures). */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
