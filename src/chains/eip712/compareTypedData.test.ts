import { describe, expect, it } from 'vitest';
import type { TypedDataPayload } from '../../domain/steps.ts';
import { compareTypedData } from './compareTypedData.ts';

const BUILT: TypedDataPayload = {
  domain: { name: 'Settler', version: '1', chainId: 8453, verifyingContract: '0x00000000000000000000000000000000005E771e' },
  types: { Order: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint256' }, { name: 'legs', type: 'Leg[]' }], Leg: [{ name: 'data', type: 'bytes' }] },
  primaryType: 'Order',
  message: { to: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', amount: '1000', legs: [{ data: '0xAbCd' }] },
};

describe('compareTypedData', () => {
  it('finds nothing between spellings of the same typed data', () => {
    const respelled = {
      message: { legs: [{ data: '0xabcd' }], amount: 1000, to: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc' },
      primaryType: 'Order',
      types: { Leg: BUILT.types.Leg, Order: BUILT.types.Order, EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }] },
      domain: { chainId: '0x2105', verifyingContract: '0x00000000000000000000000000000000005e771e', version: '1', name: 'Settler' },
    };
    expect(compareTypedData(BUILT, respelled)).toEqual([]);
  });

  it('names the path of every difference', () => {
    const changed = {
      ...BUILT,
      domain: { ...BUILT.domain, chainId: 1 },
      types: { ...BUILT.types, Leg: [{ name: 'data', type: 'bytes32' }] },
      message: { ...BUILT.message, amount: '1001', legs: [{ data: '0xabce' }, { data: '0x' }] },
    };
    expect(compareTypedData(BUILT, changed).map((m) => m.field)).toEqual(['domain.chainId', 'types.Leg[0].type', 'message.amount', 'message.legs[0].data', 'message.legs[1]']);
    expect(compareTypedData(BUILT, { ...BUILT, primaryType: 'Leg' }).map((m) => m.field)).toContain('primaryType');
    expect(compareTypedData(BUILT, { ...BUILT, extra: 1 }).map((m) => m.field)).toEqual(['extra']);
    expect(compareTypedData(BUILT, { ...BUILT, types: { ...BUILT.types, EIP712Domain: [{ name: 'name', type: 'string' }] } }).map((m) => m.field)[0]).toMatch(/^types.EIP712Domain|^domain/);
  });

  it('never throws on a copy that is not typed data, and bounds what it lists', () => {
    for (const junk of [null, 'x', 42, [], { types: 'x' }, { types: { A: 'b' } }]) expect(compareTypedData(BUILT, junk).length).toBeGreaterThan(0);
    const huge = { ...BUILT, message: { ...BUILT.message, legs: Array.from({ length: 100 }, () => ({ data: '0x00' })) } };
    expect(compareTypedData(BUILT, huge).length).toBeLessThanOrEqual(32);
  });
});
