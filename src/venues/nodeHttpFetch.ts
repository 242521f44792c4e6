import http from 'node:http';
import https from 'node:https';

// No cap on sockets per host: a quote's calls to one venue must never queue behind each other (a
// capped pool would turn concurrent quotes into venue timeouts), as undici's pool does not either.
// Idle sockets kept per host: a burst leaves as many open as it used, up to this. Past it, each
// burst closes the surplus and the next opens it again (a TLS handshake each on a real venue):
// with 256, 16 concurrent quotes to 36 scripted venues on one bench host cost 7.8 instead of 5.9 ms
// CPU per quote (docs/performance.md). Sockets exist only as concurrency made them; a venue's
// keep-alive timeout closes the idle ones.
export const MAX_FREE_SOCKETS_PER_HOST = 1024;
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxFreeSockets: MAX_FREE_SOCKETS_PER_HOST }),
  'https:': new https.Agent({ keepAlive: true, maxFreeSockets: MAX_FREE_SOCKETS_PER_HOST }),
};

/** Largest venue answer read when the caller names no limit. */
export const DEFAULT_MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** The answer passed the byte limit (declared or streamed): reading stopped and the socket was destroyed. */
export class AnswerTooLarge extends Error {
  override name = 'AnswerTooLarge';
  constructor(readonly limitBytes: number) {
    super(`the answer is larger than ${limitBytes} bytes`);
  }
}

/** The answer's headers as `fetch`'s `Headers.get` shows them (repeated ones joined); `set-cookie` is of no use here. */
export class AnswerHeaders {
  constructor(private readonly raw: http.IncomingHttpHeaders) {}

  get(name: string): string | null {
    const key = name.toLowerCase();
    const value = key === 'set-cookie' ? undefined : this.raw[key];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }
}

/**
 * The answer {@link nodeHttpFetch} gives: its status, headers and bytes, already read (and within the
 * limit). Not a `Response`: building one per venue call (a web body stream first, then an empty one
 * with a `Headers` copy) cost about 5 % and then 1.5 % of the quote path's CPU, and garbage for the GC
 * (docs/performance.md). It has what the venue client reads of a `Response`: `status`, `ok`,
 * `headers.get`, `text()` and `json()`.
 */
export class BufferedResponse {
  readonly ok: boolean;
  readonly headers: AnswerHeaders;

  constructor(
    readonly bytes: Buffer | null,
    readonly status: number,
    rawHeaders: http.IncomingHttpHeaders,
  ) {
    this.ok = status >= 200 && status < 300;
    this.headers = new AnswerHeaders(rawHeaders);
  }

  text(): Promise<string> {
    return Promise.resolve(this.bytes === null ? '' : this.bytes.toString('utf8'));
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }
}

/** The attempt's own deadline passed ({@link CappedRequestInit.timeoutMs}): the request was destroyed. */
export class AttemptTimedOut extends Error {
  override name = 'AttemptTimedOut';
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
  }
}

/**
 * `fetch`'s init plus the byte limit of the answer and, for {@link nodeHttpFetch}, a deadline of its
 * own (`timeoutMs`, failing with {@link AttemptTimedOut}) beside the caller's `signal`.
 */
export type CappedRequestInit = RequestInit & { readonly maxBytes?: number; readonly timeoutMs?: number };

/**
 * The subset of `fetch` the venue client needs (method, headers, string body, abort signal; status,
 * headers and text of the answer), on node:http with keep-alive agents. A quote makes ~36 venue
 * calls at once, and undici's `fetch` costs about three times the CPU per call of a plain request
 * (bench). An answer over `maxBytes` (by its `content-length`, or once the bytes read pass it) fails
 * with {@link AnswerTooLarge} and its socket is destroyed: a hostile venue streaming hundreds of
 * megabytes costs at most the limit, never the stream.
 */
export function nodeHttpFetch(input: string | URL | Request, init: CappedRequestInit = {}): Promise<BufferedResponse> {
  const maxBytes = init.maxBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  return new Promise<BufferedResponse>((resolve, reject) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const agent = url.protocol === 'https:' ? agents['https:'] : url.protocol === 'http:' ? agents['http:'] : null;
    if (agent === null) return reject(new TypeError(`unsupported protocol ${url.protocol}`));
    const signal = init.signal ?? undefined;
    if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'));
    let deadline: NodeJS.Timeout | undefined;
    const request = (url.protocol === 'https:' ? https : http).request(requestOptionsOf(url, init, agent), (answer) => {
      const chunks: Buffer[] = [];
      let received = 0;
      const declared = Number(answer.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) return tooLarge();
      answer.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes) return tooLarge();
        chunks.push(chunk);
      });
      answer.on('error', fail);
      answer.on('aborted', () => fail(new Error('the answer was cut off')));
      answer.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        signal?.removeEventListener('abort', onAbort);
        const status = answer.statusCode ?? 502;
        const body = chunks.length === 0 || status === 204 || status === 304 ? null : Buffer.concat(chunks);
        resolve(new BufferedResponse(body, status < 200 || status > 599 ? 502 : status, answer.headers));
      });
      function tooLarge(): void {
        chunks.length = 0;
        fail(new AnswerTooLarge(maxBytes));
        // The socket goes with the request: it is never handed back to the pool half-read.
        request.destroy();
      }
    });
    let settled = false;
    function fail(error: Error): void {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    }
    function onAbort(): void {
      request.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    }
    // A plain timer rather than AbortSignal.timeout composed with the caller's signal by
    // AbortSignal.any: those are two signals, an EventTarget listener, weak references and a timer
    // per venue call, 36 per quote (≈ 6 % of the quote path's CPU, and garbage; docs/performance.md).
    // Timers of one duration share one list and one libuv timer in Node, so this costs an object.
    if (init.timeoutMs !== undefined) deadline = setTimeout(() => request.destroy(new AttemptTimedOut(init.timeoutMs!)), init.timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', fail);
    // The body goes with end(): Node then sends a Content-Length and the request in one write, where
    // write() + end() sends it chunked in three (bench/profiles: writev was the top native cost).
    request.end(typeof init.body === 'string' ? init.body : undefined);
  });
}

/**
 * The request's options read from its URL here, in one object: handed a `URL`, `http.request` makes
 * a second options object of it (`urlToHttpOptions`) and then a third merged one, on every one of a
 * quote's ~36 calls (2.8 % of the bytes a quote allocates, bench:memory --allocations). Read as Node
 * reads them: an IPv6 host without its brackets, credentials as `auth`, decoded.
 */
export function requestOptionsOf(url: URL, init: CappedRequestInit, agent: http.Agent): http.RequestOptions {
  const options: http.RequestOptions = {
    protocol: url.protocol,
    hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
    port: url.port === '' ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    method: init.method ?? 'GET',
    headers: init.headers as Record<string, string> | undefined,
    agent,
  };
  if (url.username !== '' || url.password !== '') options.auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return options;
}
