import {
  BaseError,
  getAddress,
  hexToBigInt,
  keccak256,
  parseTransaction,
  serializeTransaction,
} from 'viem';
import type { Address, Hex, Signature, TransactionSerializable, TransactionSerialized } from 'viem';
import { AppError } from '../../domain/errors.ts';
import { recoverEvmSigner } from './recoverEvmSigner.ts';

export type EvmTransactionType = 'legacy' | 'eip2930' | 'eip1559';

export interface DecodedEvmTransaction {
  /** keccak256 of the raw bytes: the hash the chain will know the transaction by. */
  readonly hash: Hex;
  readonly type: EvmTransactionType;
  /** `null` for a pre-EIP-155 legacy transaction, which any chain would accept. */
  readonly chainId: number | null;
  readonly from: Address;
  /** `null` for a contract creation. */
  readonly to: Address | null;
  readonly data: Hex;
  readonly value: bigint;
  readonly nonce: number;
  readonly gas: bigint;
  /** The input, lower-cased. */
  readonly raw: Hex;
}

// geth's txpool refuses anything larger (txMaxSize), so nothing bigger could ever be broadcast.
const MAX_RAW_BYTES = 128 * 1024;
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HALF_N = SECP256K1_N / 2n;

const REFUSED_TYPES: Record<number, string> = {
  0x03: 'EIP-4844 blob transactions are not accepted',
  0x04: 'EIP-7702 set-code transactions are not accepted (they can delegate the account to arbitrary code)',
};

function invalid(message: string, cause?: unknown): AppError {
  return new AppError('invalid_signed_transaction', message, { cause });
}

function reason(err: unknown): string {
  if (err instanceof BaseError) return err.shortMessage;
  return err instanceof Error ? err.message : String(err);
}

function typeOf(firstByte: number): EvmTransactionType {
  if (firstByte === 0x01) return 'eip2930';
  if (firstByte === 0x02) return 'eip1559';
  // A legacy transaction is a bare RLP list, whose first byte is 0xc0 or above.
  if (firstByte >= 0xc0) return 'legacy';
  throw invalid(REFUSED_TYPES[firstByte] ?? `unsupported transaction type 0x${firstByte.toString(16).padStart(2, '0')}`);
}

function checkSignature(tx: TransactionSerializable): Signature {
  const { r, s, v, yParity } = tx;
  if (r === undefined || s === undefined || (v === undefined && yParity === undefined)) {
    throw invalid('the transaction is not signed');
  }
  const rn = hexToBigInt(r);
  const sn = hexToBigInt(s);
  if (rn === 0n || rn >= SECP256K1_N || sn === 0n) throw invalid('the signature is not a valid secp256k1 signature');
  // Every node refuses high-s signatures (EIP-2); say so here rather than as a vague broadcast error.
  if (sn > HALF_N) throw invalid('the signature is not canonical (high s, refused since EIP-2)');
  return v !== undefined ? { r, s, v, yParity } : { r, s, yParity: yParity ?? 0 };
}

/**
 * Decodes and authenticates a signed EVM transaction. Never throws anything but
 * `AppError('invalid_signed_transaction')`.
 *
 * The decoded fields are re-encoded and must reproduce the input byte for byte: a lenient parser
 * and a node that read the same bytes differently (non-canonical RLP, a list where a string
 * belongs, trailing bytes) would let the fields we verify differ from the ones the chain executes.
 */
export async function decodeSignedEvmTransaction(raw: string): Promise<DecodedEvmTransaction> {
  try {
    return await decode(raw);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid(`the transaction does not decode: ${reason(err)}`, err);
  }
}

async function decode(raw: string): Promise<DecodedEvmTransaction> {
  if (typeof raw !== 'string' || !/^0x(?:[0-9a-fA-F]{2})+$/.test(raw)) {
    throw invalid('the signed transaction must be 0x-prefixed hex with an even number of digits');
  }
  if ((raw.length - 2) / 2 > MAX_RAW_BYTES) {
    throw invalid(`the signed transaction is larger than ${MAX_RAW_BYTES} bytes`);
  }
  const hex = raw.toLowerCase() as Hex;
  const type = typeOf(Number.parseInt(hex.slice(2, 4), 16));

  // viem's own errors are turned into invalid_signed_transaction by the caller.
  const tx = parseTransaction(hex as TransactionSerialized) as TransactionSerializable;
  const signature = checkSignature(tx);
  const unsigned = { ...tx, r: undefined, s: undefined, v: undefined, yParity: undefined };
  if (serializeTransaction(unsigned, signature) !== hex) {
    throw invalid('the transaction is not canonically encoded (its bytes do not re-encode identically)');
  }

  // The signer from the fields already parsed (viem's recoverTransactionAddress would parse the
  // bytes again): the signing hash is that of the unsigned encoding, as the wallet made it.
  let from: Address;
  try {
    const signingHash = keccak256(serializeTransaction({ ...unsigned, sidecars: undefined } as TransactionSerializable));
    from = recoverEvmSigner(signingHash, signature.r, signature.s, signature.yParity ?? Number(tx.yParity));
  } catch (err) {
    throw invalid(`the signer cannot be recovered: ${reason(err)}`, err);
  }

  return {
    hash: keccak256(hex),
    type,
    chainId: tx.chainId ?? null,
    from: getAddress(from),
    to: tx.to ? getAddress(tx.to) : null,
    data: tx.data ?? '0x',
    value: tx.value ?? 0n,
    nonce: tx.nonce ?? 0,
    gas: tx.gas ?? 0n,
    raw: hex,
  };
}
