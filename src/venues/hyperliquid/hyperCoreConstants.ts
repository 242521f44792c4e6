import type { TokenInfo } from '../../domain/tokens.ts';

/** Arbitrum One, where Bridge2 lives and the relayer is paid. */
export const ARBITRUM_CHAIN_ID = 42161;
/** Native USDC on Arbitrum (Circle), what Bridge2 takes. */
export const ARBITRUM_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' as const;
/** Hyperliquid's Bridge2 on Arbitrum (hyperliquid docs, "Bridge2"; hyperliquid-dex/contracts). */
export const BRIDGE2_ADDRESS = '0x2Df1c51E09aECF9cacB7bc98cB1742757f163dF7' as const;
/** Bridge2 credits nothing for a deposit below 5 USDC: the USDC is lost (hyperliquid docs, "Bridge2"). */
export const BRIDGE2_MIN_DEPOSIT = 5_000_000n;
/** Charged once, on the first transfer into an account the exchange has never seen ("Activation gas fee"). */
export const ACTIVATION_FEE = 1_000_000n;
/** Spec §1: the least a transfer may deliver to a new HyperCore account, and to a known one. */
export const FLOOR_NEW_ACCOUNT = 5_100_000n;
export const FLOOR_KNOWN_ACCOUNT = 1_000_000n;

export type HyperCoreBalance = 'perps' | 'spot';

/** Which HyperCore balance a destination token names, or null when it is not one of the two. */
export function balanceOf(token: TokenInfo): HyperCoreBalance | null {
  if (token.chain !== 'hypercore') return null;
  return token.address === null ? 'perps' : 'spot';
}

export function activationFeeFor(accountExisted: boolean): bigint {
  return accountExisted ? 0n : ACTIVATION_FEE;
}

export function floorFor(accountExisted: boolean): bigint {
  return accountExisted ? FLOOR_KNOWN_ACCOUNT : FLOOR_NEW_ACCOUNT;
}
