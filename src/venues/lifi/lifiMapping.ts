import type { RejectionCode } from '../../domain/errors.ts';
import { VenueRejection, type VenueStatus, type VenueTransferState } from '../Venue.ts';
import type { VenueHttpError } from '../venueHttpClient.ts';
import type { LifiError, LifiStatus } from './lifiSchemas.ts';

/**
 * LI.FI's error codes (docs.li.fi "Error codes"; `@lifi/types` `src/errors.ts`) → Strait's rejections.
 * 1002 (no quote) is refined from the per-tool errors it carries: an amount below or above a bridge's
 * limit is `below_min` / `above_max` with the limit when the tool's message states one.
 */
export const LIFI_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  '1001': 'venue_error', // failed to build the transaction
  '1002': 'no_liquidity', // no quote
  '1003': 'venue_error', // not found
  '1004': 'venue_error', // not processable
  '1005': 'venue_rate_limited',
  '1006': 'venue_error', // server error
  '1007': 'no_liquidity', // slippage error
  '1008': 'venue_error', // third-party error
  '1009': 'venue_timeout',
  '1010': 'venue_error', // unauthorized (a bad API key)
  '1011': 'invalid_input', // validation
  '1012': 'venue_error', // RPC failure
  '1013': 'venue_error', // malformed schema
};

/**
 * A per-tool error of a no-quote answer: grouped per path in a 1002 answer
 * (`errors.failed[].subpaths[path][]`), or a flat `errors[]` list in the layout of LI.FI's docs
 * example ("Possible Tool Errors", fixtures/real/error-404-tool-errors-docs.json).
 */
interface ToolError {
  readonly code?: unknown;
  readonly message?: unknown;
}

function toolErrors(errors: unknown): ToolError[] {
  if (Array.isArray(errors)) return errors.filter((entry): entry is ToolError => typeof entry === 'object' && entry !== null);
  const failed = (errors as { failed?: unknown } | null | undefined)?.failed;
  if (!Array.isArray(failed)) return [];
  return failed.flatMap((entry) => {
    const subpaths = (entry as { subpaths?: unknown } | null)?.subpaths;
    if (!subpaths || typeof subpaths !== 'object') return [];
    return Object.values(subpaths as Record<string, unknown>).flatMap((list) => (Array.isArray(list) ? (list as ToolError[]) : []));
  });
}

const LIMIT = /(minimum|maximum)[^0-9]*([0-9]{1,78})/i;

/** LI.FI's HTTP error answer as a typed rejection; a 5xx stays the client's error (it counts against the venue). */
export function translateLifiError(error: VenueHttpError, body: LifiError | null): unknown {
  if (error.status >= 500) return error;
  const venueCode = body?.code === undefined ? 'UNKNOWN' : String(body.code);
  const message = `LI.FI: ${body?.message ?? `HTTP ${error.status}`} (${venueCode})`;
  const details: Record<string, unknown> = { venueCode };
  let code: RejectionCode = LIFI_ERROR_CODES[venueCode] ?? (error.status === 404 ? 'no_liquidity' : 'venue_error');
  // A 404 without a numeric code is the docs' older no-quote layout: its tool errors are read the same way.
  if (venueCode === '1002' || (body?.code === undefined && error.status === 404)) {
    for (const tool of toolErrors(body?.errors)) {
      const toolCode = String(tool.code ?? '');
      const text = typeof tool.message === 'string' ? tool.message : '';
      if (toolCode === 'AMOUNT_TOO_LOW' || toolCode === 'AMOUNT_TOO_HIGH' || toolCode === 'FEES_HIGHER_THAN_AMOUNT') {
        // FEES_HIGHER_THAN_AMOUNT (a live Across tool error: the fees exceed the amount sent) is an amount too small, without a figure.
        code = toolCode === 'AMOUNT_TOO_HIGH' ? 'above_max' : 'below_min';
        const limit = LIMIT.exec(text);
        if (limit) details[code === 'below_min' ? 'minAmountAtomic' : 'maxAmountAtomic'] = limit[2];
        details.toolCode = toolCode;
        break;
      }
    }
  }
  return new VenueRejection(code, message, details, { cause: error });
}

/**
 * `status` + `substatus` → Strait's state (docs.li.fi "Transaction status"; `@lifi/types` StatusResponse).
 * DONE is completed only with COMPLETED (or no substatus); PARTIAL delivered another token than the
 * requested one; REFUNDED gave the tokens back. NOT_FOUND and INVALID stay pending (INVALID also
 * answers a hash asked with the wrong `bridge`); the engine's give-up deadline ends them.
 */
const DONE: Readonly<Record<string, VenueTransferState>> = { COMPLETED: 'completed', PARTIAL: 'partial', REFUNDED: 'refunded' };
const KNOWN_STATUSES = new Set(['NOT_FOUND', 'INVALID', 'PENDING', 'DONE', 'FAILED']);

export function toLifiStatus(body: LifiStatus): VenueStatus {
  const substatus = body.substatus ?? null;
  const venueStatus = substatus ? `${body.status}/${substatus}` : body.status;
  const detail = body.substatusMessage ?? null;
  const receiving = body.receiving ?? null;
  const base = { venueStatus, detail, destinationTxHash: null, receivedAmount: null, receivedAsset: null };
  if (!KNOWN_STATUSES.has(body.status)) return { ...base, state: 'pending', unrecognized: true };
  // LI.FI's API reference lists REFUNDED among FAILED's substatuses too ("Tokens were refunded"): the money is back, not lost.
  if (body.status === 'FAILED') return { ...base, state: substatus === 'REFUNDED' ? 'refunded' : 'failed' };
  if (body.status !== 'DONE') return { ...base, state: 'pending' };
  const state = substatus === null ? 'completed' : DONE[substatus];
  if (!state) return { ...base, state: 'pending', unrecognized: true };
  return {
    ...base,
    state,
    // A refund's receiving leg is the refund on the source chain, not a delivery.
    destinationTxHash: state === 'refunded' ? null : (receiving?.txHash ?? null),
    receivedAmount: state === 'refunded' || !receiving?.amount ? null : BigInt(receiving.amount),
    receivedAsset: state === 'refunded' ? null : (receiving?.token?.address ?? null),
  };
}
