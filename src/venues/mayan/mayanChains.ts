import type { Address } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';
import type { TokenInfo } from '../../domain/tokens.ts';

/**
 * Mayan names chains by lower-case name in its APIs and by Wormhole chain id inside orders and in
 * the explorer's answers (swap-sdk `src/utils.ts`, the `chains` table). Only the chains whose Swift
 * orders Strait can read are listed: EVM chains (sources and destinations) and Solana (destination,
 * and a source whose rows stay quote_only because no Solana transaction is built).
 */
export interface MayanChain {
  readonly key: ChainKey;
  /** Mayan's `ChainName`, as `fromChain` / `toChain` of a quote request. */
  readonly name: string;
  readonly wormholeId: number;
  /** EVM chain id, `null` for Solana. */
  readonly chainId: number | null;
}

export const MAYAN_CHAINS: readonly MayanChain[] = [
  { key: 'solana', name: 'solana', wormholeId: 1, chainId: null },
  { key: 'ethereum', name: 'ethereum', wormholeId: 2, chainId: 1 },
  { key: 'bnb', name: 'bsc', wormholeId: 4, chainId: 56 },
  { key: 'polygon', name: 'polygon', wormholeId: 5, chainId: 137 },
  { key: 'avalanche', name: 'avalanche', wormholeId: 6, chainId: 43114 },
  { key: 'arbitrum', name: 'arbitrum', wormholeId: 23, chainId: 42161 },
  { key: 'optimism', name: 'optimism', wormholeId: 24, chainId: 10 },
  { key: 'base', name: 'base', wormholeId: 30, chainId: 8453 },
];

export function mayanChain(key: string): MayanChain | undefined {
  return MAYAN_CHAINS.find((chain) => chain.key === key);
}

export function mayanChainByWormholeId(id: number): MayanChain | undefined {
  return MAYAN_CHAINS.find((chain) => chain.wormholeId === id);
}

/** EVM chains a Swift order can start from (its calldata is built and checked). */
export const MAYAN_EVM_ORIGINS: readonly MayanChain[] = MAYAN_CHAINS.filter((chain) => chain.chainId !== null);

/**
 * The Mayan Forwarder, the `to` of every EVM transaction the SDK builds, the same address on every
 * EVM chain: Mayan's docs (https://docs.mayan.finance/integration/forwarder-contract, "All share the
 * same contract address") and mayan-finance/swap-sdk@cd5a34ca1ff2b23340c0c0299dfcb54c5f909ce0
 * `src/addresses.ts` (`MAYAN_FORWARDER_CONTRACT`). The docs say it keeps a whitelist of Mayan's
 * protocol contracts. It pulls the user's tokens (the ERC-20 allowance goes to it) and
 * calls the protocol contract its calldata names, so its calls carry a check.
 */
export const MAYAN_FORWARDER: Address = '0x337685fdaB40D39bd02028545a4FfA7D287cC3E2';

/**
 * Mayan Swift (V1) on EVM chains, the same address everywhere: listed as `MAYAN_SWIFT` among
 * Mayan's deposit contracts by gemwalletcom/core@4b18c299542804552275ce0570cc8b7945b87b98
 * `crates/swapper/src/mayan/constants.rs` (beside the forwarder and MCTP), and the
 * `swiftMayanContract` of every recorded EVM quote (fixtures/real). The forwarder may hand the
 * user's funds to this contract only.
 */
export const MAYAN_SWIFT_V1: Address = '0xC38e4e6A15593f908255214653d3D947CA1c2338';

/**
 * Mayan Swift V2's source contract on EVM chains, the same address on ethereum, bnb, polygon,
 * avalanche, arbitrum, optimism and base. Mayan's docs name no address for it that could be read
 * here; it is the `SWIFT_V2_PROTOCOL` integrators pin beside `SWIFT_V1_PROTOCOL` 0xC38e…2338 and the
 * forwarder (e.g. Arcana's MayanRouter), reported registered in the forwarder's `mayanProtocols`.
 * Swift V2 orders are built from ERC-20 inputs only (swap-sdk refuses `createOrderWithEth` for V2).
 */
export const MAYAN_SWIFT_V2: Address = '0x40fFE85A28DC9993541449464d7529a922142960';

export const EVM_NATIVE: Address = '0x0000000000000000000000000000000000000000';

/** Native SOL as Mayan spells it in quotes (`toToken.contract` of the recorded Solana answers). */
export const SOLANA_NATIVE_MINT = 'So11111111111111111111111111111111111111112';

/** The token id Mayan's quote takes for one of our tokens (zero address / wSOL mint for natives). */
export function mayanTokenId(token: TokenInfo): string {
  if (token.address !== null) return token.address;
  return token.chain === 'solana' ? SOLANA_NATIVE_MINT : EVM_NATIVE;
}
