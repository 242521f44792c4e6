import type { Address } from 'viem';
import { chainInfo, type ChainKey } from '../../domain/chains.ts';

/**
 * The EVM chains Strait routes through Squid, with the two names a Squid transaction carries for them.
 *
 * - `router`: the Squid router every Squid EVM transaction calls and the spender of its approvals.
 *   Squid's docs list it per chain (docs.squidrouter.com/additional-resources/contracts: "the same on
 *   every EVM chain", 0xce16F693… everywhere but Blast 0x492751eC… and Fraxtal); the addresses below
 *   are those of LI.FI's own copy of that list, which its SquidFacet is deployed against:
 *   lifinance/contracts@03a189d472c0b27fa7c9b8545391b2f613c6e7d1:config/squid.json. A chain that list
 *   does not name is not served, even where Squid's docs say "all".
 * - `axelarName`: the chain's Axelar id, the `destinationChain` string of a router call, from
 *   axelarnetwork/axelar-contract-deployments@c8976262ba45f99120fe3976bb8d752f79694d43:axelar-chains-config/info/mainnet.json
 *   (`chains.<name>.axelarId`). Axelar compares them case-insensitively; so does Strait.
 *
 * Squid's chain ids are the EVM chain ids as decimal strings.
 */
export interface SquidChain {
  readonly key: ChainKey;
  readonly chainId: number;
  readonly router: Address;
  readonly axelarName: string;
}

const ROUTER: Address = '0xce16F69375520ab01377ce7B88f5BA8C48F8D666';

const TABLE: readonly (readonly [ChainKey, string, Address])[] = [
  ['ethereum', 'Ethereum', ROUTER],
  ['arbitrum', 'arbitrum', ROUTER],
  ['optimism', 'optimism', ROUTER],
  ['base', 'base', ROUTER],
  ['polygon', 'Polygon', ROUTER],
  ['bnb', 'binance', ROUTER],
  ['avalanche', 'Avalanche', ROUTER],
  ['linea', 'linea', ROUTER],
  ['scroll', 'scroll', ROUTER],
  ['mantle', 'mantle', ROUTER],
  ['celo', 'celo', ROUTER],
  ['fantom', 'Fantom', ROUTER],
  ['moonbeam', 'Moonbeam', ROUTER],
  ['blast', 'blast', '0x492751eC3c57141deb205eC2da8bFcb410738630'],
];

export const SQUID_CHAINS: readonly SquidChain[] = TABLE.map(([key, axelarName, router]) => {
  const chainId = chainInfo(key).chainId;
  if (chainId === null) throw new Error(`Squid chain table names non-EVM chain ${key}`);
  return { key, chainId, router, axelarName };
});

/** Squid's placeholder for a chain's native asset, in requests and in router calls. */
export const SQUID_NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';

export function squidChain(key: string): SquidChain | undefined {
  return SQUID_CHAINS.find((chain) => chain.key === key);
}

export function squidChainById(chainId: number): SquidChain | undefined {
  return SQUID_CHAINS.find((chain) => chain.chainId === chainId);
}

export function squidChainByAxelarName(name: string): SquidChain | undefined {
  const wanted = name.toLowerCase();
  return SQUID_CHAINS.find((chain) => chain.axelarName.toLowerCase() === wanted);
}
