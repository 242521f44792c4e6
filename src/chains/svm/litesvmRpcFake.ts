import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { FailedTransactionMetadata } from 'litesvm';
import type { LiteSVM } from 'litesvm';
import { base58 } from '@scure/base';
import { getPublicKeyFromAddress, getTransactionDecoder, verifySignature } from '@solana/kit';
import type { Address, SignatureBytes, Transaction } from '@solana/kit';

/**
 * A Solana JSON-RPC node on loopback, backed by a LiteSVM instance: transactions sent to it really
 * execute. It answers the five methods createSvmRpc calls, in the shapes and with the error codes and
 * texts an Agave validator uses, and counts every request per method, so a test can assert that a
 * refused transaction never reached `sendTransaction` and that an accepted one ran.
 */
export interface LitesvmRpcFake {
  readonly url: string;
  readonly svm: LiteSVM;
  /** `sendTransaction` requests received, whatever became of them. */
  readonly sendTransactionCalls: number;
  /** Requests received for `method`. */
  calls(method: string): number;
  close(): Promise<void>;
}

interface Landed {
  readonly wireBase64: string;
  readonly version: 'legacy' | 0;
  readonly slot: number;
  readonly err: unknown;
  readonly logs: readonly string[];
  readonly unitsConsumed: number;
}

interface RpcFailure {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

class RpcFault extends Error {
  constructor(readonly failure: RpcFailure) {
    super(failure.message);
  }
}

// litesvm's TransactionErrorFieldless and InstructionErrorFieldless, by value: the names the RPC writes.
const TRANSACTION_ERRORS = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee',
  'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance',
  'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks', 'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData', 'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit', 'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
];
const INSTRUCTION_ERRORS = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall', 'InsufficientFunds',
  'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized', 'UninitializedAccount', 'UnbalancedInstruction',
  'ModifiedProgramId', 'ExternalAccountLamportSpend', 'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified',
  'DuplicateAccountIndex', 'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged',
  'AccountNotExecutable', 'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'InvalidError',
  'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt', 'UnsupportedProgramId', 'CallDepth',
  'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded', 'InvalidSeeds', 'InvalidRealloc', 'ComputationalBudgetExceeded',
  'PrivilegeEscalation', 'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete', 'ProgramFailedToCompile', 'Immutable',
  'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner', 'ArithmeticOverflow', 'UnsupportedSysvar', 'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded', 'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded', 'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
];

// Agave's Display texts for the errors a wallet meets; the others go out under their name.
const TRANSACTION_ERROR_TEXTS: Readonly<Record<string, string>> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
};

type LitesvmError = ReturnType<FailedTransactionMetadata['err']>;

function instructionErrorJson(err: unknown): unknown {
  if (typeof err === 'number') return INSTRUCTION_ERRORS[err] ?? `InstructionError${err}`;
  if (err && typeof err === 'object' && 'code' in err) return { Custom: (err as { code: number }).code };
  if (err && typeof err === 'object' && 'msg' in err) return { BorshIoError: (err as { msg: string }).msg };
  return 'GenericError';
}

/** A litesvm error as the RPC writes `err` (JSON) and as Agave displays it (the message text). */
function describeError(err: LitesvmError): { json: unknown; text: string } {
  if (typeof err === 'number') {
    const name = TRANSACTION_ERRORS[err] ?? `TransactionError${err}`;
    return { json: name, text: TRANSACTION_ERROR_TEXTS[name] ?? name };
  }
  const kind = err.constructor.name;
  if (kind === 'TransactionErrorInstructionError') {
    const { index } = err as { index: number };
    const inner = instructionErrorJson((err as { err(): unknown }).err());
    const innerText = typeof inner === 'object' && inner && 'Custom' in inner ? `custom program error: 0x${(inner as { Custom: number }).Custom.toString(16)}` : JSON.stringify(inner);
    return { json: { InstructionError: [index, inner] }, text: `Error processing Instruction ${index}: ${innerText}` };
  }
  if (kind === 'TransactionErrorInsufficientFundsForRent') {
    const accountIndex = (err as { accountIndex: number }).accountIndex;
    return { json: { InsufficientFundsForRent: { account_index: accountIndex } }, text: `Transaction results in an account (${accountIndex}) with insufficient funds for rent` };
  }
  if (kind === 'TransactionErrorDuplicateInstruction') {
    const index = (err as { index: number }).index;
    return { json: { DuplicateInstruction: index }, text: `Transaction contains a duplicate instruction (${index}) that is not allowed` };
  }
  return { json: kind.replace(/^TransactionError/, ''), text: String(err) };
}

function toRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function invalidParams(message: string): RpcFault {
  return new RpcFault({ code: -32602, message });
}

export async function startLitesvmRpcFake(svm: LiteSVM): Promise<LitesvmRpcFake> {
  const landed = new Map<string, Landed>();
  const counts = new Map<string, number>();
  const slot = (): number => Number(svm.getClock().slot);

  async function sendTransaction(params: readonly unknown[]): Promise<string> {
    const [encoded, rawConfig] = params;
    const config = toRecord(rawConfig);
    if (config.encoding !== 'base64') throw invalidParams('this fake accepts base64 transactions only');
    if (typeof encoded !== 'string') throw invalidParams('Invalid params: invalid type: expected a string');
    const bytes = Buffer.from(encoded, 'base64');
    if (bytes.length > 1232) throw invalidParams(`base64 encoded solana_transaction::versioned::VersionedTransaction too large: ${bytes.length} bytes (max: encoded/raw 1644/1232)`);
    let tx: Transaction;
    try {
      tx = getTransactionDecoder().decode(bytes);
    } catch (err) {
      throw invalidParams(`failed to deserialize solana_transaction::versioned::VersionedTransaction: ${(err as Error).message}`);
    }
    const firstSignature = Object.values(tx.signatures)[0];
    const signature = base58.encode(firstSignature ?? new Uint8Array(64));
    const version = ((tx.messageBytes[0] ?? 0) & 0x80) !== 0 ? 0 : 'legacy';
    // Like Agave, every signature is verified before anything is simulated.
    for (const [signer, bytesOfSignature] of Object.entries(tx.signatures)) {
      const valid = bytesOfSignature !== null && (await verifySignature(await getPublicKeyFromAddress(signer as Address), bytesOfSignature as SignatureBytes, tx.messageBytes));
      if (!valid) throw new RpcFault({ code: -32003, message: 'Transaction signature verification failure' });
    }

    if (config.skipPreflight !== true) {
      // The validator's status cache answers before simulation does.
      const simulated = landed.has(signature) ? 'AlreadyProcessed' : svm.simulateTransaction(tx);
      if (simulated === 'AlreadyProcessed' || simulated instanceof FailedTransactionMetadata) {
        const { json, text } = simulated === 'AlreadyProcessed' ? describeError(6) : describeError(simulated.err());
        const logs = simulated === 'AlreadyProcessed' ? [] : simulated.meta().logs();
        const unitsConsumed = simulated === 'AlreadyProcessed' ? 0 : Number(simulated.meta().computeUnitsConsumed());
        throw new RpcFault({
          code: -32002,
          message: `Transaction simulation failed: ${text}`,
          data: { err: json, logs, accounts: null, unitsConsumed, returnData: null, innerInstructions: null },
        });
      }
    }
    const result = svm.sendTransaction(tx);
    const failed = result instanceof FailedTransactionMetadata;
    const meta = failed ? result.meta() : result;
    landed.set(signature, {
      wireBase64: encoded,
      version,
      slot: slot(),
      err: failed ? describeError(result.err()).json : null,
      logs: meta.logs(),
      unitsConsumed: Number(meta.computeUnitsConsumed()),
    });
    return signature;
  }

  function getSignatureStatuses(params: readonly unknown[]): unknown {
    const [signatures] = params;
    if (!Array.isArray(signatures)) throw invalidParams('Invalid params: expected an array of signatures');
    const value = signatures.map((s) => {
      const tx = typeof s === 'string' ? landed.get(s) : undefined;
      if (!tx) return null;
      const status = tx.err === null ? { Ok: null } : { Err: tx.err };
      return { slot: tx.slot, confirmations: null, err: tx.err, status, confirmationStatus: 'finalized' };
    });
    return { context: { slot: slot() }, value };
  }

  function getTransaction(params: readonly unknown[]): unknown {
    const [signature, rawConfig] = params;
    const config = toRecord(rawConfig);
    if (config.encoding !== 'base64') throw invalidParams('this fake serves base64 transactions only');
    const tx = typeof signature === 'string' ? landed.get(signature) : undefined;
    if (!tx) return null;
    if (tx.version === 0 && config.maxSupportedTransactionVersion === undefined) {
      throw new RpcFault({
        code: -32015,
        message: 'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
      });
    }
    const status = tx.err === null ? { Ok: null } : { Err: tx.err };
    return {
      slot: tx.slot,
      blockTime: null,
      version: tx.version,
      transaction: [tx.wireBase64, 'base64'],
      meta: { err: tx.err, status, fee: 5000, preBalances: [], postBalances: [], logMessages: tx.logs, computeUnitsConsumed: tx.unitsConsumed },
    };
  }

  function getLatestBlockhash(): unknown {
    // LiteSVM has no block height; a blockhash stays valid until expireBlockhash().
    return { context: { slot: slot() }, value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: slot() + 150 } };
  }

  function getMultipleAccounts(params: readonly unknown[]): unknown {
    const keys = params[0];
    if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string')) throw invalidParams('Invalid params: expected an array of addresses');
    const value = (keys as string[]).map((key) => {
      const account = svm.getAccount(key as Address);
      if (!account.exists) return null;
      return {
        data: [Buffer.from(account.data).toString('base64'), 'base64'],
        executable: account.executable,
        lamports: Number(account.lamports),
        owner: account.programAddress,
        rentEpoch: 0,
        space: account.data.length,
      };
    });
    return { context: { slot: slot() }, value };
  }

  const methods: Record<string, (params: readonly unknown[]) => unknown | Promise<unknown>> = {
    sendTransaction,
    getSignatureStatuses,
    getTransaction,
    getLatestBlockhash,
    getMultipleAccounts,
  };

  async function answer(body: unknown): Promise<unknown> {
    const request = toRecord(body);
    const id = request.id ?? null;
    const method = typeof request.method === 'string' ? request.method : '';
    counts.set(method, (counts.get(method) ?? 0) + 1);
    const handler = methods[method];
    if (!handler) return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
    try {
      return { jsonrpc: '2.0', id, result: await handler(Array.isArray(request.params) ? request.params : []) };
    } catch (err) {
      if (err instanceof RpcFault) return { jsonrpc: '2.0', id, error: err.failure };
      return { jsonrpc: '2.0', id, error: { code: -32603, message: `Internal error: ${(err as Error).message}` } };
    }
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      } catch {
        body = undefined;
      }
      const reply = body === undefined ? Promise.resolve({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }) : answer(body);
      void reply.then((value) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      });
    });
  }

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the fake Solana RPC has no port');

  return {
    url: `http://127.0.0.1:${address.port}`,
    svm,
    get sendTransactionCalls() {
      return counts.get('sendTransaction') ?? 0;
    },
    calls: (method: string) => counts.get(method) ?? 0,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
