import { chainInfo, type ChainKey } from '../../domain/chains.ts';
import { assetInTable, chainsOfTable } from '../depositVenueSupport.ts';

/**
 * SideShift names an asset by `(coin, network)`: `USDC` + `solana`, `ETH` + `arbitrum`. This file holds
 * the service key ↔ SideShift network ids and a static table of the assets Strait routes through
 * SideShift, limited to tokens the token registry knows. Network ids, coin codes, contracts and
 * decimals were checked against a snapshot of `GET /v2/coins` (2025-08) and Edge's SideShift mapping;
 * the live list may add more.
 */

/** Service chain key → SideShift network id. */
export const SIDESHIFT_NETWORKS: Readonly<Partial<Record<ChainKey, string>>> = {
  ethereum: 'ethereum',
  arbitrum: 'arbitrum',
  optimism: 'optimism',
  base: 'base',
  polygon: 'polygon',
  bnb: 'bsc',
  avalanche: 'avax',
  zksync: 'zksyncera',
  scroll: 'scroll',
  blast: 'blast',
  mantle: 'mantle',
  sonic: 'sonic',
  sei: 'seievm',
  monad: 'monad',
  hyperevm: 'hyperevm',
  plasma: 'plasma',
  berachain: 'berachain',
  ronin: 'ronin',
  rootstock: 'rootstock',
  cronos: 'cronos',
  solana: 'solana',
  tron: 'tron',
  ton: 'ton',
  bitcoin: 'bitcoin',
  litecoin: 'litecoin',
  dogecoin: 'doge',
  bitcoincash: 'bitcoincash',
  dash: 'dash',
  xrpl: 'ripple',
  stellar: 'stellar',
  cardano: 'cardano',
  sui: 'sui',
  aptos: 'aptos',
  near: 'near',
  algorand: 'algorand',
  polkadot: 'polkadot',
  cosmoshub: 'cosmos',
};

export function networkOf(chain: ChainKey): string | undefined {
  return SIDESHIFT_NETWORKS[chain];
}

export interface SideShiftAsset {
  readonly chain: ChainKey;
  /** SideShift coin code (case-insensitive at the venue; sent as listed). */
  readonly coin: string;
  readonly network: string;
  /** Token contract / mint on its chain (`tokenDetails[network].contractAddress`); `null` for the native asset. */
  readonly address: string | null;
  readonly decimals: number;
  /** Whether a deposit on this network carries a memo (`networksWithMemo`). */
  readonly memo: boolean;
}

const MEMO_NETWORKS: ReadonlySet<string> = new Set(['ripple', 'stellar', 'cosmos', 'ton', 'algorand']);

function asset(chain: ChainKey, coin: string, address: string | null, decimals: number): SideShiftAsset {
  const network = SIDESHIFT_NETWORKS[chain];
  if (!network) throw new Error(`SideShift has no network for ${chain}`);
  return { chain, coin, network, address, decimals, memo: MEMO_NETWORKS.has(network) };
}

const native = (chain: ChainKey, coin: string): SideShiftAsset => asset(chain, coin, null, chainInfo(chain).nativeDecimals);

export const SIDESHIFT_ASSETS: readonly SideShiftAsset[] = [
  native('ethereum', 'ETH'),
  asset('ethereum', 'USDC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6),
  asset('ethereum', 'USDT', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6),
  asset('ethereum', 'WETH', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 18),
  native('arbitrum', 'ETH'),
  asset('arbitrum', 'USDC', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6),
  asset('arbitrum', 'USDT', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6),
  // SideShift's USDC on optimism is bridged USDC.e (0x7F5c…1607), not the registry's native USDC: left out.
  native('optimism', 'ETH'),
  asset('optimism', 'USDT', '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', 6),
  native('base', 'ETH'),
  asset('base', 'USDC', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6),
  asset('base', 'WETH', '0x4200000000000000000000000000000000000006', 18),
  native('polygon', 'POL'),
  asset('polygon', 'USDC', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 6),
  asset('polygon', 'USDT', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6),
  asset('polygon', 'WETH', '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', 18),
  native('bnb', 'BNB'),
  native('avalanche', 'AVAX'),
  asset('avalanche', 'USDC', '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', 6),
  native('zksync', 'ETH'),
  native('scroll', 'ETH'),
  native('blast', 'ETH'),
  native('mantle', 'MNT'),
  native('sonic', 'S'),
  asset('sonic', 'USDC', '0x29219dd400f2Bf60E5a23d13Be72B486D4038894', 6),
  native('sei', 'SEI'),
  // Network ids confirmed (Edge mapping); the native coin codes of monad and plasma are not.
  native('monad', 'MON'),
  native('plasma', 'XPL'),
  native('hyperevm', 'HYPE'),
  native('berachain', 'BERA'),
  native('ronin', 'RON'),
  native('rootstock', 'RBTC'),
  native('cronos', 'CRO'),
  native('solana', 'SOL'),
  asset('solana', 'USDC', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 6),
  asset('solana', 'USDT', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 6),
  asset('solana', 'wSOL', 'So11111111111111111111111111111111111111112', 9),
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
  native('aptos', 'APT'),
  native('near', 'NEAR'),
  native('algorand', 'ALGO'),
  native('polkadot', 'DOT'),
  native('cosmoshub', 'ATOM'),
];

/** Chains with at least one asset in the table: the only ones a corridor can use. */
export const SIDESHIFT_CHAINS: readonly ChainKey[] = chainsOfTable(SIDESHIFT_ASSETS);

/** The SideShift asset of a token, matched by chain and contract (native by `null`). */
export function assetOf(token: { readonly chain: string; readonly address: string | null }): SideShiftAsset | undefined {
  return assetInTable(SIDESHIFT_ASSETS, token);
}

/** The asset SideShift names `(coin, network)`; coin codes compare case-insensitively as the venue does. */
export function assetByCoin(coin: unknown, network: unknown): SideShiftAsset | undefined {
  if (typeof coin !== 'string' || typeof network !== 'string') return undefined;
  const upper = coin.toUpperCase();
  return SIDESHIFT_ASSETS.find((a) => a.network === network.toLowerCase() && a.coin.toUpperCase() === upper);
}

export function assetsOn(chain: ChainKey): readonly SideShiftAsset[] {
  return SIDESHIFT_ASSETS.filter((a) => a.chain === chain);
}
