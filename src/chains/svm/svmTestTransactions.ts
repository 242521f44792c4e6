import { createPrivateKey, createPublicKey, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { base58 } from '@scure/base';
import {
  address,
  appendTransactionMessageInstructions,
  blockhash as toBlockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  decompileTransactionMessage,
  getAddressEncoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionEncoder,
  lamports,
  setTransactionMessageComputeUnitLimit,
  setTransactionMessageComputeUnitPrice,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import type { AccountRole, CompiledTransactionMessage, CompiledTransactionMessageWithLifetime, Instruction } from '@solana/kit';
import type { LiteSVM } from 'litesvm';

/**
 * Test support for the Solana codec: deterministic keys, a realistic transfer as a venue would build
 * it (SPL token transfer, a fee in SOL, a memo, a priority fee, optionally an address lookup table),
 * the accounts it needs inside a LiteSVM instance, and an editable form of a compiled message that
 * @solana/kit encodes (never Strait's own decoder, so the two check each other).
 */

export const PROGRAMS = {
  system: '11111111111111111111111111111111',
  // LiteSVM's npm build ships Token-2022, which runs classic SPL Token instructions on 165-byte accounts.
  token: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  memo: 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
  computeBudget: 'ComputeBudget111111111111111111111111111111',
  lookupTable: 'AddressLookupTab1e1111111111111111111111111',
} as const;

export interface TestSigner {
  readonly address: string;
  sign(message: Uint8Array): Uint8Array;
}

// RFC 8410 PKCS#8 wrapping of a raw 32-byte Ed25519 seed.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The same key for the same seed, so failures reproduce. */
export function testSigner(seed: number): TestSigner {
  const privateKey: KeyObject = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, Buffer.alloc(32, seed)]), format: 'der', type: 'pkcs8' });
  const x = createPublicKey(privateKey).export({ format: 'jwk' }).x as string;
  return {
    address: base58.encode(Buffer.from(x, 'base64url')),
    sign: (message) => new Uint8Array(sign(null, message, privateKey)),
  };
}

const u64 = (value: bigint): Uint8Array => {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value, true);
  return out;
};
const u32 = (value: number): Uint8Array => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value, true);
  return out;
};
const bytes = (...parts: (number | Uint8Array)[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'number' ? [p] : [...p])));

const meta = (key: string, role: AccountRole) => ({ address: address(key), role });
const READONLY = 0 as AccountRole;
const WRITABLE = 1 as AccountRole;
const READONLY_SIGNER = 2 as AccountRole;
const WRITABLE_SIGNER = 3 as AccountRole;

export const instructions = {
  transferChecked: (source: string, mint: string, destination: string, owner: string, amount: bigint, decimals: number): Instruction => ({
    programAddress: address(PROGRAMS.token),
    accounts: [meta(source, WRITABLE), meta(mint, READONLY), meta(destination, WRITABLE), meta(owner, READONLY_SIGNER)],
    data: bytes(12, u64(amount), decimals),
  }),
  systemTransfer: (from: string, to: string, amount: bigint): Instruction => ({
    programAddress: address(PROGRAMS.system),
    accounts: [meta(from, WRITABLE_SIGNER), meta(to, WRITABLE)],
    data: bytes(u32(2), u64(amount)),
  }),
  memo: (text: string): Instruction => ({ programAddress: address(PROGRAMS.memo), data: new TextEncoder().encode(text) }),
  computeUnitLimit: (units: number): Instruction => ({ programAddress: address(PROGRAMS.computeBudget), data: bytes(2, u32(units)) }),
  computeUnitPrice: (microLamports: bigint): Instruction => ({ programAddress: address(PROGRAMS.computeBudget), data: bytes(3, u64(microLamports)) }),
};

export interface TransferScenario {
  readonly svm: LiteSVM;
  /** The wallet: fee payer and token owner. */
  readonly user: TestSigner;
  /** Someone else with a key, for re-signing and redirecting. */
  readonly attacker: TestSigner;
  readonly mint: string;
  readonly decimals: number;
  readonly userTokenAccount: string;
  /** The venue's deposit account: the recipient of the main transfer. */
  readonly depositTokenAccount: string;
  /** Strait's fee wallet, paid in SOL by the built transaction. */
  readonly feeWallet: string;
  readonly lookupTable: string;
  readonly lookupAddresses: readonly string[];
}

const LOOKUP_TABLE_META_BYTES = 56;

export function tokenAccountData(mint: string, owner: string, amount: bigint): Uint8Array {
  const data = new Uint8Array(165);
  const encoder = getAddressEncoder();
  data.set(encoder.encode(address(mint)), 0);
  data.set(encoder.encode(address(owner)), 32);
  data.set(u64(amount), 64);
  data[108] = 1; // AccountState::Initialized
  return data;
}

export function mintData(supply: bigint, decimals: number): Uint8Array {
  const data = new Uint8Array(82);
  data.set(u64(supply), 36);
  data[44] = decimals;
  data[45] = 1; // is_initialized
  return data;
}

/** An active lookup table: never deactivated, every entry usable from the current slot. */
export function lookupTableData(entries: readonly string[]): Uint8Array {
  const data = new Uint8Array(LOOKUP_TABLE_META_BYTES + 32 * entries.length);
  const view = new DataView(data.buffer);
  view.setUint32(0, 1, true); // ProgramState::LookupTable
  view.setBigUint64(4, 0xffff_ffff_ffff_ffffn, true); // deactivation_slot: never
  view.setBigUint64(12, 0n, true); // last_extended_slot
  data[20] = entries.length; // last_extended_slot_start_index
  const encoder = getAddressEncoder();
  entries.forEach((entry, i) => data.set(encoder.encode(address(entry)), LOOKUP_TABLE_META_BYTES + 32 * i));
  return data;
}

/** Puts a rent-exempt account holding `data`, owned by `owner`. */
export function putAccount(svm: LiteSVM, key: string, owner: string, data: Uint8Array): void {
  svm.setAccount({
    address: address(key),
    programAddress: address(owner),
    data,
    executable: false,
    lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(data.length))),
    space: BigInt(data.length),
  });
}

/** Creates the mint, both token accounts, the fee wallet and the lookup table inside `svm`, and funds the user. */
export function setUpTransferScenario(svm: LiteSVM): TransferScenario {
  const user = testSigner(1);
  const attacker = testSigner(2);
  const [mint, userTokenAccount, depositTokenAccount, feeWallet, lookupTable, vault] = [3, 4, 5, 6, 7, 8].map((seed) => testSigner(seed).address) as [string, string, string, string, string, string];
  const decimals = 6;
  svm.airdrop(address(user.address), lamports(1_000_000_000_000n));
  svm.airdrop(address(feeWallet), lamports(1_000_000_000n));
  putAccount(svm, mint, PROGRAMS.token, mintData(10n ** 15n, decimals));
  putAccount(svm, userTokenAccount, PROGRAMS.token, tokenAccountData(mint, user.address, 10n ** 14n));
  putAccount(svm, depositTokenAccount, PROGRAMS.token, tokenAccountData(mint, vault, 0n));
  const lookupAddresses = [mint, depositTokenAccount, feeWallet];
  putAccount(svm, lookupTable, PROGRAMS.lookupTable, lookupTableData(lookupAddresses));
  return { svm, user, attacker, mint, decimals, userTokenAccount, depositTokenAccount, feeWallet, lookupTable, lookupAddresses };
}

export interface BuildTransferOptions {
  readonly version: 'legacy' | 0;
  /** v0 only: load the mint, the deposit account and the fee wallet through the lookup table. */
  readonly useLookupTable?: boolean;
  readonly amount: bigint;
  readonly feeLamports: bigint;
  readonly memo: string;
  readonly blockhash: string;
  /** A priority fee the venue set; none when absent. */
  readonly priceMicroLamports?: bigint;
}

/** The unsigned wire bytes of the transfer, compiled by @solana/kit as a venue's SDK would. */
export function buildTransferTransaction(scenario: TransferScenario, options: BuildTransferOptions): Uint8Array {
  const built = [
    ...(options.priceMicroLamports !== undefined ? [instructions.computeUnitPrice(options.priceMicroLamports)] : []),
    instructions.transferChecked(scenario.userTokenAccount, scenario.mint, scenario.depositTokenAccount, scenario.user.address, options.amount, scenario.decimals),
    instructions.systemTransfer(scenario.user.address, scenario.feeWallet, options.feeLamports),
    instructions.memo(options.memo),
  ];
  const lifetime = { blockhash: toBlockhash(options.blockhash), lastValidBlockHeight: 1_000_000n };
  const message = appendTransactionMessageInstructions(
    built,
    setTransactionMessageLifetimeUsingBlockhash(lifetime, setTransactionMessageFeePayer(address(scenario.user.address), createTransactionMessage({ version: options.version }))),
  );
  const compressed =
    options.version === 0 && options.useLookupTable
      ? compressTransactionMessageUsingAddressLookupTables(message as typeof message & { version: 0 }, { [address(scenario.lookupTable)]: scenario.lookupAddresses.map((a) => address(a)) })
      : message;
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(compressed)));
}

export function lamportBalance(svm: LiteSVM, account: string): bigint {
  return svm.getBalance(address(account)) ?? 0n;
}

export function tokenBalance(svm: LiteSVM, account: string): bigint {
  const found = svm.getAccount(address(account));
  if (!found.exists) throw new Error(`no account ${account}`);
  return new DataView(found.data.buffer, found.data.byteOffset).getBigUint64(64, true);
}

/** A compiled message in a form tests can edit freely; `encodeMessage` turns it back into bytes with @solana/kit. */
export interface EditableMessage {
  version: 'legacy' | 0;
  /** numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts */
  header: [number, number, number];
  staticAccounts: string[];
  blockhash: string;
  instructions: { program: number; accounts: number[]; data: Uint8Array }[];
  lookups: { table: string; writable: number[]; readonly: number[] }[];
}

function compactU16(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  for (;;) {
    const low = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) return [...out, low];
    out.push(low | 0x80);
  }
}

/** Splits wire bytes into signatures and message bytes. */
export function splitWire(wire: Uint8Array): { signatures: Uint8Array[]; messageBytes: Uint8Array } {
  let count = 0;
  let offset = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = wire[offset++] as number;
    count |= (byte & 0x7f) << shift;
    if (!(byte & 0x80)) break;
  }
  const signatures = Array.from({ length: count }, (_, i) => wire.slice(offset + 64 * i, offset + 64 * (i + 1)));
  return { signatures, messageBytes: wire.slice(offset + 64 * count) };
}

export function editableMessageOf(wire: Uint8Array): EditableMessage {
  const compiled = getCompiledTransactionMessageDecoder().decode(splitWire(wire).messageBytes);
  if (compiled.version !== 'legacy' && compiled.version !== 0) throw new Error(`unexpected version ${String(compiled.version)}`);
  const { header } = compiled;
  return {
    version: compiled.version,
    header: [header.numSignerAccounts, header.numReadonlySignerAccounts, header.numReadonlyNonSignerAccounts],
    staticAccounts: [...compiled.staticAccounts],
    blockhash: compiled.lifetimeToken,
    instructions: compiled.instructions.map((ix) => ({ program: ix.programAddressIndex, accounts: [...(ix.accountIndices ?? [])], data: new Uint8Array(ix.data ?? []) })),
    lookups: compiled.version === 0 ? (compiled.addressTableLookups ?? []).map((l) => ({ table: l.lookupTableAddress, writable: [...l.writableIndexes], readonly: [...l.readonlyIndexes] })) : [],
  };
}

export function encodeMessage(message: EditableMessage): Uint8Array {
  const common = {
    header: { numSignerAccounts: message.header[0], numReadonlySignerAccounts: message.header[1], numReadonlyNonSignerAccounts: message.header[2] },
    staticAccounts: message.staticAccounts.map((a) => address(a)),
    lifetimeToken: message.blockhash,
    instructions: message.instructions.map((ix) => ({ programAddressIndex: ix.program, accountIndices: ix.accounts, data: ix.data })),
  };
  const compiled: CompiledTransactionMessage & CompiledTransactionMessageWithLifetime =
    message.version === 'legacy'
      ? { ...common, version: 'legacy' }
      : { ...common, version: 0, addressTableLookups: message.lookups.map((l) => ({ lookupTableAddress: address(l.table), writableIndexes: l.writable, readonlyIndexes: l.readonly })) };
  return new Uint8Array(getCompiledTransactionMessageEncoder().encode(compiled));
}

/** Wire bytes: the signatures as given, then the message. */
export function joinWire(signatures: readonly Uint8Array[], messageBytes: Uint8Array): Uint8Array {
  return bytes(...compactU16(signatures.length), ...signatures, messageBytes);
}

/** Encodes the message and signs it with whichever of `signers` it names as signers; other slots stay zero. */
export function signMessage(message: EditableMessage, signers: readonly TestSigner[]): Uint8Array {
  const messageBytes = encodeMessage(message);
  const signatures = message.staticAccounts.slice(0, message.header[0]).map((key) => signers.find((s) => s.address === key)?.sign(messageBytes) ?? new Uint8Array(64));
  return joinWire(signatures, messageBytes);
}

export type AccountSection = 'writableSigner' | 'readonlySigner' | 'writable' | 'readonly';

/**
 * Adds a static account at the end of its role's section, shifting every index at or after it
 * (looked-up accounts follow the static ones, so their indexes shift too). Returns its index.
 */
export function insertStaticAccount(message: EditableMessage, key: string, section: AccountSection): number {
  const [signers, readonlySigned, readonlyUnsigned] = message.header;
  const count = message.staticAccounts.length;
  const position = { writableSigner: signers - readonlySigned, readonlySigner: signers, writable: count - readonlyUnsigned, readonly: count }[section];
  message.staticAccounts.splice(position, 0, key);
  if (section === 'writableSigner' || section === 'readonlySigner') message.header[0] += 1;
  if (section === 'readonlySigner') message.header[1] += 1;
  if (section === 'readonly') message.header[2] += 1;
  const shift = (i: number): number => (i >= position ? i + 1 : i);
  for (const ix of message.instructions) {
    ix.program = shift(ix.program);
    ix.accounts = ix.accounts.map(shift);
  }
  return position;
}

/** The index of `key` among the static accounts, adding it (read-only) when absent. */
export function staticIndexOf(message: EditableMessage, key: string, section: AccountSection = 'readonly'): number {
  const found = message.staticAccounts.indexOf(key);
  return found >= 0 ? found : insertStaticAccount(message, key, section);
}

export function cloneMessage(message: EditableMessage): EditableMessage {
  return {
    version: message.version,
    header: [...message.header],
    staticAccounts: [...message.staticAccounts],
    blockhash: message.blockhash,
    instructions: message.instructions.map((ix) => ({ program: ix.program, accounts: [...ix.accounts], data: new Uint8Array(ix.data) })),
    lookups: message.lookups.map((l) => ({ table: l.table, writable: [...l.writable], readonly: [...l.readonly] })),
  };
}

export const toBase64 = (wire: Uint8Array): string => Buffer.from(wire).toString('base64');
export const toHex = (wire: Uint8Array): string => Buffer.from(wire).toString('hex');

/** The edits a wallet may make to a built transaction (spec §4, Solana rule). */
export interface WalletEdit {
  readonly unitLimit?: number;
  readonly unitPrice?: bigint;
  /** A fresh blockhash, for a step with `refreshBlockhash`. */
  readonly blockhash?: string;
}

/**
 * The edit as a @solana/kit wallet makes it: decompile (resolving the lookup table), set the compute
 * unit limit and price (kit replaces an existing instruction in place and appends a new one), set
 * the blockhash, compress with the same table, compile.
 */
export function editWithKit(wire: Uint8Array, scenario: TransferScenario, edit: WalletEdit): EditableMessage {
  const compiled = getCompiledTransactionMessageDecoder().decode(splitWire(wire).messageBytes);
  const tables = { [address(scenario.lookupTable)]: scenario.lookupAddresses.map((a) => address(a)) };
  type Message = ReturnType<typeof decompileTransactionMessage> & { version: 'legacy' | 0 };
  let message = decompileTransactionMessage(compiled, { addressesByLookupTableAddress: tables }) as Message;
  if (edit.unitPrice !== undefined) message = setTransactionMessageComputeUnitPrice(edit.unitPrice, message);
  if (edit.unitLimit !== undefined) message = setTransactionMessageComputeUnitLimit(edit.unitLimit, message);
  if (edit.blockhash !== undefined) message = setTransactionMessageLifetimeUsingBlockhash({ blockhash: toBlockhash(edit.blockhash), lastValidBlockHeight: 1_000_000n }, message);
  const usesTable = compiled.version === 0 && (compiled.addressTableLookups ?? []).length > 0;
  const compressed = usesTable ? compressTransactionMessageUsingAddressLookupTables(message as Message & { version: 0 }, tables) : message;
  return editableMessageOf(new Uint8Array(getTransactionEncoder().encode(compileTransaction(compressed))));
}

/**
 * The edit as Phantom-style wallets make it on the compiled message: drop the compute-budget
 * instructions in front, prepend their own (limit, then price), and add the ComputeBudget program
 * as a read-only account when the message lacks it.
 */
export function editLikePhantom(message: EditableMessage, edit: WalletEdit): EditableMessage {
  const out = cloneMessage(message);
  const budget = staticIndexOf(out, PROGRAMS.computeBudget);
  while (out.instructions[0]?.program === budget) out.instructions.shift();
  const added = [
    ...(edit.unitLimit !== undefined ? [{ program: budget, accounts: [], data: bytes(2, u32(edit.unitLimit)) }] : []),
    ...(edit.unitPrice !== undefined ? [{ program: budget, accounts: [], data: bytes(3, u64(edit.unitPrice)) }] : []),
  ];
  out.instructions.unshift(...added);
  if (edit.blockhash !== undefined) out.blockhash = edit.blockhash;
  return out;
}
