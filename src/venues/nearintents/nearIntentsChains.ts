import { sameAddress } from '../../domain/addresses/sameAddress.ts';
import type { ChainKey } from '../../domain/chains.ts';

/**
 * 1Click names assets, not chains: every quote takes an `originAsset` / `destinationAsset` id from its
 * `GET /v0/tokens` list. This file holds the service key ↔ 1Click `blockchain` names and a static table
 * of the asset ids Strait routes through 1Click (ids confirmed against several public integrations;
 * the live list may add more).
 */

/** Service chain key → 1Click `blockchain` value (nearintents.md "Chains served"). */
export const NEAR_INTENTS_BLOCKCHAINS: Readonly<Partial<Record<ChainKey, string>>> = {
  near: 'near',
  ethereum: 'eth',
  base: 'base',
  arbitrum: 'arb',
  optimism: 'op',
  polygon: 'pol',
  bnb: 'bsc',
  avalanche: 'avax',
  gnosis: 'gnosis',
  berachain: 'bera',
  xlayer: 'xlayer',
  monad: 'monad',
  plasma: 'plasma',
  scroll: 'scroll',
  hypercore: 'hypercore',
  solana: 'sol',
  bitcoin: 'btc',
  litecoin: 'ltc',
  dogecoin: 'doge',
  bitcoincash: 'bch',
  zcash: 'zec',
  dash: 'dash',
  xrpl: 'xrp',
  tron: 'tron',
  ton: 'ton',
  sui: 'sui',
  aptos: 'aptos',
  movement: 'movement',
  stellar: 'stellar',
  cardano: 'cardano',
  starknet: 'starknet',
};

export function blockchainOf(chain: ChainKey): string | undefined {
  return NEAR_INTENTS_BLOCKCHAINS[chain];
}

export interface NearIntentsAsset {
  readonly chain: ChainKey;
  readonly symbol: string;
  /** Token contract / mint on its chain; `null` for the chain's native asset. */
  readonly address: string | null;
  readonly decimals: number;
  readonly assetId: string;
}

const omft = (blockchain: string, contract: string) => `nep141:${blockchain}-${contract.toLowerCase()}.omft.near`;
// Chains bridged through HOT Omni (op, pol, bsc, avax, ton) use nep245 ids keyed by chain id.
const hot = (chainId: number, suffix: string) => `nep245:v2_1.omni.hot.tg:${chainId}_${suffix}`;
const HOT_NATIVE = '11111111111111111111';

const asset = (chain: ChainKey, symbol: string, address: string | null, decimals: number, assetId: string): NearIntentsAsset => ({ chain, symbol, address, decimals, assetId });

export const NEAR_INTENTS_ASSETS: readonly NearIntentsAsset[] = [
  asset('ethereum', 'ETH', null, 18, 'nep141:eth.omft.near'),
  asset('ethereum', 'USDC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6, omft('eth', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')),
  asset('ethereum', 'USDT', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6, omft('eth', '0xdac17f958d2ee523a2206206994597c13d831ec7')),
  asset('arbitrum', 'ETH', null, 18, 'nep141:arb.omft.near'),
  asset('arbitrum', 'USDC', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6, omft('arb', '0xaf88d065e77c8cc2239327c5edb3a432268e5831')),
  asset('arbitrum', 'USDT', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6, omft('arb', '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9')),
  asset('base', 'ETH', null, 18, 'nep141:base.omft.near'),
  asset('base', 'USDC', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6, omft('base', '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913')),
  asset('optimism', 'ETH', null, 18, hot(10, HOT_NATIVE)),
  asset('optimism', 'USDC', '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', 6, hot(10, 'A2ewyUyDp6qsue1jqZsGypkCxRJ')),
  asset('optimism', 'USDT', '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', 6, hot(10, '359RPSJVdTxwTJT9TyGssr2rFoWo')),
  asset('polygon', 'POL', null, 18, hot(137, HOT_NATIVE)),
  asset('polygon', 'USDC', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 6, hot(137, 'qiStmoQJDQPTebaPjgx5VBxZv6L')),
  asset('polygon', 'USDT', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6, hot(137, '3hpYoaLtt8MP1Z2GH1U473DMRKgr')),
  asset('bnb', 'BNB', null, 18, hot(56, HOT_NATIVE)),
  // Binance-Peg stablecoins carry 18 decimals on BSC.
  asset('bnb', 'USDC', '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', 18, hot(56, '2w93GqMcEmQFDru84j3HZZWt557r')),
  asset('bnb', 'USDT', '0x55d398326f99059fF775485246999027B3197955', 18, hot(56, '2CMMyVTGZkeyNZTSvS5sarzfir6g')),
  asset('avalanche', 'AVAX', null, 18, hot(43114, HOT_NATIVE)),
  asset('avalanche', 'USDC', '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', 6, hot(43114, '3atVJH3r5c4GqiSYmg9fECvjc47o')),
  asset('avalanche', 'USDT', '0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7', 6, hot(43114, '372BeH7ENZieCaabwkbWkBiTTgXp')),
  asset('gnosis', 'XDAI', null, 18, 'nep141:gnosis.omft.near'),
  asset('berachain', 'BERA', null, 18, 'nep141:bera.omft.near'),
  asset('solana', 'SOL', null, 9, 'nep141:sol.omft.near'),
  asset('solana', 'USDC', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 6, 'nep141:sol-5ce3bf3a31af18be40ba30f721101b4341690186.omft.near'),
  asset('solana', 'USDT', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 6, 'nep141:sol-c800a4bd850783ccb82c2b2c7e84175443606352.omft.near'),
  // 1Click prices native NEAR as wNEAR.
  asset('near', 'NEAR', null, 24, 'nep141:wrap.near'),
  asset('near', 'USDC', '17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1', 6, 'nep141:17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1'),
  asset('near', 'USDT', 'usdt.tether-token.near', 6, 'nep141:usdt.tether-token.near'),
  // Since the Omni migration native BTC has this id; `nep141:btc.omft.near` is deprecated.
  asset('bitcoin', 'BTC', null, 8, '1cs_v1:btc:native:coin'),
  // Recorded live as a destination (GabrielNeugebauer/deadman) and as an origin (Zashi's swaps).
  asset('zcash', 'ZEC', null, 8, 'nep141:zec.omft.near'),
  asset('dogecoin', 'DOGE', null, 8, 'nep141:doge.omft.near'),
  asset('xrpl', 'XRP', null, 6, 'nep141:xrp.omft.near'),
  asset('tron', 'TRX', null, 6, 'nep141:tron.omft.near'),
  asset('tron', 'USDT', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 6, 'nep141:tron-d28a265909efecdcee7c5028585214ea0b96f015.omft.near'),
  asset('sui', 'SUI', null, 9, 'nep141:sui.omft.near'),
  asset('cardano', 'ADA', null, 6, 'nep141:cardano.omft.near'),
  asset('ton', 'TON', null, 9, 'nep245:v2_1.omni.hot.tg:1117_'),
];

/** Chains with at least one asset in the table: the only ones a corridor can use. */
export const NEAR_INTENTS_CHAINS: readonly ChainKey[] = [...new Set(NEAR_INTENTS_ASSETS.map((a) => a.chain))];

/** The 1Click asset of a token, matched by chain and contract (native by `null`). */
export function assetOf(token: { readonly chain: string; readonly address: string | null }): NearIntentsAsset | undefined {
  const chain = token.chain as ChainKey;
  return NEAR_INTENTS_ASSETS.find((a) => a.chain === chain && (a.address === null || token.address === null ? a.address === token.address : sameAddress(chain, a.address, token.address)));
}

export function assetById(assetId: unknown): NearIntentsAsset | undefined {
  return NEAR_INTENTS_ASSETS.find((a) => a.assetId === assetId);
}

export function assetsOn(chain: ChainKey): readonly NearIntentsAsset[] {
  return NEAR_INTENTS_ASSETS.filter((a) => a.chain === chain);
}
