import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiteSVM } from 'litesvm';
import { AppError } from '../../domain/errors.ts';
import { SvmRpcError } from './callSvmRpc.ts';
import { classifySvmBroadcastError, svmRefusalOf } from './classifySvmBroadcastError.ts';
import { createSvmRpc } from './createSvmRpc.ts';
import { buildTransferTransaction, editableMessageOf, setUpTransferScenario, signMessage, toBase64 } from './svmTestTransactions.ts';

const simulationFailed = (message: string, err: unknown, logs: string[] = []): SvmRpcError =>
  new SvmRpcError('sendTransaction', -32002, `Transaction simulation failed: ${message}`, { err, logs, accounts: null, unitsConsumed: 0 }, 200);

describe('svmRefusalOf', () => {
  it.each([
    // Agave preflight answers: the TransactionError in data.err decides.
    [simulationFailed('Blockhash not found', 'BlockhashNotFound'), 'blockhash_expired'],
    [simulationFailed('This transaction has already been processed', 'AlreadyProcessed'), 'already_processed'],
    [simulationFailed('Insufficient funds for fee', 'InsufficientFundsForFee'), 'insufficient_funds'],
    [simulationFailed('Attempt to debit an account but found no record of a prior credit.', 'AccountNotFound'), 'insufficient_funds'],
    [simulationFailed('Transaction results in an account (0) with insufficient funds for rent', { InsufficientFundsForRent: { account_index: 0 } }), 'insufficient_funds'],
    [simulationFailed('Error processing Instruction 2: insufficient funds for instruction', { InstructionError: [2, 'InsufficientFunds'] }), 'insufficient_funds'],
    // A custom program error is read from the program's own logs.
    [simulationFailed('Error processing Instruction 1: custom program error: 0x1', { InstructionError: [1, { Custom: 1 }] }, ['Program log: Error: insufficient funds']), 'insufficient_funds'],
    [simulationFailed('Error processing Instruction 0: custom program error: 0x1', { InstructionError: [0, { Custom: 1 }] }, ['Transfer: insufficient lamports 10, need 20']), 'insufficient_funds'],
    // Without data.err (older nodes, proxies that strip it): the message text.
    [new SvmRpcError('sendTransaction', -32002, 'Transaction simulation failed: Blockhash not found', undefined, 200), 'blockhash_expired'],
    [new SvmRpcError('sendTransaction', -32002, 'Transaction simulation failed: Insufficient funds for fee', null, 200), 'insufficient_funds'],
  ])('reads %s as %s', (error, refusal) => {
    expect(svmRefusalOf(error)).toBe(refusal);
  });

  it.each([
    simulationFailed('Error processing Instruction 0: custom program error: 0x1', { InstructionError: [0, { Custom: 1 }] }, ['Program log: Error: AlreadyInUse']),
    simulationFailed('Attempt to load a program that does not exist', 'ProgramAccountNotFound'),
    new SvmRpcError('sendTransaction', -32003, 'Transaction signature verification failure', null, 200),
    new SvmRpcError('sendTransaction', -32602, 'failed to deserialize solana_transaction::versioned::VersionedTransaction: io error', null, 200),
  ])('leaves %s to broadcast_rejected', (error) => {
    expect(svmRefusalOf(error)).toBeNull();
    expect(classifySvmBroadcastError(error).code).toBe('broadcast_rejected');
  });
});

describe('classifySvmBroadcastError', () => {
  it('passes an AppError through and makes anything unknown chain_unavailable', () => {
    const app = new AppError('insufficient_funds', 'x');
    expect(classifySvmBroadcastError(app)).toBe(app);
    expect(classifySvmBroadcastError(new TypeError('fetch failed')).code).toBe('chain_unavailable');
    expect(classifySvmBroadcastError('weird').code).toBe('chain_unavailable');
  });

  it('carries the node text, the JSON-RPC code, the chain error and the refusal', () => {
    const err = classifySvmBroadcastError(simulationFailed('Blockhash not found', 'BlockhashNotFound'));
    expect(err.code).toBe('blockhash_expired');
    expect(err.details).toEqual({ nodeMessage: 'Transaction simulation failed: Blockhash not found', rpcCode: -32002, chainError: 'BlockhashNotFound', refusal: 'blockhash_expired' });
    expect(err.message).toMatch(/fresh blockhash/);
  });
});

describe('broadcast through gateways and odd answers', () => {
  // What the scripted node answers next: HTTP status and body (a function of the request id).
  let reply: { status: number; body: (id: unknown) => string } = { status: 200, body: () => '' };
  let server: Server;
  let url: string;
  let wire: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const id = (JSON.parse(Buffer.concat(chunks).toString()) as { id: unknown }).id;
        const body = reply.body(id);
        res.writeHead(reply.status, { 'content-type': body.startsWith('{') ? 'application/json' : 'text/html' });
        res.end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const bound = server.address();
    if (!bound || typeof bound === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${bound.port}`;
    const svm = new LiteSVM();
    const scenario = setUpTransferScenario(svm);
    const built = buildTransferTransaction(scenario, { version: 0, amount: 1n, feeLamports: 1n, memo: 'odd', blockhash: svm.latestBlockhash() });
    wire = toBase64(signMessage(editableMessageOf(built), [scenario.user]));
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const rpcError = (code: number, message: string, data?: unknown) => (id: unknown): string =>
    JSON.stringify({ jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined ? { data } : {}) } });
  const rpcResult = (result: unknown) => (id: unknown): string => JSON.stringify({ jsonrpc: '2.0', id, result });

  async function broadcastCode(status: number, body: (id: unknown) => string): Promise<AppError> {
    reply = { status, body };
    const err: unknown = await createSvmRpc(url, { timeoutMs: 2_000 }).broadcast(wire).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }

  it('types a refusal whatever the HTTP status', async () => {
    expect((await broadcastCode(200, rpcError(-32002, 'Transaction simulation failed: Blockhash not found', { err: 'BlockhashNotFound', logs: [] }))).details).toMatchObject({ refusal: 'blockhash_expired' });
    expect((await broadcastCode(500, rpcError(-32002, 'Transaction simulation failed: Insufficient funds for fee', { err: 'InsufficientFundsForFee' }))).code).toBe('insufficient_funds');
  });

  it('keeps an unknown refusal as broadcast_rejected with the node text', async () => {
    const err = await broadcastCode(200, rpcError(-32002, 'Transaction simulation failed: Error processing Instruction 0: invalid account data for instruction', { err: { InstructionError: [0, 'InvalidAccountData'] } }));
    expect(err.code).toBe('broadcast_rejected');
    expect(err.details).toEqual({
      nodeMessage: 'Transaction simulation failed: Error processing Instruction 0: invalid account data for instruction',
      rpcCode: -32002,
      chainError: { InstructionError: [0, 'InvalidAccountData'] },
    });
  });

  it('refuses already-processed bytes whose signature the node cannot find', async () => {
    const alreadyProcessed = rpcError(-32002, 'Transaction simulation failed: This transaction has already been processed', { err: 'AlreadyProcessed' });
    const notFound = rpcResult({ context: { slot: 1 }, value: [null] });
    const err = await broadcastCode(200, (id) => (id === 1 ? alreadyProcessed(id) : notFound(id)));
    expect(err.code).toBe('broadcast_rejected');
    expect(err.details).toMatchObject({ refusal: 'already_processed' });
  });

  it('treats an unhealthy node, rate limits, gateway failures and odd bodies as chain_unavailable', async () => {
    expect((await broadcastCode(200, rpcError(-32005, 'Node is behind by 150 slots'))).code).toBe('chain_unavailable');
    expect((await broadcastCode(429, rpcError(429, 'Too many requests for a specific RPC call'))).code).toBe('chain_unavailable');
    expect((await broadcastCode(503, rpcError(-32603, 'Internal error'))).code).toBe('chain_unavailable');
    expect((await broadcastCode(502, () => '<html>Bad Gateway</html>')).code).toBe('chain_unavailable');
    expect((await broadcastCode(200, () => 'not json')).code).toBe('chain_unavailable');
    expect((await broadcastCode(200, rpcResult(42))).code).toBe('chain_unavailable');
    expect((await broadcastCode(200, () => JSON.stringify({ jsonrpc: '2.0', id: 999, result: 'x'.repeat(88) }))).code).toBe('chain_unavailable');
  });
});
