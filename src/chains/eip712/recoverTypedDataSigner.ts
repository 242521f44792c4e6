import { recoverTypedDataAddress, type Address, type Hex, type TypedDataDefinition } from 'viem';
import type { TypedDataPayload } from '../../domain/steps.ts';
import { viemTypedData } from './viemTypedData.ts';

/**
 * Who signed this exact typed data, as `eth_signTypedData_v4` hashes it, or `null` when the
 * signature recovers to no key over it. `signature` is canonical (canonicalSignature.ts).
 */
export async function recoverTypedDataSigner(typedData: TypedDataPayload, signature: Hex): Promise<Address | null> {
  try {
    return await recoverTypedDataAddress({ ...(viemTypedData(typedData) as TypedDataDefinition), signature });
  } catch {
    return null;
  }
}
