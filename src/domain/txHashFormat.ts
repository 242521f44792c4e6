import { base58 } from '@scure/base';
import { chainInfo, type ChainKey, type VmFamily } from './chains.ts';

/**
 * The shape of a transaction id on each chain family, for a `txHash` a wallet submits: only the
 * format, so a typo or a hash of another chain is a 400 before anything is recorded. Whether the
 * transaction exists and pays what it should is the verifier's business.
 */
export interface TxHashFormat {
  /** Whether `value` has the family's transaction-id shape. */
  readonly matches: (value: string) => boolean;
  /** For the error message: what a valid one looks like. */
  readonly description: string;
}

const HEX64 = /^[0-9a-fA-F]{64}$/;
const HEX64_0X = /^0x[0-9a-fA-F]{64}$/;

function base58Bytes(length: number, minChars: number, maxChars: number): (value: string) => boolean {
  return (value) => {
    // Bounding first keeps base58's quadratic decode cheap on hostile input.
    if (value.length < minChars || value.length > maxChars) return false;
    try {
      return base58.decode(value).length === length;
    } catch {
      return false;
    }
  };
}

const hex64: TxHashFormat = { matches: (v) => HEX64.test(v), description: '64 hex digits' };
const hex64With0x: TxHashFormat = { matches: (v) => HEX64_0X.test(v), description: '0x and 64 hex digits' };

const FORMATS: Readonly<Record<VmFamily, TxHashFormat>> = {
  evm: hex64With0x,
  svm: { matches: base58Bytes(64, 64, 88), description: 'a base58 transaction signature (64 bytes)' },
  // A txid: the double-SHA-256 of the transaction, shown as 64 hex digits.
  utxo: hex64,
  tron: hex64,
  cosmos: hex64,
  stellar: hex64,
  cardano: hex64,
  xrpl: hex64,
  sui: { matches: base58Bytes(32, 32, 44), description: 'a base58 transaction digest (32 bytes)' },
  near: { matches: base58Bytes(32, 32, 44), description: 'a base58 transaction hash (32 bytes)' },
  aptos: hex64With0x,
  substrate: hex64With0x,
  hypercore: hex64With0x,
  lighter: { matches: (v) => HEX64_0X.test(v) || HEX64.test(v), description: '64 hex digits, with or without 0x' },
  // Felts: 0x and up to 64 hex digits (leading zeros are often dropped).
  starknet: { matches: (v) => /^0x[0-9a-fA-F]{1,64}$/.test(v), description: '0x and up to 64 hex digits' },
  // 32 bytes, shown as hex by explorers or as base64 / base64url by the APIs.
  ton: { matches: (v) => HEX64.test(v) || /^[A-Za-z0-9+/_-]{43}=?$/.test(v), description: '64 hex digits or 32 bytes in base64' },
  // 32 bytes in base32 without padding: 52 characters.
  algorand: { matches: (v) => /^[A-Z2-7]{52}$/.test(v), description: '52 base32 characters' },
};

export function txHashFormat(chain: ChainKey): TxHashFormat {
  return FORMATS[chainInfo(chain).vm];
}
