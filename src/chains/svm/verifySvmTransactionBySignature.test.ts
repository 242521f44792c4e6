import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiteSVM } from 'litesvm';
import type { SvmStep } from '../../domain/steps.ts';
import { createSvmRpc } from './createSvmRpc.ts';
import type { SvmRpc } from './createSvmRpc.ts';
import { startLitesvmRpcFake } from './litesvmRpcFake.ts';
import type { LitesvmRpcFake } from './litesvmRpcFake.ts';
import { buildTransferTransaction, editLikePhantom, editableMessageOf, setUpTransferScenario, signMessage, toBase64 } from './svmTestTransactions.ts';
import type { BuildTransferOptions, EditableMessage, TransferScenario } from './svmTestTransactions.ts';
import { verifySvmTransactionBySignature } from './verifySvmTransactionBySignature.ts';

let fake: LitesvmRpcFake;
let rpc: SvmRpc;
let scenario: TransferScenario;
let memoCounter = 0;

function stepFor(overrides: Partial<BuildTransferOptions> = {}, refreshBlockhash = false): SvmStep {
  const wire = buildTransferTransaction(scenario, {
    version: 0,
    useLookupTable: true,
    amount: 10_000n,
    feeLamports: 2_000n,
    memo: `by-signature-${memoCounter++}`,
    blockhash: fake.svm.latestBlockhash(),
    priceMicroLamports: 100n,
    ...overrides,
  });
  return { vm: 'svm', step: 'main', serializedTx: toBase64(wire), encoding: 'base64', refreshBlockhash };
}

const messageOf = (step: SvmStep): EditableMessage => editableMessageOf(Buffer.from(step.serializedTx, 'base64'));

/** Sends the message as the wallet would, itself, and returns the signature it reports. */
async function sendAsWallet(message: EditableMessage, options: { skipPreflight?: boolean } = {}): Promise<string> {
  const response = await fetch(fake.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [toBase64(signMessage(message, [scenario.user])), { encoding: 'base64', skipPreflight: options.skipPreflight ?? false }],
    }),
  });
  const body = (await response.json()) as { result?: string; error?: { message: string } };
  if (!body.result) throw new Error(`the wallet's broadcast failed: ${body.error?.message}`);
  return body.result;
}

async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const bound = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!bound || typeof bound === 'string') throw new Error('no port');
  return `http://127.0.0.1:${bound.port}`;
}

beforeAll(async () => {
  fake = await startLitesvmRpcFake(new LiteSVM());
  scenario = setUpTransferScenario(fake.svm);
  rpc = createSvmRpc(fake.url, { timeoutMs: 5_000 });
});

afterAll(async () => {
  await fake?.close();
});

describe('verifySvmTransactionBySignature', () => {
  it('verifies a landed transaction that is the built step', async () => {
    const step = stepFor();
    const signature = await sendAsWallet(messageOf(step));
    expect(await verifySvmTransactionBySignature(rpc, signature, step, scenario.user.address)).toEqual({ verification: 'verified', mismatches: [], reverted: false });
  });

  it('verifies a landed transaction carrying the wallet\'s compute budget and a fresh blockhash', async () => {
    const step = stepFor({}, true);
    fake.svm.expireBlockhash();
    const edited = editLikePhantom(messageOf(step), { unitLimit: 100_000, unitPrice: 5_000n, blockhash: fake.svm.latestBlockhash() });
    const signature = await sendAsWallet(edited);
    expect((await verifySvmTransactionBySignature(rpc, signature, step, scenario.user.address)).verification).toBe('verified');
  });

  it('refutes a landed transaction that differs from the built step, listing each difference', async () => {
    const step = stepFor({ amount: 10_000n });
    const sent = editableMessageOf(Buffer.from(stepFor({ amount: 10_001n }).serializedTx, 'base64'));
    const signature = await sendAsWallet(sent);
    const result = await verifySvmTransactionBySignature(rpc, signature, step, scenario.user.address);
    expect(result.verification).toBe('refuted');
    // The amount (transfer data) and the memo (its own run number) differ.
    expect(result.mismatches.map((m) => `${m.field}@${m.instruction}`)).toEqual(['data@1', 'data@3']);
  });

  it('refutes a transaction paid by someone other than the sender', async () => {
    const step = stepFor();
    const signature = await sendAsWallet(messageOf(step));
    const result = await verifySvmTransactionBySignature(rpc, signature, step, scenario.attacker.address);
    expect(result).toMatchObject({ verification: 'refuted', mismatches: [{ field: 'feePayer' }] });
  });

  it('verifies a matching transaction that failed on chain, and says so', async () => {
    const step = stepFor({ amount: 10n ** 16n });
    const signature = await sendAsWallet(messageOf(step), { skipPreflight: true });
    expect(await verifySvmTransactionBySignature(rpc, signature, step, scenario.user.address)).toEqual({ verification: 'verified', mismatches: [], reverted: true });
  });

  it('leaves an unknown signature pending', async () => {
    const result = await verifySvmTransactionBySignature(rpc, '1'.repeat(64), stepFor(), scenario.user.address);
    expect(result).toEqual({ verification: 'pending', mismatches: [], reverted: false });
  });

  it('is unverified without an RPC', async () => {
    const result = await verifySvmTransactionBySignature(null, '1'.repeat(64), stepFor(), scenario.user.address);
    expect(result).toEqual({ verification: 'unverified_no_rpc', mismatches: [], reverted: false });
  });

  it('is unverified when the RPC fails', async () => {
    const dead = createSvmRpc(await deadUrl(), { timeoutMs: 2_000 });
    const result = await verifySvmTransactionBySignature(dead, '1'.repeat(64), stepFor(), scenario.user.address);
    expect(result).toEqual({ verification: 'unverified_rpc_error', mismatches: [], reverted: false });
  });
});
