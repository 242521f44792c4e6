const STARKNET_HEX = /^0x[0-9a-fA-F]{1,64}$/;
/** The STARK field prime 2^251 + 17·2^192 + 1: every felt, addresses included, is below it. */
const STARK_PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n;

/** 0x + 1..64 hex whose value is a valid field element (leading zeros are often dropped). */
export function isStarknetAddress(address: string): boolean {
  return STARKNET_HEX.test(address) && BigInt(address) < STARK_PRIME;
}
