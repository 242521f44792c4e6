import { sameEvmAddress } from '../../domain/addresses/sameAddress.ts';
import type { ChainKey } from '../../domain/chains.ts';
import type { TokenInfo } from '../../domain/tokens.ts';

type Address = `0x${string}`;

/** The assets this adapter moves through Across; a transfer keeps its asset (USDC→USDC, ETH/WETH→ETH/WETH). */
export type AcrossAsset = 'USDC' | 'USDT' | 'WETH';

export interface AcrossChain {
  readonly key: ChainKey;
  readonly chainId: number;
  /**
   * The SpokePool proxy (across-protocol/contracts `deployments/deployments.json`). Build refuses any
   * other spender the API names: the venue must never steer a user's approval to an unknown contract.
   */
  readonly spokePool: Address;
  readonly tokens: Readonly<Partial<Record<AcrossAsset, Address>>>;
  /** Whether the chain's native asset is ETH, deposited as WETH with `value` = amount. */
  readonly nativeEth: boolean;
}

/**
 * Deliberately narrow: a chain is listed only with a verified SpokePool and token addresses, because
 * both end up in what the user signs. Across serves more chains (see the venue md).
 */
const CHAINS: readonly AcrossChain[] = [
  {
    key: 'ethereum',
    chainId: 1,
    spokePool: '0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5',
    tokens: {
      USDC: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      USDT: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      WETH: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
    },
    nativeEth: true,
  },
  {
    key: 'arbitrum',
    chainId: 42161,
    spokePool: '0xe35e9842fceaCA96570B734083f4a58e8F7C5f2A',
    tokens: {
      USDC: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
      USDT: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
      WETH: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
    },
    nativeEth: true,
  },
  {
    key: 'optimism',
    chainId: 10,
    spokePool: '0x6f26Bf09B1C792e3228e5467807a900A503c0281',
    tokens: {
      USDC: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
      USDT: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58',
      WETH: '0x4200000000000000000000000000000000000006',
    },
    nativeEth: true,
  },
  {
    key: 'base',
    chainId: 8453,
    spokePool: '0x09aea4b2242abC8bb4BB78D537A67a245A7bEC64',
    tokens: {
      USDC: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      WETH: '0x4200000000000000000000000000000000000006',
    },
    nativeEth: true,
  },
  {
    key: 'polygon',
    chainId: 137,
    spokePool: '0x9295ee1d8C5b022Be115A2AD3c30C72E34e7F096',
    tokens: {
      USDC: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
      USDT: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F',
      WETH: '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619',
    },
    nativeEth: false,
  },
];

const BY_KEY: ReadonlyMap<string, AcrossChain> = new Map(CHAINS.map((c) => [c.key, c]));
const BY_ID: ReadonlyMap<number, AcrossChain> = new Map(CHAINS.map((c) => [c.chainId, c]));

export const ACROSS_ORIGINS: readonly ChainKey[] = CHAINS.map((c) => c.key);

export function acrossChain(key: ChainKey): AcrossChain | undefined {
  return BY_KEY.get(key);
}

export function acrossChainById(chainId: number): AcrossChain | undefined {
  return BY_ID.get(chainId);
}

/** Whether `address` is the SpokePool this adapter knows on `chainId`. */
export function isKnownSpokePool(chainId: number, address: string): boolean {
  const chain = acrossChainById(chainId);
  return chain !== undefined && sameEvmAddress(chain.spokePool, address);
}

/** The token Across is asked to move for one side of a corridor. */
export interface AcrossToken {
  readonly asset: AcrossAsset;
  /** The ERC-20 named in the deposit (WETH for native ETH). */
  readonly address: Address;
  readonly isNative: boolean;
}

/**
 * Resolves one side of a corridor to the token Across moves, or `undefined` when not carried.
 * Where WETH is the chain's wrapped native token the SpokePool always unwraps a WETH output to the
 * recipient, so that chain delivers ETH, never the WETH ERC-20.
 */
export function acrossToken(chain: AcrossChain, token: TokenInfo, side: 'input' | 'output'): AcrossToken | undefined {
  const weth = chain.tokens.WETH;
  if (token.address === null) {
    return chain.nativeEth && weth ? { asset: 'WETH', address: weth, isNative: true } : undefined;
  }
  const asset = assetOfAddress(chain, token.address);
  if (!asset) return undefined;
  if (asset === 'WETH' && chain.nativeEth && side === 'output') return undefined;
  return { asset, address: chain.tokens[asset] as Address, isNative: false };
}

/** The asset of an ERC-20 address on a chain, for the fake's route checks. */
export function assetOfAddress(chain: AcrossChain, address: string): AcrossAsset | undefined {
  const entry = (Object.entries(chain.tokens) as [AcrossAsset, Address][]).find(([, a]) => sameEvmAddress(a, address));
  return entry?.[0];
}

/** Origin-side symbols moved from one chain to another (native ETH travels as WETH). */
export function acrossTokenSymbols(fromKey: ChainKey, toKey: ChainKey): readonly string[] {
  const from = acrossChain(fromKey);
  const to = acrossChain(toKey);
  if (!from || !to || from.key === to.key) return [];
  const symbols: string[] = [];
  for (const asset of Object.keys(from.tokens) as AcrossAsset[]) {
    if (!to.tokens[asset]) continue;
    symbols.push(asset);
    if (asset === 'WETH' && from.nativeEth) symbols.push('ETH');
  }
  return symbols;
}

/** Whether the SpokePool of `chainId` pays `token` out as the native asset (WETH where ETH is native). */
export function deliversNative(chainId: number, token: string): boolean {
  const chain = acrossChainById(chainId);
  const weth = chain?.tokens.WETH;
  return chain !== undefined && chain.nativeEth && weth !== undefined && sameEvmAddress(weth, token);
}
