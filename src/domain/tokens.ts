import { CHAIN_KEYS, chainInfo } from './chains.ts';

/**
 * Static registry of the tokens Strait quotes, per chain key. Addresses are
 * mainnet, EVM ones in EIP-55 case; `address: null` is the chain's native asset,
 * taken from the chain registry (`chains.ts`), the one place natives are defined.
 */

export interface TokenInfo {
  chain: string;
  symbol: string;
  /** `null` = the chain's native asset. */
  address: string | null;
  decimals: number;
}

type TokenSpec = readonly [symbol: string, address: string, decimals: number];

const USDC = 'USDC';
const USDT = 'USDT';
const WETH = 'WETH';

const TOKENS: Readonly<Record<string, readonly TokenSpec[]>> = {
  ethereum: [
    [USDC, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6],
    [USDT, '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6],
    [WETH, '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 18],
  ],
  arbitrum: [
    [USDC, '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6],
    [USDT, '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6], // USDT0 (the OFT upgrade of bridged USDT)
    [WETH, '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', 18],
  ],
  optimism: [
    [USDC, '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', 6],
    [USDT, '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', 6],
    [WETH, '0x4200000000000000000000000000000000000006', 18],
  ],
  // Base has no canonical USDT.
  base: [
    [USDC, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6],
    [WETH, '0x4200000000000000000000000000000000000006', 18],
  ],
  polygon: [
    [USDC, '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 6],
    [USDT, '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6],
    [WETH, '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', 18],
  ],
  solana: [
    [USDC, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 6],
    [USDT, 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 6],
    ['WSOL', 'So11111111111111111111111111111111111111112', 9],
  ],
  // Tether's TRC-20 (tronscan's token20 page and every venue's list name this contract).
  tron: [[USDT, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 6]],
  avalanche: [[USDC, '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', 6]],
  linea: [[USDC, '0x176211869cA2b568f2A7D4EE941E073a821EE1ff', 6]],
  unichain: [[USDC, '0x078D782b760474a361dDA0AF3839290b0EF57AD6', 6]],
  worldchain: [[USDC, '0x79A02482A880bCE3F13e09Da970dC34db4CD24d1', 6]],
  sonic: [[USDC, '0x29219dd400f2Bf60E5a23d13Be72B486D4038894', 6]],
  ink: [[USDC, '0x2D270e6886d130D724215A266106e6832161EAEd', 6]],
  hyperevm: [[USDC, '0xb88339CB7199b77E23DB6E890353E22632Ba630f', 6]],
  // Spot USDC is token index 0; its 16-byte token id is how the exchange API names it (`USDC:<id>`).
  hypercore: [['USDC (spot)', '0x6d1e7cde53ba9467b783cb7c530ce054', 6]],
};

const REGISTRY: ReadonlyMap<string, readonly TokenInfo[]> = new Map(
  CHAIN_KEYS.map((chain) => {
    const { nativeSymbol, nativeDecimals } = chainInfo(chain);
    const native: TokenInfo = Object.freeze({ chain, symbol: nativeSymbol, address: null, decimals: nativeDecimals });
    const tokens = (TOKENS[chain] ?? []).map(([tokenSymbol, address, tokenDecimals]) =>
      Object.freeze({ chain, symbol: tokenSymbol, address, decimals: tokenDecimals }),
    );
    return [chain, Object.freeze([native, ...tokens])];
  }),
);

const NONE: readonly TokenInfo[] = Object.freeze([]);
/** 0x-prefixed hex (EVM, and the hex-addressed VMs) is case-insensitive; base58 and friends are not. */
const HEX_ADDRESS = /^0x[0-9a-f]+$/i;

/** Every known token on `chain`, native asset first; empty for an unknown chain. */
export function tokensOn(chain: string): readonly TokenInfo[] {
  return REGISTRY.get(chain) ?? NONE;
}

export function nativeToken(chain: string): TokenInfo | undefined {
  return tokensOn(chain).find((token) => token.address === null);
}

/** Look a token up by symbol (case-insensitive) or by address (case-insensitive for EVM hex, exact for base58) on a chain; `null` or the string 'native' → the chain's native asset. Returns undefined when unknown. */
export function resolveToken(chain: string, token: string | null): TokenInfo | undefined {
  if (chain === 'hypercore') return resolveHyperCoreToken(token);
  if (token === null || token.toLowerCase() === 'native') return nativeToken(chain);
  const tokens = tokensOn(chain);
  const symbol = token.toUpperCase();
  const bySymbol = tokens.find((candidate) => candidate.symbol.toUpperCase() === symbol);
  if (bySymbol) return bySymbol;
  const hex = HEX_ADDRESS.test(token);
  return (
    tokens.find(
      (candidate) =>
        candidate.address !== null &&
        (hex ? candidate.address.toLowerCase() === token.toLowerCase() : candidate.address === token),
    ) ?? REMEMBERED.get(rememberedKey(chain, token))
  );
}

/**
 * Tokens a quote accepted by address beyond this table (engine/tokens/tokenDirectory.ts: the public
 * list, a venue's list, the chain's RPC). Build, submit and status look a transfer's stored address up
 * here again, so the address keeps resolving in this process; by address only, never by symbol.
 */
const REMEMBERED = new Map<string, TokenInfo>();
const MAX_REMEMBERED = 50_000;
const rememberedKey = (chain: string, address: string) => `${chain}:${HEX_ADDRESS.test(address) ? address.toLowerCase() : address}`;

export function rememberToken(token: TokenInfo): void {
  if (token.address === null || token.chain === 'hypercore') return;
  const key = rememberedKey(token.chain, token.address);
  if (REMEMBERED.has(key)) return;
  // Oldest first out: a bound, so that addresses sent by callers cannot grow memory without end.
  if (REMEMBERED.size >= MAX_REMEMBERED) REMEMBERED.delete(REMEMBERED.keys().next().value as string);
  REMEMBERED.set(key, Object.freeze({ ...token }));
}

/** HyperCore's two USDC balances, spelled exactly as spec §2 names them. */
export const HYPERCORE_TOKEN_SYMBOLS = ['USDC (perps)', 'USDC (spot)'] as const;

/**
 * On HyperCore a bare `USDC` or the native asset would be ambiguous (perps or spot balance?), so only
 * the two symbols (case-insensitive) and the spot token id resolve.
 */
function resolveHyperCoreToken(token: string | null): TokenInfo | undefined {
  if (token === null) return undefined;
  const wanted = token.toLowerCase();
  return tokensOn('hypercore').find((candidate) => candidate.symbol.toLowerCase() === wanted || candidate.address?.toLowerCase() === wanted);
}
