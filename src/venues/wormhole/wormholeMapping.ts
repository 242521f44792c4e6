import type { Hex } from 'viem';
import type { VenueStatus, VenueTransferState } from '../Venue.ts';
import { VenueRejection } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { GovernorNotional, WormholescanOperation } from './wormholeSchemas.ts';

/**
 * Wormholescan's redemption status (`targetChain.status`, wormhole-explorer common/domain const.go).
 * `failed` is a redeem that reverted: the VAA stays redeemable, so the transfer is still pending with
 * its claim. Portal has no refund: a signed VAA can always be redeemed later.
 */
export const TARGET_STATUS_TABLE = {
  completed: 'completed',
  failed: 'pending',
  unknown: 'pending',
} as const satisfies Record<string, VenueTransferState>;

/**
 * The source side (`sourceChain.status`): `confirmed` once indexed; `chainNotSupported` and
 * `internalError` are Wormholescan's own trouble, never the transfer's. All pending.
 */
export const SOURCE_STATUS_TABLE = {
  confirmed: 'pending',
  chainNotSupported: 'pending',
  internalError: 'pending',
} as const satisfies Record<string, VenueTransferState>;

/** Wormholescan answers errors as `{ code, message, details }` (its Fiber error handler); no venue codes to translate. */
export const WORMHOLE_ERROR_CODES = {} as const;

/** Seconds from guardian signing to a redeem someone sends; added to source finality. */
export const REDEEM_SECONDS = 60;
export const QUOTE_TTL_MS = 60_000;

const strip = (hex: string): string => hex.toLowerCase().replace(/^0x/, '');

/**
 * This transfer's operation among a transaction's: the source Token Bridge's message (and the
 * receipt's sequence when known). Other messages of the same transaction (another app's, a generic
 * message) are not this transfer.
 */
export function selectOperation(operations: readonly WormholescanOperation[], whChain: number, emitter: Hex, sequence: bigint | null): WormholescanOperation | undefined {
  return operations.find((op) => op.emitterChain === whChain && strip(op.emitterAddress.hex).padStart(64, '0') === strip(emitter) && (sequence === null || BigInt(op.sequence) === sequence));
}

/** The signed VAA of an operation (Wormholescan sends it base64 in `vaa.raw`), or `null` while unsigned or unreadable. */
export function operationVaa(op: WormholescanOperation | undefined): Hex | null {
  const raw = op?.vaa?.raw;
  if (!raw || !/^[A-Za-z0-9+/]+={0,2}$/.test(raw)) return null;
  const bytes = Buffer.from(raw, 'base64');
  return bytes.length > 0 ? (`0x${bytes.toString('hex')}` as Hex) : null;
}

export interface Redemption {
  readonly state: VenueTransferState;
  readonly venueStatus: string;
  readonly txHash: string | null;
  readonly unrecognized: boolean;
}

/** What Wormholescan says of the redeem on the destination, mapped through the table. */
export function mapRedemption(op: WormholescanOperation | undefined): Redemption | null {
  const target = op?.targetChain;
  if (!target?.status) return null;
  const known = Object.hasOwn(TARGET_STATUS_TABLE, target.status);
  const state: VenueTransferState = known ? TARGET_STATUS_TABLE[target.status as keyof typeof TARGET_STATUS_TABLE] : 'pending';
  const hash = target.transaction?.txHash ?? null;
  return { state, venueStatus: target.status, txHash: hash && /^0x[0-9a-fA-F]{64}$/.test(hash) ? hash : null, unrecognized: !known };
}

/** The source side's status value for `venueStatus`, flagged when the table does not know it. */
export function sourceStatusOf(op: WormholescanOperation | undefined): { venueStatus: string; unrecognized: boolean } {
  const status = op?.sourceChain?.status;
  if (!status) return { venueStatus: op ? 'indexed' : 'not_indexed', unrecognized: false };
  return { venueStatus: status, unrecognized: !Object.hasOwn(SOURCE_STATUS_TABLE, status) };
}

export function pendingStatus(venueStatus: string, detail: string, unrecognized = false): VenueStatus {
  return { state: 'pending', venueStatus, destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail, ...(unrecognized ? { unrecognized: true } : {}) };
}

/** Turns a Wormholescan HTTP error into what the adapter throws; 5xx stay VenueHttpError (venue faults). */
export function translateWormholescanError(error: unknown, route: string): unknown {
  if (!(error instanceof VenueHttpError) || error.status >= 500) return error;
  const body = error.body as { message?: unknown } | null;
  const said = body && typeof body === 'object' && typeof body.message === 'string' ? body.message : 'no message';
  if (error.status === 429) return new VenueRejection('venue_rate_limited', `Wormholescan rate limit hit on ${route}: ${said}`);
  return new VenueRejection('venue_error', `Wormholescan answered HTTP ${error.status} on ${route}: ${said}`);
}

/** The Governor holds a transfer back up to 24 hours when it is big or the chain's daily notional is spent. */
export const GOVERNOR_DELAY_SECONDS = 86_400;
/** Tokens whose atomic amount is a USD amount at par: the only ones the adapter can compare with the Governor's USD figures. */
const USD_STABLECOINS = new Set(['USDC', 'USDT']);

/**
 * Whether the Governor would delay this transfer, from its published limits (null when the chain is
 * not governed or the token's USD value is not known to the adapter).
 */
export function governorDelays(notional: GovernorNotional | null, whChain: number, symbol: string, amount: bigint, decimals: number): boolean | null {
  const entry = notional?.entries.find((e) => e.chainId === whChain);
  if (!entry || !USD_STABLECOINS.has(symbol.toUpperCase())) return null;
  const usd = amount / 10n ** BigInt(decimals);
  return usd >= BigInt(entry.bigTransactionSize) || usd > BigInt(entry.remainingAvailableNotional);
}
