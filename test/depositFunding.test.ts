import { address, appendTransactionMessageInstructions, blockhash, compileTransaction, createTransactionMessage, getTransactionEncoder, setTransactionMessageFeePayer, setTransactionMessageLifetimeUsingBlockhash, type Instruction } from '@solana/kit';
import { base58 } from '@scure/base';
import { LiteSVM } from 'litesvm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLitesvmRpcFake, type LitesvmRpcFake } from '../src/chains/svm/litesvmRpcFake.ts';
import { TOKEN_2022_PROGRAM, associatedTokenAddress } from '../src/chains/svm/mergeFeeInstructions.ts';
import { editableMessageOf, instructions, lamportBalance, mintData, putAccount, signMessage, testSigner, toBase64, tokenAccountData, tokenBalance } from '../src/chains/svm/svmTestTransactions.ts';
import type { Strait } from '../src/createStrait.ts';
import { startChangenowFake, type ChangenowFake } from '../src/venues/changenow/changenowFake.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * Deposit-address transfers (issue 12 items 11 and 12), through the real ChangeNOW adapter against its
 * loopback fake: a build answers `deposit` and never a `main` step beside it (fee steps only), and a
 * deposit funded from a chain Strait builds nothing for (Solana, Bitcoin) is taken by its transaction
 * id, verified where Strait has a client (litesvm behind JSON-RPC for Solana), and tracked through
 * the venue by the worker to COMPLETED.
 */

const EVM_USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const REFERRER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const FEE_WALLET = '0x000000000000000000000000000000000000FEE1';
const BTC_SENDER = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const user = testSigner(1);
const depositAddress = testSigner(9).address;

let svm: LiteSVM;
let rpc: LitesvmRpcFake;
let fake: ChangenowFake;
let strait: Strait;

beforeAll(async () => {
  svm = new LiteSVM();
  svm.airdrop(address(user.address), 1_000_000_000_000n as never);
  rpc = await startLitesvmRpcFake(svm);
  fake = await startChangenowFake();
  strait = await createTestStrait({
    STRAIT_RPC_SOLANA: rpc.url,
    STRAIT_VENUE_CHANGENOW_BASE_URL: fake.url,
    STRAIT_VENUE_CHANGENOW_API_KEY: fake.apiKey,
    STRAIT_FEE_WALLET_BASE: FEE_WALLET,
    STRAIT_QUOTE_MIN_WAIT_MS: '0',
    STRAIT_QUOTE_DEADLINE_MS: '1500',
  });
});
afterAll(async () => {
  await strait?.close();
  await rpc?.close();
  await fake?.close();
});

const post = async <T>(url: string, payload: object) => {
  const response = await strait.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() as T };
};
const read = async (id: string) => (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${id}` })).json() as { status: string; sourceTxHash: string | null; sourceTxVerification: string | null; destinationTxHash: string | null };

interface Built {
  transferId: string;
  venue: string;
  steps?: { step: string }[];
  deposit?: { address: string; amountAtomic: string; chain: string; token: string | null };
  feeCapture: string;
  referralCapture: string | null;
  feeBatch: unknown;
}
type Submitted = { accepted: boolean; status: string; verification: string | null; error?: { code: string } };

async function buildThroughChangenow(body: Record<string, unknown>): Promise<Built> {
  const quote = await post<{ decisionId: string; quotes: { venue: string; quoteId: string; executable: boolean }[]; rejected: unknown[] }>('/v1/bridge/quote', body);
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  const row = quote.body.quotes.find((q) => q.venue === 'changenow');
  expect(row, JSON.stringify(quote.body.rejected)).toMatchObject({ executable: true });
  const built = await post<Built>('/v1/bridge/build', { decisionId: quote.body.decisionId, quoteId: row!.quoteId });
  expect(built.status, JSON.stringify(built.body)).toBe(200);
  expect(built.body.deposit).toBeDefined();
  // Spec §2: `deposit` comes instead of steps; no step of a deposit build funds the address.
  expect((built.body.steps ?? []).filter((s) => s.step !== 'fee')).toEqual([]);
  return built.body;
}

/** What a Solana wallet does: a System transfer of `lamports` to `to`, signed and sent. */
function sendSol(to: string, lamports: bigint): Promise<string> {
  return send(instructions.systemTransfer(user.address, to, lamports));
}

/** Signs one instruction as the user and sends it; answers the signature. */
async function send(instruction: Instruction): Promise<string> {
  const signed = sign(instruction);
  await broadcast(signed.wire);
  return signed.signature;
}

/** The signed wire bytes of one instruction from the user, and its signature (the transaction id). */
function sign(instruction: Instruction): { wire: Uint8Array; signature: string } {
  const message = appendTransactionMessageInstructions(
    [instruction],
    setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash(String(svm.latestBlockhash())), lastValidBlockHeight: 1_000_000n }, setTransactionMessageFeePayer(address(user.address), createTransactionMessage({ version: 0 }))),
  );
  const wire = signMessage(editableMessageOf(new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))), [user]);
  // One signature: a one-byte count, then the 64 signature bytes.
  return { wire, signature: base58.encode(wire.slice(1, 65)) };
}

async function broadcast(wire: Uint8Array): Promise<void> {
  const answer = (await (await fetch(rpc.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [toBase64(wire), { encoding: 'base64' }] }) })).json()) as { result?: string; error?: unknown };
  expect(answer.error).toBeUndefined();
  svm.expireBlockhash();
}

async function exchangeIdOf(transferId: string): Promise<string> {
  const row = await strait.deps.store.db.selectFrom('transfers').select('venue_context').where('id', '=', transferId).executeTakeFirstOrThrow();
  const context = (typeof row.venue_context === 'string' ? JSON.parse(row.venue_context) : row.venue_context) as { exchangeId: string };
  return context.exchangeId;
}

describe('a deposit funded from Solana', () => {
  it('is executable, built as a deposit, taken by signature once verified on chain, and tracked to COMPLETED', async () => {
    fake.setNextDeposit({ payinAddress: depositAddress, payinExtraId: null });
    const built = await buildThroughChangenow({ fromChain: 'solana', toChain: 'base', fromToken: null, toToken: null, amountAtomic: '2000000000', sender: user.address, recipient: EVM_USER });
    expect(built.deposit).toMatchObject({ address: depositAddress, amountAtomic: '2000000000', chain: 'solana', token: null });
    expect(built.steps).toBeUndefined();
    const submit = (payload: object) => post<Submitted>(`/v1/bridge/transfers/${built.transferId}/submit`, { step: 'main', ...payload });

    // Strait broadcasts nothing for a deposit; a hash of another chain's shape is a 400.
    expect((await submit({ signedTransaction: 'AQID' })).body.error?.code).toBe('invalid_submission');
    expect((await submit({ txHash: `0x${'ab'.repeat(32)}` })).body.error?.code).toBe('invalid_submission');
    // A transaction that pays the address another amount is refused and nothing is recorded.
    const short = await sendSol(depositAddress, 1_999_999_999n);
    const refused = await submit({ txHash: short });
    expect(refused.status).toBe(422);
    expect(refused.body.error?.code).toBe('transaction_mismatch');
    expect((await read(built.transferId)).status).toBe('PENDING_SIGNATURE');

    const paid = await sendSol(depositAddress, 2_000_000_000n);
    expect(lamportBalance(svm, depositAddress)).toBe(3_999_999_999n);
    const accepted = await submit({ txHash: paid });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ accepted: true, status: 'SUBMITTED', verification: 'verified' });
    expect((await submit({ txHash: paid })).body.accepted).toBe(false);
    expect(await read(built.transferId)).toMatchObject({ status: 'SUBMITTED', sourceTxHash: paid, sourceTxVerification: 'verified' });

    // The venue reports the exchange finished; the worker carries the transfer there.
    fake.setStatus(await exchangeIdOf(built.transferId), 'finished');
    await strait.worker.tick();
    const done = await read(built.transferId);
    expect(done.status).toBe('COMPLETED');
    expect(done.destinationTxHash).toMatch(/^0x[0-9a-f]{64}$/);
  });
});

describe('a Solana deposit submitted before it lands', () => {
  it('is recorded pending, and the worker verifies it once the cluster serves it, then tracks it', async () => {
    const early = testSigner(11).address;
    fake.setNextDeposit({ payinAddress: early, payinExtraId: null });
    const built = await buildThroughChangenow({ fromChain: 'solana', toChain: 'base', fromToken: null, toToken: null, amountAtomic: '1000000000', sender: user.address, recipient: EVM_USER });
    const signed = sign(instructions.systemTransfer(user.address, early, 1_000_000_000n));
    const submitted = await post<Submitted>(`/v1/bridge/transfers/${built.transferId}/submit`, { step: 'main', txHash: signed.signature });
    expect(submitted.body).toMatchObject({ accepted: true, status: 'SUBMITTED', verification: 'pending' });
    await broadcast(signed.wire);
    fake.setStatus(await exchangeIdOf(built.transferId), 'finished');
    await strait.worker.tick();
    expect(await read(built.transferId)).toMatchObject({ status: 'COMPLETED', sourceTxVerification: 'verified' });
  });
});

describe('a USDC deposit funded from Solana', () => {
  it('verifies a token TransferChecked of exactly the amount into the deposit address\'s token account', async () => {
    const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    // LiteSVM ships Token-2022 (it runs the classic instructions); the verifier accepts either program.
    const splDeposit = testSigner(10).address;
    const userAta = associatedTokenAddress(user.address, USDC_MINT, TOKEN_2022_PROGRAM);
    const depositAta = associatedTokenAddress(splDeposit, USDC_MINT, TOKEN_2022_PROGRAM);
    putAccount(svm, USDC_MINT, TOKEN_2022_PROGRAM, mintData(10n ** 15n, 6));
    putAccount(svm, userAta, TOKEN_2022_PROGRAM, tokenAccountData(USDC_MINT, user.address, 10n ** 12n));
    putAccount(svm, depositAta, TOKEN_2022_PROGRAM, tokenAccountData(USDC_MINT, splDeposit, 0n));
    fake.setNextDeposit({ payinAddress: splDeposit, payinExtraId: null });
    const built = await buildThroughChangenow({ fromChain: 'solana', toChain: 'base', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '50000000', sender: user.address, recipient: EVM_USER });
    expect(built.deposit).toMatchObject({ address: splDeposit, token: USDC_MINT, amountAtomic: '50000000' });
    const submit = (txHash: string) => post<Submitted>(`/v1/bridge/transfers/${built.transferId}/submit`, { step: 'main', txHash });
    // Lamports to the address are not the USDC the deposit asks for.
    expect((await submit(await sendSol(splDeposit, 50_000_000n))).body.error?.code).toBe('transaction_mismatch');
    const paid = await send(instructions.transferChecked(userAta, USDC_MINT, depositAta, user.address, 50_000_000n, 6));
    expect(tokenBalance(svm, depositAta)).toBe(50_000_000n);
    expect((await submit(paid)).body).toMatchObject({ accepted: true, status: 'SUBMITTED', verification: 'verified' });
  });
});

describe('a deposit funded from Bitcoin (no chain client)', () => {
  it('takes the txid unverified and tracks the transfer through the venue', async () => {
    const built = await buildThroughChangenow({ fromChain: 'bitcoin', toChain: 'base', fromToken: null, toToken: 'USDC', amountAtomic: '100000', sender: BTC_SENDER, recipient: EVM_USER });
    expect(built.deposit?.chain).toBe('bitcoin');
    const submit = (txHash: string) => post<Submitted>(`/v1/bridge/transfers/${built.transferId}/submit`, { step: 'main', txHash });
    expect((await submit('not-a-txid')).body.error?.code).toBe('invalid_submission');
    const accepted = await submit('4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b');
    expect(accepted.body).toMatchObject({ accepted: true, status: 'SUBMITTED', verification: 'unverified_no_rpc' });
    fake.setStatus(await exchangeIdOf(built.transferId), 'finished');
    await strait.worker.tick();
    expect((await read(built.transferId)).status).toBe('COMPLETED');
  });
});

describe('a deposit funded from an EVM chain with Strait cuts', () => {
  it('hands out the fee steps and the deposit, never a main step, and takes the funding as main', async () => {
    const built = await buildThroughChangenow({ fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: EVM_USER, recipient: EVM_USER, referralWallet: REFERRER, referralBps: 10 });
    expect(built.steps?.map((s) => s.step)).toEqual(['fee']);
    expect(built).toMatchObject({ feeCapture: 'separate-step', referralCapture: 'separate-step', feeBatch: null });
    const submit = (step: string, txHash: string) => post<Submitted>(`/v1/bridge/transfers/${built.transferId}/submit`, { step, txHash });
    expect((await submit('fee', `0x${'0f'.repeat(32)}`)).body).toMatchObject({ accepted: true, status: 'PENDING_SIGNATURE' });
    // The funding transfer Strait expects is kept to verify the main submission.
    expect((await submit('main', `0x${'0a'.repeat(32)}`)).body).toMatchObject({ accepted: true, status: 'SUBMITTED', verification: 'unverified_no_rpc' });
  });
});
