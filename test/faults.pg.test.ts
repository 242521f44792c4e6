import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { startScriptedVenues, type ScriptedVenues } from '../src/venues/fake/scriptedVenue.ts';
import { storeInvariantViolations } from './storeInvariants.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * The database "restarted" under load: while clients quote, build, submit and read, every backend
 * connection of Strait's database is terminated again and again (pg_terminate_backend: what a
 * server restart or failover does to a client, without disturbing the other tests on the server).
 * Asserted: every answer is a success or the documented retriable 503 `service_unavailable` with
 * Retry-After, never a 500 nor a crash; the pool recovers by itself; every acknowledged write is there
 * afterwards and nothing is half-written. Skipped, with the reason, only where PostgreSQL is absent.
 */

const ADMIN_URL = process.env.STRAIT_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = `strait_faults_${process.pid}_${Date.now()}`;
const DATABASE_URL = Object.assign(new URL(ADMIN_URL), { pathname: `/${DATABASE}` }).toString();
const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const QUOTE = { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: SENDER, recipient: SENDER };
const LOAD_MS = 4_000;
// On a loaded machine the killer can keep missing in-flight work; the load goes on until it has hit some, up to this.
const MAX_LOAD_MS = 20_000;
const CLIENTS = 6;
const KILL_EVERY_MS = 150;

async function probe(): Promise<string | null> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return null;
  } catch (error) {
    return `no PostgreSQL at ${ADMIN_URL} (${(error as Error).message}; set STRAIT_TEST_DATABASE_URL)`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const missing = await probe();
if (missing) console.warn(`database fault tests skipped: ${missing}`);

let admin: pg.Client;
let venues: ScriptedVenues;
let strait: Strait;

interface Outcome {
  readonly call: string;
  readonly status: number;
  readonly code: string | undefined;
  readonly retryAfter: unknown;
}

describe.skipIf(missing !== null)('PostgreSQL connections terminated under load', () => {
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    venues = await startScriptedVenues({ across: { kind: 'price', outBps: 9_990 }, relay: { kind: 'price', outBps: 9_980 }, changenow: { kind: 'price', outBps: 9_970 }, silentswap: { kind: 'price', outBps: 9_995 } });
    strait = await createTestStrait({ DATABASE_URL, STRAIT_QUOTE_DEADLINE_MS: '300', STRAIT_QUOTE_MIN_WAIT_MS: '50', STRAIT_VENUE_CHANGENOW_API_KEY: 'x' }, venues.modules);
  }, 60_000);

  afterAll(async () => {
    await strait?.close();
    await venues?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin?.end();
  });

  it('answers only successes or 503 service_unavailable with Retry-After, and keeps every acknowledged write', async () => {
    const outcomes: Outcome[] = [];
    const decisions = new Set<string>();
    const transfers = new Map<string, string | null>(); // transferId → acknowledged main txHash
    const end = Date.now() + LOAD_MS;
    const hardEnd = Date.now() + MAX_LOAD_MS;
    // Connections killed while requests were being served: the faults really met the load. (A quote
    // hit by one is not always answered 503: the decision writer retries a failed group commit one
    // decision at a time on a fresh connection, so the count of 503s alone cannot show it.)
    let terminatedUnderLoad = 0;
    const loading = (): boolean => Date.now() < end || (terminatedUnderLoad === 0 && Date.now() < hardEnd);

    let inFlight = 0;
    const call = async <T>(name: string, method: 'GET' | 'POST', url: string, payload?: object): Promise<T | null> => {
      inFlight += 1;
      const response = await strait.app.inject({ method, url: `/v1${url}`, ...(payload ? { payload } : {}) }).finally(() => {
        inFlight -= 1;
      });
      const body = response.json() as T & { error?: { code: string } };
      outcomes.push({ call: name, status: response.statusCode, code: body.error?.code, retryAfter: response.headers['retry-after'] });
      return response.statusCode === 200 ? body : null;
    };

    const client = async (): Promise<void> => {
      while (loading()) {
        const quote = await call<{ decisionId: string; best: unknown }>('quote', 'POST', '/bridge/quote', QUOTE);
        if (!quote) continue;
        decisions.add(quote.decisionId);
        if (!quote.best) continue; // every venue out of time on a loaded machine: a typed empty decision
        const build = await call<{ transferId: string }>('build', 'POST', '/bridge/build', { decisionId: quote.decisionId });
        if (!build) continue;
        transfers.set(build.transferId, null);
        const txHash = `0x${randomBytes(32).toString('hex')}`;
        // A wallet retries a submit answered 503 with the same transaction until it gets an answer.
        let submit: { accepted: boolean; txHash: string } | null = null;
        for (let attempt = 0; attempt < 20 && !submit; attempt++) {
          submit = await call<{ accepted: boolean; txHash: string }>('submit', 'POST', `/bridge/transfers/${build.transferId}/submit`, { txHash, step: 'main' });
        }
        if (submit) transfers.set(build.transferId, submit.txHash);
        await call('read', 'GET', `/bridge/transfers/${build.transferId}`);
      }
    };

    const terminator = async (): Promise<void> => {
      while (loading()) {
        const busy = inFlight > 0;
        const result = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [DATABASE]);
        if (busy && inFlight > 0) terminatedUnderLoad += result.rowCount ?? 0;
        await new Promise((resolve) => setTimeout(resolve, KILL_EVERY_MS));
      }
    };

    await Promise.all([terminator(), ...Array.from({ length: CLIENTS }, client)]);

    const unexpected = outcomes.filter((o) => o.status !== 200 && !(o.status === 503 && o.code === 'service_unavailable' && Number(o.retryAfter) > 0));
    expect(unexpected, 'answers other than 200 or 503 service_unavailable with Retry-After').toEqual([]);
    expect(terminatedUnderLoad).toBeGreaterThan(0);
    expect(decisions.size).toBeGreaterThan(0);
    expect(transfers.size).toBeGreaterThan(0);

    // The pool recovers by itself once connections stop being killed.
    let ready = 0;
    for (let attempt = 0; attempt < 20 && ready !== 200; attempt++) {
      ready = (await strait.app.inject({ method: 'GET', url: '/ready' })).statusCode;
      if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready).toBe(200);

    const db = strait.deps.store.db;
    const stored = new Set((await db.selectFrom('decisions').select('id').execute()).map((d) => d.id));
    expect([...decisions].filter((id) => !stored.has(id)), 'acknowledged decisions missing').toEqual([]);
    for (const [transferId, txHash] of transfers) {
      const read = await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${transferId}` });
      expect(read.statusCode).toBe(200);
      if (txHash) expect(read.json(), `acknowledged submission of ${transferId}`).toMatchObject({ status: 'SUBMITTED', sourceTxHash: txHash });
    }
    // A submit cut off between its record and the move to SUBMITTED is completed by its retry, and
    // each load client above retries until answered, so nothing is left half-written.
    expect(await storeInvariantViolations(db, 4)).toEqual([]);
  }, 60_000);

  // The submission row and the move to SUBMITTED are two writes. A trigger fails the second as a
  // terminated connection would; the client gets a 503 and retries, and the retry completes the move.
  it('a submit cut off between its record and its status move is completed by the retry', async () => {
    const quote = (await strait.app.inject({ method: 'POST', url: '/v1/bridge/quote', payload: QUOTE })).json() as { decisionId: string };
    const transferId = ((await strait.app.inject({ method: 'POST', url: '/v1/bridge/build', payload: { decisionId: quote.decisionId } })).json() as { transferId: string }).transferId;
    const direct = new pg.Client({ connectionString: DATABASE_URL });
    await direct.connect();
    try {
      await direct.query(`CREATE FUNCTION strait_cut_off() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected: connection lost' USING ERRCODE = 'admin_shutdown'; END $$`);
      await direct.query(`CREATE TRIGGER strait_cut_off BEFORE UPDATE ON transfers FOR EACH ROW WHEN (NEW.status = 'SUBMITTED') EXECUTE FUNCTION strait_cut_off()`);
      const txHash = `0x${randomBytes(32).toString('hex')}`;
      const cut = await strait.app.inject({ method: 'POST', url: `/v1/bridge/transfers/${transferId}/submit`, payload: { txHash, step: 'main' } });
      expect(cut.statusCode).toBe(503);
      await direct.query('DROP TRIGGER strait_cut_off ON transfers; DROP FUNCTION strait_cut_off()');
      const retry = await strait.app.inject({ method: 'POST', url: `/v1/bridge/transfers/${transferId}/submit`, payload: { txHash, step: 'main' } });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toMatchObject({ accepted: false, txHash, status: 'SUBMITTED' });
      const transfer = (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${transferId}` })).json() as { status: string; sourceTxHash: string | null };
      expect(transfer).toMatchObject({ status: 'SUBMITTED', sourceTxHash: txHash });
      expect((await storeInvariantViolations(strait.deps.store.db, 4)).filter((v) => v.includes(transferId))).toEqual([]);
    } finally {
      await direct.query('DROP TRIGGER IF EXISTS strait_cut_off ON transfers; DROP FUNCTION IF EXISTS strait_cut_off()');
      await direct.end();
    }
  });
});
