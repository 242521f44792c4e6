import { getAddress, type Address } from 'viem';
import { chainInfo, type ChainKey } from '../../../domain/chains.ts';
import type { TokenInfo } from '../../../domain/tokens.ts';

/**
 * What tells one network of the THORChain family from another. THORChain and its fork Maya Protocol
 * share the node API (`/<prefix>/quote/swap`, `/inbound_addresses`, `/tx/status/{hash}`), the asset
 * notation (`CHAIN.SYMBOL` natives, `CHAIN.SYMBOL-0XCONTRACT` tokens), the 1e8 amounts, the memo
 * grammar and the EVM router's `depositWithExpiry`; they differ in their chains, their routers and
 * their API path. One adapter (createPoolVenue.ts) serves both from this description.
 */
export interface PoolChain {
  readonly key: ChainKey;
  /** The network's name of the chain (`inbound_addresses[].chain`, the asset prefix). */
  readonly poolChain: string;
  /** The network's name of the chain's native asset. */
  readonly nativeAsset: string;
  /** EVM chain id, `null` for UTXO and Cosmos chains. */
  readonly chainId: number | null;
  /** The pinned router on an EVM chain (what `depositWithExpiry` is called on), `null` elsewhere. */
  readonly router: Address | null;
  /**
   * Whether Strait builds transfers from this chain: EVM router calls, and Bitcoin-family memo
   * transactions (one `utxo` step) where the network's table says so; the others are quote only.
   */
  readonly buildable: boolean;
}

export interface PoolNetwork {
  /** The network's name in messages ("THORChain", "Maya Protocol"). */
  readonly name: string;
  /** The node's API path prefix (`/thorchain`, `/mayachain`). */
  readonly apiPrefix: string;
  readonly chains: readonly PoolChain[];
  /** ERC-20 symbols (registry symbols) quoted on the EVM chains; natives are always quoted. */
  readonly tokenSymbols: readonly string[];
  /**
   * Address shapes of the non-EVM payout chains, by network chain name. A non-EVM destination arrives
   * without a chain id, so the recipient's address family stands in for the chain the memo pays on.
   */
  readonly nonEvmAddress: Readonly<Record<string, RegExp>>;
  /** `tolerance_bps` asked of the node: the memo limit, and so the minimum the network enforces. */
  readonly toleranceBps: number;
  /**
   * Streaming swap parameters asked of the node, or `null` for one-block swaps. `quantity` 0 lets
   * the node pick the number of sub-swaps; the memo then reads `LIM/INTERVAL/QUANTITY`.
   */
  readonly streaming: { readonly interval: number; readonly quantity: number } | null;
}

export const evmPoolChain = (network: string, key: ChainKey, poolChain: string, nativeAsset: string, router: string): PoolChain => {
  const chainId = chainInfo(key).chainId;
  if (chainId === null) throw new Error(`${network} table names non-EVM chain ${key} as EVM`);
  return { key, poolChain, nativeAsset, chainId, router: getAddress(router), buildable: true };
};

export const otherPoolChain = (key: ChainKey, poolChain: string, nativeAsset: string): PoolChain => ({ key, poolChain, nativeAsset, chainId: null, router: null, buildable: false });

/** A Bitcoin-family chain whose memo transactions Strait builds and verifies (chains/utxo/utxoNetworks.ts). */
export const utxoPoolChain = (key: ChainKey, poolChain: string, nativeAsset: string): PoolChain => ({ key, poolChain, nativeAsset, chainId: null, router: null, buildable: true });

export function poolChainByKey(network: PoolNetwork, key: string): PoolChain | undefined {
  return network.chains.find((chain) => chain.key === key);
}

export function poolChainByName(network: PoolNetwork, poolChain: string): PoolChain | undefined {
  return network.chains.find((chain) => chain.poolChain === poolChain);
}

export function poolChainByEvmId(network: PoolNetwork, chainId: number): PoolChain | undefined {
  return network.chains.find((chain) => chain.chainId === chainId);
}

/** The network's asset name of a registry token, or `null` when Strait does not quote it there. */
export function poolAsset(network: PoolNetwork, chain: PoolChain, token: TokenInfo): string | null {
  if (token.address === null) return chain.nativeAsset;
  if (chain.chainId === null || !network.tokenSymbols.includes(token.symbol)) return null;
  return `${chain.poolChain}.${token.symbol}-${token.address.toUpperCase()}`;
}

/** Whether the network may quote this token of this chain (for coverage). */
export function quotableSymbol(network: PoolNetwork, chain: PoolChain, symbol: string, native: boolean): boolean {
  return native || (chain.chainId !== null && network.tokenSymbols.includes(symbol));
}

/**
 * Both networks count every asset in 1e8 units whatever its own decimals (dev.thorchain.org "Asset
 * Notation"; Maya's quote amounts likewise). Maya's own CACAO is the exception (1e10), which is no
 * concern here: Strait serves no Maya-native chain.
 */
const E8 = 8;

/** A native-decimals amount in 1e8 units (truncated: the network ignores finer digits). */
export function toE8(amount: bigint, decimals: number): bigint {
  return decimals >= E8 ? amount / 10n ** BigInt(decimals - E8) : amount * 10n ** BigInt(E8 - decimals);
}

/** A 1e8-unit amount in the token's own decimals (truncated for tokens with fewer than 8). */
export function fromE8(amount: bigint, decimals: number): bigint {
  return decimals >= E8 ? amount * 10n ** BigInt(decimals - E8) : amount / 10n ** BigInt(E8 - decimals);
}

/** A 1e8-unit minimum in the input's decimals, rounded up so that amount passes. */
export function ceilFromE8(amount: bigint, decimals: number): bigint {
  if (decimals >= E8) return fromE8(amount, decimals);
  const unit = 10n ** BigInt(E8 - decimals);
  return (amount + unit - 1n) / unit;
}
