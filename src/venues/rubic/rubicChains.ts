import type { Address } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';

/**
 * The EVM chains the Rubic adapter builds on: Rubic's blockchain name (its API speaks names, not ids;
 * Cryptorubic/rubic-sdk@4f11aabd8a87b6d4252b8e8f8aa30b45aa50f423:src/core/blockchain/models/blockchain-name.ts)
 * and where its contracts live, copied from Rubic's own deployment lists:
 * Cryptorubic/multi-proxy-rubic@2243479f6511a8d07bfcfa13049aab281bc7f049:deployments/<deployment>.json
 * (keys `RubicMultiProxy`, the diamond every contract route calls, and `ERC20Proxy`, the spender of
 * the user's approval that the diamond pulls tokens through). A chain without a deployment file there
 * (gnosis, celo, moonbeam), or whose Rubic name is not in the SDK's list (hyperevm, plasma, monad), is
 * not served: a route Strait cannot pin is never built.
 */
export interface RubicChain {
  readonly key: ChainKey;
  /** Rubic's `BLOCKCHAIN_NAME` value (`srcTokenBlockchain` / `dstTokenBlockchain`). */
  readonly blockchain: string;
  /** The deployments file the addresses come from. */
  readonly deployment: string;
  readonly multiProxy: Address;
  readonly erc20Proxy: Address;
}

const PROXY_A: Address = '0x6AA981bFF95eDfea36Bdae98C26B274FfcafE8d3';
const PROXY_B: Address = '0xAf14797CcF963B1e3d028a9d51853acE16aedBA1';
const ERC20_PROXY: Address = '0x3335733c454805df6a77f825f266e136FB4a3333';

const TABLE: readonly (readonly [ChainKey, string, string, Address, Address])[] = [
  ['ethereum', 'ETH', 'mainnet', PROXY_A, ERC20_PROXY],
  ['arbitrum', 'ARBITRUM', 'arbitrum', PROXY_A, ERC20_PROXY],
  ['optimism', 'OPTIMISM', 'optimism', PROXY_A, ERC20_PROXY],
  ['base', 'BASE', 'base', PROXY_B, ERC20_PROXY],
  ['polygon', 'POLYGON', 'polygon', PROXY_A, ERC20_PROXY],
  ['bnb', 'BSC', 'bsc', PROXY_A, ERC20_PROXY],
  ['avalanche', 'AVALANCHE', 'avalanche', PROXY_A, ERC20_PROXY],
  ['linea', 'LINEA', 'linea', PROXY_B, ERC20_PROXY],
  ['scroll', 'SCROLL', 'scroll', PROXY_B, ERC20_PROXY],
  ['zksync', 'ZK_SYNC', 'zkSync', '0xa63c029612ddaD00A269383Ab016D1e7c14E851D', '0x8E70e517057e7380587Ea6990dAe81cB1Ba405ce'],
  ['mantle', 'MANTLE', 'mantle', PROXY_B, ERC20_PROXY],
  ['blast', 'BLAST', 'blast', PROXY_B, ERC20_PROXY],
  ['mode', 'MODE', 'mode', PROXY_B, ERC20_PROXY],
  ['unichain', 'UNICHAIN', 'unichain', PROXY_B, ERC20_PROXY],
  ['sonic', 'SONIC', 'sonic', PROXY_B, ERC20_PROXY],
  ['sei', 'SEI', 'sei', PROXY_B, ERC20_PROXY],
  ['xlayer', 'XLAYER', 'xlayer', PROXY_B, ERC20_PROXY],
  ['berachain', 'BERACHAIN', 'bera', PROXY_B, ERC20_PROXY],
  ['soneium', 'SONEIUM', 'soneium', PROXY_B, ERC20_PROXY],
  ['taiko', 'TAIKO', 'taiko', PROXY_B, ERC20_PROXY],
  ['metis', 'METIS', 'metis', PROXY_B, ERC20_PROXY],
  ['rootstock', 'ROOTSTOCK', 'rootstock', PROXY_B, ERC20_PROXY],
  ['fantom', 'FANTOM', 'fantom', PROXY_A, ERC20_PROXY],
  ['aurora', 'AURORA', 'aurora', PROXY_A, ERC20_PROXY],
  ['cronos', 'CRONOS', 'cronos', PROXY_A, ERC20_PROXY],
];

export const RUBIC_CHAINS: readonly RubicChain[] = TABLE.map(([key, blockchain, deployment, multiProxy, erc20Proxy]) => ({ key, blockchain, deployment, multiProxy, erc20Proxy }));

export function rubicChain(key: string): RubicChain | undefined {
  return RUBIC_CHAINS.find((chain) => chain.key === key);
}

/** Rubic names the native asset with the zero address in its API (its quote examples and answers). */
export const RUBIC_NATIVE = '0x0000000000000000000000000000000000000000';
