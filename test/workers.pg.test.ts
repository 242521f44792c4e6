import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createStrait, type Strait } from '../src/createStrait.ts';
import { createStatusWorker } from '../src/engine/statusWorker.ts';
import { insertDecision } from '../src/store/decisionRepository.ts';
import { insertTransfer, leaseDueTransfers } from '../src/store/transferRepository.ts';
import type { Venue } from '../src/venues/Venue.ts';
import type { VenueStandIn } from '../src/venues/VenueModule.ts';
import { VENUE_MODULES } from '../src/venues/venueModules.ts';
import { withStandIns } from '../src/venues/withStandIns.ts';
import { createThrowawayDatabase, postgresReachable } from './throwawayDatabase.ts';

/**
 * Two workers (two Strait instances, two connection pools) on one real PostgreSQL over hundreds of
 * transfers, with a third "worker" that leases a batch and dies: no transfer is ever polled by two
 * workers at once, none is lost, and the dead worker's transfers resume once its leases lapse.
 */

const TRANSFERS = 300;
const POLLS_TO_COMPLETE = 3;
const reachable = await postgresReachable();
if (!reachable) console.warn('workers.pg.test: PostgreSQL at STRAIT_TEST_DATABASE_URL is not reachable; skipped');

const inFlight = new Set<string>();
const polls = new Map<string, number>();
const pollsBy = new Map<string, number>();
let overlaps = 0;

const venue: VenueStandIn = {
  id: 'across',
  defaultBaseUrl: 'http://127.0.0.1:1',
  create(): Venue {
    return {
      id: 'across',
      supports: () => ({ served: true }),
      coverage: () => ({ origins: ['base'], tokenSymbols: () => ['USDC'] }),
      quote: () => Promise.reject(new Error('not used')),
      build: () => Promise.reject(new Error('not used')),
      async status(request) {
        const order = String(request.context.order);
        if (inFlight.has(order)) overlaps++;
        inFlight.add(order);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
        inFlight.delete(order);
        const count = (polls.get(order) ?? 0) + 1;
        polls.set(order, count);
        return count >= POLLS_TO_COMPLETE
          ? { state: 'completed', venueStatus: 'filled', destinationTxHash: `0x${'cd'.repeat(32)}`, receivedAmount: 999n, receivedAsset: null, detail: null }
          : { state: 'pending', venueStatus: 'pending', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: null };
      },
    };
  },
};

let database: { url: string; drop(): Promise<void> };
let first: Strait;
let second: Strait;

beforeAll(async () => {
  if (!reachable) return;
  database = await createThrowawayDatabase('strait_workers');
  const config = loadConfig({ DATABASE_URL: database.url, STRAIT_PRICE_SOURCE: 'fixed', STRAIT_WORKER_INTERVAL_MS: '10' });
  const options = { logger: pino({ level: 'silent' }), worker: false, modules: withStandIns(VENUE_MODULES, [venue]) };
  first = await createStrait(config, options);
  second = await createStrait(config, options);
  const db = first.deps.store.db;
  const now = Date.now();
  for (let i = 0; i < TRANSFERS; i++) {
    // One transfer per decision, as build makes them.
    const decisionId = randomUUID();
    await insertDecision(db, { id: decisionId, request: {}, privacy: false, userIp: null, fees: { platform: null, referral: null }, pricing: {}, bestQuoteId: null, emptyReason: null, createdAt: now, expiresAt: now, quotes: [], rejections: [] });
    await insertTransfer(
      db,
      {
        id: randomUUID(), decisionId, quoteId: 'q', venue: 'across', status: 'SUBMITTED', statusDetail: null, fromChain: 'base', toChain: 'arbitrum', fromAsset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', toAsset: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
        amountIn: 1_000n, expectedOut: 999n, minOut: 999n, receivedAmount: null, receivedAsset: null, sourceTxHash: `0x${i.toString(16).padStart(64, '0')}`, destinationTxHash: null, feeTxHash: null, sourceTxVerification: 'verified',
        claim: null, postStep: null, finalDestination: null, requesterWallet: '0x1', recipientWallet: '0x2', avgSavedBps: 0, savedVsWorstBps: 0, savingsQuoteCount: 1, usdValueBridged: null, usdValueSaved: null,
        privacy: false, privacyModel: 'none', build: {}, venueContext: { order: `order-${i}` }, buildExpiresAt: now + 60_000, createdAt: now, submittedAt: now, updatedAt: now, completedAt: null, nextPollAt: now, giveUpAt: null, etaSeconds: null,
      },
      [],
      [],
    );
  }
});

afterAll(async () => {
  if (!reachable) return;
  await first?.close();
  await second?.close();
  await database?.drop();
});

describe.skipIf(!reachable)('two workers on one PostgreSQL', () => {
  it('poll every transfer to COMPLETED, never the same transfer at once, and lose none when a third dies holding leases', async () => {
    const workers = [
      { name: 'first', worker: createStatusWorker(first.deps, { owner: 'first', leaseMs: 1_500, batchSize: 25 }) },
      { name: 'second', worker: createStatusWorker(second.deps, { owner: 'second', leaseMs: 1_500, batchSize: 25 }) },
    ];
    // A worker that leases a batch and dies before polling any of it: its leases must lapse, not block.
    const orphaned = await leaseDueTransfers(first.deps.store.db, 'dead-worker', Date.now(), 1_500, 30);
    expect(orphaned).toHaveLength(30);

    const deadline = Date.now() + 60_000;
    const remaining = async () => Number((await first.deps.store.db.selectFrom('transfers').select((eb) => eb.fn.countAll().as('n')).where('status', '!=', 'COMPLETED').executeTakeFirstOrThrow()).n);
    const loops = workers.map(async ({ name, worker }) => {
      while (Date.now() < deadline && (await remaining()) > 0) {
        const handled = await worker.tick();
        pollsBy.set(name, (pollsBy.get(name) ?? 0) + handled);
        if (handled === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    await Promise.all(loops);

    expect(await remaining()).toBe(0);
    expect(overlaps).toBe(0);
    expect(polls.size).toBe(TRANSFERS);
    for (const count of polls.values()) expect(count).toBe(POLLS_TO_COMPLETE);
    expect(pollsBy.get('first')).toBeGreaterThan(0);
    expect(pollsBy.get('second')).toBeGreaterThan(0);
    const leased = await first.deps.store.db.selectFrom('transfers').select('id').where('lease_owner', 'is not', null).execute();
    expect(leased).toEqual([]);
    const stillDue = await first.deps.store.db.selectFrom('transfers').select('id').where('next_poll_at', 'is not', null).execute();
    expect(stillDue).toEqual([]);
  }, 90_000);
});
