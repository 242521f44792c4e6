import { createPublicClient, createWalletClient, erc20Abi, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The client's source in this tree (runTransfer signs message steps since this change).
import { createStraitClient, runTransfer, unwrap } from '../../../packages/client/src/index.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/startSandbox.ts';
import { MESON_CONTRACT } from './mesonChains.ts';

/**
 * Meson settling for real in the sandbox: quote 250 USDC base → arbitrum, build (an exact approve of
 * the Meson contract and a `message` step: the request and release to personal_sign), send the
 * approve, sign both messages with viem, submit the signatures; the fake relayer posts the swap to the
 * Meson stand-in on base (which checks the request signature and pulls the USDC with transferFrom)
 * and pays the recipient on arbitrum; the transfer reaches COMPLETED.
 */

const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const ARB_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ STRAIT_RATE_LIMIT_PER_MINUTE: '0' });
}, 120_000);
afterAll(async () => {
  await sandbox?.stop();
});

async function api<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<{ status: number; body: T }> {
  const response = await fetch(`${sandbox.info.baseUrl}${path}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  return { status: response.status, body: (await response.json()) as T };
}

interface Step { vm: string; step: string; chainId?: number; to?: Hex; data?: Hex; value?: string; messages?: Hex[] }

describe('sandbox: Meson settles on the sandbox chains', () => {
  it('quotes, builds, approves, signs request and release, submits and reaches COMPLETED with the swap paid on arbitrum', async () => {
    const user = sandbox.info.accounts[6]!;
    const recipient = sandbox.info.accounts[5]!.address;
    const account = privateKeyToAccount(user.privateKey);
    const base = sandbox.info.chains.base!;
    const arbitrum = sandbox.info.chains.arbitrum!;
    const baseRead = createPublicClient({ transport: http(base.rpcUrl) });
    const arbRead = createPublicClient({ transport: http(arbitrum.rpcUrl) });
    const wallet = createWalletClient({ account, transport: http(base.rpcUrl) });
    const received = () => arbRead.readContract({ address: ARB_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] });
    const spent = () => baseRead.readContract({ address: BASE_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] });
    const [before, heldBefore] = await Promise.all([received(), spent()]);

    const quote = await api<{ decisionId: string; quotes: { quoteId: string; venue: string; eligibility: string; amountOutAtomic: string }[]; rejected: unknown }>('POST', '/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '250000000', sender: user.address, recipient });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const row = quote.body.quotes.find((q) => q.venue === 'meson');
    expect(row, `meson priced: ${JSON.stringify(quote.body.rejected)}`).toBeDefined();
    expect(row!.eligibility).toBe('ok');

    const built = await api<{ transferId: string; steps: Step[] }>('POST', '/bridge/build', { decisionId: quote.body.decisionId, quoteId: row!.quoteId });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const fees = built.body.steps.filter((s) => s.step === 'fee');
    expect(built.body.steps.map((s) => [s.vm, s.step])).toEqual([['evm', 'approve'], ...fees.map(() => ['evm', 'fee']), ['message', 'main']]);
    const main = built.body.steps.at(-1)!;
    expect(main.messages?.[1]).toBe(`${main.messages![0]}${recipient.slice(2).toLowerCase()}`);

    // The approve and Strait's fee steps are transactions: send them, then submit each by hash.
    for (const step of built.body.steps.filter((s) => s.vm === 'evm')) {
      expect(step.step === 'approve' ? step.data?.includes(MESON_CONTRACT.slice(2).toLowerCase()) : true).toBe(true);
      const hash = await wallet.sendTransaction({ chain: null, to: step.to!, data: step.data!, value: BigInt(step.value ?? '0') });
      expect((await baseRead.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success');
      const submitted = await api<{ accepted: boolean }>('POST', `/bridge/transfers/${built.body.transferId}/submit`, { step: step.step, txHash: hash });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    }

    const signatures = await Promise.all(main.messages!.map((raw) => account.signMessage({ message: { raw } })));
    const submitted = await api<{ accepted: boolean; status: string; txHash: string }>('POST', `/bridge/transfers/${built.body.transferId}/submit`, { step: 'main', signedTransaction: signatures.join(','), messages: main.messages });
    expect(submitted.body, JSON.stringify(submitted.body)).toMatchObject({ accepted: true, status: 'SUBMITTED' });
    // The relayer posted the swap: the Meson stand-in pulled the USDC from the sender.
    expect(heldBefore - (await spent())).toBe(250_000_000n);

    let transfer = { status: 'SUBMITTED', receivedAmountAtomic: null as string | null };
    for (let i = 0; i < 120 && !['COMPLETED', 'FAILED', 'REFUNDED'].includes(transfer.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      transfer = (await api<typeof transfer>('GET', `/bridge/transfers/${built.body.transferId}`)).body;
    }
    expect(transfer.status).toBe('COMPLETED');
    const paid = (await received()) - before;
    expect(paid).toBe(BigInt(row!.amountOutAtomic));
  }, 90_000);

  it('runs through @strait/client runTransfer: the approve sent and confirmed, the messages personal_signed and submitted, COMPLETED', async () => {
    const client = createStraitClient({ baseUrl: sandbox.info.baseUrl });
    const user = sandbox.info.accounts[3]!;
    const base = sandbox.info.chains.base!;
    const decision = unwrap(await client.POST('/bridge/quote', { body: { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '40000000', sender: user.address, recipient: user.address } }));
    const row = decision.quotes.find((q) => q.venue === 'meson');
    expect(row, JSON.stringify(decision.rejected)).toBeDefined();
    const { transfer, submissions } = await runTransfer({
      client,
      decisionId: decision.decisionId,
      quote: row,
      wallet: createWalletClient({ account: privateKeyToAccount(user.privateKey), transport: http(base.rpcUrl) }),
      publicClients: createPublicClient({ transport: http(base.rpcUrl) }),
      pollIntervalMs: 250,
      timeoutMs: 30_000,
    });
    expect(submissions.at(-1)).toMatchObject({ step: 'main', accepted: true, verification: 'verified' });
    expect(transfer.status).toBe('COMPLETED');
    expect(transfer.receivedAmountAtomic).toBe(row!.amountOutAtomic);
  }, 90_000);
});
