import { AppError } from '../../domain/errors.ts';

/** Why a node refused a broadcast, as a client can act on it. */
export type TronRefusal = 'duplicate' | 'expired' | 'insufficient_balance' | 'signature' | 'node_busy' | 'other';

/**
 * java-tron's `broadcasttransaction` answers `{ result: false, code, message }`, the message hex-encoded
 * UTF-8. `DUP_TRANSACTION_ERROR` means the node already holds these bytes (the caller checks and
 * takes it as sent); expiry and TAPoS errors mean the same bytes can never land (build again); a
 * balance or resource refusal is the signer's funds; busy or unconnected nodes judged nothing.
 */
export function classifyTronBroadcastError(answer: Record<string, unknown>): AppError {
  const code = typeof answer.code === 'string' ? answer.code : 'OTHER_ERROR';
  const message = readable(answer.message);
  const refusal = refusalOf(code, message);
  const details = { tronCode: code, refusal };
  const text = `the Tron node refused the transaction (${code}${message ? `: ${message.slice(0, 200)}` : ''})`;
  switch (refusal) {
    case 'node_busy':
      return new AppError('chain_unavailable', `${text}; nothing was recorded, retry later`, { retryAfterMs: 5_000, details });
    case 'insufficient_balance':
      return new AppError('insufficient_funds', `${text}: the signer cannot pay the amount, the call value or the energy`, { details });
    case 'expired':
      return new AppError('broadcast_rejected', `${text}: the transaction expired or names an unknown reference block; build again`, { details });
    case 'duplicate':
      return new AppError('broadcast_rejected', `${text}: the node already holds this transaction`, { details });
    default:
      return new AppError('broadcast_rejected', text, { details });
  }
}

function refusalOf(code: string, message: string): TronRefusal {
  if (code === 'DUP_TRANSACTION_ERROR') return 'duplicate';
  if (code === 'TRANSACTION_EXPIRATION_ERROR' || code === 'TAPOS_ERROR') return 'expired';
  if (code === 'SIGERROR') return 'signature';
  if (code === 'SERVER_BUSY' || code === 'NOT_ENOUGH_EFFECTIVE_CONNECTION' || code === 'NO_CONNECTION' || code === 'BLOCK_UNSOLIDIFIED') return 'node_busy';
  if (code === 'BANDWITH_ERROR' || /balance is not sufficient|insufficient balance|account resource insufficient|does not exist/i.test(message)) return 'insufficient_balance';
  return 'other';
}

function readable(message: unknown): string {
  if (typeof message !== 'string') return '';
  if (/^([0-9a-fA-F]{2})+$/.test(message)) return Buffer.from(message, 'hex').toString('utf8').replace(/[^\x20-\x7e]/g, '');
  return message.replace(/[^\x20-\x7e]/g, '');
}
