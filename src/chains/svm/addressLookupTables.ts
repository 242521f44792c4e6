import { base58 } from '@scure/base';
import type { DecodedSvmTransaction } from './decodeSvmTransaction.ts';

/** The program that owns every address lookup table account. */
export const ADDRESS_LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';

/** The entries of address lookup tables, by table address (base58), in entry order. */
export type SvmLookupTables = Readonly<Record<string, readonly string[]>>;

/**
 * The account layout of Solana's address-lookup-table program (`LookupTableMeta` then the entries):
 * u32 state (1 = LookupTable) · u64 deactivation_slot · u64 last_extended_slot ·
 * u8 last_extended_slot_start_index · Option<Pubkey> authority (tag, 32 bytes) · 2 bytes padding,
 * 56 bytes in all, then 32 bytes per entry. A table holds at most 256 entries.
 */
const META_BYTES = 56;
const KEY_BYTES = 32;
const MAX_ENTRIES = 256;
export const MAX_LOOKUP_TABLE_BYTES = META_BYTES + KEY_BYTES * MAX_ENTRIES;
const LOOKUP_TABLE_STATE = 1;
const NEVER_DEACTIVATED = 2n ** 64n - 1n;

/**
 * The entries of a lookup table account's data; throws an Error saying why the data is not an active
 * table. A deactivated table is refused: it can be closed before the wallet signs, and its entries
 * are then no longer what Strait checked.
 */
export function decodeAddressLookupTable(data: Uint8Array): string[] {
  if (data.length < META_BYTES) throw new Error(`holds ${data.length} bytes, fewer than a lookup table's ${META_BYTES}-byte header`);
  if (data.length > MAX_LOOKUP_TABLE_BYTES) throw new Error(`holds ${data.length} bytes, more than a table of ${MAX_ENTRIES} entries`);
  if ((data.length - META_BYTES) % KEY_BYTES !== 0) throw new Error(`holds ${data.length - META_BYTES} bytes of entries, not a whole number of addresses`);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const state = view.getUint32(0, true);
  if (state !== LOOKUP_TABLE_STATE) throw new Error(`is in state ${state}, not an initialized lookup table`);
  if (view.getBigUint64(4, true) !== NEVER_DEACTIVATED) throw new Error('is deactivated');
  const entries: string[] = [];
  for (let offset = META_BYTES; offset < data.length; offset += KEY_BYTES) entries.push(base58.encode(data.subarray(offset, offset + KEY_BYTES)));
  return entries;
}

/** Part of every check's reason for refusing an account loaded from a table whose entries were not read. */
export const UNREAD_LOOKUP_TABLE = 'a lookup table Strait did not read';

/** The tables a message loads accounts from, each once, in lookup order. */
export function lookupTableAddressesOf(tx: DecodedSvmTransaction): string[] {
  return [...new Set(tx.addressTableLookups.map((lookup) => lookup.tableAddress))];
}

/** Where a message account comes from: a static address, or an entry of a lookup table. */
export type SvmAccountSource = { readonly address: string } | { readonly table: string; readonly entry: number };

/** The source of account `index` of the message (static accounts, then writable, then read-only loaded entries). */
export function accountSourceAt(tx: DecodedSvmTransaction, index: number): SvmAccountSource | null {
  if (index < tx.staticAccounts.length) return { address: tx.staticAccounts[index] as string };
  let rest = index - tx.staticAccounts.length;
  for (const kind of ['writableIndexes', 'readonlyIndexes'] as const) {
    for (const lookup of tx.addressTableLookups) {
      const indexes = lookup[kind];
      if (rest < indexes.length) return { table: lookup.tableAddress, entry: indexes[rest] as number };
      rest -= indexes.length;
    }
  }
  return null;
}

/**
 * The address account `index` of the message resolves to: a static one, or the entry of a table in
 * `tables`; `unread` names the table and entry when `tables` is `null` or lacks that table; `null`
 * when the index is beyond the message or the table.
 */
export function resolveAccountAt(tx: DecodedSvmTransaction, index: number, tables: SvmLookupTables | null): { address: string } | { unread: { table: string; entry: number } } | null {
  const source = accountSourceAt(tx, index);
  if (source === null || 'address' in source) return source;
  const entries = tables?.[source.table];
  if (entries === undefined) return { unread: source };
  const resolved = entries[source.entry];
  return resolved === undefined ? null : { address: resolved };
}
