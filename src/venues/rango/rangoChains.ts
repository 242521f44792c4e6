import type { Address } from 'viem';
import { chainInfo, type ChainKey } from '../../domain/chains.ts';
import type { TokenInfo } from '../../domain/tokens.ts';

/**
 * Rango names chains by blockchain strings (rango-exchange/rango-sdk `BlockchainMeta.name`; the names
 * below are the ones Rango's own docs examples and EdgeApp/edge-exchange-plugins `src/mappings/rango.ts`
 * use). `diamond` is the Rango V2 diamond (RangoDiamond.sol, rango-exchange/rango-contracts-v2) every
 * Rango EVM transaction calls and its approvals name: one address on every EVM chain but ZKsync, as
 * Rango's deployment page (https://docs.rango.exchange/smart-contracts/deployment-addresses, not held
 * here) lists it — read through DefiLlama's Rango fee adapter that cites it, and matching the `txTo`
 * of Rango's own docs sample transaction on Polygon and rubic-sdk's `rangoContractAddresses`.
 * A chain with a `null` diamond (Solana, Bitcoin, Tron) is quoted but not built: Strait cannot check
 * what its transaction pays yet, so its rows stay `quote_only`.
 */
export interface RangoChain {
  readonly key: ChainKey;
  readonly blockchain: string;
  readonly diamond: Address | null;
}

const DIAMOND: Address = '0x69460570c93f9DE5E2edbC3052bf10125f0Ca22d';
const DIAMOND_ZKSYNC: Address = '0x13598FD0986D0E33c402f6907F05Acf720224527';

export const RANGO_CHAINS: readonly RangoChain[] = [
  { key: 'ethereum', blockchain: 'ETH', diamond: DIAMOND },
  { key: 'arbitrum', blockchain: 'ARBITRUM', diamond: DIAMOND },
  { key: 'optimism', blockchain: 'OPTIMISM', diamond: DIAMOND },
  { key: 'base', blockchain: 'BASE', diamond: DIAMOND },
  { key: 'polygon', blockchain: 'POLYGON', diamond: DIAMOND },
  { key: 'bnb', blockchain: 'BSC', diamond: DIAMOND },
  { key: 'avalanche', blockchain: 'AVAX_CCHAIN', diamond: DIAMOND },
  { key: 'linea', blockchain: 'LINEA', diamond: DIAMOND },
  { key: 'scroll', blockchain: 'SCROLL', diamond: DIAMOND },
  { key: 'zksync', blockchain: 'ZKSYNC', diamond: DIAMOND_ZKSYNC },
  { key: 'blast', blockchain: 'BLAST', diamond: DIAMOND },
  { key: 'mode', blockchain: 'MODE', diamond: DIAMOND },
  { key: 'gnosis', blockchain: 'GNOSIS', diamond: DIAMOND },
  { key: 'celo', blockchain: 'CELO', diamond: DIAMOND },
  { key: 'solana', blockchain: 'SOLANA', diamond: null },
  { key: 'bitcoin', blockchain: 'BTC', diamond: null },
  { key: 'tron', blockchain: 'TRON', diamond: null },
];

/**
 * Circle's CCTP domain of each EVM chain id the CCTP facet can bridge to (Circle's "Supported chains
 * and domains" table). Rango's `cctpBridge` burns towards `destinationDomainId` and only logs its
 * `destinationChainId`, so the domain is what must match the destination.
 */
export const CCTP_DOMAIN_BY_CHAIN_ID: ReadonlyMap<number, number> = new Map([
  [1, 0], // ethereum
  [43114, 1], // avalanche
  [10, 2], // optimism
  [42161, 3], // arbitrum
  [8453, 6], // base
  [137, 7], // polygon
  [130, 10], // unichain
  [59144, 11], // linea
]);

export function rangoChain(key: string): RangoChain | undefined {
  return RANGO_CHAINS.find((chain) => chain.key === key);
}

/** The chain a Rango blockchain name stands for, if Strait knows it. */
export function rangoChainByBlockchain(blockchain: string): RangoChain | undefined {
  return RANGO_CHAINS.find((chain) => chain.blockchain === blockchain);
}

/**
 * Rango's asset string: `BLOCKCHAIN` for the native coin and `BLOCKCHAIN--address` for a token, the
 * forms of Rango's Get Quote docs (`BSC.BNB` may also be written `BSC`), so no symbol spelling
 * (MATIC or POL) can differ from Rango's.
 */
export function rangoAsset(chain: RangoChain, token: TokenInfo): string {
  return token.address === null ? chain.blockchain : `${chain.blockchain}--${token.address}`;
}

/** The EVM chain id of a Rango chain, `null` off EVM. */
export function evmChainIdOf(chain: RangoChain): number | null {
  return chainInfo(chain.key).chainId;
}
