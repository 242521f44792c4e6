import { bytesToString, getAddress, isAddress, isHex, stringToHex, type Address, type Hex } from 'viem';

/**
 * How an Orbiter maker recognises a payment (Orbiter's v1 maker protocol, as Rubic's SDK builds it:
 * rubic-sdk `orbiter-bridge/services/orbiter-utils.ts`):
 *
 * - **Amount code** — the route's identification code `vc` (four digits, `9001`, `9014`, …: 9000 plus
 *   the destination's internal id) replaces the last digits of the atomic amount sent, so the maker can
 *   tell the destination from the amount alone. A plain transfer to the maker's address carries nothing
 *   else.
 * - **Router data** — the router's `transfer(to, data)` / `transferToken(token, to, amount, data)`
 *   carries `data` = the UTF-8 text `c=<vc>&t=<recipient>` as hex, naming the code and the recipient.
 *
 * A mistake here sends funds the maker cannot match (or matches to another chain). The types make it
 * unrepresentable: a code is a checked four-digit brand in 9000..9999; coding an amount keeps every
 * digit above the code's and refuses an amount too small to carry one; the decoders are the exact
 * inverses and refuse anything else.
 */

declare const codeBrand: unique symbol;
/** An Orbiter identification code: four decimal digits, 9000..9999. */
export type OrbiterCode = string & { readonly [codeBrand]: true };

const CODE = /^9\d{3}$/;
const CODE_DIGITS = 4n;
const CODE_MODULUS = 10n ** CODE_DIGITS;

export function isOrbiterCode(value: unknown): value is OrbiterCode {
  return typeof value === 'string' && CODE.test(value);
}

export function orbiterCodeOf(value: string | number): OrbiterCode {
  const text = typeof value === 'number' ? String(value) : value;
  if (!isOrbiterCode(text)) throw new RangeError(`${text} is not an Orbiter identification code (four digits, 9000–9999)`);
  return text;
}

declare const codedBrand: unique symbol;
/**
 * An atomic amount that carries an Orbiter code in its last four digits. Only `codedAmount` makes
 * one, so a maker payment typed with it cannot be an amount someone forgot to code.
 */
export type CodedAmount = bigint & { readonly [codedBrand]: true };

/**
 * `amount` with its last four digits replaced by `code`: what the user must send so the maker reads
 * the destination from it. The result differs from `amount` by less than 10⁴ atomic units.
 */
export function codedAmount(amount: bigint, code: OrbiterCode): CodedAmount {
  orbiterCodeOf(code);
  // Below 10⁴ the code would be the whole amount: nothing of the user's amount would remain.
  if (amount < CODE_MODULUS) throw new RangeError(`${amount} is too small to carry an Orbiter code (at least ${CODE_MODULUS} atomic units)`);
  return (amount - (amount % CODE_MODULUS) + BigInt(code)) as CodedAmount;
}

/** The code an amount carries, or `null` when its last four digits are no Orbiter code. */
export function codeOfAmount(amount: bigint): OrbiterCode | null {
  if (amount < CODE_MODULUS) return null;
  const digits = (amount % CODE_MODULUS).toString().padStart(Number(CODE_DIGITS), '0');
  return isOrbiterCode(digits) ? digits : null;
}

export interface RouterData {
  readonly code: OrbiterCode;
  readonly recipient: Address;
}

/** The router call's `data`: `c=<code>&t=<recipient>` as UTF-8 hex (the recipient lower-case). */
export function encodeRouterData(data: RouterData): Hex {
  orbiterCodeOf(data.code);
  if (!isAddress(data.recipient, { strict: false })) throw new TypeError(`${String(data.recipient)} is not an EVM address`);
  return stringToHex(`c=${data.code}&t=${data.recipient.toLowerCase()}`);
}

const ROUTER_TEXT = /^c=(9\d{3})&t=(0x[0-9a-fA-F]{40})$/;

/** What a router call's `data` says, or why it is not one Strait would have written. */
export function decodeRouterData(data: string): { readonly ok: true; readonly data: RouterData } | { readonly ok: false; readonly reason: string } {
  if (!isHex(data, { strict: true }) || data.length % 2 !== 0) return { ok: false, reason: 'not hex bytes' };
  let text: string;
  try {
    text = bytesToString(Buffer.from(data.slice(2), 'hex'));
  } catch {
    return { ok: false, reason: 'not UTF-8 text' };
  }
  const match = ROUTER_TEXT.exec(text);
  if (!match) return { ok: false, reason: `"${text.slice(0, 80)}" is not c=<code>&t=<address>` };
  return { ok: true, data: { code: orbiterCodeOf(match[1] as string), recipient: getAddress(match[2] as string) } };
}
