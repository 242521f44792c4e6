import { describe, expect, it } from 'vitest';
import { CHAIN_KEYS, chainInfo } from './chains.ts';
import { txHashFormat } from './txHashFormat.ts';

const HEX = 'ab'.repeat(32);
const SOLANA_SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

describe('txHashFormat', () => {
  it('has a format for every chain key, and refuses an empty string everywhere', () => {
    for (const chain of CHAIN_KEYS) expect(txHashFormat(chain).matches(''), chain).toBe(false);
  });

  it.each([
    ['bitcoin', HEX, true],
    ['bitcoin', `0x${HEX}`, false],
    ['dogecoin', HEX.toUpperCase(), true],
    ['tron', HEX, true],
    ['tron', HEX.slice(2), false],
    ['xrpl', HEX.toUpperCase(), true],
    ['solana', SOLANA_SIGNATURE, true],
    ['solana', HEX, false],
    ['base', `0x${HEX}`, true],
    ['base', HEX, false],
    ['aptos', `0x${HEX}`, true],
    ['starknet', '0x3f1a', true],
    ['near', '6zgh2u9DqHHiXzdy9ouTP7oGky2T4nugqzqt9wJZwNFm', true],
    ['ton', HEX, true],
    ['ton', 'q83vEjRWeJq83vEjRWeJq83vEjRWeJq83vEjRWeJq80=', true],
    ['algorand', 'A'.repeat(52), true],
    ['algorand', 'a'.repeat(52), false],
  ] as const)('%s: %s is %s', (chain, hash, valid) => {
    expect(txHashFormat(chain).matches(hash)).toBe(valid);
  });

  it('describes each family', () => {
    for (const chain of CHAIN_KEYS) expect(txHashFormat(chain).description.length, chainInfo(chain).vm).toBeGreaterThan(0);
  });
});
