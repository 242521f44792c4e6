import { getAddress, type Address, type Hex } from 'viem';
import { sameEvmAddress } from '../../domain/addresses/sameAddress.ts';
import type { RejectionCode } from '../../domain/errors.ts';
import { badResponse } from '../depositVenueSupport.ts';
import type { CallIntent } from '../allowList.ts';
import { VenueRejection, type VenueStatus, type VenueTransferState } from '../Venue.ts';
import { decodeDirectDeposit, encodeDirectDeposit, type GaszipShortId } from './gaszipCalldata.ts';
import { gaszipChainById, type GaszipChain } from './gaszipChains.ts';
import type { GaszipDeposit, GaszipPriced, GaszipQuote } from './gaszipSchemas.ts';

/**
 * Pure translation between Strait and Gas.zip v2. Gas.zip pays native gas from its own inventory on
 * the destination after a native deposit on the source; its quote names the output it guarantees for
 * 60 s when `from` and `to` are given, so `minAmountOut` is `expected`.
 */

/** A quote without `expires` is held this long (Gas.zip guarantees its output for 60 s). */
export const QUOTE_TTL_MS = 60 * 1000;

/** Per-chain quote errors Gas.zip answers (its docs and integrations) → Strait's codes. */
export const GASZIP_ERROR_CODES: Readonly<Record<string, RejectionCode>> = {
  'Quote: Insufficent Liquidity': 'no_liquidity',
  'Quote: Chain Limit Exceeded': 'no_liquidity',
  'Quote: Chain Throttled': 'no_liquidity',
};

const LIQUIDITY = /liquidity|throttl|limit/i;
const UNSERVED = /unsupported|not supported|invalid chain|unknown chain/i;

/** A per-chain or whole-quote error text → the rejection to throw. */
export function quoteErrorRejection(error: string, chain: GaszipChain): VenueRejection {
  const known = GASZIP_ERROR_CODES[error];
  const code: RejectionCode = known ?? (UNSERVED.test(error) ? 'route_not_served' : LIQUIDITY.test(error) ? 'no_liquidity' : 'venue_error');
  return new VenueRejection(code, `Gas.zip cannot refuel ${chain.chain} now: ${error}`, { venueError: error });
}

/** A wei amount as Gas.zip wrote it; a JSON number past 2^53 would already have lost digits. */
export function weiOf(value: string | number, path: string): bigint {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) throw badResponse(`Gas.zip wrote ${value} as a JSON number past exact integers`, path);
  return BigInt(value);
}

/** The priced entry for `chain`, or the rejection its error names. */
export function pricedFor(answer: GaszipQuote, chain: GaszipChain): GaszipPriced {
  const index = answer.quotes.findIndex((q) => q.chain === chain.chainId);
  const entry = answer.quotes[index];
  if (!entry) {
    if (answer.error) throw quoteErrorRejection(answer.error, chain);
    throw badResponse(`Gas.zip quoted no entry for chain ${chain.chainId}`, '/quotes');
  }
  if ('error' in entry) throw quoteErrorRejection(entry.error, chain);
  return entry;
}

/**
 * Whether Gas.zip's own `calldata` pays the same recipient on the same chain as the data Strait
 * encodes: a second, independent encoding of the same deposit (Strait's short-id table against
 * Gas.zip's). Gas.zip writes `01` (pay the sender) when `to` equals `from`.
 */
export function venueCalldataProblem(calldata: string | undefined, ours: { readonly recipient: Address; readonly short: GaszipShortId; readonly sender: string }): string | null {
  if (calldata === undefined) return 'Gas.zip answered no calldata';
  const shorts = ours.short.toString(16).padStart(4, '0');
  if (calldata.toLowerCase() === `0x01${shorts}`) return sameEvmAddress(ours.sender, ours.recipient) ? null : 'Gas.zip would pay the sender, not the recipient';
  const decoded = decodeDirectDeposit(calldata);
  if (!decoded.ok) return `Gas.zip calldata ${calldata} ${decoded.reason}`;
  const expected = encodeDirectDeposit({ recipient: ours.recipient, destinations: [ours.short] });
  return encodeDirectDeposit(decoded.deposit) === expected ? null : `Gas.zip calldata ${calldata} pays ${decoded.deposit.recipient} on short ids ${decoded.deposit.destinations.join(',')} instead of ${ours.recipient} on ${ours.short}`;
}

/**
 * The allow-list check of a Direct Deposit, at build and again at submit: the native value is the
 * amount moved, and the data pays exactly the transfer's recipient on exactly its destination.
 */
export function whyNotGaszipDeposit(data: Hex, value: bigint, intent: CallIntent): string | null {
  if (intent.sourceToken !== null) return 'a Gas.zip deposit moves the native coin only';
  if (value !== intent.amount) return `the deposit sends ${value} instead of the ${intent.amount} moved`;
  const destination = intent.destinationChainId === null ? undefined : gaszipChainById(intent.destinationChainId);
  if (!destination) return `Gas.zip has no short id for chain ${String(intent.destinationChainId)}`;
  const decoded = decodeDirectDeposit(data);
  if (!decoded.ok) return `the deposit data ${decoded.reason}`;
  const { recipient, destinations } = decoded.deposit;
  if (destinations.length !== 1 || destinations[0] !== destination.short) return `the deposit data names short ids ${destinations.join(',')} instead of ${destination.short} (${destination.chain})`;
  if (!sameEvmAddress(recipient, intent.recipient)) return `the deposit data pays ${recipient} instead of ${intent.recipient}`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------------------------

/** Every Gas.zip transaction status. A value not listed maps to pending, never to a final state. */
export const GASZIP_STATUS_TABLE: Readonly<Record<string, VenueTransferState>> = {
  SEEN: 'pending',
  PENDING: 'pending',
  PRIORITY: 'pending',
  CONFIRMED: 'completed',
  CANCELLED: 'failed',
};

const pending = (venueStatus: string, detail: string, unrecognized = false): VenueStatus => ({
  state: 'pending',
  venueStatus,
  destinationTxHash: null,
  receivedAmount: null,
  receivedAsset: null,
  detail,
  ...(unrecognized ? { unrecognized: true } : {}),
});

/** A `GET /v2/deposit/{hash}` answer → Strait's status of the one destination Strait asked for. */
export function statusOf(answer: GaszipDeposit, outboundChainId: number, recipient: string): VenueStatus {
  // A refund goes back to the sender, perhaps on the deposit chain: looked for on every chain.
  const refund = answer.txs.find((tx) => tx.refund === true && tx.status === 'CONFIRMED');
  const txs = answer.txs.filter((tx) => tx.chain === outboundChainId);
  if (refund) return { state: 'refunded', venueStatus: 'CONFIRMED', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: `Gas.zip refunded the deposit in ${refund.hash}` };
  const tx = txs.find((t) => t.refund !== true);
  if (!tx) return pending(answer.deposit.status, `deposit ${answer.deposit.status.toLowerCase()}; no outbound transaction yet`);
  if (tx.cancelled === true) return { state: 'failed', venueStatus: tx.status, destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'Gas.zip cancelled the outbound transaction' };
  const state = Object.hasOwn(GASZIP_STATUS_TABLE, tx.status) ? GASZIP_STATUS_TABLE[tx.status] : undefined;
  if (state === undefined) return pending(tx.status, `unknown Gas.zip status "${tx.status}"; treated as pending`, true);
  if (tx.to !== undefined && !sameEvmAddress(tx.to, recipient)) throw badResponse(`Gas.zip reports a payout to ${tx.to} instead of ${recipient}`, '/txs/to');
  if (state === 'completed') return { state, venueStatus: tx.status, destinationTxHash: tx.hash, receivedAmount: weiOf(tx.value, '/txs/value'), receivedAsset: 'native', detail: null };
  if (state === 'failed') return { state, venueStatus: tx.status, destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: 'Gas.zip cancelled the outbound transaction' };
  return { ...pending(tx.status, `outbound transaction ${tx.status.toLowerCase()}`), destinationTxHash: tx.hash };
}

export const checksummed = (address: string): Address => getAddress(address);
