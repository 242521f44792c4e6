import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { Address, Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferStatus } from '../../domain/transferStatus.ts';
import { insertDecision } from '../../store/decisionRepository.ts';
import { findHyperCoreCredit } from '../../store/hyperCoreCreditRepository.ts';
import { openStore, type Store } from '../../store/openStore.ts';
import { findTransfer, insertTransfer, type TransferPatch, type TransferRecord } from '../../store/transferRepository.ts';
import type { VenueStatus } from '../../venues/Venue.ts';
import type { HyperCoreRelayer } from '../../venues/hyperliquid/hyperliquidVenue.ts';
import type { EngineDeps } from '../EngineDeps.ts';
import { MAX_CREDIT_ATTEMPTS, advanceRelayerTransfer } from './advanceRelayerTransfer.ts';

/**
 * The relayer's money rules without chains: it credits only what really reached it on arbitrum (and
 * never the same payment twice), sends one stored signed action per transfer, and gives up after
 * repeated refusals with the USDC recorded as held.
 */
const RELAYER = '0x00000000000000000000000000000000000000aa' as Address;
const USER = '0x00000000000000000000000000000000000000bb' as Address;
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex;

let store: Store;
const clock = 1_800_000_000_000;

interface Stubs {
  legStatus: VenueStatus;
  paid: Map<string, bigint>;
  sent: string[];
  exchange: () => { status: 'ok' } | { status: 'err'; message: string };
}

function depsWith(stubs: Stubs): EngineDeps {
  const relayer: HyperCoreRelayer = {
    address: RELAYER,
    network: 'Mainnet',
    balances: async () => ({ perps: 10n ** 12n, spot: 10n ** 12n }),
    signCredit: async (credit) => JSON.stringify({ nonce: credit.nonce, destination: credit.destination, amount: credit.amountAtomic.toString() }),
    sendSigned: async (signed) => {
      stubs.sent.push(signed);
      return stubs.exchange();
    },
    findCredit: async (credit) => (stubs.sent.length > 0 && stubs.exchange().status === 'ok' ? { time: clock, hash: hash(999), type: 'internalTransfer', usdcAtomic: credit.amountAtomic, user: RELAYER, destination: credit.destination, feeAtomic: null, nonce: null, raw: {} } : null),
    paidOnArbitrum: async (txHash) => stubs.paid.get(txHash) ?? 0n,
    ensureSpot: async () => undefined,
    topUp: async () => null,
  };
  const hyperliquid = { id: 'hyperliquid', relayer, accountExists: async () => true };
  const leg = { id: 'across', status: async () => stubs.legStatus };
  const venues = new Map<string, unknown>([
    ['hyperliquid', { id: 'hyperliquid', venue: hyperliquid, enabled: true }],
    ['across', { id: 'across', venue: leg, enabled: true }],
  ]);
  return { store, now: () => clock, logger: pino({ level: 'silent' }), venues: { get: (id: string) => venues.get(id) } } as unknown as EngineDeps;
}

async function relayedTransfer(expectedOut: bigint, activationFee = 0n): Promise<TransferRecord> {
  const decisionId = randomUUID();
  await insertDecision(store.db, { id: decisionId, request: {}, privacy: false, userIp: null, fees: { platform: null, referral: null }, pricing: {}, bestQuoteId: null, emptyReason: null, createdAt: clock, expiresAt: clock + 60_000, quotes: [], rejections: [] });
  const id = randomUUID();
  await insertTransfer(store.db, {
    id, decisionId, quoteId: 'hyperliquid_1', venue: 'hyperliquid', status: 'PENDING', statusDetail: null, fromChain: 'base', toChain: 'hypercore', fromAsset: '0xa', toAsset: 'native',
    amountIn: expectedOut, expectedOut, minOut: expectedOut, receivedAmount: null, receivedAsset: null, sourceTxHash: hash(1), destinationTxHash: null, feeTxHash: null, sourceTxVerification: 'verified',
    claim: null, postStep: null, finalDestination: null, requesterWallet: USER, recipientWallet: USER, avgSavedBps: 0, savedVsWorstBps: 0, savingsQuoteCount: 0, usdValueBridged: null, usdValueSaved: null,
    privacy: false, privacyModel: 'none', build: {}, buildExpiresAt: clock + 60_000, createdAt: clock, submittedAt: clock, updatedAt: clock, completedAt: null, nextPollAt: clock, giveUpAt: null, etaSeconds: 60,
    venueContext: { relayer: RELAYER, balance: 'perps', accountExisted: activationFee === 0n, activationFeeAtomic: activationFee.toString(), leg: { venue: 'across', quote: { amountOut: expectedOut.toString() } }, legContext: {} },
  }, [], []);
  return (await findTransfer(store.db, id))!;
}

function recorder() {
  const moves: { kind: 'postpone' | 'finish'; status?: TransferStatus; detail?: string; patch?: TransferPatch }[] = [];
  return {
    moves,
    postpone: async (detail: string, patch?: TransferPatch) => void moves.push({ kind: 'postpone', detail, ...(patch ? { patch } : {}) }),
    finish: async (status: TransferStatus, patch: TransferPatch) => void moves.push({ kind: 'finish', status, patch }),
  };
}

const filled = (destinationTxHash: Hex): VenueStatus => ({ state: 'completed', venueStatus: 'filled', destinationTxHash, receivedAmount: null, receivedAsset: null, detail: null });

beforeAll(async () => {
  store = await openStore({ dataDir: 'memory' });
});
afterAll(async () => {
  await store?.close();
});

describe('advanceRelayerTransfer', () => {
  it('waits while the leg is pending, then credits what reached the relayer, once, with postStep', async () => {
    const stubs: Stubs = { legStatus: { state: 'pending', venueStatus: 'pending', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: null }, paid: new Map([[hash(2), 20_000_000n]]), sent: [], exchange: () => ({ status: 'ok' }) };
    const transfer = await relayedTransfer(19_900_000n);
    const first = recorder();
    await advanceRelayerTransfer(depsWith(stubs), transfer, first);
    expect(first.moves).toEqual([expect.objectContaining({ kind: 'postpone' })]);
    expect(stubs.sent).toEqual([]);
    stubs.legStatus = filled(hash(2));
    const second = recorder();
    await advanceRelayerTransfer(depsWith(stubs), transfer, second);
    expect(second.moves[0]).toMatchObject({ kind: 'finish', status: 'COMPLETED', patch: { receivedAmount: 19_900_000n, postStep: { creditedAmountAtomic: '19900000', txHash: hash(999), paidTxHash: hash(2), action: 'usdSend' } } });
    expect(stubs.sent.length).toBe(1);
    expect((await findHyperCoreCredit(store.db, transfer.id))?.state).toBe('credited');
  });

  it('never credits one payment twice: a second transfer naming the same arbitrum transaction gets only what is left', async () => {
    const stubs: Stubs = { legStatus: filled(hash(3)), paid: new Map([[hash(3), 10_000_000n]]), sent: [], exchange: () => ({ status: 'ok' }) };
    const a = await relayedTransfer(10_000_000n);
    const b = await relayedTransfer(10_000_000n);
    await advanceRelayerTransfer(depsWith(stubs), a, recorder());
    const moves = recorder();
    await advanceRelayerTransfer(depsWith(stubs), b, moves);
    expect(moves.moves[0]).toMatchObject({ kind: 'finish', status: 'FAILED' });
    expect(stubs.sent.length).toBe(1);
    expect(await findHyperCoreCredit(store.db, b.id)).toBeNull();
  });

  it('credits nothing when the transaction the leg names did not pay the relayer', async () => {
    const stubs: Stubs = { legStatus: filled(hash(4)), paid: new Map(), sent: [], exchange: () => ({ status: 'ok' }) };
    const moves = recorder();
    await advanceRelayerTransfer(depsWith(stubs), await relayedTransfer(5_000_000n), moves);
    expect(moves.moves[0]).toMatchObject({ kind: 'finish', status: 'FAILED' });
    expect(stubs.sent).toEqual([]);
  });

  it('takes a new account\'s activation fee out of what arrived', async () => {
    const stubs: Stubs = { legStatus: filled(hash(5)), paid: new Map([[hash(5), 8_000_000n]]), sent: [], exchange: () => ({ status: 'ok' }) };
    const moves = recorder();
    await advanceRelayerTransfer(depsWith(stubs), await relayedTransfer(7_000_000n, 1_000_000n), moves);
    expect(moves.moves[0]).toMatchObject({ kind: 'finish', status: 'COMPLETED', patch: { receivedAmount: 7_000_000n } });
  });

  it('signs a refused credit again with a fresh nonce (the refusal spent it), and fails with the USDC recorded as held after the last attempt', async () => {
    const stubs: Stubs = { legStatus: filled(hash(6)), paid: new Map([[hash(6), 6_000_000n]]), sent: [], exchange: () => ({ status: 'err', message: 'Insufficient balance for token transfer' }) };
    const transfer = await relayedTransfer(6_000_000n);
    let last = recorder();
    for (let i = 0; i < MAX_CREDIT_ATTEMPTS; i++) {
      last = recorder();
      await advanceRelayerTransfer(depsWith(stubs), transfer, last);
    }
    expect(stubs.sent.length).toBe(MAX_CREDIT_ATTEMPTS);
    expect(new Set(stubs.sent.map((signed) => (JSON.parse(signed) as { nonce: number }).nonce)).size).toBe(MAX_CREDIT_ATTEMPTS);
    expect(last.moves[0]).toMatchObject({ kind: 'finish', status: 'FAILED', patch: { postStep: { status: 'failed', heldAtomic: '6000000' } } });
    expect((await findHyperCoreCredit(store.db, transfer.id))?.state).toBe('failed');
  });

  it('reads a duplicate-nonce answer as "sent before" and completes from the ledger without a second action', async () => {
    let answers = 0;
    const stubs: Stubs = { legStatus: filled(hash(8)), paid: new Map([[hash(8), 6_000_000n]]), sent: [], exchange: () => (answers++ === 0 ? { status: 'err', message: 'Invalid nonce: duplicate nonce 1800000000000' } : { status: 'ok' }) };
    const moves = recorder();
    await advanceRelayerTransfer(depsWith(stubs), await relayedTransfer(6_000_000n), moves);
    expect(moves.moves[0]).toMatchObject({ kind: 'finish', status: 'COMPLETED' });
    expect(stubs.sent.length).toBe(1);
  });

  it('waits rather than crediting from another relayer than the one the transfer paid', async () => {
    const stubs: Stubs = { legStatus: filled(hash(7)), paid: new Map([[hash(7), 6_000_000n]]), sent: [], exchange: () => ({ status: 'ok' }) };
    const transfer = await relayedTransfer(6_000_000n);
    const moves = recorder();
    await advanceRelayerTransfer(depsWith(stubs), { ...transfer, venueContext: { ...transfer.venueContext, relayer: '0x00000000000000000000000000000000000000cc' } }, moves);
    expect(moves.moves[0]).toMatchObject({ kind: 'postpone', detail: expect.stringContaining('operator') });
    expect(stubs.sent).toEqual([]);
  });
});
