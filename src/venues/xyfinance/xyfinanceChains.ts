import { getAddress, type Address } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';

/**
 * The YBridge (XY Finance's own liquidity bridge, the contract its yBridge routes call and the spender
 * of their approvals) on each EVM chain Strait serves, copied from XY's deployment list as the
 * DefiLlama XY adapter pins it: DefiLlama/dimension-adapters@b142d8e1f89a7589c18b42f0d85042aa320ed7eb:
 * bridge-aggregators/xy-finance/index.ts (key `yBridge`), which matches XY's docs pages "Integrate
 * YBridge Contract" (docs.xy.finance/single-bridge-integration/ybridge-contract-integration). XY's chain
 * ids are the EVM chain ids. Left out: fantom (XY lists it as suspended), and the chains Strait does not
 * know (Kaia, Astar, KCC, Polygon zkEVM, Cronos zkEVM, WEMIX, ThunderCore, Moonriver, Numbers).
 *
 * The XY Router of each chain (the entry of XY's other bridge providers) is deliberately absent: its
 * calldata names a bridge adapter and an opaque bridge payload Strait cannot read the receiver from,
 * so only yBridge routes are quoted and built (docs/venues/xyfinance.md).
 */
export interface XyChain {
  readonly key: ChainKey;
  readonly chainId: number;
  readonly yBridge: Address;
}

const TABLE: readonly (readonly [ChainKey, number, string])[] = [
  ['ethereum', 1, '0x4315f344a905dC21a08189A117eFd6E1fcA37D57'],
  ['arbitrum', 42161, '0x33383265290421C704c6b09F4BF27ce574DC4203'],
  ['optimism', 10, '0x7a6e01880693093abACcF442fcbED9E0435f1030'],
  ['base', 8453, '0x73Ce60416035B8D7019f6399778c14ccf5C9c7A1'],
  ['polygon', 137, '0x0c988b66EdEf267D04f100A879db86cdb7B9A34F'],
  ['bnb', 56, '0x7D26F09d4e2d032Efa0729fC31a4c2Db8a2394b1'],
  ['avalanche', 43114, '0x2C86f0FF75673D489b7D72D9986929a2b0Ed596C'],
  ['linea', 59144, '0x73Ce60416035B8D7019f6399778c14ccf5C9c7A1'],
  ['scroll', 534352, '0x778C974568e376146dbC64fF12aD55B2d1c4133f'],
  ['zksync', 324, '0xe4e156167cc9C7AC4AbD8d39d203a5495F775547'],
  ['mantle', 5000, '0x73Ce60416035B8D7019f6399778c14ccf5C9c7A1'],
  ['blast', 81457, '0x73Ce60416035B8D7019f6399778c14ccf5C9c7A1'],
  ['cronos', 25, '0xF103b5B479d2A629F422C42bb35E7eEceE1ad55E'],
  ['taiko', 167000, '0x6be1fe9dd10a4fbfce5552ca9add122341ec6c04'],
];

export const XY_CHAINS: readonly XyChain[] = TABLE.map(([key, chainId, yBridge]) => ({ key, chainId, yBridge: getAddress(yBridge) }));

/** XY's spelling of a chain's native asset, in requests, answers and calldata alike. */
export const XY_NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';

export function xyChain(key: string): XyChain | undefined {
  return XY_CHAINS.find((chain) => chain.key === key);
}

export function xyChainById(chainId: number): XyChain | undefined {
  return XY_CHAINS.find((chain) => chain.chainId === chainId);
}
