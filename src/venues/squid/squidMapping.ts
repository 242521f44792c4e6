import type { RejectionCode } from '../../domain/errors.ts';
import { VenueRejection, type VenueStatus, type VenueTransferState } from '../Venue.ts';
import type { VenueHttpError } from '../venueHttpClient.ts';
import type { SquidError, SquidStatus } from './squidSchemas.ts';

/**
 * Squid's error types → Strait's rejections. The v2 API names them in `type` (Brave's recordings:
 * SCHEMA_VALIDATION_ERROR, INVALID_REQUEST_ERROR, BAD_REQUEST_ERROR), the SDK's `ErrorType` enum
 * (0xsquid/squid-types `src/errors/index.ts`) lists the rest, and the older API answered
 * `InputValidationError` per field. The message refines a type (below): an amount Squid calls too
 * small or too large, a token or chain it does not carry, and "Unable to fetch token data", which
 * Brave's integration treats as no liquidity.
 */
export const SQUID_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  SCHEMA_VALIDATION_ERROR: 'invalid_input',
  INVALID_REQUEST_ERROR: 'invalid_input',
  BAD_REQUEST: 'invalid_input',
  BAD_REQUEST_ERROR: 'invalid_input',
  InputValidationError: 'invalid_input',
  PATH_FINDER_ERROR: 'no_liquidity',
  QUOTE_ERROR: 'no_liquidity',
  ROUTE_ERROR: 'no_liquidity',
  RATE_LIMIT: 'venue_rate_limited',
  MAINTENANCE: 'venue_error',
  UNAUTHORIZED: 'venue_error',
  INTERNAL_ERROR: 'venue_error',
  UNKNOWN_ERROR: 'venue_error',
};

interface Refinement {
  readonly pattern: RegExp;
  readonly code: RejectionCode;
}

/** Message patterns, checked in order, that say more than the type does. */
const REFINEMENTS: readonly Refinement[] = [
  { pattern: /unable to fetch token data|no route|could not find (a )?route|unable to find (a )?route|insufficient liquidity/i, code: 'no_liquidity' },
  { pattern: /(amount|value)[^.]*(too (low|small)|below|less than|under)|minimum/i, code: 'below_min' },
  { pattern: /(amount|value)[^.]*(too (high|large|big)|above|exceeds|greater than|over)|maximum/i, code: 'above_max' },
  { pattern: /not a supported token|token[^.]*not supported|unsupported token|unknown token|invalid token/i, code: 'token_not_supported' },
  { pattern: /unsupported chain|chain[^.]*not supported/i, code: 'route_not_served' },
];

/** The first atomic figure a limit message states ("minimum amount is 1000000"). */
const FIGURE = /([0-9]{1,78})(?![0-9.])/;

/** Squid's HTTP error answer as a typed rejection; a 5xx stays the client's error (it counts against the venue). */
export function translateSquidError(error: VenueHttpError, body: SquidError | null): unknown {
  if (error.status >= 500) return error;
  const messages = [body?.message, ...(body?.errors ?? []).map((e) => e.message)].filter((m): m is string => typeof m === 'string' && m !== '');
  const venueType = body?.type ?? body?.errorType ?? body?.errors?.[0]?.errorType ?? 'UNKNOWN';
  const text = messages.join('; ');
  const details: Record<string, unknown> = { venueCode: venueType };
  let code: RejectionCode = SQUID_ERROR_CODES[venueType] ?? (error.status === 404 ? 'no_liquidity' : 'venue_error');
  const refined = REFINEMENTS.find((r) => r.pattern.test(text));
  if (refined) code = refined.code;
  if (code === 'below_min' || code === 'above_max') {
    const figure = FIGURE.exec(text);
    if (figure) details[code === 'below_min' ? 'minAmountAtomic' : 'maxAmountAtomic'] = figure[1];
  }
  return new VenueRejection(code, `Squid: ${text || `HTTP ${error.status}`} (${venueType})`, details, { cause: error });
}

/**
 * `squidTransactionStatus` → Strait's state (squid-types `SquidTransactionStatus`; docs "Get Route
 * Status"). `partial_success` means the destination swap reverted and the recipient got the bridged
 * token (most often axlUSDC) instead of the requested one: partial, asset unknown to Squid's answer.
 * The docs spell Coral's refund `refund`, the SDK enum `refunded`: both are refunded. `needs_gas`
 * (Axelar paused for more destination gas) and `not_found` (not indexed yet) stay pending; the engine's
 * give-up deadline ends them.
 */
export const SQUID_STATUS_TABLE: Readonly<Record<string, VenueTransferState>> = {
  success: 'completed',
  partial_success: 'partial',
  ongoing: 'pending',
  needs_gas: 'pending',
  not_found: 'pending',
  failed_on_destination: 'failed',
  refunded: 'refunded',
  refund: 'refunded',
};

const DETAILS: Readonly<Record<string, string>> = {
  needs_gas: 'Axelar paused the destination execution for more gas (add gas on axelarscan.io)',
  not_found: 'not indexed by Squid yet',
  partial_success: 'the destination swap reverted: the recipient received the bridged token instead of the requested one',
  failed_on_destination: 'the destination execution failed',
};

/** The status answer mapped; `toChainId` picks the destination leg of `routeStatus` when `toChain` has no hash. */
export function toSquidStatus(body: SquidStatus, toChainId: number, requestedToken: string | null): VenueStatus {
  const venueStatus = body.squidTransactionStatus ?? body.status ?? 'unknown';
  const state = SQUID_STATUS_TABLE[venueStatus];
  const base = { venueStatus, detail: DETAILS[venueStatus] ?? null, destinationTxHash: null, receivedAmount: null, receivedAsset: null };
  if (!state) return { ...base, state: 'pending', unrecognized: true };
  if (state !== 'completed' && state !== 'partial') return { ...base, state };
  const leg = (body.routeStatus ?? []).filter((r) => r.chainId !== null && r.chainId !== undefined && String(r.chainId) === String(toChainId) && r.txHash).at(-1);
  const destinationTxHash = body.toChain?.transactionId || leg?.txHash || null;
  // Squid's status names no amount (the adapter reads it on chain, shared/destinationDelivery.ts); on success the
  // asset is the requested one (its docs: "the user has received the intended funds"), on a partial
  // success it is the bridged token, which the answer does not name.
  return { ...base, state, destinationTxHash, receivedAsset: state === 'completed' ? requestedToken : null };
}
