import { formatUnits, parseUnits } from 'viem';
import { SIDESHIFT_ASSETS, type SideShiftAsset } from './sideShiftChains.ts';

/**
 * How the SideShift fake prices, in its own arithmetic (viem's unit helpers, not the adapter's): fixed
 * USD prices, the commission taken from the deposit, then a flat network fee in the settle coin. Rates
 * are answered with 12 decimals and settle amounts with at most 8, as SideShift does.
 */

// Micro-USD, so conversion stays in bigint.
const PRICES: Readonly<Record<string, bigint>> = {
  USDC: 1_000_000n, USDT: 1_000_000n, ETH: 3_000_000_000n, WETH: 3_000_000_000n, POL: 200_000n, BNB: 600_000_000n, AVAX: 20_000_000n, S: 500_000n,
  MNT: 800_000n, SEI: 300_000n, MON: 1_000_000n, XPL: 1_000_000n, HYPE: 40_000_000n, BERA: 2_000_000n, RON: 1_000_000n, RBTC: 100_000_000_000n,
  CRO: 100_000n, SOL: 150_000_000n, WSOL: 150_000_000n, TRX: 250_000n, TON: 3_000_000n, BTC: 100_000_000_000n, LTC: 80_000_000n, DOGE: 150_000n,
  BCH: 400_000_000n, DASH: 25_000_000n, XRP: 2_000_000n, XLM: 300_000n, ADA: 500_000n, SUI: 3_000_000n, APT: 5_000_000n, NEAR: 3_000_000n,
  ALGO: 200_000n, DOT: 4_000_000n, ATOM: 5_000_000n,
};
/** Network fee SideShift deducts per shift, in micro-USD of the settle coin. */
export const FAKE_NETWORK_FEE_MICRO_USD = 250_000n;
/** SideShift's default commission when `commissionRate` is absent (0.5 %). */
export const DEFAULT_COMMISSION = '0.005';
/** The deposit range in USD when none is scripted (docs "Deposits": 3 USD default minimum). */
const DEFAULT_MIN_MICRO_USD = 3_000_000n;
const DEFAULT_MAX_MICRO_USD = 20_000_000_000n;
/** `/pair` without `amount` prices a 500 USD deposit. */
const DEFAULT_PAIR_MICRO_USD = 500_000_000n;

const priceOf = (asset: SideShiftAsset): bigint => PRICES[asset.coin.toUpperCase()] ?? 1_000_000n;

function fromUsd(microUsd: bigint, asset: SideShiftAsset): bigint {
  return (microUsd * 10n ** BigInt(asset.decimals)) / priceOf(asset);
}

function toUsd(atomic: bigint, asset: SideShiftAsset): bigint {
  return (atomic * priceOf(asset)) / 10n ** BigInt(asset.decimals);
}

/** Display units with at most `places` decimals, cut (not rounded). */
function display(atomic: bigint, decimals: number, places: number): string {
  const cut = decimals > places ? 10n ** BigInt(decimals - places) : 1n;
  return formatUnits((atomic / cut) * cut, decimals);
}

export interface FakePrice {
  readonly amountIn: bigint;
  readonly amountOut: bigint;
  /** Settle units per deposit unit, 12 decimals. */
  readonly rate: string;
  /** `amountOut` as SideShift writes it (≤ 8 decimals). */
  readonly settleAmount: string;
}

/** The commission fraction in parts per million, or `null` outside SideShift's 0 %–2 %. */
export function commissionPpm(rate: string | null): bigint | null {
  if (rate !== null && !/^\d+(\.\d+)?$/.test(rate)) return null;
  const ppm = parseUnits(rate ?? DEFAULT_COMMISSION, 6);
  return ppm <= 20_000n ? ppm : null;
}

/** Prices `amountIn` (atomic, or a 500 USD deposit when `null`); `forcedRate` replaces the market. */
export function priceShift(deposit: SideShiftAsset, settle: SideShiftAsset, amountIn: bigint | null, ppm: bigint, forcedRate: string | null): FakePrice {
  const input = amountIn ?? fromUsd(DEFAULT_PAIR_MICRO_USD, deposit);
  let amountOut: bigint;
  if (forcedRate !== null) {
    amountOut = (input * parseUnits(forcedRate, 18) * 10n ** BigInt(settle.decimals)) / (10n ** 18n * 10n ** BigInt(deposit.decimals));
  } else {
    const usd = (toUsd(input, deposit) * (1_000_000n - ppm)) / 1_000_000n - FAKE_NETWORK_FEE_MICRO_USD;
    amountOut = usd > 0n ? fromUsd(usd, settle) : 0n;
  }
  const settleAmount = display(amountOut, settle.decimals, 8);
  const paid = parseUnits(settleAmount, settle.decimals);
  const rate = forcedRate ?? (input > 0n ? formatUnits((paid * 10n ** BigInt(deposit.decimals) * 10n ** 12n) / (input * 10n ** BigInt(settle.decimals)), 12) : '0');
  return { amountIn: input, amountOut: paid, rate, settleAmount };
}

export interface FakeLimits {
  readonly min: string;
  readonly max: string;
}

/** The deposit range, in deposit-coin display units. */
export function defaultLimits(deposit: SideShiftAsset): FakeLimits {
  const floor = FAKE_NETWORK_FEE_MICRO_USD * 5n > DEFAULT_MIN_MICRO_USD ? FAKE_NETWORK_FEE_MICRO_USD * 5n : DEFAULT_MIN_MICRO_USD;
  return { min: display(fromUsd(floor, deposit), deposit.decimals, 8), max: display(fromUsd(DEFAULT_MAX_MICRO_USD, deposit), deposit.decimals, 8) };
}

/** `GET /v2/coins` from the asset table, in SideShift's shape. */
export function coinsListing(): Record<string, unknown>[] {
  const byCoin = new Map<string, SideShiftAsset[]>();
  for (const a of SIDESHIFT_ASSETS) byCoin.set(a.coin, [...(byCoin.get(a.coin) ?? []), a]);
  return [...byCoin.entries()].map(([coin, assets]) => {
    const tokens = assets.filter((a) => a.address !== null);
    const nativeOn = assets.find((a) => a.address === null);
    const memo = assets.filter((a) => a.memo).map((a) => a.network);
    return {
      networks: assets.map((a) => a.network),
      coin,
      ...(nativeOn ? { mainnet: nativeOn.network } : {}),
      name: coin,
      hasMemo: memo.length > 0,
      fixedOnly: false,
      variableOnly: false,
      ...(tokens.length > 0 ? { tokenDetails: Object.fromEntries(tokens.map((a) => [a.network, { contractAddress: a.address, decimals: a.decimals }])) } : {}),
      networksWithMemo: memo,
      depositOffline: false,
      settleOffline: false,
    };
  });
}
