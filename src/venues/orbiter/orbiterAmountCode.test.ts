import fc from 'fast-check';
import { getAddress, stringToHex, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { codeOfAmount, codedAmount, decodeRouterData, encodeRouterData, isOrbiterCode, orbiterCodeOf, type OrbiterCode } from './orbiterAmountCode.ts';

const code = fc.integer({ min: 9000, max: 9999 }).map((n) => orbiterCodeOf(n));
const amount = fc.bigInt({ min: 10_000n, max: 10n ** 30n });
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(`0x${Buffer.from(bytes).toString('hex')}`));

describe('Orbiter amount code', () => {
  it('puts the code in the last four digits, keeps every digit above them, and reads it back', () => {
    fc.assert(
      fc.property(amount, code, (a, c) => {
        const coded = codedAmount(a, c);
        expect(codeOfAmount(coded)).toBe(c);
        expect(coded / 10_000n).toBe(a / 10_000n);
        const moved = coded > a ? coded - a : a - coded;
        expect(moved < 10_000n).toBe(true);
        // Coding twice with the same code changes nothing; with another code, always something.
        expect(codedAmount(coded, c)).toBe(coded);
      }),
    );
    fc.assert(
      fc.property(amount, code, code, (a, c1, c2) => {
        if (c1 !== c2) expect(codedAmount(a, c1)).not.toBe(codedAmount(a, c2));
      }),
    );
  });

  it('matches Rubic’s rule (replace the last digits of the decimal amount) on concrete values', () => {
    expect(codedAmount(100_000_000_000_000_000n, orbiterCodeOf('9014'))).toBe(100_000_000_000_009_014n);
    expect(codedAmount(123_456_789n, orbiterCodeOf(9002))).toBe(123_459_002n);
    expect(codeOfAmount(300_000_000_000_009_007n)).toBe('9007');
    expect(codeOfAmount(300_000_000_000_000_000n)).toBeNull();
    expect(codeOfAmount(9014n)).toBeNull();
  });

  it('cannot be built wrong: codes outside 9000–9999 and amounts too small to carry one are refused', () => {
    for (const bad of ['8999', '10000', '901', '90a1', ' 9001', '9001 ']) expect(isOrbiterCode(bad)).toBe(false);
    expect(() => orbiterCodeOf(8999)).toThrow(RangeError);
    expect(() => codedAmount(9_999n, orbiterCodeOf(9001))).toThrow(/too small/);
    expect(() => codedAmount(10_000n, '123' as OrbiterCode)).toThrow(RangeError);
  });
});

describe('Orbiter router data', () => {
  it('is the UTF-8 text c=<code>&t=<recipient>, and round-trips', () => {
    const recipient = getAddress('0x7ed2a81b7054dc5d393234b7a3a33b9ba125cac9');
    expect(encodeRouterData({ code: orbiterCodeOf(9014), recipient })).toBe(stringToHex('c=9014&t=0x7ed2a81b7054dc5d393234b7a3a33b9ba125cac9'));
    fc.assert(
      fc.property(code, address, (c, r: Address) => {
        expect(decodeRouterData(encodeRouterData({ code: c, recipient: r }))).toEqual({ ok: true, data: { code: c, recipient: r } });
      }),
    );
  });

  it('changes when the code or the recipient changes, and refuses anything it did not write', () => {
    fc.assert(
      fc.property(code, code, address, address, (c1, c2, r1, r2) => {
        const data = encodeRouterData({ code: c1, recipient: r1 });
        if (c1 !== c2) expect(encodeRouterData({ code: c2, recipient: r1 })).not.toBe(data);
        if (r1 !== r2) expect(encodeRouterData({ code: c1, recipient: r2 })).not.toBe(data);
      }),
    );
    for (const text of ['c=8014&t=0x7ed2a81b7054dc5d393234b7a3a33b9ba125cac9', 'c=9014&t=0x7ed2', 't=0x7ed2a81b7054dc5d393234b7a3a33b9ba125cac9&c=9014', 'c=9014&t=0x7ed2a81b7054dc5d393234b7a3a33b9ba125cac9&x=1', '']) {
      expect(decodeRouterData(stringToHex(text)).ok, text).toBe(false);
    }
    expect(decodeRouterData('0xzz').ok).toBe(false);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        const decoded = decodeRouterData(`0x${Buffer.from(bytes).toString('hex')}`);
        if (decoded.ok) expect(decodeRouterData(encodeRouterData(decoded.data))).toEqual(decoded);
      }),
    );
  });
});
