import { describe, expect, it } from 'vitest';
import { walletKey } from './walletKey.ts';

describe('walletKey', () => {
  it('folds the case of EVM addresses and the leading zeros of hex families', () => {
    expect(walletKey('0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(walletKey('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'));
    expect(walletKey('0x0123abc')).toBe(walletKey('0x123ABC'));
    expect(walletKey('0x0000000000000000000000000000000000000001')).toBe('0x1');
  });

  it('folds bech32 case, keeps distinct bech32 addresses distinct', () => {
    expect(walletKey('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(walletKey('cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02')).toBe('cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02');
    expect(walletKey('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).not.toBe(walletKey('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'));
  });

  it('drops the CashAddr prefix and folds its case', () => {
    const bare = 'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a';
    expect(walletKey(`bitcoincash:${bare}`)).toBe(bare);
    expect(walletKey(`BITCOINCASH:${bare.toUpperCase()}`)).toBe(bare);
    expect(walletKey(bare)).toBe(bare);
  });

  it('gives every form of one TON account the same key', () => {
    const raw = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';
    const bounceable = 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N';
    const nonBounceable = 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI';
    expect(walletKey(bounceable)).toBe(walletKey(raw));
    expect(walletKey(nonBounceable)).toBe(walletKey(raw));
  });

  it('keeps case-sensitive families as they are, and names no wallet for empty or absurd values', () => {
    expect(walletKey('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')).toBe('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV');
    expect(walletKey('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(walletKey('')).toBeNull();
    expect(walletKey(null)).toBeNull();
    expect(walletKey('x'.repeat(300))).toBeNull();
  });
});
