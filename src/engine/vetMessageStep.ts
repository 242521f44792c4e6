import type { MessageStep } from '../domain/steps.ts';
import type { StepRules } from './vetSteps.ts';

/** A venue asking for more is not signing an order; the bound keeps stored steps small. */
const MAX_MESSAGES = 4;
const MAX_MESSAGE_BYTES = 1024;
const HEX = /^0x(?:[0-9a-f]{2})+$/;

/**
 * Why a built `message` step is not allowed, or `null` when it is: `personal_sign` of raw bytes on the
 * source chain, one to four messages of lower-case hex (what Strait stores is what the wallet signs,
 * one spelling only), none a fee (Strait's cuts are transactions), and the venue's allow-list entry
 * for the chain must find in the bytes exactly what the transfer asked. Run at build (a refusal is
 * `502 unsafe_venue_answer`) and again at submit (`409 step_not_allowed`).
 */
export function whyNotAllowedMessage(step: MessageStep, rules: StepRules): string | null {
  if (step.chainId !== rules.chainId) return `asks for a signature on chain ${step.chainId}, not the source chain ${rules.chainId}`;
  if (step.step === 'fee') return 'is a fee paid by signature, which Strait never builds';
  if (step.method !== 'personal_sign') return `asks for a ${String(step.method)} signature; only personal_sign of raw bytes is built`;
  if (!Array.isArray(step.messages) || step.messages.length === 0 || step.messages.length > MAX_MESSAGES) return `asks to sign ${Array.isArray(step.messages) ? step.messages.length : 'no list of'} messages; 1 to ${MAX_MESSAGES} are built`;
  for (const [i, message] of step.messages.entries()) {
    if (typeof message !== 'string' || !HEX.test(message)) return `asks to sign message ${i}, which is not lower-case 0x hex of whole bytes`;
    if ((message.length - 2) / 2 > MAX_MESSAGE_BYTES) return `asks to sign message ${i} of more than ${MAX_MESSAGE_BYTES} bytes`;
  }
  const entry = (rules.allowList.messages ?? []).find((e) => e.chainId === rules.chainId);
  if (!entry) return `asks to sign messages, which ${rules.venue} may not ask for on chain ${rules.chainId}`;
  if (!rules.intent) return 'asks to sign messages, which Strait must check against the transfer, without the transfer\'s details';
  return entry.check(step.messages, rules.intent);
}
