import { getAddress, type Hex } from 'viem';
import { canonicalSignature } from '../chains/eip712/canonicalSignature.ts';
import { compareTypedData, type TypedDataMismatch } from '../chains/eip712/compareTypedData.ts';
import { recoverTypedDataSigner } from '../chains/eip712/recoverTypedDataSigner.ts';
import { compareMessages } from '../chains/message/compareMessages.ts';
import { recoverMessageSigner } from '../chains/message/recoverMessageSigner.ts';
import type { StoredStep } from '../store/transferRepository.ts';
import type { CallContext, Venue, VenueSignatureReceipt } from '../venues/Venue.ts';
import type { StepKind, JsonObject } from '../domain/steps.ts';
import { storedEip712Step } from './storedEip712Step.ts';
import { storedMessageStep } from './storedMessageStep.ts';

export type ParsedSignatures = { readonly ok: true; readonly signatures: readonly Hex[] } | { readonly ok: false; readonly reason: string };

/** What the venue is handed once the signatures verified. */
export interface Forwarding {
  readonly step: StepKind;
  readonly stored: StoredStep;
  readonly signatures: readonly Hex[];
  readonly signer: string;
  readonly context: JsonObject;
}

/**
 * How one kind of signature step is signed and checked: the shared submit machinery
 * (submitSignatureStep.ts: claim, idempotency, forwarding once) asks it only these questions.
 */
export interface SignatureForm {
  /** The `vm` it serves, as stored. */
  readonly vm: 'eip712' | 'message';
  /** The body field a client may send its copy of what it signed in. */
  readonly copyField: 'typedData' | 'messages';
  /** The wallet's `signedTransaction` as canonical signatures, in the step's order. */
  parse(signedTransaction: string, stored: StoredStep): ParsedSignatures;
  /** Where the client's copy differs from the stored step (empty: the same). */
  compareCopy(stored: StoredStep, copy: unknown): TypedDataMismatch[];
  /** The first signature not the owner's over the stored step, as a mismatch, or `null` when all are. */
  wrongSigner(stored: StoredStep, signatures: readonly Hex[], owner: string): Promise<TypedDataMismatch | null>;
  /** Whether the venue can take this form at all. */
  canForward(venue: Venue | undefined): boolean;
  forward(venue: Venue, forwarding: Forwarding, call: CallContext): Promise<VenueSignatureReceipt>;
}

/** `eth_signTypedData_v4` of the stored typed data: one signature. */
export const typedDataForm: SignatureForm = {
  vm: 'eip712',
  copyField: 'typedData',
  parse(signedTransaction) {
    const canonical = canonicalSignature(signedTransaction);
    return canonical.ok ? { ok: true, signatures: [canonical.signature] } : canonical;
  },
  compareCopy: (stored, copy) => compareTypedData(storedEip712Step(stored).typedData, copy),
  async wrongSigner(stored, [signature], owner) {
    const signer = await recoverTypedDataSigner(storedEip712Step(stored).typedData, signature!);
    return signer === owner ? null : { field: 'signer', expected: owner, actual: signer ?? 'none' };
  },
  canForward: (venue) => venue?.submitSignature !== undefined,
  forward: (venue, f, call) => venue.submitSignature!({ step: f.step, typedData: storedEip712Step(f.stored).typedData, signature: f.signatures[0]!, signer: f.signer, context: f.context }, call),
};

/** `personal_sign` of each stored message: one signature per message, comma-separated, in order. */
export const messageForm: SignatureForm = {
  vm: 'message',
  copyField: 'messages',
  parse(signedTransaction, stored) {
    const expected = storedMessageStep(stored).messages.length;
    const parts = signedTransaction.split(',').map((p) => p.trim());
    if (parts.length !== expected) return { ok: false, reason: `this step signs ${expected} message${expected === 1 ? '' : 's'}: give ${expected} signature${expected === 1 ? '' : 's'}, comma-separated in the order of \`messages\`, not ${parts.length}` };
    const signatures: Hex[] = [];
    for (const [i, part] of parts.entries()) {
      const canonical = canonicalSignature(part);
      if (!canonical.ok) return { ok: false, reason: expected === 1 ? canonical.reason : `signature ${i}: ${canonical.reason}` };
      signatures.push(canonical.signature);
    }
    return { ok: true, signatures };
  },
  compareCopy: (stored, copy) => compareMessages(storedMessageStep(stored).messages, copy),
  async wrongSigner(stored, signatures, owner) {
    const { messages } = storedMessageStep(stored);
    for (const [i, message] of messages.entries()) {
      const signer = await recoverMessageSigner(message, signatures[i]!);
      if (signer !== owner) return { field: `signatures[${i}].signer`, expected: owner, actual: signer ?? 'none' };
    }
    return null;
  },
  canForward: (venue) => venue?.submitMessageSignatures !== undefined,
  forward: (venue, f, call) => venue.submitMessageSignatures!({ step: f.step, messages: storedMessageStep(f.stored).messages, signatures: f.signatures, signer: f.signer, context: f.context }, call),
};

export function signatureFormOf(vm: string): SignatureForm | null {
  return vm === 'eip712' ? typedDataForm : vm === 'message' ? messageForm : null;
}

/** Checksummed, so recovered addresses compare by `===`. */
export const ownerOf = (wallet: string): string => getAddress(wallet);
