import { getAddress, type Address } from 'viem';
import { chainInfo, type ChainKey } from '../../domain/chains.ts';
import type { TokenInfo } from '../../domain/tokens.ts';

/**
 * THORChain's chains as Strait serves them. THORChain names chains with upper-case short names and
 * assets `CHAIN.SYMBOL` (natives) or `CHAIN.SYMBOL-0XCONTRACT` (tokens, contract upper-cased), and
 * counts every asset in 1e8 units whatever its own decimals (dev.thorchain.org "Asset Notation",
 * "Quickstart Guide").
 *
 * Routers: the THORChain router contracts Strait lets a step call, one per EVM chain, pinned from
 * THORNode's own source (thorchain/thornode x/thorchain/router_upgrade_info.go, mainnet build, as
 * mirrored at LZeroAnalytics/thornode@a0d762ef6d129bf4599eeefb97f75cd0c24d774a), never from an API
 * answer. The quote's `router` must equal the pinned one or the build is refused: a router upgrade
 * therefore stops builds until this table follows (safe failure).
 */
export interface ThorchainChain {
  readonly key: ChainKey;
  /** THORChain's name of the chain (`inbound_addresses[].chain`, the asset prefix). */
  readonly thorChain: string;
  /** THORChain's name of the chain's native asset. */
  readonly nativeAsset: string;
  /** EVM chain id, `null` for the UTXO and Cosmos chains. */
  readonly chainId: number | null;
  /** The pinned router on an EVM chain (what `depositWithExpiry` is called on), `null` elsewhere. */
  readonly router: Address | null;
  /** Whether Strait builds transfers from this chain (EVM router calls, Bitcoin-family memo transactions); the others are quote_only. */
  readonly buildable: boolean;
}

const evm = (key: ChainKey, thorChain: string, nativeAsset: string, router: string): ThorchainChain => {
  const chainId = chainInfo(key).chainId;
  if (chainId === null) throw new Error(`THORChain table names non-EVM chain ${key} as EVM`);
  return { key, thorChain, nativeAsset, chainId, router: getAddress(router), buildable: true };
};
const other = (key: ChainKey, thorChain: string, nativeAsset: string): ThorchainChain => ({ key, thorChain, nativeAsset, chainId: null, router: null, buildable: false });
/** A Bitcoin-family chain whose memo transactions Strait builds and verifies (chains/utxo/utxoNetworks.ts). */
const utxo = (key: ChainKey, thorChain: string, nativeAsset: string): ThorchainChain => ({ key, thorChain, nativeAsset, chainId: null, router: null, buildable: true });

export const THORCHAIN_CHAINS: readonly ThorchainChain[] = [
  evm('ethereum', 'ETH', 'ETH.ETH', '0xD37BbE5744D730a1d98d8DC97c42F0Ca46aD7146'),
  evm('avalanche', 'AVAX', 'AVAX.AVAX', '0x8F66c4AE756BEbC49Ec8B81966DD8bba9f127549'),
  evm('bnb', 'BSC', 'BSC.BNB', '0xb30ec53f98ff5947ede720d32ac2da7e52a5f56b'),
  evm('base', 'BASE', 'BASE.ETH', '0x68208d99746b805a1ae41421950a47b711e35681'),
  // Bitcoin and Litecoin sources are built as `utxo` steps (PSBT + OP_RETURN memo).
  utxo('bitcoin', 'BTC', 'BTC.BTC'),
  utxo('litecoin', 'LTC', 'LTC.LTC'),
  // Priced as destinations, quote_only as sources: chains/utxo/utxoNetworks.ts says why for each.
  other('bitcoincash', 'BCH', 'BCH.BCH'),
  other('dogecoin', 'DOGE', 'DOGE.DOGE'),
  other('cosmoshub', 'GAIA', 'GAIA.ATOM'),
];

/**
 * ERC-20 tokens with THORChain pools Strait quotes, by registry symbol (USDC and USDT pools exist on
 * ETH, AVAX, BSC and BASE per the pools list; a token whose pool is missing is refused by the node
 * with "pool does not exist", which the adapter maps to token_not_supported).
 */
const TOKEN_SYMBOLS: readonly string[] = ['USDC', 'USDT'];

export function thorchainChain(key: string): ThorchainChain | undefined {
  return THORCHAIN_CHAINS.find((chain) => chain.key === key);
}

export function thorchainChainByName(thorChain: string): ThorchainChain | undefined {
  return THORCHAIN_CHAINS.find((chain) => chain.thorChain === thorChain);
}

export function thorchainChainByEvmId(chainId: number): ThorchainChain | undefined {
  return THORCHAIN_CHAINS.find((chain) => chain.chainId === chainId);
}

/** THORChain's asset name of a registry token, or `null` when Strait does not quote it there. */
export function thorchainAsset(chain: ThorchainChain, token: TokenInfo): string | null {
  if (token.address === null) return chain.nativeAsset;
  if (chain.chainId === null || !TOKEN_SYMBOLS.includes(token.symbol)) return null;
  return `${chain.thorChain}.${token.symbol}-${token.address.toUpperCase()}`;
}

/** Whether THORChain may quote this token of this chain (for coverage). */
export function quotableSymbol(chain: ThorchainChain, symbol: string, native: boolean): boolean {
  return native || (chain.chainId !== null && TOKEN_SYMBOLS.includes(symbol));
}

export { TOKEN_SYMBOLS as THORCHAIN_TOKEN_SYMBOLS };

/** THORChain counts every asset in 1e8 units. */
const THOR_DECIMALS = 8;

/** A native-decimals amount in THORChain's 1e8 units (truncated: THORChain ignores finer digits). */
export function toThorUnits(amount: bigint, decimals: number): bigint {
  return decimals >= THOR_DECIMALS ? amount / 10n ** BigInt(decimals - THOR_DECIMALS) : amount * 10n ** BigInt(THOR_DECIMALS - decimals);
}

/** A 1e8-unit amount in the token's own decimals (truncated for tokens with fewer than 8). */
export function fromThorUnits(amount: bigint, decimals: number): bigint {
  return decimals >= THOR_DECIMALS ? amount * 10n ** BigInt(decimals - THOR_DECIMALS) : amount / 10n ** BigInt(THOR_DECIMALS - decimals);
}
