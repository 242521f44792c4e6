import { base64, base64url } from '@scure/base';
import { attempt } from './checksums.ts';

const HEX = /^0x[0-9a-f]+$/i;
const CASHADDR = /^(?:(bitcoincash|bchtest|bchreg):)?([qp][02-9ac-hj-np-z]{41,})$/i;
// bech32/bech32m: human-readable part, separator 1, data in the bech32 charset; case-insensitive.
const BECH32 = /^[a-z][a-z0-9]{0,82}1[02-9ac-hj-np-z]{6,}$/i;
const TON_RAW = /^(0|-1):([0-9a-f]{64})$/i;

/**
 * One key per wallet however a client spells it, for the per-wallet counter of spec §8: a caller
 * must not get ten more requests by re-casing or re-encoding the same address.
 *
 * - hex families (EVM, Starknet, Sui, Aptos): lower case, leading zeros of the number dropped
 *   (`0x0123` and `0x123` are one Starknet account);
 * - bech32 and bech32m (bitcoin `bc1…`, cosmos chains): lower case, as the encoding is case-insensitive;
 * - CashAddr: lower case without the optional `bitcoincash:` prefix;
 * - TON: raw (`0:<hex>`) and user-friendly (bounceable or not, base64 or base64url) forms of one
 *   account give the same `workchain:hash`;
 * - everything else (base58 families, where case is meaning) unchanged.
 *
 * Returns `null` for an empty or absurdly long value, which names no wallet.
 */
export function walletKey(wallet: string | null | undefined): string | null {
  if (!wallet || wallet.length > 256) return null;
  const trimmed = wallet.trim();
  if (HEX.test(trimmed)) return `0x${trimmed.slice(2).toLowerCase().replace(/^0+(?=.)/, '')}`;
  const cash = CASHADDR.exec(trimmed);
  if (cash && sameCase(trimmed)) return cash[2]!.toLowerCase();
  const tonRaw = TON_RAW.exec(trimmed);
  if (tonRaw) return `ton:${tonRaw[1]}:${tonRaw[2]!.toLowerCase()}`;
  const ton = tonFriendly(trimmed);
  if (ton) return ton;
  if (BECH32.test(trimmed) && sameCase(trimmed)) return trimmed.toLowerCase();
  return trimmed;
}

function sameCase(value: string): boolean {
  return value === value.toLowerCase() || value === value.toUpperCase();
}

/** A 48-character TON user-friendly address: tag, workchain, 32-byte hash, CRC (not checked here). */
function tonFriendly(value: string): string | null {
  if (value.length !== 48 || !/^[A-Za-z0-9+/_-]{48}$/.test(value)) return null;
  const bytes = attempt(() => (/[-_]/.test(value) ? base64url : base64).decode(value));
  if (bytes?.length !== 36) return null;
  const tag = bytes[0]! & 0x7f;
  if (tag !== 0x11 && tag !== 0x51) return null;
  const workchain = bytes[1] === 0xff ? '-1' : String(bytes[1]);
  return `ton:${workchain}:${Buffer.from(bytes.subarray(2, 34)).toString('hex')}`;
}
