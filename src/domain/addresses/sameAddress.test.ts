import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameAddress } from './sameAddress.ts';

describe('sameAddress', () => {
  it('ignores checksum casing on EVM chains', () => {
    expect(sameAddress('ethereum', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toBe(true);
    expect(sameAddress('base', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb49')).toBe(false);
  });

  it('ignores case on other hex families', () => {
    expect(sameAddress('sui', '0xABCDEF', '0xabcdef')).toBe(true);
    expect(sameAddress('starknet', '0x04718F5A', '0x04718f5a')).toBe(true);
  });

  it('compares base58 and other case-sensitive encodings exactly', () => {
    expect(sameAddress('solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe(true);
    expect(sameAddress('solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'epjfwdd5aufqssqem2qn1xzybapc8g4weggkzwytdt1v')).toBe(false);
    expect(sameAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'tr7nhqjekqxgtci8q8zy4pl8otszgjlj6t')).toBe(false);
    expect(sameAddress('bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ')).toBe(false);
  });

  it('is symmetric and reflexive', () => {
    fc.assert(
      fc.property(fc.constantFrom('ethereum', 'solana', 'sui', 'tron', 'bitcoin') as fc.Arbitrary<'ethereum'>, fc.string(), fc.string(), (chain, a, b) => {
        expect(sameAddress(chain, a, a)).toBe(true);
        expect(sameAddress(chain, a, b)).toBe(sameAddress(chain, b, a));
      }),
    );
  });
});
