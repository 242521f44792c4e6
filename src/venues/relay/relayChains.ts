import { chainInfo, type ChainKey } from '../../domain/chains.ts';

/**
 * Relay's chain ids, the Relay contracts a deposit may target on each origin chain, and the tokens
 * this adapter routes.
 *
 * Contract addresses come from Relay's docs: the v2 depositories from
 * docs.relay.link/references/protocol/addresses (generated from `GET /chains`,
 * `protocol.v2.depository`), the receiver and the EVM solver from the API's contract-address page.
 * A build whose deposit targets anything else is refused: a venue must never steer a wallet to a
 * contract we have not pinned.
 */

export type Address = `0x${string}`;

/** Relay's native-currency address on EVM chains. */
export const RELAY_NATIVE_EVM: Address = '0x0000000000000000000000000000000000000000';

/**
 * Relay's currency id of HyperCore's perps USDC balance (docs.relay.link, "Hyperliquid Support"):
 * a custom 16-byte zero id. Spot USDC is its HyperCore token id, the address Strait's registry gives it.
 */
export const RELAY_HYPERCORE_PERPS_USDC = '0x00000000000000000000000000000000';

/**
 * HyperCore chain id in Relay's API, and the decimals Relay counts HyperCore USDC in: 8 (the
 * exchange's wei decimals), where Strait counts 6. MetaMask's Relay strategy converts perps deposits
 * by exactly this (`HYPERCORE_USDC_DECIMALS = 8`).
 */
export const RELAY_HYPERCORE_CHAIN_ID = 1337;
export const RELAY_HYPERCORE_DECIMALS = 8;

/** The RelayReceiver: native deposits call it with the request id as calldata. */
export const RELAY_RECEIVER: Address = '0xa5f565650890fba1824ee0f21ebbbf660a179934';

/** Relay's EVM solver: ERC-20 deposits `transfer` to it with the 32-byte request id appended. */
export const RELAY_SOLVER: Address = '0xf70da97812cb96acdf810712aa562db8dfa3dbef';

const DEPOSITORY: Address = '0x4cd00e387622c35bddb9b4c962c136462338bc31';
/** The depository on chains Relay deployed from its second factory (Linea, Mantle, Taiko, Metis, Cronos). */
const DEPOSITORY_ALT: Address = '0x59916da825d2d2ec1bf878d71c88826f6633ecca';

export interface RelayChain {
  readonly key: ChainKey;
  readonly relayChainId: number;
  readonly vm: 'evm' | 'svm' | 'hypercore';
  /** Whether a transfer may start here (EVM only: Relay's SVM steps are instruction lists, not transactions). */
  readonly origin: boolean;
  /** Relay contracts a deposit or an approval may name on this chain (lowercase). */
  readonly contracts: readonly Address[];
  /** Token symbols routed on this chain, upper case; the native asset is listed by its symbol. */
  readonly tokens: readonly string[];
  /**
   * Decimals Relay counts this chain's amounts in when they differ from Strait's registry (HyperCore:
   * 8 against Strait's 6), used when an answer does not state its currency's decimals.
   */
  readonly venueDecimals?: number;
}

const USDC_USDT = ['USDC', 'USDT'];

// The receiver's CREATE2 address differs on ZK-stack chains, so only their depository is pinned there.
function evm(key: ChainKey, relayChainId: number, tokens: readonly string[], options: { depository?: Address; receiver?: boolean } = {}): RelayChain {
  const contracts = [options.depository ?? DEPOSITORY, ...(options.receiver === false ? [] : [RELAY_RECEIVER])];
  return { key, relayChainId, vm: 'evm', origin: true, contracts, tokens: [chainInfo(key).nativeSymbol.toUpperCase(), ...tokens] };
}

const CHAINS: readonly RelayChain[] = [
  evm('ethereum', 1, USDC_USDT),
  evm('arbitrum', 42161, USDC_USDT),
  evm('optimism', 10, USDC_USDT),
  evm('base', 8453, ['USDC']),
  evm('polygon', 137, USDC_USDT),
  evm('bnb', 56, USDC_USDT),
  evm('avalanche', 43114, USDC_USDT),
  evm('linea', 59144, ['USDC'], { depository: DEPOSITORY_ALT }),
  evm('scroll', 534352, ['USDC']),
  evm('zksync', 324, ['USDC'], { receiver: false }),
  evm('mantle', 5000, [], { depository: DEPOSITORY_ALT }),
  evm('blast', 81457, []),
  evm('mode', 34443, []),
  evm('gnosis', 100, []),
  evm('celo', 42220, ['USDC']),
  evm('unichain', 130, ['USDC']),
  evm('sonic', 146, ['USDC']),
  evm('ink', 57073, []),
  evm('worldchain', 480, ['USDC']),
  evm('berachain', 80094, []),
  evm('soneium', 1868, []),
  evm('abstract', 2741, [], { receiver: false }),
  evm('taiko', 167000, [], { depository: DEPOSITORY_ALT }),
  evm('ronin', 2020, []),
  { key: 'solana', relayChainId: 792703809, vm: 'svm', origin: false, contracts: [], tokens: ['USDC'] },
  // Relay credits both USDC balances of a Hyperliquid account itself (destination only: a HyperCore
  // origin needs signature steps the adapter does not build).
  { key: 'hypercore', relayChainId: RELAY_HYPERCORE_CHAIN_ID, vm: 'hypercore', origin: false, contracts: [], tokens: ['USDC (PERPS)', 'USDC (SPOT)'], venueDecimals: RELAY_HYPERCORE_DECIMALS },
];

const BY_KEY: ReadonlyMap<ChainKey, RelayChain> = new Map(CHAINS.map((c) => [c.key, c]));

export function relayChain(key: ChainKey): RelayChain | undefined {
  return BY_KEY.get(key);
}

/** Every chain of the table (origins and destination-only chains), in table order. */
export const RELAY_CHAINS: readonly ChainKey[] = CHAINS.map((c) => c.key);

/** Chains a Relay transfer can start from, in table order. */
export const RELAY_ORIGINS: readonly ChainKey[] = CHAINS.filter((c) => c.origin).map((c) => c.key);

export function relayServesToken(chain: RelayChain, symbol: string): boolean {
  return chain.tokens.includes(symbol.toUpperCase());
}

/**
 * Who an ERC-20 `transfer` deposit may pay: Relay's solver (how Relay's own ERC-20 deposits look,
 * request id appended) or the receiver. Never the depository: a bare transfer there carries no order.
 */
export function relayTransferRecipients(chain: RelayChain): readonly Address[] {
  return [RELAY_SOLVER, ...chain.contracts.filter((c) => c === RELAY_RECEIVER)];
}
