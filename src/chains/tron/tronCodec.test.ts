import { readFileSync } from 'node:fs';
import { utils as tronUtils } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyTronBroadcastError } from './classifyTronBroadcastError.ts';
import { createTronRpc, type TronRpc } from './createTronRpc.ts';
import { tronBase58Address, tronHexAddress } from './tronAddress.ts';
import { startTronNodeStandIn, type TronNodeStandIn } from './tronNodeStandIn.ts';
import { tronPaymentOf } from './tronPaymentOf.ts';
import { TronDecodeError, decodeTronRawData, encodeTronRawData, tronRawDataJson, tronTxId, type TronRawData } from './tronRawData.ts';
import { decodeSignedTronTransaction } from './verifySignedTronTransaction.ts';
import { verifyTronTransactionById } from './verifyTronTransactionById.ts';

/**
 * The Tron codec on answers a real node gave (the Allbridge SDK's recorded `triggersmartcontract`
 * answers, venues/allbridge/fixtures/real), and the node client against the stand-in: what a node
 * refuses, and how, reaches the client as a typed answer.
 */

const recorded = (name: string) => (JSON.parse(readFileSync(new URL(`../../venues/allbridge/fixtures/real/${name}`, import.meta.url), 'utf8')) as { transaction: { txID: string; raw_data: unknown; raw_data_hex: string } }).transaction;
const SEND = recorded('tron-trigger-smart-contract-send.json');
const APPROVE = recorded('tron-trigger-smart-contract-approve.json');

describe('the raw data codec on recorded node answers', () => {
  it('decodes both answers whole, recomputes their txIDs, and writes their raw_data JSON back', () => {
    for (const tx of [SEND, APPROVE]) {
      const raw = decodeTronRawData(tx.raw_data_hex);
      expect(tronTxId(tx.raw_data_hex)).toBe(tx.txID);
      expect(encodeTronRawData(raw)).toBe(tx.raw_data_hex);
      expect(tronRawDataJson(raw)).toEqual(tx.raw_data);
    }
    expect(decodeTronRawData(SEND.raw_data_hex)).toMatchObject({ feeLimit: 150_000_000n, contract: { type: 'TriggerSmartContract', owner: '410bef513090bf616bc1a8bdfe81bb8726e2096edf', contract: '41e0d6d5e5bef141007f8d78cdfca214b293a23f83', callValue: 59_136_000n } });
    expect(tronBase58Address('41e0d6d5e5bef141007f8d78cdfca214b293a23f83')).toBe('TWU3j4etqPT4zSwABPrgmak3uXFSkxpPwM');
    expect(tronHexAddress('TWU3j4etqPT4zSwABPrgmak3uXFSkxpPwM')).toBe('41e0d6d5e5bef141007f8d78cdfca214b293a23f83');
    expect(tronHexAddress('0x41e0d6d5e5bef141007f8d78cdfca214b293a23f83')).toBeNull();
  });

  it('refuses what it does not build or cannot read back: a memo, a second contract, trailing bytes, no contract', () => {
    const raw = decodeTronRawData(SEND.raw_data_hex);
    const withMemo = tronUtils.transaction.txPbToRawDataHex(tronUtils.transaction.txJsonToPb({ raw_data: { ...tronRawDataJson(raw), data: '6d656d6f' } })).toLowerCase();
    // TronWeb's JSON encoder writes only the first contract: a second one is added to the protobuf itself.
    const proto = (globalThis as unknown as { TronWebProto: { Transaction: { raw: { deserializeBinary(b: Uint8Array): { getContractList(): unknown[]; addContract(c: unknown): void; serializeBinary(): Uint8Array } } } } }).TronWebProto;
    const pb = proto.Transaction.raw.deserializeBinary(Buffer.from(SEND.raw_data_hex, 'hex'));
    pb.addContract(pb.getContractList()[0]);
    const twoContracts = Buffer.from(pb.serializeBinary()).toString('hex');
    for (const hex of [withMemo, twoContracts, `${SEND.raw_data_hex}00`, '00', '', 'zz']) expect(() => decodeTronRawData(hex), hex.slice(0, 20)).toThrow(TronDecodeError);
  });

  it('reads a TRC-20 transfer and a TRX transfer as payments, and nothing else', () => {
    const raw = decodeTronRawData(APPROVE.raw_data_hex);
    const transfer = `a9059cbb${'0'.repeat(24)}${'11'.repeat(20)}${(5n).toString(16).padStart(64, '0')}`;
    const asFound = (r: TronRawData) => ({ txID: '', rawDataHex: encodeTronRawData(r), signatures: [], blockNumber: 1, result: 'SUCCESS' });
    const contract = raw.contract.type === 'TriggerSmartContract' ? raw.contract : null;
    expect(tronPaymentOf(asFound({ ...raw, contract: { ...contract!, data: transfer } }))).toEqual({ token: contract!.contract, to: `41${'11'.repeat(20)}`, amount: 5n });
    expect(tronPaymentOf(asFound(raw))).toBeNull();
    expect(tronPaymentOf(asFound({ ...raw, contract: { ...contract!, data: transfer, callValue: 1n } }))).toBeNull();
    expect(tronPaymentOf(asFound({ ...raw, feeLimit: 0n, contract: { type: 'TransferContract', owner: contract!.owner, to: `41${'22'.repeat(20)}`, amount: 7n } }))).toEqual({ token: null, to: `41${'22'.repeat(20)}`, amount: 7n });
  });

  it('recovers the signer from a TronWeb signature, in either hex case', () => {
    const key = 'a'.repeat(64);
    const signed = tronUtils.crypto.signTransaction(key, { txID: SEND.txID, raw_data_hex: SEND.raw_data_hex });
    const owner = tronHexAddress(tronUtils.address.fromPrivateKey(key) as string);
    expect(decodeSignedTronTransaction(JSON.stringify(signed)).signer).toBe(owner);
    expect(decodeSignedTronTransaction(JSON.stringify({ ...signed, signature: [signed.signature[0]!.toUpperCase()] })).signer).toBe(owner);
  });
});

describe('classifying a node refusal', () => {
  it.each([
    ['DUP_TRANSACTION_ERROR', 'Dup transaction.', 'broadcast_rejected', 'duplicate'],
    ['TRANSACTION_EXPIRATION_ERROR', 'expired', 'broadcast_rejected', 'expired'],
    ['TAPOS_ERROR', 'Tapos check error', 'broadcast_rejected', 'expired'],
    ['CONTRACT_VALIDATE_ERROR', 'Contract validate error : balance is not sufficient.', 'insufficient_funds', 'insufficient_balance'],
    ['BANDWITH_ERROR', 'Account resource insufficient error.', 'insufficient_funds', 'insufficient_balance'],
    ['SIGERROR', 'Validate signature error', 'broadcast_rejected', 'signature'],
    ['SERVER_BUSY', 'Server busy', 'chain_unavailable', 'node_busy'],
    ['OTHER_ERROR', 'class org.tron.core.exception', 'broadcast_rejected', 'other'],
  ])('%s is %s (%s)', (code, message, appCode, refusal) => {
    const error = classifyTronBroadcastError({ result: false, code, message: Buffer.from(message).toString('hex') });
    expect(error.code).toBe(appCode);
    expect(error.details).toMatchObject({ tronCode: code, refusal });
    expect(error.message).toContain(message.slice(0, 10));
  });
});

describe('the node client against the stand-in', () => {
  const KEY = 'b'.repeat(64);
  const OWNER = tronHexAddress(tronUtils.address.fromPrivateKey(KEY) as string)!;
  const TO = `41${'33'.repeat(20)}`;
  let node: TronNodeStandIn;
  let rpc: TronRpc;

  beforeAll(async () => {
    node = await startTronNodeStandIn();
    node.setTrxBalance(OWNER, 1_000n);
    rpc = createTronRpc(node.url, { apiKey: 'k' });
  });
  afterAll(async () => node?.close());

  async function transfer(amount: bigint, changes: Partial<TronRawData> = {}, key = KEY) {
    const block = await rpc.nowBlock();
    const raw: TronRawData = { refBlockBytes: block.number.toString(16).padStart(16, '0').slice(12), refBlockHash: block.blockID.slice(16, 32), expiration: Date.now() + 60_000, timestamp: Date.now(), feeLimit: 0n, contract: { type: 'TransferContract', owner: OWNER, to: TO, amount }, ...changes };
    const hex = encodeTronRawData(raw);
    return { txID: tronTxId(hex), wire: tronUtils.crypto.signTransaction(key, { txID: tronTxId(hex), raw_data_hex: hex, raw_data: tronRawDataJson(raw) }) as unknown as Record<string, unknown> };
  }
  const refusal = async (wire: Record<string, unknown>) => rpc.broadcast(wire).then(() => null, (error: { code: string; details?: { refusal?: string } }) => [error.code, error.details?.refusal]);

  it('broadcasts, finds the transaction in a block, and verifies it against the built raw data', async () => {
    const { txID, wire } = await transfer(10n);
    expect(await verifyTronTransactionById(rpc, txID, { rawDataHex: wire.raw_data_hex as string, owner: OWNER })).toMatchObject({ verification: 'pending' });
    expect(await rpc.broadcast(wire)).toBe(txID);
    expect(await rpc.findTransaction(txID)).toMatchObject({ txID, blockNumber: expect.any(Number), result: 'SUCCESS' });
    expect(await verifyTronTransactionById(rpc, txID, { rawDataHex: wire.raw_data_hex as string, owner: OWNER })).toMatchObject({ verification: 'verified', reverted: false });
    const other = await transfer(11n);
    expect(await verifyTronTransactionById(rpc, txID, { rawDataHex: other.wire.raw_data_hex as string, owner: OWNER })).toMatchObject({ verification: 'refuted' });
    expect(await verifyTronTransactionById(null, txID, { rawDataHex: wire.raw_data_hex as string, owner: OWNER })).toMatchObject({ verification: 'unverified_no_rpc' });
    expect(await refusal(wire)).toEqual(['broadcast_rejected', 'duplicate']);
  });

  it('answers an expired transaction, an unknown reference block, a short balance and a wrong signer as typed refusals', async () => {
    expect(await refusal((await transfer(1n, { expiration: Date.now() - 1 })).wire)).toEqual(['broadcast_rejected', 'expired']);
    expect(await refusal((await transfer(1n, { refBlockHash: '00'.repeat(8) })).wire)).toEqual(['broadcast_rejected', 'expired']);
    expect(await refusal((await transfer(10_000n)).wire)).toEqual(['insufficient_funds', 'insufficient_balance']);
    expect(await refusal((await transfer(1n, {}, 'c'.repeat(64))).wire)).toEqual(['broadcast_rejected', 'signature']);
    expect(node.accepted).toHaveLength(1);
  });

  it('is chain_unavailable when the node does not answer', async () => {
    const dead = createTronRpc('http://127.0.0.1:9', { timeoutMs: 500 });
    await expect(dead.nowBlock()).rejects.toMatchObject({ code: 'chain_unavailable' });
    expect(await verifyTronTransactionById(dead, 'ab'.repeat(32), { rawDataHex: SEND.raw_data_hex, owner: OWNER })).toMatchObject({ verification: 'unverified_rpc_error' });
  });
});
