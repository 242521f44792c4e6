import type { Hex } from 'viem';
import type { EvmRpc } from './evm/createEvmRpc.ts';
import type { SvmRpc } from './svm/createSvmRpc.ts';
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

const DEFAULT_TIMEOUT_MS = 2_000;

/**
 * Who signed the transaction a chain knows by this hash: the EVM sender (pool or block), or the fee
 * payer of a Solana transaction at `confirmed`. `null` when the chain does not know it yet, has no
 * RPC here, the lookup fails or outlasts `timeoutMs`: the caller then knows nothing about the signer.
 *
 * Used before a submit by `txHash` is counted, so that the transfer's own requester sending a
 * transaction anyone can see on chain is not refused through a counter strangers can spend. One
 * lookup, bounded, because it runs before the request is even validated.
 */
export async function signerOfTransactionHash(params: SignerOfTransactionHashParams): Promise<string | null> {
  const { vm, hash, evm, svm } = params;
  const lookup =
    vm === 'evm' && evm && /^0x[0-9a-fA-F]{64}$/.test(hash) ? evm.findTransaction(hash as Hex).then((found) => found?.from ?? null)
    : vm === 'svm' && svm && isSvmSignature(hash) ? svm.findTransaction(hash).then((found) => found?.transaction.staticAccounts[0] ?? null)
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
