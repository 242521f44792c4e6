import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicClient, createWalletClient, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStraitClient, runTransfer, type QuoteRow } from '@strait/client';
import { startSandbox, type RunningSandbox } from '../src/sandbox/startSandbox.ts';
import type { HyperCoreFake } from '../src/venues/hyperliquid/hyperCoreFake.ts';

/**
 * HyperCore as a destination (spec §1, docs/hypercore.md), over HTTP in the sandbox: the relayer
 * route from arbitrum (a transfer to the relayer) and from base (a venue's leg to the relayer), to
 * the perps and the spot balance, for new and existing accounts, and the floors.
 */
let sandbox: RunningSandbox;
let hyperCore: HyperCoreFake;
let proxy: Server;
let hyperCoreUrl = '';
/** When set, the next /exchange request reaches the exchange and is applied, but its answer is lost. */
let swallowNextExchange = false;

beforeAll(async () => {
  // Strait reaches the HyperCore fake through this proxy, which can lose an answer the exchange gave:
  // the worker then knows as little as a worker that died right after sending.
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const lose = swallowNextExchange && req.url === '/exchange';
      if (lose) swallowNextExchange = false;
      void fetch(`${hyperCoreUrl}${req.url ?? ''}`, { method: req.method ?? 'GET', headers: { 'content-type': 'application/json' }, ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}) }).then(
        async (answer) => {
          const body = await answer.text();
          if (lose) return res.destroy();
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(body);
        },
        () => res.destroy(),
      );
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  sandbox = await startSandbox({ STRAIT_RATE_LIMIT_PER_MINUTE: '0', STRAIT_VENUE_HYPERLIQUID_BASE_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
  hyperCore = sandbox.network.fake('hyperliquid') as unknown as HyperCoreFake;
  hyperCoreUrl = hyperCore.url;
});
afterAll(async () => {
  await sandbox?.stop();
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
});

async function api<T>(path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${sandbox.info.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body !== undefined ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}

interface Row { venue: string; quoteId: string; amountOutAtomic: string; executable: boolean }
interface Rejected { venue: string; code: string; details: Record<string, unknown> | null }
interface Quote { decisionId: string; quotes: Row[]; rejected: Rejected[] }
interface TransferView { status: string; statusDetail: string; destinationTxHash: string | null; receivedAmountAtomic: string | null; postStep: { txHash: string; creditedAmountAtomic: string; action: string; balance: string } | null }

async function quote(fromChain: string, toToken: string, amountAtomic: string, user: { address: Address }): Promise<Quote> {
  const answer = await api<Quote>('/bridge/quote', { fromChain, toChain: 'hypercore', fromToken: 'USDC', toToken, amountAtomic, sender: user.address, recipient: user.address });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Builds the row, signs and submits every step with the user's key and polls to a terminal state, through @strait/client. */
async function runThrough(fromChain: 'base' | 'arbitrum', decision: Quote, row: Row, user: { address: Address; privateKey: Hex }): Promise<TransferView> {
  const chain = sandbox.info.chains[fromChain]!;
  const { transfer } = await runTransfer({
    client: createStraitClient({ baseUrl: sandbox.info.baseUrl }),
    decisionId: decision.decisionId,
    quote: row as QuoteRow,
    wallet: createWalletClient({ account: privateKeyToAccount(user.privateKey), transport: http(chain.rpcUrl) }),
    publicClients: createPublicClient({ transport: http(chain.rpcUrl) }),
    pollIntervalMs: 250,
    timeoutMs: 40_000,
  });
  return transfer as unknown as TransferView;
}

describe('HyperCore destination in the sandbox', () => {
  it('tells in the JSON line how to read a HyperCore balance', () => {
    expect(sandbox.info.hypercore?.infoUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/info$/);
    expect(sandbox.info.hypercore?.perps.type).toBe('clearinghouseState');
  });

  it('lists the HyperCore routes in /routes and the relayer in /venues', async () => {
    for (const fromChain of ['base', 'arbitrum']) {
      const routes = await api<{ routes: { venue: string; tokenSymbols: string[] }[] }>(`/bridge/routes?fromChain=${fromChain}&toChain=hypercore`);
      expect(routes.body.routes.find((r) => r.venue === 'hyperliquid')?.tokenSymbols).toContain('USDC');
      expect(routes.body.routes.map((r) => r.venue)).toContain('relay');
    }
    const other = await api<{ routes: { venue: string }[] }>('/bridge/routes?fromChain=base&toChain=arbitrum');
    expect(other.body.routes.map((r) => r.venue)).not.toContain('hyperliquid');
    const venues = await api<{ venues: { venue: string; registered: boolean; enabled: boolean }[] }>('/bridge/venues');
    expect(venues.body.venues.find((v) => v.venue === 'hyperliquid')).toMatchObject({ registered: true, enabled: true });
  });

  it('refuses a bare USDC on hypercore, naming the two balances', async () => {
    const user = sandbox.info.accounts[0]!;
    const answer = await api<{ error: { code: string; message: string } }>('/bridge/quote', { fromChain: 'arbitrum', toChain: 'hypercore', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '20000000', sender: user.address, recipient: user.address });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('unknown_token');
    expect(answer.body.error.message).toContain('USDC (perps)');
    expect(answer.body.error.message).toContain('USDC (spot)');
  });

  it('lists a 3 USDC transfer to a new account as below_min with the floor and the figure', async () => {
    const user = sandbox.info.accounts[8]!;
    const decision = await quote('arbitrum', 'USDC (perps)', '3000000', user);
    expect(decision.quotes).toEqual([]);
    const relayer = decision.rejected.find((r) => r.venue === 'hyperliquid');
    expect(relayer).toMatchObject({ code: 'below_min', details: { floorAtomic: '5100000', accountExists: false, activationFeeAtomic: '1000000' } });
    expect(BigInt(String(relayer!.details!.amountOutAtomic))).toBeLessThan(3_000_000n);
  });

  it.each([
    ['arbitrum', 'USDC (perps)', 5, false],
    ['base', 'USDC (perps)', 6, true],
    ['arbitrum', 'USDC (spot)', 7, true],
    ['base', 'USDC (spot)', 9, false],
  ] as const)('credits a transfer from %s to %s (account %i, existing: %s) and reaches COMPLETED with postStep', async (fromChain, toToken, index, existing) => {
    const user = sandbox.info.accounts[index]!;
    if (existing) hyperCore.fund(user.address, {});
    const before = hyperCore.balances(user.address);
    const decision = await quote(fromChain, toToken, '20000000', user);
    const row = decision.quotes.find((q) => q.venue === 'hyperliquid');
    expect(row, JSON.stringify(decision.rejected)).toBeDefined();
    const transfer = await runThrough(fromChain, decision, row!, user);
    expect(transfer.status, transfer.statusDetail).toBe('COMPLETED');
    expect(transfer.postStep).toMatchObject({ action: toToken === 'USDC (spot)' ? 'spotSend' : 'usdSend', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    const credited = BigInt(transfer.postStep!.creditedAmountAtomic);
    expect(transfer.receivedAmountAtomic).toBe(credited.toString());
    expect(credited).toBeGreaterThanOrEqual(BigInt(row!.amountOutAtomic) - 1n);
    const after = hyperCore.balances(user.address);
    const raised = toToken === 'USDC (spot)' ? after.spot - before.spot : after.perps - before.perps;
    expect(raised).toBe(credited);
    // A new account paid its activation fee out of the row's output, never on top of it.
    if (!existing) expect(credited).toBeLessThanOrEqual(20_000_000n - 1_000_000n);
  });

  it('lists direct-credit rows beside the relayer row', async () => {
    const user = sandbox.info.accounts[3]!;
    for (const toToken of ['USDC (perps)', 'USDC (spot)']) {
      const decision = await quote('base', toToken, '20000000', user);
      const venues = decision.quotes.map((q) => q.venue);
      expect(venues).toContain('hyperliquid');
      expect(venues).toContain('relay');
    }
  });

  it('rejects the relayer row with no_liquidity when the relayer cannot cover it', async () => {
    const user = sandbox.info.accounts[4]!;
    const decision = await quote('arbitrum', 'USDC (perps)', '9000000000000', user);
    expect(decision.quotes.map((q) => q.venue)).not.toContain('hyperliquid');
    expect(decision.rejected.find((r) => r.venue === 'hyperliquid')).toMatchObject({ code: 'no_liquidity', details: { neededAtomic: expect.any(String), relayerAvailableAtomic: expect.any(String) } });
  });

  it('credits exactly once when the answer to the credit is lost (a worker that died right after sending)', async () => {
    const user = sandbox.info.accounts[2]!;
    const before = hyperCore.balances(user.address);
    const sentBefore = hyperCore.sentActions().length;
    const decision = await quote('arbitrum', 'USDC (perps)', '12000000', user);
    const row = decision.quotes.find((q) => q.venue === 'hyperliquid')!;
    swallowNextExchange = true;
    const transfer = await runThrough('arbitrum', decision, row, user);
    expect(swallowNextExchange).toBe(false);
    expect(transfer.status, transfer.statusDetail).toBe('COMPLETED');
    const credits = hyperCore.sentActions().slice(sentBefore).filter((a) => (a.action as { type?: string; destination?: string }).type === 'usdSend' && (a.action as { destination: string }).destination.toLowerCase() === user.address.toLowerCase());
    // The same signed action went twice; the exchange took it once (its nonce was used the second time).
    expect(credits.length).toBe(2);
    expect(credits.filter((a) => a.accepted).length).toBe(1);
    expect(hyperCore.balances(user.address).perps - before.perps).toBe(BigInt(transfer.postStep!.creditedAmountAtomic));
  });

  it("binds a relayer main to its transfer: a look-alike transfer naming a stranger refuses the victim's transaction (data)", async () => {
    const victim = sandbox.info.accounts[8]!;
    const stranger = sandbox.info.accounts[1]!;
    const chain = sandbox.info.chains.arbitrum!;
    const arbitrum = createPublicClient({ transport: http(chain.rpcUrl) });
    const buildFor = async (recipient: Address) => {
      const decision = await api<Quote>('/bridge/quote', { fromChain: 'arbitrum', toChain: 'hypercore', fromToken: 'USDC', toToken: 'USDC (perps)', amountAtomic: '15000000', sender: victim.address, recipient });
      const row = decision.body.quotes.find((q) => q.venue === 'hyperliquid');
      expect(row, JSON.stringify(decision.body)).toBeDefined();
      const build = await api<{ transferId: string; steps: { vm: string; step: string; chainId: number; to: Address; data: Hex; value: string }[] }>('/bridge/build', { decisionId: decision.body.decisionId, quoteId: row!.quoteId });
      expect(build.status, JSON.stringify(build.body)).toBe(200);
      return build.body;
    };
    const t1 = await buildFor(victim.address);
    const t2 = await buildFor(stranger.address);
    const main1 = t1.steps.find((s) => s.step === 'main')!;
    const main2 = t2.steps.find((s) => s.step === 'main')!;
    // The same plain USDC transfer to the relayer, each tagged with its own transfer id.
    expect(main1.data.slice(0, 2 + 136)).toBe(main2.data.slice(0, 2 + 136));
    expect(main1.data.endsWith(t1.transferId.replace(/-/g, ''))).toBe(true);
    expect(main2.data.endsWith(t2.transferId.replace(/-/g, ''))).toBe(true);

    const nonce = await arbitrum.getTransactionCount({ address: victim.address, blockTag: 'pending' });
    const signed = await privateKeyToAccount(victim.privateKey).signTransaction({ chainId: main1.chainId, to: main1.to, data: main1.data, value: BigInt(main1.value), nonce, gas: 200_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n, type: 'eip1559' });
    type Submitted = { accepted?: boolean; verification?: string; error?: { code: string; details?: { mismatches?: { field: string }[] } } };
    const bySigned = await api<Submitted>(`/bridge/transfers/${t2.transferId}/submit`, { step: 'main', signedTransaction: signed });
    expect(bySigned.status, JSON.stringify(bySigned.body)).toBe(422);
    expect(bySigned.body.error?.code).toBe('transaction_mismatch');
    expect(bySigned.body.error?.details?.mismatches?.map((m) => m.field)).toEqual(['data']);

    // The victim's wallet broadcasts its main itself; the stranger races its public hash to T2.
    const txHash = await arbitrum.sendRawTransaction({ serializedTransaction: signed });
    await arbitrum.waitForTransactionReceipt({ hash: txHash, pollingInterval: 50 });
    const raced = await api<Submitted>(`/bridge/transfers/${t2.transferId}/submit`, { step: 'main', txHash });
    expect(raced.status, JSON.stringify(raced.body)).toBe(422);
    expect(raced.body.error?.code).toBe('transaction_mismatch');
    expect(raced.body.error?.details?.mismatches?.map((m) => m.field)).toEqual(['data']);
    const own = await api<Submitted>(`/bridge/transfers/${t1.transferId}/submit`, { step: 'main', txHash });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body).toMatchObject({ accepted: true, verification: 'verified' });
  });
});
