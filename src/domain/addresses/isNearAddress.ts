/** NEAR's account-id grammar (nearcore `AccountId` validation). */
const ACCOUNT_ID = /^(([a-z\d]+[-_])*[a-z\d]+\.)*([a-z\d]+[-_])*[a-z\d]+$/;

/**
 * Named accounts (`alice.near`, top-level `aurora`), implicit accounts (64
 * lowercase hex, an ed25519 key) and ETH-implicit accounts (`0x` + 40
 * lowercase hex). The two implicit forms are already sentences of the named
 * grammar, so the single rule covers all three.
 */
export function isNearAddress(address: string): boolean {
  return address.length >= 2 && address.length <= 64 && ACCOUNT_ID.test(address);
}
