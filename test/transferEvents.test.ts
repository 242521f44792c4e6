import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStraitClient } from '../packages/client/src/createStraitClient.ts';
import { watchTransfer, type TransferEvent } from '../packages/client/src/watchTransfer.ts';
import type { Strait } from '../src/createStrait.ts';
import { createStatusWorker, type StatusWorker } from '../src/engine/statusWorker.ts';
import type { VenueStatus } from '../src/venues/Venue.ts';
import { createTestStrait } from './testStrait.ts';
import { PENDING, venueDouble } from './venueDouble.ts';

/**
 * The event stream through the service over a real port: every state of a transfer in order, a
 * resume after a dropped connection with nothing missed, the end after the terminal event, the
 * per-IP bound, and the readable progress each event carries.
 */

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const statuses = new Map<string, VenueStatus>();
let strait: Strait;
let worker: StatusWorker;
let baseUrl: string;
let clock = 1_800_000_000_000;
let hashes = 0;

beforeAll(async () => {
  const double = venueDouble({ id: 'across', etaSeconds: 120, status: async (request) => statuses.get(String(request.context.order)) ?? PENDING });
  strait = await createTestStrait({ STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_EVENTS_MAX_STREAMS_PER_IP: '3', STRAIT_EVENTS_HEARTBEAT_MS: '200', STRAIT_EVENTS_POLL_MS: '60000' }, [double]);
  (strait.deps as { now: () => number }).now = () => clock;
  worker = createStatusWorker(strait.deps, { leaseMs: 60_000, batchSize: 50 });
  baseUrl = await strait.listen();
});
afterAll(async () => {
  await strait?.close();
});

const post = (url: string, payload: object) => strait.app.inject({ method: 'POST', url: `/v1${url}`, payload });
/** Moves the clock past the next poll and lets the worker ask the venue. */
async function poll(): Promise<void> {
  clock += 10 * 60_000;
  await worker.tick();
}

async function builtTransfer(): Promise<{ id: string; order: string }> {
  const quote = (await post('/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '5000000', sender: USER, recipient: USER })).json() as { decisionId: string };
  const build = (await post('/bridge/build', { decisionId: quote.decisionId })).json() as { transferId: string };
  const venueContext = (await strait.deps.store.db.selectFrom('transfers').select('venue_context').where('id', '=', build.transferId).executeTakeFirstOrThrow()).venue_context as { order: string };
  return { id: build.transferId, order: venueContext.order };
}

/** Collects what a watcher yields until it ends, in the background. */
function collect(events: AsyncGenerator<TransferEvent>): { seen: TransferEvent[]; done: Promise<void> } {
  const seen: TransferEvent[] = [];
  const done = (async () => {
    for await (const event of events) seen.push(event);
  })();
  return { seen, done };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Reads raw SSE text from a stream until `count` events arrived, then drops the connection. */
async function readEvents(id: string, count: number, headers: Record<string, string> = {}): Promise<{ id: string; data: { status: string } }[]> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/bridge/transfers/${id}/events`, { headers, signal: controller.signal });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const events: { id: string; data: { status: string } }[] = [];
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const fields = Object.fromEntries(block.split('\n').filter((l) => !l.startsWith(':')).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]));
      if (fields.event === 'transfer') events.push({ id: fields.id as string, data: JSON.parse(fields.data as string) });
    }
  }
  controller.abort();
  return events;
}

describe('GET /bridge/transfers/{id}/events', () => {
  it('sends the current state at once, then every change in order, and ends after the terminal one', async () => {
    const { id, order } = await builtTransfer();
    const client = createStraitClient({ baseUrl });
    const watch = collect(watchTransfer({ client, transferId: id }));
    await until(() => watch.seen.length === 1, 'the current state');
    expect(watch.seen[0]!.transfer).toMatchObject({ status: 'PENDING_SIGNATURE', substatus: 'waiting_for_signature', elapsedSeconds: null, etaSeconds: 120 });

    expect((await post(`/bridge/transfers/${id}/submit`, { step: 'main', txHash: hash(++hashes) })).statusCode).toBe(200);
    await poll();
    statuses.set(order, { ...PENDING, venueStatus: 'filling', destinationTxHash: hash(++hashes) });
    await poll();
    statuses.set(order, { state: 'completed', venueStatus: 'filled', destinationTxHash: hash(hashes), receivedAmount: 4_999_000n, receivedAsset: null, detail: null });
    await poll();
    await watch.done;

    const states = watch.seen.map((e) => [e.transfer.status, e.transfer.substatus]);
    expect(states).toEqual([
      ['PENDING_SIGNATURE', 'waiting_for_signature'],
      ['SUBMITTED', 'waiting_for_source_confirmation'],
      ['PENDING', 'bridging'],
      ['PENDING', 'waiting_for_destination'],
      ['COMPLETED', 'completed'],
    ]);
    expect(watch.seen.map((e) => Number(e.id))).toEqual([1, 2, 3, 4, 5]);
    const last = watch.seen.at(-1)!.transfer;
    expect(last.explorerLinks).toEqual([
      { field: 'sourceTxHash', chain: 'base', txHash: last.sourceTxHash, url: `https://basescan.org/tx/${last.sourceTxHash}` },
      { field: 'destinationTxHash', chain: 'arbitrum', txHash: last.destinationTxHash, url: `https://arbiscan.io/tx/${last.destinationTxHash}` },
    ]);
    expect(last.elapsedSeconds).toBe(30 * 60);
    // The same transfer read by GET agrees with its last event.
    const read = (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${id}` })).json();
    expect(read).toMatchObject({ status: 'COMPLETED', substatus: 'completed', explorerLinks: last.explorerLinks, elapsedSeconds: 30 * 60 });
  });

  it('resumes after a dropped connection with Last-Event-ID: nothing missed, nothing repeated; past the end it answers 204', async () => {
    const { id, order } = await builtTransfer();
    expect((await post(`/bridge/transfers/${id}/submit`, { step: 'main', txHash: hash(++hashes) })).statusCode).toBe(200);
    const first = await readEvents(id, 1);
    expect(first.map((e) => [e.id, e.data.status])).toEqual([['2', 'SUBMITTED']]);
    // While nobody listens, the transfer moves on twice.
    await poll();
    statuses.set(order, { state: 'refunded', venueStatus: 'refunded', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: null });
    await poll();
    const resumed = await readEvents(id, 2, { 'last-event-id': '2' });
    expect(resumed.map((e) => [e.id, e.data.status])).toEqual([['3', 'PENDING'], ['4', 'REFUNDED']]);
    // From the start: every event, the first one too.
    expect((await readEvents(id, 4, { 'last-event-id': '0' })).map((e) => e.id)).toEqual(['1', '2', '3', '4']);
    const ended = await fetch(`${baseUrl}/bridge/transfers/${id}/events`, { headers: { 'last-event-id': '4' } });
    expect(ended.status).toBe(204);
    const bad = await fetch(`${baseUrl}/bridge/transfers/${id}/events?lastEventId=x`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_last_event_id' } });
  });

  it('the client resumes a dropped stream after the last event it received: nothing missed, nothing twice', async () => {
    const { id, order } = await builtTransfer();
    let connections = 0;
    const resumedWith: (string | null)[] = [];
    // The first connection breaks right after its first event, as a proxy timing out would break it.
    const client = createStraitClient({
      baseUrl,
      fetch: async (request) => {
        const response = await fetch(request);
        if (!request.url.includes('/events')) return response;
        resumedWith.push(request.headers.get('last-event-id'));
        if (++connections > 1 || !response.body) return response;
        const reader = response.body.getReader();
        let sent = '';
        const broken = new ReadableStream<Uint8Array>({
          async pull(controller) {
            const { value } = await reader.read();
            sent += new TextDecoder().decode(value);
            controller.enqueue(value);
            if (sent.includes('\n\n')) {
              await reader.cancel();
              controller.error(new TypeError('terminated'));
            }
          },
        });
        return new Response(broken, { status: response.status, headers: response.headers });
      },
    });
    const watch = collect(watchTransfer({ client, transferId: id, reconnectDelayMs: 50 }));
    await until(() => watch.seen.length === 1, 'the first event');
    expect((await post(`/bridge/transfers/${id}/submit`, { step: 'main', txHash: hash(++hashes) })).statusCode).toBe(200);
    statuses.set(order, { state: 'failed', venueStatus: 'expired', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: null });
    await poll();
    await watch.done;
    expect(watch.seen.map((e) => [e.id, e.transfer.status])).toEqual([['1', 'PENDING_SIGNATURE'], ['2', 'SUBMITTED'], ['3', 'FAILED']]);
    expect(resumedWith).toEqual([null, '1']);
  });

  it('answers an unknown transfer with the envelope, and bounds the open streams of one IP', async () => {
    const unknown = await fetch(`${baseUrl}/bridge/transfers/00000000-0000-4000-8000-000000000000/events`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'transfer_not_found' } });

    const { id } = await builtTransfer();
    const controllers = [new AbortController(), new AbortController(), new AbortController()];
    const open = await Promise.all(controllers.map((c) => fetch(`${baseUrl}/bridge/transfers/${id}/events`, { signal: c.signal })));
    expect(open.map((r) => r.status)).toEqual([200, 200, 200]);
    const refused = await fetch(`${baseUrl}/bridge/transfers/${id}/events`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: 'too_many_streams', retryAfterMs: 5_000 } });
    // A heartbeat comment arrives on an idle stream.
    const reader = open[0]!.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes(': heartbeat')) text += (await reader.read()).value ?? '';
    for (const c of controllers) c.abort();
    // Closed streams free their places.
    const deadline = Date.now() + 5_000;
    let again = await fetch(`${baseUrl}/bridge/transfers/${id}/events`, { signal: AbortSignal.timeout(2_000) });
    while (again.status === 429 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      again = await fetch(`${baseUrl}/bridge/transfers/${id}/events`, { signal: AbortSignal.timeout(2_000) });
    }
    expect(again.status).toBe(200);
    await again.body?.cancel();
  });
});
