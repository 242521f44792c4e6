import { describe, expect, it } from 'vitest';
import { isSolanaAddress } from './isSolanaAddress.ts';

describe('isSolanaAddress', () => {
  it.each([
    'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', // USDC mint
    'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', // USDT mint
    'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', // SPL Token program
    'So11111111111111111111111111111111111111112', // wrapped SOL mint
    '11111111111111111111111111111111', // System program (32 zero bytes)
    '69UwBV4LPg7hHUS5JXiXyfgVnESmDKe8KJppsLj8pRU', // 43 characters
  ])('accepts %s', (address) => {
    expect(isSolanaAddress(address)).toBe(true);
  });

  it.each([
    ['too short: decodes to fewer than 32 bytes', '833XorXTTx5iya5B3Tr6iqEs9GbRuvVfwyLCP2vpdz'],
    ['too long: decodes to more than 32 bytes', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vv'],
    ['character outside base58 (0)', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10'],
    ['character outside base58 (l)', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDtlv'],
    ['an EVM address', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'],
    ['a Bitcoin address', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['empty', ''],
  ])('rejects %s', (_why, address) => {
    expect(isSolanaAddress(address)).toBe(false);
  });
});
