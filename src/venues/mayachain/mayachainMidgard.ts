import { Type, type Static } from 'typebox';
import { VenueRejection, type CallContext, type VenueStatus, type VenueStatusRequest, type VenueTransferState } from '../Venue.ts';
import { Value } from 'typebox/value';
import { VenueHttpError, type VenueHttpClient } from '../venueHttpClient.ts';
import { translatePoolError } from '../shared/thorchainFamily/poolMapping.ts';
import { PoolErrorSchema } from '../shared/thorchainFamily/poolSchemas.ts';
import { chainInfo } from '../../domain/chains.ts';
import { fromE8, poolAsset } from '../shared/thorchainFamily/poolNetwork.ts';
import { MAYACHAIN, mayachainChain } from './mayachainChains.ts';

/**
 * Maya's transfers tracked on its Midgard (`GET /v2/actions?txid={HASH}`), the indexer xchainjs and
 * ShapeShift read, rather than MAYANode's `tx/status`: Midgard's answers are the ones recorded for
 * real (fixtures/real/SOURCES.json), and they say all a transfer needs — a swap `pending` until its
 * outbound is observed, then `success` with the payouts (`out`: address, coins in 1e8 units, the
 * outbound's hash; empty for payouts on Maya itself), or a `refund` action with the reason and the
 * coins returned.
 */

const UINT_STRING = Type.String({ pattern: '^[0-9]{1,40}$' });
const CoinSchema = Type.Object({ asset: Type.String({ maxLength: 200 }), amount: UINT_STRING });
const LegSchema = Type.Object({
  address: Type.String({ maxLength: 200 }),
  txID: Type.String({ maxLength: 128 }),
  coins: Type.Array(CoinSchema, { maxItems: 16 }),
});

export const MidgardActionsSchema = Type.Object({
  actions: Type.Array(
    Type.Object({
      type: Type.String({ maxLength: 64 }),
      status: Type.String({ maxLength: 64 }),
      in: Type.Array(LegSchema, { maxItems: 16 }),
      out: Type.Array(LegSchema, { maxItems: 16 }),
    }),
    { maxItems: 64 },
  ),
});
export type MidgardActions = Static<typeof MidgardActionsSchema>;
type MidgardAction = MidgardActions['actions'][number];
type MidgardLeg = MidgardAction['in'][number];

/**
 * The stages an answer reduces to (the table is the mapping, every name explicit). A streaming swap
 * that fills in part pays the filled part and returns the rest to the sender in the input asset
 * (`partial`); a refund smaller than the outbound fee returns nothing (the network keeps it).
 */
export const MIDGARD_STATUS_TABLE: Readonly<Record<string, VenueTransferState>> = {
  not_observed: 'pending',
  swap_pending: 'pending',
  refund_pending: 'pending',
  out: 'completed',
  out_and_refund: 'partial',
  refund: 'refunded',
  refund_nothing: 'failed',
};

const DETAIL: Readonly<Record<string, string>> = {
  not_observed: "Maya's Midgard has not indexed the inbound transaction yet",
  swap_pending: 'swap in progress or outbound not yet sent (streaming swaps take several blocks)',
  refund_pending: 'the swap failed; the refund to the sender is not sent yet',
  out: 'paid out to the recipient',
  out_and_refund: 'a streaming swap filled in part: the filled part was paid out, the rest returned to the sender',
  refund: 'the swap failed and the input was returned to the sender',
  refund_nothing: 'the swap failed and the refund was smaller than the outbound fee: nothing was returned',
};

const ZERO_ID = /^0*$/;
const positive = (leg: MidgardLeg): boolean => leg.coins.some((coin) => BigInt(coin.amount) > 0n);

interface Reading {
  readonly stage: string | null;
  readonly payouts: readonly MidgardLeg[];
  readonly why?: string;
}

/**
 * Reads the actions whose inbound is `hash` (an answer may list others: Midgard matches any in or
 * out hash, and an address query lists a wallet's history). A payout is an out leg paying the
 * recipient in an asset other than the input's; an out leg paying the sender in the input asset is
 * the returned rest of a partial fill; any other leg (an affiliate's fee swapped to CACAO, say) is
 * not the transfer's.
 */
export function readMidgardActions(body: MidgardActions, hash: string, paysRecipient: (address: string) => boolean): Reading {
  const mine = body.actions.filter((action) => action.in.some((leg) => leg.txID.toUpperCase() === hash));
  if (mine.length === 0) return { stage: 'not_observed', payouts: [] };
  const odd = mine.find((action) => !['swap', 'refund'].includes(action.type) || !['pending', 'success'].includes(action.status));
  if (odd) return { stage: null, payouts: [], why: `a ${odd.type} action ${odd.status}` };
  const refunds = mine.filter((action) => action.type === 'refund');
  if (mine.some((action) => action.status === 'pending')) return { stage: refunds.some((action) => action.status === 'pending') ? 'refund_pending' : 'swap_pending', payouts: [] };
  const payouts: MidgardLeg[] = [];
  let returnedRest = false;
  for (const action of mine.filter((candidate) => candidate.type === 'swap')) {
    const senders = new Set(action.in.map((leg) => leg.address.toLowerCase()));
    const inputAssets = new Set(action.in.flatMap((leg) => leg.coins.map((coin) => coin.asset.toUpperCase())));
    for (const leg of action.out) {
      const inInputAsset = leg.coins.every((coin) => inputAssets.has(coin.asset.toUpperCase()));
      if (inInputAsset && senders.has(leg.address.toLowerCase())) returnedRest ||= positive(leg);
      else if (!inInputAsset && paysRecipient(leg.address)) payouts.push(leg);
    }
  }
  if (payouts.length > 0) return { stage: returnedRest || refunds.length > 0 ? 'out_and_refund' : 'out', payouts };
  if (refunds.length > 0) return { stage: refunds.some((action) => action.out.some(positive)) ? 'refund' : 'refund_nothing', payouts: [] };
  // A swap Midgard calls done that pays no one the transfer names: not a completion to report.
  return { stage: null, payouts: [], why: 'a finished swap with no payout to the recipient' };
}

/**
 * Maps an answer. The payout's hash is the destination hash (`0x`-prefixed lower-case on EVM
 * chains; payouts on Maya itself carry none); its coins, in 1e8 units rescaled to the destination
 * token's decimals, the received amount — only when paid in the asset the transfer asked for.
 */
export function toMidgardStatus(body: MidgardActions, request: VenueStatusRequest, hash: string): VenueStatus {
  const evmDestination = chainInfo(request.toChain).vm === 'evm';
  const paysRecipient = (address: string): boolean => (evmDestination ? address.toLowerCase() === request.recipient.toLowerCase() : address === request.recipient);
  const reading = readMidgardActions(body, hash, paysRecipient);
  if (reading.stage === null) {
    return { state: 'pending', venueStatus: 'unknown_action', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: `Maya's Midgard shows ${reading.why ?? 'an action the adapter does not know'}`, unrecognized: true };
  }
  const state = MIDGARD_STATUS_TABLE[reading.stage] ?? 'pending';
  const chain = mayachainChain(request.toChain);
  const asked = chain ? poolAsset(MAYACHAIN, chain, request.toToken)?.toUpperCase() : undefined;
  const payout = reading.payouts[0];
  const id = payout !== undefined && !ZERO_ID.test(payout.txID) ? payout.txID : null;
  const inAsked = payout !== undefined && payout.coins.length > 0 && payout.coins.every((coin) => coin.asset.toUpperCase() === asked);
  const amount = inAsked ? reading.payouts.flatMap((leg) => leg.coins).reduce((sum, coin) => sum + BigInt(coin.amount), 0n) : null;
  return {
    state,
    venueStatus: reading.stage,
    destinationTxHash: id === null ? null : evmDestination ? `0x${id.toLowerCase().replace(/^0x/, '')}` : id,
    receivedAmount: amount === null ? null : fromE8(amount, request.toToken.decimals),
    receivedAsset: null,
    detail: payout !== undefined && !inAsked ? `${DETAIL[reading.stage] ?? ''} (in ${payout.coins.map((coin) => coin.asset).join(', ')}, not the asset asked)` : (DETAIL[reading.stage] ?? null),
  };
}

/** `GET /v2/actions?txid=` on Midgard; an unknown hash is an empty list (or a 404). */
export async function midgardStatus(midgard: VenueHttpClient, request: VenueStatusRequest, call: CallContext): Promise<VenueStatus> {
  const hash = request.sourceTxHash.replace(/^0x/i, '').toUpperCase();
  if (!/^[0-9A-F]{64}$/.test(hash)) throw new VenueRejection('invalid_input', `'${request.sourceTxHash}' is not a transaction hash Maya Protocol tracks`);
  let body: MidgardActions | null;
  try {
    body = await midgard.get('/v2/actions', { txid: hash }, MidgardActionsSchema, call, { notFoundAs: null });
  } catch (error) {
    if (!(error instanceof VenueHttpError)) throw error;
    throw translatePoolError(MAYACHAIN.name, error, Value.Check(PoolErrorSchema, error.body) ? error.body : null, 8);
  }
  if (body === null) return { state: 'pending', venueStatus: 'not_observed', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: DETAIL.not_observed ?? null };
  return toMidgardStatus(body, request, hash);
}
