const SUI_ADDRESS = /^0x[0-9a-fA-F]{64}$/;

/**
 * 0x + 64 hex. Sui's short forms (`0x2`) name system objects, not accounts a
 * user would receive at, so the full width is required.
 */
export function isSuiAddress(address: string): boolean {
  return SUI_ADDRESS.test(address);
}
