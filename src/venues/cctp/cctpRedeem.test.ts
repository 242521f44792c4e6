import { readFileSync } from 'node:fs';
import { encodeFunctionData, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { whyNotAllowed, type StepRules } from '../../engine/vetSteps.ts';
import type { TokenInfo } from '../../domain/tokens.ts';
import { MESSAGE_TRANSMITTER_V2, TOKEN_MESSENGER_V2, cctpChain, messageTransmitterV2Abi } from './cctpChains.ts';
import { attest } from './cctpFake.ts';
import { addressToBytes32, decodeBurnBody, encodeBurnBody, encodeMessage, type CctpMessage } from './cctpMessage.ts';
import { checkRedeemCall, redeemStep, whyNotOurMint, type ExpectedMint } from './cctpRedeem.ts';
import { RECIPIENT, sourceBurn } from './cctpTestSupport.ts';
import { cctpVenue } from './cctpVenue.ts';

const TX: Hex = `0x${'ab'.repeat(32)}`;
const arbitrum = cctpChain('arbitrum')!;
const base = cctpChain('base')!;
// A manual burn arbitrum → base of 1,000 USDC: no hook, attested by the fake's attester.
const burn = sourceBurn({ src: 3, dst: 6, amount: 1_000_000_000n, maxFee: 120_000n, hookData: '0x' });
const attested = attest(burn, decodeBurnBody(burn.messageBody), TX, 0);
const expected: ExpectedMint = { srcDomain: 3, dstDomain: 6, burnToken: arbitrum.usdc, recipient: RECIPIENT, amount: 1_000_000_000n };

function withHeader(patch: Partial<CctpMessage>): Hex {
  return encodeMessage({ ...attested.header, ...patch });
}
function withBody(patch: Partial<ReturnType<typeof decodeBurnBody>>): Hex {
  return withHeader({ messageBody: encodeBurnBody({ ...decodeBurnBody(attested.header.messageBody), ...patch }) });
}

describe('whether an attested message is this transfer\'s mint', () => {
  it('accepts the attested message of the burn', () => {
    expect(whyNotOurMint(attested.message, expected)).toBeNull();
  });

  it.each([
    ['another destination', withHeader({ destinationDomain: 0 }), /goes to domain 0/],
    ['another source', withHeader({ sourceDomain: 0 }), /comes from domain 0/],
    ['a destination caller', withHeader({ destinationCaller: addressToBytes32('0x9999999999999999999999999999999999999999') }), /may only be received by/],
    ['not attested (zero nonce)', withHeader({ nonce: `0x${'0'.repeat(64)}` }), /no nonce/],
    ['finality below what the destination accepts', withHeader({ finalityThresholdExecuted: 500 }), /finality 500/],
    ['a sender other than TokenMessengerV2', withHeader({ sender: addressToBytes32(MESSAGE_TRANSMITTER_V2) }), /TokenMessengerV2/],
    ['another recipient', withBody({ mintRecipient: addressToBytes32('0x6666666666666666666666666666666666666666') }), /not the recipient/],
    ['another amount', withBody({ amount: 1_000_000_001n }), /moves 1000000001/],
    ['another token', withBody({ burnToken: addressToBytes32(base.usdc) }), /not the source USDC/],
    ['hook data', withBody({ hookData: '0x1234' }), /hook data/],
    ['not a message', '0x1234' as Hex, /not a CCTP v2 burn message/],
  ])('refuses %s', (_name, message, why) => {
    expect(whyNotOurMint(message, expected)).toMatch(why);
  });
});

describe('the redeem allow-list (checked when the worker stores the step and again at submit)', () => {
  const intent = { sourceChainId: arbitrum.chainId, sourceToken: arbitrum.usdc, amount: 1_000_000_000n, recipient: RECIPIENT, destinationChainId: base.chainId };
  const rules: StepRules = { venue: 'cctp', allowList: cctpVenue.allowList!, chainId: arbitrum.chainId, sourceToken: { address: arbitrum.usdc } as TokenInfo, amountIn: 1_000_000_000n, depositAddress: null, feeRecipients: [], intent };
  const step = redeemStep(base.chainId, attested.message, attested.attestation);

  it('allows receiveMessage of this transfer\'s message on the destination', () => {
    expect(checkRedeemCall(step.data, 0n, intent)).toBeNull();
    expect(whyNotAllowed(step, rules)).toBeNull();
  });

  it('refuses it on another chain, with value, without an attestation, or for another transfer', () => {
    expect(whyNotAllowed({ ...step, chainId: arbitrum.chainId }, rules)).toMatch(/not the destination chain 8453/);
    expect(whyNotAllowed({ ...step, value: 1n }, rules)).toMatch(/native units/);
    expect(whyNotAllowed(redeemStep(base.chainId, attested.message, '0x'), rules)).toMatch(/no attestation/);
    expect(whyNotAllowed(step, { ...rules, intent: { ...intent, recipient: '0x6666666666666666666666666666666666666666' } })).toMatch(/not the recipient/);
    expect(whyNotAllowed(step, { ...rules, intent: { ...intent, amount: 999n } })).toMatch(/not the 999 burnt/);
  });

  it('never lets a redeem call a source-side contract, nor a main step call receiveMessage', () => {
    expect(whyNotAllowed({ ...step, to: TOKEN_MESSENGER_V2 }, rules)).toMatch(/not on cctp's allow-list/);
    const usedNonces = encodeFunctionData({ abi: messageTransmitterV2Abi, functionName: 'usedNonces', args: [attested.header.nonce] });
    expect(whyNotAllowed({ ...step, data: usedNonces }, rules)).toMatch(/not on cctp's allow-list/);
    expect(whyNotAllowed({ ...step, step: 'main', chainId: arbitrum.chainId }, rules)).toMatch(/not on cctp's allow-list/);
  });
});

describe('real attested messages of plain burns (fixtures/real: an integrator\'s mainnet logs)', () => {
  const read = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as { message: Hex; attestation: Hex };
  const logRecipient = '0xfD08836eeE6242092a9c869237a8d122275b024A';

  it.each([
    ['message-attested-op-arbitrum-log.json', 'optimism'],
    ['message-attested-ethereum-arbitrum-log.json', 'ethereum'],
  ] as const)('%s is the mint of a 100-unit burn from %s to arbitrum, and nothing else', (file, from) => {
    const { message, attestation } = read(file);
    const source = cctpChain(from)!;
    const mint: ExpectedMint = { srcDomain: source.domain, dstDomain: arbitrum.domain, burnToken: source.usdc, recipient: logRecipient, amount: 100n };
    expect(whyNotOurMint(message, mint)).toBeNull();
    expect(whyNotOurMint(message, { ...mint, amount: 101n })).toMatch(/moves 100/);
    expect(whyNotOurMint(message, { ...mint, recipient: RECIPIENT })).toMatch(/not the recipient/);
    expect(whyNotOurMint(message, { ...mint, dstDomain: base.domain })).toMatch(/goes to domain 3/);
    const intent = { sourceChainId: source.chainId, sourceToken: source.usdc, amount: 100n, recipient: logRecipient, destinationChainId: arbitrum.chainId };
    expect(checkRedeemCall(redeemStep(arbitrum.chainId, message, attestation).data, 0n, intent)).toBeNull();
  });
});
