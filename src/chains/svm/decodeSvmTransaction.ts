import { base58, base64, hex } from '@scure/base';
import { AppError } from '../../domain/errors.ts';

/** How a step's `serializedTx` (and the wallet's signed copy of it) is written. */
export type SvmEncoding = 'base64' | 'hex';

/** Solana runs legacy and v0 messages; Strait refuses any other version. */
export type SvmMessageVersion = 'legacy' | 0;

export interface SvmMessageHeader {
  /** The first this many static accounts are the signers, and the transaction carries one signature each. */
  readonly numRequiredSignatures: number;
  /** The last this many signers are read-only; the others (the fee payer first) are writable. */
  readonly numReadonlySignedAccounts: number;
  /** The last this many static accounts are read-only non-signers; the other non-signers are writable. */
  readonly numReadonlyUnsignedAccounts: number;
}

export interface SvmCompiledInstruction {
  /** Index into the static accounts: a program id never comes from a lookup table. */
  readonly programIdIndex: number;
  /**
   * Indexes into the message's account list: the static accounts, then the writable accounts of
   * every lookup (in lookup order), then their read-only accounts.
   */
  readonly accountIndexes: readonly number[];
  readonly data: Uint8Array;
}

export interface SvmAddressTableLookup {
  /** The address lookup table account (base58). */
  readonly tableAddress: string;
  /** Entries of the table loaded as writable accounts. */
  readonly writableIndexes: readonly number[];
  /** Entries of the table loaded as read-only accounts. */
  readonly readonlyIndexes: readonly number[];
}

export interface DecodedSvmTransaction {
  /** The first signature (base58): the id the chain knows the transaction by. */
  readonly id: string;
  /** One per required signer, in signer order (base58); an unsigned slot is 64 zero bytes (`1111…`). */
  readonly signatures: readonly string[];
  /** The same signatures as bytes, for verification. */
  readonly signatureBytes: readonly Uint8Array[];
  readonly version: SvmMessageVersion;
  readonly header: SvmMessageHeader;
  /** Base58 public keys; the first is the fee payer. */
  readonly staticAccounts: readonly string[];
  /** Base58; a durable-nonce transaction carries its nonce here. */
  readonly recentBlockhash: string;
  readonly instructions: readonly SvmCompiledInstruction[];
  /** Always empty for a legacy message. */
  readonly addressTableLookups: readonly SvmAddressTableLookup[];
  /** The bytes every signature signs. */
  readonly messageBytes: Uint8Array;
  /** The whole transaction as standard base64, as `sendTransaction` takes it. */
  readonly wireBase64: string;
}

// PACKET_DATA_SIZE: validators and their RPC refuse anything larger, so it could never be broadcast.
const MAX_SVM_TRANSACTION_BYTES = 1232;
const MAX_BASE64_CHARS = Math.ceil(MAX_SVM_TRANSACTION_BYTES / 3) * 4;
const SIGNATURE_BYTES = 64;
const KEY_BYTES = 32;
const VERSION_PREFIX = 0x80;
// Account indexes are a u8, so a message can name at most 256 accounts (static and looked up).
const MAX_ACCOUNTS = 256;

function invalid(message: string, cause?: unknown): AppError {
  return new AppError('invalid_signed_transaction', message, { cause });
}

/** A cursor over the wire bytes; every read past the end is a truncated transaction. */
class WireReader {
  offset = 0;
  constructor(readonly bytes: Uint8Array) {}

  private need(count: number, what: string): void {
    if (this.offset + count > this.bytes.length) throw invalid(`the transaction is truncated in ${what}`);
  }

  u8(what: string): number {
    this.need(1, what);
    return this.bytes[this.offset++] as number;
  }

  take(count: number, what: string): Uint8Array {
    this.need(count, what);
    const out = this.bytes.slice(this.offset, this.offset + count);
    this.offset += count;
    return out;
  }

  /**
   * Solana's compact-u16 length. Refuses what the runtime refuses: more than three bytes, a value
   * above 0xffff, and an alias (a longer encoding of a value that has a shorter one), so that no two
   * byte strings decode to the same transaction.
   */
  shortVec(what: string): number {
    let value = 0;
    for (let nth = 0; nth < 3; nth++) {
      const byte = this.u8(what);
      const done = (byte & 0x80) === 0;
      if (nth === 2 && (byte & 0xfc) !== 0) throw invalid(`the length of ${what} does not fit in 16 bits`);
      value |= (byte & 0x7f) << (7 * nth);
      if (done) {
        if (byte === 0 && nth > 0) throw invalid(`the length of ${what} is not minimally encoded`);
        return value;
      }
    }
    throw invalid(`the length of ${what} does not fit in 16 bits`);
  }

  /** A compact-u16 count followed by that many single bytes (account indexes, instruction data). */
  byteArray(what: string): Uint8Array {
    return this.take(this.shortVec(what), what);
  }

  key(what: string): string {
    return base58.encode(this.take(KEY_BYTES, what));
  }
}

function toBytes(raw: string, encoding: SvmEncoding): Uint8Array {
  if (typeof raw !== 'string' || raw.length === 0) throw invalid('the signed transaction is empty');
  if (encoding === 'base64') {
    if (raw.length > MAX_BASE64_CHARS) throw invalid(`the signed transaction is larger than ${MAX_SVM_TRANSACTION_BYTES} bytes`);
    // @scure/base refuses what Buffer.from would skip silently: stray characters, missing padding.
    try {
      return base64.decode(raw);
    } catch (err) {
      throw invalid('the signed transaction is not standard padded base64', err);
    }
  }
  const digits = raw.startsWith('0x') || raw.startsWith('0X') ? raw.slice(2) : raw;
  if (digits.length > MAX_SVM_TRANSACTION_BYTES * 2) throw invalid(`the signed transaction is larger than ${MAX_SVM_TRANSACTION_BYTES} bytes`);
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(digits)) throw invalid('the signed transaction must be hex with an even number of digits');
  return hex.decode(digits.toLowerCase());
}

/**
 * Decodes a serialized Solana transaction (legacy or v0 message) into plain fields. Never throws
 * anything but `AppError('invalid_signed_transaction')`.
 *
 * Strict where a validator is lenient: the RPC ignores bytes after the message, and a decoder that
 * read fewer or other bytes than the chain executes would let the instructions we compare differ
 * from the ones that run. Also refuses what the runtime would refuse anyway (sanitize rules: signature
 * count, header bounds, duplicate accounts, indexes out of range), so a mismatch report is never
 * computed on a message the chain would read differently. Signatures are not checked here: an
 * unsigned (all-zero) slot decodes, and `verifySvmSignatures` judges it.
 *
 * `hex` accepts either case and an optional `0x` prefix; `base64` is the standard alphabet, padded.
 */
export function decodeSvmTransaction(raw: string, encoding: SvmEncoding): DecodedSvmTransaction {
  return decodeSvmTransactionBytes(toBytes(raw, encoding));
}

export function decodeSvmTransactionBytes(bytes: Uint8Array): DecodedSvmTransaction {
  if (bytes.length > MAX_SVM_TRANSACTION_BYTES) throw invalid(`the signed transaction is larger than ${MAX_SVM_TRANSACTION_BYTES} bytes`);
  const reader = new WireReader(bytes);
  const signatureCount = reader.shortVec('the signatures');
  const signatureBytes: Uint8Array[] = [];
  for (let i = 0; i < signatureCount; i++) signatureBytes.push(reader.take(SIGNATURE_BYTES, 'the signatures'));

  const messageStart = reader.offset;
  const first = reader.u8('the message header');
  let version: SvmMessageVersion = 'legacy';
  let numRequiredSignatures = first;
  if (first & VERSION_PREFIX) {
    const number = first & 0x7f;
    if (number !== 0) throw invalid(`message version ${number} is not accepted (only legacy and v0 messages are)`);
    version = 0;
    numRequiredSignatures = reader.u8('the message header');
  }
  const header: SvmMessageHeader = {
    numRequiredSignatures,
    numReadonlySignedAccounts: reader.u8('the message header'),
    numReadonlyUnsignedAccounts: reader.u8('the message header'),
  };

  const staticAccounts: string[] = [];
  const keyCount = reader.shortVec('the account keys');
  for (let i = 0; i < keyCount; i++) staticAccounts.push(reader.key('the account keys'));
  const recentBlockhash = reader.key('the recent blockhash');

  const instructions: SvmCompiledInstruction[] = [];
  const instructionCount = reader.shortVec('the instructions');
  for (let i = 0; i < instructionCount; i++) {
    const what = `instruction ${i}`;
    instructions.push({
      programIdIndex: reader.u8(what),
      accountIndexes: [...reader.byteArray(`the accounts of ${what}`)],
      data: reader.byteArray(`the data of ${what}`),
    });
  }

  const addressTableLookups: SvmAddressTableLookup[] = [];
  if (version === 0) {
    const lookupCount = reader.shortVec('the address table lookups');
    for (let i = 0; i < lookupCount; i++) {
      const what = `address table lookup ${i}`;
      addressTableLookups.push({
        tableAddress: reader.key(what),
        writableIndexes: [...reader.byteArray(`the writable indexes of ${what}`)],
        readonlyIndexes: [...reader.byteArray(`the read-only indexes of ${what}`)],
      });
    }
  }
  if (reader.offset !== bytes.length) {
    throw invalid(`the transaction has ${bytes.length - reader.offset} bytes after its message`);
  }

  sanitize(header, staticAccounts, instructions, addressTableLookups, signatureCount);
  const signatures = signatureBytes.map((s) => base58.encode(s));
  return {
    id: signatures[0] as string,
    signatures,
    signatureBytes,
    version,
    header,
    staticAccounts,
    recentBlockhash,
    instructions,
    addressTableLookups,
    messageBytes: bytes.slice(messageStart),
    wireBase64: base64.encode(bytes),
  };
}

/** The runtime's sanitize checks, in the words a client can act on. */
function sanitize(
  header: SvmMessageHeader,
  staticAccounts: readonly string[],
  instructions: readonly SvmCompiledInstruction[],
  lookups: readonly SvmAddressTableLookup[],
  signatureCount: number,
): void {
  const { numRequiredSignatures: signers, numReadonlySignedAccounts: readonlySigned, numReadonlyUnsignedAccounts: readonlyUnsigned } = header;
  // Implies at least one signer: the fee payer, which must be writable.
  if (readonlySigned >= signers) throw invalid('the message header leaves no writable signer to pay the fee');
  if (signers + readonlyUnsigned > staticAccounts.length) throw invalid('the message header counts more accounts than the message lists');
  if (signatureCount !== signers) {
    throw invalid(`the transaction carries ${signatureCount} signatures where its message requires ${signers}`);
  }
  if (new Set(staticAccounts).size !== staticAccounts.length) throw invalid('the message lists an account twice');

  let loaded = 0;
  const entries = new Set<string>();
  for (const [i, lookup] of lookups.entries()) {
    const indexes = [...lookup.writableIndexes, ...lookup.readonlyIndexes];
    if (indexes.length === 0) throw invalid(`address table lookup ${i} loads no account`);
    for (const index of indexes) {
      const entry = `${lookup.tableAddress}#${index}`;
      if (entries.has(entry)) throw invalid(`address table lookup ${i} loads entry ${index} of ${lookup.tableAddress} twice`);
      entries.add(entry);
    }
    loaded += indexes.length;
  }
  const accountCount = staticAccounts.length + loaded;
  if (accountCount > MAX_ACCOUNTS) throw invalid(`the message names ${accountCount} accounts, more than ${MAX_ACCOUNTS}`);

  for (const [i, instruction] of instructions.entries()) {
    // Index 0 is the fee payer, which cannot be a program.
    if (instruction.programIdIndex === 0 || instruction.programIdIndex >= staticAccounts.length) {
      throw invalid(`instruction ${i} names program index ${instruction.programIdIndex}, which is not a static account other than the fee payer`);
    }
    const outOfRange = instruction.accountIndexes.find((index) => index >= accountCount);
    if (outOfRange !== undefined) throw invalid(`instruction ${i} names account index ${outOfRange}, beyond the ${accountCount} accounts of the message`);
  }
}
