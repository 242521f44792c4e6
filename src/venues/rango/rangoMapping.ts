import type { RejectionCode } from '../../domain/errors.ts';
import { VenueRejection, type VenueStatus, type VenueTransferState } from '../Venue.ts';
import type { VenueHttpError } from '../venueHttpClient.ts';
import type { RangoError, RangoQuote, RangoStatus } from './rangoSchemas.ts';

/**
 * Rango's refusals → Strait's rejections, by `resultType` (rango-types `shared/routing.ts`
 * RoutingResultType; Rango answers them as HTTP 200 with `route: null` or a route it advises against)
 * and by the four-digit `errorCode` of its "API Troubleshooting" page (11xx server, 12xx validation,
 * 13xx routing). INPUT_LIMIT_ISSUE / 1202 is refined with the route's `amountRestriction` into
 * below_min / above_max; HIGH_IMPACT / 1301 is a route Rango itself advises not to swap (its docs:
 * "we recommend not proceeding"; 1301: a loss of more than 18 % of the input's USD value).
 */
export const RANGO_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  NO_ROUTE: 'no_liquidity',
  INPUT_LIMIT_ISSUE: 'below_min',
  HIGH_IMPACT: 'no_liquidity',
  HIGH_IMPACT_FOR_CREATE_TX: 'no_liquidity',
  '1101': 'venue_error', // internal server error
  '1102': 'venue_error', // an underlying protocol failed
  '1201': 'invalid_input', // bad request
  '1202': 'below_min', // outside the swapper's limits (refined by amountRestriction)
  '1203': 'venue_error', // could not read the wallet balance
  '1204': 'invalid_input', // bad transaction hash
  '1205': 'token_not_supported', // token not found for the contract address
  '1206': 'route_not_served', // blockchain not supported
  '1301': 'no_liquidity', // would lose more than 18 % of the input's USD value
};

/** Rango's message for an amount under a swapper's floor, answered with no restriction to read (EdgeApp/edge-exchange-plugins `src/swap/defi/rango.ts`). */
const TOO_LOW = /input amount might be too low/i;

/**
 * A quote or swap answer whose `resultType` is not OK as a typed rejection, or `null` for OK.
 * The restriction's type says whether the limits themselves are allowed (INCLUSIVE) or not
 * (EXCLUSIVE); Strait's details carry the limit as Rango gave it either way.
 */
export function rangoRefusal(body: Pick<RangoQuote, 'resultType' | 'route' | 'error' | 'errorCode'>, amountIn: bigint): VenueRejection | null {
  if (body.resultType === 'OK') return null;
  const details: Record<string, unknown> = { venueCode: body.resultType, ...(body.errorCode != null ? { errorCode: body.errorCode } : {}) };
  const message = `Rango: ${body.error ?? body.resultType} (${body.resultType})`;
  const restriction = body.route?.amountRestriction ?? null;
  const limit = (value: string | null | undefined): bigint | null => (value != null && /^[0-9]{1,78}$/.test(value) ? BigInt(value) : null);
  const min = limit(restriction?.min);
  const max = limit(restriction?.max);
  if (body.resultType === 'INPUT_LIMIT_ISSUE' || body.errorCode === 1202 || TOO_LOW.test(body.error ?? '')) {
    if (max !== null && amountIn >= max) return new VenueRejection('above_max', message, { ...details, maxAmountAtomic: max.toString() });
    if (min !== null && amountIn <= min) return new VenueRejection('below_min', message, { ...details, minAmountAtomic: min.toString() });
    // Rango's own reading of a limit answer without a restriction: the amount is too low.
    if (min === null && max === null) return new VenueRejection('below_min', message, details);
    return new VenueRejection('no_liquidity', message, details);
  }
  const code = (body.errorCode != null ? RANGO_ERROR_CODES[String(body.errorCode)] : undefined) ?? RANGO_ERROR_CODES[body.resultType] ?? 'venue_error';
  return new VenueRejection(code, message, details);
}

/**
 * A non-200 Rango answer as a typed rejection, by its `errorCode` where it carries one; a 5xx stays
 * the client's error (it counts against the venue).
 */
export function translateRangoHttpError(error: VenueHttpError, body: RangoError | null): unknown {
  if (error.status >= 500) return error;
  const text = body?.error ?? body?.message ?? `HTTP ${error.status}`;
  const venueCode = body?.errorCode != null ? String(body.errorCode) : `HTTP_${error.status}`;
  // Without a code: 400 is a request Rango will not read (an asset it does not know), 401/403 a refused apiKey.
  const code: RejectionCode = RANGO_ERROR_CODES[venueCode] ?? (error.status === 400 ? 'invalid_input' : error.status === 404 ? 'no_liquidity' : 'venue_error');
  return new VenueRejection(code, `Rango: ${text} (${venueCode})`, { venueCode }, { cause: error });
}

/**
 * `status` + `output.type` → Strait's state (rango-types `basic/transactions.ts` StatusResponse and
 * StatusOutput; Rango's "Check Transaction Status" docs). `running` and null are pending. `success`
 * with DESIRED_OUTPUT is completed; with MIDDLE_ASSET_IN_SRC / MIDDLE_ASSET_IN_DEST the user holds an
 * intermediate asset (partial, with that asset); REVERTED_TO_INPUT under either status gave the input
 * back (refunded). `failed` otherwise is failed; a `failed` that left the user a middle asset is
 * partial too (rubic-sdk reads it as its fallback). No output type on `success` is completed only when
 * nothing says otherwise.
 */
const KNOWN_STATUSES = new Set(['running', 'success', 'failed']);
const OUTPUT_STATES: Readonly<Record<string, VenueTransferState>> = {
  DESIRED_OUTPUT: 'completed',
  MIDDLE_ASSET_IN_SRC: 'partial',
  MIDDLE_ASSET_IN_DEST: 'partial',
  REVERTED_TO_INPUT: 'refunded',
};

export function toRangoStatus(body: RangoStatus): VenueStatus {
  const status = body.status ?? null;
  const outputType = body.output?.type ?? null;
  const venueStatus = status === null ? 'null' : outputType ? `${status}/${outputType}` : status;
  const base = { venueStatus, detail: body.error ?? null, destinationTxHash: null, receivedAmount: null, receivedAsset: null };
  if (status === null || status === 'running') return { ...base, state: 'pending' };
  if (!KNOWN_STATUSES.has(status)) return { ...base, state: 'pending', unrecognized: true };
  if (outputType !== null && !(outputType in OUTPUT_STATES)) return { ...base, state: 'pending', unrecognized: true };
  const byOutput = outputType === null ? null : OUTPUT_STATES[outputType]!;
  const state: VenueTransferState = status === 'success' ? (byOutput ?? 'completed') : byOutput === 'partial' || byOutput === 'refunded' ? byOutput : 'failed';
  if (state === 'failed' || state === 'refunded') return { ...base, state };
  const amount = body.output?.amount ?? body.bridgeData?.destTokenAmt ?? null;
  return {
    ...base,
    state,
    // A middle asset left on the source chain was never bridged: there is no destination transaction.
    destinationTxHash: outputType === 'MIDDLE_ASSET_IN_SRC' ? null : (body.bridgeData?.destTxHash ?? null),
    receivedAmount: amount !== null && /^[0-9]{1,78}$/.test(amount) ? BigInt(amount) : null,
    receivedAsset: body.output?.receivedToken?.address ?? body.bridgeData?.destToken ?? null,
  };
}
