import type { Static, TSchema } from 'typebox';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { validatorOf } from '../../domain/validatorOf.ts';

/** The node answered with a JSON-RPC error: a verdict to classify, whatever the HTTP status. */
export class SvmRpcError extends Error {
  constructor(
    readonly method: string,
    readonly rpcCode: number,
    readonly rpcMessage: string,
    /** The error's `data`; for a refused `sendTransaction`, the simulation result with `err` and `logs`. */
    readonly data: unknown,
    readonly httpStatus: number,
  ) {
    super(`${method}: ${rpcMessage}`);
    this.name = 'SvmRpcError';
  }
}

/** No usable answer: unreachable, too slow, an HTTP error page, or a body that is not the expected JSON-RPC answer. */
export class SvmRpcUnavailableError extends Error {
  constructor(
    readonly method: string,
    message: string,
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(`${method}: ${message}`, options);
    this.name = 'SvmRpcUnavailableError';
  }
}

/** One JSON-RPC request; the answer's `result` is checked against `schema` before it is returned. */
export type SvmRpcCall = <S extends TSchema>(method: string, params: readonly unknown[], schema: S) => Promise<Static<S>>;

export interface SvmRpcCallOptions {
  readonly timeoutMs: number;
  readonly fetch?: typeof fetch;
}

const EnvelopeSchema = Type.Object({
  id: Type.Union([Type.Integer(), Type.String(), Type.Null()]),
  result: Type.Optional(Type.Unknown()),
  error: Type.Optional(Type.Object({ code: Type.Integer(), message: Type.String(), data: Type.Optional(Type.Unknown()) })),
});
const envelope = Compile(EnvelopeSchema);

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A bare JSON-RPC 2.0 client over fetch: one attempt, one deadline, no retries (whether to resend a
 * transaction after a timeout is the caller's decision), every answer validated.
 */
export function createSvmRpcCall(url: string, options: SvmRpcCallOptions): SvmRpcCall {
  const doFetch = options.fetch ?? fetch;
  let nextId = 1;

  return async <S extends TSchema>(method: string, params: readonly unknown[], schema: S): Promise<Static<S>> => {
    const id = nextId++;
    const signal = AbortSignal.timeout(options.timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
        signal,
      });
      status = response.status;
      text = await response.text();
    } catch (err) {
      const timedOut = signal.aborted;
      throw new SvmRpcUnavailableError(method, timedOut ? `no answer within ${options.timeoutMs} ms` : `unreachable: ${err instanceof Error ? err.message : String(err)}`, timedOut, { cause: err });
    }

    const body = parse(text);
    if (!envelope.Check(body)) {
      throw new SvmRpcUnavailableError(method, status >= 400 ? `HTTP ${status} without a JSON-RPC answer` : 'the answer is not JSON-RPC', false);
    }
    if (body.error) throw new SvmRpcError(method, body.error.code, body.error.message, body.error.data, status);
    // A proxy mixing up answers would have us act on another request's result.
    if (body.id !== id) throw new SvmRpcUnavailableError(method, `the answer is for request ${String(body.id)}, not ${id}`, false);
    if (status >= 400) throw new SvmRpcUnavailableError(method, `HTTP ${status}`, false);
    const validator = validatorOf(schema);
    if (!validator.Check(body.result)) {
      const first = validator.Errors(body.result)[0];
      throw new SvmRpcUnavailableError(method, `unexpected answer at '${first?.instancePath ?? ''}': ${first?.message ?? 'invalid'}`, false);
    }
    return body.result as Static<S>;
  };
}
