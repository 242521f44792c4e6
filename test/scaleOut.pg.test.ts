import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createPublicClient, createWalletClient, erc20Abi, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
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

type Step = { step: 'approve' | 'main'; chainId: number; to: Hex; data: Hex; value: string };
interface Built {
  readonly ip: string;
  readonly user: SandboxAccount;
  readonly transferId: string;
  readonly steps: Step[];
}

const chain = (key: string) => network.chains.find((c) => c.key === key)!;

/** The replicas' logged faults, for assertion messages: a 500's cause is in its replica's log. */
const replicaErrors = () => [apiA, apiB].flatMap((p) => p.lines.filter((l) => Number(l.level) >= 50).map((l) => `${p.name}: ${JSON.stringify(l)}`)).join('\n');

/** Quote and build on `buildOn`, then read the transfer back through `readOn`. */
async function quoteAndBuild(venue: string, user: SandboxAccount, ip: string, buildOn: string, readOn: string): Promise<Built> {
  const quote = await call<{ decisionId: string; quotes: { venue: string; quoteId: string }[] }>(buildOn, '/bridge/quote', ip, quoteBody(user.address));
  const row = quote.body.quotes.find((q) => q.venue === venue);
  expect(row, `${venue} priced: ${JSON.stringify(quote.body)}`).toBeDefined();
  const build = await call<{ transferId: string; steps?: Step[]; deposit?: { address: Hex; amountAtomic: string } }>(buildOn, '/bridge/build', ip, { decisionId: quote.body.decisionId, quoteId: row!.quoteId });
  expect(build.status, `${JSON.stringify(build.body)}\n${replicaErrors()}`).toBe(200);
  const read = await call<{ transferId: string; status: string; venue: string }>(readOn, `/bridge/transfers/${build.body.transferId}`, ip);
  expect(read.body).toMatchObject({ transferId: build.body.transferId, status: 'PENDING_SIGNATURE', venue });
  const steps: Step[] = build.body.steps ?? [{ step: 'main', chainId: chain('base').chainId, to: BASE_USDC, data: encodeTransfer(build.body.deposit!.address, BigInt(build.body.deposit!.amountAtomic)), value: '0' }];
  return { ip, user, transferId: build.body.transferId, steps };
}

/** Signs `step` as the user's wallet would, submits it through `baseUrl`, and waits until it is mined. */
async function submit(baseUrl: string, t: Built, step: Step): Promise<void> {
  const base = chain('base');
  const account = privateKeyToAccount(t.user.privateKey);
  const wallet = createWalletClient({ account, transport: http(base.rpcUrl) });
  const request = await wallet.prepareTransactionRequest({ account, chain: null, to: step.to, data: step.data, value: BigInt(step.value) });
  const signed = await wallet.signTransaction({ ...request, chainId: step.chainId } as never);
  const response = await call<{ accepted: boolean; txHash: Hex }>(baseUrl, `/bridge/transfers/${t.transferId}/submit`, t.ip, { signedTransaction: signed, step: step.step });
  expect(response.status, `${JSON.stringify(response.body)}\n${replicaErrors()}`).toBe(200);
  expect(response.body.accepted).toBe(true);
  await createPublicClient({ transport: http(base.rpcUrl) }).waitForTransactionReceipt({ hash: response.body.txHash, pollingInterval: 50 });
}

const approvals = (t: Built) => t.steps.filter((s) => s.step !== 'main');
const mainStep = (t: Built) => t.steps.find((s) => s.step === 'main')!;

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
    const built = await Promise.all(venues.map((venue, i) => quoteAndBuild(venue, users[i]!, `198.51.100.${40 + i}`, urls.a, urls.b)));

    // Every status call now hangs a while, so a worker is caught holding a lease mid-poll.
    slowVenues(SLOW_VENUE_MS);
    await Promise.all(built.map(async (t) => {
      for (const step of approvals(t)) await submit(urls.b, t, step);
    }));
    await Promise.all(built.map((t) => submit(urls.b, t, mainStep(t))));
    const leased = await firstLease();
    expect(leased, 'a worker leased a submitted transfer').toBeDefined();
    const victim = workerIds.get(leased!.lease_owner)!;
    expect(victim).toBeDefined();
    await victim.stop('SIGKILL');
    slowVenues(null);

    const final = await Promise.all(
      built.map(async (t) => {
        let transfer: { status: string; destinationTxHash: string | null; receivedAmountAtomic: string | null } | undefined;
        for (let i = 0; i < 150 && transfer?.status !== 'COMPLETED'; i++) {
          if (i > 0) await new Promise((resolve) => setTimeout(resolve, 200));
          transfer = (await call<NonNullable<typeof transfer>>(urls.b, `/bridge/transfers/${t.transferId}`, t.ip)).body;
        }
        return transfer!;
      }),
    );
    const survivors = workers.filter((w) => w !== victim);
    for (const [i, transfer] of final.entries()) {
      expect(transfer.status, `${venues[i]}: ${JSON.stringify(transfer)}\n${survivors.map((w) => w.tail()).join('\n')}`).toBe('COMPLETED');
      expect(transfer.destinationTxHash).toMatch(/^0x[0-9a-f]{64}$/);
      // Paid exactly once, though the killed worker's status call may also have reached the venue.
      expect((await balance(users[i]!)) - before[i]!).toBe(BigInt(transfer.receivedAmountAtomic!));
    }
    expect((await db.query('SELECT id FROM transfers WHERE lease_owner IS NOT NULL')).rows).toEqual([]);
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
    const t = await quoteAndBuild('across', network.accounts[4]!, '198.51.100.62', urls.b, urls.b);
    for (const step of approvals(t)) await submit(urls.b, t, step);
    slowVenues(SLOW_VENUE_MS);
    await submit(urls.b, t, mainStep(t));
    expect((await firstLease())?.lease_owner).toBe(workerId);
    expect(await worker.stop('SIGTERM')).toBe(0);
    slowVenues(null);
    expect((await db.query('SELECT id FROM transfers WHERE lease_owner IS NOT NULL')).rows).toEqual([]);
    // The other replica still serves, and the poll the worker finished before exiting was recorded.
    const read = await call<{ status: string }>(urls.b, `/bridge/transfers/${t.transferId}`, t.ip);
    expect(read.body.status).toBe('COMPLETED');
  });
});

function encodeTransfer(to: Hex, amount: bigint): Hex {
  return `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;
}
