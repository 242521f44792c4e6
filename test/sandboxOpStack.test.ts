import { createPublicClient, decodeFunctionData, erc20Abi, http, type Address, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../src/sandbox/startSandbox.ts';
import { sandboxWrappedUsdc } from '../src/sandbox/wormholeStandIns.ts';
import { portalAbi } from '../src/venues/opstack/opstackChains.ts';

/**
 * OP Mainnet's Standard Bridge in the sandbox, over HTTP only and followed by the sandbox's own
 * status worker: USDC deposited from ethereum arrives as USDC.e on optimism (COMPLETED), then is
 * withdrawn back — the claim waits for a dispute game, hands out the prove redeem, waits out the
 * portal's seconds-long maturity, hands out the finalize redeem, and the transfer completes with
 * the USDC back on ethereum.
 */

interface EvmStep { vm: 'evm'; step: string; chainId: number; to: Hex; data: Hex; value: string }
interface Claim { status: string; actions: string[]; claimableAt: string | null; detail: string; reason: string; steps: EvmStep[] }
interface Transfer { transferId: string; status: string; substatus: string; statusDetail: string | null; destinationTxHash: Hex | null; receivedAmountAtomic: string | null; claim: Claim | null }
interface Row { venue: string; quoteId: string; estimatedSeconds: number | null; claim?: unknown }
interface Build { transferId: string; steps: EvmStep[]; expectedOutAtomic: string }

/** Rounds of `POLL_MS` a state may take: the challenge period is 12 s, the worker polls at least every 2 s. */
const MAX_ROUNDS = 160;
const POLL_MS = 250;

let sandbox: RunningSandbox;
let clients: Record<number, PublicClient>;

beforeAll(async () => {
  sandbox = await startSandbox({ STRAIT_RATE_LIMIT_PER_MINUTE: '0' });
  clients = Object.fromEntries(Object.values(sandbox.info.chains).map((c) => [c.chainId, createPublicClient({ transport: http(c.rpcUrl) })]));
}, 120_000);

afterAll(async () => {
  await sandbox?.stop();
});

async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${sandbox.info.baseUrl}${path}`, { method, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) });
  return { status: response.status, body: (await response.json()) as T };
}

const user = () => sandbox.info.accounts[3]!;

/** Signs `step` with the sandbox account's key, submits it, and waits for it to be mined. */
async function signAndSubmit(transferId: string, step: EvmStep): Promise<Hex> {
  const account = privateKeyToAccount(user().privateKey);
  const client = clients[step.chainId]!;
  const nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
  const signed = await account.signTransaction({ chainId: step.chainId, to: step.to, data: step.data, value: BigInt(step.value), nonce, gas: 2_000_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n, type: 'eip1559' });
  const submitted = await api<{ accepted: boolean; verification: string; txHash: Hex }>('POST', `/bridge/transfers/${transferId}/submit`, { signedTransaction: signed, step: step.step });
  expect(submitted.body, JSON.stringify(submitted.body)).toMatchObject({ accepted: true, verification: 'verified' });
  const receipt = await client.waitForTransactionReceipt({ hash: submitted.body.txHash, pollingInterval: 50 });
  expect(receipt.status).toBe('success');
  return submitted.body.txHash;
}

/** Reads the transfer until `done` holds: a cap on rounds, never a timed assertion. */
async function until(transferId: string, done: (t: Transfer) => boolean): Promise<Transfer> {
  let last: Transfer | null = null;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    last = (await api<Transfer>('GET', `/bridge/transfers/${transferId}`)).body;
    if (done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`transfer ${transferId} never reached the awaited state: ${JSON.stringify(last)}; operator: ${sandbox.network.opStack.lastError()}`);
}

async function quoteAndBuild(fromChain: string, toChain: string, fromToken: string, toToken: string, amountAtomic: bigint): Promise<{ row: Row; build: Build }> {
  const address = user().address;
  const quote = await api<{ decisionId: string; quotes: Row[]; rejected: unknown[] }>('POST', '/bridge/quote', { fromChain, toChain, fromToken, toToken, amountAtomic: amountAtomic.toString(), sender: address, recipient: address });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  const row = quote.body.quotes.find((q) => q.venue === 'opstack');
  expect(row, JSON.stringify(quote.body.rejected)).toBeDefined();
  const build = await api<Build>('POST', '/bridge/build', { decisionId: quote.body.decisionId, quoteId: row!.quoteId });
  expect(build.status, JSON.stringify(build.body)).toBe(200);
  return { row: row!, build: build.body };
}

const balanceOf = (chainId: number, token: string, owner: Address) => clients[chainId]!.readContract({ address: token as Address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

describe('sandbox: the OP Stack Standard Bridge between ethereum and optimism', () => {
  it('runs the two OP Stack chains with their real ids and names the bridge in the JSON line', () => {
    expect(sandbox.info.chains.ethereum?.chainId).toBe(1);
    expect(sandbox.info.chains.optimism?.chainId).toBe(10);
    expect(sandbox.info.opStack).toMatchObject({ l1: 'ethereum', l2: 'optimism', usdc: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', bridgedUsdc: '0x7F5c764cBc14f9669B88837ca1490cCa17c31607', proofMaturitySeconds: 12, gameFinalitySeconds: 6 });
  });

  it('has Wormhole Portal on both chains: its wrapped USDC is a row, native USDC no route, never a venue error', async () => {
    const address = user().address;
    const ask = (toToken: string) =>
      api<{ quotes: Row[]; rejected: { venue: string; code: string; message: string }[] }>('POST', '/bridge/quote', { fromChain: 'ethereum', toChain: 'optimism', fromToken: 'USDC', toToken, amountAtomic: '5000000', sender: address, recipient: address });
    const native = await ask('USDC');
    expect(native.body.rejected.find((r) => r.venue === 'wormhole')).toMatchObject({ code: 'route_not_served' });
    const wrapped = await ask(sandboxWrappedUsdc('ethereum', 'optimism'));
    expect(wrapped.body.quotes.map((q) => q.venue), JSON.stringify(wrapped.body.rejected.filter((r) => r.venue === 'wormhole'))).toContain('wormhole');
  });

  it('deposits USDC as USDC.e, then withdraws it through the prove and finalize claim', async () => {
    const { usdc, bridgedUsdc, portal } = sandbox.info.opStack;
    const address = user().address;

    // Deposit: the sequencer relays the portal's deposit as a 0x7e transaction on optimism.
    const l2Before = await balanceOf(10, bridgedUsdc, address);
    const deposit = await quoteAndBuild('ethereum', 'optimism', 'USDC', bridgedUsdc, 5_000_000n);
    for (const step of deposit.build.steps) await signAndSubmit(deposit.build.transferId, step);
    const deposited = await until(deposit.build.transferId, (t) => t.status !== 'PENDING' && t.status !== 'SUBMITTED');
    expect(deposited).toMatchObject({ status: 'COMPLETED', receivedAmountAtomic: deposit.build.expectedOutAtomic });
    const bridged = BigInt(deposited.receivedAmountAtomic!);
    expect(await balanceOf(10, bridgedUsdc, address)).toBe(l2Before + bridged);

    // Withdrawal of all of it (Strait's fee came out of the deposit): the row's ETA is the portal's
    // delays (seconds here), and it carries the two-step claim.
    const withdrawal = await quoteAndBuild('optimism', 'ethereum', bridgedUsdc, 'USDC', bridged);
    expect(withdrawal.row.claim).toEqual({ chain: 'ethereum', actions: ['prove', 'finalize'], signer: 'anyone' });
    expect(withdrawal.row.estimatedSeconds).toBeLessThan(60);
    const id = withdrawal.build.transferId;
    // The claim's reason states the wait of this portal, not mainnet's week.
    expect((await api<Transfer>('GET', `/bridge/transfers/${id}`)).body.claim?.reason).toMatch(/challenge period \(about \d+ seconds\)$/);
    for (const step of withdrawal.build.steps) await signAndSubmit(id, step);

    // Prove: handed out once a dispute game covers the withdrawal's block.
    const ready = await until(id, (t) => t.claim?.status === 'ready');
    expect(ready).toMatchObject({ status: 'PENDING', substatus: 'claim_ready' });
    const prove = ready.claim!.steps[0]!;
    expect(prove).toMatchObject({ step: 'redeem', chainId: 1, to: portal, value: '0' });
    expect(decodeFunctionData({ abi: portalAbi, data: prove.data }).functionName).toBe('proveWithdrawalTransaction');
    await signAndSubmit(id, prove);

    // Finalize: after the portal's maturity, the second redeem.
    const proven = await until(id, (t) => t.claim?.status === 'waiting' && t.claim.claimableAt !== null);
    expect(proven.claim!.detail).toMatch(/proven; waiting/);
    const finalReady = await until(id, (t) => t.claim?.status === 'ready');
    const finalize = finalReady.claim!.steps.at(-1)!;
    expect(decodeFunctionData({ abi: portalAbi, data: finalize.data }).functionName).toBe('finalizeWithdrawalTransactionExternalProof');
    const l1Before = await balanceOf(1, usdc, address);
    const finalizeHash = await signAndSubmit(id, finalize);
    const done = await until(id, (t) => t.status !== 'PENDING' && t.status !== 'SUBMITTED');
    expect(done).toMatchObject({ status: 'COMPLETED', destinationTxHash: finalizeHash, claim: { status: 'claimed' } });
    expect(await balanceOf(1, usdc, address)).toBe(l1Before + BigInt(done.receivedAmountAtomic!));
    expect(BigInt(done.receivedAmountAtomic!)).toBe(BigInt(withdrawal.build.expectedOutAtomic));
  }, 90_000);
});
