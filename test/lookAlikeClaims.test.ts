import { createPublicClient, decodeFunctionData, encodeFunctionData, erc20Abi, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagCalldata } from '../src/engine/tagCalldata.ts';
import { startSandbox, type RunningSandbox } from '../src/sandbox/startSandbox.ts';

/**
 * One on-chain transaction pays one step of one transfer, and anyone may create a transfer naming
 * any sender and submit any hash to it. Strait's own approve and ERC-20 fee steps end with the
 * transfer's id, so a stranger's look-alike transfer (same sender, amount, venue and referrer, his
 * own recipient) cannot claim the owner's broadcast transactions and block the owner's submit.
 */
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ STRAIT_RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(async () => {
  await sandbox?.stop();
});

async function api<T>(path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${sandbox.info.baseUrl}${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  return { status: response.status, body: (await response.json()) as T };
}

type Step = { vm: string; step: string; chainId: number; to: Address; data: Hex; value: string };
type Built = { transferId: string; steps: Step[] };
type Submitted = { accepted?: boolean; verification?: string; error?: { code: string; details?: { mismatches?: { field: string }[] } } };

describe("a look-alike transfer and the owner's approve and fee transactions", () => {
  it('refuses them to the look-alike as transaction_mismatch (data), by signed bytes and by hash, and accepts them for the owner', async () => {
    const victim = sandbox.info.accounts[3]!;
    const stranger = sandbox.info.accounts[4]!;
    const referrer = sandbox.info.accounts[5]!.address;
    const base = createPublicClient({ transport: http(sandbox.info.chains.base!.rpcUrl) });
    const buildFor = async (recipient: Address): Promise<Built> => {
      const quote = await api<{ decisionId: string; quotes: { venue: string; quoteId: string }[] }>('/bridge/quote', {
        fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: victim.address, recipient, referralWallet: referrer, referralBps: 10,
      });
      const row = quote.body.quotes.find((q) => q.venue === 'across');
      expect(row, JSON.stringify(quote.body)).toBeDefined();
      const build = await api<Built>('/bridge/build', { decisionId: quote.body.decisionId, quoteId: row!.quoteId });
      expect(build.status, JSON.stringify(build.body)).toBe(200);
      return build.body;
    };
    const t1 = await buildFor(victim.address);
    const t2 = await buildFor(stranger.address);
    const ofStep = (built: Built, kind: string) => built.steps.filter((s) => s.step === kind);
    expect(ofStep(t1, 'approve')).toHaveLength(1);
    expect(ofStep(t1, 'fee').length).toBeGreaterThan(0);

    // Each is the plain ERC-20 call with the transfer's 16 bytes after it, and only the tag tells T1's from T2's.
    for (const kind of ['approve', 'fee']) {
      for (const [mine, theirs] of ofStep(t1, kind).map((s, i) => [s, ofStep(t2, kind)[i]!] as const)) {
        const call = decodeFunctionData({ abi: erc20Abi, data: mine.data });
        const plain = encodeFunctionData({ abi: erc20Abi, functionName: call.functionName as 'approve' | 'transfer', args: call.args as [Address, bigint] });
        expect(mine.data).toBe(tagCalldata(plain, t1.transferId));
        expect(theirs.data).toBe(tagCalldata(plain, t2.transferId));
        expect({ ...theirs, data: null }).toEqual({ ...mine, data: null });
      }
    }

    const signer = privateKeyToAccount(victim.privateKey);
    let nonce = await base.getTransactionCount({ address: victim.address, blockTag: 'pending' });
    const sign = (step: Step) => signer.signTransaction({ chainId: step.chainId, to: step.to, data: step.data, value: BigInt(step.value), nonce: nonce++, gas: 200_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n, type: 'eip1559' });
    const refusedForData = (answer: { status: number; body: Submitted }) => {
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body.error?.code).toBe('transaction_mismatch');
      expect(answer.body.error?.details?.mismatches?.map((m) => m.field)).toEqual(['data']);
    };
    for (const step of [...ofStep(t1, 'approve'), ...ofStep(t1, 'fee')]) {
      const signed = await sign(step);
      // Signed bytes seen before broadcast: refused, and nothing is sent.
      refusedForData(await api<Submitted>(`/bridge/transfers/${t2.transferId}/submit`, { step: step.step, signedTransaction: signed }));
      // The owner's wallet broadcasts it; the stranger races its public hash to the look-alike.
      const txHash = await base.sendRawTransaction({ serializedTransaction: signed });
      expect((await base.waitForTransactionReceipt({ hash: txHash, pollingInterval: 50 })).status).toBe('success');
      refusedForData(await api<Submitted>(`/bridge/transfers/${t2.transferId}/submit`, { step: step.step, txHash }));
      const own = await api<Submitted>(`/bridge/transfers/${t1.transferId}/submit`, { step: step.step, txHash });
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      expect(own.body).toMatchObject({ accepted: true, verification: 'verified' });
    }
    const t2Claims = await api<{ steps?: unknown }>(`/bridge/transfers/${t2.transferId}`);
    expect(t2Claims.status).toBe(200);
    expect(JSON.stringify(t2Claims.body)).not.toContain('"verification":"verified"');
  });
});
