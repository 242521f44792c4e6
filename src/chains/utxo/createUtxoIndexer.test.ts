import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../domain/errors.ts';
import { createUtxoIndexer } from './createUtxoIndexer.ts';

/**
 * The Esplora client against real answers (fixtures/real/SOURCES.json: Blockstream's testnet
 * `address/:a/utxo` as RenSwift recorded it, the fee estimates of Esplora's API document), and the
 * answers an indexer gives that Strait must not take: refusals of `POST /tx`, 404s, odd shapes.
 */

const real = (name: string): string => readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8');
const TXID = 'ff6239a413bc01b810d4e09d0d71ae5f8b13f9f3425e463ae09407553c9b2bc8';

let server: Server;
let url: string;
const routes = new Map<string, { status: number; body: string }>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const answer = routes.get(`${req.method} ${req.url}`) ?? { status: 404, body: 'not found' };
    res.writeHead(answer.status, { 'content-type': 'text/plain' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the Esplora client', () => {
  it('reads the recorded UTXO list, confirmed and unconfirmed, values as bigint', async () => {
    routes.set('GET /address/tb1q/utxo', { status: 200, body: real('address-utxo-blockstream-testnet.json') });
    expect(await createUtxoIndexer(url).utxos('tb1q')).toEqual([
      { txid: TXID, vout: 0, value: 72_000n, confirmed: true },
      { txid: 'e79be10753ab29efad52459b0ae9bff8344bfa26f301b67822e6af0d70154686', vout: 1, value: 70_000n, confirmed: false },
    ]);
  });

  it('takes the documented fee estimate for the target, or the nearest faster one listed (target 1 is not)', async () => {
    routes.set('GET /fee-estimates', { status: 200, body: real('fee-estimates-esplora-docs.json') });
    const indexer = createUtxoIndexer(url);
    expect(await indexer.feeRate(2)).toBe(87.882);
    expect(await indexer.feeRate(6)).toBe(68.285);
    expect(await indexer.feeRate(1)).toBe(87.882);
  });

  it('answers null for a transaction it does not know, and reads a status with block_height null as unconfirmed', async () => {
    const indexer = createUtxoIndexer(url);
    expect(await indexer.transactionHex(TXID)).toBeNull();
    expect(await indexer.transactionStatus(TXID)).toBeNull();
    routes.set(`GET /tx/${TXID}/status`, { status: 200, body: '{"confirmed":false,"block_height":null,"block_hash":null,"block_time":null}' });
    expect(await indexer.transactionStatus(TXID)).toEqual({ confirmed: false, blockHeight: null });
    routes.set(`GET /tx/${TXID}/status`, { status: 200, body: '{"confirmed":true,"block_height":2226413,"block_hash":"00","block_time":1653022019}' });
    expect(await indexer.transactionStatus(TXID)).toEqual({ confirmed: true, blockHeight: 2_226_413 });
  });

  it("types a node's refusal of POST /tx as broadcast_rejected, a fault or an odd answer as chain_unavailable", async () => {
    const indexer = createUtxoIndexer(url);
    routes.set('POST /tx', { status: 400, body: 'sendrawtransaction RPC error: {"code":-26,"message":"min relay fee not met"}' });
    await expect(indexer.broadcast('00')).rejects.toMatchObject({ code: 'broadcast_rejected' });
    routes.set('POST /tx', { status: 502, body: 'bad gateway' });
    await expect(indexer.broadcast('00')).rejects.toMatchObject({ code: 'chain_unavailable' });
    routes.set('POST /tx', { status: 200, body: 'not a txid' });
    await expect(indexer.broadcast('00')).rejects.toBeInstanceOf(AppError);
    routes.set('GET /address/tb1x/utxo', { status: 200, body: '[{"txid":"zz","vout":0,"status":{"confirmed":true},"value":1}]' });
    await expect(indexer.utxos('tb1x')).rejects.toMatchObject({ code: 'chain_unavailable' });
    routes.set('GET /address/tb1y/utxo', { status: 200, body: '[{"txid":"' + TXID + '","vout":0,"status":{"confirmed":true},"value":1.5}]' });
    await expect(indexer.utxos('tb1y')).rejects.toMatchObject({ code: 'chain_unavailable' });
  });
});
