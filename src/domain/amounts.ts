/**
 * The one conversion between Strait's amounts (bigint atomic units) and the decimal text venues speak
 * (`"25.5"`, or a JSON number such as `25.5` or `2.53e-5`). Exact string/bigint arithmetic, never a
 * float sum; every function names its direction and, where digits are dropped, which way it rounds.
 */

const DECIMAL = /^([0-9]+)(?:\.([0-9]+))?$/;
const EXPONENT = /^([0-9]+)(?:\.([0-9]+))?e([+-]?[0-9]+)$/i;

/** Atomic units as a plain decimal string, exact (`25000000n`, 6 → `"25"`; `1n`, 18 → `"0.000000000000000001"`). */
export function atomicToDecimal(atomic: bigint, decimals: number): string {
  if (atomic < 0n) throw new RangeError('amounts are never negative');
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`);
  const digits = atomic.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * A venue amount as plain decimal text, or `null` when it is not a non-negative decimal. A string must
 * already be plain (`"25.5"`; no sign, exponent, blanks or bare point). A JSON number reaches us as a
 * double whose shortest form (`String(n)`) is the literal the venue wrote whenever that literal has at
 * most 15 significant digits; its exponent form (`1.5e-7`) is expanded exactly.
 */
export function decimalText(value: string | number): string | null {
  if (typeof value === 'string') return DECIMAL.test(value) ? value : null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
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

/**
 * A venue amount (decimal text or JSON number) in atomic units. Digits beyond the token's precision
 * are cut (`down`: what a recipient can count on) or carried up (`up`: a minimum the user must reach).
 * `null` when the value is not a non-negative decimal (see `decimalText`).
 */
export function decimalToAtomic(value: string | number, decimals: number, rounding: 'down' | 'up'): bigint | null {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`);
  const text = decimalText(value);
  const match = text === null ? null : DECIMAL.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const kept = fraction.slice(0, decimals).padEnd(decimals, '0');
  const dropped = fraction.slice(decimals);
  const atomic = BigInt(whole + kept);
  return rounding === 'up' && /[1-9]/.test(dropped) ? atomic + 1n : atomic;
}

/**
 * Whether a venue's echo of an amount is the amount Strait sent: equal, or within the precision a
 * double keeps (15 significant digits), so an 18-decimal amount the venue echoed as a JSON number is
 * not refused for that rounding.
 */
export function atomicEchoMatches(echo: bigint, sent: bigint): boolean {
  const difference = echo > sent ? echo - sent : sent - echo;
  return difference <= sent / 10n ** 15n;
}
