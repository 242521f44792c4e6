import { describe, expect, it } from 'vitest';
import { isNearAddress } from './isNearAddress.ts';

describe('isNearAddress', () => {
  it.each([
    'near',
    'aurora',
    'wrap.near',
    'usdt.tether-token.near',
    'intents.near',
    'v2.ref-finance.near',
    'a_b-c.near',
    '17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1', // USDC on NEAR (implicit-style id)
    '917b3d268d4b58f7fec1b150bd68d69be3ee5d4cc39855e341538465bb77860d', // implicit account
    '0xd8da6bf26964af9d7eed9e03e53415d37aa96045', // ETH-implicit account
  ])('accepts %s', (address) => {
    expect(isNearAddress(address)).toBe(true);
  });

  it.each([
    ['too short', 'a'],
    ['too long', `${'a'.repeat(60)}.near`],
    ['uppercase', 'Alice.near'],
    ['checksummed (mixed-case) EVM address', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'],
    ['empty label', 'alice..near'],
    ['leading dot', '.near'],
    ['trailing dot', 'near.'],
    ['separator at the end of a label', 'alice-.near'],
    ['separator at the start', '-alice.near'],
    ['two separators in a row', 'a_-b.near'],
    ['invalid character', 'alice@near'],
    ['space', 'alice near'],
    ['empty', ''],
  ])('rejects %s', (_why, address) => {
    expect(isNearAddress(address)).toBe(false);
  });
});
