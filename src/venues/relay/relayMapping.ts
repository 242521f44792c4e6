import { Compile } from 'typebox/compile';
import type { JsonObject } from '../../domain/steps.ts';
import { VenueRejection, type VenueQuote, type VenueStatus, type VenueTransferState } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { validatorOf } from '../../domain/validatorOf.ts';
import type { RelayChain } from './relayChains.ts';
import { RelayContextSchema, RelayErrorSchema, type RelayContext, type RelayError, type RelayIntentStatus, type RelayQuote, type RelayRequests, type RelayTransactionData } from './relaySchemas.ts';

/**
 * Every status value Relay's status endpoints write. `/intents/status/v3` documents `refund` in its
 * enum but `refunded` in its description table (docs.relay.link/references/api/get-intents-status-v3);
 * the deprecated `/intents/status` wrote `fallback` for a refund and `received` for a seen deposit.
 * Both spellings are mapped, so a refund is never left pending.
 */
export const RELAY_STATUSES = ['waiting', 'depositing', 'received', 'pending', 'submitted', 'delayed', 'success', 'refund', 'refunded', 'fallback', 'failure'] as const;
export type RelayStatusValue = (typeof RELAY_STATUSES)[number];

export const RELAY_STATUS_TABLE: Readonly<Record<RelayStatusValue, VenueTransferState>> = {
  waiting: 'pending',
  depositing: 'pending',
  received: 'pending',
  pending: 'pending',
  submitted: 'pending',
  delayed: 'pending',
  success: 'completed',
  refund: 'refunded',
  refunded: 'refunded',
  fallback: 'refunded',
  failure: 'failed',
};

/** Relay publishes no quote expiry and its quotes are short-lived; 30 s is what we hold one for. */
export const RELAY_QUOTE_TTL_MS = 30_000;

function isRelayStatus(value: string): value is RelayStatusValue {
  return (RELAY_STATUSES as readonly string[]).includes(value);
}

/** The transfer state of a Relay status; an undocumented value stays `pending`, never terminal. */
export function mapRelayStatus(status: string): { state: VenueTransferState; known: boolean } {
  return isRelayStatus(status) ? { state: RELAY_STATUS_TABLE[status], known: true } : { state: 'pending', known: false };
}

/**
 * `errorCode` → rejection code. `INSUFFICIENT_LIQUIDITY` is `no_liquidity`: Relay documents it as
 * "not enough liquidity available", which also covers swap legs and passes with time, so it says
 * nothing sure about the amount. `SOLVER_CAPACITY_EXCEEDED` is `above_max`: the solver's capacity is
 * an amount ceiling, so a smaller amount can pass (its ceiling is given when `errorData` carries one).
 */
export const RELAY_ERROR_CODES: Readonly<Record<string, VenueRejection['code']>> = {
  AMOUNT_TOO_LOW: 'below_min',
  SOLVER_CAPACITY_EXCEEDED: 'above_max',
  INSUFFICIENT_LIQUIDITY: 'no_liquidity',
  NO_QUOTES: 'no_liquidity',
  NO_SWAP_ROUTES_FOUND: 'no_liquidity',
  NO_INTERNAL_SWAP_ROUTES_FOUND: 'no_liquidity',
  SWAP_IMPACT_TOO_HIGH: 'no_liquidity',
  UNSUPPORTED_ROUTE: 'route_not_served',
  UNSUPPORTED_CHAIN: 'route_not_served',
  CHAIN_DISABLED: 'route_not_served',
  ROUTE_TEMPORARILY_RESTRICTED: 'route_not_served',
  UNSUPPORTED_CURRENCY: 'token_not_supported',
  INVALID_INPUT_CURRENCY: 'token_not_supported',
  INVALID_OUTPUT_CURRENCY: 'token_not_supported',
  INVALID_ADDRESS: 'invalid_input',
  SANCTIONED_WALLET_ADDRESS: 'invalid_input',
  INVALID_SLIPPAGE_TOLERANCE: 'invalid_input',
  USER_RECIPIENT_MISMATCH: 'invalid_input',
};

const errorBody = Compile(RelayErrorSchema);

/**
 * Turns a Relay HTTP error into a typed rejection (the shared client answers a 429 itself): a 4xx
 * with a known `errorCode` → its code, any other 4xx → `venue_error`. A 5xx comes back untouched, so the registry
 * keeps counting it as a venue fault.
 */
export function translateRelayError(error: unknown): unknown {
  if (!(error instanceof VenueHttpError)) return error;
  if (error.status >= 500) return error;
  const body: RelayError = errorBody.Check(error.body) ? error.body : {};
  const venueCode = body.errorCode ?? 'UNKNOWN';
  const message = `Relay: ${body.message ?? `HTTP ${error.status}`} (${venueCode})`;
  const code = RELAY_ERROR_CODES[venueCode] ?? 'venue_error';
  const details: Record<string, unknown> = { venueCode };
  if (code === 'below_min') {
    const min = limitFrom(body.errorData, ['minAmount', 'minimumAmount', 'minAmountAtomic', 'min']);
    if (min !== null) details.minAmountAtomic = min;
  }
  if (code === 'above_max') {
    const max = limitFrom(body.errorData, ['maxAmount', 'maximumAmount', 'maxAmountAtomic', 'max']);
    if (max !== null) details.maxAmountAtomic = max;
  }
  return new VenueRejection(code, message, details, { cause: error });
}

/** An atomic limit from `errorData`, an object or a JSON string of one; `null` when it has none. */
function limitFrom(errorData: unknown, keys: readonly string[]): string | null {
  let data = errorData;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data) as unknown;
    } catch {
      return null;
    }
  }
  if (!data || typeof data !== 'object') return null;
  for (const key of keys) {
    const value = (data as Record<string, unknown>)[key];
    if (typeof value === 'string' && /^[0-9]{1,78}$/.test(value)) return value;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  }
  return null;
}

const REQUEST_ID = /^0x[0-9a-fA-F]{64}$/;

/** The request id of the item's status check (`/intents/status?requestId=0x…`), or `null`. */
function requestIdOfCheck(endpoint: string | null | undefined): string | null {
  if (!endpoint) return null;
  const id = new URL(endpoint, 'https://api.relay.link').searchParams.get('requestId');
  return id !== null && REQUEST_ID.test(id) ? id : null;
}

/**
 * The step Relay wants the wallet to send, item 0 of `deposit`, and its request id: `steps[].requestId`
 * when Relay writes it, otherwise the one its status check names (recorded answers carry only that).
 */
export function depositItemOf(quote: RelayQuote): { requestId: string; data: unknown } {
  const step = quote.steps.find((s) => s.id === 'deposit');
  if (!step) throw new VenueRejection('venue_bad_response', 'Relay quote has no deposit step', { path: '/steps' });
  if (step.kind !== 'transaction') throw new VenueRejection('venue_bad_response', `Relay deposit step is a ${step.kind} step, not a transaction`, { path: '/steps' });
  const item = step.items[0];
  if (!item) throw new VenueRejection('venue_bad_response', 'Relay deposit step has no item', { path: '/steps' });
  const fromCheck = requestIdOfCheck(item.check?.endpoint);
  const requestId = step.requestId ?? fromCheck;
  if (!requestId || !REQUEST_ID.test(requestId)) {
    throw new VenueRejection('venue_bad_response', 'Relay deposit step has no 32-byte requestId', { path: '/steps/requestId' });
  }
  // Two ids that disagree would track another request than the one the wallet pays for.
  if (fromCheck !== null && fromCheck.toLowerCase() !== requestId.toLowerCase()) {
    throw new VenueRejection('venue_bad_response', 'Relay deposit step names two request ids', { path: '/steps/requestId' });
  }
  return { requestId, data: item.data };
}

/**
 * How a destination amount in Relay's answer converts to Strait's units: only where Relay counts a
 * chain in other decimals than Strait's registry (HyperCore USDC: 8 against 6). `null` = as is.
 */
export interface RelayOutScale {
  readonly venueDecimals: number;
  readonly straitDecimals: number;
}

/** The scale of `destination`'s amounts: the decimals the answer states for its currency, else the chain's. */
export function outScaleOf(destination: RelayChain, statedDecimals: number | null | undefined, straitDecimals: number): RelayOutScale | null {
  if (destination.venueDecimals === undefined) return null;
  return { venueDecimals: statedDecimals ?? destination.venueDecimals, straitDecimals };
}

/** A venue amount in Strait's units, rounded down: an output is never promised above what arrives. */
export function toStraitUnits(amount: bigint, scale: RelayOutScale | null): bigint {
  if (scale === null || scale.venueDecimals === scale.straitDecimals) return amount;
  if (scale.venueDecimals > scale.straitDecimals) return amount / 10n ** BigInt(scale.venueDecimals - scale.straitDecimals);
  return amount * 10n ** BigInt(scale.straitDecimals - scale.venueDecimals);
}

/**
 * What the quote promises, in Strait's units: `currencyOut.amount`, and its `minimumAmount` or, when
 * Relay leaves that out (older answers), the amount less the slippage we asked Relay to hold to.
 */
export function outAmountsOf(quote: RelayQuote, slippageBps: number, scale: RelayOutScale | null = null): { amountOut: bigint; minAmountOut: bigint } {
  const out = quote.details.currencyOut;
  const amountOut = BigInt(out.amount);
  const minAmountOut = out.minimumAmount != null ? BigInt(out.minimumAmount) : amountOut - (amountOut * BigInt(slippageBps)) / 10_000n;
  return { amountOut: toStraitUnits(amountOut, scale), minAmountOut: toStraitUnits(minAmountOut, scale) };
}

/** `details.timeEstimate`, else the slowest leg of `breakdown`, else `null`. */
function secondsOf(quote: RelayQuote): number | null {
  if (quote.details.timeEstimate != null) return quote.details.timeEstimate;
  const legs = (quote.breakdown ?? []).map((leg) => leg.timeEstimate).filter((t): t is number => t != null);
  return legs.length > 0 ? Math.max(...legs) : null;
}

export function toVenueQuote(quote: RelayQuote, deposit: { requestId: string; tx: RelayTransactionData }, now: number, slippageBps: number, scale: RelayOutScale | null = null): VenueQuote {
  const context: RelayContext = {
    requestId: deposit.requestId,
    deposit: { to: deposit.tx.to, data: deposit.tx.data, value: deposit.tx.value ?? '0', chainId: deposit.tx.chainId },
  };
  return {
    amountIn: BigInt(quote.details.currencyIn.amount),
    ...outAmountsOf(quote, slippageBps, scale),
    estimatedSeconds: secondsOf(quote),
    expiresAt: now + RELAY_QUOTE_TTL_MS,
    context: { ...context } as JsonObject,
  };
}

/** The stored context read through {@link RelayContextSchema}; a context that fails is our input fault. */
export function readRelayContext(context: JsonObject): RelayContext {
  const validator = validatorOf(RelayContextSchema);
  if (!validator.Check(context)) {
    const first = validator.Errors(context)[0];
    const path = first?.instancePath ?? '';
    throw new VenueRejection('invalid_input', `relay stored context is not what the adapter wrote at '${path}': ${first?.message ?? 'invalid'}`, { path: `context${path}` });
  }
  return context as RelayContext;
}

/** Which request `/requests/v2` must describe for its output to count as this transfer's delivery. */
export interface RelayDeliveryOf {
  readonly requestId: string;
  /** Relay's id of the destination chain; `null` when the adapter's table does not know it. */
  readonly destinationChainId: number | null;
}

/**
 * What `/requests/v2` says was delivered, in Strait's units (see {@link outScaleOf}), or `null` when it
 * does not say. `metadata.currencyOut` is what the request asked for, whatever became of it: on a
 * recorded refund it still names the requested token and amount on the destination while the refund
 * went out on the origin chain (fixtures/real/requests-v2-item-refund-*.json). So it is read only from
 * the request asked for, once Relay marks it `success`, and only when it names the destination chain.
 */
export function deliveredOf(requests: RelayRequests, of: RelayDeliveryOf, scaleFor: (statedDecimals: number | null | undefined) => RelayOutScale | null = () => null): { amount: bigint; asset: string | null } | null {
  const request = requests.requests[0];
  if (!request) return null;
  if (request.id != null && request.id.toLowerCase() !== of.requestId.toLowerCase()) return null;
  if (request.status != null && request.status !== 'success') return null;
  const out = request.data?.metadata?.currencyOut;
  if (!out?.amount) return null;
  const chainId = out.currency?.chainId;
  if (chainId != null && of.destinationChainId !== null && chainId !== of.destinationChainId) return null;
  return { amount: toStraitUnits(BigInt(out.amount), scaleFor(out.currency?.decimals)), asset: out.currency?.address ?? null };
}

const HYPERCORE_HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * The status of a request. On HyperCore (`destinationVm`), a destination hash is reported only when
 * it has HyperCore's shape (0x + 64 hex); anything else Relay writes there is not a HyperCore hash.
 */
export function toVenueStatus(status: RelayIntentStatus, delivered: { amount: bigint; asset: string | null } | null, destinationVm: RelayChain['vm'] = 'evm'): VenueStatus {
  const { state, known } = mapRelayStatus(status.status);
  const detail = known ? (status.details ?? null) : `unknown Relay status '${status.status}', treated as pending${status.details ? `: ${status.details}` : ''}`;
  return {
    ...(known ? {} : { unrecognized: true }),
    state,
    venueStatus: status.status,
    // On a refund `txHashes` holds the refund on the origin chain, not a delivery.
    destinationTxHash: state === 'refunded' || state === 'failed' ? null : destinationHashOf(status, destinationVm),
    receivedAmount: state === 'completed' ? (delivered?.amount ?? null) : null,
    receivedAsset: state === 'completed' ? (delivered?.asset ?? null) : null,
    detail,
  };
}

function destinationHashOf(status: RelayIntentStatus, vm: RelayChain['vm']): string | null {
  const hash = status.txHashes?.[0] ?? null;
  if (hash === null || vm !== 'hypercore') return hash;
  return HYPERCORE_HASH.test(hash) ? hash : null;
}
