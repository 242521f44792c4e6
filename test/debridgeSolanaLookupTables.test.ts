import { readFileSync } from 'node:fs';
import { address } from '@solana/kit';
import { LiteSVM } from 'litesvm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSvmTransaction } from '../src/chains/svm/decodeSvmTransaction.ts';
import { startLitesvmRpcFake, type LitesvmRpcFake } from '../src/chains/svm/litesvmRpcFake.ts';
import { SPL_TOKEN_PROGRAM, associatedTokenAddress } from '../src/chains/svm/mergeFeeInstructions.ts';
import { PROGRAMS, editableMessageOf, lookupTableData, mintData, putAccount, setUpTransferScenario, signMessage, testSigner, toBase64, tokenAccountData, tokenBalance, type TransferScenario } from '../src/chains/svm/svmTestTransactions.ts';
import type { Strait } from '../src/createStrait.ts';
import { DLN_SOLANA_SOURCE } from '../src/venues/debridge/debridgeChains.ts';
import { startDebridgeFake, type DebridgeFake } from '../src/venues/debridge/debridgeFake.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * deBridge from Solana when its transaction loads accounts from an address lookup table, as its real
 * USDC orders do (issue #16): the table is a real lookup-table account inside litesvm, the fake's v0
 * transaction loads the order's mint from it, Strait reads it through the Solana RPC at build,
 * compares the mint behind it, merges a cut's token transfer beside it (a referral: the platform fee
 * needs a runner-up quote to price a saving), and the signed transaction runs on litesvm paying
 * exactly that cut.
 */

const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const AMOUNT = 25_000_000n;
const TABLE = testSigner(40).address;
/** Another mint the table holds: what a lying answer's order would give instead. */
const OTHER_MINT = testSigner(41).address;
const REFERRER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';

let svm: LiteSVM;
let scenario: TransferScenario;
let rpc: LitesvmRpcFake;
let fake: DebridgeFake;
let strait: Strait;
let noRpc: Strait;

beforeAll(async () => {
  svm = new LiteSVM();
  svm.addProgram(address(DLN_SOLANA_SOURCE), readFileSync(new URL('./fixtures/svm/spl_example_logging.so', import.meta.url)));
  scenario = setUpTransferScenario(svm);
  // USDC at its mainnet address, the user's associated account holding some.
  putAccount(svm, USDC, SPL_TOKEN_PROGRAM, mintData(10n ** 15n, 6));
  putAccount(svm, associatedTokenAddress(scenario.user.address, USDC, SPL_TOKEN_PROGRAM), SPL_TOKEN_PROGRAM, tokenAccountData(USDC, scenario.user.address, 10n ** 12n));
  putAccount(svm, TABLE, PROGRAMS.lookupTable, lookupTableData([OTHER_MINT, USDC, associatedTokenAddress(scenario.user.address, USDC, SPL_TOKEN_PROGRAM)]));
  rpc = await startLitesvmRpcFake(svm);
  fake = await startDebridgeFake();
  fake.setOptions({ solanaLookupTable: { address: TABLE, entries: [OTHER_MINT, USDC] } });
  const env = { STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_VENUE_DEBRIDGE_BASE_URL: fake.url, STRAIT_FEE_WALLET_SOLANA: scenario.feeWallet };
  strait = await createTestStrait({ ...env, STRAIT_RPC_SOLANA: rpc.url });
  noRpc = await createTestStrait(env);
});
afterAll(async () => {
  await strait?.close();
  await noRpc?.close();
  await fake?.close();
  await rpc?.close();
});

interface Built {
  transferId: string;
  referralCapture: string;
  steps: { vm: string; step: string; serializedTx: string; encoding: string }[];
  error?: { code: string; message: string; details?: Record<string, unknown> };
}

async function build(app: Strait, referral = true): Promise<{ status: number; body: Built; referralFee: bigint }> {
  const post = async <T>(url: string, payload: object) => {
    const response = await app.app.inject({ method: 'POST', url, payload });
    return { status: response.statusCode, body: response.json() as T };
  };
  const quote = await post<{ decisionId: string; best: { venue: string } | null; rejected: unknown; fees: { referral: { amountAtomic: string } | null } }>('/v1/bridge/quote', {
    fromChain: 'solana', toChain: 'base', fromToken: 'USDC', toToken: 'USDC', amountAtomic: AMOUNT.toString(), sender: scenario.user.address, recipient: RECIPIENT, ...(referral ? { referralWallet: REFERRER, referralBps: 10 } : {}),
  });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  expect(quote.body.best?.venue, JSON.stringify(quote.body.rejected)).toBe('debridge');
  const built = await post<Built>('/v1/bridge/build', { decisionId: quote.body.decisionId });
  return { ...built, referralFee: BigInt(quote.body.fees.referral?.amountAtomic ?? '0') };
}

/** The wallet signs as built, with a fresh blockhash (the step asks for one). */
function walletSigns(serializedTx: string): string {
  svm.expireBlockhash();
  const message = editableMessageOf(Buffer.from(serializedTx, 'base64'));
  message.blockhash = String(svm.latestBlockhash());
  return toBase64(signMessage(message, [scenario.user]));
}

describe('deBridge from Solana through an address lookup table', () => {
  it('compares the mint behind the table, merges the referral cut, and the signed transaction pays the referrer exactly', async () => {
    fake.setOptions({ solanaLookupTable: { address: TABLE, entries: [OTHER_MINT, USDC] } });
    const { status, body, referralFee } = await build(strait);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.referralCapture).toBe('merged');
    expect(referralFee).toBe(AMOUNT / 10_000n * 10n);
    const tx = decodeSvmTransaction(body.steps[0]!.serializedTx, 'base64');
    // The venue's lookup is kept as it was: the mint still comes from the table.
    expect(tx.addressTableLookups).toEqual([{ tableAddress: TABLE, writableIndexes: [], readonlyIndexes: [1] }]);
    const feeAccount = associatedTokenAddress(REFERRER, USDC, SPL_TOKEN_PROGRAM);
    const before = svm.getAccount(address(feeAccount)).exists ? tokenBalance(svm, feeAccount) : 0n;
    const submit = await strait.app.inject({ method: 'POST', url: `/v1/bridge/transfers/${body.transferId}/submit`, payload: { step: 'main', signedTransaction: walletSigns(body.steps[0]!.serializedTx) } });
    expect(submit.statusCode, submit.body).toBe(200);
    expect(submit.json()).toMatchObject({ accepted: true, verification: 'verified' });
    expect(tokenBalance(svm, feeAccount) - before).toBe(referralFee);
  });

  it('refuses a lying answer whose order gives another mint from behind the table (502, nothing built)', async () => {
    fake.setOptions({ solanaLookupTable: { address: TABLE, entries: [OTHER_MINT, USDC] }, tamper: { solanaMint: OTHER_MINT } });
    try {
      const { status, body } = await build(strait);
      expect(status).toBe(502);
      expect(body.error).toMatchObject({ code: 'unsafe_venue_answer', message: expect.stringContaining(`gives ${OTHER_MINT}, not the source token ${USDC}`) });
    } finally {
      fake.setOptions({ solanaLookupTable: { address: TABLE, entries: [OTHER_MINT, USDC] } });
    }
  });

  it('refuses an answer whose table does not exist on the chain', async () => {
    const missing = testSigner(42).address;
    fake.setOptions({ solanaLookupTable: { address: missing, entries: [OTHER_MINT, USDC] } });
    try {
      const { status, body } = await build(strait);
      expect(status).toBe(502);
      expect(body.error).toMatchObject({ code: 'unsafe_venue_answer', message: expect.stringContaining(`lookup table ${missing}, which does not exist`) });
    } finally {
      fake.setOptions({ solanaLookupTable: { address: TABLE, entries: [OTHER_MINT, USDC] } });
    }
  });

  it('without a Solana RPC, refuses a transaction whose mint sits in a table, and a cut to merge into one, naming the missing RPC', async () => {
    fake.setOptions({ solanaLookupTable: { address: TABLE, entries: [OTHER_MINT, USDC] } });
    const unchecked = await build(noRpc, false);
    expect(unchecked.status).toBe(502);
    expect(unchecked.body.error).toMatchObject({ code: 'unsafe_venue_answer', details: { venueAtFault: false } });
    expect(unchecked.body.error?.message).toMatch(/loads its token mint from a lookup table Strait did not read .*STRAIT_RPC_SOLANA/);
    const unmerged = await build(noRpc);
    expect(unmerged.status).toBe(502);
    expect(unmerged.body.error).toMatchObject({ code: 'unsafe_venue_answer', details: { venueAtFault: false } });
    expect(unmerged.body.error?.message).toMatch(/fee transfers are merged into one only when it can read them .*STRAIT_RPC_SOLANA/);
  });
});
