import { createPublicClient, decodeFunctionData, encodeFunctionData, erc20Abi, http, keccak256, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../src/sandbox/startSandbox.ts';
import type { SandboxAccount } from '../src/sandbox/startSandboxNetwork.ts';
import { SANDBOX_WORMHOLE_MESSAGE_FEE, sandboxWrappedUsdc } from '../src/sandbox/wormholeStandIns.ts';
import { tokenBridgeAbi, wormholeChain } from '../src/venues/wormhole/wormholeChains.ts';
import type { WormholeFake } from '../src/venues/wormhole/wormholeFake.ts';
import { parseTransferPayload, parseVaa } from '../src/venues/wormhole/wormholeVaa.ts';

/**
 * Wormhole Portal end to end on the sandbox's anvil chains: Base USDC to its Portal-wrapped asset on
 * arbitrum. quote → build (approve + transferTokens with the core bridge's message fee) → signed and
 * submitted → PENDING → the Wormholescan fake plays the guardians (signs the VAA with the sandbox
 * guardian key) → claim ready → the redeem (`completeTransfer(vaa)` at the real Token Bridge address,
 * a stand-in whose core bridge verifies the guardian signature) → signed, submitted, verified →
 * COMPLETED with the wrapped USDC minted. Tampered redeems are refused.
 */

const WRAPPED = sandboxWrappedUsdc('base', 'arbitrum');
const ARBITRUM_BRIDGE = wormholeChain('arbitrum')!.tokenBridge;

interface EvmStepJson { vm: 'evm'; step: string; chainId: number; to: Hex; data: Hex; value: string }
interface ClaimJson { status: string; chain: string; actions: string[]; signer: string; steps: EvmStepJson[]; txHash: string | null; reason: string }
interface TransferJson { transferId: string; status: string; substatus: string; claim: ClaimJson | null; receivedAmountAtomic: string | null; destinationTxHash: string | null }
interface QuoteJson { decisionId: string; quotes: { venue: string; quoteId: string; amountOutAtomic: string; claim?: unknown }[]; rejected: { venue: string; code: string; message?: string }[] }

let sandbox: RunningSandbox;
let clients: Record<string, PublicClient>;

beforeAll(async () => {
  sandbox = await startSandbox({ STRAIT_RATE_LIMIT_PER_MINUTE: '0' });
  clients = Object.fromEntries(Object.values(sandbox.info.chains).map((c) => [c.chainId, createPublicClient({ transport: http(c.rpcUrl) })]));
});
afterAll(async () => {
  await sandbox?.stop();
});

async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${sandbox.info.baseUrl}${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}

async function sign(account: SandboxAccount, step: EvmStepJson, change: { data?: Hex; to?: Hex } = {}): Promise<Hex> {
  const client = clients[step.chainId]!;
  const nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
  return privateKeyToAccount(account.privateKey).signTransaction({ chainId: step.chainId, to: change.to ?? step.to, data: change.data ?? step.data, value: BigInt(step.value), nonce, gas: 1_500_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n, type: 'eip1559' });
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

function completeTransferWith(vaa: Hex): Hex {
  return encodeFunctionData({ abi: tokenBridgeAbi, functionName: 'completeTransfer', args: [vaa] });
}

describe('Wormhole Portal: Base USDC → Portal-wrapped USDC on arbitrum, claimed with completeTransfer', () => {
  it('refuses native USDC as the destination: Portal delivers its wrapped asset', async () => {
    const user = sandbox.info.accounts[6]!;
    const quote = await api<QuoteJson>('POST', '/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: user.address, recipient: user.address });
    expect(quote.status).toBe(200);
    expect(quote.body.quotes.some((q) => q.venue === 'wormhole')).toBe(false);
    expect(quote.body.rejected.find((r) => r.venue === 'wormhole')).toMatchObject({ code: 'route_not_served' });
  });

  it('quotes, builds, tracks the claim, refuses tampered redeems, and completes when the signed redeem lands', async () => {
    const user = sandbox.info.accounts[6]!;
    const stranger = sandbox.info.accounts[7]!;
    const arbitrum = clients[42161]!;
    const before = await arbitrum.readContract({ address: WRAPPED, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] });

    const quote = await api<QuoteJson>('POST', '/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: WRAPPED, amountAtomic: '100000000', sender: user.address, recipient: user.address });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const row = quote.body.quotes.find((q) => q.venue === 'wormhole');
    expect(row, JSON.stringify(quote.body.rejected)).toBeDefined();
    expect(row!.claim).toEqual({ chain: 'arbitrum', actions: ['completeTransfer'], signer: 'anyone' });

    const build = await api<{ transferId: string; steps: EvmStepJson[]; nativeFeeAtomic: string }>('POST', '/bridge/build', { decisionId: quote.body.decisionId, quoteId: row!.quoteId });
    expect(build.status, JSON.stringify(build.body)).toBe(200);
    const main = build.body.steps.find((s) => s.step === 'main')!;
    expect(main.to).toBe(wormholeChain('base')!.tokenBridge);
    expect(decodeFunctionData({ abi: tokenBridgeAbi, data: main.data }).functionName).toBe('transferTokens');
    // The core bridge's message fee rides as the call's value.
    expect(BigInt(main.value)).toBe(SANDBOX_WORMHOLE_MESSAGE_FEE);
    expect(build.body.nativeFeeAtomic).toBe(SANDBOX_WORMHOLE_MESSAGE_FEE.toString());
    const transferId = build.body.transferId;

    const built = await until(transferId, () => true);
    expect(built.claim).toMatchObject({ status: 'waiting', chain: 'arbitrum', actions: ['completeTransfer'], signer: 'anyone', steps: [], txHash: null });

    for (const step of build.body.steps) {
      const accepted = await submitSigned(transferId, step, await sign(user, step));
      expect(accepted.body, JSON.stringify(accepted.body)).toMatchObject({ accepted: true, verification: 'verified' });
      await clients[step.chainId]!.waitForTransactionReceipt({ hash: accepted.body.txHash, pollingInterval: 50 });
    }

    const ready = await until(transferId, (t) => t.claim?.status === 'ready');
    expect(ready).toMatchObject({ status: 'PENDING', substatus: 'claim_ready' });
    expect(ready.claim?.steps).toHaveLength(1);
    const redeem = ready.claim!.steps[0]!;
    expect(redeem).toMatchObject({ vm: 'evm', step: 'redeem', chainId: 42161, to: ARBITRUM_BRIDGE, value: '0' });
    const signedVaa = decodeFunctionData({ abi: tokenBridgeAbi, data: redeem.data }).args[0] as Hex;
    const vaa = parseVaa(signedVaa);
    const payload = parseTransferPayload(vaa.payload);
    expect(payload).toMatchObject({ amount: BigInt(row!.amountOutAtomic), toChain: 23, tokenChain: 30, fee: 0n });

    // Another VAA signed by the same guardian (the fake's signer is the real one here): refused as a different call.
    const other = (sandbox.network.fake('wormhole') as unknown as WormholeFake).signed;
    expect(other.size).toBeGreaterThan(0);
    const otherAmount = completeTransferWith(signedVaa.replace(/(.{2})$/, (last: string) => (last === '00' ? '01' : '00')) as Hex);
    for (const tampered of [{ data: otherAmount }, { to: wormholeChain('base')!.tokenBridge }]) {
      const refused = await submitSigned(transferId, redeem, await sign(user, redeem, tampered));
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.error?.code).toBe('transaction_mismatch');
    }
    // Signed by someone who is neither the requester nor the recipient.
    const foreign = await submitSigned(transferId, redeem, await sign(stranger, redeem));
    expect(foreign.status).toBe(422);
    expect(foreign.body.error?.details?.mismatches?.map((m) => m.field)).toEqual(['signer']);

    const signed = await sign(user, redeem);
    const accepted = await submitSigned(transferId, redeem, signed);
    expect(accepted.body).toMatchObject({ accepted: true, verification: 'verified', txHash: keccak256(signed), status: 'PENDING' });
    const receipt = await arbitrum.waitForTransactionReceipt({ hash: accepted.body.txHash, pollingInterval: 50 });
    expect(receipt.status).toBe('success');

    const done = await until(transferId, (t) => t.status === 'COMPLETED');
    expect(done.claim).toMatchObject({ status: 'claimed', steps: [], txHash: accepted.body.txHash });
    expect(done.destinationTxHash).toBe(accepted.body.txHash);
    const after = await arbitrum.readContract({ address: WRAPPED, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] });
    expect(after - before).toBe(BigInt(row!.amountOutAtomic));
    expect(after - before).toBe(BigInt(done.receivedAmountAtomic!));

    // The same VAA again only reverts on chain: the Token Bridge marked its hash completed.
    const replay = await arbitrum.call({ account: stranger.address, to: ARBITRUM_BRIDGE, data: redeem.data }).catch((error: Error) => error);
    expect(String(replay)).toMatch(/transfer already completed/);
  });
});
