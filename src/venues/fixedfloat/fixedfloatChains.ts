import { chainInfo, type ChainKey } from '../../domain/chains.ts';
import { assetInTable, chainsOfTable } from '../depositVenueSupport.ts';

/**
 * FixedFloat (API v2) names an asset by one currency code that fuses coin and network (`USDCETH`:
 * USDC on Ethereum, `USDTTRC`: USDT on Tron, `ETHARBITRUM`: ETH on Arbitrum); `POST /ccies` lists them
 * with their `coin`, `network` and whether they can be sent (`send`) and received (`recv`). This table
 * holds the codes Strait routes, each matched to a registry token by chain and contract.
 *
 * Provenance of the codes: `BTC`, `LTC`, `TRX`, `ETH` and `USDTTRC` appear in recorded FixedFloat
 * orders (fixtures/real/), `USDTTRC` and `USDTBSC` (network `BSC`) in a recorded live `/price` answer; `USDCETH` in fedibtc/swap's integration; the others in an integrator's copy
 * of the `/ccies` list (Kusama Shield's swap page). None is quoted before the live `/ccies` list names
 * it once the coverage snapshot has refreshed (the factory narrows the table to listed codes).
 *
 * Left out on purpose: Lightning (`BTCLN`: no
 * on-chain deposit), AVAX (`AVAX` may be the X- or C-chain — unconfirmed) and every code whose chain
 * Strait does not route.
 */

export interface FixedfloatAsset {
  readonly chain: ChainKey;
  readonly symbol: string;
  /** Token contract / mint on its chain; `null` for the chain's native asset. */
  readonly address: string | null;
  readonly decimals: number;
  /** FixedFloat currency code (upper-case). */
  readonly code: string;
}

function native(chain: ChainKey, code: string): FixedfloatAsset {
  const info = chainInfo(chain);
  return { chain, symbol: info.nativeSymbol, address: null, decimals: info.nativeDecimals, code };
}

function token(chain: ChainKey, symbol: string, address: string, decimals: number, code: string): FixedfloatAsset {
  return { chain, symbol, address, decimals, code };
}

export const FIXEDFLOAT_ASSETS: readonly FixedfloatAsset[] = [
  native('ethereum', 'ETH'),
  token('ethereum', 'USDC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6, 'USDCETH'),
  token('ethereum', 'USDT', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6, 'USDT'),
  native('arbitrum', 'ETHARBITRUM'),
  token('arbitrum', 'USDC', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6, 'USDCARBITRUM'),
  token('arbitrum', 'USDT', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6, 'USDTARBITRUM'),
  native('base', 'ETHBASE'),
  native('optimism', 'ETHOP'),
  native('zksync', 'ETHZKSYNC'),
  native('polygon', 'POL'),
  token('polygon', 'USDT', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6, 'USDTMATIC'),
  native('bnb', 'BSC'),
  // Binance-Peg BSC-USD, 18 decimals on chain (FixedFloat keeps 8 of them: its `precision`).
  token('bnb', 'USDT', '0x55d398326f99059fF775485246999027B3197955', 18, 'USDTBSC'),
  native('solana', 'SOL'),
  token('solana', 'USDC', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 6, 'USDCSOL'),
  token('solana', 'USDT', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 6, 'USDTSOL'),
  native('tron', 'TRX'),
  token('tron', 'USDT', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 6, 'USDTTRC'),
  native('ton', 'TON'),
  native('cardano', 'ADA'),
  native('xrpl', 'XRP'),
  native('stellar', 'XLM'),
  native('bitcoin', 'BTC'),
  native('litecoin', 'LTC'),
  native('dogecoin', 'DOGE'),
  native('bitcoincash', 'BCH'),
  native('zcash', 'ZEC'),
  native('dash', 'DASH'),
  native('cosmoshub', 'ATOM'),
];

/** Chains with at least one asset in the table: the only ones a corridor can use. */
export const FIXEDFLOAT_CHAINS: readonly ChainKey[] = chainsOfTable(FIXEDFLOAT_ASSETS);

/** The FixedFloat asset of a token, matched by chain and contract (native by `null`). */
export function assetOf(token: { readonly chain: string; readonly address: string | null }): FixedfloatAsset | undefined {
  return assetInTable(FIXEDFLOAT_ASSETS, token);
}

/** The table asset FixedFloat names by `code`, case-insensitively. */
export function assetByCode(code: unknown): FixedfloatAsset | undefined {
  if (typeof code !== 'string') return undefined;
  const wanted = code.toUpperCase();
  return FIXEDFLOAT_ASSETS.find((a) => a.code === wanted);
}

export function assetsOn(chain: ChainKey): readonly FixedfloatAsset[] {
  return FIXEDFLOAT_ASSETS.filter((a) => a.chain === chain);
}
