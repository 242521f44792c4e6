import { AppError } from '../../domain/errors.ts';
import type { ErrorCode } from '../../domain/errors.ts';
import { chainUnavailable } from '../evm/chainUnavailable.ts';
import { SvmRpcError } from './callSvmRpc.ts';

/** What a validator's refusal of `sendTransaction` means for the client. */
export type SvmRefusal = 'blockhash_expired' | 'insufficient_funds' | 'already_processed';

/**
 * The API code of each refusal. `blockhash_expired` is not retriable: the same bytes can never land;
 * sign again with a fresh blockhash or build again. `already_processed` never reaches the client when the signature is found on chain: the broadcast
 * then succeeded earlier (see createSvmRpc).
 */
const CODES: Record<SvmRefusal, ErrorCode> = {
  blockhash_expired: 'blockhash_expired',
  insufficient_funds: 'insufficient_funds',
  already_processed: 'broadcast_rejected',
};

const SUMMARIES: Record<SvmRefusal, string> = {
  blockhash_expired: 'the chain refused the transaction: its blockhash is unknown or expired; sign it again with a fresh blockhash (when the step allows it) or build again',
  insufficient_funds: 'the chain refused the transaction: the fee payer cannot pay the amount, the fee or the rent',
  already_processed: 'the chain refused the transaction: it has already been processed',
};

// Solana's JSON-RPC codes for "come back later": node unhealthy or behind (-32005), minimum context
// slot not reached (-32016). -32603 is the node's own internal fault. None of them judged the transaction.
const UNAVAILABLE_CODES = new Set([-32005, -32016, -32603]);

/**
 * TransactionError names as the RPC writes them in `data.err` (a string, or an object keyed by the
 * name: `{ "InstructionError": [1, { "Custom": 1 }] }`, `{ "InsufficientFundsForRent": { "account_index": 0 } }`).
 * AccountNotFound is the fee payer's account not existing: it holds no lamports at all.
 */
const REFUSAL_OF_ERROR: Readonly<Record<string, SvmRefusal>> = {
  BlockhashNotFound: 'blockhash_expired',
  AlreadyProcessed: 'already_processed',
  InsufficientFundsForFee: 'insufficient_funds',
  AccountNotFound: 'insufficient_funds',
  InsufficientFundsForRent: 'insufficient_funds',
};

// Matched in the node's message and the simulation logs, lower-cased, when `data.err` says too little.
const REFUSAL_TEXTS: readonly { refusal: SvmRefusal; texts: readonly string[] }[] = [
  { refusal: 'blockhash_expired', texts: ['blockhash not found'] },
  { refusal: 'already_processed', texts: ['already been processed'] },
  {
    refusal: 'insufficient_funds',
    texts: [
      'insufficient funds', // "Insufficient funds for fee", SPL Token "Program log: Error: insufficient funds"
      'insufficient lamports', // System program "Transfer: insufficient lamports 0, need 5000"
      'no record of a prior credit', // AccountNotFound
    ],
  },
];

interface SimulationFailure {
  readonly err: unknown;
  readonly logs: readonly string[];
}

function simulationOf(data: unknown): SimulationFailure {
  if (!data || typeof data !== 'object') return { err: null, logs: [] };
  const { err, logs } = data as { err?: unknown; logs?: unknown };
  return { err: err ?? null, logs: Array.isArray(logs) ? logs.filter((l): l is string => typeof l === 'string') : [] };
}

function errorName(err: unknown): string | null {
  if (typeof err === 'string') return err;
  if (err && typeof err === 'object') return Object.keys(err)[0] ?? null;
  return null;
}

function instructionErrorRefusal(err: unknown): SvmRefusal | null {
  if (!err || typeof err !== 'object' || !('InstructionError' in err)) return null;
  const detail = (err as { InstructionError: unknown }).InstructionError;
  return Array.isArray(detail) && detail[1] === 'InsufficientFunds' ? 'insufficient_funds' : null;
}

/** Reads a refusal out of a node's answer to sendTransaction; `null` when it is some other refusal. */
export function svmRefusalOf(error: SvmRpcError): SvmRefusal | null {
  const { err, logs } = simulationOf(error.data);
  const name = errorName(err);
  const byName = name ? REFUSAL_OF_ERROR[name] : undefined;
  if (byName) return byName;
  const byInstruction = instructionErrorRefusal(err);
  if (byInstruction) return byInstruction;
  // A program's custom error code means nothing across programs; only its logs say "insufficient".
  const text = [error.rpcMessage, ...logs].join('\n').toLowerCase();
  for (const { refusal, texts } of REFUSAL_TEXTS) {
    if (texts.some((t) => text.includes(t))) return refusal;
  }
  return null;
}

function isUnavailable(error: SvmRpcError): boolean {
  return UNAVAILABLE_CODES.has(error.rpcCode) || error.httpStatus === 429 || error.httpStatus === 408 || error.httpStatus >= 500;
}

/**
 * Turns whatever sendTransaction threw into the API's error. A node's refusal (failed preflight,
 * bad signature, undecodable bytes) becomes a typed 4xx; anything that is not a verdict on the
 * transaction (unreachable, timeout, gateway 5xx, rate limit, unhealthy node) is chain_unavailable,
 * and the client may retry the same bytes. Caution: after a timeout the node may still have taken them.
 */
export function classifySvmBroadcastError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (!(err instanceof SvmRpcError)) return chainUnavailable('sendTransaction', err);
  const refusal = svmRefusalOf(err);
  // A gateway's 5xx carrying a validator's verdict is still the verdict.
  if (!refusal && isUnavailable(err)) return chainUnavailable('sendTransaction', err);
  const { err: chainError } = simulationOf(err.data);
  const details: Record<string, unknown> = {
    nodeMessage: err.rpcMessage,
    rpcCode: err.rpcCode,
    ...(chainError !== null ? { chainError } : {}),
    ...(refusal ? { refusal } : {}),
  };
  if (refusal) return new AppError(CODES[refusal], `${SUMMARIES[refusal]} (${err.rpcMessage})`, { details, cause: err });
  return new AppError('broadcast_rejected', `the chain refused the transaction: ${err.rpcMessage}`, { details, cause: err });
}
