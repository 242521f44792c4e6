import { setTimeout as delay } from 'node:timers/promises';
import { isBrokenCircuitError } from 'cockatiel';
import type { Static, TSchema } from 'typebox';
import { validatorOf } from '../domain/validatorOf.ts';
import type { CallContext, CallPurpose } from './Venue.ts';
import type { PublishedRateLimit } from './VenueModule.ts';
import { CallAbandoned, VenueRejection } from './Venue.ts';
import { AnswerTooLarge, AttemptTimedOut, BufferedResponse, DEFAULT_MAX_ANSWER_BYTES, nodeHttpFetch, type CappedRequestInit } from './nodeHttpFetch.ts';
import { bucketOf, type VenueHealth } from './venueHealth.ts';

/** The longest a venue's `Retry-After` keeps Strait from calling it. */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;
/** How long a 429 without `Retry-After` keeps Strait from calling the venue. */
export const DEFAULT_RETRY_AFTER_MS = 2_000;

/** A non-2xx answer from a venue, with its parsed body, for the adapter to translate. */
export class VenueHttpError extends Error {
  constructor(
    readonly venueId: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${venueId} answered HTTP ${status}: ${describeBody(body)}`);
    this.name = 'VenueHttpError';
  }
}

/** The venue did not answer: connection refused or reset, or the attempt or call deadline passed. */
export class VenueTransportError extends Error {
  constructor(
    readonly venueId: string,
    message: string,
    readonly timedOut: boolean,
    options?: { cause?: unknown },
    /** The caller stopped waiting by choice ({@link CallAbandoned}): not the venue's fault. */
    readonly abandoned = false,
  ) {
    super(message, options);
    this.name = 'VenueTransportError';
  }
}

export interface VenueHttpClientOptions {
  readonly venueId: string;
  readonly baseUrl: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Deadline of one attempt; the caller's signal bounds the whole call. */
  readonly attemptTimeoutMs: number;
  /** Attempts including the first; only transient faults are retried. */
  readonly maxAttempts: number;
  readonly health: VenueHealth;
  /** The transport; it must honour `maxBytes` (as {@link nodeHttpFetch} does) or the client's own read bounds it. */
  readonly fetch?: (input: string, init: CappedRequestInit) => Promise<Response | BufferedResponse>;
  readonly observe?: VenueAttemptObserver;
  /**
   * The longest a venue's rate limit keeps Strait from calling it ({@link MAX_RETRY_AFTER_MS} by
   * default); `0` makes every call ask the venue again (adapter tests, which check one answer at a time).
   */
  readonly maxRetryAfterMs?: number;
  /** Wait after a 429 that names none ({@link DEFAULT_RETRY_AFTER_MS} by default). */
  readonly defaultRetryAfterMs?: number;
  /** The venue's published request budget (the module's `rateLimit`); null or absent: none. */
  readonly budget?: PublishedRateLimit | null;
  readonly now?: () => number;
}

/** How one HTTP attempt at a venue ended: `ok` is any 2xx with a JSON body. */
export type VenueAttemptOutcome = 'ok' | 'http_4xx' | 'http_5xx' | 'timeout' | 'unreachable' | 'not_json' | 'too_large';

/** Told of every HTTP attempt at a venue (retries included), for per-venue latency metrics. */
export type VenueAttemptObserver = (attempt: { readonly venueId: string; readonly method: string; readonly outcome: VenueAttemptOutcome; readonly seconds: number }) => void;

export type Query = Readonly<Record<string, string | number | boolean | undefined>>;

/**
 * Per-request options of {@link VenueHttpClient.get} and {@link VenueHttpClient.post}.
 *
 * `notFoundAs`: the value to answer instead of throwing when the venue answers 404, for endpoints
 * where 404 is an answer rather than an error, above all "not indexed yet" on status lookups:
 *
 * ```ts
 * const found = await http.get(`/deposit/${hash}`, {}, DepositSchema, call, { notFoundAs: null });
 * if (found === null) return { state: 'pending', venueStatus: 'not_indexed', … };
 * ```
 *
 * The 404 is a success for the breaker and health (the venue answered), and its body is not read
 * against `schema`. Without the option a 404 throws {@link VenueHttpError} as before.
 *
 * `maxAnswerBytes`: the largest answer read for this request (default 2 MiB, or the call context's
 * `maxAnswerBytes`); a larger one is `venue_bad_response` and a fault.
 */
export interface RequestOptions<N> {
  readonly notFoundAs?: N;
  readonly maxAnswerBytes?: number;
}

export interface VenueHttpClient {
  get<S extends TSchema, N = never>(path: string, query: Query, schema: S, call: CallContext, options?: RequestOptions<N>): Promise<Static<S> | N>;
  post<S extends TSchema, N = never>(path: string, body: unknown, schema: S, call: CallContext, options?: RequestOptions<N>): Promise<Static<S> | N>;
}

/** A 404 the caller declared an answer (`notFoundAs`): passed out of the breaker as a value. */
const NOT_FOUND = Symbol('not found');

/** Venue faults count against the breaker; typed answers (4xx the adapter translates) do not. */
export function isVenueFault(error: unknown): boolean {
  if (error instanceof VenueTransportError) return !error.abandoned;
  if (error instanceof VenueHttpError) return error.status >= 500;
  return error instanceof VenueRejection && error.code === 'venue_bad_response';
}

function isTransient(error: unknown): boolean {
  if (error instanceof VenueTransportError) return !error.timedOut;
  return error instanceof VenueHttpError && (error.status === 502 || error.status === 503 || error.status === 504);
}


/**
 * The one HTTP client every venue adapter uses: a deadline per attempt inside the caller's deadline,
 * retries with backoff on transient faults, the venue's circuit breaker around every call (status
 * polls and snapshot refreshes on their own breakers), the venue's answer capped in size and
 * validated against the adapter's schema before the adapter sees it, and the venue's rate limit
 * respected: a 429 is `venue_rate_limited` with `details.retryAfterMs`, and calls before that time
 * are answered the same at once without reaching the venue (not a fault: it never opens a breaker).
 */
export function createVenueHttpClient(options: VenueHttpClientOptions): VenueHttpClient {
  const doFetch = options.fetch ?? nodeHttpFetch;
  const now = options.now ?? Date.now;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS;
  const defaultRetryAfterMs = options.defaultRetryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
  let rateLimitedUntil = 0;
  const spend = options.budget ? createRequestBudget(options.budget, now) : null;
  const maxAttempts = Math.max(1, options.maxAttempts);

  async function attempt(url: string, init: CappedRequestInit, call: CallContext, notFound: boolean): Promise<unknown> {
    const started = performance.now();
    const observe = (outcome: VenueAttemptOutcome) => options.observe?.({ venueId: options.venueId, method: init.method ?? 'GET', outcome, seconds: (performance.now() - started) / 1000 });
    // nodeHttpFetch keeps the attempt's deadline itself, on a plain timer beside the caller's signal;
    // any other transport gets the two composed into one signal, as fetch takes it.
    const ownDeadline = doFetch === nodeHttpFetch;
    const signal = ownDeadline ? call.signal : AbortSignal.any([call.signal, AbortSignal.timeout(options.attemptTimeoutMs)]);
    const ended = (error: unknown): boolean => error instanceof AttemptTimedOut || signal.aborted;
    const maxBytes = init.maxBytes ?? DEFAULT_MAX_ANSWER_BYTES;
    let response: Response | BufferedResponse;
    try {
      // Spelled out, not `{ ...init, signal, … }`: V8 (Node 20) adds each property after a spread on a
      // slow path, ≈ 0.8 µs a property, and this runs for every venue call (docs/performance.md).
      response = await doFetch(url, { method: init.method, headers: init.headers, body: init.body, maxBytes: init.maxBytes, signal, timeoutMs: ownDeadline ? options.attemptTimeoutMs : undefined });
    } catch (error) {
      if (error instanceof AnswerTooLarge) {
        observe('too_large');
        throw tooLarge(maxBytes, error);
      }
      const timedOut = ended(error);
      const abandoned = call.signal.aborted && call.signal.reason instanceof CallAbandoned;
      observe(timedOut ? 'timeout' : 'unreachable');
      throw new VenueTransportError(options.venueId, timedOut ? `${options.venueId} did not answer in time` : `${options.venueId} unreachable: ${(error as Error).message}`, timedOut, { cause: error }, abandoned);
    }
    let text: string;
    try {
      text = await readCapped(response, maxBytes);
    } catch (error) {
      if (error instanceof AnswerTooLarge) {
        observe('too_large');
        throw tooLarge(maxBytes, error);
      }
      const timedOut = ended(error);
      observe(timedOut ? 'timeout' : 'unreachable');
      throw new VenueTransportError(options.venueId, `${options.venueId} broke off its answer`, timedOut, { cause: error }, call.signal.aborted && call.signal.reason instanceof CallAbandoned);
    }
    const body = parseBody(text);
    observe(!response.ok ? (response.status >= 500 ? 'http_5xx' : 'http_4xx') : body === undefined ? 'not_json' : 'ok');
    if (response.status === 429) throw rateLimited(response, body);
    if (response.status === 404 && notFound) return NOT_FOUND;
    if (!response.ok) throw new VenueHttpError(options.venueId, response.status, body);
    if (body === undefined) throw new VenueRejection('venue_bad_response', `${options.venueId} answered with a body that is not JSON`, { path: '' });
    return body;
  }

  function tooLarge(limitBytes: number, cause: unknown): VenueRejection {
    return new VenueRejection('venue_bad_response', `${options.venueId} answered with more than ${limitBytes} bytes`, { path: '', limitBytes }, { cause });
  }

  /** Remembers the venue's wait (capped) and says it; the venue asked, so nothing here is a fault. */
  function rateLimited(response: Pick<Response, 'headers'> | BufferedResponse, body: unknown): VenueRejection {
    const said = retryAfterMsOf(response.headers.get('retry-after'), body, now());
    const waitMs = Math.min(said ?? defaultRetryAfterMs, MAX_RETRY_AFTER_MS);
    const until = now() + Math.min(waitMs, maxRetryAfterMs);
    rateLimitedUntil = Math.max(rateLimitedUntil, until);
    options.health.recordRateLimited(until);
    return new VenueRejection('venue_rate_limited', `${options.venueId} refused the call for its rate limit; retry in ${Math.ceil(waitMs / 1000)} s`, { retryAfterMs: waitMs });
  }

  async function call<S extends TSchema, N>(url: string, init: CappedRequestInit, schema: S, ctx: CallContext, request: RequestOptions<N>): Promise<Static<S> | N> {
    const waitMs = rateLimitedUntil - now();
    if (waitMs > 0) throw new VenueRejection('venue_rate_limited', `${options.venueId} asked Strait to wait ${Math.ceil(waitMs / 1000)} s more for its rate limit; not called`, { retryAfterMs: waitMs });
    const budgetWaitMs = spend?.(ctx.purpose) ?? 0;
    if (budgetWaitMs > 0) throw new VenueRejection('venue_rate_limited', `${options.venueId}'s published request budget is spent for now; not called, retry in ${Math.ceil(budgetWaitMs / 1000)} s`, { retryAfterMs: budgetWaitMs });
    const headers = { accept: 'application/json', ...(ctx.requestId ? { 'x-request-id': ctx.requestId } : {}), ...options.headers, ...ctx.headers, ...(init.headers as Record<string, string> | undefined) };
    const maxBytes = request.maxAnswerBytes ?? ctx.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
    const notFound = 'notFoundAs' in request;
    const bucket = bucketOf(ctx.purpose);
    try {
      const body = await options.health.breakerOf(bucket).execute(() =>
        withRetries(() => attempt(url, { method: init.method, body: init.body, headers, maxBytes }, ctx, notFound), maxAttempts, ctx.signal).then((raw) => (raw === NOT_FOUND ? raw : validate(options.venueId, schema, raw))),
      );
      options.health.recordSuccess(bucket);
      return body === NOT_FOUND ? (request.notFoundAs as N) : (body as Static<S>);
    } catch (error) {
      if (isBrokenCircuitError(error)) {
        throw new VenueRejection('breaker_open', bucket === 'quote' ? `${options.venueId} is resting after repeated faults` : `${options.venueId}'s ${bucket} calls are resting after repeated faults`);
      }
      if (isVenueFault(error)) {
        countedByClient.add(error as object);
        options.health.recordFault(error, bucket);
      } else options.health.recordSuccess(bucket);
      throw error;
    }
  }

  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    get(path, query, schema, ctx, request = {}) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
      const qs = search.toString();
      return call(`${base}${path}${qs ? `?${qs}` : ''}`, { method: 'GET' }, schema, ctx, request);
    },
    post(path, body, schema, ctx, request = {}) {
      return call(`${base}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }, schema, ctx, request);
    },
  };
}

/**
 * Runs `run` up to `maxAttempts` times while it fails transiently (a reset or refused connection,
 * 502/503/504), waiting a jittered, doubling 25–250 ms between attempts; a wait the caller's signal
 * ends gives up with the last failure. A loop of its own rather than cockatiel's retry policy, whose
 * executor and event emitters cost every venue call a few objects though a retry is rare.
 */
async function withRetries<T>(run: () => Promise<T>, maxAttempts: number, signal: AbortSignal): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= maxAttempts || signal.aborted || !isTransient(error)) throw error;
      // An abort ends the wait (delay rejects): the call gives up with the venue's last failure.
      await delay(Math.min(RETRY_MAX_DELAY_MS, RETRY_FIRST_DELAY_MS * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2), undefined, { signal }).catch(() => undefined);
      if (signal.aborted) throw error;
    }
  }
}

const RETRY_FIRST_DELAY_MS = 25;
const RETRY_MAX_DELAY_MS = 250;

/** Errors the client already counted against the venue's breaker (so the engine edge does not count them twice). */
const countedByClient = new WeakSet<object>();

/** Whether `error` (or an error it wraps) is a fault the shared client already counted. */
/**
 * A sliding window over the venue's published budget: answers 0 and counts the call when it may go,
 * or how long until it may. Quotes stop at four fifths of the budget so that a burst of quotes never
 * leaves a transfer unable to build or read its status.
 */
function createRequestBudget(budget: PublishedRateLimit, now: () => number): (purpose: CallPurpose | undefined) => number {
  const sent: number[] = [];
  const quoteShare = Math.max(1, Math.floor((budget.requests * 4) / 5));
  return (purpose) => {
    const at = now();
    while (sent.length > 0 && sent[0]! <= at - budget.perMs) sent.shift();
    const limit = purpose === 'quote' || purpose === 'snapshot' ? quoteShare : budget.requests;
    if (sent.length >= limit) return sent[sent.length - limit]! + budget.perMs - at;
    sent.push(at);
    return 0;
  };
}

export function countedAsFault(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) if (countedByClient.has(e)) return true;
  return false;
}

/** Milliseconds the venue asked to wait: `Retry-After` in seconds or as an HTTP date, else a `retryAfter` (seconds) in the body. */
export function retryAfterMsOf(header: string | null, body: unknown, now: number): number | null {
  if (header !== null && header.trim() !== '') {
    const trimmed = header.trim();
    if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
    const date = Date.parse(trimmed);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  const seconds = body && typeof body === 'object' ? (body as { retryAfter?: unknown }).retryAfter : undefined;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : null;
}

/** The answer's text, refused past `maxBytes` (by `content-length`, then as it streams) for transports that do not cap it themselves. */
async function readCapped(response: Response | BufferedResponse, maxBytes: number): Promise<string> {
  // nodeHttpFetch read the answer already, within the limit it was given.
  if (response instanceof BufferedResponse) return response.text();
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new AnswerTooLarge(maxBytes);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AnswerTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function validate<S extends TSchema>(venueId: string, schema: S, raw: unknown): Static<S> {
  const validator = validatorOf(schema);
  if (validator.Check(raw)) return raw as Static<S>;
  const first = validator.Errors(raw)[0];
  const path = first?.instancePath ?? '';
  throw new VenueRejection('venue_bad_response', `${venueId} answered with an unexpected shape at '${path}': ${first?.message ?? 'invalid'}`, { path });
}

function parseBody(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function describeBody(body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body) return String((body as { message: unknown }).message);
  return body === undefined ? '(no JSON body)' : JSON.stringify(body).slice(0, 200);
}
