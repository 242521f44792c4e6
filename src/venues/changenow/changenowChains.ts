import { chainInfo, type ChainKey } from '../../domain/chains.ts';
import { assetInTable, chainsOfTable } from '../depositVenueSupport.ts';

/**
 * ChangeNOW names an asset with two strings: a lower-case `ticker` (`usdc`) and a `network` code
 * (`arbitrum`); the live list is `GET /v2/exchange/currencies?active=true&isFiat=false`, whose rows
 * carry `tokenContract` so a token is resolved by `(network, tokenContract)`. This file holds the
 * service key ↔ network codes and a static table of the assets Strait routes through ChangeNOW.
 *
 * Network codes are those of Edge's ChangeNOW mapping (edge-exchange-plugins `src/mappings/changenow.ts`)
 * and Rubic's (`changenow-api-blockchain.ts`). Left out on purpose: Polygon USDC (ChangeNOW's
 * `usdc`/`matic` is the bridged USDC.e, per Cake Wallet's integration, not the registry's native USDC),
 * Optimism USDC and Polygon's native token (ticker not confirmed).
 */

/** Service chain key → ChangeNOW `network` code. */
export const CHANGENOW_NETWORKS: Readonly<Partial<Record<ChainKey, string>>> = {
  ethereum: 'eth',
  arbitrum: 'arbitrum',
  optimism: 'op',
  base: 'base',
  polygon: 'matic',
  bnb: 'bsc',
  // Tokens live on `avaxc`; native AVAX is the `avax` ticker on `cchain` (see the asset table).
  avalanche: 'avaxc',
  zksync: 'zksync',
  celo: 'celo',
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
  sui: 'sui',
  algorand: 'algo',
  near: 'near',
  aptos: 'apt',
  cosmoshub: 'atom',
};

export function networkOf(chain: ChainKey): string | undefined {
  return CHANGENOW_NETWORKS[chain];
}

export interface ChangenowAsset {
  readonly chain: ChainKey;
  readonly symbol: string;
  /** Token contract / mint on its chain; `null` for the chain's native asset. */
  readonly address: string | null;
  readonly decimals: number;
  /** ChangeNOW `ticker` (`fromCurrency` / `toCurrency`). */
  readonly ticker: string;
  /** ChangeNOW `network` (`fromNetwork` / `toNetwork`). */
  readonly network: string;
}

/** The chain's native asset under its own ticker, on the chain's network code. */
function native(chain: ChainKey, ticker: string, network = networkOf(chain) ?? ticker): ChangenowAsset {
  const info = chainInfo(chain);
  return { chain, symbol: info.nativeSymbol, address: null, decimals: info.nativeDecimals, ticker, network };
}

function token(chain: ChainKey, symbol: string, address: string, decimals: number): ChangenowAsset {
  const network = networkOf(chain);
  if (!network) throw new Error(`no ChangeNOW network for ${chain}`);
  return { chain, symbol, address, decimals, ticker: symbol.toLowerCase(), network };
}

export const CHANGENOW_ASSETS: readonly ChangenowAsset[] = [
  native('ethereum', 'eth'),
  token('ethereum', 'USDC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6),
  token('ethereum', 'USDT', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6),
  native('arbitrum', 'eth'),
  token('arbitrum', 'USDC', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6),
  token('arbitrum', 'USDT', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6),
  native('optimism', 'eth'),
  token('optimism', 'USDT', '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', 6),
  native('base', 'eth'),
  token('base', 'USDC', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6),
  token('polygon', 'USDT', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6),
  native('bnb', 'bnb'),
  native('avalanche', 'avax', 'cchain'),
  token('avalanche', 'USDC', '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', 6),
  native('zksync', 'eth'),
  native('celo', 'celo'),
  native('solana', 'sol'),
  token('solana', 'USDC', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 6),
  token('solana', 'USDT', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 6),
  native('tron', 'trx'),
  native('ton', 'ton'),
  native('bitcoin', 'btc'),
  native('litecoin', 'ltc'),
  native('dogecoin', 'doge'),
  native('bitcoincash', 'bch'),
  native('dash', 'dash'),
  native('xrpl', 'xrp'),
  native('stellar', 'xlm'),
  native('cardano', 'ada'),
  native('sui', 'sui'),
  native('algorand', 'algo'),
  native('near', 'near'),
  native('aptos', 'apt'),
  native('cosmoshub', 'atom'),
];

/** Chains with at least one asset in the table: the only ones a corridor can use. */
export const CHANGENOW_CHAINS: readonly ChainKey[] = chainsOfTable(CHANGENOW_ASSETS);

/** The ChangeNOW asset of a token, matched by chain and contract (native by `null`). */
export function assetOf(token: { readonly chain: string; readonly address: string | null }): ChangenowAsset | undefined {
  return assetInTable(CHANGENOW_ASSETS, token);
}

/** The asset ChangeNOW names `(ticker, network)`, case-insensitively. */
export function assetByTicker(ticker: unknown, network: unknown): ChangenowAsset | undefined {
  if (typeof ticker !== 'string' || typeof network !== 'string') return undefined;
  return CHANGENOW_ASSETS.find((a) => a.ticker === ticker.toLowerCase() && a.network === network.toLowerCase());
}

export function assetsOn(chain: ChainKey): readonly ChangenowAsset[] {
  return CHANGENOW_ASSETS.filter((a) => a.chain === chain);
}
