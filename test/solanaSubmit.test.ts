import { address } from '@solana/kit';
import { LiteSVM } from 'litesvm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLitesvmRpcFake, type LitesvmRpcFake } from '../src/chains/svm/litesvmRpcFake.ts';
import { buildTransferTransaction, cloneMessage, editWithKit, editableMessageOf, setUpTransferScenario, signMessage, toBase64, tokenBalance, type TransferScenario } from '../src/chains/svm/svmTestTransactions.ts';
import type { Strait } from '../src/createStrait.ts';
import type { StepsPlan, Venue } from '../src/venues/Venue.ts';
import type { VenueStandIn } from '../src/venues/VenueModule.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * A Solana source end to end: a venue builds a versioned transaction, build hands it out as base64
 * with `refreshBlockhash`, the wallet adds compute budget and a fresh blockhash and signs, and submit
 * verifies every built instruction before broadcasting to a real SVM (litesvm behind JSON-RPC).
 */

const RECIPIENT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const AMOUNT = 25_000_000n;

let svm: LiteSVM;
/** When set, the venue double answers with a transaction invoking this program instead of Memo. */
let foreignProgram: string | null = null;
/** When set, the venue double compiles its transaction with an address lookup table. */
let withLookupTable = false;
let scenario: TransferScenario;
let rpc: LitesvmRpcFake;
let strait: Strait;

const venue: VenueStandIn = {
  id: 'debridge',
  defaultBaseUrl: 'http://127.0.0.1:1',
  // A double that answers with a Solana transaction, as deBridge does for a Solana source (the real
  // module does not build those yet: docs/venues/debridge.md).
  capabilities: { executionShapes: ['svm_serialized'] },
  create(): Venue {
    return {
      id: 'debridge',
      supports: () => ({ served: true }),
      coverage: () => ({ origins: ['solana'], tokenSymbols: () => ['USDC'] }),
      quote: async (r) => ({ amountIn: r.amountIn, amountOut: r.amountIn - 10_000n, minAmountOut: r.amountIn - 20_000n, estimatedSeconds: 5, expiresAt: null, context: {} }),
      build: async ({ quote }): Promise<StepsPlan> => {
        let wire = buildTransferTransaction(scenario, { version: 0, useLookupTable: withLookupTable, amount: AMOUNT, feeLamports: 5_000n, memo: 'strait-order-1', blockhash: String(svm.latestBlockhash()), priceMicroLamports: 1_000n });
        if (foreignProgram !== null) {
          const message = editableMessageOf(wire);
          message.staticAccounts[message.staticAccounts.indexOf('Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo')] = foreignProgram;
          wire = signMessage(message, []);
        }
        return { shape: 'steps', steps: [{ vm: 'svm', step: 'main', serializedTx: toBase64(wire), encoding: 'base64', refreshBlockhash: true }], approval: null, amountOut: quote.amountOut, minAmountOut: quote.minAmountOut, context: {} };
      },
      status: async () => ({ state: 'pending', venueStatus: 'pending', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: null }),
    };
  },
};

beforeAll(async () => {
  svm = new LiteSVM();
  scenario = setUpTransferScenario(svm);
  rpc = await startLitesvmRpcFake(svm);
  strait = await createTestStrait({ STRAIT_RPC_SOLANA: rpc.url, STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_VENUE_DEBRIDGE_ENABLED: 'true' }, [venue]);
});
afterAll(async () => {
  await strait?.close();
  await rpc?.close();
});

const post = async <T>(url: string, payload: object) => {
  const response = await strait.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() as T };
};

async function build(): Promise<{ transferId: string; step: { vm: string; serializedTx: string; encoding: string; refreshBlockhash: boolean } }> {
  const quote = await post<{ decisionId: string; best: { venue: string; executable: boolean } | null }>('/v1/bridge/quote', { fromChain: 'solana', toChain: 'base', fromToken: 'USDC', toToken: 'USDC', amountAtomic: AMOUNT.toString(), sender: scenario.user.address, recipient: RECIPIENT });
  expect(quote.body.best).toMatchObject({ venue: 'debridge', executable: true });
  const built = await post<{ transferId: string; steps: { vm: string; serializedTx: string; encoding: string; refreshBlockhash: boolean }[] }>('/v1/bridge/build', { decisionId: quote.body.decisionId });
  expect(built.status, JSON.stringify(built.body)).toBe(200);
  return { transferId: built.body.transferId, step: built.body.steps[0]! };
}

/** What a wallet does: add a compute budget, set a fresh blockhash (the step asks for it), sign. */
function walletSigns(serializedTx: string): string {
  svm.expireBlockhash();
  const edited = editWithKit(Buffer.from(serializedTx, 'base64'), scenario, { unitLimit: 200_000, unitPrice: 5_000n, blockhash: String(svm.latestBlockhash()) });
  return toBase64(signMessage(edited, [scenario.user]));
}

describe('Solana source', () => {
  it('builds a base64 versioned transaction with refreshBlockhash, and broadcasts the wallet-signed bytes after checking them', async () => {
    const { transferId, step } = await build();
    expect(step).toMatchObject({ vm: 'svm', encoding: 'base64', refreshBlockhash: true });
    const deposited = tokenBalance(svm, scenario.depositTokenAccount);
    const sends = rpc.sendTransactionCalls;
    const signed = walletSigns(step.serializedTx);
    const submit = await post<{ accepted: boolean; verification: string; status: string; txHash: string }>(`/v1/bridge/transfers/${transferId}/submit`, { step: 'main', signedTransaction: signed });
    expect(submit.status, JSON.stringify(submit.body)).toBe(200);
    expect(submit.body).toMatchObject({ accepted: true, verification: 'verified', status: 'SUBMITTED' });
    expect(rpc.sendTransactionCalls).toBe(sends + 1);
    expect(tokenBalance(svm, scenario.depositTokenAccount) - deposited).toBe(AMOUNT);
    const again = await post<{ accepted: boolean; txHash: string }>(`/v1/bridge/transfers/${transferId}/submit`, { step: 'main', signedTransaction: signed });
    expect(again.body).toMatchObject({ accepted: false, txHash: submit.body.txHash });
    expect(rpc.sendTransactionCalls).toBe(sends + 1);
  });

  it('refuses bytes that redirect the transfer, and broadcasts nothing', async () => {
    const { transferId, step } = await build();
    const message = editableMessageOf(Buffer.from(step.serializedTx, 'base64'));
    const tampered = cloneMessage(message);
    // Swap the venue's deposit account for the attacker's key in the static account list.
    const index = tampered.staticAccounts.indexOf(scenario.depositTokenAccount);
    expect(index).toBeGreaterThan(0);
    tampered.staticAccounts[index] = scenario.attacker.address;
    const sends = rpc.sendTransactionCalls;
    const submit = await post<{ error: { code: string; details: { mismatches: { field: string }[] } } }>(`/v1/bridge/transfers/${transferId}/submit`, { step: 'main', signedTransaction: toBase64(signMessage(tampered, [scenario.user])) });
    expect(submit.status).toBe(422);
    expect(submit.body.error.code).toBe('transaction_mismatch');
    expect(rpc.sendTransactionCalls).toBe(sends);
    const transfer = (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${transferId}` })).json() as { status: string };
    expect(transfer.status).toBe('PENDING_SIGNATURE');
  });

  it('verifies a transaction the wallet sent itself, by its signature', async () => {
    const { transferId, step } = await build();
    const signed = walletSigns(step.serializedTx);
    const sends = rpc.sendTransactionCalls;
    const { id } = await fetch(rpc.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [signed, { encoding: 'base64' }] }) })
      .then((r) => r.json() as Promise<{ result: string }>)
      .then((r) => ({ id: r.result }));
    const submit = await post<{ accepted: boolean; verification: string }>(`/v1/bridge/transfers/${transferId}/submit`, { step: 'main', txHash: id });
    expect(submit.body).toMatchObject({ accepted: true, verification: 'verified' });
    expect(rpc.sendTransactionCalls).toBe(sends + 1);
  });

  it('refuses at build a venue transaction that invokes a program off its allow-list', async () => {
    foreignProgram = scenario.attacker.address;
    try {
      const quote = await post<{ decisionId: string }>('/v1/bridge/quote', { fromChain: 'solana', toChain: 'base', fromToken: 'USDC', toToken: 'USDC', amountAtomic: AMOUNT.toString(), sender: scenario.user.address, recipient: RECIPIENT });
      const built = await post<{ error: { code: string; message: string } }>('/v1/bridge/build', { decisionId: quote.body.decisionId });
      expect(built.status).toBe(502);
      expect(built.body.error).toMatchObject({ code: 'unsafe_venue_answer', message: expect.stringContaining(scenario.attacker.address) });
    } finally {
      foreignProgram = null;
    }
  });

  it('refuses a txHash that is not a Solana signature', async () => {
    const { transferId } = await build();
    const submit = await post<{ error: { code: string } }>(`/v1/bridge/transfers/${transferId}/submit`, { step: 'main', txHash: `0x${'ab'.repeat(32)}` });
    expect(submit.status).toBe(400);
    expect(submit.body.error.code).toBe('invalid_submission');
  });
});

describe('Solana source with a referrer: cuts merged into the venue transaction', () => {
  let withFees: Strait;
  const referrer = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
  beforeAll(async () => {
    withFees = await createTestStrait({ STRAIT_RPC_SOLANA: rpc.url, STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_FEE_WALLET_SOLANA: scenario.feeWallet }, [venue]);
  });
  afterAll(async () => {
    await withFees?.close();
  });

  it('appends the referral transfer to the venue transaction, verifies it whole, and pays it in the same signature', async () => {
    const inject = async <T>(url: string, payload: object) => {
      const response = await withFees.app.inject({ method: 'POST', url, payload });
      return { status: response.statusCode, body: response.json() as T };
    };
    const quote = await inject<{ decisionId: string; fees: { referral: { amountAtomic: string } | null } }>('/v1/bridge/quote', {
      fromChain: 'solana', toChain: 'base', fromToken: null, toToken: 'USDC', amountAtomic: '10000000000', sender: scenario.user.address, recipient: RECIPIENT, referralWallet: referrer, referralBps: 10,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.fees.referral?.amountAtomic).toBe('10000000');
    const build = await inject<{ transferId: string; feeCapture: string; referralCapture: string; steps: { step: string; serializedTx: string }[] }>('/v1/bridge/build', { decisionId: quote.body.decisionId });
    expect(build.status, JSON.stringify(build.body)).toBe(200);
    expect(build.body).toMatchObject({ feeCapture: 'merged', referralCapture: 'merged' });
    expect(build.body.steps.map((s) => s.step)).toEqual(['main']);
    const before = svm.getBalance(address(referrer)) ?? 0n;
    const submit = await inject<{ accepted: boolean; verification: string }>(`/v1/bridge/transfers/${build.body.transferId}/submit`, { step: 'main', signedTransaction: walletSigns(build.body.steps[0]!.serializedTx) });
    expect(submit.body).toMatchObject({ accepted: true, verification: 'verified' });
    expect((svm.getBalance(address(referrer)) ?? 0n) - before).toBe(10_000_000n);
    const transfer = (await withFees.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${build.body.transferId}` })).json() as { fees: { kind: string; status: string }[] };
    expect(transfer.fees).toEqual([expect.objectContaining({ kind: 'referral', status: 'expected' })]);
  });

  // Its tables are read through the Solana RPC at build (test/debridgeSolanaLookupTables.test.ts runs the
  // merged transaction); without that RPC the same answer is refused.
  it('merges token fee transfers into a transaction that loads accounts from lookup tables once its tables are read', async () => {
    withLookupTable = true;
    try {
      const quote = (await withFees.app.inject({ method: 'POST', url: '/v1/bridge/quote', payload: { fromChain: 'solana', toChain: 'base', fromToken: 'USDC', toToken: 'USDC', amountAtomic: AMOUNT.toString(), sender: scenario.user.address, recipient: RECIPIENT, referralWallet: referrer, referralBps: 10 } })).json() as { decisionId: string };
      const build = await withFees.app.inject({ method: 'POST', url: '/v1/bridge/build', payload: { decisionId: quote.decisionId } });
      expect(build.statusCode, build.body).toBe(200);
    } finally {
      withLookupTable = false;
    }
  });
});
