import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiteSVM } from 'litesvm';
import { AppError } from '../../domain/errors.ts';
import { createSvmRpc } from './createSvmRpc.ts';
import type { SvmRpc } from './createSvmRpc.ts';
import { decodeSvmTransactionBytes } from './decodeSvmTransaction.ts';
import { startLitesvmRpcFake } from './litesvmRpcFake.ts';
import type { LitesvmRpcFake } from './litesvmRpcFake.ts';
import { buildTransferTransaction, editableMessageOf, joinWire, setUpTransferScenario, signMessage, splitWire, testSigner, toBase64, tokenBalance } from './svmTestTransactions.ts';
import type { BuildTransferOptions, TransferScenario } from './svmTestTransactions.ts';
import { deadUrl, silentServer } from '../../../test/silentServer.ts';

let fake: LitesvmRpcFake;
let rpc: SvmRpc;
let scenario: TransferScenario;
let memoCounter = 0;

/** A signed transfer with a unique memo (LiteSVM refuses the same bytes twice). */
function signedTransfer(overrides: Partial<BuildTransferOptions> = {}, signers = [scenario.user]): string {
  const built = buildTransferTransaction(scenario, {
    version: 0,
    amount: 1_000n,
    feeLamports: 5_000n,
    memo: `rpc-${memoCounter++}`,
    blockhash: fake.svm.latestBlockhash(),
    ...overrides,
  });
  return toBase64(signMessage(editableMessageOf(built), signers));
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
  fake = await startLitesvmRpcFake(new LiteSVM());
  scenario = setUpTransferScenario(fake.svm);
  rpc = createSvmRpc(fake.url, { timeoutMs: 5_000 });
});

afterAll(async () => {
  await fake?.close();
});

describe('createSvmRpc against LiteSVM', () => {
  it('broadcasts a transaction that executes, and finds it', async () => {
    const before = tokenBalance(fake.svm, scenario.depositTokenAccount);
    const wire = signedTransfer({ amount: 123_456n, useLookupTable: true });
    const id = await rpc.broadcast(wire);
    expect(id).toBe(decodeSvmTransactionBytes(Buffer.from(wire, 'base64')).id);
    expect(tokenBalance(fake.svm, scenario.depositTokenAccount) - before).toBe(123_456n);
    expect(await rpc.findSignatureStatus(id)).toEqual({ slot: expect.any(BigInt) as bigint, confirmationStatus: 'finalized', failed: false });
    const found = await rpc.findTransaction(id);
    expect(found?.transaction.wireBase64).toBe(wire);
    expect(found?.failed).toBe(false);
  });

  it('reads the latest blockhash', async () => {
    expect((await rpc.latestBlockhash()).blockhash).toBe(fake.svm.latestBlockhash());
  });

  it('returns null for a signature the node does not know', async () => {
    const unknown = '1'.repeat(64);
    expect(await rpc.findSignatureStatus(unknown)).toBeNull();
    expect(await rpc.findTransaction(unknown)).toBeNull();
  });

  it('counts bytes the node already processed as sent (the client retried after a lost answer)', async () => {
    const wire = signedTransfer();
    const id = await rpc.broadcast(wire);
    const calls = fake.sendTransactionCalls;
    expect(await rpc.broadcast(wire)).toBe(id);
    expect(fake.sendTransactionCalls).toBe(calls + 1);
  });

  it('types an expired blockhash (Agave: "Blockhash not found")', async () => {
    const wire = signedTransfer();
    fake.svm.expireBlockhash();
    const err = await failure(rpc.broadcast(wire));
    expect(err.code).toBe('blockhash_expired');
    expect(err.details).toMatchObject({ refusal: 'blockhash_expired', chainError: 'BlockhashNotFound', rpcCode: -32002 });
    expect(err.message).toMatch(/Blockhash not found/);
  });

  it('types a fee payer without any lamports as insufficient_funds (Agave: AccountNotFound)', async () => {
    const poor = testSigner(77);
    const built = buildTransferTransaction({ ...scenario, user: poor }, { version: 0, amount: 1n, feeLamports: 1n, memo: 'poor', blockhash: fake.svm.latestBlockhash() });
    const err = await failure(rpc.broadcast(toBase64(signMessage(editableMessageOf(built), [poor]))));
    expect(err.code).toBe('insufficient_funds');
    expect(err.status).toBe(422);
    expect(err.details).toMatchObject({ chainError: 'AccountNotFound', refusal: 'insufficient_funds' });
  });

  it('types a token amount above the balance as insufficient_funds (program log "insufficient funds")', async () => {
    const err = await failure(rpc.broadcast(signedTransfer({ amount: 10n ** 15n })));
    expect(err.code).toBe('insufficient_funds');
    expect(err.details).toMatchObject({ chainError: { InstructionError: [0, { Custom: 1 }] } });
  });

  it('types lamports above the balance as insufficient_funds (System program "insufficient lamports")', async () => {
    const err = await failure(rpc.broadcast(signedTransfer({ feeLamports: 10n ** 13n })));
    expect(err.code).toBe('insufficient_funds');
    expect(err.details).toMatchObject({ chainError: { InstructionError: [1, { Custom: 1 }] } });
  });

  it('types a missing or wrong signature as broadcast_rejected (-32003)', async () => {
    const unsigned = signedTransfer({}, []);
    const { signatures, messageBytes } = splitWire(Buffer.from(signedTransfer(), 'base64'));
    const forged = toBase64(joinWire([scenario.attacker.sign(messageBytes)], messageBytes));
    expect(signatures).toHaveLength(1);
    for (const wire of [unsigned, forged]) {
      const err = await failure(rpc.broadcast(wire));
      expect(err.code).toBe('broadcast_rejected');
      expect(err.details).toMatchObject({ rpcCode: -32003 });
      expect(err.details?.refusal).toBeUndefined();
    }
  });

  it('types any other failed preflight as broadcast_rejected with the node text', async () => {
    const built = editableMessageOf(buildTransferTransaction(scenario, { version: 0, amount: 1n, feeLamports: 1n, memo: 'bad', blockhash: fake.svm.latestBlockhash() }));
    const transferData = built.instructions[0]?.data as Uint8Array;
    transferData[0] = 99; // no such token instruction
    const err = await failure(rpc.broadcast(toBase64(signMessage(built, [scenario.user]))));
    expect(err.code).toBe('broadcast_rejected');
    expect(err.message).toMatch(/Error processing Instruction 0: custom program error/);
  });

  it('refuses undecodable bytes before sending them', async () => {
    const calls = fake.sendTransactionCalls;
    expect((await failure(rpc.broadcast('AAAA'))).code).toBe('invalid_signed_transaction');
    expect(fake.sendTransactionCalls).toBe(calls);
  });
});

describe('createSvmRpc without a node', () => {
  it('reports chain_unavailable for every call when nothing listens', async () => {
    const dead = createSvmRpc(await deadUrl(), { timeoutMs: 2_000 });
    const wire = signedTransfer();
    for (const call of [dead.broadcast(wire), dead.findSignatureStatus('1'.repeat(64)), dead.findTransaction('1'.repeat(64)), dead.latestBlockhash()]) {
      const err = await failure(call);
      expect(err.code).toBe('chain_unavailable');
      expect(err.retryAfterMs).toBe(5_000);
    }
  });

  it('reports chain_unavailable when the node does not answer in time', async () => {
    const hung = await silentServer();
    try {
      const slow = createSvmRpc(hung.url, { timeoutMs: 200 });
      const started = Date.now();
      expect((await failure(slow.broadcast(signedTransfer()))).code).toBe('chain_unavailable');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await failure(slow.findTransaction('1'.repeat(64)))).code).toBe('chain_unavailable');
    } finally {
      await hung.close();
    }
  });
});
