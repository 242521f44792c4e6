import { chainInfo, type ChainKey } from '../../domain/chains.ts';
import { assetInTable, chainsOfTable } from '../depositVenueSupport.ts';

/**
 * Exolix names an asset with two upper-case strings: a coin code (`USDC`) and a network code (`ETH`,
 * `SOL`, …); the live list is `GET /v2/currencies?withNetworks=true`. This file holds the service key
 * ↔ network codes (Edge's `exolixMappings.ts`, see exolix.md) and a static table of the assets Strait
 * routes through Exolix, limited to tokens the registry (`src/domain/tokens.ts`) knows.
 *
 * Left out on purpose: networks the mapping marks unconfirmed (linea, sonic, hyperevm, …), Polygon
 * and Optimism USDC (whether Exolix's `USDC` there is the native or the bridged token is not
 * confirmed), Polygon's and Avalanche's native coins (coin code / listing not confirmed).
 */

/** Service chain key → Exolix network code (confirmed rows of exolix.md only). */
export const EXOLIX_NETWORKS: Readonly<Partial<Record<ChainKey, string>>> = {
  ethereum: 'ETH',
  arbitrum: 'ARBITRUM',
  optimism: 'OPTIMISM',
  base: 'BASE',
  polygon: 'MATIC',
  bnb: 'BSC',
  avalanche: 'AVAXC',
  zksync: 'ZKSYNCERA',
  celo: 'CELO',
  solana: 'SOL',
  tron: 'TRX',
  ton: 'TON',
  bitcoin: 'BTC',
  litecoin: 'LTC',
  dogecoin: 'DOGE',
  bitcoincash: 'BCH',
  dash: 'DASH',
  xrpl: 'XRP',
  stellar: 'XLM',
  cardano: 'ADA',
  sui: 'SUI',
  algorand: 'ALGO',
  cosmoshub: 'ATOM',
};

export function networkOf(chain: ChainKey): string | undefined {
  return EXOLIX_NETWORKS[chain];
}

export interface ExolixAsset {
  readonly chain: ChainKey;
  readonly symbol: string;
  /** Token contract / mint on its chain; `null` for the chain's native asset. */
  readonly address: string | null;
  readonly decimals: number;
  /** Exolix coin code (`coinFrom` / `coinTo`). */
  readonly coin: string;
  /** Exolix network code (`coinFromNetwork` / `networkFrom`, …). */
  readonly network: string;
}

function networkFor(chain: ChainKey): string {
  const network = networkOf(chain);
  if (!network) throw new Error(`no Exolix network for ${chain}`);
  return network;
}

/** The chain's native asset under its coin code, on the chain's network code. */
function native(chain: ChainKey, coin: string): ExolixAsset {
  const info = chainInfo(chain);
  return { chain, symbol: info.nativeSymbol, address: null, decimals: info.nativeDecimals, coin, network: networkFor(chain) };
}

function token(chain: ChainKey, symbol: string, address: string, decimals: number): ExolixAsset {
  return { chain, symbol, address, decimals, coin: symbol, network: networkFor(chain) };
}

export const EXOLIX_ASSETS: readonly ExolixAsset[] = [
  native('ethereum', 'ETH'),
  token('ethereum', 'USDC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6),
  token('ethereum', 'USDT', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6),
  native('arbitrum', 'ETH'),
  token('arbitrum', 'USDC', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6),
  native('optimism', 'ETH'),
  native('base', 'ETH'),
  token('base', 'USDC', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6),
  token('polygon', 'USDT', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6),
  native('bnb', 'BNB'),
  token('avalanche', 'USDC', '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', 6),
  native('solana', 'SOL'),
  token('solana', 'USDC', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 6),
  token('solana', 'USDT', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 6),
  native('tron', 'TRX'),
  native('ton', 'TON'),
  native('bitcoin', 'BTC'),
  native('litecoin', 'LTC'),
  native('dogecoin', 'DOGE'),
  native('bitcoincash', 'BCH'),
  native('dash', 'DASH'),
  native('xrpl', 'XRP'),
  native('stellar', 'XLM'),
  native('cardano', 'ADA'),
  native('sui', 'SUI'),
  native('algorand', 'ALGO'),
  native('cosmoshub', 'ATOM'),
];

/** Chains with at least one asset in the table: the only ones a corridor can use. */
export const EXOLIX_CHAINS: readonly ChainKey[] = chainsOfTable(EXOLIX_ASSETS);

/** The Exolix asset of a token, matched by chain and contract (native by `null`). */
export function assetOf(token: { readonly chain: string; readonly address: string | null }): ExolixAsset | undefined {
  return assetInTable(EXOLIX_ASSETS, token);
}

/** The asset Exolix names `(coin, network)`, case-insensitively. */
export function assetByCoin(coin: unknown, network: unknown): ExolixAsset | undefined {
  if (typeof coin !== 'string' || typeof network !== 'string') return undefined;
  return EXOLIX_ASSETS.find((a) => a.coin === coin.toUpperCase() && a.network === network.toUpperCase());
}

export function assetsOn(chain: ChainKey): readonly ExolixAsset[] {
  return EXOLIX_ASSETS.filter((a) => a.chain === chain);
}

/** An address as Exolix expects it: Bitcoin Cash without its `bitcoincash:` prefix. */
export function toExolixAddress(chain: ChainKey, address: string): string {
  return chain === 'bitcoincash' ? address.replace(/^bitcoincash:/i, '') : address;
}
