import { base64, hex } from '@scure/base';
import { Transaction, WIF } from '@scure/btc-signer';
import { createPublicClient, erc20Abi, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CHAIN_SPECS } from './sandboxChain.ts';
import { startSandbox, type RunningSandbox } from './startSandbox.ts';

/**
 * A Bitcoin-family transfer in the sandbox, as a user drives it from the printed JSON line: BTC from
 * a funded sandbox Bitcoin account to base USDC through THORChain. Build hands out a PSBT composed
 * from the account's outputs on the loopback Esplora; the wallet signs it (WIF key from the JSON
 * line); submit verifies and broadcasts it; the THORChain fake observes it on the Esplora and pays
 * USDC on base; the worker reaches COMPLETED.
 */

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ STRAIT_RATE_LIMIT_PER_MINUTE: '0' });
}, 120_000);
afterAll(async () => {
  await sandbox?.stop();
});

async function call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<{ status: number; body: T }> {
  const response = await fetch(`${sandbox.info.baseUrl}${path}`, { method, ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}) });
  return { status: response.status, body: (await response.json()) as T };
}

describe('sandbox: BTC → base USDC through THORChain', () => {
  it('prints the Bitcoin accounts, builds a PSBT, broadcasts the signed transaction and completes with USDC paid on base', async () => {
    const btc = sandbox.info.bitcoin.accounts[0]!;
    const recipient = sandbox.info.accounts[5]!.address;
    const baseRead = createPublicClient({ transport: http(sandbox.info.chains.base!.rpcUrl) });
    const usdc = () => baseRead.readContract({ address: SANDBOX_CHAIN_SPECS.base.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] });
    const before = await usdc();

    const quote = await call<{ decisionId: string; quotes: { venue: string; quoteId: string; eligibility: string }[]; rejected: unknown[] }>('POST', '/bridge/quote', { fromChain: 'bitcoin', toChain: 'base', fromToken: 'BTC', toToken: 'USDC', amountAtomic: '2000000', sender: btc.address, recipient });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const row = quote.body.quotes.find((q) => q.venue === 'thorchain');
    expect(row, JSON.stringify(quote.body.rejected)).toBeDefined();
    expect(row?.eligibility).toBe('ok');
    const built = await call<{ transferId: string; steps: { vm: string; psbt: string | null }[] }>('POST', '/bridge/build', { decisionId: quote.body.decisionId, quoteId: row!.quoteId });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const step = built.body.steps[0]!;
    expect(step.vm).toBe('utxo');

    const tx = Transaction.fromPSBT(base64.decode(step.psbt!), { allowUnknownOutputs: true });
    tx.sign(WIF().decode(btc.wif));
    tx.finalize();
    expect(hex.encode(WIF().decode(btc.wif))).toBe(btc.privateKey);
    const submitted = await call<{ status: string; verification: string }>('POST', `/bridge/transfers/${built.body.transferId}/submit`, { step: 'main', signedTransaction: tx.hex });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'SUBMITTED', verification: 'verified' });

    let status = 'SUBMITTED';
    for (let i = 0; i < 60 && !['COMPLETED', 'REFUNDED', 'FAILED'].includes(status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = (await call<{ status: string }>('GET', `/bridge/transfers/${built.body.transferId}`)).body.status;
    }
    expect(status).toBe('COMPLETED');
    expect(await usdc()).toBeGreaterThan(before);
  }, 90_000);
});
