import { describe, expect, it } from 'vitest';
import { base58 } from '@scure/base';
import { LiteSVM } from 'litesvm';
import { compareSvmTransaction } from './compareSvmTransaction.ts';
import type { CompareSvmOptions, SvmMismatch } from './compareSvmTransaction.ts';
import { decodeSvmTransactionBytes } from './decodeSvmTransaction.ts';
import {
  PROGRAMS,
  buildTransferTransaction,
  cloneMessage,
  editLikePhantom,
  editWithKit,
  editableMessageOf,
  insertStaticAccount,
  setUpTransferScenario,
  signMessage,
  staticIndexOf,
} from './svmTestTransactions.ts';
import type { EditableMessage, TestSigner } from './svmTestTransactions.ts';

const svm = new LiteSVM();
const scenario = setUpTransferScenario(svm);
const { user, attacker } = scenario;
const transfer = { amount: 2_500_000n, feeLamports: 10_000n, memo: 'strait:compare', blockhash: svm.latestBlockhash(), priceMicroLamports: 1_000n };
// Built instructions: 0 SetComputeUnitPrice, 1 TransferChecked (main), 2 System transfer (fee), 3 memo.
const builds = {
  legacy: buildTransferTransaction(scenario, { ...transfer, version: 'legacy' }),
  v0: buildTransferTransaction(scenario, { ...transfer, version: 0 }),
  lookup: buildTransferTransaction(scenario, { ...transfer, version: 0, useLookupTable: true }),
};
const options: CompareSvmOptions = { expectedFeePayer: user.address, refreshBlockhash: false };
const freshBlockhash = base58.encode(new Uint8Array(32).fill(7));

function compare(message: EditableMessage, built: Uint8Array, opts: CompareSvmOptions = options, signers: readonly TestSigner[] = [user]): SvmMismatch[] {
  return compareSvmTransaction(decodeSvmTransactionBytes(signMessage(message, signers)), decodeSvmTransactionBytes(built), opts);
}
const fields = (mismatches: readonly SvmMismatch[]): string[] => mismatches.map((m) => m.field);
const edited = (built: Uint8Array, change: (m: EditableMessage) => void): EditableMessage => {
  const m = cloneMessage(editableMessageOf(built));
  change(m);
  return m;
};
const ix = (m: EditableMessage, index: number) => m.instructions[index] as EditableMessage['instructions'][number];

describe('compareSvmTransaction: what a wallet may do', () => {
  it.each(Object.entries(builds))('finds nothing when the %s transaction is signed as built', (_name, built) => {
    expect(compare(editableMessageOf(built), built)).toEqual([]);
  });

  it.each(Object.entries(builds))('accepts compute-budget edits made with @solana/kit (%s)', (_name, built) => {
    expect(compare(editWithKit(built, scenario, { unitPrice: 99_999n }), built)).toEqual([]);
    // kit appends a new SetComputeUnitLimit after the built instructions.
    const limited = editWithKit(built, scenario, { unitLimit: 300_000 });
    expect(limited.instructions.length).toBe(5);
    expect(compare(limited, built)).toEqual([]);
  });

  it.each(Object.entries(builds))('accepts compute-budget instructions prepended like Phantom (%s)', (_name, built) => {
    const phantom = editLikePhantom(editableMessageOf(built), { unitLimit: 200_000, unitPrice: 50_000n });
    expect(phantom.instructions.length).toBe(5);
    expect(compare(phantom, built)).toEqual([]);
    // Dropping the venue's priority fee is the wallet's choice too.
    expect(compare(editLikePhantom(editableMessageOf(built), {}), built)).toEqual([]);
  });

  it('accepts a wallet that adds the ComputeBudget program itself (indexes shift)', () => {
    const built = buildTransferTransaction(scenario, { ...transfer, version: 0, useLookupTable: true, priceMicroLamports: undefined });
    const phantom = editLikePhantom(editableMessageOf(built), { unitPrice: 7n });
    expect(phantom.staticAccounts.length).toBe(editableMessageOf(built).staticAccounts.length + 1);
    expect(compare(phantom, built)).toEqual([]);
  });

  it('accepts a fresh blockhash only when the step allows it', () => {
    const refreshed = editWithKit(builds.v0, scenario, { blockhash: freshBlockhash, unitPrice: 3n });
    expect(compare(refreshed, builds.v0, { ...options, refreshBlockhash: true })).toEqual([]);
    expect(compare(refreshed, builds.v0)).toEqual([{ field: 'recentBlockhash', expected: transfer.blockhash, actual: freshBlockhash }]);
  });
});

describe('compareSvmTransaction: what it refuses', () => {
  it('reports missing and wrong signatures', () => {
    const message = editableMessageOf(builds.v0);
    expect(compare(message, builds.v0, options, [])).toEqual([{ field: 'signature', expected: `a valid signature by ${user.address}`, actual: 'no signature' }]);
    const forged = compareSvmTransaction(
      decodeSvmTransactionBytes(signMessage({ ...message, staticAccounts: [attacker.address, ...message.staticAccounts.slice(1)] }, [attacker]).slice()),
      decodeSvmTransactionBytes(builds.v0),
      options,
    );
    expect(fields(forged)).toContain('feePayer');
  });

  it('reports a fee payer other than the sender', () => {
    expect(compare(editableMessageOf(builds.v0), builds.v0, { ...options, expectedFeePayer: attacker.address })).toEqual([
      { field: 'feePayer', expected: attacker.address, actual: user.address },
    ]);
  });

  it('reports another message version', () => {
    const asV0 = edited(builds.legacy, (m) => { m.version = 0; });
    expect(compare(asV0, builds.legacy)).toEqual([{ field: 'version', expected: 'legacy', actual: '0' }]);
  });

  it('reports another program, by built instruction index', () => {
    const message = edited(builds.v0, (m) => { ix(m, 3).program = m.staticAccounts.indexOf(PROGRAMS.system); });
    expect(compare(message, builds.v0)).toEqual([{ field: 'program', expected: PROGRAMS.memo, actual: PROGRAMS.system, instruction: 3 }]);
  });

  it('reports changed data: one byte of the amount', () => {
    const message = edited(builds.v0, (m) => { ix(m, 1).data[1] = (ix(m, 1).data[1] as number) ^ 1; });
    expect(fields(compare(message, builds.v0))).toEqual(['data']);
    expect(compare(message, builds.v0)[0]?.instruction).toBe(1);
  });

  it('reports swapped accounts of an instruction', () => {
    const message = edited(builds.v0, (m) => {
      const [source, mint, destination, owner] = ix(m, 1).accounts as [number, number, number, number];
      ix(m, 1).accounts = [destination, mint, source, owner];
    });
    const [mismatch] = compare(message, builds.v0);
    expect(mismatch).toMatchObject({ field: 'accounts', instruction: 1 });
    expect(mismatch?.expected.startsWith(`${scenario.userTokenAccount} (writable)`)).toBe(true);
    expect(mismatch?.actual.startsWith(`${scenario.depositTokenAccount} (writable)`)).toBe(true);
  });

  it('reports an account made writable by the header, in the instruction and in the account list', () => {
    const message = edited(builds.v0, (m) => { m.header[2] -= 1; });
    const mismatches = compare(message, builds.v0);
    expect(fields(mismatches)).toContain('account');
    expect(mismatches.every((m) => m.field === 'accounts' || m.field === 'account')).toBe(true);
  });

  it('reports an added signer even if no instruction uses it', () => {
    const message = edited(builds.v0, (m) => { insertStaticAccount(m, attacker.address, 'readonlySigner'); });
    expect(compare(message, builds.v0, options, [user, attacker])).toEqual([
      { field: 'account', expected: 'none', actual: `${attacker.address} (signer, read-only)` },
    ]);
  });

  it('reports an appended instruction that moves funds', () => {
    const message = edited(builds.v0, (m) => {
      const to = insertStaticAccount(m, attacker.address, 'writable');
      const data = Uint8Array.from([2, 0, 0, 0, 0, 0xe4, 0x0b, 0x54, 0x02, 0, 0, 0]);
      m.instructions.push({ program: m.staticAccounts.indexOf(PROGRAMS.system), accounts: [0, to], data });
    });
    const mismatches = compare(message, builds.v0);
    expect(fields(mismatches)).toEqual(['extraInstruction', 'account']);
    expect(mismatches[0]).toMatchObject({ instruction: 4, expected: 'none' });
    expect(mismatches[0]?.actual).toContain(attacker.address);
  });

  it('reports a dropped instruction', () => {
    const message = edited(builds.v0, (m) => { m.instructions.splice(3, 1); });
    expect(compare(message, builds.v0)).toMatchObject([{ field: 'missingInstruction', actual: 'none', instruction: 3 }]);
  });

  it('reports reordered instructions at both positions', () => {
    const message = edited(builds.v0, (m) => { m.instructions.splice(1, 2, ix(m, 2), ix(m, 1)); });
    const mismatches = compare(message, builds.v0);
    expect(mismatches.map((m) => `${m.field}@${m.instruction}`)).toEqual(['program@1', 'accounts@1', 'data@1', 'program@2', 'accounts@2', 'data@2']);
  });

  it('refuses a compute-budget instruction between two built instructions', () => {
    const message = edited(builds.v0, (m) => {
      m.instructions.splice(2, 0, { program: m.staticAccounts.indexOf(PROGRAMS.computeBudget), accounts: [], data: Uint8Array.from([2, 0, 0x35, 0x0c, 0]) });
    });
    expect(compare(message, builds.v0)).toMatchObject([{ field: 'computeBudgetPlacement', expected: 'none', instruction: 1 }]);
  });

  it.each([
    ['a wrong length', Uint8Array.from([3, 1, 0, 0, 0]), false],
    ['the deprecated RequestUnits kind', Uint8Array.from([0, 1, 0, 0, 0, 1, 0, 0, 0]), false],
    ['no data', new Uint8Array(0), false],
    ['an account', Uint8Array.from([2, 0, 0, 1, 0]), true],
  ])('refuses a compute-budget instruction with %s', (_label, data, withAccount) => {
    const message = edited(builds.v0, (m) => {
      m.instructions.unshift({ program: staticIndexOf(m, PROGRAMS.computeBudget), accounts: withAccount ? [0] : [], data });
    });
    expect(compare(message, builds.v0)).toMatchObject([{ field: 'computeBudget', instruction: 0 }]);
  });

  it('compares looked-up accounts by table and entry', () => {
    const retargeted = edited(builds.lookup, (m) => {
      const lookup = m.lookups[0] as EditableMessage['lookups'][number];
      lookup.readonly = [2]; // the mint's entry swapped for the fee wallet's
      lookup.writable = lookup.writable.filter((i) => i !== 2).concat(lookup.writable.includes(2) ? [0] : []);
    });
    const mismatches = compare(retargeted, builds.lookup);
    expect(fields(mismatches)).toContain('accounts');
    expect(mismatches.some((m) => m.expected.includes(`${scenario.lookupTable}#0 (read-only)`))).toBe(true);
  });

  it('refuses, by design, the same accounts moved out of the lookup table (tables are not read offline)', () => {
    const mismatches = compare(editableMessageOf(builds.v0), builds.lookup);
    expect(fields(mismatches)).toContain('accounts');
    expect(fields(mismatches)).toContain('account');
  });

  it('lists every mismatch at once', () => {
    const message = edited(builds.v0, (m) => {
      m.version = 'legacy';
      m.blockhash = freshBlockhash;
      ix(m, 1).data[1] = 0xff;
      m.instructions.splice(3, 1);
    });
    expect(fields(compare(message, builds.v0, { ...options, expectedFeePayer: attacker.address }, []))).toEqual([
      'version',
      'feePayer',
      'signature',
      'recentBlockhash',
      'data',
      'missingInstruction',
    ]);
  });
});
