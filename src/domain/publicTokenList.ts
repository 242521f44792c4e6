import { Type, type Static } from 'typebox';
import { getAddress } from 'viem';
import { isValidAddress } from './addresses/isValidAddress.ts';
import { CHAIN_KEYS, chainInfo, type ChainKey } from './chains.ts';
import type { TokenInfo } from './tokens.ts';
import { validatorOf } from './validatorOf.ts';
import vendored from './tokenLists/uniswapDefaultTokenList.json' with { type: 'json' };

/** Uniswap's lists give Solana this id, Solana having no EIP-155 chain id. */
const UNISWAP_SOLANA_CHAIN_ID = 501000101;

const PublicTokenListSchema = Type.Object({
  name: Type.String(),
  version: Type.Object({ major: Type.Integer(), minor: Type.Integer(), patch: Type.Integer() }),
  timestamp: Type.String(),
  tokens: Type.Array(
    Type.Object({
      chainId: Type.Integer(),
      address: Type.String({ minLength: 1, maxLength: 64 }),
      symbol: Type.String({ minLength: 1, maxLength: 32 }),
      decimals: Type.Integer({ minimum: 0, maximum: 36 }),
    }),
  ),
});
type PublicTokenList = Static<typeof PublicTokenListSchema>;

/**
 * The vendored snapshot of the Uniswap default token list (tokenLists/SOURCES.json says which release and
 * how it was cut). Checked like any outside answer: a refresh that breaks the shape fails at start,
 * not on a quote. Entries whose address is not valid on their chain are left out.
 */
function load(): { readonly label: string; readonly byChain: ReadonlyMap<ChainKey, readonly TokenInfo[]> } {
  const validator = validatorOf(PublicTokenListSchema);
  if (!validator.Check(vendored)) throw new Error('src/domain/tokenLists/uniswapDefaultTokenList.json does not match the token list schema');
  const list: PublicTokenList = vendored;
  const chainOf = new Map<number, ChainKey>(CHAIN_KEYS.flatMap((key) => {
    const id = chainInfo(key).chainId;
    return id === null ? [] : [[id, key] as const];
  }));
  chainOf.set(UNISWAP_SOLANA_CHAIN_ID, 'solana');
  const byChain = new Map<ChainKey, TokenInfo[]>();
  for (const entry of list.tokens) {
    const chain = chainOf.get(entry.chainId);
    if (chain === undefined || !isValidAddress(chain, entry.address)) continue;
    const address = chainInfo(chain).vm === 'evm' ? getAddress(entry.address) : entry.address;
    const tokens = byChain.get(chain) ?? [];
    if (tokens.some((t) => t.address?.toLowerCase() === address.toLowerCase())) continue;
    tokens.push(Object.freeze({ chain, symbol: entry.symbol, address, decimals: entry.decimals }));
    byChain.set(chain, tokens);
  }
  const { major, minor, patch } = list.version;
  return { label: `${list.name} ${major}.${minor}.${patch}`, byChain };
}

const PUBLIC = load();
const NONE: readonly TokenInfo[] = Object.freeze([]);

/** Name and version of the vendored list, for logs and docs. */
export const PUBLIC_TOKEN_LIST_LABEL = PUBLIC.label;

/** The vendored public list's tokens on `chain`, in the list's order; empty for a chain it does not cover. */
export function publicTokensOn(chain: string): readonly TokenInfo[] {
  return PUBLIC.byChain.get(chain as ChainKey) ?? NONE;
}
