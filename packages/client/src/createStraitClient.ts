import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/straitApi.ts';

/**
 * Typed `GET`/`POST` over every operation of openapi.json; each call answers `{ data, error, response }`.
 * Answers are typed as their JSON representation (the quote stream has its own `streamQuote`).
 */
export type StraitClient = Client<paths, 'application/json'>;

export interface CreateStraitClientParams {
  /** Strait's base address including the version prefix, e.g. `http://127.0.0.1:8080/v1`. */
  baseUrl: string;
  /** A fetch implementation (tests, proxies, retries); the global `fetch` when absent. */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every call (e.g. `x-forwarded-for` behind a trusted proxy). */
  headers?: Record<string, string>;
}

/**
 * A client for the Strait API whose paths, bodies, answers and error envelopes are typed from the
 * committed openapi.json. Calls never throw on an HTTP error: pass the result to `unwrap` to get the
 * body of a 2xx or a thrown `StraitApiError` carrying the envelope.
 */
export function createStraitClient({ baseUrl, fetch, headers }: CreateStraitClientParams): StraitClient {
  return createClient<paths, 'application/json'>({ baseUrl, ...(fetch ? { fetch } : {}), ...(headers ? { headers } : {}) });
}
