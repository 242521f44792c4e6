import type { ChainKey } from '../../domain/chains.ts';
import { assetInTable, chainsOfTable, type TableAsset } from '../depositVenueSupport.ts';

/**
 * Chainflip names assets by chain and symbol (`{ chain: 'Ethereum', asset: 'USDC' }`). The table
 * below is the mainnet asset list of the official SDK (chainflip-io/chainflip-sdk-monorepo
 * @704721500a, `packages/sdk/src/swap/__tests__/__snapshots__/sdk.test.ts.snap`, the `getAssets`
 * answer for mainnet: `isMainnet: true` entries with their `contractAddress` and `decimals`).
 * Bsc is left out (its assets are not live on mainnet there), Polkadot too (superseded by
 * Assethub), and Assethub USDC/USDT because Strait has no token ids for them.
 *
 * The deposit-channel flow pays a channel address the backend hands out, so no contract is pinned
 * here: the adapter never builds a call, only the plain transfer to that address.
 */

export type ChainflipChain = 'Ethereum' | 'Arbitrum' | 'Solana' | 'Bitcoin' | 'Tron' | 'Assethub';

export interface ChainflipAsset extends TableAsset {
  readonly chainflipChain: ChainflipChain;
  /** The backend's asset symbol within its chain (`ETH`, `USDC`, …). */
  readonly asset: string;
  /** The State Chain's own asset id (`ArbUsdc`), as `GET /api/networkInfo` names it. */
  readonly internalId: string;
  readonly decimals: number;
}

const entry = (chain: ChainKey, chainflipChain: ChainflipChain, asset: string, internalId: string, address: string | null, decimals: number): ChainflipAsset => ({ chain, chainflipChain, asset, internalId, address, decimals });

export const CHAINFLIP_ASSETS: readonly ChainflipAsset[] = [
  entry('ethereum', 'Ethereum', 'ETH', 'Eth', null, 18),
  entry('ethereum', 'Ethereum', 'USDC', 'Usdc', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6),
  entry('ethereum', 'Ethereum', 'USDT', 'Usdt', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6),
  entry('ethereum', 'Ethereum', 'FLIP', 'Flip', '0x826180541412D574cf1336d22c0C0a287822678A', 18),
  entry('ethereum', 'Ethereum', 'WBTC', 'Wbtc', '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', 8),
  entry('ethereum', 'Ethereum', 'CBBTC', 'Cbbtc', '0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf', 8),
  entry('arbitrum', 'Arbitrum', 'ETH', 'ArbEth', null, 18),
  entry('arbitrum', 'Arbitrum', 'USDC', 'ArbUsdc', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6),
  entry('arbitrum', 'Arbitrum', 'USDT', 'ArbUsdt', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6),
  entry('solana', 'Solana', 'SOL', 'Sol', null, 9),
  entry('solana', 'Solana', 'USDC', 'SolUsdc', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 6),
  entry('solana', 'Solana', 'USDT', 'SolUsdt', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 6),
  entry('bitcoin', 'Bitcoin', 'BTC', 'Btc', null, 8),
  entry('tron', 'Tron', 'TRX', 'Trx', null, 6),
  entry('tron', 'Tron', 'USDT', 'TrxUsdt', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 6),
  entry('assethub', 'Assethub', 'DOT', 'HubDot', null, 10),
];

export const CHAINFLIP_CHAINS: readonly ChainKey[] = chainsOfTable(CHAINFLIP_ASSETS);

export function chainflipAssetOf(token: { readonly chain: string; readonly address: string | null }): ChainflipAsset | undefined {
  return assetInTable(CHAINFLIP_ASSETS, token);
}
