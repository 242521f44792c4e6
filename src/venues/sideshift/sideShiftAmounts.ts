/**
 * SideShift speaks human-readable decimal strings ("250", "0.98089288"); Strait speaks bigint atomic
 * units. These conversions are exact string/bigint arithmetic, never floating point, and say which way
 * they round.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Atomic units → the venue's decimal string, exact ("25000000", 6 → "25"). */
export function toDecimalString(atomic: bigint, decimals: number): string {
  if (atomic < 0n) throw new RangeError('amounts are never negative');
  const digits = atomic.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A non-negative decimal string as `numerator / 10^scale`, or `null` when it is not one. */
export function parseDecimal(value: string): { numerator: bigint; scale: number } | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { numerator: BigInt(`${match[1]}${fraction}`), scale: fraction.length };
}

/**
 * The venue's decimal string → atomic units. Digits beyond the token's precision are cut (`down`) or
 * carried up (`up`, for a minimum the user must reach). `null` for a malformed string.
 */
export function toAtomic(value: string, decimals: number, rounding: 'down' | 'up' = 'down'): bigint | null {
  const parsed = parseDecimal(value);
  if (!parsed) return null;
  return scale(parsed.numerator, decimals - parsed.scale, rounding);
}

/**
 * `amountIn` (atomic, `decimalsIn`) times a decimal `rate` (output units per input unit), in atomic
 * units of the output (`decimalsOut`), rounded down. `null` for a malformed rate.
 */
export function applyRate(amountIn: bigint, decimalsIn: number, rate: string, decimalsOut: number): bigint | null {
  const parsed = parseDecimal(rate);
  if (!parsed) return null;
  return scale(amountIn * parsed.numerator, decimalsOut - decimalsIn - parsed.scale, 'down');
}

/** `value · 10^exponent`, rounded as asked when the exponent is negative. */
function scale(value: bigint, exponent: number, rounding: 'down' | 'up'): bigint {
  if (exponent >= 0) return value * 10n ** BigInt(exponent);
  const divisor = 10n ** BigInt(-exponent);
  const quotient = value / divisor;
  return rounding === 'up' && quotient * divisor !== value ? quotient + 1n : quotient;
}
