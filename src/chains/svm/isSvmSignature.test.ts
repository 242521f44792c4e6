import { describe, expect, it } from 'vitest';
import { base58 } from '@scure/base';
import { isSvmSignature } from './isSvmSignature.ts';

describe('isSvmSignature', () => {
  it('accepts 64 bytes in base58, from all zeros to all ones', () => {
    expect(isSvmSignature('1'.repeat(64))).toBe(true);
    expect(isSvmSignature(base58.encode(new Uint8Array(64).fill(0xff)))).toBe(true);
    expect(isSvmSignature(base58.encode(Uint8Array.from({ length: 64 }, (_, i) => i)))).toBe(true);
  });

  it.each([
    ['too short', '1'.repeat(63)],
    ['32 bytes (an address)', base58.encode(new Uint8Array(32).fill(9))],
    ['65 bytes', base58.encode(new Uint8Array(65).fill(9))],
    ['a character outside base58', `0${'1'.repeat(63)}`],
    ['an EVM hash', `0x${'ab'.repeat(32)}`],
    ['too long to decode cheaply', '2'.repeat(10_000)],
  ])('refuses %s', (_label, value) => {
    expect(isSvmSignature(value)).toBe(false);
  });
});
