import { describe, expect, it } from 'vitest';
import { attempt, bytesEqual, crc16Xmodem } from './checksums.ts';

describe('crc16Xmodem', () => {
  it('matches the CRC catalogue check value', () => {
    expect(crc16Xmodem(new TextEncoder().encode('123456789'))).toBe(0x31c3);
  });

  it('is 0 for no input', () => {
    expect(crc16Xmodem(new Uint8Array())).toBe(0);
  });
});

describe('bytesEqual', () => {
  it('compares length and content', () => {
    expect(bytesEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 2))).toBe(true);
    expect(bytesEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 3))).toBe(false);
    expect(bytesEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 2, 3))).toBe(false);
  });
});

describe('attempt', () => {
  it('turns a throw into undefined', () => {
    expect(attempt(() => 1)).toBe(1);
    expect(
      attempt(() => {
        throw new Error('bad input');
      }),
    ).toBeUndefined();
  });
});
