import { AppError } from '../../domain/errors.ts';
import { classifyTronBroadcastError } from './classifyTronBroadcastError.ts';

/** The newest block, for the reference block a transaction names (TAPoS). */
export interface TronBlockRef {
  readonly number: number;
  readonly blockID: string;
  readonly timestamp: number;
}

/** A transaction the node holds, with its outcome once it is in a block. */
export interface FoundTronTransaction {
  readonly txID: string;
  readonly rawDataHex: string;
  readonly signatures: readonly string[];
  /** `null` while the transaction is not in a block yet. */
  readonly blockNumber: number | null;
  /** The contract's outcome (`SUCCESS`, `REVERT`, `OUT_OF_ENERGY`, …), `null` until in a block. */
  readonly result: string | null;
}

export interface TronRpc {
  nowBlock(): Promise<TronBlockRef>;
  /** Broadcasts a signed transaction; answers its txID, or throws the classified refusal (AppError). */
  broadcast(transaction: Record<string, unknown>): Promise<string>;
  /** `null` when the node does not know the transaction. */
  findTransaction(txID: string): Promise<FoundTronTransaction | null>;
  /** A TRC-20 `allowance(owner, spender)`, read with `triggerconstantcontract` (`41…` hex addresses). */
  trc20Allowance(token: string, owner: string, spender: string): Promise<bigint>;
}

export interface TronRpcOptions {
  /** Sent as `TRON-PRO-API-KEY` (TronGrid's header) when set. */
  readonly apiKey?: string | undefined;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 1_000_000;
const RETRY_AFTER_MS = 5_000;

/**
 * A client of a Tron full node's HTTP API (java-tron `/wallet/*`, TronGrid, or a compatible
 * provider): one attempt per call, one deadline, every answer checked before it is used. Addresses
 * and hex travel with `visible: false`.
 */
export function createTronRpc(baseUrl: string, options: TronRpcOptions = {}): TronRpc {
  const doFetch = options.fetch ?? fetch;
  const root = baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(options.apiKey ? { 'TRON-PRO-API-KEY': options.apiKey } : {}) };

  async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
    let text: string;
    try {
      const response = await doFetch(`${root}${path}`, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS) });
      text = await response.text();
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      throw unavailable(path, error);
    }
    if (text.length > MAX_ANSWER_BYTES) throw unavailable(path, new Error('answer too large'));
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw unavailable(path, new Error('answer is not JSON'));
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw unavailable(path, new Error('answer is not a JSON object'));
    return parsed as Record<string, unknown>;
  }

  return {
    async nowBlock() {
      const block = await post('/wallet/getnowblock', {});
      const header = (block.block_header as { raw_data?: { number?: unknown; timestamp?: unknown } } | undefined)?.raw_data;
      if (typeof block.blockID !== 'string' || !/^[0-9a-f]{64}$/i.test(block.blockID) || typeof header?.number !== 'number' || typeof header.timestamp !== 'number') throw unavailable('/wallet/getnowblock', new Error('answer has no block id, number and timestamp'));
      return { number: header.number, blockID: block.blockID.toLowerCase(), timestamp: header.timestamp };
    },

    async broadcast(transaction) {
      const answer = await post('/wallet/broadcasttransaction', transaction);
      if (answer.result === true) return String(answer.txid ?? transaction.txID);
      throw classifyTronBroadcastError(answer);
    },

    async trc20Allowance(token, owner, spender) {
      const word = (hex41: string): string => hex41.slice(2).padStart(64, '0');
      const answer = await post('/wallet/triggerconstantcontract', { owner_address: owner, contract_address: token, function_selector: 'allowance(address,address)', parameter: word(owner) + word(spender), visible: false });
      const result = Array.isArray(answer.constant_result) ? answer.constant_result[0] : undefined;
      if ((answer.result as { result?: unknown } | undefined)?.result !== true || typeof result !== 'string' || !/^[0-9a-fA-F]{64}$/.test(result)) throw unavailable('/wallet/triggerconstantcontract', new Error('answer has no allowance word'));
      return BigInt(`0x${result}`);
    },

    async findTransaction(txID) {
      const tx = await post('/wallet/gettransactionbyid', { value: txID, visible: false });
      if (Object.keys(tx).length === 0) return null;
      if (typeof tx.txID !== 'string' || tx.txID.toLowerCase() !== txID.toLowerCase() || typeof tx.raw_data_hex !== 'string') throw unavailable('/wallet/gettransactionbyid', new Error(`answer is not transaction ${txID}`));
      const signatures = Array.isArray(tx.signature) ? tx.signature.filter((s): s is string => typeof s === 'string') : [];
      const info = await post('/wallet/gettransactioninfobyid', { value: txID });
      const inBlock = typeof info.blockNumber === 'number';
      // A TRX transfer has no receipt result; the transaction's own `ret` says how its contract ended.
      const ret = Array.isArray(tx.ret) ? (tx.ret[0] as { contractRet?: unknown } | undefined)?.contractRet : undefined;
      const receipt = (info.receipt as { result?: unknown } | undefined)?.result;
      const result = !inBlock ? null : typeof receipt === 'string' ? receipt : typeof ret === 'string' ? ret : info.result === 'FAILED' ? 'FAILED' : 'SUCCESS';
      return { txID: tx.txID.toLowerCase(), rawDataHex: tx.raw_data_hex.toLowerCase(), signatures, blockNumber: inBlock ? (info.blockNumber as number) : null, result };
    },
  };
}

function unavailable(request: string, cause: unknown): AppError {
  const detail = cause instanceof Error ? cause.message : '';
  return new AppError('chain_unavailable', `the Tron node gave no usable answer to ${request}${detail ? `: ${detail}` : ''}`, { retryAfterMs: RETRY_AFTER_MS, cause });
}
