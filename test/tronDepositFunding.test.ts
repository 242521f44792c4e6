import { utils as tronUtils } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTronRpc, type TronRpc } from '../src/chains/tron/createTronRpc.ts';
import { tronHexAddress } from '../src/chains/tron/tronAddress.ts';
import { encodeTronRawData, tronRawDataJson, tronTxId, type TronContract } from '../src/chains/tron/tronRawData.ts';
import { startTronNodeStandIn, type TronNodeStandIn } from '../src/chains/tron/tronNodeStandIn.ts';
import type { Strait } from '../src/createStrait.ts';
import { startChangenowFake, type ChangenowFake } from '../src/venues/changenow/changenowFake.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * A deposit-address transfer funded from Tron (issue 17 item 5): with STRAIT_RPC_TRON, the funding's
 * txID is checked on the node — a TRX transfer of exactly the amount to the deposit address — rather
 * than taken `unverified_no_rpc`; another amount or payee is `422 transaction_mismatch`, and a txID
 * the node does not know yet is a provisional `pending` claim.
 */

const USER_KEY = '5f1c2d3e4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';
const USER = tronUtils.address.fromPrivateKey(USER_KEY) as string;
const DEPOSIT = tronUtils.address.fromPrivateKey('2f1c2d3e4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f2') as string;
const EVM_USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const AMOUNT = 400_000_000n;

let node: TronNodeStandIn;
let tron: TronRpc;
let fake: ChangenowFake;
let strait: Strait;

beforeAll(async () => {
  node = await startTronNodeStandIn();
  node.setTrxBalance(tronHexAddress(USER)!, 10_000_000_000n);
  tron = createTronRpc(node.url);
  fake = await startChangenowFake();
  strait = await createTestStrait({ STRAIT_RPC_TRON: node.url, STRAIT_VENUE_CHANGENOW_BASE_URL: fake.url, STRAIT_VENUE_CHANGENOW_API_KEY: fake.apiKey, STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_QUOTE_DEADLINE_MS: '1500' });
});
afterAll(async () => {
  await strait?.close();
  await fake?.close();
  await node?.close();
});

const post = async <T>(url: string, payload: object) => {
  const response = await strait.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() as T };
};
type Submitted = { accepted: boolean; status: string; verification: string | null; error?: { code: string; details?: { mismatches?: { field: string }[] } } };

async function buildDeposit(): Promise<{ transferId: string; deposit: { address: string; amountAtomic: string; chain: string } }> {
  fake.setNextDeposit({ payinAddress: DEPOSIT, payinExtraId: null });
  const quote = await post<{ decisionId: string; quotes: { venue: string; quoteId: string }[] }>('/v1/bridge/quote', { fromChain: 'tron', toChain: 'base', fromToken: null, toToken: 'USDC', amountAtomic: AMOUNT.toString(), sender: USER, recipient: EVM_USER });
  const row = quote.body.quotes.find((q) => q.venue === 'changenow');
  const built = await post<{ transferId: string; deposit: { address: string; amountAtomic: string; chain: string } }>('/v1/bridge/build', { decisionId: quote.body.decisionId, quoteId: row!.quoteId });
  expect(built.status, JSON.stringify(built.body)).toBe(200);
  return built.body;
}

/** The wallet funds the address itself: a signed TRX transfer broadcast to the node. */
async function sendTrx(to: string, amount: bigint): Promise<string> {
  const block = await tron.nowBlock();
  const contract: TronContract = { type: 'TransferContract', owner: tronHexAddress(USER)!, to: tronHexAddress(to)!, amount };
  const raw = { refBlockBytes: block.number.toString(16).padStart(16, '0').slice(12), refBlockHash: block.blockID.slice(16, 32), expiration: Date.now() + 60_000, timestamp: Date.now(), feeLimit: 0n, contract };
  const rawDataHex = encodeTronRawData(raw);
  const signed = tronUtils.crypto.signTransaction(USER_KEY, { txID: tronTxId(rawDataHex), raw_data_hex: rawDataHex, raw_data: tronRawDataJson(raw) });
  return tron.broadcast(signed as unknown as Record<string, unknown>);
}

describe('a deposit funded from Tron, with a Tron node', () => {
  it('verifies the funding on the node: exact amount to the deposit address, and refuses anything else', async () => {
    const built = await buildDeposit();
    expect(built.deposit).toMatchObject({ chain: 'tron', address: DEPOSIT, amountAtomic: AMOUNT.toString() });
    const submit = (txHash: string) => post<Submitted>(`/v1/bridge/transfers/${built.transferId}/submit`, { step: 'main', txHash });

    const short = await sendTrx(DEPOSIT, AMOUNT - 1n);
    const refused = await submit(short);
    expect(refused.status).toBe(422);
    expect(refused.body.error?.code).toBe('transaction_mismatch');
    const elsewhere = await sendTrx(USER, AMOUNT);
    expect((await submit(elsewhere)).status).toBe(422);

    const paid = await sendTrx(DEPOSIT, AMOUNT);
    expect(node.trxBalance(tronHexAddress(DEPOSIT)!)).toBe(2n * AMOUNT - 1n);
    expect((await submit(paid)).body).toMatchObject({ accepted: true, status: 'SUBMITTED', verification: 'verified' });
  });

  it('takes a txID the node does not know yet as a provisional claim', async () => {
    const built = await buildDeposit();
    const answer = await post<Submitted>(`/v1/bridge/transfers/${built.transferId}/submit`, { step: 'main', txHash: 'ab'.repeat(32) });
    expect(answer.body).toMatchObject({ accepted: true, status: 'SUBMITTED', verification: 'pending' });
  });
});
