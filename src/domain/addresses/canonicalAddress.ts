import { getAddress } from 'viem';
import { ADDRESS_RULES } from './isValidAddress.ts';

/**
 * The one form Strait keeps and forwards of a valid address: an EVM-format address (EVM chains,
 * HyperCore, Lighter) in its EIP-55 checksum form, whatever case it arrived in (some venues answer
 * HTTP 500 on an all-uppercase body); every other family as given. Call only on a valid address.
 */
export function canonicalAddress(chainKey: string, address: string): string {
  const rule = Object.hasOwn(ADDRESS_RULES, chainKey) ? ADDRESS_RULES[chainKey] : undefined;
  if (rule === undefined) return address;
  return rule.family === 'evm' || rule.family === 'hypercore' || rule.family === 'lighter' ? getAddress(address.toLowerCase()) : address;
}
