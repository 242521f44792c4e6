import { base64 } from '@scure/base';
import { decodeSvmTransaction, type DecodedSvmTransaction } from '../../chains/svm/decodeSvmTransaction.ts';
import type { SvmStep } from '../../domain/steps.ts';
import type { CallIntent } from '../allowList.ts';
import { VenueRejection } from '../Venue.ts';
import { dlnSolanaOrderOf, whyNotDlnSolanaOrder } from './dlnSolanaOrder.ts';

export interface DebridgeSolanaExpectation {
  /** The Solana wallet that must pay for and alone sign the transaction (base58). */
  readonly sender: string;
  /** What the order must promise, as quoted: the EVM token and amount it takes. */
  readonly takeToken: string;
  readonly takeAmount: bigint;
  /** The exact amount the order gives (`srcChainTokenInAmount` asked). */
  readonly giveAmount: bigint;
  readonly intent: CallIntent;
}

/**
 * The `svm` step of a deBridge Solana-source answer. For a Solana source `create-tx` answers `tx`
 * with `data` alone: a 0x-hex serialized VersionedTransaction (docs.debridge.com, "Submitting the
 * transaction", Solana). It is decoded and must be a transaction the sender alone signs and pays for,
 * placing exactly the order quoted (dlnSolanaOrder.ts); the engine then checks its programs against
 * the allow-list. Handed out as base64 with `refreshBlockhash`: deBridge's blockhash is stale by the
 * time a wallet signs, and its integration guide has the wallet set a fresh one.
 */
export function debridgeSolanaStep(data: string, expected: DebridgeSolanaExpectation): SvmStep {
  if (!/^0x([0-9a-fA-F]{2})+$/.test(data)) throw unsafe(`deBridge's Solana transaction is not 0x-hex ('${data.slice(0, 16)}')`);
  let tx: DecodedSvmTransaction;
  try {
    tx = decodeSvmTransaction(data, 'hex');
  } catch (error) {
    throw unsafe(`deBridge's Solana transaction cannot be read: ${(error as Error).message}`);
  }
  if (tx.header.numRequiredSignatures !== 1 || tx.staticAccounts[0] !== expected.sender) {
    throw unsafe(`deBridge's Solana transaction is paid for by ${tx.staticAccounts[0] ?? 'nobody'} with ${tx.header.numRequiredSignatures} signer(s), not by the sender ${expected.sender} alone`);
  }
  // The engine reads the lookup tables after this and checks a mint loaded from one then.
  const why = whyNotDlnSolanaOrder(tx, expected.intent, 'checked-later');
  if (why !== null) throw unsafe(`deBridge's Solana transaction ${why}`);
  const order = dlnSolanaOrderOf(tx);
  if (typeof order === 'string') throw unsafe(`deBridge's Solana transaction ${order}`);
  if (order.giveAmount !== expected.giveAmount) throw unsafe(`deBridge's order gives ${order.giveAmount}, not the ${expected.giveAmount} asked`);
  if (order.takeToken.toLowerCase() !== expected.takeToken.toLowerCase()) throw unsafe(`deBridge's order takes ${order.takeToken}, not ${expected.takeToken}`);
  if (order.takeAmount !== expected.takeAmount) throw unsafe(`deBridge's order takes ${order.takeAmount}, not the ${expected.takeAmount} it quoted`);
  // The patch authority may lower what the order takes; only the sender may hold it.
  if (order.givePatchAuthoritySrc !== expected.sender) throw unsafe(`deBridge's order names ${order.givePatchAuthoritySrc} as its source authority, not the sender`);
  const bytes = Uint8Array.from(Buffer.from(data.slice(2), 'hex'));
  return { vm: 'svm', step: 'main', serializedTx: base64.encode(bytes), encoding: 'base64', refreshBlockhash: true };
}

function unsafe(message: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path: '/tx/data' });
}
