import { Type, type Static } from 'typebox';
import type { VenueTransferState } from '../Venue.ts';

/**
 * LayerZero Scan's `GET /v1/messages/tx/{hash}` (docs.layerzero.network "LayerZero Scan API"), shared
 * by the venues whose transfers are LayerZero messages (Stargate, USDT0). Only the fields the adapters
 * use are required; everything else passes through untouched.
 */

const Nullable = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

/**
 * One message as Scan reports it. `status.name` stays a free string so an undocumented value reaches
 * the status table (pending, unrecognized) rather than failing validation; a message still waiting has
 * a `destination` without `tx`, and `failedTx` holds objects, not strings.
 */
const ScanMessageSchema = Type.Object({
  pathway: Type.Optional(Type.Object({ srcEid: Type.Optional(Type.Integer()), dstEid: Type.Optional(Type.Integer()) })),
  source: Type.Optional(Type.Object({ status: Type.Optional(Type.String()), tx: Type.Optional(Type.Object({ txHash: Type.Optional(Type.String()), payload: Type.Optional(Type.String()) })) })),
  destination: Type.Optional(Type.Object({ status: Type.Optional(Type.String()), tx: Type.Optional(Type.Object({ txHash: Type.Optional(Type.String()) })) })),
  guid: Type.Optional(Type.String()),
  status: Type.Object({ name: Type.String(), message: Nullable(Type.String()) }),
});
export type ScanMessage = Static<typeof ScanMessageSchema>;

export const ScanMessagesSchema = Type.Object({ data: Type.Array(ScanMessageSchema) });
export type ScanMessages = Static<typeof ScanMessagesSchema>;

/** LayerZero Scan's public API, where status goes unless a venue is pointed elsewhere. */
export const PUBLIC_SCAN_URL = 'https://scan.layerzero-api.com/v1';

/**
 * Scan's message status (`status.name`; docs.layerzero.network "LayerZero Scan" transaction statuses,
 * and the wider enum Scan clients decode) → Strait's state. An OFT never refunds on its own: a message
 * that cannot be delivered leaves the funds debited until someone acts, so it is `failed`, and a stored
 * payload or a blocked nonce stays `pending` (delivery can still be retried).
 */
export const LAYERZERO_STATUS_TABLE: Readonly<Record<string, VenueTransferState>> = {
  CONFIRMING: 'pending', // the source transaction awaits finality (reorg / replacement watch)
  INFLIGHT: 'pending', // sent, awaiting DVN verification and the executor
  DELIVERED: 'completed',
  PAYLOAD_STORED: 'pending', // arrived, but the destination call reverted or ran out of gas: needs a retry
  BLOCKED: 'pending', // an earlier nonce of the pathway holds a stored payload
  FAILED: 'failed',
  APPLICATION_BURNED: 'failed', // the application burned the nonce: it will never be delivered
  APPLICATION_SKIPPED: 'failed', // the application skipped the nonce: it will never be delivered
  UNRESOLVABLE_COMMAND: 'failed',
  MALFORMED_COMMAND: 'failed',
};

const DETAILS: Readonly<Record<string, string>> = {
  PAYLOAD_STORED: 'the LayerZero message reached the destination but its execution reverted; it needs a retry there',
  BLOCKED: 'the LayerZero message waits behind an earlier stuck message of the same pathway',
};

/** A message's state through the table, the detail to show, and whether the value was known. */
export function scanStateOf(message: ScanMessage): { readonly state: VenueTransferState; readonly known: boolean; readonly detail: string | null } {
  const name = message.status.name;
  const known = Object.hasOwn(LAYERZERO_STATUS_TABLE, name);
  const detail = !known ? `LayerZero Scan reported '${name}', which Strait does not know yet` : (DETAILS[name] ?? message.status.message ?? null);
  return { state: known ? LAYERZERO_STATUS_TABLE[name]! : 'pending', known, detail };
}

/** The message of this transfer among those of its source transaction: the one to the destination's endpoint, else the only one. */
export function pickMessage(messages: readonly ScanMessage[], dstEid: number): ScanMessage | null {
  return messages.find((m) => m.pathway?.dstEid === dstEid) ?? (messages.length === 1 ? messages[0]! : null);
}

/** A source transaction Scan has not indexed yet, or whose messages go elsewhere: still pending. */
export function unindexedStatus(messages: readonly ScanMessage[], toChain: string) {
  const detail = messages.length === 0 ? 'LayerZero Scan has not indexed the message yet' : `LayerZero Scan lists ${messages.length} messages for the transaction, none to ${toChain}`;
  return { state: 'pending' as const, venueStatus: 'NOT_INDEXED', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail };
}
