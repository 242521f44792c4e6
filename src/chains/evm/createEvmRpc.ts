import {
  AbiDecodingZeroDataError,
  BaseError,
  ContractFunctionRevertedError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  createPublicClient,
  erc20Abi,
  getAddress,
  http,
  keccak256,
} from 'viem';
import type { Address, Hex, PublicClient, Transaction, TransactionReceipt } from 'viem';
import { AppError } from '../../domain/errors.ts';
import { chainUnavailable } from './chainUnavailable.ts';
import { classifyBroadcastError } from './classifyBroadcastError.ts';

export interface FoundEvmTransaction {
  /** `null` for a pre-EIP-155 legacy transaction. */
  readonly chainId: number | null;
  readonly from: Address;
  readonly to: Address | null;
  readonly data: Hex;
  readonly value: bigint;
  /** The signer's nonce: a transaction with the same signer and nonce replaces this one. */
  readonly nonce: number;
  /** `null` while the transaction waits in the pool. */
  readonly blockNumber: bigint | null;
  /** `pending` until the node serves a receipt. */
  readonly status: 'success' | 'reverted' | 'pending';
}

export interface EvmRpc {
  chainId(): Promise<number>;
  /** Sends signed bytes; returns their hash. Throws AppError with the node's refusal typed. */
  broadcast(raw: Hex): Promise<Hex>;
  /** `null` when the node does not know the hash. Throws AppError('chain_unavailable'). */
  findTransaction(hash: Hex): Promise<FoundEvmTransaction | null>;
  allowance(token: Address, owner: Address, spender: Address): Promise<bigint>;
  /**
   * The nonce the signer's next transaction must carry (`eth_getTransactionCount(address, 'pending')`:
   * its mined transactions and those in the node's pool). Throws AppError('chain_unavailable').
   */
  pendingNonce(address: Address): Promise<number>;
  /** The underlying read-only client, for callers with reads of their own (venue adapters). */
  readonly client: PublicClient;
}

const DEFAULT_TIMEOUT_MS = 10_000;

// A legacy transaction's chain is the one its signature commits to (EIP-155: v = 2·chainId + 35 +
// parity); nodes disagree on which `chainId` field, if any, to show for one signed without.
function chainIdOf(tx: Transaction): number | null {
  if (tx.type !== 'legacy') return tx.chainId ?? null;
  if (typeof tx.v === 'bigint') return tx.v >= 35n ? Number((tx.v - 35n) / 2n) : null;
  return tx.chainId ?? null;
}

async function read<T>(request: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw err instanceof AppError ? err : chainUnavailable(request, err);
  }
}

function assertSameHash(answered: Hex, asked: Hex): void {
  if (answered.toLowerCase() !== asked.toLowerCase()) {
    throw new Error(`the node answered for transaction ${answered} when asked for ${asked}`);
  }
}

async function receiptOf(client: PublicClient, hash: Hex): Promise<TransactionReceipt | null> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (err) {
    if (err instanceof BaseError && err.walk((e) => e instanceof TransactionReceiptNotFoundError)) return null;
    throw err;
  }
}

async function find(client: PublicClient, hash: Hex): Promise<FoundEvmTransaction | null> {
  let tx: Transaction;
  try {
    tx = await client.getTransaction({ hash });
  } catch (err) {
    if (err instanceof BaseError && err.walk((e) => e instanceof TransactionNotFoundError)) return null;
    throw err;
  }
  // A proxy answering for the wrong hash would have us verify someone else's transaction.
  assertSameHash(tx.hash, hash);
  const base = {
    chainId: chainIdOf(tx),
    from: getAddress(tx.from),
    to: tx.to ? getAddress(tx.to) : null,
    data: tx.input,
    value: tx.value,
    nonce: tx.nonce,
  };
  // The receipt is asked for even when the transaction looks pooled: nodes (anvil included) and
  // load-balanced RPCs can serve a receipt while still showing the pool's copy of the transaction,
  // or the other way round.
  const receipt = await receiptOf(client, hash);
  if (!receipt) return { ...base, blockNumber: tx.blockNumber, status: 'pending' };
  assertSameHash(receipt.transactionHash, hash);
  return { ...base, blockNumber: receipt.blockNumber, status: receipt.status };
}

/**
 * The few JSON-RPC calls the engine makes on an EVM chain. No retries here (`retryCount: 0`): a
 * retried eth_sendRawTransaction after a timeout is the caller's decision, and reads are cheap to
 * re-ask at a higher level.
 */
export function createEvmRpc(rpcUrl: string, options: { timeoutMs?: number } = {}): EvmRpc {
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // No block-number cache (viem keeps one for 4 s): a status poll that scans logs up to the latest
  // block must see the block just mined, or it completes a transfer without the transaction that did it.
  const client = createPublicClient({ cacheTime: 0, transport: http(rpcUrl, { timeout, retryCount: 0 }) });

  return {
    client,
    chainId: () => read('eth_chainId', () => client.getChainId()),

    async broadcast(raw: Hex): Promise<Hex> {
      try {
        await client.sendRawTransaction({ serializedTransaction: raw });
      } catch (err) {
        throw classifyBroadcastError(err);
      }
      // The hash is a function of the bytes; trusting the node's echo of it would gain nothing.
      return keccak256(raw);
    },

    findTransaction: (hash: Hex) => read('eth_getTransactionByHash', () => find(client, hash)),

    pendingNonce: (address: Address) => read('eth_getTransactionCount', () => client.getTransactionCount({ address, blockTag: 'pending' })),

    async allowance(token: Address, owner: Address, spender: Address): Promise<bigint> {
      try {
        return await client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, spender] });
      } catch (err) {
        // No code or a revert at the address: our token table is wrong, not the chain; retrying won't help.
        const notErc20 = (e: unknown): boolean => e instanceof AbiDecodingZeroDataError || e instanceof ContractFunctionRevertedError;
        if (err instanceof BaseError && err.walk(notErc20)) {
          throw new AppError('internal_error', `no ERC-20 contract answers allowance() at ${token}`, { cause: err });
        }
        throw chainUnavailable('eth_call allowance()', err);
      }
    },
  };
}
