import { LiteSVM } from 'litesvm';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilInstance } from '../sandbox/anvil.ts';
import { createEvmRpc } from './evm/createEvmRpc.ts';
import { createSvmRpc } from './svm/createSvmRpc.ts';
import { startLitesvmRpcFake, type LitesvmRpcFake } from './svm/litesvmRpcFake.ts';
import { buildTransferTransaction, editableMessageOf, setUpTransferScenario, signMessage, toBase64, type TransferScenario } from './svm/svmTestTransactions.ts';
import { signerOfTransactionHash } from './signerOfTransactionHash.ts';
import { silentServer } from '../../test/silentServer.ts';

const funded = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
let anvil: AnvilInstance;
let solana: LitesvmRpcFake;
let scenario: TransferScenario;

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31_337 });
  solana = await startLitesvmRpcFake(new LiteSVM());
  scenario = setUpTransferScenario(solana.svm);
});
afterAll(async () => {
  await anvil?.stop();
  await solana?.close();
});

async function call(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await response.json()) as { result?: unknown }).result;
}

describe('signerOfTransactionHash', () => {
  it('names the sender of an EVM transaction the node shows, and nothing for a hash it does not know', async () => {
    const evm = createEvmRpc(anvil.rpcUrl);
    const signed = await funded.signTransaction({ type: 'eip1559', chainId: 31_337, to: funded.address, value: 1n, nonce: 0, gas: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 10n ** 9n });
    const hash = (await call(anvil.rpcUrl, 'eth_sendRawTransaction', [signed])) as Hex;
    const found = await signerOfTransactionHash({ vm: 'evm', hash, evm, svm: null });
    expect(found).toMatchObject({ signer: funded.address, evm: { from: funded.address, nonce: 0 } });
    expect(await signerOfTransactionHash({ vm: 'evm', hash: `0x${'ab'.repeat(32)}`, evm, svm: null })).toBeNull();
    // Not a hash of this VM, or no RPC for the chain: nothing is asked.
    expect(await signerOfTransactionHash({ vm: 'evm', hash: 'nonsense', evm, svm: null })).toBeNull();
    expect(await signerOfTransactionHash({ vm: 'evm', hash, evm: null, svm: null })).toBeNull();
    expect(await signerOfTransactionHash({ vm: 'tron', hash, evm, svm: null })).toBeNull();
  });

  it('names the fee payer of a Solana transaction the node shows', async () => {
    const wire = buildTransferTransaction(scenario, { version: 0, useLookupTable: true, amount: 10_000n, feeLamports: 2_000n, memo: 'signer-of-hash', blockhash: solana.svm.latestBlockhash(), priceMicroLamports: 100n });
    const sent = toBase64(signMessage(editableMessageOf(wire), [scenario.user]));
    const signature = (await call(solana.url, 'sendTransaction', [sent, { encoding: 'base64' }])) as string;
    const svm = createSvmRpc(solana.url);
    expect(await signerOfTransactionHash({ vm: 'svm', hash: signature, evm: null, svm })).toMatchObject({ signer: scenario.user.address });
    expect(await signerOfTransactionHash({ vm: 'svm', hash: '1'.repeat(64), evm: null, svm })).toBeNull();
  });

  it('gives up on a node that does not answer within its bound, as not found', async () => {
    const hung = await silentServer();
    try {
      const started = Date.now();
      expect(await signerOfTransactionHash({ vm: 'evm', hash: `0x${'ab'.repeat(32)}`, evm: createEvmRpc(hung.url), svm: null, timeoutMs: 200 })).toBeNull();
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await hung.close();
    }
  });
});
