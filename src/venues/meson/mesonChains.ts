import { getAddress, type Address } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';

/**
 * The Meson contract: one address on every EVM chain (MesonFi/meson-contracts-solidity
 * packages/presets/src/mainnets.json `mesonAddress` @ c23e0c841a5fb2d256fb59a96326b997f32d12e1).
 * Pinned here, never read from an API answer: it is the spender of the approve step and the contract
 * that pulls the tokens once the relayer posts the signed request.
 */
export const MESON_CONTRACT: Address = getAddress('0x25aB3Efd52e6470681CE037cD546Dc60726948D3');

export interface MesonToken {
  /** Strait's symbol (domain/tokens.ts). */
  readonly symbol: string;
  /** Meson's token id in `"<chain>:<token>"` strings. */
  readonly id: string;
  /** The token's index in encoded swaps (`tokenIndex` of the presets). */
  readonly index: number;
  readonly address: Address;
}

export interface MesonChain {
  readonly key: ChainKey;
  readonly chainId: number;
  /** Meson's chain id in `"<chain>:<token>"` strings. */
  readonly id: string;
  /** The chain in encoded swaps: its short SLIP-44 coin type (`shortSlip44` of the presets). */
  readonly coinType: number;
  readonly tokens: readonly MesonToken[];
}

const token = (symbol: string, index: number, address: string): MesonToken => ({ symbol, id: symbol.toLowerCase(), index, address: getAddress(address) });

/**
 * Chains and 6-decimal stablecoins from the presets above (the same commit). Only tokens whose
 * amounts Meson's 6-decimal encoding carries exactly are listed, so the encoded amount is the atomic
 * amount itself; 18-decimal stablecoins (BNB Chain) and the native coins are not built. The relayer's
 * own `/list` (fixtures/real/list-chains-2023.json) names `opt:usdc` and `polygon:usdc` as the bridged
 * USDC.e, not the native USDC Strait lists there, so USDC is not offered on those two chains;
 * mesonChains.test.ts checks every id and address here against that answer (Base, absent from it, is
 * from the presets only).
 */
export const MESON_CHAINS: readonly MesonChain[] = [
  { key: 'ethereum', chainId: 1, id: 'eth', coinType: 0x003c, tokens: [token('USDC', 1, '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'), token('USDT', 2, '0xdac17f958d2ee523a2206206994597c13d831ec7')] },
  { key: 'arbitrum', chainId: 42161, id: 'arb', coinType: 0x2329, tokens: [token('USDC', 9, '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'), token('USDT', 2, '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9')] },
  { key: 'optimism', chainId: 10, id: 'opt', coinType: 0x0266, tokens: [token('USDT', 2, '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58')] },
  { key: 'base', chainId: 8453, id: 'base', coinType: 0x2105, tokens: [token('USDC', 1, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913')] },
  { key: 'polygon', chainId: 137, id: 'polygon', coinType: 0x03c6, tokens: [token('USDT', 2, '0xc2132d05d31c914a87c6611c10748aeb04b58e8f')] },
  { key: 'avalanche', chainId: 43114, id: 'avax', coinType: 0x2328, tokens: [token('USDC', 9, '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E')] },
];

export const mesonChain = (key: string): MesonChain | undefined => MESON_CHAINS.find((c) => c.key === key);
export const mesonChainById = (chainId: number): MesonChain | undefined => MESON_CHAINS.find((c) => c.chainId === chainId);
export const mesonChainByCoinType = (coinType: number): MesonChain | undefined => MESON_CHAINS.find((c) => c.coinType === coinType);

/** The token at `address` on `chain` (any hex case), if Meson's encoding names it. */
export function mesonToken(chain: MesonChain, address: string | null): MesonToken | undefined {
  return address === null ? undefined : chain.tokens.find((t) => t.address.toLowerCase() === address.toLowerCase());
}
