import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { base58 } from '@scure/base';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import { getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';
import { AppError } from '../../domain/errors.ts';
import { decodeSvmTransaction, decodeSvmTransactionBytes } from './decodeSvmTransaction.ts';
import {
  buildTransferTransaction,
  cloneMessage,
  editableMessageOf,
  encodeMessage,
  joinWire,
  setUpTransferScenario,
  signMessage,
  splitWire,
  toBase64,
  toHex,
} from './svmTestTransactions.ts';
import type { EditableMessage } from './svmTestTransactions.ts';

const svm = new LiteSVM();
const scenario = setUpTransferScenario(svm);
const transfer = { amount: 1_000_000n, feeLamports: 50_000n, memo: 'strait:decode', blockhash: svm.latestBlockhash(), priceMicroLamports: 5_000n };
const legacy = buildTransferTransaction(scenario, { ...transfer, version: 'legacy' });
const v0 = buildTransferTransaction(scenario, { ...transfer, version: 0 });
const v0Lookup = buildTransferTransaction(scenario, { ...transfer, version: 0, useLookupTable: true });
const signed = (wire: Uint8Array): Uint8Array => signMessage(editableMessageOf(wire), [scenario.user]);

function expectInvalid(decode: () => unknown, message?: RegExp): void {
  let err: unknown;
  try {
    decode();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe('invalid_signed_transaction');
  if (message) expect((err as AppError).message).toMatch(message);
}

const invalidBytes = (wire: Uint8Array, message?: RegExp): void => expectInvalid(() => decodeSvmTransactionBytes(wire), message);

/** Re-encodes an edited message with one zero signature per required signer. */
const unsignedWire = (message: EditableMessage): Uint8Array =>
  joinWire(Array.from({ length: message.header[0] }, () => new Uint8Array(64)), encodeMessage(message));

describe('decodeSvmTransaction', () => {
  it('decodes a signed legacy transaction as @solana/kit reads it', () => {
    const wire = signed(legacy);
    const tx = decodeSvmTransaction(toBase64(wire), 'base64');
    const kitTx = getTransactionDecoder().decode(wire);
    const kitMessage = getCompiledTransactionMessageDecoder().decode(kitTx.messageBytes);
    expect(tx.version).toBe('legacy');
    expect(tx.id).toBe(base58.encode(Object.values(kitTx.signatures)[0] as Uint8Array));
    expect(tx.signatures).toEqual([tx.id]);
    expect(tx.staticAccounts).toEqual(kitMessage.staticAccounts);
    expect(tx.staticAccounts[0]).toBe(scenario.user.address);
    expect(tx.header).toEqual({ numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: kitMessage.header.numReadonlyNonSignerAccounts });
    expect(tx.recentBlockhash).toBe(transfer.blockhash);
    expect(tx.messageBytes).toEqual(new Uint8Array(kitTx.messageBytes));
    expect(tx.addressTableLookups).toEqual([]);
    expect(tx.wireBase64).toBe(toBase64(wire));
    if (!('instructions' in kitMessage)) throw new Error('legacy messages have instructions');
    expect(tx.instructions).toEqual(
      kitMessage.instructions.map((ix) => ({ programIdIndex: ix.programAddressIndex, accountIndexes: ix.accountIndices ?? [], data: new Uint8Array(ix.data ?? []) })),
    );
  });

  it('decodes a v0 transaction with an address lookup table', () => {
    const tx = decodeSvmTransaction(toBase64(signed(v0Lookup)), 'base64');
    expect(tx.version).toBe(0);
    expect(tx.addressTableLookups).toEqual([
      { tableAddress: scenario.lookupTable, writableIndexes: expect.arrayContaining([1, 2]) as number[], readonlyIndexes: [0] },
    ]);
    expect(tx.staticAccounts).not.toContain(scenario.mint);
    // The transfer's mint is the third account loaded from the table (after two writable ones).
    const transferIx = tx.instructions.find((ix) => ix.data[0] === 12);
    expect(transferIx?.accountIndexes[1]).toBe(tx.staticAccounts.length + 2);
  });

  it('reads base64, hex, 0x-hex and upper-case hex alike', () => {
    const wire = signed(v0);
    const fromBase64 = decodeSvmTransaction(toBase64(wire), 'base64');
    expect(decodeSvmTransaction(toHex(wire), 'hex')).toEqual(fromBase64);
    expect(decodeSvmTransaction(`0x${toHex(wire)}`, 'hex')).toEqual(fromBase64);
    expect(decodeSvmTransaction(toHex(wire).toUpperCase(), 'hex')).toEqual(fromBase64);
  });

  it('decodes an unsigned transaction, with zero signatures for the wallet to fill', () => {
    const tx = decodeSvmTransaction(toBase64(legacy), 'base64');
    expect(tx.id).toBe('1'.repeat(64));
    expect(tx.signatureBytes[0]).toEqual(new Uint8Array(64));
  });

  it('names a transaction by the id LiteSVM executes it under', () => {
    for (const wire of [legacy, v0, v0Lookup]) {
      const bytes = signed(wire);
      const result = svm.sendTransaction(getTransactionDecoder().decode(bytes));
      if (result instanceof FailedTransactionMetadata) throw new Error(result.toString());
      expect(decodeSvmTransactionBytes(bytes).id).toBe(base58.encode(result.signature()));
    }
  });

  it('agrees with @solana/kit on arbitrary instructions (property)', () => {
    const instruction = fc.record({
      program: fc.integer({ min: 1, max: 7 }),
      accounts: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 6 }),
      data: fc.uint8Array({ maxLength: 200 }),
    });
    fc.assert(
      fc.property(fc.constantFrom<'legacy' | 0>('legacy', 0), fc.array(instruction, { maxLength: 6 }), fc.boolean(), (version, ixs, lookup) => {
        const message = cloneMessage(editableMessageOf(v0));
        message.version = version;
        while (message.staticAccounts.length < 8) message.staticAccounts.push(base58.encode(new Uint8Array(32).fill(message.staticAccounts.length)));
        message.header[2] = message.staticAccounts.length - message.header[0];
        message.instructions = ixs;
        message.lookups = version === 0 && lookup ? [{ table: scenario.lookupTable, writable: [0], readonly: [1] }] : [];
        const accountCount = message.staticAccounts.length + message.lookups.length * 2;
        fc.pre(ixs.every((ix) => ix.accounts.every((a) => a < accountCount)));
        const wire = signMessage(message, [scenario.user]);
        const tx = decodeSvmTransactionBytes(wire);
        const kit = getCompiledTransactionMessageDecoder().decode(getTransactionDecoder().decode(wire).messageBytes);
        expect(tx.staticAccounts).toEqual(kit.staticAccounts);
        expect(tx.version).toBe(kit.version);
        if (!('instructions' in kit)) throw new Error('no instructions');
        expect(tx.instructions.map((ix) => [ix.programIdIndex, ix.accountIndexes, [...ix.data]])).toEqual(
          kit.instructions.map((ix) => [ix.programAddressIndex, ix.accountIndices ?? [], [...(ix.data ?? [])]]),
        );
        expect(tx.addressTableLookups.length).toBe(message.lookups.length);
      }),
      { numRuns: 100 },
    );
  });

  it.each([
    ['an empty string', '', 'base64'],
    ['base64 with a stray character', `${toBase64(legacy).slice(0, -4)}*AAA`, 'base64'],
    ['base64 without its padding', toBase64(legacy).replace(/=+$/, ''), 'base64'],
    ['base64 with whitespace', ` ${toBase64(legacy)}`, 'base64'],
    ['odd-length hex', toHex(legacy).slice(1), 'hex'],
    ['hex with a non-hex digit', `zz${toHex(legacy).slice(2)}`, 'hex'],
    ['bare 0x', '0x', 'hex'],
  ] as const)('refuses %s', (_label, raw, encoding) => {
    expectInvalid(() => decodeSvmTransaction(raw, encoding));
  });

  it('refuses truncated bytes at any cut', () => {
    const wire = signed(v0Lookup);
    for (let length = 0; length < wire.length; length++) invalidBytes(wire.slice(0, length));
  });

  it('refuses a byte after the message', () => {
    invalidBytes(Uint8Array.from([...signed(v0), 0]), /bytes after its message/);
    invalidBytes(Uint8Array.from([...signed(legacy), 0, 0, 0]), /3 bytes after/);
  });

  it('refuses more than 1232 bytes without parsing them', () => {
    expectInvalid(() => decodeSvmTransaction('A'.repeat(1648), 'base64'), /larger than 1232/);
    invalidBytes(new Uint8Array(1233), /larger than 1232/);
  });

  it('refuses a signature count other than the message requires', () => {
    const { signatures, messageBytes } = splitWire(signed(legacy));
    invalidBytes(joinWire([...signatures, new Uint8Array(64)], messageBytes), /carries 2 signatures where its message requires 1/);
    invalidBytes(joinWire([], messageBytes), /carries 0 signatures/);
  });

  it('refuses message versions other than legacy and v0', () => {
    const { signatures, messageBytes } = splitWire(signed(v0));
    invalidBytes(joinWire(signatures, Uint8Array.from([0x81, ...messageBytes.slice(1)])), /version 1 is not accepted/);
    invalidBytes(joinWire(signatures, Uint8Array.from([0xff, ...messageBytes.slice(1)])), /version 127/);
  });

  it('refuses a compact-u16 length that is not minimal or overflows', () => {
    const { signatures, messageBytes } = splitWire(signed(legacy));
    // 1 written as 0x81 0x00: the same transaction under other bytes.
    invalidBytes(Uint8Array.from([0x81, 0x00, ...(signatures[0] as Uint8Array), ...messageBytes]), /not minimally encoded/);
    invalidBytes(Uint8Array.from([0xff, 0xff, 0x04]), /16 bits/);
    invalidBytes(Uint8Array.from([0x80, 0x80, 0x80, 0x01]), /16 bits/);
  });

  it('refuses headers the runtime refuses', () => {
    const base = editableMessageOf(v0);
    const edit = (change: (m: EditableMessage) => void): Uint8Array => {
      const m = cloneMessage(base);
      change(m);
      return unsignedWire(m);
    };
    invalidBytes(edit((m) => { m.header[1] = 1; }), /no writable signer/);
    invalidBytes(edit((m) => { m.header[2] = m.staticAccounts.length; }), /counts more accounts/);
    invalidBytes(edit((m) => { m.staticAccounts[2] = m.staticAccounts[1] as string; }), /account twice/);
  });

  it('refuses instructions the runtime refuses', () => {
    const base = editableMessageOf(v0Lookup);
    const staticCount = base.staticAccounts.length;
    const edit = (change: (m: EditableMessage) => void): Uint8Array => {
      const m = cloneMessage(base);
      change(m);
      return unsignedWire(m);
    };
    invalidBytes(edit((m) => { (m.instructions[1] as { program: number }).program = 0; }), /program index 0/);
    // A program id must be a static account, never one loaded from a table.
    invalidBytes(edit((m) => { (m.instructions[1] as { program: number }).program = staticCount; }), new RegExp(`program index ${staticCount}`));
    invalidBytes(edit((m) => { (m.instructions[1] as { accounts: number[] }).accounts.push(staticCount + 3); }), /account index/);
    invalidBytes(edit((m) => { m.lookups.push({ table: m.staticAccounts[1] as string, writable: [], readonly: [] }); }), /loads no account/);
    invalidBytes(edit((m) => { m.lookups.push({ table: scenario.lookupTable, writable: [], readonly: [0] }); }), /twice/);
  });
});
