import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { WEBHOOK_MAX_ATTEMPTS } from '../src/engine/webhooks/createWebhookSender.ts';
import { listWebhookDeliveries } from '../src/store/transferEventRepository.ts';
import type { VenueStatus } from '../src/venues/Venue.ts';
import { createTestStrait } from './testStrait.ts';
import { PENDING, venueDouble } from './venueDouble.ts';

/**
 * Signed webhooks through the service: a receiver on loopback (allowed by STRAIT_WEBHOOK_ALLOW_HOSTS)
 * gets every change of a transfer exactly once, in order, each signed per Standard Webhooks, across
 * a restart of the service while a delivery is failing; SSRF targets are refused at build.
 */

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
let status: VenueStatus = PENDING;
const double = venueDouble({ id: 'across', status: async () => status });
let clock = Date.now();
let dataDir: string;
let receiver: Server;
let receiverUrl: string;
let receiverUp = true;
const received: { id: string; timestamp: string; signature: string; body: string; answered: number }[] = [];

async function start(): Promise<Strait> {
  const strait = await createTestStrait({ STRAIT_DATA_DIR: dataDir, STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_WEBHOOK_SECRET: SECRET, STRAIT_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' }, [double]);
  (strait.deps as { now: () => number }).now = () => clock;
  return strait;
}

let strait: Strait;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'strait-webhooks-'));
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const answered = receiverUp ? 204 : 503;
      received.push({ id: String(request.headers['webhook-id']), timestamp: String(request.headers['webhook-timestamp']), signature: String(request.headers['webhook-signature']), body, answered });
      response.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/strait`;
  strait = await start();
});
afterAll(async () => {
  await strait?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const post = (url: string, payload: object) => strait.app.inject({ method: 'POST', url: `/v1${url}`, payload });
const quote = async () => ((await post('/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '5000000', sender: USER, recipient: USER })).json() as { decisionId: string }).decisionId;

describe('signed webhooks', () => {
  it('refuses loopback, private, link-local and unresolvable targets at build with a typed 400, and builds nothing', async () => {
    const decisionId = await quote();
    const refusals: [string, string][] = [
      ['http://10.0.0.7/hook', 'webhook_url_forbidden'],
      ['http://169.254.169.254/latest/meta-data', 'webhook_url_forbidden'],
      ['http://[::1]:8080/hook', 'webhook_url_forbidden'],
      ['http://[::ffff:192.168.1.1]/hook', 'webhook_url_forbidden'],
      ['http://internal.example/hook', 'webhook_url_forbidden'],
      ['https://nowhere.example/hook', 'invalid_webhook_url'],
      ['ftp://example.com/hook', 'invalid_webhook_url'],
      ['http://user:pass@example.com/hook', 'invalid_webhook_url'],
      ['not a url', 'invalid_webhook_url'],
    ];
    // A name is judged by every address it resolves to: one private address among public ones is enough.
    (strait.deps as { resolveHost?: unknown }).resolveHost = async (host: string) => (host === 'internal.example' ? [{ address: '93.184.215.14', family: 4 }, { address: '10.1.2.3', family: 4 }] : []);
    for (const [webhookUrl, code] of refusals) {
      const answer = await post('/bridge/build', { decisionId, webhookUrl });
      expect([webhookUrl, answer.statusCode, answer.json().error.code]).toEqual([webhookUrl, 400, code]);
    }
    expect(await strait.deps.store.db.selectFrom('transfers').select('id').where('decision_id', '=', decisionId).executeTakeFirst()).toBeUndefined();
    delete (strait.deps as { resolveHost?: unknown }).resolveHost;
  });

  it('delivers every change once, in order, signed, across a restart while the receiver was failing', async () => {
    const build = (await post('/bridge/build', { decisionId: await quote(), webhookUrl: receiverUrl })).json() as { transferId: string };
    const id = build.transferId;
    await strait.webhookSender!.tick();
    expect((await post(`/bridge/transfers/${id}/submit`, { step: 'main', txHash: hash(1) })).statusCode).toBe(200);
    await strait.webhookSender!.tick();
    expect(received.map((r) => [r.id, r.answered])).toEqual([[`msg_${id}_1`, 204], [`msg_${id}_2`, 204]]);

    // The receiver fails; the venue moves the transfer on; the delivery waits in the outbox.
    receiverUp = false;
    clock += 60_000;
    await strait.worker.tick();
    await strait.webhookSender!.tick();
    expect(received.at(-1)).toMatchObject({ id: `msg_${id}_3`, answered: 503 });

    // The service restarts on the same store; the receiver is back.
    await strait.close();
    strait = await start();
    receiverUp = true;
    status = { state: 'completed', venueStatus: 'filled', destinationTxHash: hash(2), receivedAmount: 4_999_000n, receivedAsset: null, detail: null };
    await strait.webhookSender!.tick();
    expect(received.length).toBe(3); // the retry waits for its backoff
    clock += 10_000;
    await strait.webhookSender!.tick();
    clock += 60_000;
    await strait.worker.tick();
    await strait.webhookSender!.tick();
    await strait.webhookSender!.tick();

    const acknowledged = received.filter((r) => r.answered === 204);
    expect(acknowledged.map((r) => r.id)).toEqual([1, 2, 3, 4].map((n) => `msg_${id}_${n}`));
    expect(received.filter((r) => r.id === `msg_${id}_3`).map((r) => r.answered)).toEqual([503, 204]);
    const verifier = new Webhook(SECRET);
    const bodies = acknowledged.map((r) => verifier.verify(r.body, { 'webhook-id': r.id, 'webhook-timestamp': r.timestamp, 'webhook-signature': r.signature }) as { type: string; sequence: number; data: { transferId: string; status: string } });
    expect(bodies.map((b) => [b.type, b.sequence, b.data.transferId, b.data.status])).toEqual([
      ['transfer.created', 1, id, 'PENDING_SIGNATURE'],
      ['transfer.updated', 2, id, 'SUBMITTED'],
      ['transfer.updated', 3, id, 'PENDING'],
      ['transfer.updated', 4, id, 'COMPLETED'],
    ]);
    // A forged body fails the receiver's check.
    const first = acknowledged[0]!;
    expect(() => verifier.verify(first.body.replace('PENDING_SIGNATURE', 'COMPLETED'), { 'webhook-id': first.id, 'webhook-timestamp': first.timestamp, 'webhook-signature': first.signature })).toThrow();
  });

  it('retries a failing receiver with backoff, gives a delivery up after the last attempt, and then sends the next change', async () => {
    status = PENDING;
    const id = ((await post('/bridge/build', { decisionId: await quote(), webhookUrl: receiverUrl })).json() as { transferId: string }).transferId;
    receiverUp = false;
    const before = received.length;
    for (let attempt = 0; attempt < WEBHOOK_MAX_ATTEMPTS + 2; attempt++) {
      await strait.webhookSender!.tick();
      clock += 3_600_000;
    }
    // Each attempt waited its backoff: exactly the budget, then nothing more.
    expect(received.slice(before).filter((r) => r.id === `msg_${id}_1`).length).toBe(WEBHOOK_MAX_ATTEMPTS);
    const [first] = await listWebhookDeliveries(strait.deps.store.db, id);
    expect(first).toMatchObject({ attempts: WEBHOOK_MAX_ATTEMPTS, delivered_at: null, last_error: 'HTTP 503' });
    expect(first?.abandoned_at).not.toBeNull();
    receiverUp = true;
    expect((await post(`/bridge/transfers/${id}/submit`, { step: 'main', txHash: hash(3) })).statusCode).toBe(200);
    await strait.webhookSender!.tick();
    expect(received.at(-1)).toMatchObject({ id: `msg_${id}_2`, answered: 204 });
  });
});
