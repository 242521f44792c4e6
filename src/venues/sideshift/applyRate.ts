/**
 * SideShift prices a pair as a decimal `rate` string (settle units per deposit unit, network fees
 * included for the amount asked). This is the one SideShift-specific amount rule; plain conversions
 * go through `src/domain/amounts.ts`.
 */

const RATE = /^([0-9]+)(?:\.([0-9]+))?$/;

/**
 * `amountIn` (atomic, `decimalsIn`) times the decimal `rate`, in atomic units of the output
 * (`decimalsOut`), rounded down: exact bigint arithmetic. `null` for a malformed rate.
 */
export function applyRate(amountIn: bigint, decimalsIn: number, rate: string, decimalsOut: number): bigint | null {
  const match = RATE.exec(rate);
  if (!match) return null;
  const fraction = match[2] ?? '';
  const product = amountIn * BigInt(`${match[1]}${fraction}`);
  const exponent = decimalsOut - decimalsIn - fraction.length;
  return exponent >= 0 ? product * 10n ** BigInt(exponent) : product / 10n ** BigInt(-exponent);
}
