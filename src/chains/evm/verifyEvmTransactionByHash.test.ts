import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, parseGwei } from 'viem';
import type { Address, Hex, PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startAnvil } from '../../sandbox/anvil.ts';
import type { AnvilInstance } from '../../sandbox/anvil.ts';
import type { EvmStep } from '../../domain/steps.ts';
import { createEvmRpc } from './createEvmRpc.ts';
import type { EvmRpc } from './createEvmRpc.ts';
import { verifyEvmTransactionByHash } from './verifyEvmTransactionByHash.ts';

const CHAIN_ID = 8453;
const wallet = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const target: Address = '0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5';
const REVERTER: Address = '0x000000000000000000000000000000000000dead';

let anvil: AnvilInstance;
let rpc: EvmRpc;
let client: PublicClient;

const stepFor = (overrides: Partial<EvmStep> = {}): EvmStep => ({
  vm: 'evm',
  step: 'main',
  chainId: CHAIN_ID,
  to: target,
  data: '0x12345678',
  value: 5_000n,
  ...overrides,
});

/** Sends the step as the wallet would, and waits for it to be mined. */
async function sendAsWallet(step: EvmStep): Promise<Hex> {
  const nonce = await client.getTransactionCount({ address: wallet.address, blockTag: 'pending' });
  const raw = await wallet.signTransaction({
    type: 'eip1559', chainId: step.chainId, to: step.to, data: step.data, value: step.value, nonce,
    gas: 100_000n, maxFeePerGas: parseGwei('10'), maxPriorityFeePerGas: parseGwei('1'),
  });
  const hash = await client.sendRawTransaction({ serializedTransaction: raw });
  await client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  return hash;
}

async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID });
  rpc = createEvmRpc(anvil.rpcUrl, { timeoutMs: 5_000 });
  client = createPublicClient({ transport: http(anvil.rpcUrl, { retryCount: 0 }) });
  // Runtime code reverting every call (PUSH1 0 PUSH1 0 REVERT).
  await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setCode', params: [REVERTER, '0x60006000fd'] }),
  });
});

afterAll(async () => {
  await anvil?.stop();
});

describe('verifyEvmTransactionByHash', () => {
  it('verifies a mined transaction that is the built step', async () => {
    const step = stepFor();
    const hash = await sendAsWallet(step);
    expect(await verifyEvmTransactionByHash(rpc, hash, step, wallet.address.toLowerCase())).toEqual({
      verification: 'verified',
      mismatches: [],
      reverted: false,
      found: expect.objectContaining({ status: 'success', nonce: expect.any(Number) }),
    });
  });

  it('refutes a transaction that differs from the built step, listing each field', async () => {
    const hash = await sendAsWallet(stepFor({ value: 5_001n, data: '0x12345679' }));
    const result = await verifyEvmTransactionByHash(rpc, hash, stepFor(), wallet.address);
    expect(result.verification).toBe('refuted');
    expect(result.mismatches.map((m) => m.field)).toEqual(['data', 'value']);
  });

  it('refutes a transaction signed by someone else', async () => {
    const step = stepFor();
    const hash = await sendAsWallet(step);
    const result = await verifyEvmTransactionByHash(rpc, hash, step, target);
    expect(result).toMatchObject({ verification: 'refuted', mismatches: [{ field: 'signer' }] });
  });

  it('verifies a matching transaction that reverted, and says so', async () => {
    const step = stepFor({ to: REVERTER, value: 0n });
    const hash = await sendAsWallet(step);
    expect(await verifyEvmTransactionByHash(rpc, hash, step, wallet.address)).toEqual({
      verification: 'verified',
      mismatches: [],
      reverted: true,
      found: expect.objectContaining({ status: 'reverted' }),
    });
  });

  it('leaves an unknown hash pending', async () => {
    const result = await verifyEvmTransactionByHash(rpc, `0x${'cd'.repeat(32)}`, stepFor(), wallet.address);
    expect(result).toEqual({ verification: 'pending', mismatches: [], reverted: false, found: null });
  });

  it('is unverified without an RPC', async () => {
    const result = await verifyEvmTransactionByHash(null, `0x${'cd'.repeat(32)}`, stepFor(), wallet.address);
    expect(result).toEqual({ verification: 'unverified_no_rpc', mismatches: [], reverted: false, found: null });
  });

  it('is unverified when the RPC fails', async () => {
    const dead = createEvmRpc(await deadUrl(), { timeoutMs: 2_000 });
    const result = await verifyEvmTransactionByHash(dead, `0x${'cd'.repeat(32)}`, stepFor(), wallet.address);
    expect(result).toEqual({ verification: 'unverified_rpc_error', mismatches: [], reverted: false, found: null });
  });
});
