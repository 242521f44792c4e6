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
  /**
   * The entries of the address lookup tables the transaction loads from, read from the chain at
   * build (base58 by table address). Kept with the stored step so the checks at submit resolve the
   * same accounts; never handed out.
   */
  readonly lookupTables?: Readonly<Record<string, readonly string[]>>;
}

/**
 * EIP-712 typed data a wallet signs with `eth_signTypedData_v4` (an intent order, a permit): nothing
 * is broadcast by the wallet; submit takes the signature, checks it against this exact data, and
 * hands it to the venue. `typedData` is stored and handed out exactly as the venue built it.
 */
export interface Eip712Step {
  readonly vm: 'eip712';
  readonly step: StepKind;
  /** The chain whose wallet signs (the source chain); the domain may name it again. */
  readonly chainId: number;
  readonly typedData: TypedDataPayload;
}

/**
 * Raw messages a wallet signs with EIP-191 `personal_sign` (`\x19Ethereum Signed Message:\n` + length
 * + the bytes), one signature each, in order: a venue whose order is a plain message signature
 * (Meson's swap request and release). Nothing is broadcast by the wallet; submit takes the
 * signatures, recovers each over the stored bytes, and hands them to the venue. `messages` are stored
 * and handed out exactly as built.
 */
export interface MessageStep {
  readonly vm: 'message';
  readonly step: StepKind;
  /** The chain whose wallet signs (the source chain). */
  readonly chainId: number;
  readonly method: 'personal_sign';
  /** Each message's raw bytes as 0x hex (lower case), signed as bytes, never as text. */
  readonly messages: readonly `0x${string}`[];
}

/** EIP-712 typed data as JSON: integers may be decimal strings or numbers, addresses any hex case. */
export interface TypedDataPayload {
  readonly domain: JsonObject;
  /** Struct name → its fields, in order; `EIP712Domain` may be listed, as `eth_signTypedData_v4` takes it. */
  readonly types: { readonly [struct: string]: readonly { readonly name: string; readonly type: string }[] };
  readonly primaryType: string;
  readonly message: JsonObject;
}

/**
 * A Tron transaction to sign exactly as built: `txID` is sha256 of `rawDataHex` (the protobuf
 * `raw_data`, owner = the sender); `contractAddress` (base58) and `callValue` (sun) restate the
 * call for the wallet's display, `null`/0 on a TRX transfer. src/chains/tron decodes and checks it.
 */
export interface TronStep {
  readonly vm: 'tron';
  readonly step: StepKind;
  readonly txID: string;
  readonly rawDataHex: string;
  readonly contractAddress: string | null;
  readonly callValue: bigint;
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

export type Step = EvmStep | SvmStep | Eip712Step | MessageStep | TronStep | UtxoStep;

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
