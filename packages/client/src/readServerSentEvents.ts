/** One Server-Sent Event as the stream carried it; `data` is the joined `data:` lines. */
export interface ServerSentEvent {
  id: string | null;
  event: string;
  data: string;
}

/**
 * Splits a `text/event-stream` body into events (WHATWG HTML, "event stream interpretation"):
 * blank-line separated blocks, `field: value` lines, comments (`:`) and empty data skipped.
 */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // A CR ending this chunk may be the first half of a CRLF: it waits for the next chunk.
      const held = !done && buffer.endsWith('\r') ? '\r' : '';
      buffer = buffer.slice(0, buffer.length - held.length).replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (event) yield event;
      }
      buffer += held;
      if (done) {
        const last = buffer.trim() === '' ? null : parseBlock(buffer);
        if (last) yield last;
        return;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

function parseBlock(block: string): ServerSentEvent | null {
  let id: string | null = null;
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id') id = value;
  }
  return data.length === 0 ? null : { id, event, data: data.join('\n') };
}
