import type { Address, Hex } from 'viem';
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
 * Why native ETH only: Stargate's `send` takes the LayerZero messaging fee as `msg.value`. Beside an
 * ERC-20 pool call that value is refused by Strait's step vetting (a token call carries no native
 * value), so USDC/USDT pools are not served. From a native pool the one `value` pays both the amount
 * bridged and the fee: Strait asks for `amountLD = amountIn − fee` so the step sends at most what the
 * user put in. Native pools on chains whose endpoint id no public source confirms (Unichain, Soneium,
 * Abstract, Manta, …) are left out until one does.
 */
export interface StargateChain {
  readonly key: ChainKey;
  /** The Stargate API's chain key (`srcChainKey` / `dstChainKey`). */
  readonly chainKey: string;
  /** LayerZero v2 endpoint id. */
  readonly eid: number;
  /** `StargatePoolNative` of the chain. */
  readonly nativePool: Address;
}

export const STARGATE_CHAINS: readonly StargateChain[] = [
  { key: 'ethereum', chainKey: 'ethereum', eid: 30101, nativePool: '0x77b2043768d28E9C9aB44E1aBfC95944bcE57931' },
  { key: 'arbitrum', chainKey: 'arbitrum', eid: 30110, nativePool: '0xA45B5130f36CDcA45667738e2a258AB09f4A5f7F' },
  { key: 'optimism', chainKey: 'optimism', eid: 30111, nativePool: '0xe8CDF27AcD73a434D661C84887215F7598e7d0d3' },
  { key: 'base', chainKey: 'base', eid: 30184, nativePool: '0xdc181Bd607330aeeBEF6ea62e03e5e1Fb4B6F7C7' },
  { key: 'linea', chainKey: 'linea', eid: 30183, nativePool: '0x81F6138153d473E8c5EcebD3DC8Cd4903506B075' },
  { key: 'scroll', chainKey: 'scroll', eid: 30214, nativePool: '0xC2b638Cb5042c1B3c5d5C969361fB50569840583' },
];

export function stargateChain(key: ChainKey): StargateChain | undefined {
  return STARGATE_CHAINS.find((chain) => chain.key === key);
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
export const STARGATE_SEND_SELECTOR: Hex = '0xc7c7f5b3';
