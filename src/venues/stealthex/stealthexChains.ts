import { chainInfo, type ChainKey } from '../../domain/chains.ts';
import { assetInTable, chainsOfTable } from '../depositVenueSupport.ts';

/**
 * StealthEX (API v4) names an asset `{symbol, network}`, both lower-case. A chain's native coin sits on
 * network `mainnet` on many chains and on the chain's own network name elsewhere (ETH on L2s, BNB on
 * `bsc`, AVAX on `avax-c`); tokens use a per-chain token network plus their own symbol. The live list is
 * `GET /v4/currencies` (paged), whose rows carry `contract_address`, so a token is resolved by
 * `(network, contract_address)`. This file holds a static table of the assets Strait routes through
 * StealthEX (stealthex.md, from Edge's StealthEX mapping).
 *
 * Left out on purpose: Polygon and Optimism USDC (StealthEX's `usdc` there may be the bridged USDC.e,
 * not the registry's native USDC — unconfirmed), HyperEVM and Sonic USDC (token listings unconfirmed),
 * and every chain stealthex.md leaves unmapped (Monad, opBNB, Linea, Scroll, NEAR, Aptos, …).
 */

/** Service chain key → StealthEX network of the chain's tokens (`null`: no tokens mapped there). */
export const STEALTHEX_TOKEN_NETWORKS: Readonly<Partial<Record<ChainKey, string>>> = {
  ethereum: 'eth',
  arbitrum: 'arbitrum',
  optimism: 'optimism',
  base: 'base',
  zksync: 'zksync',
  polygon: 'matic',
  bnb: 'bsc',
  avalanche: 'avax-c',
  hyperevm: 'hyperevm',
  celo: 'celo',
  solana: 'sol',
  tron: 'trx',
  ton: 'ton',
  sui: 'sui',
  cardano: 'ada',
  algorand: 'algo',
  xrpl: 'xrp',
  stellar: 'xlm',
};

export interface StealthexAsset {
  readonly chain: ChainKey;
  readonly symbol: string;
  /** Token contract / mint on its chain; `null` for the chain's native asset. */
  readonly address: string | null;
  readonly decimals: number;
  /** StealthEX `symbol` (lower-case). */
  readonly ticker: string;
  /** StealthEX `network` (lower-case). */
  readonly network: string;
}

/** The chain's native coin: `ticker` on `network` (`mainnet` unless the chain uses its own name). */
function native(chain: ChainKey, ticker: string, network = 'mainnet'): StealthexAsset {
  const info = chainInfo(chain);
  return { chain, symbol: info.nativeSymbol, address: null, decimals: info.nativeDecimals, ticker, network };
}

function token(chain: ChainKey, symbol: string, address: string, decimals: number): StealthexAsset {
  const network = STEALTHEX_TOKEN_NETWORKS[chain];
  if (!network) throw new Error(`no StealthEX token network for ${chain}`);
  return { chain, symbol, address, decimals, ticker: symbol.toLowerCase(), network };
}

export const STEALTHEX_ASSETS: readonly StealthexAsset[] = [
  native('ethereum', 'eth'),
  token('ethereum', 'USDC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6),
  token('ethereum', 'USDT', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6),
  native('arbitrum', 'eth', 'arbitrum'),
  token('arbitrum', 'USDC', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6),
  token('arbitrum', 'USDT', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6),
  native('optimism', 'eth', 'optimism'),
  token('optimism', 'USDT', '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', 6),
  native('base', 'eth', 'base'),
  token('base', 'USDC', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6),
  native('zksync', 'eth', 'zksync'),
  native('polygon', 'pol'),
  token('polygon', 'USDT', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6),
  native('bnb', 'bnb', 'bsc'),
  native('avalanche', 'avax', 'avax-c'),
  token('avalanche', 'USDC', '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', 6),
  native('hyperevm', 'hype', 'hyperevm'),
  native('celo', 'celo'),
  native('sonic', 's'),
  native('solana', 'sol'),
  token('solana', 'USDC', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 6),
  token('solana', 'USDT', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 6),
  native('tron', 'trx'),
  native('ton', 'ton'),
  native('sui', 'sui'),
  native('cardano', 'ada'),
  native('algorand', 'algo'),
  native('xrpl', 'xrp'),
  native('stellar', 'xlm'),
  native('bitcoin', 'btc'),
  native('litecoin', 'ltc'),
  native('dogecoin', 'doge'),
  native('bitcoincash', 'bch'),
  native('zcash', 'zec'),
  native('dash', 'dash'),
  native('polkadot', 'dot'),
  native('cosmoshub', 'atom'),
  native('osmosis', 'osmo', 'cosmos'),
];

/** Chains with at least one asset in the table: the only ones a corridor can use. */
export const STEALTHEX_CHAINS: readonly ChainKey[] = chainsOfTable(STEALTHEX_ASSETS);

/** The StealthEX asset of a token, matched by chain and contract (native by `null`). */
export function assetOf(token: { readonly chain: string; readonly address: string | null }): StealthexAsset | undefined {
  return assetInTable(STEALTHEX_ASSETS, token);
}

/** The asset StealthEX names `{symbol, network}`, case-insensitively. */
export function assetBySymbol(symbol: unknown, network: unknown): StealthexAsset | undefined {
  if (typeof symbol !== 'string' || typeof network !== 'string') return undefined;
  return STEALTHEX_ASSETS.find((a) => a.ticker === symbol.toLowerCase() && a.network === network.toLowerCase());
}

export function assetsOn(chain: ChainKey): readonly StealthexAsset[] {
  return STEALTHEX_ASSETS.filter((a) => a.chain === chain);
}
