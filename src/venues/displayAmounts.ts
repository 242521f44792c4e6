import { formatUnits } from 'viem';

/**
 * Desks that speak display units (`"25.5"`, or a JSON number) against Strait's bigint atomic units.
 * Never a float sum: numbers are read back from their shortest decimal form, exactly.
 */

const DECIMAL = /^([0-9]+)(?:\.([0-9]+))?$/;
const EXPONENT = /^([0-9]+)(?:\.([0-9]+))?e([+-]?[0-9]+)$/i;

/**
 * The decimal digits of a venue amount. A JSON number reaches the adapter as a double whose shortest
 * representation (`String(n)`) is the literal the venue wrote whenever that literal has at most 15
 * significant digits; exponent forms (`1.5e-7`) are expanded.
 */
export function toDecimalString(value: number | string): string | null {
  if (typeof value === 'string') return DECIMAL.test(value) ? value : null;
  if (!Number.isFinite(value) || value < 0) return null;
  const text = String(value);
  if (DECIMAL.test(text)) return text;
  const match = EXPONENT.exec(text);
  if (!match) return null;
  const [, whole = '', fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A display amount in atomic units, rounded `down` (what we promise) or `up` (a minimum to reach). */
export function toAtomic(value: number | string, decimals: number, rounding: 'down' | 'up' = 'down'): bigint | null {
  const text = toDecimalString(value);
  const match = text === null ? null : DECIMAL.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const kept = fraction.slice(0, decimals).padEnd(decimals, '0');
  const dropped = fraction.slice(decimals);
  const atomic = BigInt(whole + kept);
  return rounding === 'up' && /[1-9]/.test(dropped) ? atomic + 1n : atomic;
}

/** Atomic units in display units (`25000000`, 6 → `"25"`). */
export function toDisplay(amount: bigint, decimals: number): string {
  return formatUnits(amount, decimals);
}

/**
 * Whether a venue's echo of an amount is the amount Strait sent: equal, or within the precision a
 * double keeps (15 significant digits), so an 18-decimal amount is not refused for a rounding.
 */
export function sameAmount(echo: bigint, sent: bigint): boolean {
  const difference = echo > sent ? echo - sent : sent - echo;
  return difference <= sent / 10n ** 15n;
}
