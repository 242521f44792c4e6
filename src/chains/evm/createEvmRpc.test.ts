import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, keccak256, parseEther, parseGwei } from 'viem';
import type { Address, Hex, PublicClient, TransactionSerializableEIP1559 } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { PrivateKeyAccount } from 'viem/accounts';
import { startAnvil } from '../../sandbox/anvil.ts';
import type { AnvilInstance } from '../../sandbox/anvil.ts';
import { AppError } from '../../domain/errors.ts';
import { createEvmRpc } from './createEvmRpc.ts';
import type { EvmRpc } from './createEvmRpc.ts';
import { deadUrl, silentServer } from '../../../test/silentServer.ts';

const CHAIN_ID = 31_337;
const funded = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const recipient: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN: Address = '0x00000000000000000000000000000000000a11ce';
const REVERTER: Address = '0x000000000000000000000000000000000000dead';
// Runtime code answering every call with the word 0x1234 (PUSH2 1234 PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN).
const RETURNS_0x1234: Hex = '0x61123460005260206000f3';
// Runtime code reverting every call (PUSH1 0 PUSH1 0 REVERT).
const ALWAYS_REVERTS: Hex = '0x60006000fd';

let anvil: AnvilInstance;
let rpc: EvmRpc;
let client: PublicClient;

async function anvilCall(method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result?: unknown }).result;
}

async function sign(
  overrides: Partial<TransactionSerializableEIP1559> = {},
  signer: PrivateKeyAccount = funded,
): Promise<Hex> {
  const nonce = overrides.nonce ?? (await client.getTransactionCount({ address: signer.address, blockTag: 'pending' }));
  return signer.signTransaction({
    type: 'eip1559',
    chainId: CHAIN_ID,
    to: recipient,
    value: 1n,
    gas: 21_000n,
    maxFeePerGas: parseGwei('10'),
    maxPriorityFeePerGas: parseGwei('1'),
    ...overrides,
    nonce,
  });
}

/** anvil's automine answers eth_sendRawTransaction before the block exists. */
async function mined(hash: Hex): Promise<Hex> {
  await client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  return hash;
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const err: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID });
  rpc = createEvmRpc(anvil.rpcUrl, { timeoutMs: 5_000 });
  client = createPublicClient({ transport: http(anvil.rpcUrl, { retryCount: 0 }) });
  await anvilCall('anvil_setCode', [TOKEN, RETURNS_0x1234]);
  await anvilCall('anvil_setCode', [REVERTER, ALWAYS_REVERTS]);
});

afterAll(async () => {
  await anvil?.stop();
});

describe('createEvmRpc against anvil', () => {
  it('reads the chain id', async () => {
    expect(await rpc.chainId()).toBe(CHAIN_ID);
  });

  it('broadcasts a valid transaction and finds it mined', async () => {
    const raw = await sign({ value: 12_345n, data: '0xc0ffee', gas: 30_000n });
    const hash = await rpc.broadcast(raw);
    expect(hash).toBe(keccak256(raw));
    await mined(hash);
    const found = await rpc.findTransaction(hash);
    expect(found).toEqual({
      chainId: CHAIN_ID,
      from: funded.address,
      to: recipient,
      data: '0xc0ffee',
      value: 12_345n,
      nonce: expect.any(Number) as number,
      blockNumber: expect.any(BigInt) as bigint,
      status: 'success',
    });
  });

  it('finds a reverted transaction as reverted', async () => {
    const hash = await mined(await rpc.broadcast(await sign({ to: REVERTER, value: 0n, gas: 50_000n })));
    expect((await rpc.findTransaction(hash))?.status).toBe('reverted');
  });

  it('finds a transaction still in the pool as pending', async () => {
    await anvilCall('evm_setAutomine', [false]);
    try {
      const hash = await rpc.broadcast(await sign());
      expect(await rpc.findTransaction(hash)).toMatchObject({ blockNumber: null, status: 'pending', from: funded.address });
    } finally {
      await anvilCall('evm_setAutomine', [true]);
      await anvilCall('evm_mine', []);
    }
  });

  it('finds a pre-EIP-155 transaction with a null chain id', async () => {
    const nonce = await client.getTransactionCount({ address: funded.address, blockTag: 'pending' });
    const raw = await funded.signTransaction({ type: 'legacy', to: recipient, value: 1n, gas: 21_000n, gasPrice: parseGwei('10'), nonce });
    const found = await rpc.findTransaction(await mined(await rpc.broadcast(raw)));
    expect(found).toMatchObject({ chainId: null, status: 'success' });
  });

  it('returns null for a hash the node does not know', async () => {
    expect(await rpc.findTransaction(`0x${'ab'.repeat(32)}`)).toBeNull();
  });

  it('types a reused nonce as nonce_too_low (anvil: "nonce too low")', async () => {
    const first = await sign();
    await mined(await rpc.broadcast(first));
    const nonce = await client.getTransactionCount({ address: funded.address }) - 1;
    const err = await failure(rpc.broadcast(await sign({ nonce, value: 2n })));
    expect(err.code).toBe('nonce_too_low');
    expect(err.details).toMatchObject({ nodeMessage: expect.stringMatching(/nonce too low/i) as string });
    // The very same bytes again, once mined, are refused the same way.
    expect((await failure(rpc.broadcast(first))).code).toBe('nonce_too_low');
  });

  it('types bytes already in the pool as nonce_too_low (anvil: "transaction already imported")', async () => {
    await anvilCall('evm_setAutomine', [false]);
    try {
      const raw = await sign();
      await rpc.broadcast(raw);
      const err = await failure(rpc.broadcast(raw));
      expect(err.code).toBe('nonce_too_low');
      expect(err.message).toMatch(/already imported/);
      // Same nonce, same fee, other bytes: geth's and anvil's "replacement transaction underpriced".
      const replacement = await failure(rpc.broadcast(await sign({ nonce: (await client.getTransactionCount({ address: funded.address })), value: 99n })));
      expect(replacement.code).toBe('transaction_underpriced');
    } finally {
      await anvilCall('evm_setAutomine', [true]);
      await anvilCall('evm_mine', []);
    }
  });

  it('types a fee below the base fee as transaction_underpriced (anvil: "max fee per gas less than block base fee")', async () => {
    const err = await failure(rpc.broadcast(await sign({ maxFeePerGas: 1n, maxPriorityFeePerGas: 1n })));
    expect(err.code).toBe('transaction_underpriced');
    expect(err.message).toMatch(/less than block base fee/);
  });

  it('types an unfunded sender as insufficient_funds (anvil: "Insufficient funds for gas * price + value")', async () => {
    const poor = privateKeyToAccount(generatePrivateKey());
    const err = await failure(rpc.broadcast(await sign({ value: parseEther('1') }, poor)));
    expect(err.code).toBe('insufficient_funds');
    expect(err.status).toBe(422);
  });

  it('types any other refusal as broadcast_rejected with the node text', async () => {
    const lowGas = await failure(rpc.broadcast(await sign({ gas: 20_000n })));
    expect(lowGas.code).toBe('broadcast_rejected');
    expect(lowGas.message).toMatch(/intrinsic gas too low/);
    const wrongChain = await failure(rpc.broadcast(await sign({ chainId: 1 })));
    expect(wrongChain.code).toBe('broadcast_rejected');
    expect(wrongChain.message).toMatch(/invalid chain id/);
    const garbage = await failure(rpc.broadcast('0xdeadbeef'));
    expect(garbage.code).toBe('broadcast_rejected');
  });

  it('reads the pending nonce: mined transactions and those in the pool', async () => {
    await anvilCall('evm_setAutomine', [false]);
    try {
      const mined = await client.getTransactionCount({ address: funded.address });
      expect(await rpc.pendingNonce(funded.address)).toBe(mined);
      await rpc.broadcast(await sign({ nonce: mined }));
      expect(await rpc.pendingNonce(funded.address)).toBe(mined + 1);
    } finally {
      await anvilCall('evm_setAutomine', [true]);
      await anvilCall('evm_mine', []);
    }
  });

  it('reads an ERC-20 allowance', async () => {
    expect(await rpc.allowance(TOKEN, funded.address, recipient)).toBe(0x1234n);
  });

  it('refuses to read an allowance where no contract is (internal_error, not retriable)', async () => {
    expect((await failure(rpc.allowance(recipient, funded.address, recipient))).code).toBe('internal_error');
    expect((await failure(rpc.allowance(REVERTER, funded.address, recipient))).code).toBe('internal_error');
  });
});

describe('createEvmRpc without a node', () => {
  it('reports chain_unavailable for every call when nothing listens', async () => {
    const dead = createEvmRpc(await deadUrl(), { timeoutMs: 2_000 });
    const raw = await funded.signTransaction({ type: 'eip1559', chainId: CHAIN_ID, to: recipient, nonce: 0, gas: 21_000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n });
    for (const call of [dead.broadcast(raw), dead.chainId(), dead.findTransaction(keccak256(raw)), dead.allowance(TOKEN, recipient, recipient), dead.pendingNonce(recipient)]) {
      const err = await failure(call);
      expect(err.code).toBe('chain_unavailable');
      expect(err.retryAfterMs).toBe(5_000);
    }
  });

  it('reports chain_unavailable when the node does not answer in time', async () => {
    const hung = await silentServer();
    try {
      const slow = createEvmRpc(hung.url, { timeoutMs: 200 });
      const started = Date.now();
      const err = await failure(slow.broadcast(await sign({ nonce: 0 })));
      expect(err.code).toBe('chain_unavailable');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await failure(slow.findTransaction(`0x${'ab'.repeat(32)}`))).code).toBe('chain_unavailable');
    } finally {
      await hung.close();
    }
  });
});
