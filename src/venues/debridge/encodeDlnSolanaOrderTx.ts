import { createHash } from 'node:crypto';
import { base58, hex } from '@scure/base';
import {
  address,
  appendTransactionMessageInstructions,
  blockhash as toBlockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getTransactionEncoder,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type AccountRole,
  type Instruction,
} from '@solana/kit';
import { DLN_SOLANA_SOURCE } from './debridgeChains.ts';

/**
 * The unsigned Solana transaction deBridge's fake answers a Solana-source `create-tx` with, in the
 * shape of the mainnet order transaction of fixtures/real/dln-solana-order-tx-jupiter-preswap.hex
 * without its pre-swap: a priority fee, then DlnSource `create_order_with_nonce` with the same twelve
 * accounts (maker, state, tokenMint, giveOrderState, authorizedNativeSender, makerWallet,
 * giveOrderWallet, nonceMaster, feeLedgerWallet, System, SPL Token, Associated Token) and argument
 * layout (dlnSolanaOrder.ts). Program-derived accounts are stand-ins (fixed keys per label), which
 * is all a stand-in DlnSource program on a test chain needs. For tests and the fake only.
 */
export interface DlnSolanaOrderTxParams {
  /** The maker: fee payer and sole signer (base58). */
  readonly maker: string;
  readonly mint: string;
  readonly giveAmount: bigint;
  readonly takeChainId: bigint;
  /** 0x-hex of the EVM token, receiver and destination authority. */
  readonly takeToken: string;
  readonly takeAmount: bigint;
  readonly receiverDst: string;
  readonly orderAuthorityDst: string;
  readonly externalCall?: string;
  readonly nonce: bigint;
  readonly referralCode?: number;
  /** Base58; the wallet replaces it (the step asks for a fresh one). */
  readonly blockhash: string;
  /** A table to load every account it holds from (v0 compression as @solana/kit does it). */
  readonly lookupTable?: { readonly address: string; readonly entries: readonly string[] };
}

const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const SYSTEM = '11111111111111111111111111111111';
const SPL_TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const ASSOCIATED_TOKEN = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const CREATE_ORDER_WITH_NONCE = hex.decode('828362be28ce4432');

const READONLY = 0 as AccountRole;
const WRITABLE = 1 as AccountRole;
const WRITABLE_SIGNER = 3 as AccountRole;

/** A fixed stand-in key per label (a program-derived account of the real program). */
export const standInAccount = (label: string): string => base58.encode(createHash('sha256').update(`dln-stand-in:${label}`).digest());

const le = (value: bigint, size: number): Uint8Array => {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) out[i] = Number((value >> BigInt(8 * i)) & 0xffn);
  return out;
};
const be32 = (value: bigint): Uint8Array => le(value, 32).reverse();
const borshBytes = (value: Uint8Array): Uint8Array => Uint8Array.from([...le(BigInt(value.length), 4), ...value]);
const hexBytes = (value: string): Uint8Array => hex.decode(value.replace(/^0x/, '').toLowerCase());

export function encodeDlnSolanaOrderData(p: DlnSolanaOrderTxParams): Uint8Array {
  const parts: Uint8Array[] = [
    CREATE_ORDER_WITH_NONCE,
    le(p.giveAmount, 8),
    be32(p.takeChainId),
    borshBytes(hexBytes(p.takeToken)),
    be32(p.takeAmount),
    borshBytes(hexBytes(p.receiverDst)),
    p.externalCall ? Uint8Array.from([1, ...borshBytes(hexBytes(p.externalCall))]) : Uint8Array.of(0),
    base58.decode(p.maker),
    Uint8Array.of(0),
    borshBytes(hexBytes(p.orderAuthorityDst)),
    Uint8Array.of(0),
    Uint8Array.of(0),
    Uint8Array.from([1, ...le(BigInt(p.referralCode ?? 0), 4)]),
    le(p.nonce, 8),
    borshBytes(new Uint8Array(0)),
  ];
  return Uint8Array.from(parts.flatMap((part) => [...part]));
}

export function encodeDlnSolanaOrderTx(p: DlnSolanaOrderTxParams): Uint8Array {
  const meta = (key: string, role: AccountRole) => ({ address: address(key), role });
  const order: Instruction = {
    programAddress: address(DLN_SOLANA_SOURCE),
    accounts: [
      meta(p.maker, WRITABLE_SIGNER),
      meta(standInAccount('state'), READONLY),
      meta(p.mint, READONLY),
      meta(standInAccount(`give-order-state:${p.nonce}`), WRITABLE),
      meta(standInAccount('authorized-native-sender'), READONLY),
      meta(standInAccount(`maker-wallet:${p.maker}:${p.mint}`), WRITABLE),
      meta(standInAccount(`give-order-wallet:${p.nonce}`), WRITABLE),
      meta(standInAccount(`nonce-master:${p.maker}`), WRITABLE),
      meta(standInAccount('fee-ledger-wallet'), WRITABLE),
      meta(SYSTEM, READONLY),
      meta(SPL_TOKEN, READONLY),
      meta(ASSOCIATED_TOKEN, READONLY),
    ],
    data: encodeDlnSolanaOrderData(p),
  };
  const priorityFee: Instruction = { programAddress: address(COMPUTE_BUDGET), data: Uint8Array.from([3, ...le(100_000n, 8)]) };
  const message = appendTransactionMessageInstructions(
    [priorityFee, order],
    setTransactionMessageLifetimeUsingBlockhash({ blockhash: toBlockhash(p.blockhash), lastValidBlockHeight: 1_000_000n }, setTransactionMessageFeePayer(address(p.maker), createTransactionMessage({ version: 0 }))),
  );
  const compressed = p.lookupTable ? compressTransactionMessageUsingAddressLookupTables(message, { [address(p.lookupTable.address)]: p.lookupTable.entries.map((entry) => address(entry)) }) : message;
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(compressed)));
}
