import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { AppError } from '../../domain/errors.ts';
import { chainUnavailable } from '../evm/chainUnavailable.ts';
import type { UtxoIndexer } from './createUtxoIndexer.ts';
import { indexerHttp, type IndexerHttpOptions } from './indexerHttp.ts';

/**
 * The same {@link UtxoIndexer} over Trezor's Blockbook REST API v2 (docs/api.md of trezor/blockbook),
 * which serves the chains public Esplora does not (Dogecoin, Bitcoin Cash, Dash):
 * `GET /api/v2/utxo/:a`, `GET /api/v2/tx/:txid[?spending=true]`, `GET /api/v2/estimatefee/:blocks`,
 * `POST /api/v2/sendtx/`. Blockbook writes amounts as decimal strings of satoshis, answers an
 * unknown transaction with HTTP 400 `{"error":"Transaction '…' not found"}` (not 404), and a mempool
 * transaction with `confirmations: 0` and `blockHeight: -1`.
 */
export interface BlockbookOptions extends IndexerHttpOptions {
  /**
   * Bitcoin Cash: Blockbook reads a CashAddr only with its prefix (`bitcoincash:q…`); an unprefixed
   * one would be taken for a base58 address and refused, so it is sent prefixed.
   */
  readonly cashAddrPrefix?: string | null;
}

const TXID = /^[0-9a-f]{64}$/;
const SATOSHIS = '^[0-9]{1,20}$';

const UtxoListSchema = Type.Array(
  Type.Object({
    txid: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    vout: Type.Integer({ minimum: 0, maximum: 100_000 }),
    value: Type.String({ pattern: SATOSHIS }),
    confirmations: Type.Integer({ minimum: 0 }),
  }),
  { maxItems: 5_000 },
);
const TxSchema = Type.Object({
  txid: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  blockHeight: Type.Integer({ minimum: -1 }),
  confirmations: Type.Integer({ minimum: 0 }),
  hex: Type.Optional(Type.String()),
  vout: Type.Array(
    Type.Object({
      n: Type.Integer({ minimum: 0 }),
      spent: Type.Optional(Type.Boolean()),
      spentTxId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{64}$' })),
    }),
    { maxItems: 100_000 },
  ),
});
const ErrorSchema = Type.Object({ error: Type.Union([Type.String(), Type.Object({ message: Type.String() })]) });
// Blockbook's estimatefee: the backend's rate in coins per kilobyte, as a decimal string ("0.00012299").
const FeeSchema = Type.Object({ result: Type.String({ pattern: '^[0-9]{1,12}(\\.[0-9]{1,8})?$' }) });
const SendSchema = Type.Object({ result: Type.String() });

/** Satoshis per kilobyte in a coin-per-kilobyte rate, over the 1,000 bytes: sat/vB. */
const SAT_PER_VB_PER_COIN_PER_KB = 100_000_000 / 1_000;

export function createBlockbookIndexer(baseUrl: string, options: BlockbookOptions = {}): UtxoIndexer {
  const { call, parsed } = indexerHttp(baseUrl, options);
  const cashAddrPrefix = options.cashAddrPrefix ?? null;

  /** Blockbook's error text, from `{"error":"…"}` (what the server writes) or `{"error":{"message":"…"}}` (what its document shows). */
  function errorText(text: string): string {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return text;
    }
    if (!Value.Check(ErrorSchema, body)) return text;
    return typeof body.error === 'string' ? body.error : body.error.message;
  }

  function refuseFault(status: number, text: string, what: string): void {
    if (status >= 400) throw chainUnavailable(what, new Error(`HTTP ${status}: ${errorText(text).slice(0, 200)}`));
  }

  /** The transaction, or `null` when Blockbook does not know it (HTTP 400 naming it not found). */
  async function transaction(txid: string, spending: boolean) {
    const what = 'GET /api/v2/tx/:txid';
    const { status, text } = await call('GET', `/api/v2/tx/${txid}${spending ? '?spending=true' : ''}`);
    if ((status === 400 || status === 404) && /not found/i.test(errorText(text))) return null;
    refuseFault(status, text, what);
    const body = parsed(TxSchema, text, what);
    if (body.txid !== txid) throw chainUnavailable(what, new Error('the indexer answered another transaction'));
    return body;
  }

  function addressForBlockbook(address: string): string {
    return cashAddrPrefix !== null && /^[qp][0-9a-z]{41}$/.test(address) ? `${cashAddrPrefix}:${address}` : address;
  }

  return {
    async utxos(address) {
      const what = 'GET /api/v2/utxo/:a';
      const { status, text } = await call('GET', `/api/v2/utxo/${encodeURIComponent(addressForBlockbook(address))}`);
      refuseFault(status, text, what);
      return parsed(UtxoListSchema, text, what).map((u) => ({ txid: u.txid, vout: u.vout, value: BigInt(u.value), confirmed: u.confirmations > 0 }));
    },
    async transactionHex(txid) {
      if (!TXID.test(txid)) return null;
      const body = await transaction(txid, false);
      if (body === null) return null;
      const hex = body.hex ?? '';
      if (!/^[0-9a-f]+$/i.test(hex) || hex.length % 2 !== 0) throw chainUnavailable('GET /api/v2/tx/:txid', new Error('the answer carries no raw transaction hex'));
      return hex.toLowerCase();
    },
    async transactionStatus(txid) {
      if (!TXID.test(txid)) return null;
      const body = await transaction(txid, false);
      if (body === null) return null;
      const confirmed = body.confirmations > 0 && body.blockHeight >= 0;
      return { confirmed, blockHeight: confirmed ? body.blockHeight : null };
    },
    async spenderOf(txid, vout) {
      if (!TXID.test(txid) || !Number.isSafeInteger(vout) || vout < 0) return null;
      // `?spending=true` asks Blockbook to fill `spentTxId`, which it finds in its index of mined
      // blocks only: a spender still in the mempool reads as unknown, and the caller keeps polling.
      const body = await transaction(txid, true);
      const output = body?.vout.find((o) => o.n === vout);
      return output?.spent === true && output.spentTxId !== undefined ? output.spentTxId : null;
    },
    async feeRate(targetBlocks) {
      const what = 'GET /api/v2/estimatefee/:blocks';
      const blocks = Math.max(1, Math.min(1_008, Math.trunc(targetBlocks)));
      const { status, text } = await call('GET', `/api/v2/estimatefee/${blocks}`);
      refuseFault(status, text, what);
      const rate = Number(parsed(FeeSchema, text, what).result) * SAT_PER_VB_PER_COIN_PER_KB;
      if (!(rate > 0)) throw chainUnavailable(what, new Error('the indexer has no fee estimate'));
      return rate;
    },
    async broadcast(rawHex) {
      const what = 'POST /api/v2/sendtx';
      const { status, text } = await call('POST', '/api/v2/sendtx/', rawHex);
      if (status >= 500) throw chainUnavailable(what, new Error(`HTTP ${status}: ${errorText(text).slice(0, 200)}`));
      if (status >= 400) throw new AppError('broadcast_rejected', `the indexer refused the transaction: ${errorText(text).slice(0, 300).replace(/[^\x20-\x7e]/g, ' ')}`, { details: { httpStatus: status } });
      const txid = parsed(SendSchema, text, what).result.toLowerCase();
      if (!TXID.test(txid)) throw chainUnavailable(what, new Error('the indexer answered without a txid'));
      return txid;
    },
  };
}
