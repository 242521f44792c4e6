import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlockbookIndexer } from './createBlockbookIndexer.ts';

/**
 * The Blockbook client against real answers (fixtures/real/blockbook/SOURCES.json: the examples of
 * Blockbook's API document and the answers its own HTTP server gives in its test suite), and the
 * answers Strait must not take: refusals of sendtx, unknown transactions, odd shapes.
 */

const real = (name: string): string => readFileSync(new URL(`./fixtures/real/blockbook/${name}`, import.meta.url), 'utf8');
const SPENT_TX = '7c3be24063f268aaa1ed81b64776798f56088757641a34fb156c4f51ed2e9d25';
const DOCS_TX = '9e2bc8fbd40af17a6564831f84aef0cab2046d4bad19e91c09d21bff2c851851';
const UNKNOWN_TX = '1232e48aeabdd9b75def7b48d756ba304713c2aba7b522bf9dbc893fc4231b07';

let server: Server;
let url: string;
const routes = new Map<string, { status: number; body: string }>();
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${Buffer.concat(chunks).toString('utf8')}`.trim());
      const answer = routes.get(`${req.method} ${req.url}`) ?? { status: 404, body: 'not found' };
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the Blockbook client', () => {
  it("reads the documented Dogecoin UTXO list: decimal-string values as bigint, confirmations 0 as unconfirmed", async () => {
    routes.set('GET /api/v2/utxo/DDhUv8JZGmSxKYV95NLnbRTUKni9cDZD3S', { status: 200, body: real('utxo-dogecoin-docs.json') });
    const utxos = await createBlockbookIndexer(url).utxos('DDhUv8JZGmSxKYV95NLnbRTUKni9cDZD3S');
    expect(utxos).toHaveLength(4);
    expect(utxos[0]).toEqual({ txid: '13d26cd939bf5d155b1c60054e02d9c9b832a85e6ec4f2411be44b6b5a2842e9', vout: 0, value: 1_422_303_206_539n, confirmed: false });
    expect(utxos[1]).toEqual({ txid: 'a79e396a32e10856c97b95f43da7e9d2b9a11d446f7638dbd75e5e7603128cac', vout: 1, value: 39_748_685n, confirmed: true });
  });

  it("reads the UTXO list Blockbook's own server answers", async () => {
    routes.set('GET /api/v2/utxo/mtR97eM2HPWVM6c8FGLGcukgaHHQv7THoL', { status: 200, body: real('utxo-blockbook-test.json') });
    expect(await createBlockbookIndexer(url).utxos('mtR97eM2HPWVM6c8FGLGcukgaHHQv7THoL')).toEqual([{ txid: SPENT_TX, vout: 1, value: 917_283_951_061n, confirmed: true }]);
  });

  it('sends an unprefixed Bitcoin Cash CashAddr with its prefix, which Blockbook needs, and a legacy one as it is', async () => {
    const indexer = createBlockbookIndexer(url, { cashAddrPrefix: 'bitcoincash' });
    routes.set('GET /api/v2/utxo/bitcoincash%3Aqzlhal4g3edkspvhcf8pt0wfm8uem7zazgm4jk9dz3', { status: 200, body: '[]' });
    routes.set('GET /api/v2/utxo/1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', { status: 200, body: '[]' });
    expect(await indexer.utxos('qzlhal4g3edkspvhcf8pt0wfm8uem7zazgm4jk9dz3')).toEqual([]);
    expect(await indexer.utxos('bitcoincash:qzlhal4g3edkspvhcf8pt0wfm8uem7zazgm4jk9dz3')).toEqual([]);
    expect(await indexer.utxos('1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu')).toEqual([]);
  });

  it("reads the documented transaction's status, refuses its abridged hex, and takes Blockbook's HTTP 400 'not found' as unknown", async () => {
    const indexer = createBlockbookIndexer(url);
    routes.set(`GET /api/v2/tx/${DOCS_TX}`, { status: 200, body: real('tx-dogecoin-docs.json') });
    expect(await indexer.transactionStatus(DOCS_TX)).toEqual({ confirmed: true, blockHeight: 2_647_927 });
    await expect(indexer.transactionHex(DOCS_TX)).rejects.toMatchObject({ code: 'chain_unavailable' });
    routes.set(`GET /api/v2/tx/${UNKNOWN_TX}`, { status: 400, body: real('tx-not-found-blockbook-test.json') });
    routes.set(`GET /api/v2/tx/${UNKNOWN_TX}?spending=true`, { status: 400, body: real('tx-not-found-blockbook-test.json') });
    expect(await indexer.transactionStatus(UNKNOWN_TX)).toBeNull();
    expect(await indexer.transactionHex(UNKNOWN_TX)).toBeNull();
    expect(await indexer.spenderOf(UNKNOWN_TX, 0)).toBeNull();
  });

  it('reads a mempool transaction (confirmations 0, blockHeight -1) as unconfirmed and its hex', async () => {
    const txid = 'ab'.repeat(32);
    routes.set(`GET /api/v2/tx/${txid}`, { status: 200, body: JSON.stringify({ txid, vin: [], vout: [], blockHeight: -1, confirmations: 0, blockTime: 1_700_000_000, hex: '0100AB' }) });
    const indexer = createBlockbookIndexer(url);
    expect(await indexer.transactionStatus(txid)).toEqual({ confirmed: false, blockHeight: null });
    expect(await indexer.transactionHex(txid)).toBe('0100ab');
  });

  it("names the spender from spentTxId (asking with ?spending=true), null for an unspent output", async () => {
    routes.set(`GET /api/v2/tx/${SPENT_TX}?spending=true`, { status: 200, body: real('tx-spending-blockbook-test.json') });
    const indexer = createBlockbookIndexer(url);
    expect(await indexer.spenderOf(SPENT_TX, 0)).toBe('3d90d15ed026dc45e19ffb52875ed18fa9e8012ad123d7f7212176e2b0ebdb71');
    expect(await indexer.spenderOf(SPENT_TX, 1)).toBeNull();
    expect(await indexer.spenderOf(SPENT_TX, 7)).toBeNull();
  });

  it("converts the estimate's coins per kilobyte into satoshis per virtual byte", async () => {
    routes.set('GET /api/v2/estimatefee/2', { status: 200, body: real('estimatefee-blockbook-test.json') });
    expect(await createBlockbookIndexer(url).feeRate(2)).toBeCloseTo(12.299, 9);
    routes.set('GET /api/v2/estimatefee/3', { status: 200, body: '{"result":"-0.00000001"}' });
    await expect(createBlockbookIndexer(url).feeRate(3)).rejects.toMatchObject({ code: 'chain_unavailable' });
    routes.set('GET /api/v2/estimatefee/4', { status: 200, body: '{"result":"0"}' });
    await expect(createBlockbookIndexer(url).feeRate(4)).rejects.toMatchObject({ code: 'chain_unavailable' });
  });

  it("posts the raw hex and reads the documented result; the backend's refusal is broadcast_rejected, a fault chain_unavailable", async () => {
    const indexer = createBlockbookIndexer(url);
    routes.set('POST /api/v2/sendtx/', { status: 200, body: real('sendtx-result-docs.json') });
    expect(await indexer.broadcast('0100')).toBe('7c3be24063f268aaa1ed81b64776798f56088757641a34fb156c4f51ed2e9d25');
    expect(seen.at(-1)).toBe('POST /api/v2/sendtx/ 0100');
    routes.set('POST /api/v2/sendtx/', { status: 400, body: real('sendtx-error-blockbook-test.json') });
    await expect(indexer.broadcast('00')).rejects.toMatchObject({ code: 'broadcast_rejected', message: expect.stringContaining('Invalid data') });
    routes.set('POST /api/v2/sendtx/', { status: 400, body: real('sendtx-error-docs.json') });
    await expect(indexer.broadcast('00')).rejects.toMatchObject({ code: 'broadcast_rejected', message: expect.stringContaining('error message') });
    routes.set('POST /api/v2/sendtx/', { status: 500, body: 'Internal server error' });
    await expect(indexer.broadcast('00')).rejects.toMatchObject({ code: 'chain_unavailable' });
    routes.set('POST /api/v2/sendtx/', { status: 200, body: '{"result":"9876"}' });
    await expect(indexer.broadcast('00')).rejects.toMatchObject({ code: 'chain_unavailable' });
  });

  it('refuses odd shapes: a numeric or fractional value, another txid than asked, a list too long', async () => {
    const indexer = createBlockbookIndexer(url);
    routes.set('GET /api/v2/utxo/a1', { status: 200, body: `[{"txid":"${SPENT_TX}","vout":1,"value":917283951061,"confirmations":1}]` });
    await expect(indexer.utxos('a1')).rejects.toMatchObject({ code: 'chain_unavailable' });
    routes.set('GET /api/v2/utxo/a2', { status: 200, body: `[{"txid":"${SPENT_TX}","vout":1,"value":"1.5","confirmations":1}]` });
    await expect(indexer.utxos('a2')).rejects.toMatchObject({ code: 'chain_unavailable' });
    routes.set('GET /api/v2/utxo/a3', { status: 200, body: JSON.stringify(Array.from({ length: 5_001 }, () => ({ txid: SPENT_TX, vout: 0, value: '1', confirmations: 1 }))) });
    await expect(indexer.utxos('a3')).rejects.toMatchObject({ code: 'chain_unavailable' });
    const other = 'cd'.repeat(32);
    routes.set(`GET /api/v2/tx/${other}`, { status: 200, body: real('tx-dogecoin-docs.json') });
    await expect(indexer.transactionStatus(other)).rejects.toMatchObject({ code: 'chain_unavailable' });
    routes.set('GET /api/v2/utxo/a4', { status: 400, body: '{"error":"Invalid address, decoded address is of unknown format"}' });
    await expect(indexer.utxos('a4')).rejects.toMatchObject({ code: 'chain_unavailable' });
  });
});
