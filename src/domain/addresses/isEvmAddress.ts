import { isAddress } from 'viem';

const EVM_HEX = /^0x[0-9a-fA-F]{40}$/;

/**
 * 0x + 40 hex. A single-case body carries no checksum (EIP-55 predates many
 * wallets), so it is accepted as is; mixed case is a checksum claim and must
 * match EIP-55 exactly, which catches most typos.
 */
export function isEvmAddress(address: string): boolean {
  if (!EVM_HEX.test(address)) return false;
  const body = address.slice(2);
  // viem treats an all-uppercase body as a failed checksum, hence the explicit branch.
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return isAddress(address, { strict: true });
}
