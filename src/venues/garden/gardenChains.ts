import { getAddress } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';
import { assetInTable, chainsOfTable, type TableAsset } from '../depositVenueSupport.ts';

/**
 * Garden's chains and assets as Strait carries them. Garden names an asset `<chain>:<symbol>`
 * (`bitcoin:btc`, `arbitrum:wbtc`; the SDK's `ChainAsset`), and every EVM asset has its own HTLC
 * contract: the user's `initiate` locks the token there. The HTLC addresses are pinned from Garden's
 * own deployment list, the official SDK's mainnet asset table (catalogfi/garden.js
 * @a512fdcb547f4b68b2e80602ff5e839d8bac06c6:packages/orderbook/src/lib/constants.ts), never from an
 * API answer: the allow-list and the build compare the answer with them.
 */

export interface GardenAsset extends TableAsset {
  /** Garden's `<chain>:<asset>` id. */
  readonly id: string;
  /** The token's symbol as wallets show it (coverage lists it). */
  readonly symbol: string;
  /** The ERC-20 HTLC the source `initiate` calls; `null` where the source is not an EVM token (BTC pays a per-order address). */
  readonly htlc: `0x${string}` | null;
  /**
   * Whether Strait builds a transfer from it. Solana sources answer with a Solana transaction
   * (`versioned_tx`) Strait does not verify yet, so Solana assets are destinations only.
   */
  readonly source: boolean;
}

/** Garden's chain names of Strait's chain keys (mainnet; `GET /v2/chains`). */
const GARDEN_CHAIN: Partial<Record<ChainKey, string>> = {
  bitcoin: 'bitcoin',
  ethereum: 'ethereum',
  arbitrum: 'arbitrum',
  base: 'base',
  bnb: 'bnbchain',
  unichain: 'unichain',
  solana: 'solana',
};

/**
 * The same chains on Garden's testnet (testnet.api.garden.finance): its answers name these. A
 * deployment pointed at the testnet (STRAIT_VENUE_GARDEN_BASE_URL) reads them as the chain asked for.
 */
const TESTNET_CHAIN: Readonly<Record<string, string>> = {
  bitcoin: 'bitcoin_testnet',
  ethereum: 'ethereum_sepolia',
  arbitrum: 'arbitrum_sepolia',
  base: 'base_sepolia',
  solana: 'solana_testnet',
};

function asset(chain: ChainKey, symbol: string, address: string | null, htlc: `0x${string}` | null, source = true): GardenAsset {
  // EIP-55 from the lower-case form: the sources disagree on the case of some addresses.
  const evm = (a: string): `0x${string}` => getAddress(a.toLowerCase());
  const token = address !== null && address.startsWith('0x') ? evm(address) : address;
  return { chain, address: token, id: `${GARDEN_CHAIN[chain]}:${symbol.toLowerCase()}`, symbol, htlc: htlc === null ? null : evm(htlc), source };
}

const WBTC_ETHEREUM = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
const CBBTC = '0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf';

export const GARDEN_ASSETS: readonly GardenAsset[] = [
  asset('bitcoin', 'BTC', null, null),
  asset('ethereum', 'WBTC', WBTC_ETHEREUM, '0x795Dcb58d1cd4789169D5F938Ea05E17ecEB68cA'),
  asset('ethereum', 'cbBTC', CBBTC, '0xeaE7721d779276eb0f5837e2fE260118724a2Ba4'),
  asset('ethereum', 'USDC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', '0xD8a6E3FCA403d79b6AD6216b60527F51cc967D39'),
  asset('base', 'cbBTC', CBBTC, '0xeaE7721d779276eb0f5837e2fE260118724a2Ba4'),
  asset('base', 'USDC', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', '0xD8a6E3FCA403d79b6AD6216b60527F51cc967D39'),
  asset('arbitrum', 'WBTC', '0x2f2a2543B76A4166549F7aaB2e75Bef0aefC5B0f', '0x6b6303fAb8eC7232b4f2a7b9fa58E5216F608fcb'),
  asset('arbitrum', 'USDC', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', '0xeaE7721d779276eb0f5837e2fE260118724a2Ba4'),
  asset('unichain', 'USDC', '0x078D782b760474a361dDA0AF3839290b0EF57AD6', '0x795Dcb58d1cd4789169D5F938Ea05E17ecEB68cA'),
  asset('bnb', 'BTCB', '0x7130d2A12B9BCbFAe4f2634d864A1Ee1Ce3Ead9c', '0x795Dcb58d1cd4789169D5F938Ea05E17ecEB68cA'),
  asset('solana', 'SOL', null, null, false),
  asset('solana', 'USDC', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', null, false),
  asset('solana', 'cbBTC', 'cbbtcf3aa214zXHbiAZQwf4122FBYbraNdFqgw4iMij', null, false),
];

export const GARDEN_CHAINS: readonly ChainKey[] = chainsOfTable(GARDEN_ASSETS);

export function gardenAssetOf(token: { readonly chain: string; readonly address: string | null }): GardenAsset | undefined {
  return assetInTable(GARDEN_ASSETS, token);
}

/**
 * Whether an asset id Garden answered with is the one asked for: the same id, or its twin on
 * Garden's testnet (same asset, the chain's testnet name).
 */
export function sameGardenAsset(answered: string, asked: string): boolean {
  if (answered === asked) return true;
  const [chain, symbol] = asked.split(':');
  const testnet = chain === undefined ? undefined : TESTNET_CHAIN[chain];
  return testnet !== undefined && answered === `${testnet}:${symbol}`;
}
