import { describe, expect, it } from 'vitest';
import { isSuiAddress } from './isSuiAddress.ts';

describe('isSuiAddress', () => {
  it.each([
    '0x259ff8074ab425cbb489f236e18e08f03f1a7856bdf7c7a2877bd64f738b5015',
    '0x0000000000000000000000000000000000000000000000000000000000000002', // Sui framework, full width
    '0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7', // USDC package
  ])('accepts %s', (address) => {
    expect(isSuiAddress(address)).toBe(true);
  });

  it.each([
    ['short form', '0x2'],
    ['missing 0x', '259ff8074ab425cbb489f236e18e08f03f1a7856bdf7c7a2877bd64f738b5015'],
    ['20-byte EVM address', '0xb1dc06bd64d4e179a482b97bb68243f6c02c1b92'],
    ['65 hex digits', '0xd575ad7f18e948462a5cf698f564ef394a752a71fec62493af8a055c012c0d502'],
    ['non-hex digit', '0xS59ff8074ab425cbb489f236e18e08f03f1a7856bdf7c7a2877bd64f738b5015'],
    ['empty', ''],
  ])('rejects %s', (_why, address) => {
    expect(isSuiAddress(address)).toBe(false);
  });
});
