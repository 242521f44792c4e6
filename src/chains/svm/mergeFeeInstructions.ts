import { sha256 } from '@noble/hashes/sha2.js';
import { base58, base64, hex } from '@scure/base';
import { address, getCompiledTransactionMessageEncoder, isAddress, isOffCurveAddress } from '@solana/kit';
import type { CompiledTransactionMessage, CompiledTransactionMessageWithLifetime } from '@solana/kit';
import { AppError } from '../../domain/errors.ts';
import { COMPUTE_BUDGET_PROGRAM } from './computeBudget.ts';
import { decodeSvmTransaction, decodeSvmTransactionBytes } from './decodeSvmTransaction.ts';
import type { DecodedSvmTransaction, SvmEncoding } from './decodeSvmTransaction.ts';
import { svmAccountsOf } from './svmAccountsOf.ts';

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
/** The classic SPL Token program: the `tokenProgram` of almost every mint in production. */
export const SPL_TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

/** One of Strait's cuts (platform fee, referral share), in the source asset's atomic units. */
export interface FeeCut {
  /** The receiving wallet (base58). For a token, the cut goes to this wallet's associated token account. */
  readonly wallet: string;
  /** Lamports for native SOL, base units of the mint otherwise; 1 … 2^64 − 1. */
  readonly amount: bigint;
}

/** The source asset the cuts are paid in. */
export interface FeeAsset {
  /** The mint (base58), or `null` for native SOL. */
  readonly mint: string | null;
  /** The mint's decimals, which `transferChecked` asserts; ignored for native SOL. */
  readonly decimals: number;
  /** The program that owns the mint: `SPL_TOKEN_PROGRAM` or `TOKEN_2022_PROGRAM`; ignored for native SOL. */
  readonly tokenProgram: string;
}

export interface MergeFeeInstructionsOptions {
  /**
   * The entries of every address lookup table the venue's message loads from, when the caller read
   * them from the chain. Without them the merge cannot see which addresses the message loads from a
   * table (see `mergeFeeInstructions`); with them an account the fee instructions need that the
   * message already loads is reused instead of named twice. When given, it must hold every table
   * the message uses.
   */
  readonly lookupTables?: Readonly<Record<string, readonly string[]>>;
}

/**
 * Compute units the fee instructions may use, added to the venue's SetComputeUnitLimit when it set
 * one. Measured on LiteSVM with Token-2022: System transfer 150, CreateIdempotent about 18 000 when
 * it creates the account (4 500 when it exists), TransferChecked about 1 900; the margin covers
 * mints with extensions. Too many units only raise the priority fee slightly; too few fail it all.
 */
const COMPUTE_UNITS = { systemTransfer: 450, createAta: 40_000, transferChecked: 15_000 } as const;
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
// PACKET_DATA_SIZE, as in decodeSvmTransaction; account indexes are a u8.
const MAX_SVM_TRANSACTION_BYTES = 1232;
const MAX_ACCOUNTS = 256;
const MAX_U64 = 2n ** 64n - 1n;
const SET_COMPUTE_UNIT_LIMIT = 2;
const PDA_MARKER = new TextEncoder().encode('ProgramDerivedAddress');

/** An account a fee instruction passes, with the role it needs; the fee payer is the only signer. */
interface AccountUse {
  readonly key: string;
  readonly writable: boolean;
}

interface FeeInstruction {
  readonly program: string;
  readonly accounts: readonly AccountUse[];
  readonly data: Uint8Array;
  readonly computeUnits: number;
}

interface StaticAccount {
  readonly key: string;
  readonly signer: boolean;
  writable: boolean;
}

/** Where an account of the merged message comes from: the static list, or a loaded table entry. */
type AccountRef = { readonly static: string } | { readonly loaded: number };

function unsafe(message: string, cause?: unknown): AppError {
  return new AppError('unsafe_venue_answer', message, { cause });
}

function badCut(message: string): AppError {
  return new AppError('internal_error', `mergeFeeInstructions: ${message}`);
}

function littleEndian(value: bigint | number, size: 4 | 8): Uint8Array {
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  if (size === 8) view.setBigUint64(0, BigInt(value), true);
  else view.setUint32(0, Number(value), true);
  return out;
}

const concat = (...parts: Uint8Array[]): Uint8Array => Uint8Array.from(parts.flatMap((p) => [...p]));

/**
 * The associated token account of `wallet` for `mint`: the program-derived address of
 * [wallet, tokenProgram, mint] under the Associated Token Account program. Synchronous (kit's
 * `getProgramDerivedAddress` hashes through WebCrypto and is async); the tests check the two agree.
 */
export function associatedTokenAddress(wallet: string, mint: string, tokenProgram: string): string {
  const seeds = concat(base58.decode(wallet), base58.decode(tokenProgram), base58.decode(mint));
  const program = base58.decode(ASSOCIATED_TOKEN_PROGRAM);
  for (let bump = 255; bump >= 0; bump--) {
    const candidate = base58.encode(sha256(concat(seeds, Uint8Array.of(bump), program, PDA_MARKER)));
    if (isOffCurveAddress(address(candidate))) return candidate;
  }
  throw new AppError('internal_error', `no associated token account for ${wallet} and ${mint}`);
}

function checkInputs(cuts: readonly FeeCut[], asset: FeeAsset, feePayer: string): void {
  if (cuts.length === 0) throw badCut('there is no cut to merge');
  for (const [i, cut] of cuts.entries()) {
    if (typeof cut.wallet !== 'string' || !isAddress(cut.wallet)) throw badCut(`cut ${i} names wallet ${String(cut.wallet)}, which is not a Solana address`);
    if (cut.wallet === feePayer) throw badCut(`cut ${i} would pay the user's own wallet ${feePayer}`);
    if (typeof cut.amount !== 'bigint' || cut.amount <= 0n || cut.amount > MAX_U64) throw badCut(`cut ${i} has amount ${String(cut.amount)}, not an integer from 1 to 2^64 - 1`);
  }
  if (asset.mint === null) return;
  if (!isAddress(asset.mint)) throw badCut(`mint ${asset.mint} is not a Solana address`);
  if (!isAddress(asset.tokenProgram)) throw badCut(`token program ${asset.tokenProgram} is not a Solana address`);
  if (!Number.isInteger(asset.decimals) || asset.decimals < 0 || asset.decimals > 255) throw badCut(`decimals ${asset.decimals} is not an integer from 0 to 255`);
}

/** The fee instructions, in order: per cut a System transfer, or CreateIdempotent (once per wallet) then TransferChecked. */
function feeInstructionsFor(payer: string, cuts: readonly FeeCut[], asset: FeeAsset): FeeInstruction[] {
  const { mint, tokenProgram, decimals } = asset;
  if (mint === null) {
    return cuts.map((cut) => ({
      program: SYSTEM_PROGRAM,
      accounts: [{ key: payer, writable: true }, { key: cut.wallet, writable: true }],
      data: concat(littleEndian(2, 4), littleEndian(cut.amount, 8)),
      computeUnits: COMPUTE_UNITS.systemTransfer,
    }));
  }
  const source = associatedTokenAddress(payer, mint, tokenProgram);
  const created = new Set<string>();
  return cuts.flatMap((cut) => {
    const destination = associatedTokenAddress(cut.wallet, mint, tokenProgram);
    const create: FeeInstruction[] = created.has(destination)
      ? []
      : [{
          program: ASSOCIATED_TOKEN_PROGRAM,
          accounts: [
            { key: payer, writable: true },
            { key: destination, writable: true },
            { key: cut.wallet, writable: false },
            { key: mint, writable: false },
            { key: SYSTEM_PROGRAM, writable: false },
            { key: tokenProgram, writable: false },
          ],
          data: Uint8Array.of(1),
          computeUnits: COMPUTE_UNITS.createAta,
        }];
    created.add(destination);
    const transfer: FeeInstruction = {
      program: tokenProgram,
      accounts: [{ key: source, writable: true }, { key: mint, writable: false }, { key: destination, writable: true }, { key: payer, writable: false }],
      data: concat(Uint8Array.of(12), littleEndian(cut.amount, 8), Uint8Array.of(decimals)),
      computeUnits: COMPUTE_UNITS.transferChecked,
    };
    return [...create, transfer];
  });
}

/** The address each loaded account resolves to, in index order after the static accounts; `null` without the tables. */
function loadedAddresses(tx: DecodedSvmTransaction, tables: MergeFeeInstructionsOptions['lookupTables']): { key: string; writable: boolean }[] | null {
  if (tx.addressTableLookups.length === 0) return [];
  if (tables === undefined) return null;
  return svmAccountsOf(tx).slice(tx.staticAccounts.length).map((account) => {
    const [table, entry] = account.key.split('#') as [string, string];
    const entries = tables[table];
    if (entries === undefined) throw badCut(`lookupTables lacks table ${table}, which the transaction uses`);
    const resolved = entries[Number(entry)];
    if (resolved === undefined) throw unsafe(`the venue's Solana transaction loads entry ${entry} of lookup table ${table}, which has ${entries.length} entries`);
    return { key: resolved, writable: account.writable };
  });
}

/**
 * Decides where every account the fee instructions name comes from: a static account of the venue
 * (made writable if a fee instruction needs it so), an entry the message already loads, or a new
 * static account. Never names an address twice, which the runtime refuses (AccountLoadedTwice).
 */
function placeAccounts(tx: DecodedSvmTransaction, fees: readonly FeeInstruction[], loaded: ReturnType<typeof loadedAddresses>) {
  const statics: StaticAccount[] = svmAccountsOf(tx).slice(0, tx.staticAccounts.length).map((a) => ({ ...a }));
  const byKey = new Map(statics.map((a) => [a.key, a]));
  const programs = new Set(fees.map((f) => f.program));
  const refs = new Map<string, AccountRef>();
  for (const use of fees.flatMap((f) => [...f.accounts, { key: f.program, writable: false }])) {
    const existing = byKey.get(use.key);
    if (existing) {
      if (use.writable && !existing.writable && existing.signer) throw unsafe(`the fee instructions need ${use.key} writable, and the venue made it a read-only signer`);
      existing.writable ||= use.writable;
      refs.set(use.key, { static: use.key });
      continue;
    }
    const at = loaded?.findIndex((entry) => entry.key === use.key) ?? -1;
    const entry = loaded?.[at];
    if (entry && !programs.has(use.key) && (entry.writable || !use.writable)) {
      refs.set(use.key, { loaded: at });
      continue;
    }
    if (entry) throw unsafe(`the fee instructions need ${use.key} ${programs.has(use.key) ? 'as a program' : 'writable'}, and the venue's message loads it from a lookup table${entry.writable ? '' : ' read-only'}`);
    const added: StaticAccount = { key: use.key, signer: false, writable: use.writable };
    statics.push(added);
    byKey.set(use.key, added);
    refs.set(use.key, { static: use.key });
  }
  // The runtime's order: writable signers, read-only signers, writable and read-only non-signers.
  const section = (a: StaticAccount): number => (a.signer ? 0 : 2) + (a.writable ? 0 : 1);
  const ordered = [0, 1, 2, 3].flatMap((s) => statics.filter((a) => section(a) === s));
  return { ordered, refs };
}

/** The venue's SetComputeUnitLimit raised by what the fee instructions may use; other instructions untouched. */
function raisedComputeLimit(tx: DecodedSvmTransaction, fees: readonly FeeInstruction[]): Map<number, Uint8Array> {
  const limits = tx.instructions
    .map((ix, index) => ({ ix, index }))
    .filter(({ ix }) => tx.staticAccounts[ix.programIdIndex] === COMPUTE_BUDGET_PROGRAM && ix.accountIndexes.length === 0 && ix.data.length === 5 && ix.data[0] === SET_COMPUTE_UNIT_LIMIT);
  // Two limits make the runtime refuse the transaction anyway (DuplicateInstruction).
  const only = limits.length === 1 ? limits[0] : undefined;
  if (!only) return new Map();
  const current = new DataView(only.ix.data.buffer, only.ix.data.byteOffset).getUint32(1, true);
  const extra = fees.reduce((sum, f) => sum + f.computeUnits, 0);
  const raised = Math.min(current + extra, MAX_COMPUTE_UNIT_LIMIT);
  return new Map([[only.index, concat(Uint8Array.of(SET_COMPUTE_UNIT_LIMIT), littleEndian(raised, 4))]]);
}

function compactU16(value: number): number[] {
  const out: number[] = [];
  for (let rest = value; ; ) {
    const low = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) return [...out, low];
    out.push(low | 0x80);
  }
}

function decodeVenueTransaction(serializedTx: string, encoding: SvmEncoding): DecodedSvmTransaction {
  let tx: DecodedSvmTransaction;
  try {
    tx = decodeSvmTransaction(serializedTx, encoding);
  } catch (err) {
    throw unsafe(`the venue's Solana transaction does not decode: ${err instanceof Error ? err.message : String(err)}`, err);
  }
  const signed = tx.signatureBytes.findIndex((s) => s.some((byte) => byte !== 0));
  if (signed >= 0) throw unsafe(`the venue's Solana transaction is already signed by ${tx.staticAccounts[signed]}, and adding instructions would void that signature`);
  return tx;
}

/**
 * `feeCapture: "merged"` for a Solana source: returns the venue's unsigned transaction with Strait's
 * cuts paid inside it, in the same encoding (hex keeps a `0x` prefix if it had one, in lower case).
 *
 * The result's instructions are the venue's, in order and with their data bytes and resolved
 * accounts unchanged, followed per cut by a System `transfer` from the fee payer (native SOL) or by
 * an Associated Token Account `CreateIdempotent` of the wallet's ATA (paid by the fee payer, once per
 * wallet) and a `transferChecked` from the fee payer's ATA (a token). The fee payer, who must be the
 * user, signs for all of it. Version, blockhash (or durable nonce), signers and the venue's lookups
 * stay as they were; the signature slots are zero. The one venue byte that may change: a single
 * SetComputeUnitLimit is raised by the units the fee instructions may use (`COMPUTE_UNITS`), since a
 * limit the venue measured for its own instructions would make the whole transaction fail.
 *
 * Address lookup tables are kept as compiled (entries, order, roles); every account the fee
 * instructions add becomes a static account, and the account indexes of the venue's instructions
 * shift accordingly. Strait cannot read a table offline, so without `options.lookupTables` it cannot
 * tell whether an account it adds (a program, the mint, an ATA, a wallet) is one the message already
 * loads from a table; if it is, the runtime refuses the whole transaction before anything runs
 * (AccountLoadedTwice: nothing moves, no fee is charged) and the wallet's simulation shows it. Pass
 * the tables to reuse such an entry instead, or to get a refusal here when it cannot be reused.
 *
 * Errors:
 * - `unsafe_venue_answer`: the venue's transaction does not decode strictly, carries a signature, or
 *   cannot take the fee instructions (more than 1232 bytes or 256 accounts after merging, or an
 *   account the fee needs in a role the venue's message rules out); the engine falls back.
 * - `internal_error`: the cuts or asset are unusable (no cut, an amount outside 1 … 2^64 − 1, a
 *   wallet that is no Solana address or is the user's own, a bad mint, program or decimals), or
 *   `lookupTables` lacks a table the message uses: Strait's own inputs, so a refusal is a bug upstream.
 *
 * Not checked here (no chain access): that a new SOL recipient receives at least the rent-exempt
 * minimum, that the user holds the amounts, and that a Token-2022 mint has no transfer hook.
 */
export function mergeFeeInstructions(
  serializedTx: string,
  encoding: SvmEncoding,
  cuts: readonly FeeCut[],
  asset: FeeAsset,
  options: MergeFeeInstructionsOptions = {},
): string {
  const tx = decodeVenueTransaction(serializedTx, encoding);
  const payer = tx.staticAccounts[0] as string;
  checkInputs(cuts, asset, payer);
  const fees = feeInstructionsFor(payer, cuts, asset);
  const loaded = loadedAddresses(tx, options.lookupTables);
  const { ordered, refs } = placeAccounts(tx, fees, loaded);
  const loadedCount = svmAccountsOf(tx).length - tx.staticAccounts.length;
  if (ordered.length + loadedCount > MAX_ACCOUNTS) {
    throw unsafe(`the fee instructions do not fit in the venue's Solana transaction: it would name ${ordered.length + loadedCount} accounts, more than ${MAX_ACCOUNTS}`);
  }

  const newIndex = new Map(ordered.map((a, i) => [a.key, i]));
  const indexOfRef = (ref: AccountRef): number => ('static' in ref ? (newIndex.get(ref.static) as number) : ordered.length + ref.loaded);
  const remap = (old: number): number =>
    old < tx.staticAccounts.length ? (newIndex.get(tx.staticAccounts[old] as string) as number) : old - tx.staticAccounts.length + ordered.length;
  const raised = raisedComputeLimit(tx, fees);
  const instructions = [
    ...tx.instructions.map((ix, i) => ({ programAddressIndex: remap(ix.programIdIndex), accountIndices: ix.accountIndexes.map(remap), data: raised.get(i) ?? ix.data })),
    ...fees.map((f) => ({
      programAddressIndex: newIndex.get(f.program) as number,
      accountIndices: f.accounts.map((a) => indexOfRef(refs.get(a.key) as AccountRef)),
      data: f.data,
    })),
  ];

  const signers = tx.header.numRequiredSignatures;
  const common = {
    header: {
      numSignerAccounts: signers,
      numReadonlySignerAccounts: ordered.filter((a) => a.signer && !a.writable).length,
      numReadonlyNonSignerAccounts: ordered.filter((a) => !a.signer && !a.writable).length,
    },
    staticAccounts: ordered.map((a) => address(a.key)),
    lifetimeToken: tx.recentBlockhash,
    instructions,
  };
  const compiled: CompiledTransactionMessage & CompiledTransactionMessageWithLifetime =
    tx.version === 'legacy'
      ? { ...common, version: 'legacy' }
      : {
          ...common,
          version: 0,
          addressTableLookups: tx.addressTableLookups.map((l) => ({ lookupTableAddress: address(l.tableAddress), writableIndexes: [...l.writableIndexes], readonlyIndexes: [...l.readonlyIndexes] })),
        };
  const message = new Uint8Array(getCompiledTransactionMessageEncoder().encode(compiled));
  const wire = concat(Uint8Array.from(compactU16(signers)), new Uint8Array(64 * signers), message);
  if (wire.length > MAX_SVM_TRANSACTION_BYTES) {
    throw unsafe(`the fee instructions do not fit in the venue's Solana transaction: it would be ${wire.length} bytes, more than ${MAX_SVM_TRANSACTION_BYTES}`);
  }
  try {
    decodeSvmTransactionBytes(wire);
  } catch (err) {
    throw new AppError('internal_error', `the merged Solana transaction does not decode: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  if (encoding === 'base64') return base64.encode(wire);
  return `${/^0x/i.test(serializedTx) ? '0x' : ''}${hex.encode(wire)}`;
}
