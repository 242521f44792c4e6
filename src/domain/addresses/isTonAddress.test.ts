import { describe, expect, it } from 'vitest';
import { isTonAddress } from './isTonAddress.ts';

describe('isTonAddress', () => {
  it.each([
    // TON Foundation wallet: bounceable, non-bounceable and raw forms
    'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N',
    'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI',
    '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8',
    '0:83DFD552E63729B472FCBCC8C45EBCC6691702558B68EC7527E1BA403A0F31A8',
    // Elector contract on the masterchain
    'Ef8zMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzM0vF',
    '-1:3333333333333333333333333333333333333333333333333333333333333333',
    // base64url and its standard-base64 twin
    'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs',
    'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id/sDs',
    'UQDYW_1eScJVxtitoBRksvoV9cCYo4uKGWLVNIHB1JqRRyQx',
  ])('accepts %s', (address) => {
    expect(isTonAddress(address)).toBe(true);
  });

  it.each([
    ['bad checksum', 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2M'],
    ['testnet bounceable', 'kQCKhieGGl3ZbJ2zzggHsSLaXtRzk0znVopbSxw2HLsorvzv'],
    ['testnet non-bounceable', '0QCKhieGGl3ZbJ2zzggHsSLaXtRzk0znVopbSxw2HLsorqEq'],
    ['base64 and base64url characters mixed', 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2I+_sDs'],
    ['47 characters', 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2'],
    ['raw form, workchain 1', '1:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8'],
    ['raw form, 63 hex digits', '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a'],
    ['raw form without workchain', '83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8'],
    ['an EVM address', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'],
    ['empty', ''],
  ])('rejects %s', (_why, address) => {
    expect(isTonAddress(address)).toBe(false);
  });
});
