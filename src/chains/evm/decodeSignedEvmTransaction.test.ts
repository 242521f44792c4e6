import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { concatHex, fromRlp, hexToBigInt, keccak256, numberToHex, parseGwei, serializeTransaction, toRlp } from 'viem';
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { AppError } from '../../domain/errors.ts';
import { decodeSignedEvmTransaction } from './decodeSignedEvmTransaction.ts';

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const to: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const data = '0xa9059cbb0000000000000000000000003c44cdddb6a900fa2b585dd299e03d12fa4293bc00000000000000000000000000000000000000000000000000000000000f4240';

async function expectInvalid(raw: string, message?: RegExp): Promise<void> {
  const err: unknown = await decodeSignedEvmTransaction(raw).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe('invalid_signed_transaction');
  if (message) expect((err as AppError).message).toMatch(message);
}

describe('decodeSignedEvmTransaction', () => {
  it('decodes a signed EIP-1559 transaction', async () => {
    const raw = await account.signTransaction({
      type: 'eip1559', chainId: 8453, to, data, value: 0n, nonce: 7, gas: 60_000n,
      maxFeePerGas: parseGwei('2'), maxPriorityFeePerGas: parseGwei('0.1'),
    });
    const tx = await decodeSignedEvmTransaction(raw);
    expect(tx).toEqual({
      hash: keccak256(raw), type: 'eip1559', chainId: 8453, from: account.address, to, data,
      value: 0n, nonce: 7, gas: 60_000n, raw,
    });
  });

  it('decodes a signed EIP-2930 transaction', async () => {
    const raw = await account.signTransaction({
      type: 'eip2930', chainId: 10, to, value: 123n, nonce: 0, gas: 30_000n, gasPrice: parseGwei('1'),
      accessList: [{ address: to, storageKeys: [`0x${'00'.repeat(31)}01`] }],
    });
    const tx = await decodeSignedEvmTransaction(raw);
    expect(tx).toEqual({
      hash: keccak256(raw), type: 'eip2930', chainId: 10, from: account.address, to, data: '0x',
      value: 123n, nonce: 0, gas: 30_000n, raw,
    });
  });

  it('decodes a signed EIP-155 legacy transaction', async () => {
    const raw = await account.signTransaction({
      type: 'legacy', chainId: 137, to, data, value: 10n ** 18n, nonce: 300, gas: 80_000n, gasPrice: parseGwei('30'),
    });
    const tx = await decodeSignedEvmTransaction(raw);
    expect(tx).toEqual({
      hash: keccak256(raw), type: 'legacy', chainId: 137, from: account.address, to, data,
      value: 10n ** 18n, nonce: 300, gas: 80_000n, raw,
    });
  });

  it('decodes a pre-EIP-155 legacy transaction with a null chain id', async () => {
    const raw = await account.signTransaction({ type: 'legacy', to, value: 1n, nonce: 1, gas: 21_000n, gasPrice: 1n });
    const tx = await decodeSignedEvmTransaction(raw);
    expect(tx.chainId).toBeNull();
    expect(tx.type).toBe('legacy');
    expect(tx.from).toBe(account.address);
  });

  it('reports a contract creation with a null target', async () => {
    const raw = await account.signTransaction({
      type: 'eip1559', chainId: 1, data: '0x6000', nonce: 0, gas: 100_000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n,
    });
    expect((await decodeSignedEvmTransaction(raw)).to).toBeNull();
  });

  it('checksums addresses and lower-cases raw whatever the input case', async () => {
    const raw = await account.signTransaction({ type: 'eip1559', chainId: 1, to: to.toLowerCase() as Hex, nonce: 0, gas: 21_000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n });
    const tx = await decodeSignedEvmTransaction(`0x${raw.slice(2).toUpperCase()}`);
    expect(tx.to).toBe(to);
    expect(tx.raw).toBe(raw);
    expect(tx.hash).toBe(keccak256(raw));
  });

  it('recovers the signer of arbitrary transactions (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('legacy', 'eip2930', 'eip1559'),
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.bigInt({ min: 0n, max: 2n ** 128n }),
        fc.uint8Array({ maxLength: 64 }),
        fc.integer({ min: 0, max: 2 ** 32 }),
        async (type, chainId, value, bytes, nonce) => {
          const txData = `0x${Buffer.from(bytes).toString('hex')}` as Hex;
          const common = { chainId, to, value, data: txData, nonce, gas: 50_000n };
          const raw = type === 'eip1559'
            ? await account.signTransaction({ ...common, type, maxFeePerGas: 3n, maxPriorityFeePerGas: 1n })
            : await account.signTransaction({ ...common, type, gasPrice: 3n });
          const tx = await decodeSignedEvmTransaction(raw);
          expect(tx).toMatchObject({ type, chainId, from: account.address, value, data: txData, nonce });
        },
      ),
      { numRuns: 60 },
    );
  });

  it.each([
    ['an empty string', ''],
    ['bare 0x', '0x'],
    ['non-hex', '0xzz12'],
    ['odd-length hex', '0x02f'],
    ['missing 0x', 'f86c0185'],
    ['plain garbage', '0xdeadbeef'],
    ['an unknown type byte', '0x05c0'],
  ])('refuses %s', async (_label, raw) => {
    await expectInvalid(raw);
  });

  it('refuses EIP-4844 and EIP-7702 transactions by type', async () => {
    await expectInvalid(`0x03${'00'.repeat(10)}`, /4844/);
    await expectInvalid(`0x04${'00'.repeat(10)}`, /7702/);
  });

  it('refuses unsigned serialized transactions of every type', async () => {
    const common = { to, value: 1n, nonce: 0, gas: 21_000n };
    await expectInvalid(serializeTransaction({ ...common, chainId: 1, type: 'eip1559', maxFeePerGas: 2n, maxPriorityFeePerGas: 1n }), /not signed/);
    await expectInvalid(serializeTransaction({ ...common, chainId: 1, type: 'eip2930', gasPrice: 2n }), /not signed/);
    await expectInvalid(serializeTransaction({ ...common, chainId: 1, type: 'legacy', gasPrice: 2n }), /not signed/);
    await expectInvalid(serializeTransaction({ ...common, type: 'legacy', gasPrice: 2n }), /not signed/);
  });

  it('refuses truncated bytes at any cut', async () => {
    const raw = await account.signTransaction({ type: 'eip1559', chainId: 1, to, data, nonce: 0, gas: 21_000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n });
    for (let bytes = 1; bytes < (raw.length - 2) / 2; bytes += 7) {
      await expectInvalid(raw.slice(0, 2 + bytes * 2));
    }
  });

  it('refuses trailing bytes after the transaction', async () => {
    const raw = await account.signTransaction({ type: 'eip1559', chainId: 1, to, nonce: 0, gas: 21_000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n });
    await expectInvalid(concatHex([raw, '0x00']));
  });

  it('refuses a non-canonical encoding of a signed transaction', async () => {
    // The same legacy transaction with its nonce written as 0x0001 instead of 0x01: a lenient
    // decoder reads nonce 1, every node refuses the bytes.
    const signed = await account.signTransaction({ type: 'legacy', chainId: 1, to, value: 1n, nonce: 1, gas: 21_000n, gasPrice: 2n });
    const tx = await decodeSignedEvmTransaction(signed);
    expect(tx.nonce).toBe(1);
    const fields = fromRlp(signed) as Hex[];
    await expectInvalid(toRlp(['0x0001', ...fields.slice(1)] as Hex[]), /canonical/);
  });

  it('refuses a high-s (malleated) signature', async () => {
    const signed = await account.signTransaction({ type: 'legacy', chainId: 1, to, value: 1n, nonce: 1, gas: 21_000n, gasPrice: 2n });
    const fields = fromRlp(signed) as Hex[];
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const v = hexToBigInt(fields[6] as Hex);
    const flipped = [...fields.slice(0, 6), numberToHex(v % 2n === 0n ? v - 1n : v + 1n), fields[7], numberToHex(n - hexToBigInt(fields[8] as Hex))] as Hex[];
    await expectInvalid(toRlp(flipped), /high s/);
  });

  it('refuses an oversized input without parsing it', async () => {
    await expectInvalid(`0x02${'00'.repeat(128 * 1024)}`, /larger/);
  });
});
