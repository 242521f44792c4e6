import type { Address } from 'viem';
import { chainInfo, type ChainKey } from '../../domain/chains.ts';

/**
 * The DLN contracts every deBridge EVM transaction may call, from deBridge's deployment list
 * (docs.debridge.com/dln-details/overview/deployed-contracts, "EVM-based Chains": one address per
 * contract on every EVM chain). `DlnSource` places orders (and is the spender of their approvals);
 * `DeBridgeRouter` ("used exclusively by the DLN API to swap the input asset for a settlement asset
 * prior to order creation") pre-swaps, then calls `DlnSource` with the order.
 */
export const DLN_SOURCE: Address = '0xeF4fB24aD0916217251F553c0596F8Edc630EB66';
export const DEBRIDGE_ROUTER: Address = '0x663DC15D3C1aC63ff12E45Ab68FeA3F0a883C251';

/** deBridge's own id of Solana (the DLN API's `srcChainId`/`dstChainId` for it). */
export const DEBRIDGE_SOLANA_CHAIN_ID = 7565164;

/**
 * DlnSource on Solana (`dln_src`, "used to place orders on DLN"), from the same deployment list
 * ("Solana"); also `dlnSrc` of deBridge's @debridge-finance/solana-utils `programs.ts`. The only
 * program of deBridge's a Solana-source transaction may invoke (debridgeVenue.ts).
 */
export const DLN_SOLANA_SOURCE = 'src5qyZHqTqecJV4aY6Cb6zDZLMDzrDKKezs22MPHr4';
/** deBridge's spelling of native SOL as `srcChainTokenIn`. */
export const DEBRIDGE_SOLANA_NATIVE = '11111111111111111111111111111111';

export interface DebridgeChain {
  readonly key: ChainKey;
  /** The EVM chain id (what wallets sign with). */
  readonly chainId: number;
  /** deBridge's internal chain id: the EVM id for older chains, 100000xxx for newer ones. */
  readonly debridgeChainId: number;
}

/**
 * EVM chains Strait builds deBridge orders on. The internal ids are deBridge's own list
 * (debridge-finance/api-integrator-example@1cf4cac688cc728417ca57f32cf9f922d50a60ff:src/utils/chains.ts,
 * which mirrors `GET /v1.0/supported-chains-info`). Left out: Abstract and Sophon (ZK-stack chains,
 * where the shared DlnSource address cannot be assumed), chains Strait has no key for, and Solana
 * and Tron (their transactions are not built here; see debridgeVenue.ts).
 */
const TABLE: readonly (readonly [ChainKey, number])[] = [
  ['ethereum', 1],
  ['arbitrum', 42161],
  ['optimism', 10],
  ['base', 8453],
  ['polygon', 137],
  ['bnb', 56],
  ['avalanche', 43114],
  ['linea', 59144],
  ['gnosis', 100000002],
  ['sonic', 100000014],
  ['berachain', 100000020],
  ['hyperevm', 100000022],
  ['mantle', 100000023],
  ['sei', 100000027],
  ['plasma', 100000028],
  ['monad', 100000030],
];

export const DEBRIDGE_CHAINS: readonly DebridgeChain[] = TABLE.map(([key, debridgeChainId]) => {
  const chainId = chainInfo(key).chainId;
  if (chainId === null) throw new Error(`deBridge chain table names non-EVM chain ${key}`);
  return { key, chainId, debridgeChainId };
});

export function debridgeChain(key: string): DebridgeChain | undefined {
  return DEBRIDGE_CHAINS.find((chain) => chain.key === key);
}

export function debridgeChainByEvmId(chainId: number): DebridgeChain | undefined {
  return DEBRIDGE_CHAINS.find((chain) => chain.chainId === chainId);
}
