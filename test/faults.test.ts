import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicClient, createWalletClient, http, keccak256, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { ERROR_CATALOGUE } from '../src/domain/errors.ts';
import { startSandboxNetwork, type SandboxAccount, type SandboxNetwork } from '../src/sandbox/startSandboxNetwork.ts';
import type { FakeFault } from '../src/venues/fake/startFakeServer.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * Faults injected under the real adapters and the real chain client, each with its asserted
 * outcome: a venue hanging, resetting, failing with 5xx or answering malformed or wrong-shaped JSON
 * is a typed rejection in a 200 quote (or a typed, retriable build refusal); the RPC down, flapping
 * or losing its answer during submit is a retriable 503 `chain_unavailable` with Retry-After that
 * records nothing, every accepted submission is on record afterwards, and a signed transaction
 * reaches the chain once however often or concurrently it is submitted.
 */

let network: SandboxNetwork;
let rpc: RpcProxy;
let strait: Strait;
let base: PublicClient;

beforeAll(async () => {
  network = await startSandboxNetwork();
  const chain = network.chains.find((c) => c.key === 'base');
  if (!chain) throw new Error('the sandbox has no base chain');
  base = createPublicClient({ transport: http(chain.rpcUrl) });
  rpc = await startRpcProxy(chain.rpcUrl);
  // No early answer (minimum wait = deadline): a quote waits for every healthy venue however loaded the machine.
  strait = await createTestStrait({ ...network.straitEnv, STRAIT_RPC_BASE: rpc.url, STRAIT_QUOTE_DEADLINE_MS: '1000', STRAIT_QUOTE_MIN_WAIT_MS: '1000' });
  // The venues that price the test's corridor while nothing is faulted: each fault test expects the others to keep pricing.
  const healthy = await quoteOf(network.accounts[0] as SandboxAccount);
  pricing = healthy.body.quotes.map((q) => q.venue).sort();
  if (!pricing.includes('across')) throw new Error(`across did not price the healthy quote: ${JSON.stringify(healthy.body.rejected)}`);
}, 120_000);

afterAll(async () => {
  await strait?.close();
  await rpc?.close();
  await network?.stop();
});

/** The sandbox's venues that priced base → arbitrum with nothing faulted. */
let pricing: string[] = [];
const fakedVenues = () => pricing;

afterEach(() => {
  rpc.mode = 'up';
  rpc.sendDelayMs = 0;
  for (const fake of Object.values(network.fakes)) fake.server.setFault(null);
});

interface QuoteAnswer {
  decisionId: string;
  best: { venue: string; quoteId: string } | null;
  quotes: { venue: string; quoteId: string }[];
  rejected: { venue: string; code: string; message: string; details?: Record<string, unknown> }[];
  emptyReason?: string;
}
interface EvmStep { vm: 'evm'; step: 'approve' | 'main'; chainId: number; to: Hex; data: Hex; value: string }
interface Answer<T> { status: number; headers: Record<string, unknown>; body: T }
interface ErrorBody { error: { code: string; message: string; retryAfterMs?: number; details?: Record<string, unknown> } }

async function api<T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Answer<T>> {
  const response = await strait.app.inject({ method, url: `/v1${url}`, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { status: response.statusCode, headers: response.headers, body: response.json() as T };
}

const quoteOf = (account: SandboxAccount) => api<QuoteAnswer>('POST', '/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: account.address, recipient: account.address });

/** The retriable refusal every fault may end in: its catalogue status, Retry-After and retryAfterMs. */
function expectRetriable(answer: Answer<unknown>, code: 'chain_unavailable' | 'venue_unavailable' | 'service_unavailable'): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(ERROR_CATALOGUE[code].status);
  expect(ERROR_CATALOGUE[code].retriable).toBe(true);
  const body = answer.body as ErrorBody;
  expect(body.error.code).toBe(code);
  expect(body.error.retryAfterMs).toBeGreaterThan(0);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
}

describe('venue faults come through the real adapters as typed answers', () => {
  const account = () => network.accounts[0] as SandboxAccount;
  const across = () => network.fake('across').server;

  it.each<[string, string, FakeFault]>([
    ['hangs', 'venue_timeout', { kind: 'hang' }],
    ['resets the connection', 'venue_error', { kind: 'reset' }],
    ['answers 500', 'venue_error', { kind: 'status', status: 500, body: { message: 'boom' } }],
    ['answers 503 (retried, then given up)', 'venue_error', { kind: 'status', status: 503 }],
    ['answers 429', 'venue_rate_limited', { kind: 'status', status: 429, body: { message: 'slow down' } }],
    ['answers malformed JSON', 'venue_bad_response', { kind: 'malformed' }],
    ['answers JSON of the wrong shape', 'venue_bad_response', { kind: 'status', status: 200, body: { totalRelayFee: { total: 12 }, unexpected: true } }],
  ])('across %s: a 200 quote, across rejected as %s, the other venues priced', async (_name, code, fault) => {
    across().setFault(fault);
    const faulted = await quoteOf(account());
    expect(faulted.status).toBe(200);
    expect(faulted.body.rejected.find((r) => r.venue === 'across')).toMatchObject({ code });
    expect(faulted.body.quotes.map((q) => q.venue).sort()).toEqual(fakedVenues().filter((id) => id !== 'across'));
    expect(faulted.body.best).not.toBeNull();
    across().setFault(null);
    if (code === 'venue_rate_limited') {
      // The venue's wait is respected: until it passes Across is not called at all, then it is asked again.
      const calls = across().requests.length;
      const waiting = await quoteOf(account());
      const limited = waiting.body.rejected.find((r) => r.venue === 'across');
      expect(limited).toMatchObject({ code: 'venue_rate_limited', details: { retryAfterMs: expect.any(Number) } });
      expect(across().requests.length).toBe(calls);
      await new Promise((resolve) => setTimeout(resolve, Number(limited?.details?.retryAfterMs) + 50));
    }
    // Healthy again: priced again (and the breaker's count of consecutive faults is reset).
    const healthy = await quoteOf(account());
    expect(healthy.body.quotes.map((q) => q.venue)).toContain('across');
  });

  it('every venue failing: a 200 quote with no rows and a reason; build refuses it with a typed 409', async () => {
    for (const fake of Object.values(network.fakes)) fake.server.setFault({ kind: 'status', status: 500 });
    const quote = await quoteOf(account());
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ quotes: [], best: null, emptyReason: expect.any(String) });
    expect(quote.body.rejected.filter((r) => r.code === 'venue_error').map((r) => r.venue).sort()).toEqual(fakedVenues());
    const build = await api<ErrorBody>('POST', '/bridge/build', { decisionId: quote.body.decisionId });
    expect(build.status).toBe(409);
    expect(build.body.error.code).toBe('no_executable_quote');
    for (const fake of Object.values(network.fakes)) fake.server.setFault(null);
    expect((await quoteOf(account())).body.quotes).toHaveLength(fakedVenues().length);
  });

  it('the venue failing at build: a retriable 503 venue_unavailable with Retry-After, no transfer; the same build succeeds later', async () => {
    const quote = await quoteOf(account());
    const row = quote.body.quotes.find((q) => q.venue === 'relay');
    expect(row).toBeDefined();
    for (const fault of [{ kind: 'status', status: 500 }, { kind: 'reset' }, { kind: 'malformed' }] as FakeFault[]) {
      network.fake('relay').server.setFault(fault);
      const refused = await api<ErrorBody>('POST', '/bridge/build', { decisionId: quote.body.decisionId, quoteId: row?.quoteId });
      expectRetriable(refused, 'venue_unavailable');
      expect(await strait.deps.store.db.selectFrom('transfers').select('id').where('decision_id', '=', quote.body.decisionId).execute()).toEqual([]);
    }
    network.fake('relay').server.setFault(null);
    const built = await api<{ transferId: string; venue: string }>('POST', '/bridge/build', { decisionId: quote.body.decisionId, quoteId: row?.quoteId });
    expect(built.status).toBe(200);
    expect((await api<{ venue: string; status: string }>('GET', `/bridge/transfers/${built.body.transferId}`)).body).toMatchObject({ venue: 'relay', status: 'PENDING_SIGNATURE' });
  });

  it('a venue failing repeatedly is rested: breaker_open in rejected, unhealthy in /bridge/venues', async () => {
    network.fake('nearintents').server.setFault({ kind: 'status', status: 500 });
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) codes.push((await quoteOf(account())).body.rejected.find((r) => r.venue === 'nearintents')?.code ?? 'priced');
    expect(codes).toEqual(['venue_error', 'venue_error', 'venue_error', 'venue_error', 'venue_error', 'breaker_open']);
    const venues = await api<{ venues: { venue: string; health: string; routable: boolean }[] }>('GET', '/bridge/venues');
    expect(venues.body.venues.find((v) => v.venue === 'nearintents')).toMatchObject({ health: 'unhealthy', routable: false });
  });
});

describe('RPC faults during submit', () => {
  /** A transfer through across (exact-amount approve, then depositV3), built while the RPC is up. */
  async function acrossTransfer(account: SandboxAccount): Promise<{ transferId: string; steps: EvmStep[] }> {
    const quote = await quoteOf(account);
    const row = quote.body.quotes.find((q) => q.venue === 'across');
    if (!row) throw new Error(`across did not price: ${JSON.stringify(quote.body.rejected)}`);
    const build = await api<{ transferId: string; steps: EvmStep[] }>('POST', '/bridge/build', { decisionId: quote.body.decisionId, quoteId: row.quoteId });
    expect(build.status).toBe(200);
    expect(build.body.steps.map((s) => s.step)).toEqual(['approve', 'main']);
    return build.body;
  }

  async function sign(account: SandboxAccount, step: EvmStep, nonceOffset = 0): Promise<Hex> {
    const nonce = (await base.getTransactionCount({ address: account.address, blockTag: 'pending' })) + nonceOffset;
    return privateKeyToAccount(account.privateKey).signTransaction({ chainId: step.chainId, to: step.to, data: step.data, value: BigInt(step.value), nonce, gas: 500_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n, type: 'eip1559' });
  }

  const submit = (transferId: string, body: Record<string, unknown>) => api<{ accepted: boolean; txHash: Hex; status: string; verification: string } & Partial<ErrorBody>>('POST', `/bridge/transfers/${transferId}/submit`, body);
  const transfer = (transferId: string) => api<{ status: string; sourceTxHash: string | null; sourceTxVerification: string | null }>('GET', `/bridge/transfers/${transferId}`);
  const submissions = (transferId: string) => strait.deps.store.db.selectFrom('submissions').select(['kind', 'tx_hash']).where('transfer_id', '=', transferId).orderBy('kind').execute();

  it('RPC refusing connections or answering 503: chain_unavailable, nothing sent or recorded; the retry is sent once', async () => {
    const account = network.accounts[1] as SandboxAccount;
    const { transferId, steps } = await acrossTransfer(account);
    const nonceBefore = await base.getTransactionCount({ address: account.address });
    const sent = rpc.forwarded('eth_sendRawTransaction');

    for (const [index, step] of steps.entries()) {
      const signed = await sign(account, step);
      for (const mode of ['refuse', 'unavailable'] as const) {
        rpc.mode = mode;
        expectRetriable(await submit(transferId, { signedTransaction: signed, step: step.step }), 'chain_unavailable');
        expect(rpc.forwarded('eth_sendRawTransaction')).toBe(sent + index);
        expect((await submissions(transferId)).map((s) => s.kind)).toEqual(steps.slice(0, index).map((s) => s.step));
      }
      rpc.mode = 'up';
      const accepted = await submit(transferId, { signedTransaction: signed, step: step.step });
      expect(accepted.body).toMatchObject({ accepted: true, verification: 'verified', txHash: keccak256(signed) });
      expect(rpc.forwarded('eth_sendRawTransaction')).toBe(sent + index + 1);
      await base.waitForTransactionReceipt({ hash: accepted.body.txHash, pollingInterval: 50 });
    }
    expect((await transfer(transferId)).body).toMatchObject({ status: 'SUBMITTED', sourceTxVerification: 'verified' });
    expect(await base.getTransactionCount({ address: account.address })).toBe(nonceBefore + 2);
  });

  it('the RPC took the transaction but lost its answer: found on chain and accepted, sent once', async () => {
    const account = network.accounts[2] as SandboxAccount;
    const { transferId, steps } = await acrossTransfer(account);
    const sent = rpc.forwarded('eth_sendRawTransaction');
    const approve = await submit(transferId, { signedTransaction: await sign(account, steps[0] as EvmStep), step: 'approve' });
    await base.waitForTransactionReceipt({ hash: approve.body.txHash, pollingInterval: 50 });
    const signed = await sign(account, steps[1] as EvmStep);
    rpc.mode = 'lose-send-answer';
    const accepted = await submit(transferId, { signedTransaction: signed, step: 'main' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ accepted: true, txHash: keccak256(signed), status: 'SUBMITTED' });
    expect(rpc.forwarded('eth_sendRawTransaction')).toBe(sent + 2);
    expect((await transfer(transferId)).body.sourceTxHash).toBe(keccak256(signed));
  });

  it('the RPC took the transaction, lost its answer and went down: 503 and nothing recorded; the retry finds it on chain, which holds it once', async () => {
    const account = network.accounts[3] as SandboxAccount;
    const { transferId, steps } = await acrossTransfer(account);
    const approve = await submit(transferId, { signedTransaction: await sign(account, steps[0] as EvmStep), step: 'approve' });
    await base.waitForTransactionReceipt({ hash: approve.body.txHash, pollingInterval: 50 });
    const nonceBefore = await base.getTransactionCount({ address: account.address });
    const signed = await sign(account, steps[1] as EvmStep);
    rpc.mode = 'lose-send-answer-then-down';
    expectRetriable(await submit(transferId, { signedTransaction: signed, step: 'main' }), 'chain_unavailable');
    expect((await submissions(transferId)).map((s) => s.kind)).toEqual(['approve']);
    expect((await transfer(transferId)).body).toMatchObject({ status: 'PENDING_SIGNATURE', sourceTxHash: null });
    rpc.mode = 'up';
    const accepted = await submit(transferId, { signedTransaction: signed, step: 'main' });
    expect(accepted.body).toMatchObject({ accepted: true, txHash: keccak256(signed), status: 'SUBMITTED' });
    // The same signed bytes twice: one transaction on chain, one nonce used.
    expect(await base.getTransactionCount({ address: account.address })).toBe(nonceBefore + 1);
    expect((await base.getTransactionReceipt({ hash: keccak256(signed) })).status).toBe('success');
  });

  it('concurrent submissions of one signed transaction: one broadcast, one acceptance, the same hash for all', async () => {
    const account = network.accounts[4] as SandboxAccount;
    const { transferId, steps } = await acrossTransfer(account);
    const approve = await submit(transferId, { signedTransaction: await sign(account, steps[0] as EvmStep), step: 'approve' });
    await base.waitForTransactionReceipt({ hash: approve.body.txHash, pollingInterval: 50 });
    const signed = await sign(account, steps[1] as EvmStep);
    const sent = rpc.forwarded('eth_sendRawTransaction');
    rpc.sendDelayMs = 300;
    const answers = await Promise.all(Array.from({ length: 6 }, () => submit(transferId, { signedTransaction: signed, step: 'main' })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(answers.filter((a) => a.body.accepted)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.txHash))).toEqual(new Set([keccak256(signed)]));
    expect(rpc.forwarded('eth_sendRawTransaction')).toBe(sent + 1);
    expect(await submissions(transferId)).toEqual([
      { kind: 'approve', tx_hash: approve.body.txHash },
      { kind: 'main', tx_hash: keccak256(signed) },
    ]);
  });

  it('a txHash submitted while the RPC is down is recorded as unverified_rpc_error; Strait sends nothing', async () => {
    const account = network.accounts[5] as SandboxAccount;
    const { transferId, steps } = await acrossTransfer(account);
    const wallet = createWalletClient({ account: privateKeyToAccount(account.privateKey), transport: http(network.chains.find((c) => c.key === 'base')?.rpcUrl) });
    const approveHash = await wallet.sendRawTransaction({ serializedTransaction: await sign(account, steps[0] as EvmStep) });
    await base.waitForTransactionReceipt({ hash: approveHash, pollingInterval: 50 });
    const mainHash = await wallet.sendRawTransaction({ serializedTransaction: await sign(account, steps[1] as EvmStep) });
    const sent = rpc.forwarded('eth_sendRawTransaction');
    rpc.mode = 'refuse';
    const accepted = await submit(transferId, { txHash: mainHash, step: 'main' });
    expect(accepted.body).toMatchObject({ accepted: true, txHash: mainHash, status: 'SUBMITTED', verification: 'unverified_rpc_error' });
    expect(rpc.forwarded('eth_sendRawTransaction')).toBe(sent);
    expect((await transfer(transferId)).body).toMatchObject({ status: 'SUBMITTED', sourceTxHash: mainHash, sourceTxVerification: 'unverified_rpc_error' });
  });
});

type ProxyMode = 'up' | 'refuse' | 'unavailable' | 'lose-send-answer' | 'lose-send-answer-then-down';

interface RpcProxy {
  readonly url: string;
  /**
   * `up` forwards; `refuse` resets every connection; `unavailable` answers an HTML 503 page;
   * `lose-send-answer` forwards eth_sendRawTransaction and resets the connection instead of answering;
   * `lose-send-answer-then-down` does that and resets every other call.
   */
  mode: ProxyMode;
  /** Holds eth_sendRawTransaction this long before forwarding it (widens race windows). */
  sendDelayMs: number;
  /** Calls of `method` that reached the chain. */
  forwarded(method: string): number;
  close(): Promise<void>;
}

/** A JSON-RPC proxy in front of anvil that counts what reaches the chain and injects faults. */
async function startRpcProxy(target: string): Promise<RpcProxy> {
  const forwarded = new Map<string, number>();
  const proxy: { mode: ProxyMode; sendDelayMs: number } = { mode: 'up', sendDelayMs: 0 };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks).toString('utf8');
      const parsed = JSON.parse(raw) as { method: string } | { method: string }[];
      const methods = (Array.isArray(parsed) ? parsed : [parsed]).map((call) => call.method);
      const sending = methods.includes('eth_sendRawTransaction');
      const mode = proxy.mode;
      if (mode === 'refuse' || (mode === 'lose-send-answer-then-down' && !sending)) return void req.socket.destroy();
      if (mode === 'unavailable') {
        res.writeHead(503, { 'content-type': 'text/html' });
        return void res.end('<html><body>503 Service Unavailable</body></html>');
      }
      if (sending && proxy.sendDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, proxy.sendDelayMs));
      const answer = await fetch(target, { method: 'POST', body: raw, headers: { 'content-type': 'application/json' } });
      const text = await answer.text();
      for (const method of methods) forwarded.set(method, (forwarded.get(method) ?? 0) + 1);
      if (sending && mode !== 'up') return void req.socket.destroy();
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(text);
    })().catch(() => req.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get mode() {
      return proxy.mode;
    },
    set mode(mode: ProxyMode) {
      proxy.mode = mode;
    },
    get sendDelayMs() {
      return proxy.sendDelayMs;
    },
    set sendDelayMs(ms: number) {
      proxy.sendDelayMs = ms;
    },
    forwarded: (method) => forwarded.get(method) ?? 0,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

