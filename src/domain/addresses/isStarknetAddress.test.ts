import { describe, expect, it } from 'vitest';
import { isStarknetAddress } from './isStarknetAddress.ts';

const PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n;

describe('isStarknetAddress', () => {
  it.each([
    '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7', // ETH token
    '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d', // STRK token
    '0x49d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7', // leading zero dropped
    '0x1',
    `0x${(PRIME - 1n).toString(16)}`,
  ])('accepts %s', (address) => {
    expect(isStarknetAddress(address)).toBe(true);
  });

  it.each([
    ['equal to the field prime', `0x${PRIME.toString(16)}`],
    ['above the field prime', `0x${'f'.repeat(64)}`],
    ['65 hex digits', '0x0049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7'],
    ['missing 0x', '049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7'],
    ['non-hex digit', '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dcz'],
    ['no digits', '0x'],
  ])('rejects %s', (_why, address) => {
    expect(isStarknetAddress(address)).toBe(false);
  });
});
