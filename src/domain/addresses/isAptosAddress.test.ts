import { describe, expect, it } from 'vitest';
import { isAptosAddress } from './isAptosAddress.ts';

describe('isAptosAddress', () => {
  it.each([
    '0x1', // aptos_framework (AIP-40 special address)
    '0xa', // APT fungible-asset metadata
    '0xeeff357ea5c1a4e7bc11b2b17ff2dc2dcca69750bfef1e1ebcaccf8c8018175b',
    '0xf3d7f364dd7705824a5ebda9c7aab6cb3fc7bb5b58718249f12defec240b36cc',
    '0x0000000000000000000000000000000000000000000000000000000000000001',
    '0x777821c78442e17d82c3d7a371f42de7189e4248e529fe6eee6bca40ddbb', // leading zeros stripped
  ])('accepts %s', (address) => {
    expect(isAptosAddress(address)).toBe(true);
  });

  it.each([
    ['missing 0x', 'eeff357ea5c1a4e7bc11b2b17ff2dc2dcca69750bfef1e1ebcaccf8c8018175b'],
    ['65 hex digits', '0xeeff357ea5c1a4e7bc11b2b17ff2dc2dcca69750bfef1e1ebcaccf8c8018175bb'],
    ['non-hex digit', '0xSeff357ea5c1a4e7bc11b2b17ff2dc2dcca69750bfef1e1ebcaccf8c8018175b'],
    ['no digits', '0x'],
    ['empty', ''],
  ])('rejects %s', (_why, address) => {
    expect(isAptosAddress(address)).toBe(false);
  });
});
