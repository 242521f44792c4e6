import type { TokenInfo } from '../domain/tokens.ts';

/** The USD price of one whole unit of a token, and where it came from. */
export interface UsdPrice {
  readonly usd: number;
  /** `pinned` (a stablecoin held at 1), `fixed` (a configured table) or the API's name. */
  readonly source: string;
  /** When the price was observed, epoch ms. */
  readonly asOf: number;
}

/**
 * Where the fee caps and the USD figures of a transfer get their prices. It never throws and never
 * blocks a quote for long: an unknown, unreachable or too old price is `null`, and callers fall back.
 */
export interface PriceSource {
  usdPrice(token: TokenInfo, signal?: AbortSignal): Promise<UsdPrice | null>;
}

/** `amountAtomic` of `token` in USD, or `null` without a price. */
export function usdValueOf(amountAtomic: bigint, token: TokenInfo, price: UsdPrice | null): number | null {
  if (price === null) return null;
  return (Number(amountAtomic) / 10 ** token.decimals) * price.usd;
}

/**
 * How many atomic units of `token` are worth `usd` dollars, rounded down so a cap never charges more
 * than it says. Exact integer arithmetic on the price to 1e-8 USD.
 */
export function atomicForUsd(usd: number, token: TokenInfo, price: UsdPrice): bigint {
  const priceE8 = BigInt(Math.round(price.usd * 1e8));
  if (priceE8 <= 0n) return 0n;
  const usdE8 = BigInt(Math.round(usd * 1e8));
  return (usdE8 * 10n ** BigInt(token.decimals)) / priceE8;
}
