import type { Address } from 'viem';
import { chainInfo, type ChainKey } from '../../domain/chains.ts';

export interface AllbridgeChain {
  readonly key: ChainKey;
  /** The EVM chain id (what wallets sign with); `null` on Tron. */
  readonly chainId: number | null;
  /** Allbridge's `ChainSymbol`: the REST API's `chain` parameter of `/transfer/status`. */
  readonly symbol: string;
  /** Allbridge's own chain number: `swapAndBridge`'s `destinationChainId` and the status' `destinationChainId`. */
  readonly allbridgeChainId: number;
  /** The Allbridge Core bridge: what the step calls and the spender of its approval (base58 on Tron). */
  readonly bridge: string;
  /** Symbols of the tokens with a pool on this chain (the stablecoins Allbridge Core moves). */
  readonly symbols: readonly string[];
}

/**
 * The EVM chains Strait builds Allbridge Core transfers on. Bridge addresses and pools are the
 * venue's own deployment list (allbridge-io/allbridge-core-docs@a225ba6ece1af1bf5df1cdd15d610cd1bd1bc5af:README.md,
 * "Blockchains and tokens"). Allbridge's chain numbers are not in that list: ETH = 1 is the SDK's own
 * test data (allbridge-io/allbridge-core-js-sdk@52df2d344fc5625734c75c10912f441d36ff8864:
 * src/__tests__/data/tokens-info/ChainDetailsMap-ETH-USDT.json), ARB = 6 and BAS = 9 are L2BEAT's
 * decoding of the bridge's `TokensSent` events. Chains whose number no source confirmed (BNB Chain,
 * Polygon, Avalanche, OP Mainnet) are left out rather than guessed: a wrong number sends the value
 * to another chain, and the call check compares against exactly this table.
 */
const EVM_TABLE: readonly (Omit<AllbridgeChain, 'chainId' | 'bridge'> & { bridge: Address })[] = [
  { key: 'ethereum', symbol: 'ETH', allbridgeChainId: 1, bridge: '0x609c690e8F7D68a59885c9132e812eEbDaAf0c9e', symbols: ['USDC', 'USDT'] },
  { key: 'arbitrum', symbol: 'ARB', allbridgeChainId: 6, bridge: '0x9Ce3447B58D58e8602B7306316A5fF011B92d189', symbols: ['USDC', 'USDT'] },
  { key: 'base', symbol: 'BAS', allbridgeChainId: 9, bridge: '0x001E3f136c2f804854581Da55Ad7660a2b35DEf7', symbols: ['USDC'] },
];

export const ALLBRIDGE_EVM_CHAINS: readonly (AllbridgeChain & { chainId: number; bridge: Address })[] = EVM_TABLE.map((row) => {
  const chainId = chainInfo(row.key).chainId;
  if (chainId === null) throw new Error(`Allbridge chain table names non-EVM chain ${row.key}`);
  return { ...row, chainId };
});

/**
 * Tron, as a source only: the bridge and the USDT pool are the deployment list's (README.md above,
 * "Tron": bridge TAuErcuAtU6BPt6YwL51JZ4RpDCPQASCU2, USDT TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t). Its
 * Allbridge number 4 is the SDK's test data (src/__tests__/data/tokens-info/TokenInfoWithChainDetails-TRX.json,
 * `allbridgeChainId`); Strait builds no transfer *to* Tron, so no call carries it.
 */
export const ALLBRIDGE_TRON: AllbridgeChain = { key: 'tron', chainId: null, symbol: 'TRX', allbridgeChainId: 4, bridge: 'TAuErcuAtU6BPt6YwL51JZ4RpDCPQASCU2', symbols: ['USDT'] };

export const ALLBRIDGE_CHAINS: readonly AllbridgeChain[] = [...ALLBRIDGE_EVM_CHAINS, ALLBRIDGE_TRON];

export function allbridgeChain(key: string): AllbridgeChain | undefined {
  return ALLBRIDGE_CHAINS.find((chain) => chain.key === key);
}

export function allbridgeChainByEvmId(chainId: number): AllbridgeChain | undefined {
  return ALLBRIDGE_EVM_CHAINS.find((chain) => chain.chainId === chainId);
}
