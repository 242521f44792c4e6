import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { startClaimsChain, type ClaimsChain } from './claimsChain.ts';
import { raceOneTransactionOverTwoTransfers, raceSpeedUpVariants } from './sourceClaimRace.ts';
import { createTestStrait } from './testStrait.ts';
import { createThrowawayDatabase, postgresReachable } from './throwawayDatabase.ts';
import { venueDouble } from './venueDouble.ts';

/** One source transaction, one transfer: the claim is the store's, so it holds across two pools on the real PostgreSQL. */

const reachable = await postgresReachable();
if (!reachable) console.warn('submitClaims.pg.test: PostgreSQL at STRAIT_TEST_DATABASE_URL is not reachable; skipped');

let database: { url: string; drop(): Promise<void> };
let chain: ClaimsChain;
let first: Strait;
let second: Strait;

beforeAll(async () => {
  if (!reachable) return;
  database = await createThrowawayDatabase('strait_claims');
  chain = await startClaimsChain();
  const env = { DATABASE_URL: database.url, STRAIT_RPC_BASE: chain.url, STRAIT_QUOTE_MIN_WAIT_MS: '0' };
  first = await createTestStrait(env, [venueDouble()]);
  second = await createTestStrait(env, [venueDouble()]);
});

afterAll(async () => {
  if (!reachable) return;
  await first?.close();
  await second?.close();
  await chain?.stop();
  await database?.drop();
});

describe.skipIf(!reachable)('source transaction claims on PostgreSQL', () => {
  it('accept one signed transaction for exactly one of two transfers with identical calldata, submitted at once through two pools', async () => {
    for (let round = 0; round < 10; round++) await raceOneTransactionOverTwoTransfers([first, second], chain);
  });

  it('answer twenty different speed-up variants of one main step, submitted at once through two pools, with one accepted and no 5xx', async () => {
    await chain.automine(false);
    try {
      await raceSpeedUpVariants([first, second], chain);
    } finally {
      await chain.automine(true);
    }
  });
});
