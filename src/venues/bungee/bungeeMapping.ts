import type { RejectionCode } from '../../domain/errors.ts';
import { VenueRejection, type VenueStatus, type VenueTransferState } from '../Venue.ts';
import type { BungeeStatusEntry } from './bungeeSchemas.ts';

/**
 * Bungee's errors carry no machine code: `{ success: false, statusCode, message }`. The table keys
 * are the message families the adapter recognises (matched case-insensitively), published as the
 * module's `errorCodes`. An amount refusal states no figure Strait could rely on; when the message
 * holds one it goes to `details`. A 5xx (in the HTTP status or the body's `statusCode`) stays the
 * venue's fault; 429 is answered by the shared client.
 */
export const BUNGEE_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  'amount too low': 'below_min',
  'amount too high': 'above_max',
  'no routes': 'no_liquidity',
  'route not supported': 'route_not_served',
  'token not supported': 'token_not_supported',
  'chain not supported': 'route_not_served',
  'bad request': 'invalid_input',
};

const FAMILIES: readonly (readonly [key: string, pattern: RegExp])[] = [
  ['amount too low', /(too (low|small)|below (the )?min|minimum|less than)/i],
  ['amount too high', /(too (high|large|big)|above (the )?max|maximum|exceeds|greater than)/i],
  ['no routes', /(no route|routes? not found|no quote|no liquidity|insufficient liquidity)/i],
  ['route not supported', /(unsupported route|route (is )?not supported)/i],
  ['token not supported', /token.*(not supported|unsupported|invalid|not found)|(invalid|unsupported) token/i],
  ['chain not supported', /chain.*(not supported|unsupported|invalid)|(invalid|unsupported) chain/i],
];

const FIGURE = /([0-9]{1,78})(?!.*[0-9])/;

/** A Bungee refusal (HTTP 4xx, or `success: false`) as a typed rejection; a 5xx is returned as `null` (the venue's fault). */
export function translateBungeeError(httpStatus: number, statusCode: number | undefined, message: string | null | undefined): VenueRejection | null {
  const status = statusCode ?? httpStatus;
  if (status >= 500 || httpStatus >= 500) return null;
  const text = message ?? `HTTP ${status}`;
  const family = FAMILIES.find(([, pattern]) => pattern.test(text))?.[0] ?? (status === 400 ? 'bad request' : null);
  const code: RejectionCode = family ? (BUNGEE_ERROR_CODES[family] ?? 'venue_error') : 'venue_error';
  const details: Record<string, unknown> = { venueStatusCode: status, venueMessage: text };
  const figure = FIGURE.exec(text)?.[1];
  if (figure && code === 'below_min') details.minAmountAtomic = figure;
  if (figure && code === 'above_max') details.maxAmountAtomic = figure;
  return new VenueRejection(code, `Bungee: ${text} (${status})`, details);
}

/**
 * `bungeeStatusCode` → Strait's state (docs.bungee.exchange "Request Status Codes": RequestStatusEnum).
 * FULFILLED and SETTLED delivered; a delivery of another token than the one asked is `partial`.
 * EXPIRED and CANCELLED after an on-chain Manual deposit mean Bungee owes a refund: refunded once
 * `refund.txHash` is there, failed otherwise (nothing was delivered). REFUND_PENDING stays pending.
 */
const CODES: Readonly<Record<number, { readonly name: string; readonly state: VenueTransferState }>> = {
  0: { name: 'PENDING', state: 'pending' },
  1: { name: 'ASSIGNED', state: 'pending' },
  2: { name: 'EXTRACTED', state: 'pending' },
  3: { name: 'FULFILLED', state: 'completed' },
  4: { name: 'SETTLED', state: 'completed' },
  5: { name: 'EXPIRED', state: 'failed' },
  6: { name: 'CANCELLED', state: 'failed' },
  7: { name: 'REFUND_PENDING', state: 'pending' },
  8: { name: 'REFUNDED', state: 'refunded' },
};

export const BUNGEE_STATUS_CODES: Readonly<Record<number, string>> = Object.fromEntries(Object.entries(CODES).map(([code, { name }]) => [code, name]));

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** One status entry → our status; `requestedToken` is the destination token asked (`null`: native). */
export function toBungeeStatus(entry: BungeeStatusEntry, requestedToken: string | null, nativeSpelling: string): VenueStatus {
  const known = CODES[entry.bungeeStatusCode];
  const venueStatus = known ? `${entry.bungeeStatusCode} ${known.name}` : String(entry.bungeeStatusCode);
  const refundTx = entry.refund?.txHash ?? null;
  const base = { venueStatus, destinationTxHash: null, receivedAmount: null, receivedAsset: null };
  if (!known) return { ...base, state: 'pending', detail: `unknown bungeeStatusCode ${entry.bungeeStatusCode}`, unrecognized: true };
  if (known.state === 'pending') return { ...base, state: 'pending', detail: null };
  if (known.state === 'refunded' || ((entry.bungeeStatusCode === 5 || entry.bungeeStatusCode === 6) && refundTx)) {
    return { ...base, state: 'refunded', detail: refundTx ? `refunded in ${refundTx}` : null };
  }
  if (known.state === 'failed') return { ...base, state: 'failed', detail: `${known.name.toLowerCase()} before delivery` };
  const output = entry.destinationData?.output?.[0] ?? null;
  const delivered = output?.token?.address ?? null;
  const asked = requestedToken ?? nativeSpelling;
  const otherToken = delivered !== null && !same(delivered, asked) && !(requestedToken === null && same(delivered, '0x0000000000000000000000000000000000000000'));
  return {
    state: otherToken ? 'partial' : 'completed',
    venueStatus,
    destinationTxHash: entry.destinationData?.txHash ?? null,
    receivedAmount: output?.amount ? BigInt(output.amount) : null,
    receivedAsset: delivered,
    detail: otherToken ? `delivered ${delivered} instead of ${asked}` : null,
  };
}
