import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { createPublicClient, createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The package's source in this tree (the workspace link may point at another checkout).
import { createStraitClient, runTransfer, unwrap, watchTransfer, type Transfer } from '../packages/client/src/index.ts';
import { startSandbox, type RunningSandbox } from '../src/sandbox/startSandbox.ts';

/**
 * The whole flow in the sandbox (Across's fake, anvil chains): runTransfer follows the event stream
 * (it never polls the transfer) and sees every state in order, and a webhook receiver on loopback
 * gets the same changes, each once and validly signed with the sandbox's secret.
 */

let sandbox: RunningSandbox;
let receiver: Server;
let receiverUrl: string;
const received: { headers: Record<string, string>; body: string }[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ STRAIT_RATE_LIMIT_PER_MINUTE: '0' });
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: { 'webhook-id': String(request.headers['webhook-id']), 'webhook-timestamp': String(request.headers['webhook-timestamp']), 'webhook-signature': String(request.headers['webhook-signature']) }, body });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/strait`;
});
afterAll(async () => {
  await sandbox?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('events in the sandbox', () => {
  it('runTransfer follows the stream to COMPLETED; the webhook receiver gets every change once, signed', async () => {
    const reads: string[] = [];
    const client = createStraitClient({
      baseUrl: sandbox.info.baseUrl,
      fetch: (request) => {
        reads.push(`${request.method} ${new URL(request.url).pathname}`);
        return fetch(request);
      },
    });
    const user = sandbox.info.accounts[5]!;
    const base = sandbox.info.chains.base!;
    const decision = unwrap(await client.POST('/bridge/quote', { body: { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '25000000', sender: user.address, recipient: user.address } }));
    const row = decision.quotes.find((q) => q.venue === 'across');
    expect(row, JSON.stringify(decision.rejected)).toBeDefined();
    const statuses: Transfer[] = [];
    const { transfer } = await runTransfer({
      client,
      decisionId: decision.decisionId,
      quote: row,
      webhookUrl: receiverUrl,
      wallet: createWalletClient({ account: privateKeyToAccount(user.privateKey), transport: http(base.rpcUrl) }),
      publicClients: createPublicClient({ transport: http(base.rpcUrl) }),
      pollIntervalMs: 250,
      timeoutMs: 30_000,
      onProgress: (progress) => {
        if (progress.phase === 'status') statuses.push(progress.transfer);
      },
    });
    expect(transfer.status).toBe('COMPLETED');
    expect(reads.filter((r) => /^GET \/v1\/bridge\/transfers\/[0-9a-f-]+$/.test(r))).toEqual([]);
    expect(reads.filter((r) => r.endsWith('/events')).length).toBeGreaterThanOrEqual(1);
    expect(statuses.at(-1)?.substatus).toBe('completed');
    expect(transfer.explorerLinks.map((l) => l.field)).toEqual(['sourceTxHash', 'destinationTxHash']);

    // The last delivery follows the terminal change within a few worker ticks.
    const deadline = Date.now() + 10_000;
    const done = () => received.some((r) => (JSON.parse(r.body) as { data: Transfer }).data.status === 'COMPLETED');
    while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const verifier = new Webhook(sandbox.info.webhookSecret);
    const events = received.map((r) => verifier.verify(r.body, r.headers) as { sequence: number; data: Transfer });
    expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(received.length);
    expect(events[0]!.data.status).toBe('PENDING_SIGNATURE');
    expect(events.at(-1)!.data).toMatchObject({ status: 'COMPLETED', transferId: transfer.transferId, destinationTxHash: transfer.destinationTxHash });
    // The stream's states are the webhooks' states, from the moment runTransfer started following.
    const streamed = statuses.map((t) => t.updatedAt);
    expect(events.map((e) => e.data.updatedAt).slice(-streamed.length)).toEqual(streamed);

    // A watcher replaying from the start (Last-Event-ID 0), dropped after two events and back with the
    // last id it saw, gets the rest: nothing missed, nothing twice.
    expect(events.length).toBeGreaterThanOrEqual(3);
    const first: string[] = [];
    for await (const event of watchTransfer({ client, transferId: transfer.transferId, lastEventId: '0' })) {
      first.push(event.id);
      if (first.length === 2) break;
    }
    const rest: { id: string; transfer: Transfer }[] = [];
    for await (const event of watchTransfer({ client, transferId: transfer.transferId, lastEventId: first.at(-1)! })) rest.push(event);
    expect([...first, ...rest.map((e) => e.id)]).toEqual(events.map((e) => String(e.sequence)));
    expect(rest.at(-1)?.transfer.status).toBe('COMPLETED');
  });
});
