import { createPublicClient, createWalletClient, erc20Abi, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../src/sandbox/startSandbox.ts';

const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const ARB_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';

let sandbox: RunningSandbox;

beforeAll(async () => {
  // The flows here make more calls from one client than §8 allows in a minute.
  sandbox = await startSandbox({ STRAIT_RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(async () => {
  await sandbox?.stop();
});

async function api<T>(path: string, init?: { method?: string; body?: unknown }): Promise<{ status: number; body: T }> {
  const response = await fetch(`${sandbox.info.baseUrl}${path}`, {
    method: init?.method ?? 'GET',
    ...(init?.body !== undefined ? { body: JSON.stringify(init.body), headers: { 'content-type': 'application/json' } } : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}

interface Step { vm: 'evm'; step: 'approve' | 'fee' | 'main'; chainId: number; to: Hex; data: Hex; value: string }

/** Quote → build → sign every step with viem → submit → poll to COMPLETED, all over HTTP. */
async function transferThroughVenue(venue: string, accountIndex: number, referrer: Hex | null = null) {
  const user = sandbox.info.accounts[accountIndex]!;
  const account = privateKeyToAccount(user.privateKey);
  const base = sandbox.info.chains.base!;
  const arbitrum = sandbox.info.chains.arbitrum!;
  const arbClient = createPublicClient({ transport: http(arbitrum.rpcUrl) });
  const before = await arbClient.readContract({ address: ARB_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] });
  const baseRead = createPublicClient({ transport: http(base.rpcUrl) });
  const referrerBefore = referrer ? await baseRead.readContract({ address: BASE_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [referrer] }) : 0n;

  const quote = await api<{ decisionId: string; best: { venue: string } | null; quotes: { venue: string; quoteId: string; amountOutAtomic: string; executable: boolean }[]; rejected: unknown[] }>('/bridge/quote', {
    method: 'POST',
    body: { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: user.address, recipient: user.address, ...(referrer ? { referralWallet: referrer, referralBps: 10 } : {}) },
  });
  expect(quote.status).toBe(200);
  const row = quote.body.quotes.find((q) => q.venue === venue);
  expect(row, `${venue} priced: ${JSON.stringify(quote.body.rejected)}`).toBeDefined();

  const build = await api<{ transferId: string; steps?: Step[]; deposit?: { address: Hex; amountAtomic: string } }>('/bridge/build', { method: 'POST', body: { decisionId: quote.body.decisionId, quoteId: row!.quoteId } });
  expect(build.status, JSON.stringify(build.body)).toBe(200);
  const again = await api<{ transferId: string }>('/bridge/build', { method: 'POST', body: { decisionId: quote.body.decisionId, quoteId: row!.quoteId } });
  expect(again.body.transferId).toBe(build.body.transferId);

  const wallet = createWalletClient({ account, transport: http(base.rpcUrl) });
  const baseClient = createPublicClient({ transport: http(base.rpcUrl) });
  // A deposit build hands out `deposit` and at most `fee` steps; the wallet funds the address itself, once.
  if (build.body.deposit) expect((build.body.steps ?? []).map((s) => s.step).filter((kind) => kind !== 'fee')).toEqual([]);
  const steps: Step[] = [
    ...(build.body.steps ?? []),
    ...(build.body.deposit ? [{ vm: 'evm' as const, step: 'main' as const, chainId: base.chainId, to: BASE_USDC as Hex, data: encodeTransfer(build.body.deposit.address, BigInt(build.body.deposit.amountAtomic)), value: '0' }] : []),
  ];
  for (const step of steps) {
    const request = await wallet.prepareTransactionRequest({ account, chain: null, to: step.to, data: step.data, value: BigInt(step.value) });
    const signed = await wallet.signTransaction({ ...request, chainId: step.chainId } as never);
    const submit = await api<{ accepted: boolean; verification: string; txHash: Hex; status: string }>(`/bridge/transfers/${build.body.transferId}/submit`, { method: 'POST', body: { signedTransaction: signed, step: step.step } });
    expect(submit.status, JSON.stringify(submit.body)).toBe(200);
    expect(submit.body).toMatchObject({ accepted: true, verification: 'verified' });
    await baseClient.waitForTransactionReceipt({ hash: submit.body.txHash, pollingInterval: 50 });
    const repeat = await api<{ accepted: boolean; txHash: string }>(`/bridge/transfers/${build.body.transferId}/submit`, { method: 'POST', body: { signedTransaction: signed, step: step.step } });
    expect(repeat.body).toMatchObject({ accepted: false, txHash: submit.body.txHash });
  }

  let transfer: { status: string; destinationTxHash: string | null; receivedAmountAtomic: string | null; completedAt: number | null; fees: { kind: string; status: string; amountAtomic: string }[] } | undefined;
  for (let i = 0; i < 120; i++) {
    transfer = (await api<typeof transfer & object>(`/bridge/transfers/${build.body.transferId.toUpperCase()}`)).body;
    if (transfer.status === 'COMPLETED') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(transfer?.status).toBe('COMPLETED');
  expect(transfer?.destinationTxHash).toMatch(/^0x[0-9a-f]{64}$/);
  expect(transfer?.completedAt).toBeGreaterThan(0);
  const after = await arbClient.readContract({ address: ARB_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] });
  expect(after - before).toBe(BigInt(transfer!.receivedAmountAtomic!));
  expect(after).toBeGreaterThan(before);
  // Every cut was signed beside the bridge call, so every fee row settled, paid by the user's own signature.
  for (const fee of transfer!.fees) expect(fee.status).toBe('settled');
  if (referrer) {
    const referral = transfer!.fees.find((f) => f.kind === 'referral');
    expect(referral?.amountAtomic).toBe('100000');
    const referrerAfter = await baseRead.readContract({ address: BASE_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [referrer] });
    expect(referrerAfter - referrerBefore).toBe(100_000n);
  }
}

/** Changes one hex digit of calldata (inside the first argument: the depositor/recipient words). */
function flipNibble(data: Hex, index: number): Hex {
  const digit = data[index] === 'f' ? 'e' : 'f';
  return `${data.slice(0, index)}${digit}${data.slice(index + 1)}` as Hex;
}

function encodeTransfer(to: Hex, amount: bigint): Hex {
  return `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;
}

describe('sandbox: quote 100 USDC base → arbitrum, build, sign, submit, track to COMPLETED', () => {
  it('prints the documented JSON line shape', () => {
    expect(sandbox.info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(sandbox.info.chains.base?.chainId).toBe(8453);
    expect(sandbox.info.chains.arbitrum?.chainId).toBe(42161);
    expect(sandbox.info.accounts.length).toBeGreaterThanOrEqual(10);
  });

  it('prices the corridor at every venue and ranks by net output', async () => {
    const user = sandbox.info.accounts[0]!;
    const quote = await api<{ quotes: { venue: string; amountOutAtomic: string }[]; best: { quoteId: string } | null; bestByPrice: string | null }>('/bridge/quote', {
      method: 'POST',
      body: { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: user.address, recipient: user.address },
    });
    expect(quote.body.quotes.map((q) => q.venue).sort()).toEqual(['across', 'cctp', 'lifi', 'nearintents', 'relay']);
    const outs = quote.body.quotes.map((q) => BigInt(q.amountOutAtomic));
    expect(outs).toEqual([...outs].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    expect(quote.body.bestByPrice).toBe(quote.body.best?.quoteId);
  });

  it.each([
    ['across', 1],
    ['relay', 2],
    ['cctp', 3],
    ['nearintents', 4],
    ['lifi', 7],
  ])('completes a transfer through %s', async (venue, index) => {
    await transferThroughVenue(venue, index);
  });

  it('pays a referrer 10 bps of the amount in the same signatures as the transfer', async () => {
    await transferThroughVenue('across', 6, sandbox.info.accounts[9]!.address);
  });

  it('refuses a tampered signed transaction and broadcasts nothing', async () => {
    const user = sandbox.info.accounts[5]!;
    const account = privateKeyToAccount(user.privateKey);
    const quote = await api<{ decisionId: string; quotes: { venue: string; quoteId: string }[] }>('/bridge/quote', {
      method: 'POST',
      body: { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: user.address, recipient: user.address },
    });
    const row = quote.body.quotes.find((q) => q.venue === 'across')!;
    const build = await api<{ transferId: string; steps: Step[] }>('/bridge/build', { method: 'POST', body: { decisionId: quote.body.decisionId, quoteId: row.quoteId } });
    const main = build.body.steps.find((s) => s.step === 'main')!;
    const baseClient = createPublicClient({ transport: http(sandbox.info.chains.base!.rpcUrl) });
    const nonce = await baseClient.getTransactionCount({ address: user.address });
    const signed = await account.signTransaction({ chainId: main.chainId, to: main.to, data: flipNibble(main.data, 40), value: 0n, nonce, gas: 300_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n, type: 'eip1559' });
    const submit = await api<{ error: { code: string; details: { mismatches: { field: string }[] } } }>(`/bridge/transfers/${build.body.transferId}/submit`, { method: 'POST', body: { signedTransaction: signed, step: 'main' } });
    expect(submit.status).toBe(422);
    expect(submit.body.error.code).toBe('transaction_mismatch');
    expect(submit.body.error.details.mismatches.map((m) => m.field)).toEqual(['data']);
    expect(await baseClient.getTransactionCount({ address: user.address })).toBe(nonce);
    const transfer = await api<{ status: string; sourceTxHash: string | null }>(`/bridge/transfers/${build.body.transferId}`);
    expect(transfer.body).toMatchObject({ status: 'PENDING_SIGNATURE', sourceTxHash: null });
  });
});
