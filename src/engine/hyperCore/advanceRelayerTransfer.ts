import type { Hex } from 'viem';
import { getAddress } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';
import type { JsonObject } from '../../domain/steps.ts';
import { resolveToken } from '../../domain/tokens.ts';
import type { TransferStatus } from '../../domain/transferStatus.ts';
import { creditHashesTo, creditedFromPayment, findHyperCoreCredit, reserveHyperCoreCredit, resignHyperCoreCredit, updateHyperCoreCredit, type HyperCoreCreditRecord } from '../../store/hyperCoreCreditRepository.ts';
import type { TransferPatch, TransferRecord } from '../../store/transferRepository.ts';
import type { CallContext } from '../../venues/Venue.ts';
import { isNonceAlreadyUsed } from '../../venues/hyperliquid/hyperCoreApi.ts';
import { ARBITRUM_USDC } from '../../venues/hyperliquid/hyperCoreConstants.ts';
import { isHyperliquidVenue, readHyperliquidContext, type HyperCoreRelayer, type HyperliquidContext } from '../../venues/hyperliquid/hyperliquidVenue.ts';
import type { EngineDeps } from '../EngineDeps.ts';
import { sanitizeVenueMessage } from '../sanitizeVenueMessage.ts';
import { RELAYER_VENUE } from './relayedExecution.ts';

/** Refusals of a credit before it is given up and the transfer fails with the USDC held by the relayer. */
export const MAX_CREDIT_ATTEMPTS = 12;
/** How long a sent credit may be absent from the account's ledger before it is taken as not landed. */
export const SENT_GRACE_MS = 60_000;

export interface WorkerMoves {
  postpone(detail: string, patch?: TransferPatch): Promise<void>;
  finish(status: TransferStatus, patch: TransferPatch): Promise<void>;
}

/**
 * One poll of a relayer-route transfer (docs/hypercore.md): first the USDC must have reached the
 * relayer on arbitrum — the leg venue says so and the chain confirms the amount, or the user's own
 * transfer landed — then the relayer credits the account once. The credit's signed action is stored
 * before it is sent (hyperCoreCreditRepository.ts), so a worker that dies mid-credit leaves the same
 * action, with the same nonce, for the next one: the exchange takes it once.
 */
export async function advanceRelayerTransfer(deps: EngineDeps, transfer: TransferRecord, moves: WorkerMoves): Promise<void> {
  const venue = deps.venues.get(RELAYER_VENUE)?.venue;
  if (!isHyperliquidVenue(venue) || !venue.relayer) return moves.postpone('the HyperCore relayer is not configured (STRAIT_VENUE_HYPERLIQUID_SIGNER_KEY); waiting to credit');
  const relayer = venue.relayer;
  const relay = readHyperliquidContext(transfer.venueContext);
  if (relayer.address.toLowerCase() !== relay.relayer.toLowerCase()) {
    return moves.postpone(`the transfer paid relayer ${relay.relayer}, but the configured relayer is ${relayer.address}; an operator must credit it from that account`);
  }
  const call: CallContext = { signal: AbortSignal.timeout(10_000), requestId: `transfer-${transfer.id}`, purpose: 'status' };
  let credit = await findHyperCoreCredit(deps.store.db, transfer.id);
  if (!credit) {
    const payment = await paymentToRelayer(deps, relayer, transfer, relay, call, moves);
    if (payment === null) return;
    const fee = BigInt(relay.activationFeeAtomic);
    const drawn = await creditedFromPayment(deps.store.db, payment.txHash, transfer.id);
    const available = payment.paid - drawn;
    // What arrived for this transfer, less a new account's activation fee; never more than quoted.
    const amount = minOf(available - fee, transfer.expectedOut);
    if (amount <= 0n) {
      return moves.finish('FAILED', {
        destinationTxHash: payment.txHash,
        statusDetail: `the relayer received ${available > 0n ? available : 0n} USDC (atomic) for this transfer in ${payment.txHash}, too little to credit after the ${fee} activation fee; it is held by the relayer, not credited`,
        postStep: postStepOf(null, relay, { paidTxHash: payment.txHash, heldAtomic: (available > 0n ? available : 0n).toString() }),
      });
    }
    credit = await reserveHyperCoreCredit(
      deps.store.db,
      { transferId: transfer.id, relayer: relayer.address, destination: getAddress(transfer.recipientWallet), balance: relay.balance, amount, activationFee: fee, paidTx: payment.txHash },
      deps.now(),
      (nonce) => relayer.signCredit({ destination: getAddress(transfer.recipientWallet), balance: relay.balance, amountAtomic: amount, nonce }),
    );
    deps.logger.info({ transferId: transfer.id, relayer: relayer.address, destination: credit.destination, balance: credit.balance, amountAtomic: credit.amount.toString(), nonce: credit.nonce, paidTx: credit.paidTx }, 'hypercore credit reserved');
  }
  return settleCredit(deps, transfer, relay, relayer, credit, call, moves);
}

/** The arbitrum transaction that paid the relayer for this transfer and how much USDC it paid, or null (the poll has moved on). */
async function paymentToRelayer(deps: EngineDeps, relayer: HyperCoreRelayer, transfer: TransferRecord, relay: HyperliquidContext, call: CallContext, moves: WorkerMoves): Promise<{ txHash: Hex; paid: bigint } | null> {
  let txHash: Hex;
  if (relay.leg) {
    const leg = deps.venues.get(relay.leg.venue)?.venue;
    const usdc = resolveToken('arbitrum', ARBITRUM_USDC);
    if (!leg || !usdc) {
      await moves.postpone(`the leg venue ${relay.leg.venue} is not available; retrying`);
      return null;
    }
    let status;
    try {
      status = await leg.status(
        { fromChain: transfer.fromChain as ChainKey, toChain: 'arbitrum', toToken: usdc, sourceTxHash: transfer.sourceTxHash ?? '', recipient: relay.relayer, amountIn: transfer.amountIn, expectedOut: BigInt(String((relay.leg.quote as JsonObject).amountOut ?? '0')), context: (relay.legContext ?? {}) as JsonObject },
        call,
      );
    } catch (error) {
      await moves.postpone(`${relay.leg.venue} status unavailable (${sanitizeVenueMessage((error as Error)?.message ?? String(error))}); retrying`);
      return null;
    }
    const legDetail = `${relay.leg.venue} carries the USDC to Strait's relayer on arbitrum: ${status.detail ?? status.venueStatus}`;
    if (status.state === 'pending') {
      await moves.postpone(legDetail, transfer.status === 'SUBMITTED' ? { status: 'PENDING' } : {});
      return null;
    }
    if (status.state !== 'completed' || !status.destinationTxHash) {
      const next: TransferStatus = status.state === 'refunded' ? 'REFUNDED' : status.state === 'partial' ? 'PARTIAL' : 'FAILED';
      await moves.finish(next, { statusDetail: `${legDetail}; nothing was credited on HyperCore`, receivedAmount: status.receivedAmount, receivedAsset: status.receivedAsset });
      return null;
    }
    txHash = status.destinationTxHash as Hex;
  } else {
    if (!transfer.sourceTxHash || transfer.sourceTxBlock == null) {
      await moves.postpone('waiting for the arbitrum transfer to the relayer to land', transfer.status === 'SUBMITTED' ? { status: 'PENDING' } : {});
      return null;
    }
    txHash = transfer.sourceTxHash as Hex;
  }
  let paid: bigint | null;
  try {
    paid = await relayer.paidOnArbitrum(txHash);
  } catch (error) {
    await moves.postpone(`the relayer could not read ${txHash} on arbitrum (${sanitizeVenueMessage((error as Error).message)}); retrying`);
    return null;
  }
  if (paid === null) {
    await moves.postpone(`waiting for ${txHash} to be mined on arbitrum`);
    return null;
  }
  return { txHash, paid };
}

async function settleCredit(deps: EngineDeps, transfer: TransferRecord, relay: HyperliquidContext, relayer: HyperCoreRelayer, stored: HyperCoreCreditRecord, call: CallContext, moves: WorkerMoves): Promise<void> {
  let credit = stored;
  if (credit.state === 'failed') return failCredit(transfer, relay, credit, moves);
  if (credit.state === 'signed') {
    if (credit.balance === 'spot') await relayer.ensureSpot(credit.amount + credit.activationFee, call).catch((error: unknown) => deps.logger.warn({ err: error, transferId: transfer.id }, 'moving relayer USDC to spot failed'));
    let outcome;
    try {
      outcome = await relayer.sendSigned(credit.signedAction, call);
    } catch (error) {
      // Unknown whether the exchange took it: the same signed action goes again next poll.
      return moves.postpone(`the HyperCore credit could not be sent (${sanitizeVenueMessage((error as Error).message)}); retrying with the same signed action`);
    }
    if (outcome.status === 'err' && !isNonceAlreadyUsed(outcome.message)) return refused(deps, transfer, relay, relayer, credit, outcome.message, moves);
    // Taken now, or an earlier send under this nonce reached the exchange: the ledger tells which.
    await updateHyperCoreCredit(deps.store.db, transfer.id, { state: 'sent', attempts: credit.attempts + 1 }, deps.now());
    credit = { ...credit, state: 'sent', attempts: credit.attempts + 1, updatedAt: deps.now() };
  }
  let entry;
  try {
    const exclude = await creditHashesTo(deps.store.db, credit.destination, transfer.id);
    entry = await relayer.findCredit({ destination: getAddress(credit.destination), balance: credit.balance, amountAtomic: credit.amount, activationFeeAtomic: credit.activationFee, since: credit.createdAt, nonce: credit.nonce, exclude }, call);
  } catch (error) {
    return moves.postpone(`the HyperCore credit was sent; its ledger could not be read (${sanitizeVenueMessage((error as Error).message)}); retrying`);
  }
  if (!entry) {
    // The exchange writes the ledger in the block that takes the action. Still absent a while after
    // the send, the action never landed (a refusal whose answer was lost also spends the nonce).
    if (deps.now() - credit.updatedAt > SENT_GRACE_MS) return refused(deps, transfer, relay, relayer, credit, 'the credit never reached the account ledger', moves);
    return moves.postpone('the HyperCore credit was sent; waiting for it in the account ledger');
  }
  await updateHyperCoreCredit(deps.store.db, transfer.id, { state: 'credited', txHash: entry.hash.toLowerCase() }, deps.now());
  deps.logger.info({ transferId: transfer.id, relayer: relayer.address, destination: credit.destination, amountAtomic: credit.amount.toString(), hypercoreTx: entry.hash }, 'hypercore credit landed');
  void relayer.topUp().then(
    (hash) => hash && deps.logger.info({ relayer: relayer.address, txHash: hash }, 'relayer topped up its HyperCore balance through Bridge2'),
    (error: unknown) => deps.logger.warn({ err: error }, 'relayer top-up failed'),
  );
  return moves.finish('COMPLETED', {
    destinationTxHash: entry.hash,
    receivedAmount: entry.usdcAtomic ?? credit.amount,
    receivedAsset: transfer.toAsset,
    statusDetail: `credited ${entry.usdcAtomic ?? credit.amount} (atomic) to the HyperCore ${credit.balance} balance of ${credit.destination}`,
    postStep: postStepOf({ ...credit, amount: entry.usdcAtomic ?? credit.amount }, relay, { txHash: entry.hash, creditedAt: entry.time }),
  });
}

/**
 * A refused credit spent its nonce at the exchange and can never land: it is signed again with a
 * fresh nonce for the next poll, and the relayer tries a top-up; after {@link MAX_CREDIT_ATTEMPTS}
 * refusals the transfer fails with the USDC recorded as held.
 */
async function refused(deps: EngineDeps, transfer: TransferRecord, relay: HyperliquidContext, relayer: HyperCoreRelayer, credit: HyperCoreCreditRecord, message: string, moves: WorkerMoves): Promise<void> {
  const attempts = credit.state === 'sent' ? credit.attempts : credit.attempts + 1;
  deps.logger.warn({ transferId: transfer.id, relayer: relayer.address, attempts, nonce: credit.nonce, exchangeMessage: message }, 'hypercore credit refused');
  void relayer.topUp().catch((error: unknown) => deps.logger.warn({ err: error }, 'relayer top-up failed'));
  if (attempts >= MAX_CREDIT_ATTEMPTS) {
    await updateHyperCoreCredit(deps.store.db, transfer.id, { state: 'failed', attempts, lastError: message }, deps.now());
    return failCredit(transfer, relay, { ...credit, attempts, lastError: message, state: 'failed' }, moves);
  }
  const destination = getAddress(credit.destination);
  await resignHyperCoreCredit(deps.store.db, credit, deps.now(), (nonce) => relayer.signCredit({ destination, balance: credit.balance, amountAtomic: credit.amount, nonce }));
  await updateHyperCoreCredit(deps.store.db, transfer.id, { attempts, lastError: message }, deps.now());
  return moves.postpone(`the exchange refused the HyperCore credit (${sanitizeVenueMessage(message)}); retrying with a fresh nonce (${attempts}/${MAX_CREDIT_ATTEMPTS})`);
}

function failCredit(transfer: TransferRecord, relay: HyperliquidContext, credit: HyperCoreCreditRecord, moves: WorkerMoves): Promise<void> {
  return moves.finish('FAILED', {
    statusDetail: `the HyperCore credit failed ${credit.attempts} times (${credit.lastError ?? 'refused'}); the ${credit.amount + credit.activationFee} USDC (atomic) paid in ${credit.paidTx} is held by the relayer, recorded against this transfer`,
    postStep: postStepOf(credit, relay, { heldAtomic: (credit.amount + credit.activationFee).toString() }),
    receivedAmount: transfer.receivedAmount,
  });
}

/** The transfer's `postStep` (docs/hypercore.md): the relayer's credit, what it moved and where. */
function postStepOf(credit: HyperCoreCreditRecord | null, relay: HyperliquidContext, extra: Record<string, string | number>): JsonObject {
  return {
    type: 'hypercore_credit',
    action: relay.balance === 'spot' ? 'spotSend' : 'usdSend',
    balance: relay.balance,
    relayer: relay.relayer,
    txHash: null,
    creditedAmountAtomic: null,
    activationFeeAtomic: relay.activationFeeAtomic,
    ...(credit ? { nonce: credit.nonce, paidTxHash: credit.paidTx, status: credit.state === 'failed' ? 'failed' : 'credited', creditedAmountAtomic: credit.state === 'failed' ? null : credit.amount.toString() } : { status: 'failed' }),
    ...extra,
  };
}

function minOf(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
