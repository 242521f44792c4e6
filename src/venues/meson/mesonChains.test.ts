import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveToken } from '../../domain/tokens.ts';
import { MESON_CHAINS } from './mesonChains.ts';

/** The chain table against the relayer's own `/list` answer (fixtures/real/list-chains-2023.json) and Strait's token registry. */

const listed = (JSON.parse(readFileSync(new URL('./fixtures/real/list-chains-2023.json', import.meta.url), 'utf8')) as { result: { id: string; chainId: string; tokens: { id: string; addr?: string }[] }[] }).result;

describe('mesonChains', () => {
  it.each(MESON_CHAINS.filter((c) => c.key !== 'base').map((c) => [c.key, c] as const))('%s: the chain id and every token id and address are the relayer\'s', (_, chain) => {
    const entry = listed.find((c) => c.id === chain.id);
    expect(entry, chain.id).toBeDefined();
    expect(BigInt(entry!.chainId)).toBe(BigInt(chain.chainId));
    for (const token of chain.tokens) expect(entry!.tokens.find((t) => t.id === token.id)?.addr?.toLowerCase(), `${chain.id}:${token.id}`).toBe(token.address.toLowerCase());
  });

  it('lists only tokens Strait knows on that chain, with 6 decimals (the encoding\'s unit)', () => {
    for (const chain of MESON_CHAINS) for (const token of chain.tokens) expect(resolveToken(chain.key, token.address)).toMatchObject({ symbol: token.symbol, decimals: 6 });
  });
});
