import type { DecodedSvmTransaction } from './decodeSvmTransaction.ts';

/** An account of a message as the runtime will lock and pass it, independent of its index. */
export interface SvmAccount {
  /**
   * The base58 address of a static account, or `<table>#<entry>` for one loaded from an address
   * lookup table: Strait does not read tables, so a looked-up account is known by where it comes
   * from, not by the address the table holds today.
   */
  readonly key: string;
  readonly signer: boolean;
  readonly writable: boolean;
}

/**
 * Every account of the message, in index order: the static accounts, then the writable entries of
 * each lookup, then the read-only entries of each lookup (the runtime's order). An instruction's
 * account index points into this list.
 */
export function svmAccountsOf(tx: DecodedSvmTransaction): SvmAccount[] {
  const { numRequiredSignatures: signers, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } = tx.header;
  const staticCount = tx.staticAccounts.length;
  const accounts: SvmAccount[] = tx.staticAccounts.map((key, i) => {
    const signer = i < signers;
    const writable = signer ? i < signers - numReadonlySignedAccounts : i < staticCount - numReadonlyUnsignedAccounts;
    return { key, signer, writable };
  });
  for (const lookup of tx.addressTableLookups) {
    for (const entry of lookup.writableIndexes) accounts.push({ key: `${lookup.tableAddress}#${entry}`, signer: false, writable: true });
  }
  for (const lookup of tx.addressTableLookups) {
    for (const entry of lookup.readonlyIndexes) accounts.push({ key: `${lookup.tableAddress}#${entry}`, signer: false, writable: false });
  }
  return accounts;
}

export function describeSvmAccount(account: SvmAccount): string {
  const role = account.signer ? (account.writable ? 'signer, writable' : 'signer, read-only') : account.writable ? 'writable' : 'read-only';
  return `${account.key} (${role})`;
}
