import { decodeSignedEvmTransaction } from './evm/decodeSignedEvmTransaction.ts';
import { decodeSvmTransaction } from './svm/decodeSvmTransaction.ts';
import { verifySvmSignatures } from './svm/verifySvmSignatures.ts';

/**
 * Who provably signed these bytes: the recovered sender of an EVM transaction (0x-hex), or the fee
 * payer of a fully and validly signed Solana transaction (base64 or hex). `null` when the bytes decode as
 * neither: the caller then knows nothing about the signer.
 *
 * Used before a submit is counted, so a request whose signature proves it comes from the transfer's
 * own requester cannot be refused through a counter strangers can spend.
 */
export async function signerOfSignedTransaction(raw: string): Promise<string | null> {
  if (raw.startsWith('0x')) {
    try {
      return (await decodeSignedEvmTransaction(raw)).from;
    } catch {
      return null;
    }
  }
  // Hex digits are valid base64 too, so both encodings a Solana step may use are tried.
  for (const encoding of ['base64', 'hex'] as const) {
    try {
      const tx = decodeSvmTransaction(raw, encoding);
      if (verifySvmSignatures(tx).length === 0) return tx.staticAccounts[0] ?? null;
    } catch {
      // not this encoding
    }
  }
  return null;
}
