import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { keccak256, numberToHex, type Hex } from 'viem';

/**
 * A loopback JSON-RPC node that broadcasts nothing and counts every attempt to: the one place a
 * test can prove that a refused submission never reached the chain. It answers only what Strait's
 * EVM client asks on the submit path: `eth_sendRawTransaction` (the keccak256 of the bytes, as a node
 * would), `eth_call` (a zero word, so an allowance read reports none and build includes its approve
 * step; a `balanceOf` read reports 2^256 − 1, so build's balance check passes),
 * `eth_getTransactionByHash` (unknown) and `eth_chainId`; anything else is a JSON-RPC error.
 */
export interface CountingEvmRpc {
  readonly url: string;
  /** The raw bytes of every `eth_sendRawTransaction`, in the order they arrived. */
  readonly broadcasts: readonly Hex[];
  /** How many times `method` was called, batched calls included. */
  calls(method: string): number;
  close(): Promise<void>;
}

interface RpcCall {
  readonly id?: unknown;
  readonly method?: unknown;
  readonly params?: unknown;
}

const ZERO_WORD: Hex = `0x${'00'.repeat(32)}`;
const FULL_WORD: Hex = `0x${'ff'.repeat(32)}`;
const BALANCE_OF = '0x70a08231';

export async function startCountingEvmRpc(options: { chainId?: number } = {}): Promise<CountingEvmRpc> {
  const chainId = numberToHex(options.chainId ?? 8453);
  const broadcasts: Hex[] = [];
  const counts = new Map<string, number>();

  const answer = (call: RpcCall): object => {
    const method = typeof call.method === 'string' ? call.method : '';
    counts.set(method, (counts.get(method) ?? 0) + 1);
    const reply = (result: unknown) => ({ jsonrpc: '2.0', id: call.id ?? null, result });
    switch (method) {
      case 'eth_sendRawTransaction': {
        const raw = (Array.isArray(call.params) ? call.params[0] : undefined) as Hex;
        broadcasts.push(raw);
        return reply(keccak256(raw));
      }
      case 'eth_call': {
        // `balanceOf` reads as a full balance, so build's balance check never refuses; anything else
        // (an allowance) as none.
        const data = (Array.isArray(call.params) ? (call.params[0] as { data?: string; input?: string } | undefined) : undefined) ?? {};
        return reply((data.data ?? data.input ?? '').startsWith(BALANCE_OF) ? FULL_WORD : ZERO_WORD);
      }
      case 'eth_getTransactionByHash':
        return reply(null);
      case 'eth_chainId':
        return reply(chainId);
      default:
        return { jsonrpc: '2.0', id: call.id ?? null, error: { code: -32601, message: `the method ${method} does not exist/is not available` } };
    }
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcCall | RpcCall[];
      const body = Array.isArray(parsed) ? parsed.map(answer) : answer(parsed);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    })().catch(() => req.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    broadcasts,
    calls: (method) => counts.get(method) ?? 0,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
