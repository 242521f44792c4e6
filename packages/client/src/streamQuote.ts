import { readServerSentEvents } from './readServerSentEvents.ts';
import { StraitApiError } from './StraitApiError.ts';
import type { QuoteDecision, QuoteRequest, Rejection, StreamedQuote } from './straitTypes.ts';

export type QuoteStreamEvent =
  | { event: 'quote'; data: StreamedQuote }
  | { event: 'rejection'; data: Rejection }
  | { event: 'decision'; data: QuoteDecision };

export interface StreamQuoteParams {
  /** Strait's base address including the version prefix, e.g. `http://127.0.0.1:8080/v1`. */
  baseUrl: string;
  body: QuoteRequest;
  fetch?: (request: Request) => Promise<Response>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * POST /bridge/quote as a stream (docs/quotes.md): yields each venue's `quote` or `rejection` as it
 * arrives, then the `decision` (the JSON answer), and ends. A refused request or an `error` event
 * throws `StraitApiError` with the envelope.
 */
export async function* streamQuote({ baseUrl, body, fetch = globalThis.fetch, headers, signal }: StreamQuoteParams): AsyncGenerator<QuoteStreamEvent> {
  const request = new Request(`${baseUrl.replace(/\/$/, '')}/bridge/quote`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  const response = await fetch(request);
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.startsWith('text/event-stream') || response.body === null) {
    const text = await response.text();
    throw new StraitApiError(response.ok ? 502 : response.status, parsed(text), 'quote');
  }
  for await (const message of readServerSentEvents(response.body)) {
    const data = parsed(message.data);
    if (message.event === 'error') throw new StraitApiError(500, data, 'quote');
    if (message.event === 'quote' || message.event === 'rejection' || message.event === 'decision') yield { event: message.event, data } as QuoteStreamEvent;
    if (message.event === 'decision') return;
  }
  throw new StraitApiError(502, 'the quote stream ended without a decision', 'quote');
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
