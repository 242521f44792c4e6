import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { chainUnavailable } from '../evm/chainUnavailable.ts';

const TIMEOUT_MS = 10_000;
/** An address with more outputs than this is refused rather than read whole (a dust attack must not stall a build). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export interface IndexerHttpOptions {
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

export interface IndexerHttp {
  /** The answer's status and text; a network fault, a timeout or an answer above the size cap is AppError('chain_unavailable'). */
  call(method: 'GET' | 'POST', path: string, body?: string): Promise<{ status: number; text: string }>;
  /** The answer as JSON of `schema`, else AppError('chain_unavailable') naming `what`. */
  parsed<S extends TSchema>(schema: S, text: string, what: string): Static<S>;
}

/** The HTTP side both indexer dialects (Esplora, Blockbook) share: one timeout, one size cap, one way to fail. */
export function indexerHttp(baseUrl: string, options: IndexerHttpOptions = {}): IndexerHttp {
  const root = baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;

  return {
    async call(method, path, body) {
      const what = `${method} ${path.split('/').slice(0, 2).join('/')}`;
      let response: Response;
      try {
        response = await doFetch(`${root}${path}`, { method, signal: AbortSignal.timeout(timeoutMs), ...(body !== undefined ? { body, headers: { 'content-type': 'text/plain' } } : {}) });
      } catch (error) {
        throw chainUnavailable(what, error);
      }
      const declared = Number(response.headers.get('content-length') ?? '0');
      if (declared > MAX_ANSWER_BYTES) throw chainUnavailable(what, new Error(`answer of ${declared} bytes is above ${MAX_ANSWER_BYTES}`));
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw chainUnavailable(what, error);
      }
      if (text.length > MAX_ANSWER_BYTES) throw chainUnavailable(what, new Error(`answer above ${MAX_ANSWER_BYTES} bytes`));
      return { status: response.status, text };
    },
    parsed(schema, text, what) {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw chainUnavailable(what, error);
      }
      if (!Value.Check(schema, json)) throw chainUnavailable(what, new Error('the indexer answered in a shape Strait does not read'));
      return json;
    },
  };
}
