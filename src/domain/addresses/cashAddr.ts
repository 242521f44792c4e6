import { bech32 } from '@scure/base';
import { attempt } from './checksums.ts';

/**
 * Bitcoin Cash CashAddr (https://reference.cash/protocol/blockchain/encoding/cashaddr).
 * No maintained library among our dependencies implements its 40-bit BCH checksum,
 * so the polymod lives here; the 5-to-8-bit regrouping is borrowed from bech32.
 */

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];

function polymod(values: readonly number[]): bigint {
  let c = 1n;
  for (const value of values) {
    const top = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(value);
    GENERATORS.forEach((g, i) => {
      if ((top >> BigInt(i)) & 1n) c ^= g;
    });
  }
  return c ^ 1n;
}

/** Hash sizes (bytes) indexed by the version byte's low three bits. */
const HASH_SIZES = [20, 24, 28, 32, 40, 48, 56, 64];

export interface CashAddrPayload {
  /** 0 = P2PKH, 1 = P2SH (2 and 3 are the CashTokens-aware variants). */
  readonly type: number;
  readonly hash: Uint8Array;
}

/**
 * Decodes `prefix:payload` or a bare payload (the prefix is then assumed, as
 * wallets commonly omit it). Returns undefined on any malformation.
 */
export function decodeCashAddr(address: string, expectedPrefix: string): CashAddrPayload | undefined {
  if (address.length > 120) return undefined;
  const lower = address.toLowerCase();
  // Like bech32: either case, never mixed (which would hide transcription errors).
  if (address !== lower && address !== address.toUpperCase()) return undefined;
  const sep = lower.lastIndexOf(':');
  const prefix = sep === -1 ? expectedPrefix : lower.slice(0, sep);
  if (prefix !== expectedPrefix) return undefined;
  const words: number[] = [];
  for (const ch of lower.slice(sep + 1)) {
    const value = CHARSET.indexOf(ch);
    if (value === -1) return undefined;
    words.push(value);
  }
  if (words.length < 9) return undefined;
  // The checksum covers the prefix's low five bits, a zero separator, then the payload.
  const prefixWords = [...prefix].map((ch) => ch.charCodeAt(0) & 0x1f);
  if (polymod([...prefixWords, 0, ...words]) !== 0n) return undefined;
  const bytes = attempt(() => bech32.fromWords(words.slice(0, -8)));
  const version = bytes?.[0];
  if (bytes === undefined || version === undefined || version & 0x80) return undefined;
  const hash = bytes.subarray(1);
  if (hash.length !== HASH_SIZES[version & 0x07]) return undefined;
  return { type: version >> 3, hash };
}

/** `prefix:payload` for a 20-byte hash of `type` (0 = P2PKH, 1 = P2SH): the inverse of {@link decodeCashAddr}. */
export function encodeCashAddr(prefix: string, type: number, hash: Uint8Array): string {
  const size = HASH_SIZES.indexOf(hash.length);
  if (size === -1 || type < 0 || type > 15) throw new Error(`no CashAddr for a type ${type} hash of ${hash.length} bytes`);
  const payload = bech32.toWords(Uint8Array.of((type << 3) | size, ...hash));
  const prefixWords = [...prefix].map((ch) => ch.charCodeAt(0) & 0x1f);
  const checksum = polymod([...prefixWords, 0, ...payload, 0, 0, 0, 0, 0, 0, 0, 0]);
  const checksumWords = Array.from({ length: 8 }, (_, i) => Number((checksum >> BigInt(5 * (7 - i))) & 0x1fn));
  return `${prefix}:${[...payload, ...checksumWords].map((word) => CHARSET[word]).join('')}`;
}
