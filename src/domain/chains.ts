/**
 * The chain registry: every chain key of the spec (§2, 72 keys), its virtual-machine family, the
 * numeric chain id where the chain has one (EVM chain ids; `null` elsewhere), and its native asset
 * (the unit balances are held in, which is not always the token's display precision: see Arc, Stable).
 *
 * Venues name chains in their own ways (Relay's 792703809 for Solana, deBridge's 7565164, 1Click's
 * `arb`); those mappings live in each venue's folder. This table is the service's own vocabulary.
 */

export type VmFamily =
  | 'evm'
  | 'svm'
  | 'utxo'
  | 'tron'
  | 'cosmos'
  | 'sui'
  | 'aptos'
  | 'starknet'
  | 'ton'
  | 'stellar'
  | 'cardano'
  | 'xrpl'
  | 'near'
  | 'algorand'
  | 'substrate'
  | 'hypercore'
  | 'lighter';

export interface ChainInfo {
  readonly key: ChainKey;
  readonly name: string;
  readonly vm: VmFamily;
  /** EVM chain id; `null` for chains without one. */
  readonly chainId: number | null;
  readonly nativeSymbol: string;
  readonly nativeDecimals: number;
}

const evm = (key: string, name: string, chainId: number, nativeSymbol = 'ETH') =>
  ({ key, name, vm: 'evm', chainId, nativeSymbol, nativeDecimals: 18 }) as const;
const other = (key: string, name: string, vm: VmFamily, nativeSymbol: string, nativeDecimals: number) =>
  ({ key, name, vm, chainId: null, nativeSymbol, nativeDecimals }) as const;

const DEFINITIONS = [
  evm('ethereum', 'Ethereum', 1),
  evm('arbitrum', 'Arbitrum One', 42161),
  evm('optimism', 'OP Mainnet', 10),
  evm('base', 'Base', 8453),
  evm('polygon', 'Polygon PoS', 137, 'POL'),
  evm('bnb', 'BNB Smart Chain', 56, 'BNB'),
  evm('avalanche', 'Avalanche C-Chain', 43114, 'AVAX'),
  evm('linea', 'Linea', 59144),
  evm('scroll', 'Scroll', 534352),
  evm('zksync', 'ZKsync Era', 324),
  evm('mantle', 'Mantle', 5000, 'MNT'),
  evm('blast', 'Blast', 81457),
  evm('mode', 'Mode', 34443),
  evm('gnosis', 'Gnosis', 100, 'XDAI'),
  evm('celo', 'Celo', 42220, 'CELO'),
  evm('unichain', 'Unichain', 130),
  evm('sonic', 'Sonic', 146, 'S'),
  evm('ink', 'Ink', 57073),
  evm('plume', 'Plume', 98866, 'PLUME'),
  evm('worldchain', 'World Chain', 480),
  evm('monad', 'Monad', 143, 'MON'),
  evm('sei', 'Sei EVM', 1329, 'SEI'), // 18 decimals on the EVM side, although the Cosmos side uses 6 (usei)
  evm('xlayer', 'X Layer', 196, 'OKB'),
  evm('plasma', 'Plasma', 9745, 'XPL'),
  evm('berachain', 'Berachain', 80094, 'BERA'),
  evm('hyperevm', 'HyperEVM', 999, 'HYPE'),
  evm('stable', 'Stable', 988, 'USDT0'), // gas token; its ERC-20 face (0x779D…3736) has 6 decimals
  evm('robinhood', 'Robinhood Chain', 4663),
  evm('arc', 'Arc', 5042, 'USDC'), // gas token; its ERC-20 face (0x3600…0000) has 6 decimals
  evm('fantom', 'Fantom', 250, 'FTM'),
  evm('zircuit', 'Zircuit', 48900),
  evm('lisk', 'Lisk', 1135),
  evm('soneium', 'Soneium', 1868),
  evm('abstract', 'Abstract', 2741),
  evm('taiko', 'Taiko', 167000),
  evm('metis', 'Metis Andromeda', 1088, 'METIS'),
  evm('moonbeam', 'Moonbeam', 1284, 'GLMR'),
  evm('aurora', 'Aurora', 1313161554),
  evm('cronos', 'Cronos', 25, 'CRO'),
  evm('opbnb', 'opBNB', 204, 'BNB'),
  evm('ronin', 'Ronin', 2020, 'RON'),
  evm('rootstock', 'Rootstock', 30, 'RBTC'),
  evm('citrea', 'Citrea', 4114, 'cBTC'),
  evm('botanix', 'Botanix', 3637, 'BTC'),
  evm('katana', 'Katana', 747474),
  other('solana', 'Solana', 'svm', 'SOL', 9),
  other('fogo', 'Fogo', 'svm', 'FOGO', 9),
  other('eclipse', 'Eclipse', 'svm', 'ETH', 9), // bridged ETH held with the SVM's 9 decimals
  other('bitcoin', 'Bitcoin', 'utxo', 'BTC', 8),
  other('litecoin', 'Litecoin', 'utxo', 'LTC', 8),
  other('dogecoin', 'Dogecoin', 'utxo', 'DOGE', 8),
  other('bitcoincash', 'Bitcoin Cash', 'utxo', 'BCH', 8),
  other('zcash', 'Zcash', 'utxo', 'ZEC', 8),
  other('dash', 'Dash', 'utxo', 'DASH', 8),
  other('sui', 'Sui', 'sui', 'SUI', 9),
  other('aptos', 'Aptos', 'aptos', 'APT', 8),
  other('movement', 'Movement', 'aptos', 'MOVE', 8),
  other('starknet', 'Starknet', 'starknet', 'STRK', 18), // fee token since v0.13 (ETH also pays fees)
  other('tron', 'Tron', 'tron', 'TRX', 6),
  other('ton', 'TON', 'ton', 'TON', 9),
  other('stellar', 'Stellar', 'stellar', 'XLM', 7),
  other('cardano', 'Cardano', 'cardano', 'ADA', 6),
  other('xrpl', 'XRP Ledger', 'xrpl', 'XRP', 6),
  other('near', 'NEAR', 'near', 'NEAR', 24),
  other('algorand', 'Algorand', 'algorand', 'ALGO', 6),
  other('polkadot', 'Polkadot', 'substrate', 'DOT', 10),
  other('assethub', 'Polkadot Asset Hub', 'substrate', 'DOT', 10),
  other('injective', 'Injective', 'cosmos', 'INJ', 18),
  // Noble has no gas token in practice (fees are paid in USDC), so USDC stands in as its native asset.
  other('noble', 'Noble', 'cosmos', 'USDC', 6),
  other('osmosis', 'Osmosis', 'cosmos', 'OSMO', 6),
  other('cosmoshub', 'Cosmos Hub', 'cosmos', 'ATOM', 6),
  // HyperCore holds USDC in two balances; the perps (margin) balance stands in as its native asset, spot
  // USDC is a token (tokens.ts). Both are counted in 6 decimals, 1:1 with the USDC that funds them.
  other('hypercore', 'HyperCore', 'hypercore', 'USDC (perps)', 6),
  other('lighter', 'Lighter', 'lighter', 'USDC', 6), // collateral balance
] as const;

export type ChainKey = (typeof DEFINITIONS)[number]['key'];

/** Every chain key, in the spec's order. */
export const CHAIN_KEYS: readonly ChainKey[] = DEFINITIONS.map((d) => d.key);

const BY_KEY: ReadonlyMap<string, ChainInfo> = new Map(DEFINITIONS.map((d) => [d.key, d as ChainInfo]));

export function isChainKey(value: unknown): value is ChainKey {
  return typeof value === 'string' && BY_KEY.has(value);
}

/** The registry entry of a chain key; throws on an unknown key (callers validate input first). */
export function chainInfo(key: ChainKey): ChainInfo {
  const info = BY_KEY.get(key);
  if (!info) throw new Error(`unknown chain key ${key}`);
  return info;
}

/** The numeric id of an EVM chain; throws for a chain without one. */
export function evmChainId(key: ChainKey): number {
  const id = chainInfo(key).chainId;
  if (id === null) throw new Error(`${key} has no EVM chain id`);
  return id;
}
