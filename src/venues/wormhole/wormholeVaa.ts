import { bytesToHex, concat, hexToBytes, keccak256, numberToHex, pad, type Address, type Hex } from 'viem';

/**
 * Wormhole VAAs (version 1) and the Token Bridge transfer payload, byte for byte as the core bridge and
 * the Token Bridge read them (wormhole `ethereum/contracts/Messages.sol`, `bridge/BridgeGovernance`
 * payload layouts): header `version u8 | guardianSetIndex u32 | n u8 | n × (index u8, r 32, s 32, v u8)`,
 * then the signed body `timestamp u32 | nonce u32 | emitterChain u16 | emitterAddress 32 |
 * sequence u64 | consistencyLevel u8 | payload`. Guardians sign keccak256(keccak256(body)), which is
 * also the hash the Token Bridge marks completed.
 */

export interface GuardianSignature {
  readonly guardianIndex: number;
  readonly r: Hex;
  readonly s: Hex;
  /** 0 or 1, as the VAA stores it (the contract adds 27). */
  readonly v: number;
}

export interface Vaa {
  readonly version: number;
  readonly guardianSetIndex: number;
  readonly signatures: readonly GuardianSignature[];
  readonly body: Hex;
  readonly timestamp: number;
  readonly nonce: number;
  readonly emitterChain: number;
  readonly emitterAddress: Hex;
  readonly sequence: bigint;
  readonly consistencyLevel: number;
  readonly payload: Hex;
  /** keccak256(keccak256(body)): what guardians sign and `isTransferCompleted` is keyed by. */
  readonly hash: Hex;
}

const BODY_FIXED_BYTES = 51;
/** A Token Bridge VAA is a few hundred bytes; anything near this is not one. */
const MAX_VAA_BYTES = 16_384;

class Reader {
  private offset = 0;
  constructor(private readonly bytes: Uint8Array) {}
  take(n: number): Uint8Array {
    if (this.offset + n > this.bytes.length) throw new Error(`truncated at byte ${this.offset} (wanted ${n} more of ${this.bytes.length})`);
    const out = this.bytes.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }
  uint(n: number): bigint {
    return BigInt(bytesToHex(this.take(n)));
  }
  rest(): Uint8Array {
    return this.take(this.bytes.length - this.offset);
  }
  get position(): number {
    return this.offset;
  }
}

export function vaaHash(body: Hex): Hex {
  return keccak256(keccak256(body));
}

/** Parses a VAA's bytes; throws with the reason when they are not a version-1 VAA. */
export function parseVaa(raw: Hex | Uint8Array): Vaa {
  const bytes = typeof raw === 'string' ? hexToBytes(raw) : raw;
  if (bytes.length > MAX_VAA_BYTES) throw new Error(`${bytes.length} bytes is too long for a VAA`);
  const reader = new Reader(bytes);
  const version = Number(reader.uint(1));
  if (version !== 1) throw new Error(`VAA version ${version}, not 1`);
  const guardianSetIndex = Number(reader.uint(4));
  const count = Number(reader.uint(1));
  const signatures: GuardianSignature[] = [];
  for (let i = 0; i < count; i++) {
    const guardianIndex = Number(reader.uint(1));
    const r = bytesToHex(reader.take(32));
    const s = bytesToHex(reader.take(32));
    signatures.push({ guardianIndex, r, s, v: Number(reader.uint(1)) });
  }
  if (bytes.length - reader.position < BODY_FIXED_BYTES) throw new Error('the VAA body is shorter than its fixed fields');
  const bodyStart = reader.position;
  const timestamp = Number(reader.uint(4));
  const nonce = Number(reader.uint(4));
  const emitterChain = Number(reader.uint(2));
  const emitterAddress = bytesToHex(reader.take(32));
  const sequence = reader.uint(8);
  const consistencyLevel = Number(reader.uint(1));
  const payload = bytesToHex(reader.rest());
  const body = bytesToHex(bytes.subarray(bodyStart));
  return { version, guardianSetIndex, signatures, body, timestamp, nonce, emitterChain, emitterAddress, sequence, consistencyLevel, payload, hash: vaaHash(body) };
}

/** The Token Bridge's transfer payload: type 1 (transfer) or 3 (transfer with payload). */
export interface TransferPayload {
  readonly payloadType: 1 | 3;
  /** Normalised to at most 8 decimals (the bridge drops the digits beyond). */
  readonly amount: bigint;
  readonly tokenAddress: Hex;
  readonly tokenChain: number;
  readonly to: Hex;
  readonly toChain: number;
  /** Type 1: the relayer fee the redeemer takes (normalised); type 3 has none (0). */
  readonly fee: bigint;
  /** Type 3 only: the sender and the attached payload. */
  readonly fromAddress: Hex | null;
  readonly extra: Hex | null;
}

const TRANSFER_BYTES = 133;

export function parseTransferPayload(payload: Hex): TransferPayload {
  const bytes = hexToBytes(payload);
  const reader = new Reader(bytes);
  const payloadType = Number(reader.uint(1));
  if (payloadType !== 1 && payloadType !== 3) throw new Error(`payload type ${payloadType} is not a token transfer`);
  const amount = reader.uint(32);
  const tokenAddress = bytesToHex(reader.take(32));
  const tokenChain = Number(reader.uint(2));
  const to = bytesToHex(reader.take(32));
  const toChain = Number(reader.uint(2));
  if (payloadType === 1) {
    const fee = reader.uint(32);
    if (bytes.length !== TRANSFER_BYTES) throw new Error(`a type-1 transfer payload is ${TRANSFER_BYTES} bytes, not ${bytes.length}`);
    return { payloadType, amount, tokenAddress, tokenChain, to, toChain, fee, fromAddress: null, extra: null };
  }
  const fromAddress = bytesToHex(reader.take(32));
  return { payloadType, amount, tokenAddress, tokenChain, to, toChain, fee: 0n, fromAddress, extra: bytesToHex(reader.rest()) };
}

/** A type-1 transfer payload, as the Token Bridge writes it (the sandbox stand-in and the fake use it). */
export function encodeTransferPayload(transfer: { amount: bigint; tokenAddress: Hex; tokenChain: number; to: Hex; toChain: number; fee: bigint }): Hex {
  return concat(['0x01', numberToHex(transfer.amount, { size: 32 }), pad(transfer.tokenAddress, { size: 32 }), numberToHex(transfer.tokenChain, { size: 2 }), pad(transfer.to, { size: 32 }), numberToHex(transfer.toChain, { size: 2 }), numberToHex(transfer.fee, { size: 32 })]);
}

export interface VaaBody {
  readonly timestamp: number;
  readonly nonce: number;
  readonly emitterChain: number;
  readonly emitterAddress: Hex;
  readonly sequence: bigint;
  readonly consistencyLevel: number;
  readonly payload: Hex;
}

export function encodeVaaBody(body: VaaBody): Hex {
  return concat([numberToHex(body.timestamp, { size: 4 }), numberToHex(body.nonce, { size: 4 }), numberToHex(body.emitterChain, { size: 2 }), pad(body.emitterAddress, { size: 32 }), numberToHex(body.sequence, { size: 8 }), numberToHex(body.consistencyLevel, { size: 1 }), body.payload]);
}

export function encodeVaa(guardianSetIndex: number, signatures: readonly GuardianSignature[], body: Hex): Hex {
  const sigs = signatures.map((s) => concat([numberToHex(s.guardianIndex, { size: 1 }), pad(s.r, { size: 32 }), pad(s.s, { size: 32 }), numberToHex(s.v, { size: 1 })]));
  return concat(['0x01', numberToHex(guardianSetIndex, { size: 4 }), numberToHex(signatures.length, { size: 1 }), ...sigs, body]);
}

/** An EVM address as Wormhole's 32-byte universal address (left-padded). */
export function universalAddress(address: Address | Hex): Hex {
  return pad(address.toLowerCase() as Hex, { size: 32 });
}

/**
 * The Token Bridge's normalisation: amounts travel with at most 8 decimals; the bridge pulls only
 * the truncated amount (`deNormalize(normalize(amount))`) from the sender.
 */
export function normalizeAmount(amount: bigint, decimals: number): bigint {
  return decimals > 8 ? amount / 10n ** BigInt(decimals - 8) : amount;
}

export function denormalizeAmount(amount: bigint, decimals: number): bigint {
  return decimals > 8 ? amount * 10n ** BigInt(decimals - 8) : amount;
}

/** Decimals of the Portal-wrapped representation of a token with `decimals` (at most 8). */
export function wrappedDecimals(decimals: number): number {
  return Math.min(decimals, 8);
}
