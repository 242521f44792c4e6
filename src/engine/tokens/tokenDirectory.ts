import type { Address } from 'viem';
import { getAddress } from 'viem';
import { isValidAddress } from '../../domain/addresses/isValidAddress.ts';
import { CHAIN_KEYS, chainInfo, type ChainKey } from '../../domain/chains.ts';
import { AppError } from '../../domain/errors.ts';
import { publicTokensOn } from '../../domain/publicTokenList.ts';
import { rememberToken, resolveToken, tokensOn, type TokenInfo } from '../../domain/tokens.ts';
import type { Corridor, Venue } from '../../venues/Venue.ts';
import type { EngineDeps } from '../EngineDeps.ts';
import { RELAYER_VENUE } from '../hyperCore/relayedExecution.ts';
import { relayerRouteOrigins } from '../hyperCore/relayerRouteSymbols.ts';
import { readErc20Token } from './readErc20Token.ts';

/** Where a token was found, in the order resolution asks (docs/tokens.md). */
export type TokenSource = 'registry' | 'public_list' | 'venue_list' | 'rpc';

export interface ListedToken extends TokenInfo {
  /** Where the directory found it (never `rpc`: a token read from the chain is not listed). */
  readonly source: Exclude<TokenSource, 'rpc'>;
  /** Ids of the enabled venues that price the token on its chain, in catalogue order. */
  readonly venues: readonly string[];
}

export interface ResolvedToken {
  readonly token: TokenInfo;
  readonly source: TokenSource;
}

export interface TokenDirectory {
  /** Every token known on `chain` (registry, then public list, then venues' lists), each with the venues pricing it. */
  list(chain: ChainKey): readonly ListedToken[];
  /**
   * A symbol (registry only) or an address (registry, public list, venues' lists, then the chain's
   * RPC); `undefined` for an unknown symbol, an invalid address or no ERC-20 at the address. Throws
   * `token_not_priced` when the address is valid but its decimals cannot be learned, and
   * `chain_unavailable` when the RPC does not answer.
   */
  resolve(chain: ChainKey, token: string | null, field: string): Promise<ResolvedToken | undefined>;
  /** Whether some enabled venue serves the corridor (the relayer route through its legs). */
  priced(corridor: Corridor): boolean;
}

/** How long a listing (and the venues pricing each token) is reused: as `GET /bridge/routes` is cached. */
export const TOKEN_LIST_TTL_MS = 30_000;
const MAX_RPC_CACHE = 10_000;

const HEX = /^0x[0-9a-f]+$/i;
const keyOf = (address: string) => (HEX.test(address) ? address.toLowerCase() : address);

interface Pair {
  /** `true`: from the listed chain to `other`; `false`: from `other` to it. */
  readonly outbound: boolean;
  readonly other: ChainKey;
  readonly counterpart: TokenInfo;
}

const directories = new WeakMap<EngineDeps, TokenDirectory>();

/** The directory of a service's dependencies, made on first use (its caches live as long as they do). */
export function tokenDirectoryOf(deps: EngineDeps): TokenDirectory {
  let directory = directories.get(deps);
  if (!directory) {
    directory = createTokenDirectory(deps);
    directories.set(deps, directory);
  }
  return directory;
}

export function createTokenDirectory(deps: Pick<EngineDeps, 'venues' | 'rpc' | 'now'>): TokenDirectory {
  const known = new Map<ChainKey, { readonly at: number; readonly byAddress: ReadonlyMap<string, ResolvedToken> }>();
  const listed = new Map<ChainKey, { readonly at: number; readonly tokens: readonly ListedToken[] }>();
  const fromRpc = new Map<string, Promise<TokenInfo | null>>();

  const venues = () => deps.venues.routable().filter((v) => v.id !== RELAYER_VENUE);

  /** Registry, public list, venues' lists, first one naming an address wins; refreshed every 30 s. */
  function knownOn(chain: ChainKey): ReadonlyMap<string, ResolvedToken> {
    const cached = known.get(chain);
    if (cached && deps.now() - cached.at < TOKEN_LIST_TTL_MS) return cached.byAddress;
    const byAddress = new Map<string, ResolvedToken>();
    const add = (token: TokenInfo, source: TokenSource) => {
      // Registry entries are trusted as they stand (HyperCore's spot USDC is a token id, not an address).
      if (token.address === null || (source !== 'registry' && !isValidAddress(chain, token.address))) return;
      const key = keyOf(token.address);
      if (!byAddress.has(key)) byAddress.set(key, { token, source });
    };
    for (const token of tokensOn(chain)) add(token, 'registry');
    // The committed list before the venues' live ones: it was reviewed, a venue's answer is only validated.
    for (const token of publicTokensOn(chain)) add(token, 'public_list');
    if (chain !== 'hypercore') {
      for (const v of venues()) for (const token of v.venue.tokens?.(chain) ?? []) if (sane(token, chain)) add(normalised(token, chain), 'venue_list');
    }
    known.set(chain, { at: deps.now(), byAddress });
    return byAddress;
  }

  /**
   * The corridors out of and into `chain` on which the venue serves some registry token of `chain`
   * (with a registry token at the other end): where a token of its list or the public list would be
   * carried too. Asking only these keeps a listing of hundreds of tokens to a few thousand `supports`.
   */
  function servedPairs(venue: Venue, chain: ChainKey): readonly Pair[] {
    const origins = venue.coverage().origins;
    const pairs: Pair[] = [];
    for (const other of CHAIN_KEYS) {
      if (other === chain) continue;
      for (const counterpart of tokensOn(other)) {
        const out = origins.includes(chain) && tokensOn(chain).some((own) => venue.supports({ fromChain: chain, toChain: other, fromToken: own, toToken: counterpart }).served);
        if (out) pairs.push({ outbound: true, other, counterpart });
        const into = origins.includes(other) && tokensOn(chain).some((own) => venue.supports({ fromChain: other, toChain: chain, fromToken: counterpart, toToken: own }).served);
        if (into) pairs.push({ outbound: false, other, counterpart });
      }
    }
    return pairs;
  }

  function pricedBy(venue: Venue, token: TokenInfo, chain: ChainKey, pairs: readonly Pair[]): boolean {
    return pairs.some(({ outbound, other, counterpart }) =>
      venue.supports(outbound ? { fromChain: chain, toChain: other, fromToken: token, toToken: counterpart } : { fromChain: other, toChain: chain, fromToken: counterpart, toToken: token }).served,
    );
  }

  function list(chain: ChainKey): readonly ListedToken[] {
    const cached = listed.get(chain);
    if (cached && deps.now() - cached.at < TOKEN_LIST_TTL_MS) return cached.tokens;
    const candidates = venues();
    const relayerServes = chain === 'hypercore' && deps.venues.get(RELAYER_VENUE)?.enabled === true && relayerRouteOrigins(deps as EngineDeps).length > 0;
    const native = nativeOf(chain);
    const entries = [...(native ? [{ token: native, source: 'registry' as const }] : []), ...knownOn(chain).values()];
    const pairs = new Map(candidates.map((v) => [v.id, servedPairs(v.venue, chain)]));
    const tokens = entries.map(({ token, source }): ListedToken => {
      const ids = candidates.filter((v) => pricedBy(v.venue, token, chain, pairs.get(v.id) ?? [])).map((v) => v.id);
      return Object.freeze({ ...token, source: source === 'rpc' ? 'venue_list' : source, venues: relayerServes ? [...ids, RELAYER_VENUE] : ids });
    });
    listed.set(chain, { at: deps.now(), tokens });
    return tokens;
  }

  async function resolve(chain: ChainKey, token: string | null, field: string): Promise<ResolvedToken | undefined> {
    const registered = resolveToken(chain, token);
    // HyperCore takes only its two named balances (tokens.ts); nothing beyond the registry.
    if (registered && (chain === 'hypercore' || registered.address === null || tokensOn(chain).includes(registered))) return { token: registered, source: 'registry' };
    if (chain === 'hypercore' || token === null || !isValidAddress(chain, token)) return undefined;
    const found = knownOn(chain).get(keyOf(token));
    if (found) return remembered(found);
    const rpc = chainInfo(chain).vm === 'evm' ? deps.rpc(chain) : null;
    if (!rpc) throw new AppError('token_not_priced', `${token} on ${chain} is in no token list Strait holds and no RPC is configured for ${chain} to read its decimals`, { details: { field, chain, address: token } });
    const key = `${chain}:${keyOf(token)}`;
    let read = fromRpc.get(key);
    if (!read) {
      read = readErc20Token(rpc, chain, token as Address);
      // Only answers are kept: a fault is asked again next time, and the cache is bounded.
      read.then((answer) => answer === null && fromRpc.delete(key), () => fromRpc.delete(key));
      if (fromRpc.size >= MAX_RPC_CACHE) fromRpc.delete(fromRpc.keys().next().value as string);
      fromRpc.set(key, read);
    }
    const answer = await read;
    return answer ? remembered({ token: answer, source: 'rpc' }) : undefined;
  }

  function priced(corridor: Corridor): boolean {
    if (venues().some((v) => v.venue.supports(corridor).served)) return true;
    if (corridor.toChain !== 'hypercore' || deps.venues.get(RELAYER_VENUE)?.enabled !== true) return false;
    // The relayer route carries the source token to arbitrum USDC through a leg (engine/hyperCore/).
    const usdc = resolveToken('arbitrum', 'USDC');
    return usdc !== undefined && venues().some((v) => v.venue.supports({ fromChain: corridor.fromChain, toChain: 'arbitrum', fromToken: corridor.fromToken, toToken: usdc }).served);
  }

  return { list, resolve, priced };
}

/** Build, submit and status find the token again by its stored address (tokens.ts `rememberToken`). */
function remembered(found: ResolvedToken): ResolvedToken {
  if (found.source !== 'registry') rememberToken(found.token);
  return found;
}

function nativeOf(chain: ChainKey): TokenInfo | undefined {
  return tokensOn(chain).find((t) => t.address === null);
}

/** A venue's list is untrusted: symbols short and printable, decimals a venue could quote in. */
function sane(token: TokenInfo, chain: ChainKey): boolean {
  return (
    token.address !== null &&
    isValidAddress(chain, token.address) &&
    Number.isInteger(token.decimals) &&
    token.decimals >= 0 &&
    token.decimals <= 36 &&
    token.symbol.length > 0 &&
    token.symbol.length <= 32 &&
    /^[\p{L}\p{N}\p{P}\p{S} ]+$/u.test(token.symbol)
  );
}

function normalised(token: TokenInfo, chain: ChainKey): TokenInfo {
  const address = token.address as string;
  return Object.freeze({ chain, symbol: token.symbol, address: chainInfo(chain).vm === 'evm' ? getAddress(address) : address, decimals: token.decimals });
}
