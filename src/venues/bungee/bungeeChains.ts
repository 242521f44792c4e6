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
  /** The route implementations a decoded call may reach through the gateway (see ROUTE_IMPLEMENTATIONS). */
  readonly routes: Readonly<Record<BungeeRouteFamily, readonly Address[]>>;
}

export type BungeeRouteFamily = 'across' | 'cctpV2';

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

/**
 * Every address the same deployment files have named, over their whole history up to the pinned
 * commit, under `AcrossImpl` / `AcrossImplV3` (the Across route) and `CctpV2Impl` (the CCTP v2
 * route). At build, when an RPC of the source chain is configured, the gateway's `getRoute(routeId)`
 * must answer one of these for the family of the decoded call: a route id cannot then point the
 * user's approval at another implementation answering the same selector.
 */
const ROUTE_IMPLEMENTATIONS: Readonly<Partial<Record<ChainKey, Readonly<Record<BungeeRouteFamily, readonly Address[]>>>>> = {
  ethereum: { across: ['0x7270D2EA182CC6c3b11B9FFD17ccF6B6FE8797aa', '0x740EA79e2FccDDB4eE8bB8Fc8ccAC5eb6dFa0b40', '0x789C527A3A756807045bA43DDBa3A5b4b65185ec', '0xdBdA9499F22a149b3870Aee4B745f57fF6Ca6942'], cctpV2: ['0xb701aB56ACB5897eEc7905afF72b52706638a2ec'] },
  arbitrum: { across: ['0x740EA79e2FccDDB4eE8bB8Fc8ccAC5eb6dFa0b40', '0x9951846aC51102F7082128558a6F6759E9382b43', '0x9cAb854a92Db30366B3120F5CAdD081998a1c80D', '0xde69D9107cF771141896499F8112Ff878D4F31E6'], cctpV2: ['0x2a6dcEc445Ac3B9F9111605857eCEA4E9baf9b3f'] },
  optimism: { across: ['0x4dDaEAeb61c3686d01BC4B730c1a55D1C1C1dC0a', '0x71417B6a3c230657cdb910153e61Ff35c66Db4EA', '0x740EA79e2FccDDB4eE8bB8Fc8ccAC5eb6dFa0b40', '0x9627d4f1241c41A61992873Cf4c78066168141cE'], cctpV2: [] },
  base: { across: ['0x0Adf13F9Eb24b56b641fE2112854CE2B78C11c1a', '0x0d9275945E905F0b0E827Ff802A7265Ffb301C71', '0x740EA79e2FccDDB4eE8bB8Fc8ccAC5eb6dFa0b40', '0x880ca65d29496a7eCDeE3143719050Fe40C5AD01'], cctpV2: ['0x8EAeE07f8FFF38695708be900c1F9aacFB8b3C09'] },
  polygon: { across: ['0x55D0e444d4C8E4382f5CD0A0b341Da53e284b2cF', '0x740EA79e2FccDDB4eE8bB8Fc8ccAC5eb6dFa0b40', '0x96471F56596AF4bFD578345dE0eaF413ed5ce584', '0xEccC3dEf811fD83182463C3084D8f49DB67c0936'], cctpV2: [] },
  bnb: { across: ['0x740EA79e2FccDDB4eE8bB8Fc8ccAC5eb6dFa0b40', '0xaea8417CBEb05C3B78b5E89db657eE56F095dE8D'], cctpV2: [] },
  avalanche: { across: [], cctpV2: ['0x65fEABBcfBc796Ee3d8bF1aDd02963468F3Eb8C2'] },
  linea: { across: ['0x0Cd570303Dc16d2624fa74d4bf7c7fE38d7aBF25', '0x27f1d5300dcab08BB5DF896aBd1bFeD3C06EaA62', '0x740EA79e2FccDDB4eE8bB8Fc8ccAC5eb6dFa0b40'], cctpV2: ['0xd5835Ae4D051D23EF0eEfe03e6D7e8D14b0668AD'] },
  scroll: { across: ['0x740EA79e2FccDDB4eE8bB8Fc8ccAC5eb6dFa0b40', '0xb1f01b0723c74eA99b1187c30b876941f49adb39'], cctpV2: [] },
  mantle: { across: [], cctpV2: [] },
  blast: { across: ['0x740EA79e2FccDDB4eE8bB8Fc8ccAC5eb6dFa0b40', '0xa28f5a1575bbc9758EAc182CE3E66A2734621F4F'], cctpV2: [] },
  mode: { across: ['0x740EA79e2FccDDB4eE8bB8Fc8ccAC5eb6dFa0b40', '0xD79c6bAc601ca92cb9F8Db61976CCdbb0588C5F6', '0xa28f5a1575bbc9758EAc182CE3E66A2734621F4F'], cctpV2: [] },
  gnosis: { across: [], cctpV2: [] },
  unichain: { across: ['0x740EA79e2FccDDB4eE8bB8Fc8ccAC5eb6dFa0b40', '0xa16FD999AF50931C9e501177de4A2f288D1cfD6f'], cctpV2: [] },
  sonic: { across: [], cctpV2: ['0x7db3a26e620f501CBbe3F6D98E7B9BF7bE63Ea5f'] },
  ink: { across: ['0x740EA79e2FccDDB4eE8bB8Fc8ccAC5eb6dFa0b40'], cctpV2: [] },
  worldchain: { across: ['0x740EA79e2FccDDB4eE8bB8Fc8ccAC5eb6dFa0b40', '0x7c6C373190421988fA31E64f369C45205676C1f0'], cctpV2: ['0x1768C1D2900f1408D44FbB1EdCc306F94aF852ae'] },
  berachain: { across: [], cctpV2: [] },
  zksync: { across: ['0x8517D2B4A9df18034dd00CCB5940fA4dCfaD7219'], cctpV2: [] },
};

export const BUNGEE_CHAINS: readonly BungeeChain[] = TABLE.map(([key, deployment, gateway]) => {
  const chainId = chainInfo(key).chainId;
  if (chainId === null) throw new Error(`Bungee chain table names non-EVM chain ${key}`);
  return { key, chainId, deployment, gateway, routes: ROUTE_IMPLEMENTATIONS[key] ?? { across: [], cctpV2: [] } };
});

/** Bungee's spelling of a chain's native asset, in requests and answers alike. */
export const BUNGEE_NATIVE: Address = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

export function bungeeChain(key: string): BungeeChain | undefined {
  return BUNGEE_CHAINS.find((chain) => chain.key === key);
}

export function bungeeChainById(chainId: number): BungeeChain | undefined {
  return BUNGEE_CHAINS.find((chain) => chain.chainId === chainId);
}
