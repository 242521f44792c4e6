import { StraitApiError } from './StraitApiError.ts';
import { StraitClientError } from './StraitClientError.ts';

/** What every `StraitClient` call answers (openapi-fetch's result, narrowed to what is read here). */
export interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The body of a 2xx answer; a 4xx/5xx throws `StraitApiError` with the envelope Strait sent.
 *
 *   const decision = unwrap(await client.POST('/bridge/quote', { body }));
 */
export function unwrap<T>(result: FetchResult<T>): T {
  const { response } = result;
  const operation = `${response.url ? new URL(response.url).pathname : 'request'}`;
  if (!response.ok) throw new StraitApiError(response.status, result.error, operation);
  if (result.data === undefined) throw new StraitClientError('empty_response', `${operation}: ${response.status} without a body`);
  return result.data;
}
