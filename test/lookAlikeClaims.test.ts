import { createPublicClient, decodeFunctionData, encodeFunctionData, erc20Abi, http, size, slice, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagCalldata } from '../src/engine/tagCalldata.ts';
import { TOKEN_MESSENGER_V2 } from '../src/venues/cctp/cctpChains.ts';
import { startSandbox, type RunningSandbox } from '../src/sandbox/startSandbox.ts';

/**
 * One on-chain transaction pays one step of one transfer, and anyone may create a transfer naming
 * any sender and submit any hash to it. Strait's own approve and ERC-20 fee steps, and the main
 * calls it encodes itself, end with the transfer's id (docs/steps.md#the-transfer-tag), so a
 * stranger's look-alike transfer (same sender, amount and venue) cannot claim the owner's broadcast
 * transactions and block the owner's submit.
 */
const OTHER_LEGS = ['across', 'relay', 'nearintents', 'lifi', 'squid', 'debridge', 'allbridge', 'meson'];
let sandbox: RunningSandbox;
beforeAll(async () => {
  // No platform fee: a main step is taken only once the fee steps are in, and the stranger cannot
  // pay his look-alike's; without them his race for the main reaches the calldata check. CCTP alone
  // carries base USDC to arbitrum, so it is the relayer route's leg.
  sandbox = await startSandbox({ STRAIT_RATE_LIMIT_PER_MINUTE: '0', STRAIT_FEE_TIERS: 'none', ...Object.fromEntries(OTHER_LEGS.map((id) => [`STRAIT_VENUE_${id.toUpperCase()}_ENABLED`, 'false'])) });
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

async function buildRow(body: Record<string, unknown>, venue: string): Promise<Built> {
  const quote = await api<{ decisionId: string; quotes: { venue: string; quoteId: string }[] }>('/bridge/quote', body);
  const row = quote.body.quotes.find((q) => q.venue === venue);
  expect(row, JSON.stringify(quote.body)).toBeDefined();
  const build = await api<Built>('/bridge/build', { decisionId: quote.body.decisionId, quoteId: row!.quoteId });
  expect(build.status, JSON.stringify(build.body)).toBe(200);
  return build.body;
}

const refusedForData = (answer: { status: number; body: Submitted }) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(answer.body.error?.code).toBe('transaction_mismatch');
  expect(answer.body.error?.details?.mismatches?.map((m) => m.field)).toEqual(['data']);
};

/** The account's signer for a chain, with its own nonce count. */
async function signerOf(account: { address: Address; privateKey: Hex }, rpcUrl: string) {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const key = privateKeyToAccount(account.privateKey);
  let nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
  const sign = (step: Step) => key.signTransaction({ chainId: step.chainId, to: step.to, data: step.data, value: BigInt(step.value), nonce: nonce++, gas: 500_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n, type: 'eip1559' });
  const broadcast = async (signed: Hex) => {
    const hash = await client.sendRawTransaction({ serializedTransaction: signed });
    expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success');
    return hash;
  };
  return { sign, broadcast };
}

/**
 * The owner's transaction for `step` of `mine`: its signed bytes and then its broadcast hash are
 * refused to the look-alike `theirs`, and the hash is accepted for the owner.
 */
async function raceAndOwn(wallet: Awaited<ReturnType<typeof signerOf>>, step: Step, mine: Built, theirs: Built): Promise<void> {
  const signed = await wallet.sign(step);
  refusedForData(await api<Submitted>(`/bridge/transfers/${theirs.transferId}/submit`, { step: step.step, signedTransaction: signed }));
  const txHash = await wallet.broadcast(signed);
  refusedForData(await api<Submitted>(`/bridge/transfers/${theirs.transferId}/submit`, { step: step.step, txHash }));
  const own = await api<Submitted>(`/bridge/transfers/${mine.transferId}/submit`, { step: step.step, txHash });
  expect(own.status, JSON.stringify(own.body)).toBe(200);
  expect(own.body).toMatchObject({ accepted: true, verification: 'verified' });
}

/** The step's calldata without the 16 bytes of its tag. */
const untagged = (step: Step): Hex => slice(step.data, 0, size(step.data) - 16);

describe('a look-alike transfer and the owner\'s transactions', () => {
  it('refuses the approve and the ERC-20 fee to the look-alike as transaction_mismatch (data), by signed bytes and by hash, and accepts them for the owner', async () => {
    const victim = sandbox.info.accounts[3]!;
    const stranger = sandbox.info.accounts[4]!;
    const referrer = sandbox.info.accounts[5]!.address;
    const buildFor = (recipient: Address) => buildRow({ fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: victim.address, recipient, referralWallet: referrer, referralBps: 10 }, 'cctp');
    const t1 = await buildFor(victim.address);
    const t2 = await buildFor(stranger.address);
    const ofStep = (built: Built, kind: string) => built.steps.filter((s) => s.step === kind);
    expect(ofStep(t1, 'approve')).toHaveLength(1);
    expect(ofStep(t1, 'fee')).toHaveLength(1);

    // Each is the plain ERC-20 call with the transfer's 16 bytes after it, and only the tag tells T1's from T2's.
    const owned = [...ofStep(t1, 'approve'), ...ofStep(t1, 'fee')];
    for (const [mine, theirs] of owned.map((s) => [s, ofStep(t2, s.step)[0]!] as const)) {
      const call = decodeFunctionData({ abi: erc20Abi, data: mine.data });
      const plain = encodeFunctionData({ abi: erc20Abi, functionName: call.functionName as 'approve' | 'transfer', args: call.args as [Address, bigint] });
      expect(mine.data).toBe(tagCalldata(plain, t1.transferId));
      expect(theirs.data).toBe(tagCalldata(plain, t2.transferId));
      expect({ ...theirs, data: null }).toEqual({ ...mine, data: null });
    }
    // CCTP's TokenMessenger spends the amount less the 10 bps referral share, which the fee step pays.
    expect(ofStep(t1, 'approve')[0]!.data).toBe(tagCalldata(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [TOKEN_MESSENGER_V2, 99_900_000n] }), t1.transferId));
    expect(ofStep(t1, 'fee')[0]!.data).toBe(tagCalldata(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [referrer, 100_000n] }), t1.transferId));

    const wallet = await signerOf(victim, sandbox.info.chains.base!.rpcUrl);
    for (const step of owned) await raceAndOwn(wallet, step, t1, t2);
  });

  it("refuses a CCTP burn Strait encoded to a look-alike naming the same recipient, and accepts it for the owner", async () => {
    const victim = sandbox.info.accounts[6]!;
    const build = () => buildRow({ fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '50000000', sender: victim.address, recipient: victim.address }, 'cctp');
    const t1 = await build();
    const t2 = await build();
    expect(t1.steps.map((s) => s.step)).toEqual(['approve', 'main']);
    const [main1, main2] = [t1, t2].map((t) => t.steps.find((s) => s.step === 'main')!);
    // The same depositForBurn for both, told apart by the tag alone.
    expect(untagged(main2!)).toBe(untagged(main1!));
    expect(main1!.data).toBe(tagCalldata(untagged(main1!), t1.transferId));
    expect(main2!.data).toBe(tagCalldata(untagged(main1!), t2.transferId));

    const wallet = await signerOf(victim, sandbox.info.chains.base!.rpcUrl);
    await raceAndOwn(wallet, t1.steps[0]!, t1, t2);
    await raceAndOwn(wallet, main1!, t1, t2);
  });

  it("refuses the leg of a relayer route to a look-alike naming another HyperCore account, and accepts it for the owner", async () => {
    const victim = sandbox.info.accounts[7]!;
    const stranger = sandbox.info.accounts[8]!;
    const buildFor = (recipient: Address) => buildRow({ fromChain: 'base', toChain: 'hypercore', fromToken: 'USDC', toToken: 'USDC (perps)', amountAtomic: '20000000', sender: victim.address, recipient }, 'hyperliquid');
    const t1 = await buildFor(victim.address);
    const t2 = await buildFor(stranger.address);
    const [main1, main2] = [t1, t2].map((t) => t.steps.find((s) => s.step === 'main')!);
    // The leg is CCTP's burn, minted to the relayer on arbitrum.
    expect(main1!.to).toBe(TOKEN_MESSENGER_V2);
    // The leg pays the relayer whoever the HyperCore account is: the same call but for the tag.
    expect(untagged(main2!)).toBe(untagged(main1!));
    expect(main1!.data).toBe(tagCalldata(untagged(main1!), t1.transferId));
    expect(main2!.data).toBe(tagCalldata(untagged(main1!), t2.transferId));

    const wallet = await signerOf(victim, sandbox.info.chains.base!.rpcUrl);
    for (const step of t1.steps) await raceAndOwn(wallet, step, t1, t2);
  });
});
