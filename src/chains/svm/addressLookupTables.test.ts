import { LiteSVM } from 'litesvm';
import { describe, expect, it } from 'vitest';
import { MAX_LOOKUP_TABLE_BYTES, accountSourceAt, decodeAddressLookupTable, resolveAccountAt } from './addressLookupTables.ts';
import { createSvmRpc } from './createSvmRpc.ts';
import { decodeSvmTransaction } from './decodeSvmTransaction.ts';
import { startLitesvmRpcFake } from './litesvmRpcFake.ts';
import { PROGRAMS, buildTransferTransaction, lookupTableData, putAccount, setUpTransferScenario, testSigner, toBase64 } from './svmTestTransactions.ts';

const ENTRIES = [testSigner(11).address, testSigner(12).address];

describe('address lookup table accounts', () => {
  it('reads the entries of an active table', () => {
    expect(decodeAddressLookupTable(lookupTableData(ENTRIES))).toEqual(ENTRIES);
    expect(decodeAddressLookupTable(lookupTableData([]))).toEqual([]);
  });

  it('refuses data that is not an active table', () => {
    const table = lookupTableData(ENTRIES);
    expect(() => decodeAddressLookupTable(table.subarray(0, 40))).toThrow(/fewer than/);
    expect(() => decodeAddressLookupTable(table.subarray(0, table.length - 1))).toThrow(/not a whole number/);
    expect(() => decodeAddressLookupTable(new Uint8Array(MAX_LOOKUP_TABLE_BYTES + 32))).toThrow(/more than a table of 256/);
    const uninitialized = table.slice();
    uninitialized[0] = 0;
    expect(() => decodeAddressLookupTable(uninitialized)).toThrow(/state 0/);
    const deactivated = table.slice();
    new DataView(deactivated.buffer).setBigUint64(4, 1234n, true);
    expect(() => decodeAddressLookupTable(deactivated)).toThrow(/deactivated/);
  });

  it('resolves a message account to its static address or its table entry', () => {
    const scenario = setUpTransferScenario(new LiteSVM());
    const wire = buildTransferTransaction(scenario, { version: 0, useLookupTable: true, amount: 1n, feeLamports: 1n, memo: 'm', blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' });
    const tx = decodeSvmTransaction(toBase64(wire), 'base64');
    const transfer = tx.instructions.find((ix) => ix.accountIndexes.length === 4)!;
    const mintAt = transfer.accountIndexes[1]!;
    expect(accountSourceAt(tx, 0)).toEqual({ address: scenario.user.address });
    expect(accountSourceAt(tx, mintAt)).toEqual({ table: scenario.lookupTable, entry: 0 });
    expect(resolveAccountAt(tx, mintAt, { [scenario.lookupTable]: scenario.lookupAddresses })).toEqual({ address: scenario.mint });
    expect(resolveAccountAt(tx, mintAt, null)).toEqual({ unread: { table: scenario.lookupTable, entry: 0 } });
    expect(resolveAccountAt(tx, mintAt, { [scenario.lookupTable]: [] })).toBeNull();
    expect(accountSourceAt(tx, 255)).toBeNull();
  });

  it('are read through the RPC, and a missing or foreign table is refused', async () => {
    const svm = new LiteSVM();
    const scenario = setUpTransferScenario(svm);
    const foreign = testSigner(13).address;
    putAccount(svm, foreign, PROGRAMS.system, lookupTableData(ENTRIES));
    const node = await startLitesvmRpcFake(svm);
    try {
      const rpc = createSvmRpc(node.url);
      expect(await rpc.readLookupTables([scenario.lookupTable])).toEqual({ [scenario.lookupTable]: scenario.lookupAddresses });
      await expect(rpc.readLookupTables([testSigner(14).address])).rejects.toMatchObject({ code: 'unsafe_venue_answer', message: expect.stringContaining('does not exist') });
      await expect(rpc.readLookupTables([foreign])).rejects.toMatchObject({ code: 'unsafe_venue_answer', message: expect.stringContaining('not the lookup-table program') });
    } finally {
      await node.close();
    }
  });
});
