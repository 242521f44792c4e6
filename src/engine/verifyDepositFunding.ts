import { chainInfo, type ChainKey } from '../domain/chains.ts';
import type { FoundSvmTransaction } from '../chains/svm/createSvmRpc.ts';
import { tronHexAddress } from '../chains/tron/tronAddress.ts';
import { tronPaymentOf } from '../chains/tron/tronPaymentOf.ts';
import { SPL_TOKEN_PROGRAM, SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, associatedTokenAddress } from '../chains/svm/mergeFeeInstructions.ts';
import type { StoredStep } from '../store/transferRepository.ts';
import type { EngineDeps } from './EngineDeps.ts';

/** What a deposit build recorded must reach the venue's address (buildTransfer's funding record). */
export interface DepositFunding {
  readonly chain: ChainKey;
  readonly address: string;
  /** `null` for the chain's native asset. */
  readonly token: string | null;
  readonly amount: bigint;
  readonly memo: string | null;
}

export type DepositVerification = 'verified' | 'pending' | 'unverified_no_rpc' | 'unverified_rpc_error' | 'refuted';

export interface DepositVerificationResult {
  readonly verification: DepositVerification;
  readonly mismatches: { field: string; expected: string; actual: string }[];
}

export function depositFundingOf(step: StoredStep): DepositFunding {
  const p = step.payload as { address?: unknown; token?: unknown; amountAtomic?: unknown; memo?: unknown };
  return {
    chain: step.chain as ChainKey,
    address: String(p.address),
    token: typeof p.token === 'string' ? p.token : null,
    amount: BigInt(String(p.amountAtomic)),
    memo: typeof p.memo === 'string' ? p.memo : null,
  };
}

/**
 * Checks a deposit-address funding transaction where Strait has a client for its chain: on Tron, a
 * TRC-20 `transfer` or TRX transfer of exactly the amount to the address; on a Solana-
 * family chain, a System transfer of exactly the amount to the deposit address (native), or an SPL
 * `Transfer`/`TransferChecked` of exactly the amount into the address's associated token account (or
 * the address itself, when the venue named a token account). Who signed is not checked: a deposit
 * address credits whatever reaches it. Chains without a client are `unverified_no_rpc`; the venue's
 * own status is then what tells whether the funds arrived.
 */
export async function verifyDepositFunding(deps: EngineDeps, funding: DepositFunding, txHash: string): Promise<DepositVerificationResult> {
  if (chainInfo(funding.chain).vm === 'tron') return verifyTronDepositFunding(deps, funding, txHash);
  if (chainInfo(funding.chain).vm !== 'svm') return { verification: 'unverified_no_rpc', mismatches: [] };
  const rpc = deps.svmRpc(funding.chain);
  if (!rpc) return { verification: 'unverified_no_rpc', mismatches: [] };
  let found: FoundSvmTransaction | null;
  try {
    found = await rpc.findTransaction(txHash);
  } catch {
    return { verification: 'unverified_rpc_error', mismatches: [] };
  }
  if (!found) return { verification: 'pending', mismatches: [] };
  if (found.failed) return { verification: 'refuted', mismatches: [{ field: 'status', expected: 'success', actual: 'failed' }] };
  const paid = svmPaymentsTo(found, funding);
  if (paid.includes(funding.amount)) return { verification: 'verified', mismatches: [] };
  const actual = paid.length === 0 ? `no ${funding.token === null ? 'native' : funding.token} transfer to ${funding.address}` : paid.join(', ');
  return { verification: 'refuted', mismatches: [{ field: 'amount', expected: `${funding.amount} to ${funding.address}`, actual }] };
}

/**
 * Tron, with STRAIT_RPC_TRON: the transaction, in a block and successful, is a TRC-20 `transfer` of
 * exactly the amount to the deposit address on the deposit's token contract, or a TRX transfer of
 * exactly the amount when the deposit is in TRX. Not in a block yet is `pending`.
 */
async function verifyTronDepositFunding(deps: EngineDeps, funding: DepositFunding, txHash: string): Promise<DepositVerificationResult> {
  const rpc = deps.tronRpc?.(funding.chain) ?? null;
  if (!rpc) return { verification: 'unverified_no_rpc', mismatches: [] };
  const found = await rpc.findTransaction(txHash.toLowerCase()).catch(() => undefined);
  if (found === undefined) return { verification: 'unverified_rpc_error', mismatches: [] };
  if (found === null || found.blockNumber === null) return { verification: 'pending', mismatches: [] };
  if (found.result !== 'SUCCESS') return { verification: 'refuted', mismatches: [{ field: 'status', expected: 'SUCCESS', actual: found.result ?? 'unknown' }] };
  const payment = tronPaymentOf(found);
  const token = funding.token === null ? null : tronHexAddress(funding.token);
  const to = tronHexAddress(funding.address);
  if (payment !== null && to !== null && payment.token === token && payment.to === to && payment.amount === funding.amount) return { verification: 'verified', mismatches: [] };
  const actual = payment === null ? 'no TRX or TRC-20 transfer' : `${payment.amount} of ${payment.token ?? 'TRX'} to ${payment.to}`;
  return { verification: 'refuted', mismatches: [{ field: 'amount', expected: `${funding.amount} of ${funding.token ?? 'TRX'} to ${funding.address}`, actual }] };
}

/** The amounts each instruction of the transaction moves to the deposit address in the funding asset. */
function svmPaymentsTo(found: FoundSvmTransaction, funding: DepositFunding): bigint[] {
  const tx = found.transaction;
  const key = (index: number | undefined): string | undefined => (index === undefined ? undefined : tx.staticAccounts[index]);
  const amounts: bigint[] = [];
  for (const ix of tx.instructions) {
    const program = key(ix.programIdIndex);
    const data = ix.data;
    if (funding.token === null) {
      // System Program Transfer: u32 LE 2, then the lamports as u64 LE; accounts [from, to].
      if (program === SYSTEM_PROGRAM && data.length === 12 && readU32(data, 0) === 2 && key(ix.accountIndexes[1]) === funding.address) amounts.push(readU64(data, 4));
      continue;
    }
    if (program !== SPL_TOKEN_PROGRAM && program !== TOKEN_2022_PROGRAM) continue;
    const destinations = new Set([funding.address, associatedTokenAddress(funding.address, funding.token, program)]);
    // Transfer: [3, u64]; accounts [source, destination, owner]. It names no mint, but an associated
    // token account is derived from its mint, and a token program moves only that mint into it.
    if (data.length === 9 && data[0] === 3 && destinations.has(key(ix.accountIndexes[1]) ?? '')) amounts.push(readU64(data, 1));
    // TransferChecked: [12, u64, decimals]; accounts [source, mint, destination, owner].
    if (data.length === 10 && data[0] === 12 && key(ix.accountIndexes[1]) === funding.token && destinations.has(key(ix.accountIndexes[2]) ?? '')) amounts.push(readU64(data, 1));
  }
  return amounts;
}

function readU32(data: Uint8Array, offset: number): number {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true);
}

function readU64(data: Uint8Array, offset: number): bigint {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);
}
