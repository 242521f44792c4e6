import { utils as tronUtils } from 'tronweb';

/**
 * A Tron transaction's `raw_data` (what the signature covers: txID = sha256 of its protobuf bytes),
 * decoded with TronWeb's own protobuf classes. Strait builds and accepts only the two shapes it can
 * check field by field: a smart-contract call (TRC-20 `transfer`/`approve`, a venue's bridge call) and
 * a plain TRX transfer. Addresses are 21-byte hex with the `41` prefix, lower case.
 */
export type TronContract =
  | { readonly type: 'TriggerSmartContract'; readonly owner: string; readonly contract: string; readonly callValue: bigint; readonly data: string }
  | { readonly type: 'TransferContract'; readonly owner: string; readonly to: string; readonly amount: bigint };

export interface TronRawData {
  readonly refBlockBytes: string;
  readonly refBlockHash: string;
  /** Epoch ms after which the network refuses the transaction. */
  readonly expiration: number;
  readonly timestamp: number;
  /** Most sun the network may burn for the call's energy (0 on a TRX transfer). */
  readonly feeLimit: bigint;
  readonly contract: TronContract;
}

export class TronDecodeError extends Error {
  override name = 'TronDecodeError';
}

interface Proto {
  Transaction: { raw: { deserializeBinary(bytes: Uint8Array): RawPb } };
  TriggerSmartContract: { deserializeBinary(bytes: Uint8Array): TriggerPb };
  TransferContract: { deserializeBinary(bytes: Uint8Array): TransferPb };
}
interface RawPb {
  getRefBlockBytes_asU8(): Uint8Array;
  getRefBlockHash_asU8(): Uint8Array;
  getRefBlockNum(): number;
  getExpiration(): number;
  getTimestamp(): number;
  getFeeLimit(): number;
  getData_asU8(): Uint8Array;
  getScripts_asU8(): Uint8Array;
  getAuthsList(): unknown[];
  getContractList(): { getType(): number; getPermissionId(): number; getParameter(): { getTypeUrl(): string; getValue_asU8(): Uint8Array } | undefined }[];
}
interface TriggerPb {
  getOwnerAddress_asU8(): Uint8Array;
  getContractAddress_asU8(): Uint8Array;
  getCallValue(): number;
  getData_asU8(): Uint8Array;
  getCallTokenValue(): number;
  getTokenId(): number;
}
interface TransferPb {
  getOwnerAddress_asU8(): Uint8Array;
  getToAddress_asU8(): Uint8Array;
  getAmount(): number;
}

// Importing tronweb registers its protobuf classes on globalThis (its own modules read them there).
const proto = (globalThis as unknown as { TronWebProto: Proto }).TronWebProto;
void tronUtils;

const TYPE_URL = 'type.googleapis.com/protocol.';
const HEX = /^([0-9a-f]{2})*$/;

const hexOf = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

function address(bytes: Uint8Array, field: string): string {
  const hex = hexOf(bytes);
  if (!/^41[0-9a-f]{40}$/.test(hex)) throw new TronDecodeError(`${field} is not a Tron address`);
  return hex;
}

/**
 * Decodes `raw_data_hex`, and proves the decoding whole: re-encoding what was read must give the very
 * same bytes, so nothing Strait did not read (an unknown field, a second contract, a memo, a
 * permission id, an amount beyond 2^53) can hide in what a wallet signs.
 */
export function decodeTronRawData(rawDataHex: string): TronRawData {
  const hex = rawDataHex.toLowerCase();
  if (!HEX.test(hex) || hex.length === 0 || hex.length > 16_384) throw new TronDecodeError('raw_data_hex is not hex of a Tron transaction');
  let raw: RawPb;
  try {
    raw = proto.Transaction.raw.deserializeBinary(Buffer.from(hex, 'hex'));
  } catch {
    throw new TronDecodeError('raw_data_hex does not decode as a Tron transaction');
  }
  const contracts = raw.getContractList();
  if (contracts.length !== 1) throw new TronDecodeError(`the transaction carries ${contracts.length} contracts, not one`);
  if (raw.getAuthsList().length > 0 || raw.getData_asU8().length > 0 || raw.getScripts_asU8().length > 0 || raw.getRefBlockNum() !== 0) throw new TronDecodeError('the transaction carries fields Strait does not build (auths, data, scripts, ref_block_num)');
  const entry = contracts[0]!;
  const parameter = entry.getParameter();
  if (entry.getPermissionId() !== 0 || parameter === undefined) throw new TronDecodeError('the contract names a permission other than the owner, or no parameter');
  let contract: TronContract;
  try {
    contract = decodeContract(entry.getType(), parameter.getTypeUrl(), parameter.getValue_asU8());
  } catch (error) {
    if (error instanceof TronDecodeError) throw error;
    throw new TronDecodeError('the contract parameter does not decode');
  }
  const decoded: TronRawData = {
    refBlockBytes: hexOf(raw.getRefBlockBytes_asU8()),
    refBlockHash: hexOf(raw.getRefBlockHash_asU8()),
    expiration: raw.getExpiration(),
    timestamp: raw.getTimestamp(),
    feeLimit: BigInt(raw.getFeeLimit()),
    contract,
  };
  if (encodeTronRawData(decoded) !== hex) throw new TronDecodeError('raw_data_hex holds more than Strait can read back');
  return decoded;
}

function decodeContract(type: number, typeUrl: string, value: Uint8Array): TronContract {
  if (type === 31 && typeUrl === `${TYPE_URL}TriggerSmartContract`) {
    const call = proto.TriggerSmartContract.deserializeBinary(value);
    if (call.getCallTokenValue() !== 0 || call.getTokenId() !== 0) throw new TronDecodeError('the call sends a TRC-10 token beside it');
    return { type: 'TriggerSmartContract', owner: address(call.getOwnerAddress_asU8(), 'owner_address'), contract: address(call.getContractAddress_asU8(), 'contract_address'), callValue: BigInt(call.getCallValue()), data: hexOf(call.getData_asU8()) };
  }
  if (type === 1 && typeUrl === `${TYPE_URL}TransferContract`) {
    const transfer = proto.TransferContract.deserializeBinary(value);
    return { type: 'TransferContract', owner: address(transfer.getOwnerAddress_asU8(), 'owner_address'), to: address(transfer.getToAddress_asU8(), 'to_address'), amount: BigInt(transfer.getAmount()) };
  }
  throw new TronDecodeError(`contract type ${type} is not one Strait builds`);
}

/** `raw_data` as the node's HTTP API and TronWeb write it (`visible: false`: hex addresses). */
export function tronRawDataJson(raw: TronRawData): Record<string, unknown> {
  const c = raw.contract;
  const value =
    c.type === 'TriggerSmartContract'
      ? { data: c.data, owner_address: c.owner, contract_address: c.contract, ...(c.callValue > 0n ? { call_value: Number(c.callValue) } : {}) }
      : { amount: Number(c.amount), owner_address: c.owner, to_address: c.to };
  return {
    contract: [{ parameter: { value, type_url: `${TYPE_URL}${c.type}` }, type: c.type }],
    ref_block_bytes: raw.refBlockBytes,
    ref_block_hash: raw.refBlockHash,
    expiration: raw.expiration,
    ...(raw.feeLimit > 0n ? { fee_limit: Number(raw.feeLimit) } : {}),
    timestamp: raw.timestamp,
  };
}

/** The protobuf bytes of `raw_data`, hex, lower case: what `txID` hashes and the signature covers. */
export function encodeTronRawData(raw: TronRawData): string {
  for (const amount of [raw.feeLimit, raw.contract.type === 'TriggerSmartContract' ? raw.contract.callValue : raw.contract.amount]) {
    if (amount < 0n || amount > BigInt(Number.MAX_SAFE_INTEGER)) throw new TronDecodeError('an amount is outside what a Tron transaction carries');
  }
  return tronUtils.transaction.txPbToRawDataHex(tronUtils.transaction.txJsonToPb({ raw_data: tronRawDataJson(raw) })).toLowerCase();
}

/** txID: sha256 of the raw data bytes, hex without 0x. */
export function tronTxId(rawDataHex: string): string {
  return tronUtils.crypto.SHA256(Buffer.from(rawDataHex, 'hex')).map((b) => b.toString(16).padStart(2, '0')).join('');
}
