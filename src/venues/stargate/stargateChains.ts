import type { Address } from 'viem';
import { evmChainId, type ChainKey } from '../../domain/chains.ts';

/**
 * The chains Strait moves native ETH between through Stargate v2, each with its `StargatePoolNative`
 * — the only contract a Stargate step may call. Addresses are Stargate's own deployment list:
 * stargate-protocol/stargate-v2@938c95d6c89bd45602865de8f38c4b4f25481309
 * `packages/stg-evm-v2/deployments/<chain>-mainnet/StargatePoolNative.json` (`address`; the `.chainId`
 * beside it matches). LayerZero v2 endpoint ids (`dstEid` in the calldata) as Cryptorubic/rubic-sdk
 * `stargate-v2-provider/constants/stargate-v2-chain-id.ts` lists them; chain keys are the Stargate
 * API's (`/api/v1/chains`, quoted in shared/venues/stargate.md).
 *
 * Stargate's `send` takes the LayerZero messaging fee as `msg.value`. From a native pool the one
 * `value` pays both the amount bridged and the fee: Strait asks for `amountLD = amountIn − fee` so the
 * step sends at most what the user put in. Beside an ERC-20 pool's `send` the fee is the whole value,
 * declared as the plan's native fee (StepsPlan.nativeFee). Pools on chains whose endpoint id no public
 * source confirms (Unichain, Soneium, Abstract, Manta, …) are left out until one does.
 */
export interface StargateChain {
  readonly key: ChainKey;
  /** The Stargate API's chain key (`srcChainKey` / `dstChainKey`). */
  readonly chainKey: string;
  /** LayerZero v2 endpoint id. */
  readonly eid: number;
  /** `StargatePoolNative` of the chain. */
  readonly nativePool: Address;
  /**
   * The chain's ERC-20 pools Strait serves (`StargatePoolUSDC.json` / `StargatePoolUSDT.json` of the
   * same deployment list; `token` is the pool's constructor argument, 6 decimals, 6 shared). Only
   * tokens Strait's registry knows at that address: Scroll's pool holds USDC.e, which it does not.
   */
  readonly tokenPools: readonly StargateTokenPool[];
}

export interface StargateTokenPool {
  readonly symbol: 'USDC' | 'USDT';
  readonly token: Address;
  /** `StargatePoolUSDC` / `StargatePoolUSDT`: the only contract a step of this token may call. */
  readonly pool: Address;
}

export const STARGATE_CHAINS: readonly StargateChain[] = [
  {
    key: 'ethereum',
    chainKey: 'ethereum',
    eid: 30101,
    nativePool: '0x77b2043768d28E9C9aB44E1aBfC95944bcE57931',
    tokenPools: [
      { symbol: 'USDC', token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', pool: '0xc026395860Db2d07ee33e05fE50ed7bD583189C7' },
      { symbol: 'USDT', token: '0xdAC17F958D2ee523a2206206994597C13D831ec7', pool: '0x933597a323Eb81cAe705C5bC29985172fd5A3973' },
    ],
  },
  {
    key: 'arbitrum',
    chainKey: 'arbitrum',
    eid: 30110,
    nativePool: '0xA45B5130f36CDcA45667738e2a258AB09f4A5f7F',
    tokenPools: [
      { symbol: 'USDC', token: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', pool: '0xe8CDF27AcD73a434D661C84887215F7598e7d0d3' },
      { symbol: 'USDT', token: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', pool: '0xcE8CcA271Ebc0533920C83d39F417ED6A0abB7D0' },
    ],
  },
  {
    key: 'optimism',
    chainKey: 'optimism',
    eid: 30111,
    nativePool: '0xe8CDF27AcD73a434D661C84887215F7598e7d0d3',
    tokenPools: [
      { symbol: 'USDC', token: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', pool: '0xcE8CcA271Ebc0533920C83d39F417ED6A0abB7D0' },
      { symbol: 'USDT', token: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', pool: '0x19cFCE47eD54a88614648DC3f19A5980097007dD' },
    ],
  },
  {
    key: 'base',
    chainKey: 'base',
    eid: 30184,
    nativePool: '0xdc181Bd607330aeeBEF6ea62e03e5e1Fb4B6F7C7',
    tokenPools: [{ symbol: 'USDC', token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', pool: '0x27a16dc786820B16E5c9028b75B99F6f604b5d26' }],
  },
  { key: 'linea', chainKey: 'linea', eid: 30183, nativePool: '0x81F6138153d473E8c5EcebD3DC8Cd4903506B075', tokenPools: [] },
  { key: 'scroll', chainKey: 'scroll', eid: 30214, nativePool: '0xC2b638Cb5042c1B3c5d5C969361fB50569840583', tokenPools: [] },
];

export function stargateChain(key: ChainKey): StargateChain | undefined {
  return STARGATE_CHAINS.find((chain) => chain.key === key);
}

/** The chain's pool of an ERC-20 (by address), if Strait serves it. */
export function stargateTokenPool(chain: StargateChain, token: string): StargateTokenPool | undefined {
  return chain.tokenPools.find((pool) => pool.token.toLowerCase() === token.toLowerCase());
}

export function stargateChainByEid(eid: number): StargateChain | undefined {
  return STARGATE_CHAINS.find((chain) => chain.eid === eid);
}

export function stargateChainById(chainId: number): StargateChain | undefined {
  return STARGATE_CHAINS.find((chain) => evmChainId(chain.key) === chainId);
}

/** How the Stargate API names a chain's native coin (docs.stargate.finance "Supported Tokens": ETH `0xEeee…eeEEeE`). */
export const STARGATE_NATIVE_TOKEN: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';

/**
 * Every Stargate pool keeps amounts in 6 shared decimals (`StargatePoolNative` is deployed with
 * `_sharedDecimals = 6`, `_tokenDecimals = 18`): an amount of ETH moves in steps of 10¹² wei, and a
 * `amountLD` with dust below that is refused by the pool's own checks.
 */
export const SHARED_DECIMALS = 6;
export const NATIVE_CONVERSION_RATE = 10n ** 12n;

/** `send((uint32,bytes32,uint256,uint256,bytes,bytes,bytes),(uint256,uint256),address)`: IOFT's and Stargate's `send`. */
export { OFT_SEND_SELECTOR as STARGATE_SEND_SELECTOR } from '../layerzero/oftSend.ts';
