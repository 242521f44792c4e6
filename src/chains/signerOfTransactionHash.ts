import type { Hex } from 'viem';
import type { EvmRpc, FoundEvmTransaction } from './evm/createEvmRpc.ts';
import type { FoundSvmTransaction, SvmRpc } from './svm/createSvmRpc.ts';
import { isSvmSignature } from './svm/isSvmSignature.ts';

export interface SignerOfTransactionHashParams {
  /** The claimed step's VM: `evm` and `svm` are looked up; any other names no signer. */
  readonly vm: string;
  readonly hash: string;
  /** The step chain's RPC of that VM, or `null` when none is configured. */
  readonly evm: EvmRpc | null;
  readonly svm: SvmRpc | null;
  /** How long the one lookup may take (2 s when absent); a slower node counts as not found. */
  readonly timeoutMs?: number;
}

/** A transaction the chain showed for the hash, with who signed it (EVM sender, Solana fee payer). */
export type SignedTransactionFound =
  | { readonly signer: string; readonly evm: FoundEvmTransaction; readonly svm?: undefined }
  | { readonly signer: string; readonly svm: FoundSvmTransaction; readonly evm?: undefined };

const DEFAULT_TIMEOUT_MS = 2_000;

/**
 * The transaction a chain knows by this hash and who signed it: the EVM sender (pool or block), or
 * the fee payer of a Solana transaction at `confirmed`. `null` when the chain does not know it yet,
 * has no RPC here, the lookup fails or outlasts `timeoutMs`: the caller then knows nothing about the
 * signer.
 *
 * Used before a submit by `txHash` is counted, so that the transfer's own requester sending a
 * transaction anyone can see on chain is not refused through a counter strangers can spend. One
 * lookup, bounded, because it runs before the request is even validated.
 */
export async function signerOfTransactionHash(params: SignerOfTransactionHashParams): Promise<SignedTransactionFound | null> {
  const { vm, hash, evm, svm } = params;
  const lookup: Promise<SignedTransactionFound | null> | null =
    vm === 'evm' && evm && /^0x[0-9a-fA-F]{64}$/.test(hash) ? evm.findTransaction(hash as Hex).then((found) => (found ? { signer: found.from, evm: found } : null))
    : vm === 'svm' && svm && isSvmSignature(hash) ? svm.findTransaction(hash).then((found) => { const payer = found?.transaction.staticAccounts[0]; return found && payer ? { signer: payer, svm: found } : null; })
    : null;
  if (lookup === null) return null;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), params.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  });
  try {
    return await Promise.race([lookup.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}
