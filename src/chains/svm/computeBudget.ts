/**
 * The ComputeBudget program: the one program whose instructions a wallet may add to or change in a
 * built Solana transaction (spec §4, Solana rule). The runtime reads these instructions before
 * executing anything and the program itself does nothing, so they set the fee and limits the fee
 * payer accepts and cannot move funds.
 */
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';

// Discriminator → exact data length. RequestUnitsDeprecated (0) is refused by the runtime today.
const LAYOUTS: ReadonlyMap<number, { name: string; length: number }> = new Map([
  [1, { name: 'RequestHeapFrame', length: 5 }],
  [2, { name: 'SetComputeUnitLimit', length: 5 }],
  [3, { name: 'SetComputeUnitPrice', length: 9 }],
  [4, { name: 'SetLoadedAccountsDataSizeLimit', length: 5 }],
]);

export const COMPUTE_BUDGET_EXPECTATION = `a ${[...LAYOUTS.values()].map((l) => l.name).join(', ')} instruction without accounts`;

/** A compute-budget instruction a wallet may have written: a known kind, its exact length, no accounts. */
export function isWellFormedComputeBudgetInstruction(data: Uint8Array, accountCount: number): boolean {
  const layout = data.length > 0 ? LAYOUTS.get(data[0] as number) : undefined;
  return accountCount === 0 && layout !== undefined && data.length === layout.length;
}
