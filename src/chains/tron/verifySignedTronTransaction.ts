import { utils as tronUtils } from 'tronweb';
import { AppError } from '../../domain/errors.ts';
import { TronDecodeError, decodeTronRawData, encodeTronRawData, tronTxId, type TronRawData } from './tronRawData.ts';

/** One field that differs between what was built and what was signed. */
export interface TronMismatch {
  readonly field: string;
  readonly expected: string;
  readonly actual: string;
}

/** A `tron` step as build stored it: the raw data the wallet must sign unchanged, and the signer. */
export interface BuiltTronTransaction {
  readonly rawDataHex: string;
  /** The sender, `41…` hex. */
  readonly owner: string;
}

export interface SignedTronTransaction {
  readonly txID: string;
  readonly rawDataHex: string;
  readonly raw: TronRawData;
  /** 65 bytes, hex, lower case. */
  readonly signature: string;
  /** `41…` hex of the key that signed txID. */
  readonly signer: string;
}

const SIGNATURE = /^[0-9a-fA-F]{130}$/;

/** Names of the ABI words of the calls Strait builds, so a mismatch says `data.recipient`, not `data.word0`. */
const WORD_NAMES: Readonly<Record<string, readonly string[]>> = {
  a9059cbb: ['recipient', 'amount'], // transfer(address,uint256)
  '095ea7b3': ['spender', 'amount'], // approve(address,uint256)
  '4cd480bd': ['token', 'amount', 'recipient', 'destinationChainId', 'receiveToken', 'nonce', 'messenger', 'feeTokenAmount'], // Allbridge swapAndBridge
};

/**
 * Reads what a wallet submits for a `tron` step: TronWeb's signed transaction object as a JSON string
 * (`trx.sign` output: `raw_data_hex` and `signature: [hex]`; `txID`, `raw_data` and `visible` are
 * optional and, when present, must agree with `raw_data_hex`). One signature only (the owner's
 * permission, no multi-sig). Anything else is `400 invalid_signed_transaction`.
 */
export function decodeSignedTronTransaction(submitted: string): SignedTronTransaction {
  const invalid = (why: string): AppError => new AppError('invalid_signed_transaction', `the signed Tron transaction ${why}`);
  if (submitted.length > 32_768) throw invalid('is larger than any transaction Strait builds');
  let body: unknown;
  try {
    body = JSON.parse(submitted);
  } catch {
    throw invalid('is not JSON (submit TronWeb\'s signed transaction object as a JSON string)');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('is not a JSON object');
  const tx = body as { txID?: unknown; raw_data?: unknown; raw_data_hex?: unknown; signature?: unknown };
  if (typeof tx.raw_data_hex !== 'string') throw invalid('has no raw_data_hex');
  let raw: TronRawData;
  try {
    raw = decodeTronRawData(tx.raw_data_hex);
  } catch (error) {
    if (error instanceof TronDecodeError) throw invalid(`does not decode: ${error.message}`);
    throw error;
  }
  const rawDataHex = tx.raw_data_hex.toLowerCase();
  const txID = tronTxId(rawDataHex);
  if (tx.txID !== undefined && (typeof tx.txID !== 'string' || tx.txID.toLowerCase() !== txID)) throw invalid(`names txID ${String(tx.txID).slice(0, 80)}, but its raw data hashes to ${txID}`);
  if (tx.raw_data !== undefined && !rawDataJsonMatches(tx.raw_data, rawDataHex)) throw invalid('carries a raw_data object that is not its raw_data_hex');
  if (!Array.isArray(tx.signature) || tx.signature.length !== 1 || typeof tx.signature[0] !== 'string' || !SIGNATURE.test(tx.signature[0])) throw invalid('must carry exactly one 65-byte hex signature');
  const signature = tx.signature[0].toLowerCase();
  const signer = recoverTronSigner(txID, signature);
  if (signer === null) throw invalid('has a signature no key could have made');
  return { txID, rawDataHex, raw, signature, signer };
}

/**
 * The `41…` hex address whose key made `signature` (65 bytes r‖s‖v, hex) over `txID`, or `null`.
 * The recovery byte must be one java-tron takes (0, 1, 27 or 28): the library would also read an
 * EIP-155-style v, which the network refuses, so such a signature is no signature.
 */
export function recoverTronSigner(txID: string, signature: string): string | null {
  if (!SIGNATURE.test(signature) || !['00', '01', '1b', '1c'].includes(signature.slice(128).toLowerCase())) return null;
  try {
    return tronUtils.crypto.ecRecover(txID, signature).toLowerCase();
  } catch {
    return null;
  }
}

function rawDataJsonMatches(rawData: unknown, rawDataHex: string): boolean {
  try {
    return tronUtils.transaction.txPbToRawDataHex(tronUtils.transaction.txJsonToPb({ raw_data: rawData })).toLowerCase() === rawDataHex;
  } catch {
    return false;
  }
}

/**
 * Every way `signed` differs from the built transaction: its raw data must be the built bytes (any
 * change — contract, parameters, amount, recipient, owner, fee limit, expiration, ref block — is
 * listed by field), and the signature must be the sender's.
 */
export function compareTronTransaction(signed: Pick<SignedTronTransaction, 'rawDataHex' | 'raw' | 'signer'>, built: BuiltTronTransaction): TronMismatch[] {
  const mismatches: TronMismatch[] = signed.rawDataHex === built.rawDataHex.toLowerCase() ? [] : rawDataMismatches(decodeTronRawData(built.rawDataHex), signed.raw);
  if (signed.signer !== built.owner.toLowerCase()) mismatches.push({ field: 'signer', expected: built.owner, actual: signed.signer });
  return mismatches;
}

/** The fields two raw data differ in (a difference the decoder does not name is `raw_data`). */
export function rawDataMismatches(expected: TronRawData, actual: TronRawData): TronMismatch[] {
  const out: TronMismatch[] = [];
  const check = (field: string, a: unknown, b: unknown): void => {
    if (String(a) !== String(b)) out.push({ field, expected: String(a), actual: String(b) });
  };
  check('ref_block_bytes', expected.refBlockBytes, actual.refBlockBytes);
  check('ref_block_hash', expected.refBlockHash, actual.refBlockHash);
  check('expiration', expected.expiration, actual.expiration);
  check('timestamp', expected.timestamp, actual.timestamp);
  check('fee_limit', expected.feeLimit, actual.feeLimit);
  check('contract.type', expected.contract.type, actual.contract.type);
  check('owner_address', expected.contract.owner, actual.contract.owner);
  const e = expected.contract;
  const a = actual.contract;
  if (e.type === 'TriggerSmartContract' && a.type === 'TriggerSmartContract') {
    check('contract_address', e.contract, a.contract);
    check('call_value', e.callValue, a.callValue);
    if (e.data !== a.data) {
      check('data.selector', e.data.slice(0, 8), a.data.slice(0, 8));
      for (let word = 0; word * 64 + 8 < Math.max(e.data.length, a.data.length); word++) {
        check(`data.${WORD_NAMES[e.data.slice(0, 8)]?.[word] ?? `word${word}`}`, e.data.slice(8 + word * 64, 8 + word * 64 + 64), a.data.slice(8 + word * 64, 8 + word * 64 + 64));
      }
    }
  } else if (e.type === 'TransferContract' && a.type === 'TransferContract') {
    check('to_address', e.to, a.to);
    check('amount', e.amount, a.amount);
  }
  if (out.length === 0 && encodeTronRawData(expected) !== encodeTronRawData(actual)) out.push({ field: 'raw_data', expected: encodeTronRawData(expected), actual: encodeTronRawData(actual) });
  return out;
}
