import { chainInfo, type ChainKey } from '../../domain/chains.ts';
import { sameAddress } from '../../domain/addresses/sameAddress.ts';
import { assetInTable, chainsOfTable } from '../depositVenueSupport.ts';

/**
 * Houdini names a token by an opaque 24-hex id (a MongoDB ObjectId) from `GET /v2/tokens`; each token
 * carries its chain `shortName` and contract `address` (`null` or `""` for the chain's coin). This file
 * holds Strait's chain keys ↔ Houdini `shortName`s, and the tokens Strait routes through Houdini.
 *
 * Token ids are resolved at runtime (`GET /v2/tokens?chain=…&address=…`) and cached; `knownId` seeds the
 * cache with ids recorded in live v2 answers, which saves a rate-limited call for the commonest pairs.
 */

/** Service chain key → Houdini v2 chain `shortName` (houdini.md "Chains served"). */
export const HOUDINI_CHAINS: Readonly<Partial<Record<ChainKey, string>>> = {
  ethereum: 'ethereum',
  arbitrum: 'arbitrum',
  optimism: 'optimism',
  base: 'base',
  polygon: 'polygon',
  bnb: 'bsc',
  avalanche: 'avalanche',
  zksync: 'zksync-era',
  sonic: 'sonic',
  celo: 'celo',
  fantom: 'fantom',
  opbnb: 'opbnb',
  rootstock: 'rootstock',
  hyperevm: 'hyperevm',
  solana: 'solana',
  tron: 'tron',
  ton: 'ton',
  bitcoin: 'bitcoin',
  litecoin: 'litecoin',
  dogecoin: 'doge',
  bitcoincash: 'bitcoincash',
  // Houdini spells Zcash with a capital Z and pays transparent (t1…) addresses only.
  zcash: 'Zcash',
  dash: 'dash',
  xrpl: 'ripple',
  stellar: 'xlm',
  cardano: 'cardano',
  sui: 'sui',
  algorand: 'algorand',
  polkadot: 'polkadot',
};

export function shortNameOf(chain: ChainKey): string | undefined {
  return HOUDINI_CHAINS[chain];
}

export function chainOfShortName(shortName: string): ChainKey | undefined {
  const entry = Object.entries(HOUDINI_CHAINS).find(([, name]) => name === shortName);
  return entry?.[0] as ChainKey | undefined;
}

export interface HoudiniAsset {
  readonly chain: ChainKey;
  readonly symbol: string;
  /** Contract / mint on its chain; `null` for the chain's native coin. */
  readonly address: string | null;
  /** Strait's decimals (Houdini's own `decimals` field is not trusted: it reports 0 for XRP). */
  readonly decimals: number;
  /** The Houdini token id when recorded from a live answer; otherwise resolved at runtime. */
  readonly knownId: string | null;
}

function native(chain: ChainKey, knownId: string | null = null): HoudiniAsset {
  const info = chainInfo(chain);
  return { chain, symbol: info.nativeSymbol, address: null, decimals: info.nativeDecimals, knownId };
}

const token = (chain: ChainKey, symbol: string, address: string, decimals: number, knownId: string | null = null): HoudiniAsset => ({ chain, symbol, address, decimals, knownId });

/**
 * Every token Strait prices at Houdini: each served chain's coin, and the registry's USDC / USDT where
 * Houdini's desks carry them. Houdini lists far more; a token absent from Strait's registry cannot be
 * quoted here until the registry knows it.
 */
export const HOUDINI_ASSETS: readonly HoudiniAsset[] = [
  native('ethereum', '6689b73ec90e45f3b3e51566'),
  token('ethereum', 'USDC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6, '6689b73ec90e45f3b3e51554'),
  token('ethereum', 'USDT', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6),
  native('arbitrum'),
  token('arbitrum', 'USDC', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6),
  token('arbitrum', 'USDT', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6),
  native('optimism'),
  token('optimism', 'USDC', '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', 6),
  token('optimism', 'USDT', '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', 6),
  native('base'),
  token('base', 'USDC', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6),
  native('polygon'),
  token('polygon', 'USDC', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 6),
  token('polygon', 'USDT', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6),
  native('bnb'),
  native('avalanche'),
  token('avalanche', 'USDC', '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', 6),
  native('zksync'),
  native('sonic'),
  native('celo'),
  native('fantom'),
  native('opbnb'),
  native('rootstock'),
  native('hyperevm'),
  native('solana'),
  token('solana', 'USDC', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 6),
  token('solana', 'USDT', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 6),
  native('tron'),
  native('ton'),
  native('bitcoin', '6689b73ec90e45f3b3e51551'),
  native('litecoin'),
  native('dogecoin'),
  native('bitcoincash'),
  native('zcash'),
  native('dash'),
  native('xrpl', '6689b73ec90e45f3b3e5155b'),
  native('stellar'),
  native('cardano'),
  native('sui'),
  native('algorand'),
  native('polkadot'),
];

/** Chains with at least one asset in the table: the only ones a corridor can use. */
export const HOUDINI_ORIGINS: readonly ChainKey[] = chainsOfTable(HOUDINI_ASSETS);

/** The Houdini asset of a token, matched by chain and contract (native by `null`). */
export function assetOf(tokenInfo: { readonly chain: string; readonly address: string | null }): HoudiniAsset | undefined {
  return assetInTable(HOUDINI_ASSETS, tokenInfo);
}

export function assetsOn(chain: ChainKey): readonly HoudiniAsset[] {
  return HOUDINI_ASSETS.filter((a) => a.chain === chain);
}

/** Whether a Houdini token entry (from `/v2/tokens`) is `asset`: same chain, same contract, `null`/`""` for a coin. */
export function isHoudiniTokenOf(entry: { readonly chain: string; readonly address?: string | null | undefined }, asset: HoudiniAsset): boolean {
  if (entry.chain !== shortNameOf(asset.chain)) return false;
  const address = entry.address ?? '';
  if (asset.address === null) return address === '';
  // Houdini stores EVM contracts lowercased; compare without case for EVM only.
  return address !== '' && sameAddress(asset.chain, address, asset.address);
}
