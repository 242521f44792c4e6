import { createPublicClient, createTestClient, encodeFunctionData, erc20Abi, http, parseAbi, type Address, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { createStatusWorker } from '../src/engine/statusWorker.ts';
import { startAnvil, type AnvilInstance } from '../src/sandbox/anvil.ts';
import { compileSandboxContracts } from '../src/sandbox/compileContracts.ts';
import { installOpStackStandIns, startOpStackOperator, type OpStackOperator } from '../src/sandbox/opStackSandbox.ts';
import { finalizeStep, proveStep, type WithdrawalTransaction } from '../src/venues/opstack/opstackCalls.ts';
import { opStackChain, portalAbi } from '../src/venues/opstack/opstackChains.ts';
import { opstackVenue } from '../src/venues/opstack/opstackVenue.ts';
import { decodeFunctionData } from 'viem';
import { updateTransfer } from '../src/store/transferRepository.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * The OP Stack Standard Bridge through the HTTP API on an anvil pair wired as Ethereum and OP
 * Mainnet: stand-ins at the real addresses (src/sandbox/contracts/SandboxOpStack*.sol), deposits
 * sequenced as real 0x7e deposit transactions, output roots proposed as dispute games and resolved
 * (src/sandbox/opStackSandbox.ts). USDC deposited to USDC.e → COMPLETED; USDC.e withdrawn → claim
 * waiting → ready → prove signed and submitted → waiting for the (12 s) maturity → finalize signed
 * and submitted → COMPLETED with the USDC on Ethereum. Tampered redeems are refused.
 */

const OP = opStackChain('optimism')!;
const USDC_L1: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_E: Address = '0x7F5c764cBc14f9669B88837ca1490cCa17c31607';
const USER = privateKeyToAccount('0x59c6995e998f97a5a0044966f611e2a4f18e3a5b6ab2f2f2b2b3b5ad4a7f8a3e');
const STRANGER = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');
const PROPOSER_KEY: Hex = '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6';
const mintAbi = parseAbi(['function mint(address to, uint256 amount)']);

interface EvmStepJson { vm: 'evm'; step: string; chainId: number; to: Hex; data: Hex; value: string }
interface TransferJson { status: string; substatus: string; destinationTxHash: Hex; receivedAmountAtomic: string | null; claim: { status: string; claimableAt: string | null; detail: string; steps: EvmStepJson[] } | null }

let l1Anvil: AnvilInstance;
let l2Anvil: AnvilInstance;
let operator: OpStackOperator;
let strait: Strait;
let clients: Record<number, PublicClient>;
let operatorError: string | null = null;

beforeAll(async () => {
  const [contracts, l1, l2] = await Promise.all([compileSandboxContracts(), startAnvil({ chainId: 1 }), startAnvil({ chainId: 10, network: 'optimism' })]);
  l1Anvil = l1;
  l2Anvil = l2;
  await installOpStackStandIns({ l1RpcUrl: l1.rpcUrl, l2RpcUrl: l2.rpcUrl, chain: OP, contracts });
  const l1Test = createTestClient({ mode: 'anvil', transport: http(l1.rpcUrl) });
  const l2Test = createTestClient({ mode: 'anvil', transport: http(l2.rpcUrl) });
  await l1Test.setCode({ address: USDC_L1, bytecode: contracts.SandboxUSDC.runtimeBytecode });
  for (const account of [USER.address, STRANGER.address, privateKeyToAccount(PROPOSER_KEY).address]) {
    await l1Test.setBalance({ address: account, value: 10n ** 21n });
    await l2Test.setBalance({ address: account, value: 10n ** 21n });
  }
  clients = { 1: createPublicClient({ transport: http(l1.rpcUrl) }), 10: createPublicClient({ transport: http(l2.rpcUrl) }) };
  await l1Test.impersonateAccount({ address: USER.address });
  await clients[1]!.waitForTransactionReceipt({ hash: await l1Test.sendUnsignedTransaction({ from: USER.address, to: USDC_L1, data: encodeFunctionData({ abi: mintAbi, functionName: 'mint', args: [USER.address, 50_000_000n] }) }), pollingInterval: 50 });
  await l1Test.stopImpersonatingAccount({ address: USER.address });
  operator = startOpStackOperator({ l1RpcUrl: l1.rpcUrl, l2RpcUrl: l2.rpcUrl, chain: OP, proposerKey: PROPOSER_KEY, intervalMs: 300, onError: (error) => (operatorError = (error as Error).message.slice(0, 600)) });
  strait = await createTestStrait({ STRAIT_RPC_ETHEREUM: l1.rpcUrl, STRAIT_RPC_OPTIMISM: l2.rpcUrl }, [opstackVenue]);
}, 240_000);

afterAll(async () => {
  await operator?.stop();
  await strait?.close();
  await l1Anvil?.stop();
  await l2Anvil?.stop();
});

const api = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const response = await strait.app.inject({ method, url: `/v1${url}`, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  return { status: response.statusCode, body: response.json() };
};

async function sign(account: typeof USER, step: EvmStepJson, over: { data?: Hex; to?: Hex } = {}): Promise<Hex> {
  const client = clients[step.chainId]!;
  const nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
  return account.signTransaction({ chainId: step.chainId, to: over.to ?? step.to, data: over.data ?? step.data, value: BigInt(step.value), nonce, gas: 2_000_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n, type: 'eip1559' });
}

async function submit(transferId: string, step: EvmStepJson, signed: Hex) {
  return api('POST', `/bridge/transfers/${transferId}/submit`, { signedTransaction: signed, step: step.step });
}

async function signAndLand(transferId: string, step: EvmStepJson): Promise<Hex> {
  const accepted = await submit(transferId, step, await sign(USER, step));
  expect(accepted.body, JSON.stringify(accepted.body)).toMatchObject({ accepted: true, verification: 'verified' });
  const receipt = await clients[step.chainId]!.waitForTransactionReceipt({ hash: accepted.body.txHash, pollingInterval: 50 });
  expect(receipt.status).toBe('success');
  return accepted.body.txHash as Hex;
}

/** Ticks the status worker until the transfer satisfies `done` (a cap on rounds, not a timed assertion). */
async function until(transferId: string, done: (t: TransferJson) => boolean): Promise<TransferJson> {
  const worker = createStatusWorker(strait.deps, { leaseMs: 1, batchSize: 50 });
  let last: unknown = null;
  for (let round = 0; round < 200; round++) {
    // The poll schedule follows the ETA (a week for a withdrawal): each round is made due at once.
    await updateTransfer(strait.deps.store.db, transferId, { nextPollAt: 0 }, Date.now());
    await worker.tick();
    const body = (await api('GET', `/bridge/transfers/${transferId}`)).body as TransferJson;
    last = body;
    if (done(body)) return body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`transfer ${transferId} never reached the awaited state: ${JSON.stringify(last)}; operator: ${operatorError} ${JSON.stringify(operator.progress(), (_, v) => (typeof v === 'bigint' ? v.toString() : v))} l1 ${await clients[1]!.getBlockNumber()}`);
}

async function quoteAndBuild(payload: Record<string, string>) {
  const quote = await api('POST', '/bridge/quote', { ...payload, amountAtomic: '5000000', sender: USER.address, recipient: USER.address });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  const row = quote.body.quotes.find((q: { venue: string }) => q.venue === 'opstack');
  expect(row, JSON.stringify(quote.body.rejected)).toBeDefined();
  const build = await api('POST', '/bridge/build', { decisionId: quote.body.decisionId, quoteId: row.quoteId });
  expect(build.status, JSON.stringify(build.body)).toBe(200);
  return { row, build: build.body as { transferId: string; steps: EvmStepJson[] } };
}

describe('OP Stack Standard Bridge on an anvil pair', () => {
  it('refuses native USDC on OP Mainnet as a destination: the bridge delivers USDC.e', async () => {
    const quote = await api('POST', '/bridge/quote', { fromChain: 'ethereum', toChain: 'optimism', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '5000000', sender: USER.address, recipient: USER.address });
    const rejection = (quote.body.rejected ?? []).find((r: { venue: string }) => r.venue === 'opstack');
    expect(rejection, JSON.stringify(quote.body)).toMatchObject({ code: 'token_not_supported' });
  });

  it('deposits USDC as USDC.e (COMPLETED), then withdraws it through prove and finalize (COMPLETED)', async () => {
    // Deposit: approve + depositERC20To on Ethereum; the sequencer relays it as a 0x7e transaction.
    const deposit = await quoteAndBuild({ fromChain: 'ethereum', toChain: 'optimism', fromToken: 'USDC', toToken: USDC_E });
    expect(deposit.row.claim).toBeUndefined();
    expect(deposit.build.steps.map((s) => s.step)).toEqual(['approve', 'main']);
    for (const step of deposit.build.steps) await signAndLand(deposit.build.transferId, step);
    const deposited = await until(deposit.build.transferId, (t) => t.status !== 'PENDING');
    expect(deposited).toMatchObject({ status: 'COMPLETED', receivedAmountAtomic: '5000000' });
    expect(await clients[10]!.readContract({ address: USDC_E, abi: erc20Abi, functionName: 'balanceOf', args: [USER.address] })).toBe(5_000_000n);
    const l2Deposit = await clients[10]!.getTransactionReceipt({ hash: deposited.destinationTxHash });
    expect(['deposit', '0x7e']).toContain(String(l2Deposit.type).toLowerCase());

    // Withdrawal: withdrawTo on OP Mainnet; the transfer carries a two-step claim on Ethereum.
    const withdrawal = await quoteAndBuild({ fromChain: 'optimism', toChain: 'ethereum', fromToken: USDC_E, toToken: 'USDC' });
    expect(withdrawal.row.claim).toEqual({ chain: 'ethereum', actions: ['prove', 'finalize'], signer: 'anyone' });
    const id = withdrawal.build.transferId;
    expect((await api('GET', `/bridge/transfers/${id}`)).body.claim).toMatchObject({ status: 'waiting', actions: ['prove', 'finalize'], steps: [] });
    expect(withdrawal.build.steps.map((s) => s.step)).toEqual(['main']);
    await signAndLand(id, withdrawal.build.steps[0]!);

    const ready = await until(id, (t) => t.claim?.status === 'ready');
    expect(ready).toMatchObject({ status: 'PENDING', substatus: 'claim_ready' });
    const prove = ready.claim!.steps[0]!;
    expect(prove).toMatchObject({ step: 'redeem', chainId: 1, to: OP.portal, value: '0' });
    const decoded = decodeFunctionData({ abi: portalAbi, data: prove.data });
    expect(decoded.functionName).toBe('proveWithdrawalTransaction');
    const tx = decoded.args[0] as WithdrawalTransaction;

    // Tampered redeems: another withdrawal, another recipient, another target. None is the built step.
    const otherWithdrawal = proveStep(OP, { ...tx, nonce: tx.nonce + 1n }, decoded.args[1] as bigint, decoded.args[2] as never, decoded.args[3] as Hex[]);
    const otherRecipient = proveStep(OP, { ...tx, data: tx.data.replaceAll(USER.address.slice(2).toLowerCase(), STRANGER.address.slice(2).toLowerCase()) as Hex }, decoded.args[1] as bigint, decoded.args[2] as never, decoded.args[3] as Hex[]);
    for (const tampered of [{ data: otherWithdrawal.data as Hex }, { data: otherRecipient.data as Hex }, { to: opStackChain('base')!.portal as Hex }]) {
      const refused = await submit(id, prove, await sign(USER, prove, tampered));
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.error.code).toBe('transaction_mismatch');
    }
    expect(opstackVenue.allowList!.redeemCalls![0]!.check!(otherRecipient.data as Hex, 0n, { sourceChainId: 10, sourceToken: USDC_E, amount: 5_000_000n, recipient: USER.address, destinationChainId: 1 })).toMatch(/not the recipient/);

    await signAndLand(id, prove);
    const proven = await until(id, (t) => t.claim?.status === 'waiting' && t.claim?.claimableAt !== null);
    expect(proven.claim!.detail).toMatch(/proven; waiting/);

    const finalReady = await until(id, (t) => t.claim?.status === 'ready');
    const finalize = finalReady.claim!.steps[0]!;
    expect(finalize.data).toBe(finalizeStep(OP, tx, USER.address).data);
    const before = await clients[1]!.readContract({ address: USDC_L1, abi: erc20Abi, functionName: 'balanceOf', args: [USER.address] });
    const finalizeHash = await signAndLand(id, finalize);
    const done = await until(id, (t) => t.status !== 'PENDING');
    expect(done).toMatchObject({ status: 'COMPLETED', receivedAmountAtomic: '5000000', claim: { status: 'claimed' } });
    expect(done.destinationTxHash).toBe(finalizeHash);
    const after = await clients[1]!.readContract({ address: USDC_L1, abi: erc20Abi, functionName: 'balanceOf', args: [USER.address] });
    expect(after - before).toBe(5_000_000n);
  }, 240_000);
});
