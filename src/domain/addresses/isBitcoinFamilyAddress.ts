import { bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { attempt } from './checksums.ts';
import { decodeCashAddr } from './cashAddr.ts';

/** What distinguishes one UTXO chain's address forms from another's. */
export interface BitcoinFamilyParams {
  /** Base58Check version prefixes (Zcash uses two bytes) each followed by a 20-byte hash. */
  readonly base58Versions: readonly (readonly number[])[];
  /** Human-readable part of SegWit addresses, when the chain has SegWit. */
  readonly segwitHrp?: string;
  /** CashAddr prefix, when the chain uses CashAddr. */
  readonly cashAddrPrefix?: string;
  /** Accept Zcash Sapling (`zs1`) and Unified (`u1`) shielded addresses. */
  readonly zcashShielded?: boolean;
}

export const BITCOIN_FAMILY_PARAMS = {
  bitcoin: { base58Versions: [[0x00], [0x05]], segwitHrp: 'bc' },
  // Litecoin's old P2SH version 0x05 ('3…') still circulates beside 0x32 ('M…').
  litecoin: { base58Versions: [[0x30], [0x32], [0x05]], segwitHrp: 'ltc' },
  dogecoin: { base58Versions: [[0x1e], [0x16]] },
  bitcoincash: { base58Versions: [[0x00], [0x05]], cashAddrPrefix: 'bitcoincash' },
  zcash: { base58Versions: [[0x1c, 0xb8], [0x1c, 0xbd]], zcashShielded: true },
  dash: { base58Versions: [[0x4c], [0x10]] },
} as const satisfies Record<string, BitcoinFamilyParams>;

const base58check = createBase58check(sha256);
const HASH160_LENGTH = 20;

function isBase58Address(address: string, versions: BitcoinFamilyParams['base58Versions']): boolean {
  // Version + hash + checksum stays well under 40 characters; longer input is not an address.
  if (address.length > 40) return false;
  const bytes = attempt(() => base58check.decode(address));
  if (bytes === undefined) return false;
  return versions.some(
    (version) =>
      bytes.length === version.length + HASH160_LENGTH && version.every((byte, i) => bytes[i] === byte),
  );
}

/**
 * BIP-173/350: witness v0 must use bech32 and carry a 20- or 32-byte program,
 * v1 (Taproot) must use bech32m and carry 32 bytes. Later versions are not yet
 * spendable as intended, so paying them would burn funds: rejected.
 */
function isSegwitAddress(address: string, hrp: string): boolean {
  const classic = bech32.decodeUnsafe(address) || undefined;
  const modern = classic ? undefined : bech32m.decodeUnsafe(address) || undefined;
  const decoded = classic ?? modern;
  if (!decoded || decoded.prefix !== hrp) return false;
  const [version, ...programWords] = decoded.words;
  const program = bech32.fromWordsUnsafe(programWords);
  if (!program) return false;
  if (version === 0) return classic !== undefined && (program.length === 20 || program.length === 32);
  if (version === 1) return modern !== undefined && program.length === 32;
  return false;
}

function isCashAddress(address: string, prefix: string): boolean {
  const payload = decodeCashAddr(address, prefix);
  if (!payload) return false;
  // P2PKH and P2SH with 20-byte hashes, plus P2SH32 (32-byte hash, May 2023 upgrade).
  if (payload.type === 0) return payload.hash.length === 20;
  if (payload.type === 1) return payload.hash.length === 20 || payload.hash.length === 32;
  return false;
}

/**
 * Sapling (`zs1`, bech32 per ZIP-173, 43 bytes) and ZIP-316 Unified (`u1`, bech32m).
 * A Unified Address is F4Jumbled, so beyond its checksum only its minimum
 * length (48 bytes) can be checked without a full Zcash library.
 */
function isZcashShieldedAddress(address: string): boolean {
  const sapling = bech32.decodeUnsafe(address);
  if (sapling) return sapling.prefix === 'zs' && bech32.fromWordsUnsafe(sapling.words)?.length === 43;
  const unified = bech32m.decodeUnsafe(address, 1000);
  if (!unified || unified.prefix !== 'u') return false;
  const bytes = bech32m.fromWordsUnsafe(unified.words);
  return bytes !== undefined && bytes.length >= 48;
}

/** True when `address` is a mainnet address of the UTXO chain described by `params`. */
export function isBitcoinFamilyAddress(address: string, params: BitcoinFamilyParams): boolean {
  if (isBase58Address(address, params.base58Versions)) return true;
  if (params.segwitHrp !== undefined && isSegwitAddress(address, params.segwitHrp)) return true;
  if (params.cashAddrPrefix !== undefined && isCashAddress(address, params.cashAddrPrefix)) return true;
  return params.zcashShielded === true && isZcashShieldedAddress(address);
}
