import { sameEvmAddress } from '../../domain/addresses/sameAddress.ts';
import type { ChainKey } from '../../domain/chains.ts';
import type { TokenInfo } from '../../domain/tokens.ts';

type Address = `0x${string}`;

/** The pool assets this adapter moves; cBridge names them by symbol, the same on both sides. */
export type CbridgeAsset = 'USDC' | 'USDT' | 'WETH';

export interface CbridgeToken {
  readonly address: Address;
  readonly decimals: number;
}

export interface CbridgeChain {
  readonly key: ChainKey;
  readonly chainId: number;
  /**
   * The pool-based `Bridge` contract, from Celer's own deployment list
   * (celer-network/cBridge-docs-gh@0afcbb2f94b66b53312fe8cecc390fd415dd2d55:reference/contract-addresses.md,
   * "Bridge Contract (pool-based bridge)"). It is the only contract the steps call and the only spender
   * an approval names.
   */
  readonly bridge: Address;
  /**
   * The pool tokens, as cBridge's `getTransferConfigsForAll` lists them under these symbols
   * (bunnyboard/databoard@5d9c5216c6086a3831ef85350254cce859d40d53:src/configs/data/constants/CbridgeTokens.json,
   * a December 2024 dump of that answer). Only tokens that are also Strait's registry tokens (or a
   * documented corridor, BNB Chain's USDT) are listed: cBridge's `USDC` on Arbitrum, Optimism and
   * Polygon is the bridged USDC.e, not the native USDC Strait quotes, so those are left out.
   */
  readonly tokens: Readonly<Partial<Record<CbridgeAsset, CbridgeToken>>>;
  /**
   * Whether the Bridge's `nativeWrap` is the chain's WETH: `sendNative` takes ETH there, and a WETH
   * transfer arriving there is unwrapped to the receiver as ETH (`Pool._sendToken`).
   */
  readonly nativeEth: boolean;
}

const CHAINS: readonly CbridgeChain[] = [
  {
    key: 'ethereum',
    chainId: 1,
    bridge: '0x5427FEFA711Eff984124bFBB1AB6fbf5E3DA1820',
    tokens: {
      USDC: { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 },
      USDT: { address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
      WETH: { address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', decimals: 18 },
    },
    nativeEth: true,
  },
  {
    key: 'arbitrum',
    chainId: 42161,
    bridge: '0x1619DE6B6B20eD217a58d00f37B9d47C7663feca',
    tokens: {
      USDT: { address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', decimals: 6 },
      WETH: { address: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', decimals: 18 },
    },
    nativeEth: true,
  },
  {
    key: 'optimism',
    chainId: 10,
    bridge: '0x9D39Fc627A6d9d9F8C831c16995b209548cc3401',
    tokens: {
      USDT: { address: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', decimals: 6 },
      WETH: { address: '0x4200000000000000000000000000000000000006', decimals: 18 },
    },
    nativeEth: true,
  },
  {
    key: 'polygon',
    chainId: 137,
    bridge: '0x88DCDC47D2f83a99CF0000FDF667A468bB958a78',
    tokens: {
      USDT: { address: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', decimals: 6 },
      WETH: { address: '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', decimals: 18 },
    },
    nativeEth: false,
  },
  {
    key: 'bnb',
    chainId: 56,
    bridge: '0xdd90E5E87A2081Dcf0391920868eBc2FFB81a1aF',
    tokens: {
      USDC: { address: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', decimals: 18 },
      USDT: { address: '0x55d398326f99059fF775485246999027B3197955', decimals: 18 },
    },
    nativeEth: false,
  },
  {
    key: 'avalanche',
    chainId: 43114,
    bridge: '0xef3c714c9425a8F3697A9C969Dc1af30ba82e5d4',
    tokens: {
      USDC: { address: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', decimals: 6 },
    },
    nativeEth: false,
  },
];

const BY_KEY: ReadonlyMap<string, CbridgeChain> = new Map(CHAINS.map((c) => [c.key, c]));
const BY_ID: ReadonlyMap<number, CbridgeChain> = new Map(CHAINS.map((c) => [c.chainId, c]));

export const CBRIDGE_CHAINS: readonly CbridgeChain[] = CHAINS;
export const CBRIDGE_ORIGINS: readonly ChainKey[] = CHAINS.map((c) => c.key);

export function cbridgeChain(key: string): CbridgeChain | undefined {
  return BY_KEY.get(key);
}

export function cbridgeChainById(chainId: number): CbridgeChain | undefined {
  return BY_ID.get(chainId);
}

/** The asset of a pool token address on a chain. */
export function assetOfAddress(chain: CbridgeChain, address: string): CbridgeAsset | undefined {
  const entry = (Object.entries(chain.tokens) as [CbridgeAsset, CbridgeToken][]).find(([, token]) => sameEvmAddress(token.address, address));
  return entry?.[0];
}

/** One side of a corridor as cBridge moves it. */
export interface CbridgeSide {
  readonly asset: CbridgeAsset;
  /** The ERC-20 the Bridge holds (WETH for native ETH: `sendNative` wraps into `nativeWrap`). */
  readonly token: CbridgeToken;
  readonly isNative: boolean;
}

/**
 * Resolves one side of a corridor, or `undefined` when cBridge does not carry it. Native ETH travels
 * as WETH; on a chain whose `nativeWrap` is WETH the Bridge always pays a WETH transfer out as ETH,
 * so such a chain delivers ETH, never the WETH ERC-20.
 */
export function cbridgeSide(chain: CbridgeChain, token: TokenInfo, side: 'input' | 'output'): CbridgeSide | undefined {
  const weth = chain.tokens.WETH;
  if (token.address === null) return chain.nativeEth && weth ? { asset: 'WETH', token: weth, isNative: true } : undefined;
  const asset = assetOfAddress(chain, token.address);
  if (!asset) return undefined;
  if (asset === 'WETH' && chain.nativeEth && side === 'output') return undefined;
  const found = chain.tokens[asset];
  return found ? { asset, token: found, isNative: false } : undefined;
}

/** Origin-side symbols moved from one chain to another (native ETH travels as WETH). */
export function cbridgeTokenSymbols(fromKey: ChainKey, toKey: ChainKey): readonly string[] {
  const from = cbridgeChain(fromKey);
  const to = cbridgeChain(toKey);
  if (!from || !to || from === to) return [];
  const symbols: string[] = [];
  for (const asset of Object.keys(from.tokens) as CbridgeAsset[]) {
    if (!to.tokens[asset]) continue;
    symbols.push(asset);
    if (asset === 'WETH' && from.nativeEth) symbols.push('ETH');
  }
  return symbols;
}
