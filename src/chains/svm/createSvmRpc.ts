import { base64 } from '@scure/base';
import { Type } from 'typebox';
import { AppError } from '../../domain/errors.ts';
import { chainUnavailable } from '../evm/chainUnavailable.ts';
import { SvmRpcError, createSvmRpcCall } from './callSvmRpc.ts';
import type { SvmRpcCall } from './callSvmRpc.ts';
import { classifySvmBroadcastError, svmRefusalOf } from './classifySvmBroadcastError.ts';
import { ADDRESS_LOOKUP_TABLE_PROGRAM, MAX_LOOKUP_TABLE_BYTES, decodeAddressLookupTable, type SvmLookupTables } from './addressLookupTables.ts';
import { decodeSvmTransaction } from './decodeSvmTransaction.ts';
import type { DecodedSvmTransaction } from './decodeSvmTransaction.ts';

export type SvmCommitment = 'processed' | 'confirmed' | 'finalized';

export interface SvmSignatureStatus {
  readonly slot: bigint;
  /** `null` when the node keeps the status only in its long-term history (no commitment reported). */
  readonly confirmationStatus: SvmCommitment | null;
  /** The transaction executed and failed; its fee was still charged. */
  readonly failed: boolean;
}

export interface FoundSvmTransaction {
  readonly transaction: DecodedSvmTransaction;
  readonly slot: bigint;
  /** The transaction executed and failed (`meta.err`); its fee was still charged. */
  readonly failed: boolean;
}

export interface SvmBlockhash {
  readonly blockhash: string;
  /** The last block height at which a transaction carrying this blockhash can land. */
  readonly lastValidBlockHeight: bigint;
}

export interface SvmRpc {
  /**
   * Sends signed bytes (standard base64) with preflight on; returns the transaction id (first
   * signature). Throws AppError with the node's refusal typed (classifySvmBroadcastError). Bytes the
   * node reports as already processed count as sent when their signature is on chain.
   */
  broadcast(wireBase64: string): Promise<string>;
  /** `null` when the node knows nothing of the signature, history included. Throws AppError('chain_unavailable'). */
  findSignatureStatus(signature: string): Promise<SvmSignatureStatus | null>;
  /** The transaction at `confirmed` commitment or better, `null` until then. Throws AppError('chain_unavailable'). */
  findTransaction(signature: string): Promise<FoundSvmTransaction | null>;
  latestBlockhash(): Promise<SvmBlockhash>;
  /**
   * The entries of each address lookup table (getMultipleAccounts, base64, `confirmed`). Throws
   * AppError('chain_unavailable') when the node does not answer; AppError('unsafe_venue_answer') when
   * a table does not exist, is not owned by the lookup-table program, or is not an active table:
   * only a venue's transaction names the tables, so a bad one is the venue's.
   */
  readLookupTables(tables: readonly string[]): Promise<SvmLookupTables>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
// `confirmed` is the lowest commitment getTransaction serves, and enough for a supermajority vote.
const READ_COMMITMENT = 'confirmed';

const SLOT = Type.Integer({ minimum: 0 });
const SignatureSchema = Type.String({ minLength: 32, maxLength: 100 });
const StatusesSchema = Type.Object({
  value: Type.Array(
    Type.Union([
      Type.Null(),
      Type.Object({
        slot: SLOT,
        err: Type.Unknown(),
        confirmationStatus: Type.Optional(Type.Union([Type.Null(), Type.Literal('processed'), Type.Literal('confirmed'), Type.Literal('finalized')])),
      }),
    ]),
  ),
});
const TransactionSchema = Type.Union([
  Type.Null(),
  Type.Object({
    slot: SLOT,
    transaction: Type.Tuple([Type.String(), Type.Literal('base64')]),
    meta: Type.Union([Type.Null(), Type.Object({ err: Type.Unknown() })]),
  }),
]);
// At most this many tables per request: a v0 message rarely names more than a few.
const MAX_TABLES_PER_REQUEST = 16;
const AccountsSchema = Type.Object({
  value: Type.Array(
    Type.Union([
      Type.Null(),
      Type.Object({
        owner: Type.String({ minLength: 32, maxLength: 44 }),
        // base64 of at most a full table: a node answering more is not answering this question.
        data: Type.Tuple([Type.String({ maxLength: Math.ceil(MAX_LOOKUP_TABLE_BYTES / 3) * 4 }), Type.Literal('base64')]),
      }),
    ]),
    { maxItems: MAX_TABLES_PER_REQUEST },
  ),
});
const BlockhashSchema = Type.Object({
  value: Type.Object({ blockhash: Type.String({ minLength: 32, maxLength: 44 }), lastValidBlockHeight: SLOT }),
});

async function read<T>(request: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw err instanceof AppError ? err : chainUnavailable(request, err);
  }
}

async function signatureStatus(call: SvmRpcCall, signature: string): Promise<SvmSignatureStatus | null> {
  const { value } = await call('getSignatureStatuses', [[signature], { searchTransactionHistory: true }], StatusesSchema);
  if (value.length !== 1) throw new Error(`the node answered ${value.length} statuses for one signature`);
  const status = value[0];
  if (!status) return null;
  return { slot: BigInt(status.slot), confirmationStatus: status.confirmationStatus ?? null, failed: status.err !== null };
}

async function transaction(call: SvmRpcCall, signature: string): Promise<FoundSvmTransaction | null> {
  const found = await call(
    'getTransaction',
    [signature, { encoding: 'base64', commitment: READ_COMMITMENT, maxSupportedTransactionVersion: 0 }],
    TransactionSchema,
  );
  if (!found) return null;
  let decoded: DecodedSvmTransaction;
  try {
    decoded = decodeSvmTransaction(found.transaction[0], 'base64');
  } catch (err) {
    throw new Error(`the node served bytes for ${signature} that do not decode`, { cause: err });
  }
  // A proxy answering for the wrong signature would have us verify someone else's transaction.
  if (decoded.id !== signature) throw new Error(`the node answered with transaction ${decoded.id} when asked for ${signature}`);
  return { transaction: decoded, slot: BigInt(found.slot), failed: found.meta !== null && found.meta.err !== null };
}

async function lookupTables(call: SvmRpcCall, tables: readonly string[]): Promise<SvmLookupTables> {
  if (tables.length === 0) return {};
  if (tables.length > MAX_TABLES_PER_REQUEST) throw new AppError('unsafe_venue_answer', `the Solana transaction loads accounts from ${tables.length} lookup tables, more than ${MAX_TABLES_PER_REQUEST}`);
  const { value } = await read('getMultipleAccounts', () => call('getMultipleAccounts', [tables, { encoding: 'base64', commitment: READ_COMMITMENT }], AccountsSchema));
  if (value.length !== tables.length) throw chainUnavailable('getMultipleAccounts', new Error(`the node answered ${value.length} accounts for ${tables.length}`));
  const out: Record<string, readonly string[]> = {};
  for (const [i, table] of tables.entries()) {
    const account = value[i];
    const refuse = (why: string): never => {
      throw new AppError('unsafe_venue_answer', `the Solana transaction loads accounts from lookup table ${table}, which ${why}`);
    };
    if (!account) return refuse('does not exist');
    if (account.owner !== ADDRESS_LOOKUP_TABLE_PROGRAM) return refuse(`is owned by ${account.owner}, not the lookup-table program`);
    let data: Uint8Array;
    try {
      data = base64.decode(account.data[0]);
    } catch {
      throw chainUnavailable('getMultipleAccounts', new Error(`the node answered table ${table} in data that is not base64`));
    }
    try {
      out[table] = decodeAddressLookupTable(data);
    } catch (err) {
      refuse((err as Error).message);
    }
  }
  return out;
}

/**
 * The few JSON-RPC calls the engine makes on a Solana cluster, over plain fetch. No retries: a
 * resent transaction after a timeout is the caller's decision, and reads are cheap to ask again.
 */
export function createSvmRpc(rpcUrl: string, options: { timeoutMs?: number; fetch?: typeof fetch } = {}): SvmRpc {
  const call = createSvmRpcCall(rpcUrl, { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, fetch: options.fetch });

  return {
    async broadcast(wireBase64: string): Promise<string> {
      // The id is a function of the bytes; trusting the node's echo of it would gain nothing.
      const { id } = decodeSvmTransaction(wireBase64, 'base64');
      try {
        await call('sendTransaction', [wireBase64, { encoding: 'base64', skipPreflight: false, preflightCommitment: READ_COMMITMENT }], SignatureSchema);
        return id;
      } catch (err) {
        if (err instanceof SvmRpcError && svmRefusalOf(err) === 'already_processed') {
          const landed = await read('getSignatureStatuses', () => signatureStatus(call, id));
          if (landed) return id;
        }
        throw classifySvmBroadcastError(err);
      }
    },

    findSignatureStatus: (signature: string) => read('getSignatureStatuses', () => signatureStatus(call, signature)),

    findTransaction: (signature: string) => read('getTransaction', () => transaction(call, signature)),

    readLookupTables: (tables: readonly string[]) => lookupTables(call, tables),

    latestBlockhash: () =>
      read('getLatestBlockhash', async () => {
        const { value } = await call('getLatestBlockhash', [{ commitment: READ_COMMITMENT }], BlockhashSchema);
        return { blockhash: value.blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) };
      }),
  };
}
