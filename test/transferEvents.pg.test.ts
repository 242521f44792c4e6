import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStraitClient } from '../packages/client/src/createStraitClient.ts';
import { watchTransfer, type TransferEvent } from '../packages/client/src/watchTransfer.ts';
import type { Strait } from '../src/createStrait.ts';
import { listTransferEventsAfter, listWebhookDeliveries } from '../src/store/transferEventRepository.ts';
import { updateTransfer } from '../src/store/transferRepository.ts';
import { createTestStrait } from './testStrait.ts';
import { createThrowawayDatabase, postgresReachable } from './throwawayDatabase.ts';
import { venueDouble } from './venueDouble.ts';

/**
 * Two instances of the service on one PostgreSQL database (its own, created here): a change written
 * by one reaches a stream served by the other through LISTEN/NOTIFY (the safety poll is set to ten
 * minutes, so nothing else could carry it); concurrent writers through both number the events
 * without a gap; the two webhook senders never send one delivery twice.
 */
const reachable = await postgresReachable();
if (!reachable) console.warn('transferEvents.pg.test: PostgreSQL at STRAIT_TEST_DATABASE_URL is not reachable; skipped');

const SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
let database: { url: string; drop(): Promise<void> } | undefined;
let first: Strait;
let second: Strait;
let receiver: Server;
let receiverUrl: string;
const received: string[] = [];

beforeAll(async () => {
  if (!reachable) return;
  database = await createThrowawayDatabase('strait_events');
  receiver = createServer((request, response) => {
    received.push(String(request.headers['webhook-id']));
    request.resume();
    request.on('end', () => response.writeHead(200).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
  const env = { DATABASE_URL: database.url, STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_EVENTS_POLL_MS: '600000', STRAIT_WEBHOOK_SECRET: SECRET, STRAIT_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' };
  first = await createTestStrait(env, [venueDouble()]);
  second = await createTestStrait(env, [venueDouble()]);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await database?.drop();
});

async function build(strait: Strait): Promise<string> {
  const post = (url: string, payload: object) => strait.app.inject({ method: 'POST', url: `/v1${url}`, payload });
  const quote = (await post('/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '5000000', sender: USER, recipient: USER })).json() as { decisionId: string };
  return ((await post('/bridge/build', { decisionId: quote.decisionId, webhookUrl: receiverUrl })).json() as { transferId: string }).transferId;
}

describe.skipIf(!reachable)('transfer events on PostgreSQL across two instances', () => {
  it('a change written through one instance reaches a stream served by the other at once', async () => {
    const id = await build(first);
    const seen: TransferEvent[] = [];
    const controller = new AbortController();
    const watching = (async () => {
      for await (const event of watchTransfer({ client: createStraitClient({ baseUrl: await second.listen() }), transferId: id, signal: controller.signal })) seen.push(event);
    })().catch(() => undefined);
    const waitFor = async (n: number) => {
      const deadline = Date.now() + 5_000;
      while (seen.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(seen.length).toBe(n);
    };
    await waitFor(1);
    const submitted = await first.app.inject({ method: 'POST', url: `/v1/bridge/transfers/${id}/submit`, payload: { step: 'main', txHash: `0x${'ab'.repeat(32)}` } });
    expect(submitted.statusCode).toBe(200);
    await waitFor(2);
    expect(seen.map((e) => [e.id, e.transfer.status])).toEqual([['1', 'PENDING_SIGNATURE'], ['2', 'SUBMITTED']]);
    controller.abort();
    await watching;
  });

  it('numbers concurrent changes from both instances without a gap, and the two senders deliver each once', async () => {
    const id = await build(second);
    await Promise.all(Array.from({ length: 20 }, (_, n) => updateTransfer((n % 2 ? first : second).deps.store.db, id, { statusDetail: `change ${n}` }, 2_000_000_000_000 + n)));
    const events = await listTransferEventsAfter(first.deps.store.db, id, 0, 100);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 21 }, (_, n) => n + 1));
    expect(new Set(events.slice(1).map((e) => e.transfer.statusDetail)).size).toBe(20);

    await Promise.all([first.webhookSender!.tick(), second.webhookSender!.tick(), first.webhookSender!.tick(), second.webhookSender!.tick()]);
    const mine = received.filter((r) => r.includes(id));
    expect(mine).toEqual(events.map((e) => `msg_${id}_${e.seq}`));
    expect((await listWebhookDeliveries(first.deps.store.db, id)).every((d) => d.delivered_at !== null && d.attempts === 1)).toBe(true);
  });
});
