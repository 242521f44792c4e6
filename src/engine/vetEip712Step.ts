import { whyMalformedTypedData } from '../chains/eip712/whyMalformedTypedData.ts';
import { integerOf } from '../chains/eip712/typedDataValues.ts';
import type { Eip712Step } from '../domain/steps.ts';
import type { AllowedTypedData } from '../venues/allowList.ts';
import type { StepRules } from './vetSteps.ts';

/**
 * Why a built signature step is not allowed, or `null` when it is: the typed data must be
 * well-formed (whyMalformedTypedData.ts), signed on the source chain, name a domain and primary type
 * the venue's allow-list names, and pass that domain's check of the message against the transfer.
 * Strait's own cuts are never signatures, so an `eip712` fee step is refused. Run at build (a
 * refusal is `502 unsafe_venue_answer`) and again at submit (`409 step_not_allowed`).
 */
export function whyNotAllowedEip712(step: Eip712Step, rules: StepRules): string | null {
  if (step.chainId !== rules.chainId) return `asks for a signature on chain ${step.chainId}, not the source chain ${rules.chainId}`;
  if (step.step === 'fee') return 'is a fee paid by signature, which Strait never builds';
  const malformed = whyMalformedTypedData(step.typedData);
  if (malformed !== null) return `asks to sign typed data that ${malformed}`;
  const { domain, primaryType } = step.typedData;
  const entries = (rules.allowList.typedData ?? []).filter((entry) => entry.chainId === rules.chainId && sameDomain(entry.domain, domain));
  if (entries.length === 0) return `asks to sign for domain ${describe(domain)}, which is not on ${rules.venue}'s allow-list for chain ${rules.chainId}`;
  const allowed = entries.find((entry) => entry.primaryTypes.includes(primaryType));
  if (!allowed) return `asks to sign a ${primaryType}, which ${rules.venue} may not ask for in domain ${describe(domain)}`;
  if (!allowed.check) return null;
  return rules.intent ? allowed.check(step.typedData, rules.intent) : `asks to sign a ${primaryType}, whose message Strait must check against the transfer, without the transfer's details`;
}

const KEYS = ['name', 'version', 'chainId', 'verifyingContract', 'salt'] as const;

/** Field for field: the same keys, equal values (chain ids as integers, hex in any case). */
function sameDomain(allowed: AllowedTypedData['domain'], domain: Eip712Step['typedData']['domain']): boolean {
  return KEYS.every((key) => {
    const want = allowed[key];
    const have = domain[key];
    if (want === undefined || have === undefined) return want === undefined && have === undefined;
    if (key === 'chainId') return integerOf(have) === BigInt(want);
    if (key === 'verifyingContract' || key === 'salt') return typeof have === 'string' && have.toLowerCase() === String(want).toLowerCase();
    return have === want;
  });
}

function describe(domain: Eip712Step['typedData']['domain']): string {
  return JSON.stringify(domain).slice(0, 300);
}
