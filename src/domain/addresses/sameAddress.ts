import { chainInfo, type ChainKey, type VmFamily } from '../chains.ts';

/**
 * Families whose addresses are hex, where case carries no identity (EVM's mixed case is only a
 * checksum; Sui, Aptos, Starknet, HyperCore and Lighter accounts are hex too). Every other family
 * (base58, case-sensitive bech32 forms, Stellar/TON/XRPL encodings, NEAR names) compares exactly.
 */
const HEX_FAMILIES: ReadonlySet<VmFamily> = new Set<VmFamily>(['evm', 'sui', 'aptos', 'starknet', 'hypercore', 'lighter']);

/** Whether two addresses on `chain` name the same account. */
export function sameAddress(chain: ChainKey, a: string, b: string): boolean {
  return HEX_FAMILIES.has(chainInfo(chain).vm) ? sameEvmAddress(a, b) : a === b;
}

/** Whether two EVM addresses name the same account, whatever their checksum casing. */
export function sameEvmAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
