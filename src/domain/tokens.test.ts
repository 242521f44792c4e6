import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { ADDRESS_RULES, isValidAddress } from './addresses/isValidAddress.ts';
import { nativeToken, resolveToken, tokensOn } from './tokens.ts';

const CHAINS = Object.keys(ADDRESS_RULES);
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

describe('nativeToken', () => {
  it.each(CHAINS)('is defined for %s', (chain) => {
    const native = nativeToken(chain);
    expect(native).toMatchObject({ chain, address: null });
    expect(native?.symbol).toMatch(/^\w+( \(\w+\))?$/);
    expect(Number.isInteger(native?.decimals)).toBe(true);
  });

  it.each([
    ['ethereum', 'ETH', 18],
    ['arbitrum', 'ETH', 18],
    ['polygon', 'POL', 18],
    ['bnb', 'BNB', 18],
    ['avalanche', 'AVAX', 18],
    ['gnosis', 'XDAI', 18],
    ['sonic', 'S', 18],
    ['solana', 'SOL', 9],
    ['bitcoin', 'BTC', 8],
    ['near', 'NEAR', 24],
    ['ton', 'TON', 9],
    ['tron', 'TRX', 6],
    ['xrpl', 'XRP', 6],
    ['stellar', 'XLM', 7],
    ['cardano', 'ADA', 6],
    ['algorand', 'ALGO', 6],
    ['polkadot', 'DOT', 10],
    ['sui', 'SUI', 9],
    ['aptos', 'APT', 8],
    ['starknet', 'STRK', 18],
    ['cosmoshub', 'ATOM', 6],
    ['osmosis', 'OSMO', 6],
    ['injective', 'INJ', 18],
    ['noble', 'USDC', 6],
    ['hypercore', 'USDC (perps)', 6],
    ['lighter', 'USDC', 6],
  ])('on %s is %s with %i decimals', (chain, symbol, decimals) => {
    expect(nativeToken(chain)).toEqual({ chain, symbol, address: null, decimals });
  });

  it('is undefined for an unknown chain', () => {
    expect(nativeToken('dogechain')).toBeUndefined();
    expect(nativeToken('constructor')).toBeUndefined();
  });
});

describe('tokensOn', () => {
  it('covers exactly the routed chains', () => {
    for (const chain of CHAINS) expect(tokensOn(chain).length).toBeGreaterThan(0);
    expect(tokensOn('dogechain')).toEqual([]);
  });

  it('lists USDC, USDT, WETH and the native asset on the major chains', () => {
    const symbols = (chain: string) => tokensOn(chain).map((token) => token.symbol);
    for (const chain of ['ethereum', 'arbitrum', 'optimism', 'polygon']) {
      expect(symbols(chain)).toEqual(expect.arrayContaining(['USDC', 'USDT', 'WETH']));
    }
    expect(symbols('base')).toEqual(['ETH', 'USDC', 'WETH']);
    expect(symbols('solana')).toEqual(['SOL', 'USDC', 'USDT', 'WSOL']);
    for (const chain of ['avalanche', 'linea', 'unichain', 'worldchain', 'sonic', 'ink', 'hyperevm']) {
      expect(symbols(chain)).toContain('USDC');
    }
  });

  it('stores every token address in its canonical form, valid on its chain', () => {
    for (const chain of CHAINS) {
      for (const token of tokensOn(chain)) {
        if (token.address === null) continue;
        // HyperCore names spot tokens by a 16-byte token id, not by an account address.
        if (chain === 'hypercore') { expect(token.address).toMatch(/^0x[0-9a-f]{32}$/); continue; }
        if (ADDRESS_RULES[chain]?.family === 'evm') expect(token.address).toBe(getAddress(token.address));
        expect(isValidAddress(chain, token.address)).toBe(true);
      }
    }
  });

  it('gives one native asset per chain and no duplicate symbols or addresses', () => {
    for (const chain of CHAINS) {
      const tokens = tokensOn(chain);
      expect(tokens.filter((token) => token.address === null)).toHaveLength(1);
      expect(new Set(tokens.map((token) => token.symbol.toUpperCase())).size).toBe(tokens.length);
      const addresses = tokens.flatMap((token) => (token.address === null ? [] : [token.address.toLowerCase()]));
      expect(new Set(addresses).size).toBe(addresses.length);
    }
  });

  it('hands out frozen data', () => {
    const tokens = tokensOn('ethereum');
    expect(Object.isFrozen(tokens)).toBe(true);
    expect(tokens.every((token) => Object.isFrozen(token))).toBe(true);
  });
});

describe('resolveToken', () => {
  it('finds a token by symbol, case-insensitively', () => {
    const expected = { chain: 'ethereum', symbol: 'USDC', address: USDC_ETHEREUM, decimals: 6 };
    expect(resolveToken('ethereum', 'USDC')).toEqual(expected);
    expect(resolveToken('ethereum', 'usdc')).toEqual(expected);
    expect(resolveToken('ethereum', 'Usdc')).toEqual(expected);
    expect(resolveToken('solana', 'wsol')?.address).toBe('So11111111111111111111111111111111111111112');
  });

  it('finds the native asset by its symbol too', () => {
    expect(resolveToken('polygon', 'pol')).toEqual(nativeToken('polygon'));
    expect(resolveToken('citrea', 'CBTC')).toEqual(nativeToken('citrea'));
  });

  it('finds an EVM token by address in any case', () => {
    expect(resolveToken('ethereum', USDC_ETHEREUM)?.symbol).toBe('USDC');
    expect(resolveToken('ethereum', USDC_ETHEREUM.toLowerCase())?.symbol).toBe('USDC');
    expect(resolveToken('ethereum', `0x${USDC_ETHEREUM.slice(2).toUpperCase()}`)?.symbol).toBe('USDC');
    expect(resolveToken('base', '0x4200000000000000000000000000000000000006')?.symbol).toBe('WETH');
  });

  it('matches base58 addresses exactly', () => {
    expect(resolveToken('solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')?.symbol).toBe('USDC');
    expect(resolveToken('solana', 'epjfwdd5aufqssqem2qn1xzybapc8g4wegGkzwytdt1v')).toBeUndefined();
  });

  it('maps null and "native" to the native asset', () => {
    expect(resolveToken('ethereum', null)).toEqual({ chain: 'ethereum', symbol: 'ETH', address: null, decimals: 18 });
    expect(resolveToken('solana', 'native')).toEqual(nativeToken('solana'));
    expect(resolveToken('bitcoin', null)).toEqual({ chain: 'bitcoin', symbol: 'BTC', address: null, decimals: 8 });
  });

  it('resolves HyperCore balances only by their two names or the spot token id', () => {
    expect(resolveToken('hypercore', 'USDC (perps)')).toMatchObject({ symbol: 'USDC (perps)', address: null, decimals: 6 });
    expect(resolveToken('hypercore', 'usdc (spot)')).toMatchObject({ symbol: 'USDC (spot)', address: '0x6d1e7cde53ba9467b783cb7c530ce054' });
    expect(resolveToken('hypercore', '0x6D1E7CDE53BA9467B783CB7C530CE054')?.symbol).toBe('USDC (spot)');
    expect(resolveToken('hypercore', 'USDC')).toBeUndefined();
    expect(resolveToken('hypercore', null)).toBeUndefined();
    expect(resolveToken('hypercore', 'native')).toBeUndefined();
  });

  it('returns undefined for anything unknown', () => {
    expect(resolveToken('ethereum', 'DOGE')).toBeUndefined();
    expect(resolveToken('base', 'USDT')).toBeUndefined(); // no canonical USDT on Base
    expect(resolveToken('base', USDC_ETHEREUM)).toBeUndefined(); // right token, wrong chain
    expect(resolveToken('ethereum', '0x0000000000000000000000000000000000000000')).toBeUndefined();
    expect(resolveToken('dogechain', 'USDC')).toBeUndefined();
    expect(resolveToken('dogechain', null)).toBeUndefined();
    expect(resolveToken('ethereum', '')).toBeUndefined();
  });
});
