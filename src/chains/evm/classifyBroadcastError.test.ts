import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../domain/errors.ts';
import { classifyBroadcastError, matchRefusal } from './classifyBroadcastError.ts';
import { createEvmRpc } from './createEvmRpc.ts';

describe('matchRefusal', () => {
  it.each([
    // anvil 1.7 (provoked in createEvmRpc.test.ts)
    ['nonce too low', 'nonce_too_low'],
    ['transaction already imported', 'nonce_too_low'],
    ['max fee per gas less than block base fee', 'transaction_underpriced'],
    ['replacement transaction underpriced', 'transaction_underpriced'],
    ['Insufficient funds for gas * price + value', 'insufficient_funds'],
    // geth
    ['nonce too low: address 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266, tx: 0 state: 4', 'nonce_too_low'],
    ['already known', 'nonce_too_low'],
    ['transaction underpriced: tip needed 1000000, tip permitted 1', 'transaction_underpriced'],
    ['max fee per gas less than block base fee: address 0xf39F…, maxFeePerGas: 1, baseFee: 7', 'transaction_underpriced'],
    ['insufficient funds for gas * price + value: address 0x70997970 have 0 want 1000000000000000000', 'insufficient_funds'],
    // reth
    ['nonce too low: next nonce 5, tx nonce 3', 'nonce_too_low'],
    ['insufficient funds for gas * price + value: have 0 want 21000000000000', 'insufficient_funds'],
    // nethermind / besu / erigon-style reasons
    ['OldNonce', 'nonce_too_low'],
    ['NONCE_TOO_LOW', 'nonce_too_low'],
    ['FeeTooLow, MaxFeePerGas too low. MaxFeePerGas: 1, BaseFee: 7', 'transaction_underpriced'],
    ['GAS_PRICE_BELOW_CURRENT_BASE_FEE', 'transaction_underpriced'],
    ['Gas price below configured minimum gas price', 'transaction_underpriced'],
    ['InsufficientFunds, Account balance: 0, cumulative cost: 21000', 'insufficient_funds'],
    ['Upfront cost exceeds account balance', 'insufficient_funds'],
    ['Known transaction', 'nonce_too_low'],
  ])('reads %j as %s', (text, code) => {
    expect(matchRefusal(text)).toBe(code);
  });

  it.each(['nonce too high', 'intrinsic gas too low', 'invalid chain id for signer', 'exceeds block gas limit', 'invalid sender', 'Failed to decode transaction'])(
    'leaves %j to broadcast_rejected',
    (text) => {
      expect(matchRefusal(text)).toBeNull();
    },
  );
});

describe('classifyBroadcastError', () => {
  it('passes an AppError through and makes anything unknown chain_unavailable', () => {
    const app = new AppError('nonce_too_low', 'x');
    expect(classifyBroadcastError(app)).toBe(app);
    expect(classifyBroadcastError(new TypeError('fetch failed')).code).toBe('chain_unavailable');
    expect(classifyBroadcastError('weird').code).toBe('chain_unavailable');
  });
});

describe('broadcast through gateways and odd answers', () => {
  // What the fake node answers next: HTTP status and body.
  let reply: { status: number; body: string } = { status: 200, body: '' };
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(reply.status, { 'content-type': reply.body.startsWith('{') ? 'application/json' : 'text/html' });
        res.end(reply.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const rpcError = (code: number, message: string, data?: unknown): string =>
    JSON.stringify({ jsonrpc: '2.0', id: 0, error: { code, message, ...(data !== undefined ? { data } : {}) } });

  async function broadcastCode(status: number, body: string): Promise<AppError> {
    reply = { status, body };
    const err: unknown = await createEvmRpc(url, { timeoutMs: 2_000 }).broadcast('0x02c0').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }

  it('types a refusal whatever the HTTP status', async () => {
    expect((await broadcastCode(200, rpcError(-32000, 'already known'))).code).toBe('nonce_too_low');
    expect((await broadcastCode(500, rpcError(-32000, 'insufficient funds for gas * price + value'))).code).toBe('insufficient_funds');
  });

  it('reads a reason the node put in `data`', async () => {
    const err = await broadcastCode(200, rpcError(-32010, 'Transaction rejected', 'FeeTooLow'));
    expect(err.code).toBe('transaction_underpriced');
  });

  it('keeps an unknown refusal as broadcast_rejected with the node text', async () => {
    const err = await broadcastCode(200, rpcError(-32000, 'exceeds block gas limit'));
    expect(err.code).toBe('broadcast_rejected');
    expect(err.message).toContain('exceeds block gas limit');
    expect(err.details).toEqual({ nodeMessage: 'exceeds block gas limit', rpcCode: -32000 });
  });

  it('treats rate limits and gateway failures as chain_unavailable', async () => {
    expect((await broadcastCode(200, rpcError(-32005, 'limit exceeded'))).code).toBe('chain_unavailable');
    expect((await broadcastCode(429, rpcError(-32000, 'too many requests'))).code).toBe('chain_unavailable');
    expect((await broadcastCode(503, rpcError(-32603, 'upstream unavailable'))).code).toBe('chain_unavailable');
    expect((await broadcastCode(502, '<html>Bad Gateway</html>')).code).toBe('chain_unavailable');
    expect((await broadcastCode(200, 'not json')).code).toBe('chain_unavailable');
  });
});
