import { createWalletClient, custom, parseTransaction, recoverTransactionAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { walletSigner } from '../src/walletSigner.ts';

// anvil's first public development key: a well-known throwaway.
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');

/** A wallet whose RPC answers what prepareTransactionRequest asks, on one chain id, and records the methods. */
function walletOnChain(chainId: number, methods: string[]) {
  const answers: Record<string, unknown> = {
    eth_chainId: `0x${chainId.toString(16)}`,
    eth_getTransactionCount: '0x7',
    eth_estimateGas: '0x5208',
    eth_maxPriorityFeePerGas: '0x1',
    eth_gasPrice: '0x3b9aca00',
    eth_getBlockByNumber: { baseFeePerGas: '0x3b9aca00', number: '0x1', hash: `0x${'11'.repeat(32)}`, timestamp: '0x1', transactions: [] },
  };
  return createWalletClient({
    account,
    transport: custom({
      request: async ({ method }: { method: string }) => {
        methods.push(`${chainId}:${method}`);
        if (!(method in answers)) throw new Error(`unexpected ${method}`);
        return answers[method];
      },
    }),
  });
}

describe('walletSigner', () => {
  it('signs each request with the wallet whose RPC serves its chain, leaving to, data and value as built', async () => {
    const methods: string[] = [];
    const signer = walletSigner([walletOnChain(8453, methods), walletOnChain(42161, methods)]);
    const request = { chainId: 42161, to: '0x00000000000000000000000000000000000000aa', data: '0xdeadbeef', value: 5n } as const;
    const signed = await signer.signTransaction(request);
    const tx = parseTransaction(signed);
    expect(tx).toMatchObject({ chainId: 42161, to: request.to, data: request.data, value: 5n, nonce: 7 });
    expect(await recoverTransactionAddress({ serializedTransaction: signed as `0x02${string}` })).toBe(account.address);
    expect(methods.filter((m) => !m.endsWith('eth_chainId')).every((m) => m.startsWith('42161:'))).toBe(true);
  });

  it('refuses a chain none of its wallets serves', async () => {
    const signer = walletSigner(walletOnChain(8453, []));
    await expect(signer.signTransaction({ chainId: 10, to: '0x00000000000000000000000000000000000000aa', data: '0x', value: 0n })).rejects.toThrow(expect.objectContaining({ code: 'no_wallet_for_chain' }) as Error);
  });
});
