import { describe, expect, it } from 'vitest';
import { isSs58Address } from './isSs58Address.ts';

const POLKADOT = 0;

describe('isSs58Address', () => {
  it.each([
    '12dyy3fArMPDXLsnRtapTqZsC2KCEimeqs1dop4AEERaKC6x',
    '15KRsCq9LLNmCxNFhGk55s5bEyazKefunDxUH24GFZwsTxyu',
    '15AeCjMpcSt3Fwa47jJBd7JzQ395Kr2cuyF5Zp4UBf1g9ony',
    '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', // dev key "Alice" under prefix 0
    '1FRMM8PEiWXYax7rpS6X4XZX1aAAxSWx1CrKTyrVYhV24fg', // 47 characters
  ])('accepts %s on Polkadot', (address) => {
    expect(isSs58Address(address, POLKADOT)).toBe(true);
  });

  it.each([
    ['generic Substrate prefix 42', '5FqqU2rytGPhcwQosKRtW1E3ha6BJKAjHgtcodh71dSyXhoZ'],
    ['Kusama prefix 2', 'FHKAe66mnbk8ke8zVWE9hFVFrJN1mprFPVmD5rrevotkcDZ'],
    ['bad checksum', '1FRMM8PEiWXYax7rpS6X4XZX1aAAxSWx1CrKTyrVYhV24fh'],
    ['missing character', '15FKUKXC6kwaXxJ1tNywmFy4ZY6FoDFCnU3fMbibFdeqwGw'],
    ['raw hex public key', '0x4870d56d074c50e891506d78faa4fb69ca039cc5f131eb491e166b975880e867'],
    ['a Bitcoin address', '1ES14c7qLb5CYhLMUekctxLgc1FV2Ti9DA'],
    ['empty', ''],
  ])('rejects %s', (_why, address) => {
    expect(isSs58Address(address, POLKADOT)).toBe(false);
  });

  it('checks the address against the requested prefix', () => {
    expect(isSs58Address('5FqqU2rytGPhcwQosKRtW1E3ha6BJKAjHgtcodh71dSyXhoZ', 42)).toBe(true);
    expect(isSs58Address('FHKAe66mnbk8ke8zVWE9hFVFrJN1mprFPVmD5rrevotkcDZ', 2)).toBe(true);
    expect(isSs58Address('12dyy3fArMPDXLsnRtapTqZsC2KCEimeqs1dop4AEERaKC6x', 2)).toBe(false);
  });
});
