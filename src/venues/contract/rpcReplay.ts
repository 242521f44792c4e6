import { createPublicClient, http, type PublicClient } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';
import type { RecordedRpcCall } from './ContractCase.ts';

/**
 * JSON-RPC replay for venues priced on chain (USDT0's `quoteOFT`/`quoteSend`): a case's recorded
 * node answers are served on `POST /rpc/<chain>` of the same loopback server as its HTTP routes, and
 * the adapter gets an EVM client for exactly the chains the case records — any other chain reads as
 * "no RPC configured", as in the service.
 *
 * A single request (a batch gets the 404 of an unmatched one: viem's `http` transport batches only
 * when asked) is matched on its JSON-RPC `method` and, for `eth_call`, the called contract and the
 * 4-byte selector of its data; the call's arguments are not compared (an answer is recorded for one
 * question, and the case's expectation is what proves the adapter read it as that question's
 * answer). A recorded call naming `params` (a receipt's transaction hash) answers only a request
 * whose leading params equal them, so a case proves which transaction the adapter asked for. The
 * answer file's bytes are served as recorded, `id` included: viem does not compare a single
 * request's id with its answer's.
 */

export const RPC_PATH = /^\/rpc\/([a-z0-9_-]+)$/;

interface JsonRpcRequest {
  readonly method?: unknown;
  readonly params?: unknown;
}

/** The recorded call answering a JSON-RPC request body sent to `/rpc/<chain>`, or `null`. */
export function recordedCallFor(calls: readonly RecordedRpcCall[], chain: string, body: string): RecordedRpcCall | null {
  let request: JsonRpcRequest;
  try {
    request = JSON.parse(body) as JsonRpcRequest;
  } catch {
    return null;
  }
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return null;
  const params = Array.isArray(request.params) ? (request.params as unknown[]) : [];
  const [first] = params;
  const callObject = typeof first === 'object' && first !== null ? (first as { to?: unknown; data?: unknown; input?: unknown }) : {};
  const to = typeof callObject.to === 'string' ? callObject.to.toLowerCase() : null;
  const data = typeof callObject.data === 'string' ? callObject.data : typeof callObject.input === 'string' ? callObject.input : '';
  return (
    calls.find(
      (call) =>
        call.chain === chain &&
        call.method === request.method &&
        (call.to === undefined || call.to.toLowerCase() === to) &&
        (call.selector === undefined || data.toLowerCase().startsWith(call.selector.toLowerCase())) &&
        (call.params === undefined || call.params.every((expected, i) => sameParam(expected, params[i]))),
    ) ?? null
  );
}

/** Hex strings (hashes, addresses) in any case are the same param; anything else compares as JSON. */
function sameParam(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'string' && typeof actual === 'string') return expected.toLowerCase() === actual.toLowerCase();
  return JSON.stringify(expected) === JSON.stringify(actual);
}

/** The `evm` dependency of a case: a client on `/rpc/<chain>` for each chain it records, `null` elsewhere. */
export function replayedEvm(calls: readonly RecordedRpcCall[] | undefined, baseUrl: string): (chain: ChainKey) => PublicClient | null {
  const chains = new Set((calls ?? []).map((call) => call.chain));
  const clients = new Map<ChainKey, PublicClient>();
  return (chain) => {
    if (!chains.has(chain)) return null;
    let client = clients.get(chain);
    if (!client) {
      // One attempt: a retried unmatched request would only repeat the 404 the runner reports.
      client = createPublicClient({ transport: http(`${baseUrl}/rpc/${chain}`, { retryCount: 0 }) });
      clients.set(chain, client);
    }
    return client;
  };
}
