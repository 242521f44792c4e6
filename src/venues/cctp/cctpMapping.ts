import { isHex, type Hex } from 'viem';
import { VenueRejection, type VenueQuote, type VenueStatus, type VenueTransferState } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { FAST_FINALITY, STANDARD_FINALITY } from './cctpChains.ts';
import { decodeBurnBody, decodeMessage } from './cctpMessage.ts';
import type { IrisFeeEntry, IrisFees, IrisMessage } from './cctpSchemas.ts';

/**
 * Iris message statuses. Neither is terminal: `complete` only means Circle attested the burn; the
 * transfer completes when the destination MessageTransmitterV2 marks the nonce used, which the
 * adapter checks on chain (see {@link mapAttested}). Iris has no failed or refunded state: a burn
 * that reverted is never indexed and stays pending here (the engine sees the reverted source tx).
 */
export const IRIS_STATUS_TABLE = {
  pending_confirmations: 'pending',
  complete: 'pending',
} as const satisfies Record<string, VenueTransferState>;
export type IrisStatus = keyof typeof IRIS_STATUS_TABLE;

/** ETAs after source confirmation; approximate (Circle publishes ranges, not figures). */
export const FAST_SECONDS = 30;
export const STANDARD_SECONDS = 1_080;
/** Iris fees move slowly; a quote is held a minute before the engine asks again. */
export const QUOTE_TTL_MS = 60_000;

/** Fees are in bps that may be fractional: 1e-4 bps is the fixed-point unit of the arithmetic. */
const BPS_SCALE = 4;
const BPS_DENOMINATOR = 10_000n * 10n ** BigInt(BPS_SCALE);
/**
 * Headroom of `maxFee` over the quoted protocol fee: Circle's fee page asks for 10–20 % because the
 * fee can rise between quote and burn, and a burn whose maxFee falls short is not attested fast
 * (Iris answers `delayReason: "insufficient_fee"`). The same rates differ by direction and move
 * (Arbitrum → Base was 1 bps in the docs, 1.4 bps live).
 */
const MAX_FEE_BUFFER_PERCENT = 120n;

/** A non-negative decimal (JSON number or string, exponent allowed) as an integer of 10^-scale. */
export function scaledDecimal(value: number | string, scale: number, rounding: 'up' | 'down'): bigint {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) throw new VenueRejection('venue_bad_response', `Iris sent '${text}' where a decimal was expected`, { path: '' });
  const fraction = match[2] ?? '';
  const digits = BigInt(`${match[1] ?? '0'}${fraction}`);
  const shift = Number(match[3] ?? '0') - fraction.length + scale;
  if (shift >= 0) return digits * 10n ** BigInt(shift);
  const divisor = 10n ** BigInt(-shift);
  return rounding === 'up' ? ceilDiv(digits, divisor) : digits / divisor;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

export function protocolFeeOf(amount: bigint, minimumFeeBps: number | string): bigint {
  return ceilDiv(amount * scaledDecimal(minimumFeeBps, BPS_SCALE, 'up'), BPS_DENOMINATOR);
}

export interface CctpPricingInput {
  readonly amount: bigint;
  readonly srcDomain: number;
  readonly dstDomain: number;
  readonly fees: IrisFees;
  /** Remaining fast allowance in USDC minor units; `null` when the source has no fast tier. */
  readonly fastAllowance: bigint | null;
  readonly now: number;
}

/** Prices a forwarded burn from the Iris fee table (pure). Throws VenueRejection when it cannot. */
export function priceQuote(input: CctpPricingInput): VenueQuote {
  const { amount, fees } = input;
  const fast = fees.find((f) => f.finalityThreshold === FAST_FINALITY);
  const standard = fees.find((f) => f.finalityThreshold === STANDARD_FINALITY);
  const useFast = fast !== undefined && input.fastAllowance !== null && amount <= input.fastAllowance;
  const entry = useFast ? fast : standard;
  if (!entry) throw new VenueRejection('venue_bad_response', `Iris gave no fee for finality threshold ${STANDARD_FINALITY}`, { path: '' });
  const forward = entry.forwardFee;
  // Where Circle's Forwarding Service does not serve the pair, the burn is plain and the recipient
  // mints on the destination themselves: a claim (docs/steps.md, "Claims").
  if (!forward) return priceManualBurn(input, entry);
  // Expected at the median; the burn allows the venue's own high estimate, since the forward fee is
  // gas-based and moves with destination gas: short of it, Circle does not forward and nobody mints.
  const forwardFee = BigInt(forward.med);
  const forwardHigh = forward.high === undefined ? forwardFee : BigInt(forward.high);
  const forwardAllowance = forwardHigh > forwardFee ? forwardHigh : forwardFee;
  return burnQuote(input, entry, { forwardFee, forwardAllowance });
}

/**
 * A burn without forwarding (`depositForBurn`, no hook): only the protocol fee is taken, and the
 * transfer needs a claim, `receiveMessage` on the destination once Iris attests. The recipient (or
 * anyone: the burn names no destination caller) pays that transaction's gas.
 */
function priceManualBurn(input: CctpPricingInput, entry: IrisFeeEntry): VenueQuote {
  return burnQuote(input, entry, null);
}

/**
 * The quote of a burn at `entry`'s finality: the protocol fee always, the forward fee when Circle
 * forwards (`maxFee` then allows its high estimate too); a manual burn is marked `route: 'manual'`.
 */
function burnQuote(input: CctpPricingInput, entry: IrisFeeEntry, forwarded: { forwardFee: bigint; forwardAllowance: bigint } | null): VenueQuote {
  const protocolFee = protocolFeeOf(input.amount, entry.minimumFee);
  const maxFee = ceilDiv(protocolFee * MAX_FEE_BUFFER_PERCENT, 100n) + (forwarded?.forwardAllowance ?? 0n);
  const forwardFee = forwarded?.forwardFee ?? 0n;
  if (input.amount <= maxFee) {
    throw new VenueRejection('below_min', `CCTP needs more than ${maxFee} USDC minor units to cover its ${forwarded ? 'fees' : 'fee'}`, { minAmountAtomic: (maxFee + 1n).toString() });
  }
  return {
    amountIn: input.amount,
    amountOut: input.amount - protocolFee - forwardFee,
    minAmountOut: input.amount - maxFee,
    estimatedSeconds: entry.finalityThreshold === FAST_FINALITY ? FAST_SECONDS : STANDARD_SECONDS,
    expiresAt: input.now + QUOTE_TTL_MS,
    context: {
      srcDomain: input.srcDomain,
      dstDomain: input.dstDomain,
      minFinalityThreshold: entry.finalityThreshold,
      maxFee: maxFee.toString(),
      protocolFee: protocolFee.toString(),
      forwardFee: forwardFee.toString(),
      ...(forwarded ? {} : { route: 'manual' }),
    },
  };
}

/** Turns an Iris HTTP error into what the adapter throws; 5xx stay VenueHttpError (venue faults). */
export function translateIrisError(error: unknown, route: string): unknown {
  if (!(error instanceof VenueHttpError) || error.status >= 500) return error;
  const said = irisErrorText(error.body);
  if (error.status === 429) return new VenueRejection('venue_rate_limited', `Iris rate limit hit on ${route}: ${said}`);
  if (route === 'fees' && (error.status === 400 || error.status === 404)) return new VenueRejection('route_not_served', `Iris does not price this domain pair: ${said}`);
  return new VenueRejection('venue_error', `Iris answered HTTP ${error.status} on ${route}: ${said}`);
}

function irisErrorText(body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; error?: unknown };
    if (typeof b.message === 'string') return b.message;
    if (typeof b.error === 'string') return b.error;
  }
  return 'no message';
}

/**
 * The message of the burn this transfer made (a transaction may hold several burns): the one to our
 * destination domain and recipient, else one Iris has not decoded yet (a live pending answer has
 * `decodedMessage: null`), else none — a message decoded for another destination is not ours.
 */
export function selectMessage(messages: readonly IrisMessage[], dstDomain: number, recipient: string): IrisMessage | undefined {
  const wanted = recipient.toLowerCase().replace(/^0x/, '');
  const matches = (m: IrisMessage): boolean => {
    const decoded = m.decodedMessage;
    if (!decoded) return false;
    const toRecipient = decoded.decodedMessageBody?.mintRecipient.toLowerCase().endsWith(wanted) ?? true;
    return Number(decoded.destinationDomain) === dstDomain && toRecipient;
  };
  return messages.find(matches) ?? messages.find((m) => !m.decodedMessage);
}

/** Iris lists messages of the transaction, none of them this transfer's burn. */
export function noMessageFor(dstDomain: number, count: number): VenueStatus {
  return {
    state: 'pending',
    venueStatus: 'not_indexed',
    destinationTxHash: null,
    receivedAmount: null,
    receivedAsset: null,
    detail: `Iris lists ${count} message(s) of this transaction, none to domain ${dstDomain} for this recipient`,
  };
}

export const NOT_INDEXED: VenueStatus = {
  state: 'pending',
  venueStatus: 'not_indexed',
  destinationTxHash: null,
  receivedAmount: null,
  receivedAsset: null,
  detail: 'Iris has not indexed the burn yet',
};

/** Status of a message Iris has not attested (or whose status value is unknown). */
export function mapUnattested(message: IrisMessage): VenueStatus {
  const known = Object.hasOwn(IRIS_STATUS_TABLE, message.status);
  const state: VenueTransferState = known ? IRIS_STATUS_TABLE[message.status as IrisStatus] : 'pending';
  const delay = message.delayReason ? ` (delay: ${message.delayReason})` : '';
  const detail = known ? `waiting for Circle's attestation${delay}` : `unknown Iris status '${message.status}'; treated as pending`;
  return { state, venueStatus: message.status, destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail, ...(known ? {} : { unrecognized: true }) };
}

export interface AttestedBurn {
  readonly nonce: Hex;
  readonly amount: bigint;
  readonly feeExecuted: bigint;
}

/**
 * Nonce, amount and executed fee of an attested message: decoded bodies first, the raw message else;
 * `null` when neither gives a bytes32 nonce and the amounts (Circle's own example has a decimal
 * nonce "9682" and an empty body), so the mint cannot be checked yet.
 */
export function attestedBurn(message: IrisMessage): AttestedBurn | null {
  const raw = message.message && isHex(message.message) && message.message.length > 2 ? message.message : null;
  const decodedRaw = raw ? safeDecode(raw) : null;
  const nonce = bytes32(message.eventNonce) ?? bytes32(message.decodedMessage?.nonce) ?? decodedRaw?.nonce ?? null;
  if (!nonce || /^0x0*$/.test(nonce)) return null;
  const body = message.decodedMessage?.decodedMessageBody;
  if (body && body.feeExecuted !== undefined && body.feeExecuted !== null) return { nonce, amount: BigInt(body.amount), feeExecuted: BigInt(body.feeExecuted) };
  if (decodedRaw) return { nonce, amount: decodedRaw.amount, feeExecuted: decodedRaw.feeExecuted };
  return null;
}

/** Status of a message Iris calls complete whose nonce or amounts cannot be read. */
export function unreadableAttestation(message: IrisMessage): VenueStatus {
  return {
    state: 'pending',
    venueStatus: message.status,
    destinationTxHash: null,
    receivedAmount: null,
    receivedAsset: null,
    detail: 'attested, but Iris gave no bytes32 nonce and amounts to check the mint with',
  };
}

function safeDecode(message: Hex): { nonce: Hex; amount: bigint; feeExecuted: bigint } | null {
  try {
    const header = decodeMessage(message);
    const body = decodeBurnBody(header.messageBody);
    return { nonce: header.nonce, amount: body.amount, feeExecuted: body.feeExecuted };
  } catch {
    return null;
  }
}

function bytes32(value: string | null | undefined): Hex | null {
  return value && isHex(value) && value.length === 66 ? value : null;
}

/** What the destination chain says about the mint of an attested message. */
export type MintEvidence =
  | { readonly kind: 'no_rpc' }
  | { readonly kind: 'unreadable'; readonly reason: string }
  | { readonly kind: 'not_minted' }
  | { readonly kind: 'minted'; readonly txHash: string | null };

/** Status of an attested message: completed only when the destination chain shows the nonce used. */
export function mapAttested(message: IrisMessage, burn: AttestedBurn, evidence: MintEvidence, toChain: string, receivedAsset: string | null): VenueStatus {
  const base = { venueStatus: message.status, destinationTxHash: null, receivedAmount: null, receivedAsset: null };
  switch (evidence.kind) {
    case 'no_rpc':
      return { ...base, state: 'pending', detail: `attested; no RPC configured for ${toChain} to confirm the mint` };
    case 'unreadable':
      return { ...base, state: 'pending', detail: `attested; could not read the mint on ${toChain}: ${evidence.reason}` };
    case 'not_minted':
      return { ...base, state: 'pending', detail: `attested; waiting for the mint on ${toChain}` };
    case 'minted':
      return {
        state: 'completed',
        venueStatus: message.status,
        // The Forwarding Service names its mint transaction; the chain's log is the proof when both exist.
        destinationTxHash: evidence.txHash ?? bytes32(message.forwardTxHash),
        receivedAmount: burn.amount - burn.feeExecuted,
        receivedAsset,
        detail: evidence.txHash ?? bytes32(message.forwardTxHash) ? null : `minted on ${toChain}; the mint transaction was not found in recent blocks`,
      };
  }
}
