import { bech32 } from '@scure/base';

/**
 * Bech32 account on the Cosmos chain whose prefix is `prefix`. 20 bytes is a
 * key-derived account; 32 bytes is a module or CosmWasm contract account,
 * which can also receive funds. The prefix is the only network marker, so it
 * must match exactly (`cosmosvaloper…` is not an account either).
 */
export function isCosmosAddress(address: string, prefix: string): boolean {
  const decoded = bech32.decodeUnsafe(address);
  if (!decoded || decoded.prefix !== prefix) return false;
  const bytes = bech32.fromWordsUnsafe(decoded.words);
  return bytes !== undefined && (bytes.length === 20 || bytes.length === 32);
}
