import { BaseError, RpcRequestError } from 'viem';
import { AppError } from '../../domain/errors.ts';
import { chainUnavailable } from './chainUnavailable.ts';

type RefusalCode = 'nonce_too_low' | 'transaction_underpriced' | 'insufficient_funds';

/**
 * Node refusal texts, matched as lower-case substrings. `compact` patterns are matched against the
 * text with everything but letters and digits removed, which catches enum-style reasons
 * (Nethermind `OldNonce`/`FeeTooLow`, Besu `UPFRONT_COST_EXCEEDS_BALANCE`) however they are cased.
 *
 * "already known" / "already imported" means these exact bytes (so this nonce) are already in
 * the pool; it is reported as nonce_too_low, like the same bytes resent after they were mined.
 */
const REFUSALS: readonly { code: RefusalCode; text: readonly string[]; compact: readonly string[] }[] = [
  {
    code: 'nonce_too_low',
    text: [
      'nonce too low', // anvil, geth, reth, erigon
      'nonce is too low',
      'already known', // geth, reth
      'already imported', // anvil: "transaction already imported"
      'known transaction', // older geth, besu
      'nonce has already been used',
      'stale nonce',
    ],
    compact: ['noncetoolow', 'oldnonce', 'alreadyknown'],
  },
  {
    code: 'transaction_underpriced',
    text: [
      'underpriced', // "transaction underpriced", "replacement transaction underpriced"
      'fee too low',
      'less than block base fee', // anvil, geth, reth: "max fee per gas less than block base fee"
      'below block base fee',
      'below current base fee',
      'gas price too low',
      'gas price below',
      'tip too low',
    ],
    compact: ['feetoolow', 'gaspricetoolow', 'gaspricebelowcurrentbasefee', 'feecaptoolow'],
  },
  {
    code: 'insufficient_funds',
    text: [
      'insufficient funds', // anvil "Insufficient funds for gas * price + value", geth, reth
      'insufficient balance',
      'not enough funds',
      'exceeds account balance', // besu "Upfront cost exceeds account balance"
    ],
    compact: ['insufficientfunds', 'upfrontcostexceedsbalance'],
  },
];

const SUMMARIES: Record<RefusalCode, string> = {
  nonce_too_low: 'the chain refused the transaction: its nonce is already used',
  transaction_underpriced: 'the chain refused the transaction: its fee is too low',
  insufficient_funds: 'the chain refused the transaction: the signer cannot pay amount plus gas',
};

// -32005 is the de-facto "limit exceeded" code: the node asks us to come back, it refused nothing.
const RATE_LIMIT_CODE = -32005;

export function matchRefusal(nodeText: string): RefusalCode | null {
  const text = nodeText.toLowerCase();
  const compact = text.replace(/[^a-z0-9]/g, '');
  for (const refusal of REFUSALS) {
    if (refusal.text.some((t) => text.includes(t)) || refusal.compact.some((t) => compact.includes(t))) {
      return refusal.code;
    }
  }
  return null;
}

function refused(code: number | undefined, nodeText: string, cause: unknown): AppError {
  const details = { nodeMessage: nodeText, ...(code !== undefined ? { rpcCode: code } : {}) };
  const refusal = matchRefusal(nodeText);
  if (refusal) return new AppError(refusal, `${SUMMARIES[refusal]} (${nodeText})`, { details, cause });
  return new AppError('broadcast_rejected', `the chain refused the transaction: ${nodeText}`, { details, cause });
}

function dataText(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') return data.message;
  return '';
}

/**
 * Turns whatever eth_sendRawTransaction threw into the API's error. Anything that is not a node's
 * answer (connection refused, timeout, HTTP 5xx page, rate limit) is chain_unavailable: the client
 * may retry the same bytes. Caution for callers: after a timeout the node may still have taken them.
 */
export function classifyBroadcastError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof BaseError) {
    const rpc = err.walk((e) => e instanceof RpcRequestError);
    if (rpc instanceof RpcRequestError) {
      if (rpc.code === RATE_LIMIT_CODE || rpc.status === 429) return chainUnavailable('eth_sendRawTransaction (rate limited)', err);
      const extra = dataText(rpc.data);
      const text = extra && !rpc.details.includes(extra) ? `${rpc.details}: ${extra}` : rpc.details;
      // A JSON-RPC error in an HTTP 5xx answer is usually a gateway's trouble, not the node's verdict.
      const gatewayTrouble = rpc.status !== undefined && (rpc.status >= 500 || rpc.status === 408);
      if (gatewayTrouble && matchRefusal(text) === null) return chainUnavailable('eth_sendRawTransaction', err);
      return refused(rpc.code, text, err);
    }
  }
  return chainUnavailable('eth_sendRawTransaction', err);
}
