import type { Address } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';

/**
 * Where LI.FI's diamond (the one contract every LI.FI EVM transaction calls, and the spender of its
 * approvals) and its FeeCollector live on each EVM chain Strait serves, copied from LI.FI's own
 * deployment lists: lifinance/contracts@ef00558fde6c02d4b285979e3f2b0b75ff1e573e:deployments/<file>.json
 * (keys `LiFiDiamond` and `FeeCollector`). LI.FI's chain ids equal the EVM chain ids on these chains.
 * A chain missing here (no diamond in the list: fantom, taiko, moonbeam, aurora, botanix) is not served.
 */
export interface LifiChain {
  readonly key: ChainKey;
  /** The deployments file the addresses come from. */
  readonly deployment: string;
  readonly diamond: Address;
  readonly feeCollector: Address;
}

const TABLE: readonly (readonly [ChainKey, string, Address, Address])[] = [
  ['ethereum', 'mainnet', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0x3Ef238c36035880EfbDfa239d218186b79Ad1d6F'],
  ['arbitrum', 'arbitrum', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0xB0210dE78E28e2633Ca200609D9f528c13c26cD9'],
  ['optimism', 'optimism', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0x271970eE66c03c9D62d8e8c718b9841f2Ea7D817'],
  ['base', 'base', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0x0A6d96E7f4D7b96CFE42185DF61E64d255c12DFf'],
  ['polygon', 'polygon', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0xbD6C7B0d2f68c2b7805d88388319cfB6EcB50eA9'],
  ['bnb', 'bsc', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0xbD6C7B0d2f68c2b7805d88388319cfB6EcB50eA9'],
  ['avalanche', 'avalanche', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0xB0210dE78E28e2633Ca200609D9f528c13c26cD9'],
  ['linea', 'linea', '0xDE1E598b81620773454588B85D6b5D4eEC32573e', '0xA4A24BdD4608D7dFC496950850f9763B674F0DB2'],
  ['scroll', 'scroll', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0xF048e5816B0C7951AC179f656C5B86e5a79Bd7b5'],
  ['zksync', 'zksync', '0x341e94069f53234fE6DabeF707aD424830525715', '0x8dBf6f59187b2EB36B980F3D8F4cFC6DC4E4642e'],
  ['mantle', 'mantle', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0xF048e5816B0C7951AC179f656C5B86e5a79Bd7b5'],
  ['blast', 'blast', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0xF048e5816B0C7951AC179f656C5B86e5a79Bd7b5'],
  ['mode', 'mode', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0xF048e5816B0C7951AC179f656C5B86e5a79Bd7b5'],
  ['gnosis', 'gnosis', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0xbD6C7B0d2f68c2b7805d88388319cfB6EcB50eA9'],
  ['celo', 'celo', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0xF048e5816B0C7951AC179f656C5B86e5a79Bd7b5'],
  ['unichain', 'unichain', '0x864b314D4C5a0399368609581d3E8933a63b9232', '0x262de706627Fe02B46A3643a60948fA6bE007F7b'],
  ['sonic', 'sonic', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0xaFb8cC8fCd71cd768Ce117C11eB723119FCDb1f8'],
  ['ink', 'ink', '0x864b314D4C5a0399368609581d3E8933a63b9232', '0x8295805320853d6B28778fC8f5199327e62e3d87'],
  ['plume', 'plume', '0x6f5C8Bb0C5Fe4ECeAC40EE1C238EaB6bbb29761c', '0x3e46137a80BB3c14906505d0f78ADbb2deDb9E3f'],
  ['worldchain', 'worldchain', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0x50D5a8aCFAe13Dceb217E9a071F6c6Bd5bDB4155'],
  ['monad', 'monad', '0x026F252016A7C47CDEf1F05a3Fc9E20C92a49C37', '0x954d55105CDF5371224268691FAf6178be5f62F5'],
  ['sei', 'sei', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0x7956280Ec4B4d651C4083Ca737a1fa808b5319D8'],
  ['xlayer', 'xlayer', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0xC69994fd72824ca98F8a0B1E2ABc954E65a91cf4'],
  ['plasma', 'plasma', '0x026F252016A7C47CDEf1F05a3Fc9E20C92a49C37', '0x954d55105CDF5371224268691FAf6178be5f62F5'],
  ['berachain', 'berachain', '0xf909c4Ae16622898b885B89d7F839E0244851c66', '0x070EC43b4222E0f17EEcD2C839cb9D1D5adeF73c'],
  ['hyperevm', 'hyperevm', '0x0a0758d937d1059c356D4714e57F5df0239bce1A', '0x7CaC679Cc2dF9c602590eA4965091F54EC32F2Fc'],
  ['stable', 'stable', '0x026F252016A7C47CDEf1F05a3Fc9E20C92a49C37', '0xF061930bc5154b72Bf90bA22840a6bEf20F4c83F'],
  ['arc', 'arc', '0xA4072583658Fae592A3506A42431cb6316a8d40b', '0x0604811F11863AA7904CF07c27875c80134744c7'],
  ['lisk', 'lisk', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0x50D5a8aCFAe13Dceb217E9a071F6c6Bd5bDB4155'],
  ['soneium', 'soneium', '0x864b314D4C5a0399368609581d3E8933a63b9232', '0x262de706627Fe02B46A3643a60948fA6bE007F7b'],
  ['abstract', 'abstract', '0x4f8C9056bb8A3616693a76922FA35d53C056E5b3', '0xde6A2171959d7b82aAD8e8B14cc84684C3a186AC'],
  ['metis', 'metis', '0x24ca98fB6972F5eE05f0dB00595c7f68D9FaFd68', '0x27f0e36dE6B1BA8232f6c2e87E00A50731048C6B'],
  ['cronos', 'cronos', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0x11d40Dc8Ff0CE92F54A315aD8e674a55a866cBEe'],
  ['opbnb', 'opbnb', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0x6A2420650139854F17964b8C3Bb60248470aB57E'],
  ['ronin', 'ronin', '0x452Cf1B8597E6319Cd21abd847312bF17E26d8d1', '0xFEd2370437dF9c1302Fe4f0840A91fc0091DA1F2'],
  ['rootstock', 'rootstock', '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', '0xF048e5816B0C7951AC179f656C5B86e5a79Bd7b5'],
  ['katana', 'katana', '0xC59fe32C9549e3E8B5dCcdAbC45BD287Bd5bA2bc', '0xB7ea489dB36820f0d57F1A67353AA4f5d0890ce3'],
];

export const LIFI_CHAINS: readonly LifiChain[] = TABLE.map(([key, deployment, diamond, feeCollector]) => ({ key, deployment, diamond, feeCollector }));

export function lifiChain(key: string): LifiChain | undefined {
  return LIFI_CHAINS.find((chain) => chain.key === key);
}
