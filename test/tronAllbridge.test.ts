import { erc20Abi, createPublicClient, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { utils as tronUtils } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTronRpc } from '../src/chains/tron/createTronRpc.ts';
import { tronHexAddress } from '../src/chains/tron/tronAddress.ts';
import { decodeTronRawData } from '../src/chains/tron/tronRawData.ts';
import { startTronNodeStandIn, type TronNodeStandIn } from '../src/chains/tron/tronNodeStandIn.ts';
import type { Strait } from '../src/createStrait.ts';
import { SANDBOX_CHAIN_SPECS, startSandboxChain, type SandboxChain } from '../src/sandbox/sandboxChain.ts';
import { decodeSwapAndBridge } from '../src/venues/allbridge/allbridgeBridgeCalls.ts';
import { ALLBRIDGE_TRON } from '../src/venues/allbridge/allbridgeChains.ts';
import { startAllbridgeFake, type AllbridgeFake } from '../src/venues/allbridge/allbridgeFake.ts';
import { createChainSettlement } from '../src/venues/fake/FakeSettlement.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * Tron USDT → Arbitrum USDC through Allbridge Core, end to end: the Allbridge fake answers `/raw/bridge`
 * with a Tron transaction built on a local Tron node stand-in, Strait checks it and adds the exact
 * TRC-20 approve, the wallet signs both with TronWeb, submit verifies raw data and signer before the
 * node (which checks signatures, reference blocks, expiry and balances) executes them, and the
 * worker tracks the transfer to COMPLETED once the fake has paid the recipient on a local Arbitrum.
 */

const USER_KEY = '5f1c2d3e4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';
const OTHER_KEY = '1f1c2d3e4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f1';
const USER = tronUtils.address.fromPrivateKey(USER_KEY) as string;
const SOLVER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const RECIPIENT: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ARB_USDC: Address = SANDBOX_CHAIN_SPECS.arbitrum.usdc as Address;
const AMOUNT = 20_000_000n;
const RELAYER_FEE_SUN = 2_000_000n;

let node: TronNodeStandIn;
let arbitrum: SandboxChain;
let fake: AllbridgeFake;
let strait: Strait;

beforeAll(async () => {
  node = await startTronNodeStandIn();
  node.setTrxBalance(tronHexAddress(USER)!, 100_000_000n);
  node.setTokenBalance(tronHexAddress(USDT)!, tronHexAddress(USER)!, 50_000_000n);
  // The bridge's side of swapAndBridge: it takes the amount through the user's allowance.
  node.setContract(tronHexAddress(ALLBRIDGE_TRON.bridge)!, (call) => {
    const decoded = decodeSwapAndBridge(`0x${call.data}`);
    return typeof decoded !== 'string' && call.pullToken(tronHexAddress(USDT)!, call.owner, decoded.amount);
  });
  arbitrum = await startSandboxChain(SANDBOX_CHAIN_SPECS.arbitrum, { accounts: [privateKeyToAccount(SOLVER_KEY).address], usdcPerAccount: 1_000_000_000n, liquidity: 0n });
  fake = await startAllbridgeFake({ settlement: createChainSettlement({ 42161: arbitrum.rpcUrl }, SOLVER_KEY), tronNode: createTronRpc(node.url), nativeFee: RELAYER_FEE_SUN });
  strait = await createTestStrait({ STRAIT_VENUE_ALLBRIDGE_BASE_URL: fake.url, STRAIT_RPC_TRON: node.url, STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_PRICES_FIXED: 'TRX=0.25,ETH=3000,USDT=1,USDC=1' });
}, 120_000);

afterAll(async () => {
  await strait?.close();
  await fake?.close();
  await arbitrum?.stop();
  await node?.close();
});

type TronStepView = { vm: 'tron'; step: string; txID: string; rawDataHex: string; contractAddress: string | null; callValue: string };

const post = async <T>(url: string, payload: object) => {
  const response = await strait.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() as T };
};

async function build(): Promise<{ transferId: string; steps: TronStepView[] }> {
  const quote = await post<{ decisionId: string; best: { venue: string; executable: boolean } | null }>('/v1/bridge/quote', { fromChain: 'tron', toChain: 'arbitrum', fromToken: 'USDT', toToken: 'USDC', amountAtomic: AMOUNT.toString(), sender: USER, recipient: RECIPIENT });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  expect(quote.body.best).toMatchObject({ venue: 'allbridge', executable: true });
  const built = await post<{ transferId: string; steps: TronStepView[]; nativeFeeAtomic: string }>('/v1/bridge/build', { decisionId: quote.body.decisionId });
  expect(built.status, JSON.stringify(built.body)).toBe(200);
  expect(built.body.nativeFeeAtomic).toBe(RELAYER_FEE_SUN.toString());
  return built.body;
}

/** What a TronWeb wallet does with a step: sign its txID, hand back the signed object as JSON. */
function sign(step: TronStepView, key = USER_KEY): string {
  return JSON.stringify(tronUtils.crypto.signTransaction(key, { visible: false, txID: step.txID, raw_data_hex: step.rawDataHex }));
}

const submit = (transferId: string, body: object) => post<{ status: string; txHash: string; accepted: boolean; verification: string | null; error?: { code: string; details?: { mismatches?: { field: string }[] } } }>(`/v1/bridge/transfers/${transferId}/submit`, body);

describe('Tron USDT to Arbitrum USDC through Allbridge Core', () => {
  it('builds an exact approve and the checked bridge call, signs with TronWeb, and tracks the transfer to COMPLETED', async () => {
    const { transferId, steps } = await build();
    expect(steps.map((s) => [s.vm, s.step])).toEqual([['tron', 'approve'], ['tron', 'main']]);
    const [approve, main] = steps as [TronStepView, TronStepView];
    expect(main.contractAddress).toBe(ALLBRIDGE_TRON.bridge);
    expect(main.callValue).toBe(RELAYER_FEE_SUN.toString());
    expect(approve.contractAddress).toBe(USDT);
    const approveRaw = decodeTronRawData(approve.rawDataHex);
    expect(approveRaw.contract.type === 'TriggerSmartContract' && approveRaw.contract.data.slice(-64)).toBe(AMOUNT.toString(16).padStart(64, '0'));
    // Both carry the node's newest block and the build's deadline, not the venue's 60 seconds.
    expect(decodeTronRawData(main.rawDataHex).expiration).toBeGreaterThan(Date.now() + 5 * 60_000);

    const approved = await submit(transferId, { step: 'approve', signedTransaction: sign(approve) });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(node.allowance(tronHexAddress(USDT)!, tronHexAddress(USER)!, tronHexAddress(ALLBRIDGE_TRON.bridge)!)).toBe(AMOUNT);

    const sent = await submit(transferId, { step: 'main', signedTransaction: sign(main) });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ status: 'SUBMITTED', txHash: main.txID, accepted: true, verification: 'verified' });
    expect(node.tokenBalance(tronHexAddress(USDT)!, tronHexAddress(USER)!)).toBe(50_000_000n - AMOUNT);

    // A repeat (bytes or hash) answers the transaction on record.
    const again = await submit(transferId, { step: 'main', txHash: main.txID });
    expect(again.body).toMatchObject({ accepted: false, txHash: main.txID });

    await strait.worker.tick();
    const view = await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${transferId}` });
    expect(view.json()).toMatchObject({ status: 'COMPLETED', sourceTxHash: main.txID });
    const client = createPublicClient({ transport: http(arbitrum.rpcUrl) });
    expect(await client.readContract({ address: ARB_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [RECIPIENT] })).toBe((AMOUNT * 9_985n) / 10_000n);
  }, 60_000);

  it('refuses a changed transaction with the fields that differ, and another signer, before anything reaches the node', async () => {
    const { transferId, steps } = await build();
    const main = steps.find((s) => s.step === 'main')!;
    const signed = JSON.parse(sign(main)) as { raw_data_hex: string; signature: string[]; txID: string };
    const raw = decodeTronRawData(main.rawDataHex);
    const { encodeTronRawData, tronTxId } = await import('../src/chains/tron/tronRawData.ts');
    const richer = encodeTronRawData({ ...raw, feeLimit: raw.feeLimit + 1n, expiration: raw.expiration + 1 });
    const tampered = await submit(transferId, { step: 'main', signedTransaction: JSON.stringify(tronUtils.crypto.signTransaction(USER_KEY, { txID: tronTxId(richer), raw_data_hex: richer })) });
    expect(tampered.status).toBe(422);
    expect(tampered.body.error?.code).toBe('transaction_mismatch');
    expect(tampered.body.error?.details?.mismatches?.map((m) => m.field)).toEqual(['expiration', 'fee_limit']);
    const stranger = await submit(transferId, { step: 'main', signedTransaction: sign(main, OTHER_KEY) });
    expect(stranger.status).toBe(422);
    expect(stranger.body.error?.details?.mismatches?.map((m) => m.field)).toEqual(['signer']);
    const refusalsBefore = node.refusals.length;
    const noSignature = await submit(transferId, { step: 'main', signedTransaction: JSON.stringify({ ...signed, signature: [] }) });
    expect(noSignature.status).toBe(400);
    expect(noSignature.body.error?.code).toBe('invalid_signed_transaction');
    expect(node.refusals.length).toBe(refusalsBefore);
    const view = await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${transferId}` });
    expect(view.json()).toMatchObject({ status: 'PENDING_SIGNATURE' });
  }, 60_000);

  it('refuses a venue answer that pays another recipient or calls another contract (502, nothing built)', async () => {
    for (const tamper of [{ recipient: `0x${'0'.repeat(24)}${'33'.repeat(20)}` as const }, { to: 'TWU3j4etqPT4zSwABPrgmak3uXFSkxpPwM' as Address }, { value: RELAYER_FEE_SUN + 1n }]) {
      fake.setOptions({ settlement: createChainSettlement({ 42161: arbitrum.rpcUrl }, SOLVER_KEY), tronNode: createTronRpc(node.url), nativeFee: RELAYER_FEE_SUN, tamper });
      const quote = await post<{ decisionId: string }>('/v1/bridge/quote', { fromChain: 'tron', toChain: 'arbitrum', fromToken: 'USDT', toToken: 'USDC', amountAtomic: AMOUNT.toString(), sender: USER, recipient: RECIPIENT });
      const built = await post<{ error?: { code: string } }>('/v1/bridge/build', { decisionId: quote.body.decisionId });
      expect(built.status, JSON.stringify(tamper, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))).toBe(502);
      expect(built.body.error?.code).toBe('unsafe_venue_answer');
    }
    fake.setOptions({ settlement: createChainSettlement({ 42161: arbitrum.rpcUrl }, SOLVER_KEY), tronNode: createTronRpc(node.url), nativeFee: RELAYER_FEE_SUN });
  }, 60_000);

  it('lets the owner take the step over from a stranger\'s hash, answers a node refusal typed with nothing recorded, and fails a reverted main', async () => {
    const { transferId, steps } = await build();
    const main = steps.find((s) => s.step === 'main')!;
    // Anyone holding the transfer id may submit: a hash no node has seen holds the step only provisionally.
    const stranger = await submit(transferId, { step: 'main', txHash: 'cd'.repeat(32) });
    expect(stranger.body).toMatchObject({ accepted: true, verification: 'pending' });
    // The owner's TRX cannot pay the relayer fee: the node refuses, the provisional claim holds again.
    const trx = node.trxBalance(tronHexAddress(USER)!);
    node.setTrxBalance(tronHexAddress(USER)!, 1n);
    const poor = await submit(transferId, { step: 'main', signedTransaction: sign(main) });
    expect(poor.status).toBe(422);
    expect(poor.body.error?.code).toBe('insufficient_funds');
    node.setTrxBalance(tronHexAddress(USER)!, trx);
    // No approve was sent: the bridge cannot pull the USDT, so the call reverts on chain.
    const sent = await submit(transferId, { step: 'main', signedTransaction: sign(main) });
    expect(sent.body).toMatchObject({ accepted: true, txHash: main.txID, verification: 'verified', status: 'SUBMITTED' });
    await strait.worker.tick();
    const view = await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${transferId}` });
    expect(view.json()).toMatchObject({ status: 'FAILED', sourceTxHash: main.txID });
    expect((view.json() as { statusDetail: string }).statusDetail).toMatch(/REVERT/);
  }, 60_000);

  it('takes transactions the wallet broadcast itself by txID, a main not yet on chain as pending until the worker finds and verifies it', async () => {
    const { transferId, steps } = await build();
    const [approve, main] = steps as [TronStepView, TronStepView];
    const tron = createTronRpc(node.url);
    const { tronRawDataJson } = await import('../src/chains/tron/tronRawData.ts');
    const broadcast = (step: TronStepView) => tron.broadcast({ ...(JSON.parse(sign(step)) as Record<string, unknown>), raw_data: tronRawDataJson(decodeTronRawData(step.rawDataHex)) });
    await broadcast(approve);
    expect((await submit(transferId, { step: 'approve', txHash: approve.txID.toUpperCase() })).body).toMatchObject({ accepted: true, verification: 'verified', txHash: approve.txID });
    // Submitted before the node has it: a provisional claim, checked again by the worker.
    expect((await submit(transferId, { step: 'main', txHash: main.txID })).body).toMatchObject({ accepted: true, verification: 'pending', status: 'SUBMITTED' });
    await broadcast(main);
    await strait.worker.tick();
    const view = await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${transferId}` });
    expect(view.json()).toMatchObject({ status: 'COMPLETED', sourceTxVerification: 'verified' });
  }, 60_000);

  it("refuses the owner's broadcast approve to a look-alike transfer without a tag: the build's timestamp makes the raw data its own", async () => {
    const mine = await build();
    const theirs = await build();
    const [approve, other] = [mine, theirs].map((b) => b.steps.find((s) => s.step === 'approve')!);
    // The same TRC-20 approve of the same spender and amount, in raw data stamped at each build.
    const [ownRaw, otherRaw] = [approve!, other!].map((s) => decodeTronRawData(s.rawDataHex));
    expect(otherRaw!.contract).toEqual(ownRaw!.contract);
    expect(otherRaw!.timestamp).not.toBe(ownRaw!.timestamp);
    expect(other!.txID).not.toBe(approve!.txID);

    const tron = createTronRpc(node.url);
    const { tronRawDataJson } = await import('../src/chains/tron/tronRawData.ts');
    await tron.broadcast({ ...(JSON.parse(sign(approve!)) as Record<string, unknown>), raw_data: tronRawDataJson(ownRaw!) });
    const raced = await submit(theirs.transferId, { step: 'approve', txHash: approve!.txID });
    expect(raced.status, JSON.stringify(raced.body)).toBe(422);
    expect(raced.body.error?.code).toBe('transaction_mismatch');
    expect(raced.body.error?.details?.mismatches?.map((m) => m.field)).toContain('timestamp');
    expect((await submit(mine.transferId, { step: 'approve', txHash: approve!.txID })).body).toMatchObject({ accepted: true, verification: 'verified' });
  }, 60_000);

  it('reads the standing TRC-20 allowance: none needed when it covers the amount, a reset to zero first when it falls short', async () => {
    const [usdt, user, bridge] = [tronHexAddress(USDT)!, tronHexAddress(USER)!, tronHexAddress(ALLBRIDGE_TRON.bridge)!];
    node.setAllowance(usdt, user, bridge, AMOUNT);
    expect((await build()).steps.map((s) => s.step)).toEqual(['main']);
    node.setAllowance(usdt, user, bridge, AMOUNT - 1n);
    const short = await build();
    expect(short.steps.map((s) => s.step)).toEqual(['approve', 'approve', 'main']);
    const amountOf = (step: TronStepView) => BigInt(`0x${(decodeTronRawData(step.rawDataHex).contract as { data: string }).data.slice(-64)}`);
    expect(short.steps.slice(0, 2).map(amountOf)).toEqual([0n, AMOUNT]);
    node.setAllowance(usdt, user, bridge, 0n);
  }, 60_000);
});
