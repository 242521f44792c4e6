import { describe, expect, it } from 'vitest';
import { readServerSentEvents } from '../src/readServerSentEvents.ts';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function all(chunks: string[]) {
  const events = [];
  for await (const event of readServerSentEvents(streamOf(chunks))) events.push(event);
  return events;
}

describe('readServerSentEvents', () => {
  it('reads events split anywhere across chunks, CRLF or LF, skipping comments and empty data', async () => {
    const text = ': heartbeat\n\nid: 1\nevent: quote\ndata: {"a":1}\n\r\nid: 2\r\nevent: decision\r\ndata: {"b":\r\ndata: 2}\r\n\r\nevent: empty\n\n';
    for (const size of [1, 2, 3, 7, text.length]) {
      const chunks = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      expect(await all(chunks)).toEqual([
        { id: '1', event: 'quote', data: '{"a":1}' },
        { id: '2', event: 'decision', data: '{"b":\n2}' },
      ]);
    }
  });

  it('reads a last event the stream ended without a blank line after', async () => {
    expect(await all(['data: x'])).toEqual([{ id: null, event: 'message', data: 'x' }]);
  });
});
