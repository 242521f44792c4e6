const APTOS_ADDRESS = /^0x[0-9a-fA-F]{1,64}$/;

/**
 * 0x + 1..64 hex, for Aptos and Movement. AIP-40 keeps short forms such as
 * `0x1` for special accounts, and older tooling strips leading zeros, so any
 * width up to 32 bytes is accepted; the value is zero-padded on-chain.
 */
export function isAptosAddress(address: string): boolean {
  return APTOS_ADDRESS.test(address);
}
