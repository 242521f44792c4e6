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

/**
 * A Bitcoin-family transaction carrying a memo (THORChain style): `outputs[0]` is paid exactly at
 * VOUT0, an OP_RETURN output carries `memo`. `psbt` (base64) is the unsigned transaction when Strait
 * selected the sender's inputs (an indexer is configured for the chain); `null` leaves composing it
 * to the wallet (docs/steps.md, "utxo").
 */
export interface UtxoStep {
  readonly vm: 'utxo';
  readonly step: StepKind;
  readonly chain: string;
  readonly psbt: string | null;
  readonly outputs: readonly { readonly address: string; readonly amount: bigint }[];
  readonly memo: string | null;
  /** The least fee rate (sat/vB) the venue asks the transaction to pay, so it confirms in time (THORChain's `recommended_gas_rate`). */
  readonly minFeeRate?: number;
}

export type Step = EvmStep | SvmStep | UtxoStep;

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
