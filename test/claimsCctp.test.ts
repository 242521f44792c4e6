import { createPublicClient, decodeFunctionData, erc20Abi, http, keccak256, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../src/sandbox/startSandbox.ts';
import type { SandboxAccount } from '../src/sandbox/startSandboxNetwork.ts';
import { tokenMessengerV2Abi } from '../src/venues/cctp/cctpChains.ts';
import type { CctpFake } from '../src/venues/cctp/cctpFake.ts';

/**
 * CCTP without forwarding, end to end on the sandbox's anvil chains: Circle's Forwarding Service does
 * not serve arbitrum (the Iris fake prices no forward fee), so the row is a plain `depositForBurn`
 * whose transfer carries a claim. quote → build → burn → Iris attests → claim ready → the redeem
 * (`receiveMessage` at MessageTransmitterV2's real address, a stand-in that checks the message and
 * mints) → signed, submitted, verified → COMPLETED. A tampered redeem is refused.
 */

const ARB_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const ARBITRUM_DOMAIN = 3;

interface EvmStepJson { vm: 'evm'; step: string; chainId: number; to: Hex; data: Hex; value: string }
interface ClaimJson { status: string; chain: string; actions: string[]; signer: string; claimableAt: string | null; secondsUntilClaimable: number | null; steps: EvmStepJson[]; txHash: string | null; reason: string; detail: string }
interface TransferJson { transferId: string; status: string; substatus: string; claim: ClaimJson | null; receivedAmountAtomic: string | null; destinationTxHash: string | null; explorerLinks: { field: string }[] }

let sandbox: RunningSandbox;
let clients: Record<string, PublicClient>;

beforeAll(async () => {
  sandbox = await startSandbox({ STRAIT_RATE_LIMIT_PER_MINUTE: '0' });
  (sandbox.network.fake('cctp') as unknown as CctpFake).setForwarding(ARBITRUM_DOMAIN, false);
  clients = Object.fromEntries(Object.values(sandbox.info.chains).map((c) => [c.chainId, createPublicClient({ transport: http(c.rpcUrl) })]));
});
afterAll(async () => {
  await sandbox?.stop();
});

async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${sandbox.info.baseUrl}${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}

async function sign(account: SandboxAccount, step: EvmStepJson, data: Hex = step.data): Promise<Hex> {
  const client = clients[step.chainId]!;
  const nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
  return privateKeyToAccount(account.privateKey).signTransaction({ chainId: step.chainId, to: step.to, data, value: BigInt(step.value), nonce, gas: 1_000_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n, type: 'eip1559' });
}

async function submitSigned(transferId: string, step: EvmStepJson, signed: Hex) {
  return api<{ accepted: boolean; txHash: Hex; verification: string; status: string; error?: { code: string; details?: { mismatches?: { field: string }[] } } }>('POST', `/bridge/transfers/${transferId}/submit`, { signedTransaction: signed, step: step.step });
}

/** Polls the transfer (the worker runs every 500 ms) until `done` holds; a cap on attempts, not a timed assertion. */
async function until(transferId: string, done: (t: TransferJson) => boolean): Promise<TransferJson> {
  for (let attempt = 0; attempt < 240; attempt++) {
    const { body } = await api<TransferJson>('GET', `/bridge/transfers/${transferId}`);
    if (done(body)) return body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`transfer ${transferId} never reached the awaited state`);
}

describe('CCTP manual mint: a transfer with a claim, base → arbitrum on anvil', () => {
  it('quotes a plain burn, tracks the claim, refuses a tampered redeem, and completes when the signed redeem lands', async () => {
    const user = sandbox.info.accounts[6]!;
    const stranger = sandbox.info.accounts[7]!;
    const arbitrum = clients[42161]!;
    const before = await arbitrum.readContract({ address: ARB_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] });

    const quote = await api<{ decisionId: string; quotes: { venue: string; quoteId: string; amountOutAtomic: string; claim?: unknown }[]; rejected: unknown[] }>('POST', '/bridge/quote', {
      fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: user.address, recipient: user.address,
    });
    expect(quote.status).toBe(200);
    const row = quote.body.quotes.find((q) => q.venue === 'cctp');
    expect(row, JSON.stringify(quote.body.rejected)).toBeDefined();
    // The row discloses the claim; rows of venues that deliver by themselves carry none.
    expect(row!.claim).toEqual({ chain: 'arbitrum', actions: ['receiveMessage'], signer: 'anyone' });
    expect(quote.body.quotes.filter((q) => q.venue !== 'cctp').every((q) => q.claim === undefined)).toBe(true);

    const build = await api<{ transferId: string; steps: EvmStepJson[] }>('POST', '/bridge/build', { decisionId: quote.body.decisionId, quoteId: row!.quoteId });
    expect(build.status, JSON.stringify(build.body)).toBe(200);
    const main = build.body.steps.find((s) => s.step === 'main')!;
    // A plain burn: no forwarding hook, so Circle mints nothing by itself.
    expect(decodeFunctionData({ abi: tokenMessengerV2Abi, data: main.data }).functionName).toBe('depositForBurn');
    const transferId = build.body.transferId;

    const built = await until(transferId, () => true);
    expect(built.claim).toMatchObject({ status: 'waiting', chain: 'arbitrum', actions: ['receiveMessage'], signer: 'anyone', steps: [], txHash: null, claimableAt: null, secondsUntilClaimable: null });
    expect(built.claim?.reason).toMatch(/Forwarding Service does not serve/);

    // No redeem step exists before the claim is ready.
    const early = await api<{ error: { code: string } }>('POST', `/bridge/transfers/${transferId}/submit`, { txHash: `0x${'ab'.repeat(32)}`, step: 'redeem' });
    expect(early.body.error.code).toBe('step_not_built');

    for (const step of build.body.steps) {
      const accepted = await submitSigned(transferId, step, await sign(user, step));
      expect(accepted.body, JSON.stringify(accepted.body)).toMatchObject({ accepted: true, verification: 'verified' });
      await clients[step.chainId]!.waitForTransactionReceipt({ hash: accepted.body.txHash, pollingInterval: 50 });
    }

    const ready = await until(transferId, (t) => t.claim?.status === 'ready');
    expect(ready).toMatchObject({ status: 'PENDING', substatus: 'claim_ready' });
    expect(ready.claim?.secondsUntilClaimable).toBe(0);
    expect(ready.claim?.claimableAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(ready.claim?.steps).toHaveLength(1);
    const redeem = ready.claim!.steps[0]!;
    expect(redeem).toMatchObject({ vm: 'evm', step: 'redeem', chainId: 42161, to: '0x81D40F21F12A8F0E3252Bccb954D722d4c464B64', value: '0' });

    // The mint amount changed (the last byte of the burn body's amount word, after the selector, two
    // offsets and the message's length): not the built step.
    const amountDigit = 2 + 2 * (4 + 96 + 148 + 68 + 31);
    const tampered = `${redeem.data.slice(0, amountDigit)}${redeem.data[amountDigit] === 'f' ? 'e' : 'f'}${redeem.data.slice(amountDigit + 1)}` as Hex;
    const refused = await submitSigned(transferId, redeem, await sign(user, redeem, tampered));
    expect(refused.status).toBe(422);
    expect(refused.body.error?.code).toBe('transaction_mismatch');
    expect(refused.body.error?.details?.mismatches?.map((m) => m.field)).toEqual(['data']);
    // Signed by someone who is neither the requester nor the recipient.
    const foreign = await submitSigned(transferId, redeem, await sign(stranger, redeem));
    expect(foreign.status).toBe(422);
    expect(foreign.body.error?.details?.mismatches?.map((m) => m.field)).toEqual(['signer']);

    const signed = await sign(user, redeem);
    const accepted = await submitSigned(transferId, redeem, signed);
    expect(accepted.body).toMatchObject({ accepted: true, verification: 'verified', txHash: keccak256(signed), status: 'PENDING' });
    const repeat = await submitSigned(transferId, redeem, signed);
    expect(repeat.body).toMatchObject({ accepted: false, txHash: accepted.body.txHash });
    await arbitrum.waitForTransactionReceipt({ hash: accepted.body.txHash, pollingInterval: 50 });

    const done = await until(transferId, (t) => t.status === 'COMPLETED');
    expect(done.claim).toMatchObject({ status: 'claimed', steps: [], txHash: accepted.body.txHash });
    expect(done.destinationTxHash).toBe(accepted.body.txHash);
    const after = await arbitrum.readContract({ address: ARB_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] });
    expect(after - before).toBe(BigInt(done.receivedAmountAtomic!));
    expect(after - before).toBe(BigInt(row!.amountOutAtomic));
  });
});

describe('CCTP manual mint: a claim anyone may send', () => {
  it('completes the transfer when someone else sends the redeem, with the claim naming their transaction', async () => {
    const user = sandbox.info.accounts[8]!;
    const relayer = sandbox.info.accounts[9]!;
    const quote = await api<{ decisionId: string; quotes: { venue: string; quoteId: string }[] }>('POST', '/bridge/quote', {
      fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '25000000', sender: user.address, recipient: user.address,
    });
    const row = quote.body.quotes.find((q) => q.venue === 'cctp')!;
    const build = await api<{ transferId: string; steps: EvmStepJson[] }>('POST', '/bridge/build', { decisionId: quote.body.decisionId, quoteId: row.quoteId });
    const transferId = build.body.transferId;
    for (const step of build.body.steps) {
      const accepted = await submitSigned(transferId, step, await sign(user, step));
      await clients[step.chainId]!.waitForTransactionReceipt({ hash: accepted.body.txHash, pollingInterval: 50 });
    }
    const ready = await until(transferId, (t) => t.claim?.status === 'ready');
    const redeem = ready.claim!.steps[0]!;
    // Sent straight to the chain by a third party: Strait is never told.
    const hash = await clients[42161]!.request({ method: 'eth_sendRawTransaction', params: [await sign(relayer, redeem)] });
    await clients[42161]!.waitForTransactionReceipt({ hash, pollingInterval: 50 });

    const done = await until(transferId, (t) => t.status === 'COMPLETED');
    expect(done.claim).toMatchObject({ status: 'claimed', steps: [], txHash: hash });
    expect(done.destinationTxHash).toBe(hash);
    expect(done.explorerLinks.map((l) => l.field)).toContain('claim.txHash');
    // The user's own redeem, signed late, would only revert: refused, nothing broadcast.
    const late = await submitSigned(transferId, redeem, await sign(user, redeem));
    expect(late.status).toBe(409);
    expect(late.body.error?.code).toBe('claim_already_made');
  });
});
