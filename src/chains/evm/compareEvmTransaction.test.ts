import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { EvmStep } from '../../domain/steps.ts';
import { compareEvmTransaction } from './compareEvmTransaction.ts';
import type { ComparableEvmTransaction, EvmMismatchField } from './compareEvmTransaction.ts';

const signer = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const step: EvmStep = {
  vm: 'evm',
  step: 'main',
  chainId: 8453,
  to: '0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5',
  data: '0xad5425c6000000000000000000000000f39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  value: 1_000n,
};
const matching: ComparableEvmTransaction = {
  chainId: step.chainId,
  from: signer,
  to: step.to,
  data: step.data,
  value: step.value,
};

const fields = (tx: ComparableEvmTransaction, expectedSigner = signer): EvmMismatchField[] =>
  compareEvmTransaction(tx, step, expectedSigner).map((m) => m.field);

describe('compareEvmTransaction', () => {
  it('finds nothing when the transaction is the step', () => {
    expect(compareEvmTransaction(matching, step, signer)).toEqual([]);
  });

  it('ignores hex and address case', () => {
    const shouted = { ...matching, from: signer.toUpperCase().replace('0X', '0x'), to: step.to.toLowerCase(), data: step.data.toUpperCase().replace('0X', '0x') };
    expect(compareEvmTransaction(shouted, step, signer.toLowerCase())).toEqual([]);
  });

  it('reports a different chain id', () => {
    expect(compareEvmTransaction({ ...matching, chainId: 1 }, step, signer)).toEqual([
      { field: 'chainId', expected: '8453', actual: '1' },
    ]);
  });

  it('reports a missing (pre-EIP-155) chain id', () => {
    expect(compareEvmTransaction({ ...matching, chainId: null }, step, signer)).toEqual([
      { field: 'chainId', expected: '8453', actual: 'none' },
    ]);
  });

  it('reports a different target', () => {
    const to = '0x000000000000000000000000000000000000dEaD';
    expect(compareEvmTransaction({ ...matching, to }, step, signer)).toEqual([{ field: 'to', expected: step.to, actual: to }]);
  });

  it('reports a contract creation as a different target', () => {
    expect(compareEvmTransaction({ ...matching, to: null }, step, signer)).toEqual([{ field: 'to', expected: step.to, actual: 'none' }]);
  });

  it('reports calldata that differs anywhere, including an appended tail', () => {
    expect(fields({ ...matching, data: `${step.data}00` })).toEqual(['data']);
    expect(fields({ ...matching, data: step.data.slice(0, -2) })).toEqual(['data']);
    expect(fields({ ...matching, data: step.data.replace('ad5425c6', 'ad5425c7') })).toEqual(['data']);
    expect(fields({ ...matching, data: '0x' })).toEqual(['data']);
  });

  it('reports a different value', () => {
    expect(compareEvmTransaction({ ...matching, value: 1_001n }, step, signer)).toEqual([
      { field: 'value', expected: '1000', actual: '1001' },
    ]);
  });

  it('reports a different signer', () => {
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    expect(compareEvmTransaction({ ...matching, from: other }, step, signer)).toEqual([
      { field: 'signer', expected: signer, actual: other },
    ]);
  });

  it('lists every mismatch at once', () => {
    const tx = { chainId: null, from: step.to, to: signer, data: '0x', value: 0n };
    expect(fields(tx)).toEqual(['chainId', 'to', 'data', 'value', 'signer']);
  });

  const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `0x${Buffer.from(b).toString('hex')}`);
  const hexData = fc.uint8Array({ maxLength: 80 }).map((b) => `0x${Buffer.from(b).toString('hex')}`);
  const mutation = fc.record(
    {
      chainId: fc.option(fc.integer({ min: 1, max: 2 ** 40 }), { nil: null }),
      to: fc.option(address, { nil: null }),
      data: hexData,
      value: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
      from: address,
    },
    { requiredKeys: [] },
  );

  it('never finds nothing when any field is mutated (property)', () => {
    fc.assert(
      fc.property(mutation, (changes) => {
        const tx = { ...matching, ...changes };
        const changed =
          tx.chainId !== matching.chainId ||
          tx.to?.toLowerCase() !== step.to.toLowerCase() ||
          tx.data.toLowerCase() !== step.data.toLowerCase() ||
          tx.value !== step.value ||
          tx.from.toLowerCase() !== signer.toLowerCase();
        fc.pre(changed);
        expect(compareEvmTransaction(tx, step, signer).length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it('catches the smallest edits: one hex digit, one wei, one chain (property)', () => {
    const flipDigit = (hex: string, at: number): string => {
      const i = 2 + (at % (hex.length - 2));
      const digit = hex[i] === '0' ? '1' : '0';
      return `${hex.slice(0, i)}${digit}${hex.slice(i + 1)}`;
    };
    const edit = fc.oneof(
      fc.nat().map((at) => ({ to: flipDigit(step.to, at) })),
      fc.nat().map((at) => ({ data: flipDigit(step.data, at) })),
      fc.nat().map((at) => ({ from: flipDigit(signer, at) })),
      fc.constantFrom(-1n, 1n).map((d) => ({ value: step.value + d })),
      fc.constantFrom(-1, 1).map((d) => ({ chainId: step.chainId + d })),
    );
    fc.assert(
      fc.property(edit, (changes) => {
        expect(compareEvmTransaction({ ...matching, ...changes }, step, signer)).toHaveLength(1);
      }),
      { numRuns: 500 },
    );
  });

  it('reports exactly the mutated fields (property)', () => {
    fc.assert(
      fc.property(mutation, (changes) => {
        const tx = { ...matching, ...changes };
        const expected: EvmMismatchField[] = [];
        if (tx.chainId !== matching.chainId) expected.push('chainId');
        if (tx.to?.toLowerCase() !== step.to.toLowerCase()) expected.push('to');
        if (tx.data.toLowerCase() !== step.data.toLowerCase()) expected.push('data');
        if (tx.value !== step.value) expected.push('value');
        if (tx.from.toLowerCase() !== signer.toLowerCase()) expected.push('signer');
        expect(fields(tx)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('finds nothing for identical fields in any case (property)', () => {
    const anyStep = fc.record({
      chainId: fc.integer({ min: 1, max: 2 ** 40 }),
      to: address,
      data: hexData,
      value: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
    });
    fc.assert(
      fc.property(anyStep, address, fc.boolean(), (s, from, upper) => {
        const built: EvmStep = { vm: 'evm', step: 'main', ...s, to: s.to as `0x${string}`, data: s.data as `0x${string}` };
        const recase = (h: string): string => (upper ? `0x${h.slice(2).toUpperCase()}` : h);
        const tx = { chainId: s.chainId, from: recase(from), to: recase(s.to), data: recase(s.data), value: s.value };
        expect(compareEvmTransaction(tx, built, from)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
