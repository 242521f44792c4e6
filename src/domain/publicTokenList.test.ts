import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isValidAddress } from './addresses/isValidAddress.ts';
import { CHAIN_KEYS } from './chains.ts';
import { PUBLIC_TOKEN_LIST_LABEL, publicTokensOn } from './publicTokenList.ts';

const read = (name: string) => readFileSync(new URL(`./tokenLists/${name}`, import.meta.url));

describe('the vendored public token list', () => {
  it('is the file SOURCES.json describes, byte for byte', () => {
    const sources = JSON.parse(read('SOURCES.json').toString('utf8')) as Record<string, { sha256: string; source: string }>;
    const entry = sources['uniswapDefaultTokenList.json'];
    expect(entry?.source).toContain('@uniswap/default-token-list@22.21.0');
    expect(createHash('sha256').update(read('uniswapDefaultTokenList.json')).digest('hex')).toBe(entry?.sha256);
    expect(PUBLIC_TOKEN_LIST_LABEL).toBe('Uniswap Labs Default 22.21.0');
  });

  it('maps chain ids to Strait\'s chains (Solana by Uniswap\'s 501000101), each address valid and listed once', () => {
    expect(publicTokensOn('ethereum').find((t) => t.symbol === 'UNI')).toEqual({ chain: 'ethereum', symbol: 'UNI', address: '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984', decimals: 18 });
    expect(publicTokensOn('solana').length).toBeGreaterThan(0);
    for (const chain of CHAIN_KEYS) {
      const tokens = publicTokensOn(chain);
      for (const token of tokens) {
        expect(token.chain).toBe(chain);
        expect(isValidAddress(chain, token.address as string), `${chain} ${token.address}`).toBe(true);
      }
      const keys = tokens.map((t) => (t.address as string).toLowerCase());
      expect(new Set(keys).size, chain).toBe(keys.length);
    }
    expect(publicTokensOn('hypercore')).toEqual([]);
    expect(publicTokensOn('dogechain')).toEqual([]);
  });
});
