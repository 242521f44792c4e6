import { hashTypedData, recoverAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { canonicalSignature } from './canonicalSignature.ts';

const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const typedData = { domain: { name: 'T', chainId: 1 }, types: { M: [{ name: 'x', type: 'uint256' }] }, primaryType: 'M', message: { x: 1n } } as const;

describe('canonicalSignature', async () => {
  const signature = await account.signTypedData(typedData);
  const digest = hashTypedData(typedData);
  const r = signature.slice(2, 66);
  const s = signature.slice(66, 130);
  const v = Number.parseInt(signature.slice(130), 16);

  it('keeps a wallet signature as it is, and it still recovers the signer', async () => {
    const canonical = canonicalSignature(signature);
    expect(canonical).toEqual({ ok: true, signature });
    expect(await recoverAddress({ hash: digest, signature })).toBe(account.address);
  });

  it('spells every legal form of the same signature one way', () => {
    const compactS = (BigInt(`0x${s}`) | (BigInt(v - 27) << 255n)).toString(16).padStart(64, '0');
    for (const form of [signature.toUpperCase().replace('0X', '0x'), `0X${signature.slice(2)}`, `0x${r}${s}0${v - 27}`, `0x${r}${compactS}`]) {
      expect(canonicalSignature(form)).toEqual({ ok: true, signature });
    }
  });

  it('refuses the high-s twin, a v that names no parity, r or s outside the curve order, and wrong lengths', () => {
    const twin = `0x${r}${(N - BigInt(`0x${s}`)).toString(16).padStart(64, '0')}${(v === 27 ? 28 : 27).toString(16)}`;
    expect(canonicalSignature(twin)).toMatchObject({ ok: false, reason: expect.stringMatching(/high s/) });
    expect(canonicalSignature(`0x${r}${s}1d`)).toMatchObject({ ok: false, reason: expect.stringMatching(/v is 29/) });
    expect(canonicalSignature(`0x${'00'.repeat(32)}${s}1b`)).toMatchObject({ ok: false });
    expect(canonicalSignature(`0x${r}${N.toString(16)}1b`)).toMatchObject({ ok: false });
    for (const bad of ['0x', signature.slice(0, -2 - 2), `${signature}00`, `${signature.slice(0, -1)}g`, signature.slice(2)] as Hex[]) expect(canonicalSignature(bad).ok).toBe(false);
  });
});
