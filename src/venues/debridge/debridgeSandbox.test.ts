import { createPublicClient, createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStraitClient, runTransfer, unwrap, type StraitClient } from '@strait/client';
import { startSandbox, type RunningSandbox } from '../../sandbox/startSandbox.ts';
import { DLN_SOURCE } from './debridgeChains.ts';

/**
 * deBridge settling for real in the sandbox: quote 1 ETH base → arbitrum, build (one checked
 * `createSaltedOrder` to DlnSource's real address carrying the order's give amount plus the flat
 * fee), sign with viem, submit, and track to COMPLETED while the fake reads the mined order and
 * pays its receiver the take amount on arbitrum.
 */

let sandbox: RunningSandbox;
let client: StraitClient;

beforeAll(async () => {
  sandbox = await startSandbox({ STRAIT_RATE_LIMIT_PER_MINUTE: '0' });
  client = createStraitClient({ baseUrl: sandbox.info.baseUrl });
}, 120_000);
afterAll(async () => {
  await sandbox?.stop();
});

describe('sandbox: deBridge settles on the sandbox chains', () => {
  it('quotes, builds, signs, submits and reaches COMPLETED with the take amount paid on arbitrum', async () => {
    const user = sandbox.info.accounts[7]!;
    const account = privateKeyToAccount(user.privateKey);
    const base = sandbox.info.chains.base!;
    const arbitrum = sandbox.info.chains.arbitrum!;
    const arbRead = createPublicClient({ transport: http(arbitrum.rpcUrl) });
    const baseRead = createPublicClient({ transport: http(base.rpcUrl) });
    const before = await arbRead.getBalance({ address: user.address });

    const decision = unwrap(await client.POST('/bridge/quote', { body: { fromChain: 'base', toChain: 'arbitrum', fromToken: 'ETH', toToken: 'ETH', amountAtomic: '1000000000000000000', sender: user.address, recipient: user.address } }));
    const row = decision.quotes.find((q) => q.venue === 'debridge');
    expect(row, `debridge priced: ${JSON.stringify(decision.rejected)}`).toBeDefined();
    expect(row?.eligibility).toBe('ok');

    const { transfer, submissions } = await runTransfer({
      client,
      decisionId: decision.decisionId,
      quote: row,
      wallet: createWalletClient({ account, transport: http(base.rpcUrl) }),
      publicClients: baseRead,
      pollIntervalMs: 250,
      timeoutMs: 30_000,
      onProgress: (progress) => {
        if (progress.phase !== 'built') return;
        const main = progress.build.steps?.find((s) => s.step === 'main');
        if (main?.vm !== 'evm') throw new Error(`debridge built no EVM main step: ${JSON.stringify(progress.build.steps)}`);
        expect(main.to).toBe(DLN_SOURCE);
        expect(progress.build.steps?.some((s) => s.step === 'approve')).toBe(false);
      },
    });
    expect(submissions.at(-1)?.step).toBe('main');
    expect(transfer.status).toBe('COMPLETED');
    const after = await arbRead.getBalance({ address: user.address });
    expect(after - before).toBe(BigInt(transfer.receivedAmountAtomic!));
    expect(after - before).toBe(BigInt(row!.amountOutAtomic));
  }, 90_000);
});
