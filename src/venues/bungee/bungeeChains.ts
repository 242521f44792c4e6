import type { Address } from 'viem';
import { chainInfo, type ChainKey } from '../../domain/chains.ts';

/**
 * Where Bungee's SocketGateway (the contract every Manual route's transaction calls, and the spender
 * of its approvals) lives on each EVM chain Strait serves, copied from Bungee's own deployment lists:
 * SocketDotTech/bungee-contracts-public@83edf57c4721eeef669402b39fb140e00997ac87:deployments/<file>.json
 * (key `SocketGateway`). Bungee's chain ids are the EVM chain ids. Chains whose deployment file names
 * no SocketGateway (hyperEvm, katana, monad, plasma, plume, sei, soneium, solana, tron) are not served:
 * their routes are Bungee Auto (signed intents), which Strait does not build.
 */
export interface BungeeChain {
  readonly key: ChainKey;
  readonly chainId: number;
  /** The deployments file the address comes from. */
  readonly deployment: string;
  readonly gateway: Address;
}

const GATEWAY: Address = '0x3a23F943181408EAC424116Af7b7790c94Cb97a5';

const TABLE: readonly (readonly [ChainKey, string, Address])[] = [
  ['ethereum', 'ethereum', GATEWAY],
  ['arbitrum', 'arbitrum', GATEWAY],
  ['optimism', 'optimism', GATEWAY],
  ['base', 'base', GATEWAY],
  ['polygon', 'polygon', GATEWAY],
  ['bnb', 'bsc', GATEWAY],
  ['avalanche', 'avalanche', GATEWAY],
  ['linea', 'linea', GATEWAY],
  ['scroll', 'scroll', GATEWAY],
  ['mantle', 'mantle', GATEWAY],
  ['blast', 'blast', GATEWAY],
  ['mode', 'mode', GATEWAY],
  ['gnosis', 'gnosis', GATEWAY],
  ['unichain', 'unichain', GATEWAY],
  ['sonic', 'sonic', GATEWAY],
  ['ink', 'ink', GATEWAY],
  ['worldchain', 'worldchain', GATEWAY],
  ['berachain', 'berachain', GATEWAY],
  ['zksync', 'zkMainnet', '0xaDdE7028e7ec226777e5dea5D53F6457C21ec7D6'],
];

export const BUNGEE_CHAINS: readonly BungeeChain[] = TABLE.map(([key, deployment, gateway]) => {
  const chainId = chainInfo(key).chainId;
  if (chainId === null) throw new Error(`Bungee chain table names non-EVM chain ${key}`);
  return { key, chainId, deployment, gateway };
});

/** Bungee's spelling of a chain's native asset, in requests and answers alike. */
export const BUNGEE_NATIVE: Address = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

export function bungeeChain(key: string): BungeeChain | undefined {
  return BUNGEE_CHAINS.find((chain) => chain.key === key);
}

export function bungeeChainById(chainId: number): BungeeChain | undefined {
  return BUNGEE_CHAINS.find((chain) => chain.chainId === chainId);
}
