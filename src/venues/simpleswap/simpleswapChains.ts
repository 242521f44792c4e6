import { chainInfo, type ChainKey } from '../../domain/chains.ts';
import { assetInTable, chainsOfTable } from '../depositVenueSupport.ts';

/**
 * SimpleSwap (API v3) names an asset by a lower-case ticker and a lower-case network id (`usdc` on
 * `eth`); the live list is `GET /v3/currencies`. This file holds the service key ↔ network ids Edge's
 * live-verified mapping uses (simpleswap.md) and a static table of the assets Strait routes through
 * SimpleSwap, limited to tokens the registry (`src/domain/tokens.ts`) knows.
 *
 * Native tickers that differ from the chain's symbol come from Edge's transcription, "verified against
 * the live GET /v3/currencies list": BNB on BSC is `bnb-bsc`, AVAX on the C-chain `avaxc`. Left out on
 * purpose: networks simpleswap.md marks unconfirmed, Polygon's native coin (ticker unconfirmed), and
 * USDC outside Ethereum, Arbitrum, Base and Solana (native vs bridged unconfirmed).
 */

/** Service chain key → SimpleSwap network id (the rows simpleswap.md confirms through Edge's mapping). */
export const SIMPLESWAP_NETWORKS: Readonly<Partial<Record<ChainKey, string>>> = {
  ethereum: 'eth',
  arbitrum: 'arbitrum',
  optimism: 'optimism',
  base: 'base',
  polygon: 'matic',
  bnb: 'bsc',
  avalanche: 'avaxc',
  zksync: 'zksera',
  solana: 'sol',
  tron: 'trx',
  ton: 'ton',
  bitcoin: 'btc',
  litecoin: 'ltc',
  dogecoin: 'doge',
  bitcoincash: 'bch',
  dash: 'dash',
  xrpl: 'xrp',
  stellar: 'xlm',
  cardano: 'ada',
  cosmoshub: 'atom',
};

export function networkOf(chain: ChainKey): string | undefined {
  return SIMPLESWAP_NETWORKS[chain];
}

export interface SimpleswapAsset {
  readonly chain: ChainKey;
  readonly symbol: string;
  /** Token contract / mint on its chain; `null` for the chain's native asset. */
  readonly address: string | null;
  readonly decimals: number;
  /** SimpleSwap ticker (`tickerFrom` / `tickerTo`), lower case. */
  readonly ticker: string;
  /** SimpleSwap network id (`networkFrom` / `networkTo`), lower case. */
  readonly network: string;
}

function networkFor(chain: ChainKey): string {
  const network = networkOf(chain);
  if (!network) throw new Error(`no SimpleSwap network for ${chain}`);
  return network;
}

function native(chain: ChainKey, ticker: string): SimpleswapAsset {
  const info = chainInfo(chain);
  return { chain, symbol: info.nativeSymbol, address: null, decimals: info.nativeDecimals, ticker, network: networkFor(chain) };
}

function token(chain: ChainKey, symbol: string, address: string, decimals: number): SimpleswapAsset {
  return { chain, symbol, address, decimals, ticker: symbol.toLowerCase(), network: networkFor(chain) };
}

export const SIMPLESWAP_ASSETS: readonly SimpleswapAsset[] = [
  native('ethereum', 'eth'),
  token('ethereum', 'USDC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6),
  token('ethereum', 'USDT', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6),
  native('arbitrum', 'eth'),
  token('arbitrum', 'USDC', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6),
  native('optimism', 'eth'),
  native('base', 'eth'),
  token('base', 'USDC', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6),
  token('polygon', 'USDT', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6),
  native('bnb', 'bnb-bsc'),
  native('avalanche', 'avaxc'),
  native('zksync', 'eth'),
  native('solana', 'sol'),
  token('solana', 'USDC', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 6),
  token('solana', 'USDT', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 6),
  native('tron', 'trx'),
  token('tron', 'USDT', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 6),
  native('ton', 'ton'),
  native('bitcoin', 'btc'),
  native('litecoin', 'ltc'),
  native('dogecoin', 'doge'),
  native('bitcoincash', 'bch'),
  native('dash', 'dash'),
  native('xrpl', 'xrp'),
  native('stellar', 'xlm'),
  native('cardano', 'ada'),
  native('cosmoshub', 'atom'),
];

/** Chains with at least one asset in the table: the only ones a corridor can use. */
export const SIMPLESWAP_CHAINS: readonly ChainKey[] = chainsOfTable(SIMPLESWAP_ASSETS);

/** The SimpleSwap asset of a token, matched by chain and contract (native by `null`). */
export function assetOf(token: { readonly chain: string; readonly address: string | null }): SimpleswapAsset | undefined {
  return assetInTable(SIMPLESWAP_ASSETS, token);
}

/** The asset SimpleSwap names `(ticker, network)`, case-insensitively. */
export function assetByTicker(ticker: unknown, network: unknown): SimpleswapAsset | undefined {
  if (typeof ticker !== 'string' || typeof network !== 'string') return undefined;
  return SIMPLESWAP_ASSETS.find((a) => a.ticker === ticker.toLowerCase() && a.network === network.toLowerCase());
}

export function assetsOn(chain: ChainKey): readonly SimpleswapAsset[] {
  return SIMPLESWAP_ASSETS.filter((a) => a.chain === chain);
}
