import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { decodeCashAddr, encodeCashAddr } from './cashAddr.ts';

const legacyHash = (address: string) => createBase58check(sha256).decode(address).subarray(1);

describe('decodeCashAddr', () => {
  // Pairs from the CashAddr specification: the same hash in both encodings.
  it.each([
    ['bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', 0],
    ['bitcoincash:qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy', '1KXrWXciRDZUpQwQmuM1DbwsKDLYAYsVLR', 0],
    ['bitcoincash:qqq3728yw0y47sqn6l2na30mcw6zm78dzqre909m2r', '16w1D5WRVKJuZUsSRzdLp9w3YGcgoxDXb', 0],
    ['bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq', '3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC', 1],
  ])('decodes %s to the hash of %s', (cashAddr, legacy, type) => {
    const decoded = decodeCashAddr(cashAddr, 'bitcoincash');
    expect(decoded?.type).toBe(type);
    expect(decoded?.hash).toEqual(legacyHash(legacy));
    expect(encodeCashAddr('bitcoincash', type, legacyHash(legacy))).toBe(cashAddr);
  });

  it('assumes the expected prefix when none is given', () => {
    expect(decodeCashAddr('qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', 'bitcoincash')?.type).toBe(0);
    expect(decodeCashAddr('qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', 'bchtest')).toBeUndefined();
  });

  it('rejects a checksum computed for another prefix', () => {
    expect(decodeCashAddr('bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', 'ecash')).toBeUndefined();
    expect(decodeCashAddr('ecash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', 'ecash')).toBeUndefined();
  });

  it('rejects input that is too short to hold a checksum', () => {
    expect(decodeCashAddr('bitcoincash:', 'bitcoincash')).toBeUndefined();
    expect(decodeCashAddr('bitcoincash:qpm2qszn', 'bitcoincash')).toBeUndefined();
  });
});
