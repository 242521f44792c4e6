import { formatUnits } from 'viem';

/**
 * Houdini speaks display units (a JSON number such as `1.8723736848`, or `2.53e-05` for small values);
 * Strait speaks bigint atomic units. Both directions go through decimal strings, never float
 * arithmetic: a JSON number is read back as the shortest decimal that round-trips it, which is what
 * Houdini wrote.
 */

/** `atomic` in display units as a plain decimal string (`25000000n`, 6 → `"25"`). Exact. */
export function toDisplayAmount(atomic: bigint, decimals: number): string {
  return formatUnits(atomic, decimals);
}

const DECIMAL = /^(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** A non-negative decimal as `digits / 10^scale`; `null` when it is not one (NaN, negative, garbage). */
function parseDecimal(value: number | string): { digits: bigint; scale: number } | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const match = DECIMAL.exec(String(value).trim());
  if (!match) return null;
  const [, whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return null;
  const digits = BigInt(`${whole}${fraction}` || '0');
  const scale = fraction.length - Number(exponent);
  return { digits, scale };
}

function toAtomic(value: number | string, decimals: number, roundUp: boolean): bigint | null {
  const parsed = parseDecimal(value);
  if (!parsed) return null;
  const shift = decimals - parsed.scale;
  if (shift >= 0) return parsed.digits * 10n ** BigInt(shift);
  const divisor = 10n ** BigInt(-shift);
  const quotient = parsed.digits / divisor;
  return roundUp && parsed.digits % divisor !== 0n ? quotient + 1n : quotient;
}

/** Display units → atomic units, rounded down (what a recipient can count on). `null` when not a decimal. */
export function toAtomicFloor(value: number | string, decimals: number): bigint | null {
  return toAtomic(value, decimals, false);
}

/** Display units → atomic units, rounded up (a minimum the user must reach). `null` when not a decimal. */
export function toAtomicCeil(value: number | string, decimals: number): bigint | null {
  return toAtomic(value, decimals, true);
}

/**
 * Houdini writes "no maximum" as 2^53 − 1 (`9007199254740991`); anything that large is no bound.
 */
export function isUnboundedMax(value: number): boolean {
  return value >= Number.MAX_SAFE_INTEGER;
}
