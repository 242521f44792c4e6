import { base58, hex } from '@scure/base';
import { resolveAccountAt, UNREAD_LOOKUP_TABLE, type SvmLookupTables } from '../../chains/svm/addressLookupTables.ts';
import type { DecodedSvmTransaction } from '../../chains/svm/decodeSvmTransaction.ts';
import type { CallIntent } from '../allowList.ts';
import { debridgeChainByEvmId, DLN_SOLANA_SOURCE } from './debridgeChains.ts';

/**
 * The order a deBridge Solana transaction places, read from its DlnSource (`dln_src`) instruction.
 * The API builds `create_order_with_nonce`; `create_order` carries the same leading arguments without
 * the nonce and metadata. Borsh layout (Anchor), as in deBridge's `dln_src` IDL and confirmed on a
 * mainnet order transaction (fixtures/real/dln-solana-order-tx-jupiter-preswap.hex):
 *
 * discriminator[8] · give_original_amount u64 · take {chain_id [32] BE, token_address bytes,
 * amount [32] BE} · receiver_dst bytes · external_call Option<bytes> · give_patch_authority_src [32] ·
 * allowed_cancel_beneficiary_src Option<[32]> · order_authority_address_dst bytes ·
 * allowed_taker_dst Option<bytes> · affiliate_fee Option<…> · referral_code Option<u32> ·
 * (with nonce) nonce u64 · metadata bytes. `bytes` is a u32 little-endian length and the bytes.
 */

/** sha256("global:create_order_with_nonce")[0..8] and sha256("global:create_order")[0..8]. */
const CREATE_ORDER_WITH_NONCE = '828362be28ce4432';
const CREATE_ORDER = '8d3625cfedd2fad7';
/** The `tokenMint` account of both instructions (maker, state, tokenMint, …). */
const TOKEN_MINT_ACCOUNT = 2;
/** deBridge's wrapped SOL mint: a native SOL order gives wSOL. */
export const WRAPPED_SOL_MINT = 'So11111111111111111111111111111111111111112';

export interface DlnSolanaOrder {
  readonly instruction: 'create_order_with_nonce' | 'create_order';
  readonly giveAmount: bigint;
  readonly takeChainId: bigint;
  /** Hex with 0x, lower case: 20 bytes for an EVM token. */
  readonly takeToken: string;
  readonly takeAmount: bigint;
  readonly receiverDst: string;
  readonly hasExternalCall: boolean;
  /** Base58. */
  readonly givePatchAuthoritySrc: string;
  readonly allowedCancelBeneficiarySrc: string | null;
  readonly orderAuthorityDst: string;
  readonly allowedTakerDst: string | null;
  readonly hasAffiliateFee: boolean;
  /**
   * The `tokenMint` account (base58): named statically, or loaded from a lookup table whose entries
   * were read from the chain. The table and entry when a table Strait did not read loads it.
   */
  readonly tokenMint: string | UnreadTableEntry;
}

export interface UnreadTableEntry {
  readonly table: string;
  readonly entry: number;
}

/**
 * How a check treats an account loaded from a lookup table: resolved through the tables read from
 * the chain, refused when they were not read (`null`), or left to a later check that has them
 * (`'checked-later'`: the adapter at build, before the engine reads the tables).
 */
export type DlnLookupTables = SvmLookupTables | null | 'checked-later';

class Reader {
  offset = 0;
  constructor(private readonly data: Uint8Array) {}
  take(count: number): Uint8Array {
    if (this.offset + count > this.data.length) throw new Error('truncated');
    const out = this.data.subarray(this.offset, this.offset + count);
    this.offset += count;
    return out;
  }
  u8(): number {
    return this.take(1)[0]!;
  }
  u32(): number {
    const b = this.take(4);
    return new DataView(b.buffer, b.byteOffset, 4).getUint32(0, true);
  }
  u64(): bigint {
    const b = this.take(8);
    return new DataView(b.buffer, b.byteOffset, 8).getBigUint64(0, true);
  }
  u256be(): bigint {
    return BigInt(`0x${hex.encode(this.take(32))}`);
  }
  bytes(): Uint8Array {
    const length = this.u32();
    if (length > 255) throw new Error('an address longer than DLN allows');
    return this.take(length);
  }
  option<T>(read: () => T): T | null {
    const tag = this.u8();
    if (tag === 0) return null;
    if (tag !== 1) throw new Error('an option tag that is neither 0 nor 1');
    return read();
  }
}

const hexOf = (bytes: Uint8Array): string => `0x${hex.encode(bytes)}`;

/** Decodes the instruction data of a DLN order placement; a string says why it is not one. */
export function decodeDlnSolanaOrderData(data: Uint8Array): Omit<DlnSolanaOrder, 'tokenMint'> | string {
  const discriminator = hex.encode(data.subarray(0, 8));
  if (discriminator !== CREATE_ORDER_WITH_NONCE && discriminator !== CREATE_ORDER) return `calls DlnSource instruction ${discriminator}, not an order placement`;
  const r = new Reader(data);
  try {
    r.take(8);
    const giveAmount = r.u64();
    const takeChainId = r.u256be();
    const takeToken = hexOf(r.bytes());
    const takeAmount = r.u256be();
    const receiverDst = hexOf(r.bytes());
    const externalCall = r.option(() => r.bytes());
    const givePatchAuthoritySrc = base58.encode(r.take(32));
    const cancelBeneficiary = r.option(() => base58.encode(r.take(32)));
    const orderAuthorityDst = hexOf(r.bytes());
    const allowedTaker = r.option(() => hexOf(r.bytes()));
    // The affiliate fee's layout is not read: Strait never asks for one, so any is refused.
    const affiliateTag = r.u8();
    if (affiliateTag > 1) throw new Error('an option tag that is neither 0 nor 1');
    return {
      instruction: discriminator === CREATE_ORDER ? 'create_order' : 'create_order_with_nonce',
      giveAmount,
      takeChainId,
      takeToken,
      takeAmount,
      receiverDst,
      hasExternalCall: externalCall !== null,
      givePatchAuthoritySrc,
      allowedCancelBeneficiarySrc: cancelBeneficiary,
      orderAuthorityDst,
      allowedTakerDst: allowedTaker,
      hasAffiliateFee: affiliateTag === 1,
    };
  } catch (error) {
    return `carries order data Strait cannot read (${(error as Error).message})`;
  }
}

/** The one DLN order a transaction places; a string says why there is not exactly one Strait can read. */
export function dlnSolanaOrderOf(tx: DecodedSvmTransaction, lookupTables: SvmLookupTables | null = null): DlnSolanaOrder | string {
  const placements = tx.instructions.filter((ix) => tx.staticAccounts[ix.programIdIndex] === DLN_SOLANA_SOURCE);
  if (placements.length !== 1) return `invokes DlnSource ${placements.length} times, not once`;
  const ix = placements[0]!;
  const decoded = decodeDlnSolanaOrderData(ix.data);
  if (typeof decoded === 'string') return decoded;
  const mintIndex = ix.accountIndexes[TOKEN_MINT_ACCOUNT];
  const mint = mintIndex === undefined ? null : resolveAccountAt(tx, mintIndex, lookupTables);
  if (mint === null) return 'names no token mint account';
  return { ...decoded, tokenMint: 'address' in mint ? mint.address : mint.unread };
}

/** The start of the refusal of an order whose mint sits in a lookup table that was not read. */
export const LOADS_MINT_UNREAD = `loads its token mint from ${UNREAD_LOOKUP_TABLE}`;

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * Why a deBridge Solana transaction does not place the order the transfer asked, or `null`: one
 * order giving the source token (wSOL for SOL) and exactly the amount sent (a SOL input: at most the
 * amount, the flat fee being paid beside it), for the requested EVM chain, paying the recipient, with
 * the recipient as the destination authority, no hook, no fixed cancel beneficiary, no taker pinned
 * and no affiliate fee. Run at build and again at submit (allowList `solanaCheck`); the take token
 * and amount are compared with the quote by the adapter at build. A mint loaded from a lookup table
 * is compared through the table's entries read at build (kept with the step for submit, where the
 * signed transaction must load the same table entry); without them the order is refused.
 */
export function whyNotDlnSolanaOrder(tx: DecodedSvmTransaction, intent: CallIntent, lookupTables: DlnLookupTables): string | null {
  const order = dlnSolanaOrderOf(tx, lookupTables === 'checked-later' ? null : lookupTables);
  if (typeof order === 'string') return order;
  const mint = intent.sourceToken ?? WRAPPED_SOL_MINT;
  if (typeof order.tokenMint !== 'string') {
    if (lookupTables !== 'checked-later') return `${LOADS_MINT_UNREAD} (entry ${order.tokenMint.entry} of ${order.tokenMint.table}), so the token it gives cannot be compared with ${mint}`;
  } else if (order.tokenMint !== mint) return `gives ${order.tokenMint}, not the source token ${mint}`;
  if (order.giveAmount <= 0n) return 'gives nothing';
  if (intent.sourceToken === null ? order.giveAmount > intent.amount : order.giveAmount !== intent.amount) return `gives ${order.giveAmount}, not the ${intent.amount} the transfer moves`;
  const destination = intent.destinationChainId === null ? undefined : debridgeChainByEvmId(intent.destinationChainId);
  if (!destination) return `places an order for deBridge chain ${order.takeChainId}, but the transfer's destination is not an EVM chain Strait builds deBridge orders for`;
  if (order.takeChainId !== BigInt(destination.debridgeChainId)) return `places an order for deBridge chain ${order.takeChainId}, not ${destination.debridgeChainId} (${destination.key})`;
  if (!same(order.receiverDst, intent.recipient)) return `pays ${order.receiverDst} on the destination, not the recipient ${intent.recipient}`;
  if (!same(order.orderAuthorityDst, intent.recipient)) return `names ${order.orderAuthorityDst} as the destination authority (who may cancel the order), not the recipient ${intent.recipient}`;
  if (order.hasExternalCall) return 'attaches a hook that would hand the output to a contract';
  if (order.allowedCancelBeneficiarySrc !== null) return `fixes ${order.allowedCancelBeneficiarySrc} as the beneficiary of a cancellation`;
  if (order.allowedTakerDst !== null) return `lets only ${order.allowedTakerDst} fill the order`;
  if (order.hasAffiliateFee) return 'pays an affiliate fee out of the order';
  return null;
}
