import { describe, expect, it } from 'vitest';
import { isTronAddress } from './isTronAddress.ts';

describe('isTronAddress', () => {
  it.each([
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', // USDT (TRC-20) contract
    'TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r',
    'TFEkshkSXo8yMe8vcA6P77XmiLfstNWHyT',
    'TUBBzKNM9gr687ucwj8fvVS2Sf2e4WseVa',
  ])('accepts %s', (address) => {
    expect(isTronAddress(address)).toBe(true);
  });

  it.each([
    ['bad checksum', 'TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg31'],
    ['testnet (0xa0 prefix)', '27bLJCYjbH6MT8DBF9xcrK6yZnm43vx7MNQ'],
    ['hex form of the USDT contract', '41a614f803b6fd780986a42c78ec9c7f77e6ded13c'],
    ['valid base58check with a Bitcoin prefix', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['an EVM address', '0xa614f803B6FD780986A42c78Ec9c7f77e6DeD13C'],
    ['truncated', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6'],
    ['empty', ''],
  ])('rejects %s', (_why, address) => {
    expect(isTronAddress(address)).toBe(false);
  });
});
