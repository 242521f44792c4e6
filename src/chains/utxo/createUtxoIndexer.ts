import { Type } from 'typebox';
import { AppError } from '../../domain/errors.ts';
import { chainUnavailable } from '../evm/chainUnavailable.ts';
import { indexerHttp, type IndexerHttpOptions } from './indexerHttp.ts';

/** An unspent output of an address, as the indexer lists it. */
export interface Utxo {
  readonly txid: string;
  readonly vout: number;
  readonly value: bigint;
  readonly confirmed: boolean;
}

export interface UtxoTxStatus {
  readonly confirmed: boolean;
  readonly blockHeight: number | null;
}

/**
 * A Bitcoin-family chain's indexer, spoken to in the Esplora HTTP dialect (Blockstream's esplora,
 * mempool.space, electrs): `GET /address/:a/utxo`, `GET /tx/:txid/hex`, `GET /tx/:txid/status`,
 * `GET /fee-estimates`, `POST /tx`. Every answer is checked for size and shape; a fault is
 * AppError('chain_unavailable'), a transaction the node refuses AppError('broadcast_rejected').
 */
export interface UtxoIndexer {
  utxos(address: string): Promise<readonly Utxo[]>;
  /** The raw transaction, `null` when the indexer knows no such transaction. */
  transactionHex(txid: string): Promise<string | null>;
  /** `null` when the indexer knows no such transaction (neither mined nor in its mempool). */
  transactionStatus(txid: string): Promise<UtxoTxStatus | null>;
  /** The txid of the transaction (mined or in the mempool) spending output `vout` of `txid`; `null` while unspent or unknown. */
  spenderOf(txid: string, vout: number): Promise<string | null>;
  /** The fee rate (satoshis per virtual byte) to confirm within `targetBlocks`. */
  feeRate(targetBlocks: number): Promise<number>;
  /** Sends the raw transaction; answers its txid. */
  broadcast(rawHex: string): Promise<string>;
}

const TXID = /^[0-9a-f]{64}$/;

const UtxoListSchema = Type.Array(
  Type.Object({
    txid: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    vout: Type.Integer({ minimum: 0, maximum: 100_000 }),
    value: Type.Integer({ minimum: 0, maximum: 2_100_000_000_000_000 }),
    status: Type.Object({ confirmed: Type.Boolean() }),
  }),
  { maxItems: 5_000 },
);
// Esplora writes `block_height: null` (or leaves it out) for an unconfirmed transaction (API.md, "Transaction format").
const StatusSchema = Type.Object({ confirmed: Type.Boolean(), block_height: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])) });
// Esplora's outspend answer (API.md, "GET /tx/:txid/outspend/:vout"): `{spent: false}`, or the spender.
const OutspendSchema = Type.Object({ spent: Type.Boolean(), txid: Type.Optional(Type.String({ pattern: '^[0-9a-f]{64}$' })) });
const FeeEstimatesSchema = Type.Record(Type.String({ pattern: '^[0-9]+$' }), Type.Number({ minimum: 0 }));

export function createUtxoIndexer(baseUrl: string, options: IndexerHttpOptions = {}): UtxoIndexer {
  const { call, parsed } = indexerHttp(baseUrl, options);

  function refuseFault(status: number, text: string, what: string): void {
    if (status >= 400) throw chainUnavailable(what, new Error(`HTTP ${status}: ${text.slice(0, 200)}`));
  }

  return {
    async utxos(address) {
      const what = 'GET /address/:a/utxo';
      const { status, text } = await call('GET', `/address/${encodeURIComponent(address)}/utxo`);
      refuseFault(status, text, what);
      return parsed(UtxoListSchema, text, what).map((u) => ({ txid: u.txid, vout: u.vout, value: BigInt(u.value), confirmed: u.status.confirmed }));
    },
    async transactionHex(txid) {
      if (!TXID.test(txid)) return null;
      const what = 'GET /tx/:txid/hex';
      const { status, text } = await call('GET', `/tx/${txid}/hex`);
      if (status === 404) return null;
      refuseFault(status, text, what);
      const hex = text.trim();
      if (!/^[0-9a-f]+$/i.test(hex) || hex.length % 2 !== 0) throw chainUnavailable(what, new Error('the answer is not hex'));
      return hex.toLowerCase();
    },
    async transactionStatus(txid) {
      if (!TXID.test(txid)) return null;
      const what = 'GET /tx/:txid/status';
      const { status, text } = await call('GET', `/tx/${txid}/status`);
      if (status === 404) return null;
      refuseFault(status, text, what);
      const body = parsed(StatusSchema, text, what);
      return { confirmed: body.confirmed, blockHeight: body.confirmed ? (body.block_height ?? null) : null };
    },
    async spenderOf(txid, vout) {
      if (!TXID.test(txid) || !Number.isSafeInteger(vout) || vout < 0) return null;
      const what = 'GET /tx/:txid/outspend/:vout';
      const { status, text } = await call('GET', `/tx/${txid}/outspend/${vout}`);
      if (status === 404) return null;
      refuseFault(status, text, what);
      const body = parsed(OutspendSchema, text, what);
      return body.spent && body.txid !== undefined ? body.txid : null;
    },
    async feeRate(targetBlocks) {
      const what = 'GET /fee-estimates';
      const { status, text } = await call('GET', '/fee-estimates');
      refuseFault(status, text, what);
      const estimates = Object.entries(parsed(FeeEstimatesSchema, text, what)).map(([target, rate]) => [Number(target), rate] as const).sort((a, b) => a[0] - b[0]);
      // The estimate for the target, or the nearest faster one Esplora lists (it skips some targets).
      const chosen = [...estimates].reverse().find(([target]) => target <= targetBlocks) ?? estimates[0];
      if (!chosen) throw chainUnavailable(what, new Error('the indexer lists no fee estimate'));
      return chosen[1];
    },
    async broadcast(rawHex) {
      const { status, text } = await call('POST', '/tx', rawHex);
      if (status >= 500) throw chainUnavailable('POST /tx', new Error(`HTTP ${status}: ${text.slice(0, 200)}`));
      if (status >= 400) throw new AppError('broadcast_rejected', `the ${'indexer'} refused the transaction: ${text.slice(0, 300).replace(/[^\x20-\x7e]/g, ' ')}`, { details: { httpStatus: status } });
      const txid = text.trim().toLowerCase();
      if (!TXID.test(txid)) throw chainUnavailable('POST /tx', new Error('the indexer answered without a txid'));
      return txid;
    },
  };
}
