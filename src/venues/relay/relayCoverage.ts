import { getAddress } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';
import { resolveToken, tokensOn, type TokenInfo } from '../../domain/tokens.ts';
import type { CallContext, Corridor, CoverageAnswer, VenueCoverage, VenueSnapshot } from '../Venue.ts';
import type { VenueHttpClient } from '../venueHttpClient.ts';
import { RELAY_CHAINS, RELAY_HYPERCORE_PERPS_USDC, RELAY_NATIVE_EVM, RELAY_ORIGINS, relayChain, relayServesToken, type RelayChain } from './relayChains.ts';
import { RelayChainsSchema, type RelayChains } from './relaySchemas.ts';

/** Relay switches chains off during incidents and adds tokens now and then: a look every 10 minutes. */
export const RELAY_SNAPSHOT_INTERVAL_MS = 10 * 60_000;

/** What one chain of `GET /chains` lets through, keyed by Relay chain id. */
interface ListedChain {
  /** `depositEnabled` is not `false`: a transfer may start here. */
  readonly deposits: boolean;
  /** `tokenSupport: "All"`: every token with liquidity; otherwise only `bridged`. */
  readonly allTokens: boolean;
  /** Addresses (EVM lowercase) of `currency` and `erc20Currencies` entries with `supportsBridging: true`. */
  readonly bridged: ReadonlySet<string>;
  /** The chain's ERC-20s Relay lets through with the symbol and decimals it gives them (EVM chains of the table only). */
  readonly tokens: readonly TokenInfo[];
}

type Listing = ReadonlyMap<number, ListedChain>;

// Hex ids (EVM addresses, HyperCore token ids) compare lowercase; base58 ones exactly.
const HEX_ID = /^0x[0-9a-fA-F]+$/;

/**
 * Relay's currency id of a token: its address, hex lowercase; the zero address for EVM native; on
 * HyperCore, perps USDC (Strait's `address: null`) is Relay's custom zero id and spot USDC its token
 * id; `null` when unknown.
 */
export function relayCurrencyOf(chain: RelayChain, address: string | null): string | null {
  if (address !== null) return chain.vm === 'svm' ? address : address.toLowerCase();
  if (chain.vm === 'hypercore') return RELAY_HYPERCORE_PERPS_USDC;
  return chain.vm === 'evm' ? RELAY_NATIVE_EVM : null;
}

/** What the adapter can build, from its static tables (pinned contracts, routed symbols, known addresses). */
export function staticSupport(corridor: Corridor): CoverageAnswer {
  const origin = relayChain(corridor.fromChain);
  const destination = relayChain(corridor.toChain);
  if (!origin?.origin || !destination || origin.key === destination.key) {
    return { served: false, code: 'route_not_served', message: `Relay does not serve ${corridor.fromChain} → ${corridor.toChain}` };
  }
  for (const [chain, token] of [[origin, corridor.fromToken], [destination, corridor.toToken]] as const) {
    if (!relayServesToken(chain, token.symbol) || relayCurrencyOf(chain, token.address) === null) {
      return { served: false, code: 'token_not_supported', message: `Relay does not route ${token.symbol} on ${chain.key}` };
    }
  }
  return { served: true };
}

function staticSymbols(fromChain: ChainKey, toChain: ChainKey): readonly string[] {
  const origin = relayChain(fromChain);
  const destination = relayChain(toChain);
  if (!origin?.origin || !destination || origin.key === destination.key) return [];
  // HyperCore's balances are named 'USDC (perps)' / 'USDC (spot)': USDC is what arrives there.
  if (destination.vm === 'hypercore') return origin.tokens.filter((symbol) => symbol === 'USDC');
  return origin.tokens.filter((symbol) => destination.tokens.includes(symbol));
}

const EVM_TOKEN = /^0x[0-9a-fA-F]{40}$/;

function listingOf(answer: RelayChains): Listing {
  const listing = new Map<number, ListedChain>();
  for (const chain of answer.chains) {
    if (chain.disabled === true) continue;
    const bridged = new Set<string>();
    for (const currency of [...(chain.currency ? [chain.currency] : []), ...(chain.erc20Currencies ?? [])]) {
      if (currency.supportsBridging === true) bridged.add(HEX_ID.test(currency.address) ? currency.address.toLowerCase() : currency.address);
    }
    const allTokens = chain.tokenSupport === 'All';
    const key = RELAY_CHAINS.find((k) => relayChain(k)?.relayChainId === chain.id && relayChain(k)?.vm === 'evm');
    const tokens = (key === undefined ? [] : (chain.erc20Currencies ?? [])).flatMap((c): TokenInfo[] =>
      // The native asset is the registry's; a symbol or decimals Relay leaves out cannot be listed.
      EVM_TOKEN.test(c.address) && c.address !== RELAY_NATIVE_EVM && (allTokens || c.supportsBridging === true) && typeof c.symbol === 'string' && typeof c.decimals === 'number'
        ? [{ chain: key as ChainKey, symbol: c.symbol, address: getAddress(c.address), decimals: c.decimals }]
        : [],
    );
    listing.set(chain.id, { deposits: chain.depositEnabled !== false, allTokens, bridged, tokens });
  }
  return listing;
}

/**
 * Relay's published coverage (`GET /chains`), intersected with what the adapter can build: a corridor
 * is served only when the static tables serve it and the last successful refresh lists both chains
 * (not `disabled`, deposits enabled on the origin) and both tokens (a chain with `tokenSupport: "All"`,
 * or the token among its bridgeable `currency`/`erc20Currencies`), the rule of Relay's "Supported
 * Tokens & Routes" page. Before any refresh, or while refreshes fail, the static tables answer alone.
 */
export function createRelayCoverage(http: VenueHttpClient, now: () => number) {
  let listing: Listing | null = null;
  let fetchedAt: number | null = null;

  /** Why the last refresh's list refuses `token` on `chain` as origin or destination, or `null` when it lets it through. */
  function unlisted(chain: RelayChain, address: string | null, asOrigin: boolean): CoverageAnswer | null {
    if (listing === null) return null;
    const listed = listing.get(chain.relayChainId);
    if (!listed || (asOrigin && !listed.deposits)) {
      return { served: false, code: 'route_not_served', message: `Relay does not list ${chain.key} as ${asOrigin ? 'an origin' : 'a destination'} now` };
    }
    const currency = relayCurrencyOf(chain, address);
    if (listed.allTokens || (currency !== null && listed.bridged.has(currency))) return null;
    return { served: false, code: 'token_not_supported', message: `Relay does not list ${address ?? 'the native asset'} for bridging on ${chain.key}` };
  }

  function supports(corridor: Corridor): CoverageAnswer {
    const answer = staticSupport(corridor);
    if (!answer.served) return answer;
    const origin = relayChain(corridor.fromChain) as RelayChain;
    const destination = relayChain(corridor.toChain) as RelayChain;
    return unlisted(origin, corridor.fromToken.address, true) ?? unlisted(destination, corridor.toToken.address, false) ?? answer;
  }

  function tokenSymbols(fromChain: ChainKey, toChain: ChainKey): readonly string[] {
    const symbols = staticSymbols(fromChain, toChain);
    if (listing === null) return symbols;
    // HyperCore names its balances 'USDC (perps)' / 'USDC (spot)': a symbol is listed when either is served.
    const hyperCore = relayChain(toChain)?.vm === 'hypercore';
    return symbols.filter((symbol) => {
      const fromToken = resolveToken(fromChain, symbol);
      const toTokens = hyperCore ? tokensOn(toChain) : [resolveToken(toChain, symbol)];
      return fromToken !== undefined && toTokens.some((toToken) => toToken !== undefined && supports({ fromChain, toChain, fromToken, toToken }).served);
    });
  }

  const coverage: VenueCoverage = {
    get origins() {
      return RELAY_ORIGINS.filter((from) => listing === null || RELAY_CHAINS.some((to) => tokenSymbols(from, to).length > 0));
    },
    tokenSymbols,
  };

  const snapshot: VenueSnapshot = {
    intervalMs: RELAY_SNAPSHOT_INTERVAL_MS,
    async refresh(call: CallContext) {
      const answer = await http.get('/chains', {}, RelayChainsSchema, { ...call, purpose: call.purpose ?? 'snapshot' });
      // An empty list is a venue fault, not "serves nothing": keep what we had.
      if (answer.chains.length === 0) throw new Error('Relay listed no chains; keeping the previous coverage');
      listing = listingOf(answer);
      fetchedAt = now();
    },
    fetchedAt: () => fetchedAt,
  };

  /** The tokens the last refresh listed on `chain` (for the token directory); empty before one. */
  function tokens(chain: ChainKey): readonly TokenInfo[] {
    const id = relayChain(chain)?.relayChainId;
    return (id === undefined ? undefined : listing?.get(id)?.tokens) ?? [];
  }

  return { supports, coverage, snapshot, tokens };
}
