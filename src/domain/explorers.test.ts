import * as viemChains from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { CHAIN_KEYS, chainInfo } from './chains.ts';
import { EXPLORER_TX_URLS, explorerTxUrl } from './explorers.ts';

describe('explorer table', () => {
  it('names only chain keys, each an https page with one {hash}', () => {
    for (const [chain, template] of Object.entries(EXPLORER_TX_URLS)) {
      expect(CHAIN_KEYS).toContain(chain);
      expect(template).toMatch(/^https:\/\/[^{}]+\{hash\}[^{}]*$/);
    }
  });

  it('takes each EVM chain\'s explorer from viem\'s definition of its chain id (the provenance it cites)', () => {
    const byId = new Map<number, string>();
    for (const c of Object.values(viemChains) as { id?: number; testnet?: boolean; blockExplorers?: { default?: { url: string } } }[]) {
      if (c?.id && !c.testnet && c.blockExplorers?.default && !byId.has(c.id)) byId.set(c.id, c.blockExplorers.default.url.replace(/\/$/, ''));
    }
    for (const chain of CHAIN_KEYS) {
      const id = chainInfo(chain).chainId;
      const template = EXPLORER_TX_URLS[chain];
      if (id === null || !template) continue;
      expect(template, chain).toBe(`${byId.get(id)}/tx/{hash}`);
    }
  });

  it('links a hash, and nothing on a chain without an explorer', () => {
    expect(explorerTxUrl('base', '0xab')).toBe('https://basescan.org/tx/0xab');
    expect(explorerTxUrl('solana', '5VfY')).toBe('https://explorer.solana.com/tx/5VfY');
    expect(explorerTxUrl('lighter', 'x')).toBeNull();
  });
});
