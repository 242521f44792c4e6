import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keccak256, recoverAddress, toHex, type Hex } from 'viem';
import { privateKeyToAccount, sign } from 'viem/accounts';
import { recoverEvmSigner, secp256k1Backend } from './recoverEvmSigner.ts';

const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const privateKey = fc.bigInt({ min: 1n, max: SECP256K1_N - 1n }).map((k) => toHex(k, { size: 32 }));
const digest = fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => keccak256(bytes));

describe('recoverEvmSigner', () => {
  it('uses libsecp256k1 where its binding loads (it does on the platforms the package ships prebuilt)', () => {
    expect(secp256k1Backend).toBe('native');
  });

  it('recovers the signing key, native and pure JS alike, as viem does', async () => {
    await fc.assert(
      fc.asyncProperty(privateKey, digest, async (key, hash) => {
        const signature = await sign({ hash, privateKey: key as Hex });
        const expected = privateKeyToAccount(key as Hex).address;
        const yParity = signature.yParity ?? 0;
        expect(recoverEvmSigner(hash, signature.r, signature.s, yParity, 'native')).toBe(expected);
        expect(recoverEvmSigner(hash, signature.r, signature.s, yParity, 'noble')).toBe(expected);
        // The other recovery bit is another key (or none): never the signer.
        const other = (backend: 'native' | 'noble'): string | null => {
          try {
            return recoverEvmSigner(hash, signature.r, signature.s, 1 - yParity, backend);
          } catch {
            return null;
          }
        };
        expect(other('native')).toBe(other('noble'));
        expect(other('native')).not.toBe(expected);
        expect(await recoverAddress({ hash, signature })).toBe(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('recovers the same address from any (r, s) the two backends accept, and refuses the same ones', () => {
    const word = fc.bigInt({ min: 1n, max: SECP256K1_N - 1n }).map((x) => toHex(x, { size: 32 }));
    fc.assert(
      fc.property(digest, word, word, fc.integer({ min: 0, max: 1 }), (hash, r, s, yParity) => {
        const outcome = (backend: 'native' | 'noble'): string => {
          try {
            return recoverEvmSigner(hash, r, s, yParity, backend);
          } catch {
            return 'refused';
          }
        };
        expect(outcome('native')).toBe(outcome('noble'));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a recovery bit other than 0 or 1', () => {
    const hash = keccak256('0x01');
    expect(() => recoverEvmSigner(hash, `0x${'11'.repeat(32)}`, `0x${'22'.repeat(32)}`, 27)).toThrow(/recovery bit/);
  });
});
