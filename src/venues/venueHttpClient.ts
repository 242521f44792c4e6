import { ExponentialBackoff, handleWhen, isBrokenCircuitError, retry } from 'cockatiel';
import type { Static, TSchema } from 'typebox';
import { validatorOf } from '../domain/validatorOf.ts';
import type { CallContext } from './Venue.ts';
import { CallAbandoned, VenueRejection } from './Venue.ts';
import { nodeHttpFetch } from './nodeHttpFetch.ts';
import type { VenueHealth } from './venueHealth.ts';

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
  readonly fetch?: typeof fetch;
  readonly observe?: VenueAttemptObserver;
}

/** How one HTTP attempt at a venue ended: `ok` is any 2xx with a JSON body. */
export type VenueAttemptOutcome = 'ok' | 'http_4xx' | 'http_5xx' | 'timeout' | 'unreachable' | 'not_json';

/** Told of every HTTP attempt at a venue (retries included), for per-venue latency metrics. */
export type VenueAttemptObserver = (attempt: { readonly venueId: string; readonly method: string; readonly outcome: VenueAttemptOutcome; readonly seconds: number }) => void;

export type Query = Readonly<Record<string, string | number | boolean | undefined>>;

export interface VenueHttpClient {
  get<S extends TSchema>(path: string, query: Query, schema: S, call: CallContext): Promise<Static<S>>;
  post<S extends TSchema>(path: string, body: unknown, schema: S, call: CallContext): Promise<Static<S>>;
}

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
 * retries with backoff on transient faults, the venue's circuit breaker around every call, and the
 * venue's answer validated against the adapter's schema before the adapter sees it.
 */
export function createVenueHttpClient(options: VenueHttpClientOptions): VenueHttpClient {
  const doFetch = options.fetch ?? nodeHttpFetch;
  const retryPolicy = retry(handleWhen(isTransient), {
    maxAttempts: Math.max(0, options.maxAttempts - 1),
    backoff: new ExponentialBackoff({ initialDelay: 25, maxDelay: 250 }),
  });

  async function attempt(url: string, init: RequestInit, call: CallContext): Promise<unknown> {
    const started = performance.now();
    const observe = (outcome: VenueAttemptOutcome) => options.observe?.({ venueId: options.venueId, method: init.method ?? 'GET', outcome, seconds: (performance.now() - started) / 1000 });
    const signal = AbortSignal.any([call.signal, AbortSignal.timeout(options.attemptTimeoutMs)]);
    let response: Response;
    try {
      response = await doFetch(url, { ...init, signal });
    } catch (error) {
      const timedOut = signal.aborted;
      const abandoned = call.signal.aborted && call.signal.reason instanceof CallAbandoned;
      observe(timedOut ? 'timeout' : 'unreachable');
      throw new VenueTransportError(options.venueId, timedOut ? `${options.venueId} did not answer in time` : `${options.venueId} unreachable: ${(error as Error).message}`, timedOut, { cause: error }, abandoned);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      observe(signal.aborted ? 'timeout' : 'unreachable');
      throw new VenueTransportError(options.venueId, `${options.venueId} broke off its answer`, signal.aborted, { cause: error }, call.signal.aborted && call.signal.reason instanceof CallAbandoned);
    }
    const body = parseBody(text);
    observe(!response.ok ? (response.status >= 500 ? 'http_5xx' : 'http_4xx') : body === undefined ? 'not_json' : 'ok');
    if (!response.ok) throw new VenueHttpError(options.venueId, response.status, body);
    if (body === undefined) throw new VenueRejection('venue_bad_response', `${options.venueId} answered with a body that is not JSON`, { path: '' });
    return body;
  }

  async function call<S extends TSchema>(url: string, init: RequestInit, schema: S, ctx: CallContext): Promise<Static<S>> {
    const headers = { accept: 'application/json', ...(ctx.requestId ? { 'x-request-id': ctx.requestId } : {}), ...options.headers, ...ctx.headers, ...(init.headers as Record<string, string> | undefined) };
    try {
      const body = await options.health.breaker.execute(() =>
        retryPolicy.execute(() => attempt(url, { ...init, headers }, ctx), ctx.signal).then((raw) => validate(options.venueId, schema, raw)),
      );
      options.health.recordSuccess();
      return body;
    } catch (error) {
      if (isBrokenCircuitError(error)) throw new VenueRejection('breaker_open', `${options.venueId} is resting after repeated faults`);
      if (isVenueFault(error)) options.health.recordFault(error);
      else options.health.recordSuccess();
      throw error;
    }
  }

  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    get(path, query, schema, ctx) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
      const qs = search.toString();
      return call(`${base}${path}${qs ? `?${qs}` : ''}`, { method: 'GET' }, schema, ctx);
    },
    post(path, body, schema, ctx) {
      return call(`${base}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }, schema, ctx);
    },
  };
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
