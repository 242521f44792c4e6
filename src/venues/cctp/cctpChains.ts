import { parseAbi, parseAbiItem, type Address } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';

/**
 * The EVM chains Strait moves USDC between over CCTP v2: those of Circle's domain table that have a
 * native USDC and v2 contracts. Noble, Sui and Aptos are v1 only; Solana, Starknet and Codex need
 * non-EVM builds or lack a confirmed USDC; Sei's USDC is unconfirmed; BNB has USYC only; Plume is
 * not a Forwarding Service destination, and its USDC is not in Strait's token registry yet: left out,
 * though the manual route (a claim on the destination) could serve it once it is.
 *
 * `fastSource`: Circle offers Fast Transfer from this chain. Chains whose standard attestation is
 * already quick (Avalanche, Polygon, Sonic, Monad, HyperEVM) have no fast tier.
 */
export interface CctpChain {
  readonly key: ChainKey;
  readonly chainId: number;
  readonly domain: number;
  readonly usdc: Address;
  readonly fastSource: boolean;
}

const chain = (key: ChainKey, chainId: number, domain: number, usdc: Address, fastSource: boolean): CctpChain => ({ key, chainId, domain, usdc, fastSource });

export const CCTP_CHAINS: readonly CctpChain[] = [
  chain('ethereum', 1, 0, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', true),
  chain('avalanche', 43114, 1, '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', false),
  chain('optimism', 10, 2, '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', true),
  chain('arbitrum', 42161, 3, '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', true),
  chain('base', 8453, 6, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', true),
  chain('polygon', 137, 7, '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', false),
  chain('unichain', 130, 10, '0x078D782b760474a361dDA0AF3839290b0EF57AD6', true),
  chain('linea', 59144, 11, '0x176211869cA2b568f2A7D4EE941E073a821EE1ff', true),
  chain('sonic', 146, 13, '0x29219dd400f2Bf60E5a23d13Be72B486D4038894', false),
  chain('worldchain', 480, 14, '0x79A02482A880bCE3F13e09Da970dC34db4CD24d1', true),
  chain('monad', 143, 15, '0x754704Bc059F8C67012fEd69BC8A327a5aafb603', false),
  chain('hyperevm', 999, 19, '0xb88339CB7199b77E23DB6E890353E22632Ba630f', false),
  chain('ink', 57073, 21, '0x2D270e6886d130D724215A266106e6832161EAEd', true),
];

const BY_KEY: ReadonlyMap<string, CctpChain> = new Map(CCTP_CHAINS.map((c) => [c.key, c]));
const BY_DOMAIN: ReadonlyMap<number, CctpChain> = new Map(CCTP_CHAINS.map((c) => [c.domain, c]));

export function cctpChain(key: string): CctpChain | undefined {
  return BY_KEY.get(key);
}

export function cctpChainByDomain(domain: number): CctpChain | undefined {
  return BY_DOMAIN.get(domain);
}

/** Deployed with CREATE2: the same addresses on every v2 chain (and in the sandbox). */
export const TOKEN_MESSENGER_V2: Address = '0x28b5a0e9C621a5BadaA536219b3a228C8168cf5d';
export const MESSAGE_TRANSMITTER_V2: Address = '0x81D40F21F12A8F0E3252Bccb954D722d4c464B64';

/** Finality thresholds of CCTP v2: 1000 = confirmed ("fast"), 2000 = finalized ("standard"). */
export const FAST_FINALITY = 1000;
export const STANDARD_FINALITY = 2000;

export const tokenMessengerV2Abi = parseAbi([
  'function depositForBurn(uint256 amount, uint32 destinationDomain, bytes32 mintRecipient, address burnToken, bytes32 destinationCaller, uint256 maxFee, uint32 minFinalityThreshold)',
  'function depositForBurnWithHook(uint256 amount, uint32 destinationDomain, bytes32 mintRecipient, address burnToken, bytes32 destinationCaller, uint256 maxFee, uint32 minFinalityThreshold, bytes hookData)',
]);

export const messageSentEvent = parseAbiItem('event MessageSent(bytes message)');
export const messageReceivedEvent = parseAbiItem(
  'event MessageReceived(address indexed caller, uint32 sourceDomain, bytes32 indexed nonce, bytes32 sender, uint32 indexed finalityThresholdExecuted, bytes messageBody)',
);

export const messageTransmitterV2Abi = [
  ...parseAbi(['function receiveMessage(bytes message, bytes attestation) returns (bool)', 'function usedNonces(bytes32 nonce) view returns (uint256)']),
  messageSentEvent,
  messageReceivedEvent,
] as const;
