import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createPublicClient, createWalletClient, erc20Abi, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStraitClient, runTransfer, unwrap, type StraitClient, type TransferProgress } from '@strait/client';
import { startSandboxNetwork, type SandboxAccount, type SandboxNetwork } from '../src/sandbox/startSandboxNetwork.ts';

/**
 * The deployment of docs/operations.md in miniature: two API replicas (`strait serve --no-worker`) and
 * two workers (`strait worker`) as separate processes on one real PostgreSQL and one real Redis, in
 * front of the sandbox chains and venue fakes. Skipped, with a message, only where PostgreSQL or
 * Redis is absent (CI has both).
 */

const ROOT = new URL('..', import.meta.url).pathname;
const ADMIN_URL = process.env.STRAIT_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.STRAIT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RUN = `${process.pid}_${Date.now()}`;
const DATABASE = `strait_scale_${RUN}`;
const KEY_PREFIX = `strait-test:${RUN}:`;
const ARB_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
/** A worker's lease outlives a slowed status call, so only a dead worker's lease ever lapses. */
const LEASE_MS = 4_000;
const SLOW_VENUE_MS = 2_500;

async function missingService(): Promise<string | null> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
  } catch (error) {
    return `no PostgreSQL at ${ADMIN_URL} (${(error as Error).message}; set STRAIT_TEST_DATABASE_URL)`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2_000 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (error) {
    return `no Redis at ${REDIS_URL} (${(error as Error).message}; set STRAIT_TEST_REDIS_URL)`;
  } finally {
    redis.disconnect();
  }
}

const missing = await missingService();
if (missing) console.warn(`scale-out test skipped: ${missing}`);

type LogLine = Record<string, unknown> & { msg?: string };

/** One Strait process, with its JSON log lines kept for waiting on and for failure messages. */
class StraitProcess {
  readonly lines: LogLine[] = [];
  readonly stderr: string[] = [];
  readonly exited: Promise<number | null>;
  private readonly waiters = new Set<() => void>();

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        this.lines.push(JSON.parse(line) as LogLine);
      } catch {
        this.lines.push({ msg: line });
      }
      for (const wake of this.waiters) wake();
    });
    createInterface({ input: child.stderr! }).on('line', (line) => this.stderr.push(line));
    this.exited = once(child, 'exit').then(([code]) => code as number | null);
  }

  async waitFor(predicate: (line: LogLine) => boolean, timeoutMs = 60_000): Promise<LogLine> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.lines.find(predicate);
      if (found) return found;
      if (this.child.exitCode !== null || Date.now() > deadline) throw new Error(`${this.name}: expected log line never came (exit ${this.child.exitCode})\n${this.tail()}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          resolve();
        };
        this.waiters.add(wake);
        setTimeout(wake, 200);
      });
    }
  }

  tail(): string {
    return [...this.lines.slice(-15).map((l) => JSON.stringify(l)), ...this.stderr.slice(-15)].join('\n');
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }
}

function startStrait(name: string, args: string[], env: Record<string, string>): StraitProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new StraitProcess(name, child);
}

let network: SandboxNetwork;
let db: pg.Client;
let apiA: StraitProcess;
let apiB: StraitProcess;
let workers: StraitProcess[] = [];
const workerIds = new Map<string, StraitProcess>();
const urls = { a: '', b: '' };

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A call from `clientIp`, as the trusted loopback proxy in front of the replicas would forward it. */
async function call<T>(baseUrl: string, path: string, clientIp: string, body?: unknown): Promise<{ status: number; headers: Headers; body: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-forwarded-for': clientIp, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

const quoteBody = (sender: string, recipient = sender) => ({ fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender, recipient });

const chain = (key: string) => network.chains.find((c) => c.key === key)!;

/** The replicas' logged faults, for assertion messages: a 500's cause is in its replica's log. */
const replicaErrors = () => [apiA, apiB].flatMap((p) => p.lines.filter((l) => Number(l.level) >= 50).map((l) => `${p.name}: ${JSON.stringify(l)}`)).join('\n');

/**
 * `clientIp`'s calls as the trusted loopback proxy in front of the replicas forwards them, pinned so
 * the build lands on `buildOn` and every other call (quote, submit, read, poll) on `rest`.
 */
function replicaClient(clientIp: string, buildOn: string, rest: string): StraitClient {
  return createStraitClient({
    baseUrl: rest,
    headers: { 'x-forwarded-for': clientIp },
    fetch: (request) => fetch(request.url.startsWith(`${rest}/bridge/build`) ? new Request(`${buildOn}${request.url.slice(rest.length)}`, request) : request),
  });
}

/**
 * Quotes through `rest`, then drives the whole transfer with @strait/client's runTransfer: built on
 * `buildOn` and read back through `rest` as PENDING_SIGNATURE, every step signed by the user's wallet,
 * submitted through `rest` and mined, then polled through `rest` until terminal. `onProgress` sees
 * every step as it goes (the tests slow the venues and kill workers from there).
 */
async function transferThrough(venue: string, user: SandboxAccount, clientIp: string, buildOn: string, rest: string, onProgress: (progress: TransferProgress) => void | Promise<void> = () => undefined) {
  const client = replicaClient(clientIp, buildOn, rest);
  const decision = unwrap(await client.POST('/bridge/quote', { body: quoteBody(user.address) }));
  const row = decision.quotes.find((q) => q.venue === venue);
  expect(row, `${venue} priced: ${JSON.stringify(decision)}`).toBeDefined();
  const base = chain('base');
  return runTransfer({
    client,
    decisionId: decision.decisionId,
    quote: row,
    wallet: createWalletClient({ account: privateKeyToAccount(user.privateKey), transport: http(base.rpcUrl) }),
    publicClients: createPublicClient({ transport: http(base.rpcUrl) }),
    pollIntervalMs: 200,
    timeoutMs: 60_000,
    onProgress: async (progress) => {
      if (progress.phase === 'built') {
        const read = unwrap(await client.GET('/bridge/transfers/{id}', { params: { path: { id: progress.build.transferId } } }));
        expect(read).toMatchObject({ transferId: progress.build.transferId, status: 'PENDING_SIGNATURE', venue });
      }
      if (progress.phase === 'submitted') expect(progress.result.accepted, `${JSON.stringify(progress.result)}\n${replicaErrors()}`).toBe(true);
      await onProgress(progress);
    },
  }).catch((error: unknown) => {
    throw new Error(`${venue}: ${(error as Error).message}\n${replicaErrors()}`, { cause: error });
  });
}

/** A promise and the function settling it, for waiting on progress reported from inside runTransfer. */
function signal(): { done: Promise<void>; fire: () => void } {
  let fire!: () => void;
  const done = new Promise<void>((resolve) => (fire = resolve));
  return { done, fire };
}

/** Polls the transfers table until some transfer is leased; returns it with its lease owner. */
async function firstLease(): Promise<{ id: string; lease_owner: string } | undefined> {
  for (let i = 0; i < 100; i++) {
    const row = (await db.query<{ id: string; lease_owner: string }>('SELECT id, lease_owner FROM transfers WHERE lease_owner IS NOT NULL LIMIT 1')).rows[0];
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

const slowVenues = (ms: number | null) => {
  for (const fake of Object.values(network.fakes)) fake.server.setFault(ms === null ? null : { kind: 'delay', ms });
};

beforeAll(async () => {
  if (missing) return;
  await admin(`CREATE DATABASE ${DATABASE}`);
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${DATABASE}` }).toString();
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  network = await startSandboxNetwork();
  const shared = {
    ...network.straitEnv,
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    STRAIT_RATE_LIMIT_KEY_PREFIX: KEY_PREFIX,
    STRAIT_RATE_LIMIT_PER_MINUTE: '10',
    STRAIT_HOST: '127.0.0.1',
    STRAIT_PORT: '0',
    // Each worker's probes on a port of its own (two workers share this host).
    STRAIT_WORKER_PORT: '0',
    STRAIT_TRUST_PROXY: 'loopback',
    STRAIT_PRICE_SOURCE: 'fixed',
    STRAIT_LOG_LEVEL: 'info',
    STRAIT_WORKER_INTERVAL_MS: '200',
    STRAIT_WORKER_LEASE_MS: String(LEASE_MS),
  };
  apiA = startStrait('api-a', ['serve', '--no-worker'], shared);
  apiB = startStrait('api-b', ['serve', '--no-worker'], shared);
  workers = [startStrait('worker-1', ['worker'], shared), startStrait('worker-2', ['worker'], shared)];
  const [a, b] = await Promise.all([apiA, apiB].map((p) => p.waitFor((l) => l.msg === 'strait is serving')));
  urls.a = a!.baseUrl as string;
  urls.b = b!.baseUrl as string;
  for (const worker of workers) workerIds.set((await worker.waitFor((l) => l.msg === 'status worker started')).workerId as string, worker);
});

afterAll(async () => {
  if (missing) return;
  await Promise.all([apiA, apiB, ...workers].filter(Boolean).map((p) => p.stop('SIGKILL')));
  await network?.stop();
  await db?.end().catch(() => undefined);
  await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${KEY_PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe.skipIf(missing !== null)('scale-out: two API replicas and two workers on PostgreSQL and Redis', () => {
  it('refuses the 11th limited call spread across both replicas, per IP and per wallet', async () => {
    const replicas = [urls.a, urls.b];
    for (let i = 0; i < 10; i++) {
      const sender = privateKeyToAccount(generatePrivateKey()).address;
      expect((await call(replicas[i % 2]!, '/bridge/quote', '198.51.100.7', quoteBody(sender))).status).toBe(200);
    }
    const overIp = await call<{ error: { code: string; retryAfterMs: number; details: { exceeded: string[] } } }>(urls.a, '/bridge/quote', '198.51.100.7', quoteBody(privateKeyToAccount(generatePrivateKey()).address));
    expect(overIp.status).toBe(429);
    expect(overIp.body.error).toMatchObject({ code: 'rate_limited', details: { exceeded: ['ip'] } });
    expect(overIp.headers.get('retry-after')).toBe(String(Math.ceil(overIp.body.error.retryAfterMs / 1000)));
    expect(overIp.headers.get('ratelimit-policy')).toBe('"ip";q=10;w=60, "wallet";q=10;w=60');

    const wallet = network.accounts[9]!.address;
    for (let i = 0; i < 10; i++) expect((await call(replicas[i % 2]!, '/bridge/quote', `198.51.100.${20 + i}`, quoteBody(wallet))).status).toBe(200);
    const overWallet = await call<{ error: { details: { exceeded: string[] } } }>(urls.b, '/bridge/quote', '198.51.100.30', quoteBody(wallet));
    expect(overWallet.status).toBe(429);
    expect(overWallet.body.error.details.exceeded).toEqual(['wallet']);

    const metrics = await (await fetch(urls.b.replace(/\/v1$/, '/metrics'))).text();
    expect(metrics).toContain('strait_rate_limit_backend{backend="redis"} 1');
    expect(metrics).toMatch(/^strait_rate_limited_total\{counter="wallet"\} [1-9]/m);
  });

  it('builds on one replica, reads, submits and tracks through the other; a worker killed mid-poll loses nothing', async () => {
    const venues = ['across', 'relay', 'cctp'] as const;
    const users = [1, 2, 3].map((i) => network.accounts[i]!);
    const arbClient = createPublicClient({ transport: http(chain('arbitrum').rpcUrl) });
    const balance = (user: SandboxAccount) => arbClient.readContract({ address: ARB_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] });
    const before = await Promise.all(users.map(balance));
    // Once every transfer is built, every status call hangs a while, so a worker is caught holding a lease mid-poll.
    const built = signal();
    const mainsSubmitted = signal();
    let builtCount = 0;
    let mainCount = 0;
    const running = Promise.all(
      venues.map((venue, i) =>
        transferThrough(venue, users[i]!, `198.51.100.${40 + i}`, urls.a, urls.b, async (progress) => {
          if (progress.phase === 'built' && ++builtCount === venues.length) {
            slowVenues(SLOW_VENUE_MS);
            built.fire();
          }
          if (progress.phase === 'built') await built.done;
          if (progress.phase === 'submitted' && progress.step === 'main' && ++mainCount === venues.length) mainsSubmitted.fire();
        }),
      ),
    );
    // A transfer that fails before every main step is submitted ends the wait with its error.
    await Promise.race([mainsSubmitted.done, running]);
    const leased = await firstLease();
    expect(leased, 'a worker leased a submitted transfer').toBeDefined();
    const victim = workerIds.get(leased!.lease_owner)!;
    expect(victim).toBeDefined();
    await victim.stop('SIGKILL');
    slowVenues(null);

    const final = (await running).map((r) => r.transfer);
    // The pinned client did build on A and nothing else there: quote, submit and polls all went to B.
    const builds = (p: StraitProcess) => p.lines.filter((l) => (l.req as { method?: string; url?: string } | undefined)?.url === '/v1/bridge/build' && l.msg === 'incoming request').length;
    expect([builds(apiA), builds(apiB)]).toEqual([venues.length, 0]);
    const survivors = workers.filter((w) => w !== victim);
    for (const [i, transfer] of final.entries()) {
      expect(transfer.status, `${venues[i]}: ${JSON.stringify(transfer)}\n${survivors.map((w) => w.tail()).join('\n')}`).toBe('COMPLETED');
      expect(transfer.destinationTxHash).toMatch(/^0x[0-9a-f]{64}$/);
      // Paid exactly once, though the killed worker's status call may also have reached the venue.
      expect((await balance(users[i]!)) - before[i]!).toBe(BigInt(transfer.receivedAmountAtomic!));
    }
    // A worker writes the terminal status, then releases its lease in the statement after: a read in
    // between sees COMPLETED with the lease still held (it failed a run so). Every lease must go soon.
    let held: unknown[] = [];
    for (let wait = 0; wait < 100; wait++) {
      held = (await db.query('SELECT id, lease_owner, lease_until FROM transfers WHERE lease_owner IS NOT NULL')).rows;
      if (held.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(held).toEqual([]);
    // The survivor finished the transfers in its own process: its probe port (STRAIT_WORKER_PORT) counts them.
    const probes = survivors[0]!.lines.find((l) => l.msg === 'strait worker is running; /health, /ready and /metrics on its own port')?.probes as string;
    expect((await fetch(`${probes}/ready`)).status).toBe(200);
    const workerMetrics = await (await fetch(`${probes}/metrics`)).text();
    const completed = [...workerMetrics.matchAll(/^strait_transfers_finished_total\{venue="[^"]+",outcome="COMPLETED"\} (\d+)$/gm)].reduce((n, m) => n + Number(m[1]), 0);
    expect(completed).toBeGreaterThan(0);
  });

  it('drains an in-flight request on SIGTERM and exits 0; a worker finishes its poll and releases its leases first', async () => {
    const across = network.fake('across').server;
    across.setFault({ kind: 'delay', ms: 800 });
    const seen = across.requests.length;
    const inFlight = call<{ quotes: unknown[] }>(urls.a, '/bridge/quote', '198.51.100.60', quoteBody(privateKeyToAccount(generatePrivateKey()).address));
    for (let i = 0; i < 100 && across.requests.length === seen; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    const exit = apiA.stop('SIGTERM');
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(answered.body.quotes.length).toBeGreaterThan(0);
    expect(await exit).toBe(0);
    across.setFault(null);

    const worker = workers.find((w) => w.child.exitCode === null && w.child.signalCode === null)!;
    const workerId = [...workerIds].find(([, w]) => w === worker)![0];
    const mainSubmitted = signal();
    const running = transferThrough('across', network.accounts[4]!, '198.51.100.62', urls.b, urls.b, (progress) => {
      // The approval is mined at normal speed; the main step's status calls hang, so the worker is mid-poll.
      if (progress.phase === 'signed' && progress.step === 'main') slowVenues(SLOW_VENUE_MS);
      if (progress.phase === 'submitted' && progress.step === 'main') mainSubmitted.fire();
    });
    await Promise.race([mainSubmitted.done, running]);
    expect((await firstLease())?.lease_owner).toBe(workerId);
    expect(await worker.stop('SIGTERM')).toBe(0);
    slowVenues(null);
    expect((await db.query('SELECT id FROM transfers WHERE lease_owner IS NOT NULL')).rows).toEqual([]);
    // The other replica still serves, and the poll the worker finished before exiting was recorded.
    const { transfer } = await running;
    const read = await call<{ status: string }>(urls.b, `/bridge/transfers/${transfer.transferId}`, '198.51.100.62');
    expect(read.body.status).toBe('COMPLETED');
  });
});
