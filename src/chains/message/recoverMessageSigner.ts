import { recoverMessageAddress, type Address, type Hex } from 'viem';

/**
 * Who signed these raw bytes with EIP-191 `personal_sign`, or `null` when the signature recovers to
 * no key over them. `signature` is canonical (eip712/canonicalSignature.ts: the same ECDSA rules).
 */
export async function recoverMessageSigner(message: Hex, signature: Hex): Promise<Address | null> {
  try {
    return await recoverMessageAddress({ message: { raw: message }, signature });
  } catch {
    return null;
  }
}
