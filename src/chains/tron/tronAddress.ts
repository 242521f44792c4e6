import { utils as tronUtils } from 'tronweb';

/** A base58check Tron address (`T…`) as 21-byte hex with the `41` prefix, lower case; `null` if not one. */
export function tronHexAddress(base58: string): string | null {
  if (!tronUtils.crypto.isAddressValid(base58)) return null;
  return tronUtils.address.toHex(base58).toLowerCase();
}

/** 21-byte `41…` hex as the base58check form wallets show. */
export function tronBase58Address(hex: string): string {
  return tronUtils.address.fromHex(hex);
}

/** The 20 bytes an EVM-style ABI word carries (a TRC-20 `transfer` recipient, a bridge's bytes32 token). */
export function tronEvmWord(hex41: string): string {
  return hex41.slice(2);
}
