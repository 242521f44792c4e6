import type { EvmStep } from '../../domain/steps.ts';

export type EvmMismatchField = 'chainId' | 'to' | 'data' | 'value' | 'signer';

export interface EvmMismatch {
  readonly field: EvmMismatchField;
  readonly expected: string;
  readonly actual: string;
}

export interface ComparableEvmTransaction {
  readonly chainId: number | null;
  readonly from: string;
  readonly to: string | null;
  readonly data: string;
  readonly value: bigint;
}

const NONE = 'none';

const sameHex = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * Lists every field in which a transaction differs from the step Strait built, so the client sees
 * all of them at once. Nonce, gas and fees are the wallet's to choose and are not compared.
 *
 * A transaction without a chain id (pre-EIP-155) is a mismatch even though it would execute here:
 * anyone could replay it on every other chain where the signer has the same nonce.
 */
export function compareEvmTransaction(
  actual: ComparableEvmTransaction,
  step: EvmStep,
  /** The one signer the step takes, or (a claim anyone of a few may send) each it accepts. */
  expectedSigner: string | readonly string[],
): EvmMismatch[] {
  const mismatches: EvmMismatch[] = [];
  const push = (field: EvmMismatchField, expected: string, got: string): void => {
    mismatches.push({ field, expected, actual: got });
  };

  if (actual.chainId !== step.chainId) {
    push('chainId', String(step.chainId), actual.chainId === null ? NONE : String(actual.chainId));
  }
  if (actual.to === null || !sameHex(actual.to, step.to)) {
    push('to', step.to, actual.to ?? NONE);
  }
  // Calldata is compared whole: a tampered tail (an extra argument, a swapped recipient) matters.
  if (!sameHex(actual.data, step.data)) {
    push('data', step.data, actual.data);
  }
  if (actual.value !== step.value) {
    push('value', step.value.toString(), actual.value.toString());
  }
  const signers = typeof expectedSigner === 'string' ? [expectedSigner] : expectedSigner;
  if (!signers.some((signer) => sameHex(actual.from, signer))) {
    push('signer', signers.join(' or '), actual.from);
  }
  return mismatches;
}
