import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StraitApiError, streamQuote as clientStreamQuote, type QuoteStreamEvent } from '../packages/client/src/index.ts';
import type { DecisionView } from '../src/engine/views.ts';
import { USDC_QUOTE, startScriptedStrait, type ScriptedStrait } from './scriptedStrait.ts';

/**
 * POST /bridge/quote with `Accept: text/event-stream` over a real socket: rows arrive as venues
 * answer, and the final decision is the JSON answer's.
 */

const SLOW_MS = 300;
let harness: ScriptedStrait;
let baseUrl: string;

beforeAll(async () => {
  harness = await startScriptedStrait(
    {
      across: { kind: 'price', outBps: 9_990 },
      relay: { kind: 'price', outBps: 9_995, delayMs: SLOW_MS },
      rango: { kind: 'error', status: 500 },
      xyfinance: { kind: 'hang' },
    },
    { STRAIT_QUOTE_DEADLINE_MS: '4000', STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_QUOTE_TTL_MS: '60000' },
  );
  baseUrl = await harness.strait.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => harness?.close());

interface StreamedEvent {
  id: string;
  event: string;
  data: unknown;
  atMs: number;
}

async function streamQuote(body: unknown): Promise<{ status: number; contentType: string | null; events: StreamedEvent[]; text: string }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/v1/bridge/quote`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify(body) });
  const contentType = response.headers.get('content-type');
  if (!contentType?.startsWith('text/event-stream')) return { status: response.status, contentType, events: [], text: await response.text() };
  const events: StreamedEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const field = (name: string): string | undefined => block.split('\n').find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1).trim();
      const data = block.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart()).join('\n');
      if (data === '') continue;
      events.push({ id: field('id') ?? '', event: field('event') ?? 'message', data: JSON.parse(data), atMs: performance.now() - started });
    }
  }
  return { status: response.status, contentType, events, text: '' };
}

/** What two decisions of the same request share: everything but ids and times. */
function comparable(decision: DecisionView): unknown {
  return {
    ...decision,
    decisionId: undefined,
    expiresAt: undefined,
    bestByPrice: decision.bestByPrice === null ? null : 'set',
    bestByTime: decision.bestByTime === null ? null : 'set',
    best: decision.best ? { ...decision.best, quoteId: undefined, expiresAt: undefined } : null,
    quotes: decision.quotes.map((q) => ({ ...q, quoteId: undefined, expiresAt: undefined })),
    // A timeout's text names how long the quote waited, which differs by a millisecond between runs.
    rejected: decision.rejected.map((r) => (r.code === 'venue_timeout' ? { venue: r.venue, code: r.code } : r)),
  };
}

describe('the quote stream', () => {
  it('shows the fast venue’s row before the slow one answers, then the decision the JSON answer gives', async () => {
    const streamed = await streamQuote(USDC_QUOTE);
    expect(streamed.status).toBe(200);
    const kinds = streamed.events.map((e) => e.event);
    expect(kinds.at(-1)).toBe('decision');
    expect(kinds.filter((k) => k === 'decision')).toHaveLength(1);
    expect(streamed.events.map((e) => Number(e.id))).toEqual(streamed.events.map((_, i) => i + 1));

    const quotes = streamed.events.filter((e) => e.event === 'quote');
    expect(quotes.map((e) => (e.data as { venue: string }).venue)).toEqual(['across', 'relay']);
    const [first, slow] = [quotes[0]!, quotes[1]!];
    // The fast venue's row is on the wire before the slow venue answered, not with the decision.
    expect(first.atMs).toBeLessThan(slow.atMs);
    expect(slow.atMs - first.atMs).toBeGreaterThan(SLOW_MS / 2);
    expect(first.data).toMatchObject({ venue: 'across', amountInAtomic: '1000000000', venueAmountOutAtomic: '999000000', executable: true });
    const rejected = streamed.events.filter((e) => e.event === 'rejection').map((e) => e.data as { venue: string; code: string });
    expect(rejected).toContainEqual(expect.objectContaining({ venue: 'rango', code: 'venue_error' }));
    expect(rejected).toContainEqual(expect.objectContaining({ venue: 'cbridge', code: 'route_not_served' }));
    // A venue the quote stopped waiting for is streamed as its timeout, before the decision.
    expect(rejected).toContainEqual(expect.objectContaining({ venue: 'xyfinance', code: 'venue_timeout' }));
    // The same outcomes reach the per-venue metrics: priced, refused, and left out at the answer.
    const metrics = await harness.strait.metrics.registry.metrics();
    for (const [venue, outcome] of [['across', 'priced'], ['rango', 'refused'], ['xyfinance', 'left_out']]) {
      expect(metrics).toMatch(new RegExp(`strait_quote_venue_duration_seconds_count\\{venue="${venue}",outcome="${outcome}"\\} [1-9]`));
    }

    const decision = streamed.events.at(-1)!.data as DecisionView;
    // Every venue the decision names was streamed first, exactly once.
    expect(new Set([...decision.quotes.map((q) => q.venue), ...decision.rejected.map((r) => r.venue)])).toEqual(new Set([...quotes, ...streamed.events.filter((e) => e.event === 'rejection')].map((e) => (e.data as { venue: string }).venue)));
    expect(decision.best?.venue).toBe('relay');

    const json = await harness.quote(USDC_QUOTE);
    expect(json.status).toBe(200);
    expect(comparable(decision)).toEqual(comparable(json.body as unknown as DecisionView));
  });

  it('stores the streamed decision: it builds like a JSON one', async () => {
    const streamed = await streamQuote(USDC_QUOTE);
    const decision = streamed.events.at(-1)!.data as DecisionView;
    const built = await harness.strait.app.inject({ method: 'POST', url: '/v1/bridge/build', payload: { decisionId: decision.decisionId } });
    expect(built.statusCode, built.body).toBe(200);
  });

  it('answers an invalid request with the ordinary JSON error, never an empty stream', async () => {
    const streamed = await streamQuote({ ...USDC_QUOTE, amountAtomic: '-1' });
    expect(streamed.status).toBe(400);
    expect(streamed.contentType).toMatch(/application\/json/);
    expect(JSON.parse(streamed.text)).toMatchObject({ error: { code: expect.any(String) } });
  });

  it('keeps the JSON answer for every other Accept header', async () => {
    const response = await fetch(`${baseUrl}/v1/bridge/quote`, { method: 'POST', headers: { 'content-type': 'application/json', accept: '*/*' }, body: JSON.stringify(USDC_QUOTE) });
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await response.json()) as DecisionView).decisionId).toEqual(expect.any(String));
  });

  it('is what the typed client’s streamQuote yields, and its refusals throw the envelope', async () => {
    const seen: QuoteStreamEvent[] = [];
    for await (const event of clientStreamQuote({ baseUrl: `${baseUrl}/v1`, body: USDC_QUOTE })) seen.push(event);
    expect(seen.at(-1)?.event).toBe('decision');
    expect(seen.filter((e) => e.event === 'quote').map((e) => e.data.venue)).toEqual(['across', 'relay']);
    const refused = await (async () => {
      for await (const event of clientStreamQuote({ baseUrl: `${baseUrl}/v1`, body: { ...USDC_QUOTE, toChain: 'base' } })) void event;
    })().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StraitApiError);
    expect((refused as StraitApiError).code).toBe('same_chain');
  });
});
