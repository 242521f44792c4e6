import type { Address } from 'viem';
import { chainInfo, type ChainKey } from '../../domain/chains.ts';

/**
 * Eco Routes' v2.12 contracts. The Portal is one CREATE3 address on every v2.12 EVM chain; Eco's own
 * CLI (eco/routes-cli `src/blockchain/chains.config.ts`, the v2.12 generation: `V2_12_PORTAL`,
 * `V2_12_HYPER_PROVER`, and the Polymer prover listed on Base) pins exactly these, noting that "a
 * solver cannot fill an intent published on another Portal generation". An intent published on an
 * older Portal (0x399D…de97, 0xEC00…6df) would never be filled, so only this one is callable.
 *
 * The prover decides who may withdraw the reward: a prover Strait does not know could let anyone
 * claim the user's funds without paying the recipient, so the reward must name one of these.
 */
export const ECO_PORTAL: Address = '0xEC000769A73b70e16f361a442292500b3BCf4A85';
export const ECO_HYPER_PROVER: Address = '0xEC08fb4647f3f50d1162a578d481266687C60fc5';
export const ECO_POLYMER_PROVER: Address = '0xEC0DeD087Ee6C55991Bb4D4567ca1134c5353Ed6';
export const ECO_PROVERS: readonly Address[] = [ECO_HYPER_PROVER, ECO_POLYMER_PROVER];

/** Stablecoins Eco's solvers carry: a corridor moves one of these into the same symbol. */
export const ECO_SYMBOLS: readonly string[] = ['USDC', 'USDT'];

export interface EcoChain {
  readonly key: ChainKey;
  /** EVM chain id, which is also Eco's `sourceChainID` / `destinationChainID`. */
  readonly chainId: number;
}

/**
 * Chains where the v2.12 Portal and HyperProver are listed by Eco's CLI. Left out: Arc (its USDC is
 * the native asset behind an ERC-20 precompile, not tested here), the chains the CLI lists without a
 * v2.12 Portal (BNB, Ronin, HyperEVM, Unichain, World Chain, Plasma on an older Portal), Solana and
 * Tron (their transactions are not built here).
 */
const KEYS: readonly ChainKey[] = ['ethereum', 'optimism', 'base', 'arbitrum', 'polygon'];

export const ECO_CHAINS: readonly EcoChain[] = KEYS.map((key) => {
  const chainId = chainInfo(key).chainId;
  if (chainId === null) throw new Error(`Eco chain table names non-EVM chain ${key}`);
  return { key, chainId };
});

export function ecoChain(key: string): EcoChain | undefined {
  return ECO_CHAINS.find((chain) => chain.key === key);
}

export function ecoChainById(chainId: number | bigint): EcoChain | undefined {
  return ECO_CHAINS.find((chain) => BigInt(chain.chainId) === BigInt(chainId));
}
