import { hex } from '@scure/base';
import { COMPUTE_BUDGET_EXPECTATION, COMPUTE_BUDGET_PROGRAM, isWellFormedComputeBudgetInstruction } from './computeBudget.ts';
import type { DecodedSvmTransaction } from './decodeSvmTransaction.ts';
import { describeSvmAccount, svmAccountsOf } from './svmAccountsOf.ts';
import type { SvmAccount } from './svmAccountsOf.ts';
import { verifySvmSignatures } from './verifySvmSignatures.ts';

export type SvmMismatchField =
  /** The message version (`legacy` or `0`). */
  | 'version'
  /** The first static account, which pays the fee and is the first signer. */
  | 'feePayer'
  /** A required signer's signature is absent or does not verify over the message. */
  | 'signature'
  /** Changed although the step did not allow a fresh blockhash (`refreshBlockhash: false`). */
  | 'recentBlockhash'
  /** A built instruction calls another program. */
  | 'program'
  /** A built instruction passes other accounts, in another order, or with other signer/writable roles. */
  | 'accounts'
  /** A built instruction carries other data bytes. */
  | 'data'
  /** A built instruction is absent. */
  | 'missingInstruction'
  /** An instruction that is neither built nor a compute-budget instruction. */
  | 'extraInstruction'
  /** A compute-budget instruction the service did not build is not a well-formed one. */
  | 'computeBudget'
  /** Compute-budget instructions between two built instructions differ from the built ones. */
  | 'computeBudgetPlacement'
  /** An account of the message is added, dropped, or has another role (counted over the whole message). */
  | 'account';

export interface SvmMismatch {
  readonly field: SvmMismatchField;
  readonly expected: string;
  readonly actual: string;
  /**
   * The instruction concerned: its index in the built message, except for `extraInstruction` and
   * `computeBudget`, which name an instruction of the signed message.
   */
  readonly instruction?: number;
}

export interface CompareSvmOptions {
  /** The wallet that must pay the fee: the transfer's sender. */
  readonly expectedFeePayer: string;
  /** The step's `refreshBlockhash`: whether the wallet may set a fresh blockhash. */
  readonly refreshBlockhash: boolean;
}

interface InstructionView {
  readonly index: number;
  readonly program: string;
  readonly accounts: readonly SvmAccount[];
  readonly data: Uint8Array;
}

/**
 * The instructions split where a wallet may touch them: `leading` and `trailing` compute-budget
 * instructions (before the first and after the last other instruction), the `core` of every other
 * instruction, and `gaps[k]`, the compute-budget instructions between core[k] and core[k + 1].
 */
interface InstructionLayout {
  readonly leading: readonly InstructionView[];
  readonly core: readonly InstructionView[];
  readonly gaps: readonly (readonly InstructionView[])[];
  readonly trailing: readonly InstructionView[];
}

const NONE = 'none';

function viewsOf(tx: DecodedSvmTransaction): InstructionView[] {
  const accounts = svmAccountsOf(tx);
  return tx.instructions.map((ix, index) => ({
    index,
    program: tx.staticAccounts[ix.programIdIndex] as string,
    accounts: ix.accountIndexes.map((i) => accounts[i] as SvmAccount),
    data: ix.data,
  }));
}

const isBudget = (view: InstructionView): boolean => view.program === COMPUTE_BUDGET_PROGRAM;

function layoutOf(views: readonly InstructionView[]): InstructionLayout {
  const core: InstructionView[] = [];
  const gaps: InstructionView[][] = [];
  const leading: InstructionView[] = [];
  let pending: InstructionView[] = leading;
  for (const view of views) {
    if (isBudget(view)) {
      pending.push(view);
      continue;
    }
    if (core.length > 0) gaps.push(pending);
    core.push(view);
    pending = [];
  }
  return core.length === 0 ? { leading, core, gaps, trailing: [] } : { leading, core, gaps, trailing: pending };
}

const accountsText = (view: InstructionView): string => view.accounts.map(describeSvmAccount).join(', ') || NONE;
const dataText = (data: Uint8Array): string => `0x${hex.encode(data)}`;
const instructionText = (view: InstructionView): string => `program ${view.program}, accounts [${accountsText(view)}], data ${dataText(view.data)}`;
const gapText = (gap: readonly InstructionView[]): string => gap.map(instructionText).join('; ') || NONE;

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

function compareInstructions(actual: InstructionLayout, built: InstructionLayout): SvmMismatch[] {
  const mismatches: SvmMismatch[] = [];
  // Positional: a reordered, inserted or dropped instruction shows at every position it shifts.
  for (let k = 0; k < Math.max(actual.core.length, built.core.length); k++) {
    const want = built.core[k];
    const got = actual.core[k];
    if (!got) {
      if (want) mismatches.push({ field: 'missingInstruction', expected: instructionText(want), actual: NONE, instruction: want.index });
      continue;
    }
    if (!want) {
      mismatches.push({ field: 'extraInstruction', expected: NONE, actual: instructionText(got), instruction: got.index });
      continue;
    }
    if (got.program !== want.program) mismatches.push({ field: 'program', expected: want.program, actual: got.program, instruction: want.index });
    const wantAccounts = accountsText(want);
    const gotAccounts = accountsText(got);
    if (gotAccounts !== wantAccounts) mismatches.push({ field: 'accounts', expected: wantAccounts, actual: gotAccounts, instruction: want.index });
    if (!sameBytes(got.data, want.data)) mismatches.push({ field: 'data', expected: dataText(want.data), actual: dataText(got.data), instruction: want.index });
  }

  // Between two built instructions nothing may move: programs that introspect the instructions
  // sysvar find their neighbours by relative position.
  const pairedGaps = Math.min(actual.gaps.length, built.gaps.length);
  for (let k = 0; k < pairedGaps; k++) {
    const want = gapText(built.gaps[k] ?? []);
    const got = gapText(actual.gaps[k] ?? []);
    if (got !== want) mismatches.push({ field: 'computeBudgetPlacement', expected: want, actual: got, instruction: built.core[k]?.index as number });
  }

  const builtBudget = new Set([...built.leading, ...built.gaps.flat(), ...built.trailing].map(instructionText));
  for (const view of [...actual.leading, ...actual.trailing]) {
    if (builtBudget.has(instructionText(view)) || isWellFormedComputeBudgetInstruction(view.data, view.accounts.length)) continue;
    mismatches.push({ field: 'computeBudget', expected: COMPUTE_BUDGET_EXPECTATION, actual: instructionText(view), instruction: view.index });
  }
  return mismatches;
}

// The ComputeBudget program itself may come and go with the wallet's compute-budget instructions.
const isWalletBudgetProgram = (account: SvmAccount): boolean => account.key === COMPUTE_BUDGET_PROGRAM && !account.signer && !account.writable;

function compareAccounts(actual: readonly SvmAccount[], built: readonly SvmAccount[]): SvmMismatch[] {
  const mismatches: SvmMismatch[] = [];
  const actualByKey = new Map(actual.map((a) => [a.key, a]));
  const builtKeys = new Set(built.map((a) => a.key));
  for (const want of built) {
    const got = actualByKey.get(want.key);
    if (!got) {
      if (!isWalletBudgetProgram(want)) mismatches.push({ field: 'account', expected: describeSvmAccount(want), actual: NONE });
    } else if (got.signer !== want.signer || got.writable !== want.writable) {
      mismatches.push({ field: 'account', expected: describeSvmAccount(want), actual: describeSvmAccount(got) });
    }
  }
  for (const got of actual) {
    if (!builtKeys.has(got.key) && !isWalletBudgetProgram(got)) mismatches.push({ field: 'account', expected: NONE, actual: describeSvmAccount(got) });
  }
  return mismatches;
}

/**
 * Lists every way a signed Solana transaction differs from the one Strait built, so the client sees
 * all of them at once; an empty list means it may be broadcast. Signatures are verified here too.
 *
 * What a wallet may change (spec §4, Solana rule):
 * - compute-budget instructions (ComputeBudget program: unit limit, unit price, heap frame, loaded
 *   data size), added, changed or dropped, but only *before the first or after the last* built
 *   instruction: Phantom and Solflare prepend them, @solana/kit's setters append them. Between two
 *   built instructions the built compute-budget instructions (usually none) must stay as they are,
 *   because programs reading the instructions sysvar locate their neighbours by relative index;
 * - the blockhash, when the step says `refreshBlockhash`.
 *
 * Everything else is compared: the message version; the fee payer; every required signature; each
 * built instruction by program, by its accounts resolved to addresses (indexes shift when a wallet
 * adds the ComputeBudget program) with their signer/writable roles, and by data bytes; and the whole
 * message's account list with roles, so that no account is added, dropped, promoted to signer or
 * made writable anywhere.
 *
 * Address lookup tables: Strait cannot read a table offline, so a looked-up account is compared by
 * table address and entry index, never by the address it resolves to. A wallet that recompiles the
 * message with other tables, or moves an account between a table and the static list, is refused
 * even if the resolved addresses would agree.
 */
export function compareSvmTransaction(actual: DecodedSvmTransaction, built: DecodedSvmTransaction, options: CompareSvmOptions): SvmMismatch[] {
  const mismatches: SvmMismatch[] = [];
  if (actual.version !== built.version) {
    mismatches.push({ field: 'version', expected: String(built.version), actual: String(actual.version) });
  }
  const feePayer = actual.staticAccounts[0] as string;
  if (feePayer !== options.expectedFeePayer) mismatches.push({ field: 'feePayer', expected: options.expectedFeePayer, actual: feePayer });
  for (const fault of verifySvmSignatures(actual)) {
    mismatches.push({ field: 'signature', expected: `a valid signature by ${fault.signer}`, actual: fault.problem === 'missing' ? 'no signature' : 'an invalid signature' });
  }
  if (!options.refreshBlockhash && actual.recentBlockhash !== built.recentBlockhash) {
    mismatches.push({ field: 'recentBlockhash', expected: built.recentBlockhash, actual: actual.recentBlockhash });
  }
  mismatches.push(...compareInstructions(layoutOf(viewsOf(actual)), layoutOf(viewsOf(built))));
  mismatches.push(...compareAccounts(svmAccountsOf(actual), svmAccountsOf(built)));
  return mismatches;
}
