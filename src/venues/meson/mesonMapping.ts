import { formatUnits } from 'viem';
import type { RejectionCode } from '../../domain/errors.ts';
import { VenueRejection, type VenueStatus, type VenueTransferState } from '../Venue.ts';
import type { VenueHttpError } from '../venueHttpClient.ts';
import type { MesonError, MesonStatusBody } from './mesonSchemas.ts';

/**
 * The relayer's error messages (its `error.message`: the numeric `code` is 69 for more than one of
 * them) → Strait's rejections. Only `insufficient-allowance` is on record (fixtures/real), and it is
 * not an error for Strait: build adds the approve step, and the answer carries the swap
 * (mesonVenue.ts). `insufficient-balance` follows meson.dev's note that the encode checks an EOA's
 * balance; every other message is `venue_error` with the message kept in `details.venueCode`.
 */
export const MESON_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  'insufficient-balance': 'invalid_input',
};

export function translateMesonError(error: VenueHttpError, body: MesonError | null): unknown {
  if (error.status >= 500) return error;
  const venueCode = body?.error.message ?? `HTTP ${error.status}`;
  const code: RejectionCode = error.status === 429 ? 'venue_rate_limited' : (MESON_ERROR_CODES[venueCode] ?? 'venue_error');
  return new VenueRejection(code, `Meson: ${venueCode}`.slice(0, 300), { venueCode, ...(body?.error.code !== undefined ? { errorCode: body.error.code } : {}) }, { cause: error });
}

/** Decimal token units (at most 6 decimals, Meson's precision) as 6-decimal atomic units; `null` when not such a number. */
export function mesonUnits(value: string): bigint | null {
  const m = /^([0-9]{1,24})(?:\.([0-9]{1,6}))?$/.exec(value);
  if (!m) return null;
  return BigInt(m[1]!) * 1_000_000n + BigInt((m[2] ?? '').padEnd(6, '0'));
}

/** 6-decimal atomic units as the decimal string the relayer takes. */
export const mesonAmount = (units: bigint): string => formatUnits(units, 6);

/** Step keys of meson.dev check-swap: each holds a transaction hash once that step happened. */
const STEP_KEYS = ['POSTED', 'BONDED', 'LOCKED', 'UNLOCKED', 'EXECUTED', 'RELEASED', 'CANCELLED'] as const;

/**
 * Meson swap status → Strait's state, decided in this order (the API answers the steps reached, not
 * one status value):
 *
 * | answer | state | why |
 * |---|---|---|
 * | `RELEASED` | completed | the recipient was paid on the target chain (its hash is the destination tx) |
 * | `CANCELLED` | refunded | the posted fund went back to the initiator on the initial chain |
 * | `expired` without `POSTED`/`BONDED`/`EXECUTED` | failed | never executed: the funds never left the wallet |
 * | `expired` with the fund posted | pending | awaiting the cancel that refunds it |
 * | `POSTED`, `BONDED`, `LOCKED`, `UNLOCKED`, `EXECUTED` only | pending | in flight (`EXECUTED` alone is the LP's settlement, seen on cancelled swaps too) |
 * | nothing yet (or 404) | pending | not indexed |
 *
 * A key outside the documented ones is reported (`unrecognized`) and, unless a terminal key decides,
 * the swap stays pending.
 */
export function toMesonStatus(body: MesonStatusBody, expectedOut: bigint): VenueStatus {
  const r = body.result;
  const hashOf = (key: string): string | null => (typeof r[key] === 'string' ? (r[key] as string) : null);
  const unknown = Object.keys(r).filter((k) => k !== 'expired' && k !== 'swap' && !(STEP_KEYS as readonly string[]).includes(k));
  const reached = STEP_KEYS.filter((k) => hashOf(k) !== null);
  const venueStatus = [...reached, ...(r.expired === true ? ['expired'] : []), ...unknown].join('+') || 'NONE';
  const base = { venueStatus, receivedAsset: null };
  const released = hashOf('RELEASED');
  if (released !== null) return { ...base, state: 'completed', destinationTxHash: released, receivedAmount: expectedOut, detail: null };
  if (hashOf('CANCELLED') !== null) return { ...base, state: 'refunded', destinationTxHash: null, receivedAmount: null, detail: 'swap cancelled; the fund went back to the sender on the source chain' };
  const posted = hashOf('POSTED') !== null || hashOf('BONDED') !== null || hashOf('EXECUTED') !== null;
  if (r.expired === true && !posted) return { ...base, state: 'failed', destinationTxHash: null, receivedAmount: null, detail: 'swap expired before it took the funds; nothing left the wallet' };
  const state: VenueTransferState = 'pending';
  const detail = r.expired === true ? 'swap expired after the funds were posted; the cancel that refunds them is awaited' : reached.length === 0 ? 'not started yet' : `reached ${reached.join(', ')}`;
  return { ...base, state, destinationTxHash: null, receivedAmount: null, detail: unknown.length > 0 ? `${detail}; unknown Meson step ${unknown.join(', ')}` : detail, ...(unknown.length > 0 ? { unrecognized: true } : {}) };
}
