import { readFileSync } from 'node:fs';
import { address } from '@solana/kit';
import { LiteSVM, TransactionMetadata } from 'litesvm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLitesvmRpcFake, type LitesvmRpcFake } from '../src/chains/svm/litesvmRpcFake.ts';
import { editableMessageOf, editWithKit, setUpTransferScenario, signMessage, toBase64, type TransferScenario } from '../src/chains/svm/svmTestTransactions.ts';
import type { Strait } from '../src/createStrait.ts';
import { DLN_SOLANA_SOURCE } from '../src/venues/debridge/debridgeChains.ts';
import { startDebridgeFake, type DebridgeFake } from '../src/venues/debridge/debridgeFake.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * A Solana-source transfer through the real deBridge module (issue #16): its loopback fake answers
 * `create-tx` for `srcChainId=7565164` with a hex VersionedTransaction placing a DlnSource order,
 * the adapter checks the order against the quote and the transfer, build hands it out, a wallet key
 * signs it, and submit verifies it instruction by instruction and broadcasts it to litesvm, where a
 * stand-in program answers at DlnSource's real id (test/fixtures/svm). A transaction whose order pays
 * someone else is refused at build (the fake lies) and at submit (the wallet's bytes are changed),
 * and the transfer is then tracked through deBridge's order status.
 */

const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const EVIL = '0x00000000000000000000000000000000000bad00';
const AMOUNT = 25_000_000n;

let svm: LiteSVM;
let scenario: TransferScenario;
let rpc: LitesvmRpcFake;
let fake: DebridgeFake;
let strait: Strait;

beforeAll(async () => {
  svm = new LiteSVM();
  svm.addProgram(address(DLN_SOLANA_SOURCE), readFileSync(new URL('./fixtures/svm/spl_example_logging.so', import.meta.url)));
  scenario = setUpTransferScenario(svm);
  rpc = await startLitesvmRpcFake(svm);
  fake = await startDebridgeFake();
  strait = await createTestStrait({ STRAIT_RPC_SOLANA: rpc.url, STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_VENUE_DEBRIDGE_BASE_URL: fake.url });
});
afterAll(async () => {
  await strait?.close();
  await fake?.close();
  await rpc?.close();
});

const post = async <T>(url: string, payload: object) => {
  const response = await strait.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() as T };
};

interface Built {
  transferId: string;
  venue: string;
  nativeFeeAtomic: string;
  steps: { vm: string; step: string; serializedTx: string; encoding: string; refreshBlockhash: boolean }[];
  error?: { code: string; message: string };
}

async function build(fromToken = 'USDC', toToken = 'USDC', amount = AMOUNT): Promise<{ status: number; body: Built }> {
  const quote = await post<{ decisionId: string; best: { venue: string; executable: boolean } | null; rejected: unknown }>('/v1/bridge/quote', {
    fromChain: 'solana', toChain: 'base', fromToken, toToken, amountAtomic: amount.toString(), sender: scenario.user.address, recipient: RECIPIENT,
  });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  expect(quote.body.best, JSON.stringify(quote.body.rejected)).toMatchObject({ venue: 'debridge', executable: true });
  return post<Built>('/v1/bridge/build', { decisionId: quote.body.decisionId });
}

/** What a wallet does with the step: a compute budget, the fresh blockhash it asks for, the signature. */
function walletSigns(serializedTx: string): string {
  svm.expireBlockhash();
  const edited = editWithKit(Buffer.from(serializedTx, 'base64'), scenario, { unitLimit: 400_000, unitPrice: 5_000n, blockhash: String(svm.latestBlockhash()) });
  return toBase64(signMessage(edited, [scenario.user]));
}

describe('deBridge from Solana, executed on litesvm', () => {
  it('builds the DlnSource order as an svm step, broadcasts the signed transaction after checking it, and tracks the order', async () => {
    fake.setOptions({ status: 'ClaimedUnlock' });
    const { status, body } = await build();
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.venue).toBe('debridge');
    expect(body.steps).toHaveLength(1);
    expect(body.steps[0]).toMatchObject({ vm: 'svm', step: 'main', encoding: 'base64', refreshBlockhash: true });
    // The USDC order pays deBridge's flat fee in SOL beside it.
    expect(body.nativeFeeAtomic).toBe('15000000');
    const sends = rpc.sendTransactionCalls;
    const signed = walletSigns(body.steps[0]!.serializedTx);
    const submit = await post<{ accepted: boolean; verification: string; status: string; txHash: string }>(`/v1/bridge/transfers/${body.transferId}/submit`, { step: 'main', signedTransaction: signed });
    expect(submit.status, JSON.stringify(submit.body)).toBe(200);
    expect(submit.body).toMatchObject({ accepted: true, verification: 'verified', status: 'SUBMITTED' });
    expect(rpc.sendTransactionCalls).toBe(sends + 1);
    // It ran on the chain: the stand-in at DlnSource's id was invoked with the order and logged it.
    const landed = svm.getTransaction(submit.body.txHash as Parameters<LiteSVM['getTransaction']>[0]);
    expect(landed).toBeInstanceOf(TransactionMetadata);
    const logs = (landed as TransactionMetadata).logs();
    // (getTransaction answers TransactionMetadata only for a transaction that succeeded.)
    expect(logs).toContain(`Program ${DLN_SOLANA_SOURCE} invoke [1]`);
    expect(logs).toContain('Program log: static string');
    await strait.worker.tick();
    const transfer = (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${body.transferId}` })).json() as { status: string };
    expect(transfer.status).toBe('COMPLETED');
  });

  it('builds a SOL order giving the amount less the flat fee', async () => {
    fake.setOptions({});
    const { status, body } = await build('SOL', 'ETH', 2_000_000_000n);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.nativeFeeAtomic).toBe('0');
    const submit = await post<{ accepted: boolean; verification: string }>(`/v1/bridge/transfers/${body.transferId}/submit`, { step: 'main', signedTransaction: walletSigns(body.steps[0]!.serializedTx) });
    expect(submit.body).toMatchObject({ accepted: true, verification: 'verified' });
  });

  it.each([
    ['pays another receiver', { receiverDst: EVIL as `0x${string}` }, 'pays'],
    ['names another destination authority', { orderAuthorityAddressDst: EVIL as `0x${string}` }, 'destination authority'],
    ['places the order for another chain', { takeChainId: 42161n }, 'deBridge chain 42161'],
    ['gives another amount', { giveAmount: AMOUNT - 1n }, 'gives'],
    ['attaches a hook', { externalCall: '0x1234' as `0x${string}` }, 'hook'],
  ])('refuses at build a transaction whose order %s (502, nothing built)', async (_name, tamper, message) => {
    fake.setOptions({ tamper });
    try {
      const { status, body } = await build();
      expect(status).toBe(502);
      expect(body.error).toMatchObject({ code: expect.stringMatching(/unsafe_venue_answer|venue_bad_response|venue_unavailable/), message: expect.stringContaining(message) });
    } finally {
      fake.setOptions({});
    }
  });

  it('refuses at build a transaction someone else pays for', async () => {
    fake.setOptions({ tamper: { solanaFeePayer: scenario.attacker.address } });
    try {
      const { status, body } = await build();
      expect(status).toBe(502);
      expect(body.error?.message).toContain('not by the sender');
    } finally {
      fake.setOptions({});
    }
  });

  it('refuses signed bytes whose order pays someone else, and broadcasts nothing', async () => {
    fake.setOptions({});
    const { body } = await build();
    const message = editableMessageOf(Buffer.from(body.steps[0]!.serializedTx, 'base64'));
    const dlnIndex = message.staticAccounts.indexOf(DLN_SOLANA_SOURCE);
    const order = message.instructions.find((ix) => ix.program === dlnIndex)!;
    const receiverAt = Buffer.from(order.data).indexOf(Buffer.from(RECIPIENT.slice(2), 'hex'));
    expect(receiverAt).toBeGreaterThan(0);
    order.data.set(Buffer.from(EVIL.slice(2), 'hex'), receiverAt);
    const sends = rpc.sendTransactionCalls;
    const submit = await post<{ error: { code: string } }>(`/v1/bridge/transfers/${body.transferId}/submit`, { step: 'main', signedTransaction: toBase64(signMessage(message, [scenario.user])) });
    expect(submit.status).toBe(422);
    expect(submit.body.error.code).toBe('transaction_mismatch');
    expect(rpc.sendTransactionCalls).toBe(sends);
  });
});

describe('deBridge from Solana with a referrer: the cut merged into the order transaction', () => {
  let withFees: Strait;
  const referrer = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
  beforeAll(async () => {
    withFees = await createTestStrait({ STRAIT_RPC_SOLANA: rpc.url, STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_VENUE_DEBRIDGE_BASE_URL: fake.url, STRAIT_FEE_WALLET_SOLANA: scenario.feeWallet });
  });
  afterAll(async () => {
    await withFees?.close();
  });

  it('orders what is left after the cut, appends the referral transfer, and both pass the checks and run in one signature', async () => {
    fake.setOptions({});
    const inject = async <T>(url: string, payload: object) => {
      const response = await withFees.app.inject({ method: 'POST', url, payload });
      return { status: response.statusCode, body: response.json() as T };
    };
    const quote = await inject<{ decisionId: string; best: { venue: string } | null; fees: { referral: { amountAtomic: string } | null } }>('/v1/bridge/quote', {
      fromChain: 'solana', toChain: 'base', fromToken: null, toToken: null, amountAtomic: '2000000000', sender: scenario.user.address, recipient: RECIPIENT, referralWallet: referrer, referralBps: 10,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.best?.venue).toBe('debridge');
    const referral = BigInt(quote.body.fees.referral?.amountAtomic ?? '0');
    expect(referral).toBe(2_000_000n);
    const built = await inject<{ transferId: string; feeCapture: string; referralCapture: string; steps: { step: string; serializedTx: string }[] }>('/v1/bridge/build', { decisionId: quote.body.decisionId });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    expect(built.body).toMatchObject({ referralCapture: 'merged' });
    expect(built.body.steps.map((s) => s.step)).toEqual(['main']);
    const before = svm.getBalance(address(referrer)) ?? 0n;
    const submit = await inject<{ accepted: boolean; verification: string }>(`/v1/bridge/transfers/${built.body.transferId}/submit`, { step: 'main', signedTransaction: walletSigns(built.body.steps[0]!.serializedTx) });
    expect(submit.body, JSON.stringify(submit.body)).toMatchObject({ accepted: true, verification: 'verified' });
    expect((svm.getBalance(address(referrer)) ?? 0n) - before).toBe(referral);
  });
});
