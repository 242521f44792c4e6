import { describe, expect, it } from 'vitest';
import type { MessageStep } from '../domain/steps.ts';
import { resolveToken } from '../domain/tokens.ts';
import { whyNotAllowedMessage } from './vetMessageStep.ts';
import type { StepRules } from './vetSteps.ts';

/** The build-and-submit check of a `message` step, each refusal on its own. */

const intent = { sourceChainId: 8453, sourceToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', amount: 5n, recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', destinationChainId: 42161 };
const rules = (check: (m: readonly string[]) => string | null = () => null, withIntent = true): StepRules => ({
  venue: 'meson',
  allowList: { calls: [], transferRecipients: [], messages: [{ chainId: 8453, check }] },
  chainId: 8453,
  sourceToken: resolveToken('base', 'USDC')!,
  amountIn: 5n,
  depositAddress: null,
  feeRecipients: [],
  ...(withIntent ? { intent } : {}),
});
const step = (over: Partial<MessageStep> = {}): MessageStep => ({ vm: 'message', step: 'main', chainId: 8453, method: 'personal_sign', messages: ['0x0102', '0x010203'], ...over });

describe('whyNotAllowedMessage', () => {
  it('allows personal_sign of lower-case hex on the source chain that the venue check accepts', () => {
    expect(whyNotAllowedMessage(step(), rules())).toBeNull();
  });
  it.each<[string, MessageStep, StepRules, RegExp]>([
    ['another chain', step({ chainId: 1 }), rules(), /not the source chain/],
    ['a fee', step({ step: 'fee' }), rules(), /fee paid by signature/],
    ['another method', step({ method: 'eth_sign' as 'personal_sign' }), rules(), /only personal_sign/],
    ['no message', step({ messages: [] }), rules(), /0 messages/],
    ['five messages', step({ messages: ['0x01', '0x02', '0x03', '0x04', '0x05'] }), rules(), /5 messages/],
    ['upper-case hex', step({ messages: ['0xAB'] }), rules(), /lower-case 0x hex/],
    ['half a byte', step({ messages: ['0xabc'] }), rules(), /whole bytes/],
    ['a message over 1 KiB', step({ messages: [`0x${'00'.repeat(1025)}`] }), rules(), /more than 1024 bytes/],
    ['no allow-list entry for the chain', step(), { ...rules(), allowList: { calls: [], transferRecipients: [] } }, /may not ask for/],
    ['no transfer to compare with', step(), rules(() => null, false), /without the transfer's details/],
    ['the venue check refusing', step(), rules(() => 'releases to someone else'), /someone else/],
  ])('refuses %s', (_, s, r, why) => {
    expect(whyNotAllowedMessage(s, r)).toMatch(why);
  });
});
