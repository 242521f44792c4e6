import type { RejectionCode } from '../../domain/errors.ts';
import type { TokenInfo } from '../../domain/tokens.ts';
import { VenueRejection, type VenueStatus, type VenueTransferState } from '../Venue.ts';
import type { XyStatusAnswer } from './xyfinanceSchemas.ts';

/**
 * XY's numeric error codes (the list integrators carry, e.g. Rubic's `XY_ERROR_CODE`: 10000–10001,
 * 20001–20008, 30001–30006). XY's "Error Message" page names what each means but no recorded answer
 * pairs a code with its meaning, so every code is `venue_error` here and the message refines it
 * (`translateXyError`): a minimum, a maximum, no route, an unsupported token.
 */
export const XY_ERROR_CODES: Readonly<Record<string, RejectionCode>> = Object.fromEntries(
  ['10000', '10001', '20001', '20003', '20004', '20005', '20006', '20007', '20008', '30001', '30002', '30003', '30004', '30005', '30006'].map((code) => [code, 'venue_error' as RejectionCode]),
);

/** "… should be equivalent to 12.5 USDC" (XY's minimum wording) or "minimum … 12.5 USDC". */
const LIMIT_AMOUNT = /([0-9]+(?:\.[0-9]+)?)\s+([A-Za-z0-9.]+)\s*\.?\s*$/;

/** A display amount of `token` in atomic units, when the message names that token. */
function atomicOf(text: string, token: TokenInfo): string | null {
  const found = LIMIT_AMOUNT.exec(text.trim());
  if (!found || found[2]!.replace(/\.$/, '').toUpperCase() !== token.symbol.toUpperCase()) return null;
  const [whole, fraction = ''] = found[1]!.split('.');
  if (fraction.length > token.decimals) return null;
  return (BigInt(whole!) * 10n ** BigInt(token.decimals) + BigInt(fraction.padEnd(token.decimals, '0') || '0')).toString();
}

/**
 * XY's refusal (`success: false`) as a typed rejection. The code is kept in `details.venueCode`;
 * the message decides the class because XY's codes carry no published meaning Strait could verify.
 * A limit stated in the source token's display units becomes `details.minAmountAtomic` / `maxAmountAtomic`.
 */
export function translateXyError(body: { readonly errorCode?: number | string | undefined; readonly errorMsg?: string | undefined }, fromToken: TokenInfo): VenueRejection {
  const venueCode = body.errorCode === undefined ? 'UNKNOWN' : String(body.errorCode);
  const text = body.errorMsg ?? '';
  const details: Record<string, unknown> = { venueCode, venueMessage: text };
  let code: RejectionCode = XY_ERROR_CODES[venueCode] ?? 'venue_error';
  if (/minimum|too (small|low)|not enough|less than/i.test(text)) {
    code = 'below_min';
    const min = atomicOf(text, fromToken);
    if (min !== null) details.minAmountAtomic = min;
  } else if (/maximum|too (large|high|much)|exceed|greater than|insufficient liquidity/i.test(text)) {
    code = 'above_max';
    const max = atomicOf(text, fromToken);
    if (max !== null) details.maxAmountAtomic = max;
  } else if (/token/i.test(text) && /(not support|unsupported|invalid|unknown)/i.test(text)) {
    code = 'token_not_supported';
  } else if (/(no|not) (available )?(route|quote|path)|route not found|no liquidity/i.test(text)) {
    code = 'no_liquidity';
  } else if (/chain/i.test(text) && /(not support|unsupported|invalid)/i.test(text)) {
    code = 'route_not_served';
  }
  return new VenueRejection(code, `XY Finance: ${text || 'refused the request'} (${venueCode})`, details);
}

/**
 * XY's cross-chain statuses (docs "Get Cross-Chain Status": Not found, Processing, Done, Receive bridge
 * token <SYMBOL>, Receive synapse (bridge) token <SYMBOL>, Pending refund, Refunded) → Strait's state.
 * The two "Receive … token" values mean the destination swap reverted and the bridge token was
 * delivered instead: `partial`, the asset being the route's destination bridge token.
 */
export const XY_STATUS_TABLE: Readonly<Record<string, VenueTransferState>> = {
  'Not found': 'pending',
  Processing: 'pending',
  Done: 'completed',
  'Pending refund': 'pending',
  Refunded: 'refunded',
};

const BRIDGE_TOKEN = /^Receive (synapse )?(bridge )?token\b/i;
const HASH = /^0x[0-9a-fA-F]{64}$/;

/** Where the transfer stands; `bridgeToken` is the route's destination bridge token, `toToken` the one asked for. */
export function toXyStatus(body: XyStatusAnswer, toToken: TokenInfo, bridgeToken: string): VenueStatus {
  const venueStatus = body.status ?? 'Not found';
  const detail = body.msg ?? body.errorMsg ?? null;
  const hash = body.tx && HASH.test(body.tx) ? body.tx : null;
  const base = { venueStatus, detail, destinationTxHash: null, receivedAmount: null, receivedAsset: null };
  if (BRIDGE_TOKEN.test(venueStatus)) return { ...base, state: 'partial', destinationTxHash: hash, receivedAsset: bridgeToken };
  const state = XY_STATUS_TABLE[venueStatus];
  if (state === undefined) return { ...base, state: 'pending', unrecognized: true };
  // XY names no delivered amount; the asset of a completed transfer is the one asked for.
  if (state === 'completed') return { ...base, state, destinationTxHash: hash, receivedAsset: toToken.address };
  // A refund's hash is the refund on the source chain, not a delivery.
  return { ...base, state, ...(state === 'refunded' && hash ? { detail: `${detail ?? 'refunded'} (refund ${hash})` } : {}) };
}
