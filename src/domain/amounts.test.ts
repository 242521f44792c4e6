import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atomicEchoMatches, atomicToDecimal, decimalText, decimalToAtomic } from './amounts.ts';

describe('atomicToDecimal', () => {
  it('writes atomic units as plain decimals, without trailing zeros', () => {
    expect(atomicToDecimal(25_000_000n, 6)).toBe('25');
    expect(atomicToDecimal(25_500_000n, 6)).toBe('25.5');
    expect(atomicToDecimal(123_456_789_012_345_678n, 18)).toBe('0.123456789012345678');
    expect(atomicToDecimal(1n, 18)).toBe('0.000000000000000001');
    expect(atomicToDecimal(0n, 6)).toBe('0');
    expect(atomicToDecimal(42n, 0)).toBe('42');
  });

  it('refuses negative amounts and impossible precisions', () => {
    expect(() => atomicToDecimal(-1n, 6)).toThrow(RangeError);
    expect(() => atomicToDecimal(1n, -1)).toThrow(RangeError);
    expect(() => atomicToDecimal(1n, 1.5)).toThrow(RangeError);
  });
});

describe('decimalToAtomic', () => {
  it('reads decimal strings and JSON numbers exactly', () => {
    expect(decimalToAtomic('25.5', 6, 'down')).toBe(25_500_000n);
    expect(decimalToAtomic(25.5, 6, 'down')).toBe(25_500_000n);
    expect(decimalToAtomic(0.1, 18, 'down')).toBe(100_000_000_000_000_000n);
    expect(decimalToAtomic(1.5e-7, 18, 'down')).toBe(150_000_000_000n);
    expect(decimalToAtomic(2.53e-5, 8, 'down')).toBe(2530n);
    expect(decimalToAtomic(1e21, 0, 'down')).toBe(10n ** 21n);
    expect(decimalToAtomic('007', 2, 'down')).toBe(700n);
  });

  it('rounds extra digits down, or up for a minimum', () => {
    expect(decimalToAtomic('1.0000001', 6, 'down')).toBe(1_000_000n);
    expect(decimalToAtomic('1.0000001', 6, 'up')).toBe(1_000_001n);
    expect(decimalToAtomic('1.0000000', 6, 'up')).toBe(1_000_000n);
  });

  it('refuses what is not a non-negative decimal', () => {
    for (const bad of ['', '.5', '5.', '-1', '+1', '1e5', '1E-3', ' 1', '1,5', 'NaN', 'Infinity', '0x10', '1.2.3']) {
      expect(decimalToAtomic(bad, 6, 'down'), bad).toBeNull();
    }
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, -1, -0.5]) expect(decimalToAtomic(bad, 6, 'down')).toBeNull();
  });

  it('round-trips every atomic amount through its decimal text', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }), (atomic, decimals) => {
        const text = atomicToDecimal(atomic, decimals);
        expect(decimalToAtomic(text, decimals, 'down')).toBe(atomic);
        expect(decimalToAtomic(text, decimals, 'up')).toBe(atomic);
      }),
    );
  });

  it('brackets the exact value: down ≤ value·10^d ≤ up, at most one unit apart', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 24 }), (digits, scale, decimals) => {
        const text = atomicToDecimal(digits, scale);
        const down = decimalToAtomic(text, decimals, 'down');
        const up = decimalToAtomic(text, decimals, 'up');
        if (down === null || up === null) throw new Error('a plain decimal was refused');
        // compare down/up · 10^scale against digits · 10^decimals, all integers
        const exact = digits * 10n ** BigInt(decimals);
        expect(down * 10n ** BigInt(scale) <= exact).toBe(true);
        expect(up * 10n ** BigInt(scale) >= exact).toBe(true);
        expect(up - down <= 1n).toBe(true);
      }),
    );
  });

  it('reads a JSON number as the literal it prints as', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e25, noNaN: true }), (value) => {
        const text = decimalText(value);
        expect(text).not.toBeNull();
        expect(Number(text)).toBe(value);
      }),
    );
  });
});

describe('atomicEchoMatches', () => {
  it('accepts an echo within double precision and refuses a real difference', () => {
    expect(atomicEchoMatches(25_000_000n, 25_000_000n)).toBe(true);
    expect(atomicEchoMatches(1_234_567_890_123_456_789n, 1_234_567_890_123_456_000n)).toBe(true);
    expect(atomicEchoMatches(24_000_000n, 25_000_000n)).toBe(false);
  });
});
